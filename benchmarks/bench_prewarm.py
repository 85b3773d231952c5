"""What a pre-warmed spare saves: time to the first result of a one-prompt session, cold
(:func:`open_query` starts the CLI) against warm (:meth:`SpareProcess.claim` of a spare parked earlier).

Runs the real CLI offline against the scripted Messages API (so the model answers at once and what is left
is the CLI's start-up), each kind ``--rounds`` times, alternating, and prints the medians.  Run it from the
repository with ``./dev python benchmarks/bench_prewarm.py`` (``TRIO_CLAUDE_CLI`` names the CLI).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import trio

from trio_claude import ClaimOptions, ClaudeAgentOptions, ResultMessage, open_query, prewarm
from trio_claude.testing import MessagesAPI, serve_messages_api, text_turn


async def _cold(api: MessagesAPI, home: Path, project: Path) -> float:
    api.add_steps(text_turn("cold"))
    options = ClaudeAgentOptions(cwd=project, env=api.cli_env(home))
    start = time.perf_counter()
    async with open_query("hi", options) as query:
        async for message in query:
            if isinstance(message, ResultMessage):
                return time.perf_counter() - start
    raise AssertionError("no result")


def _rss_mb(pid: int | None) -> float | None:
    """The resident memory of process ``pid`` (Linux ``/proc``), or ``None``."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


async def _warm(api: MessagesAPI, home: Path, project: Path, parked: float, rss: list[float]) -> float:
    api.add_steps(text_turn("warm"))
    async with prewarm(ClaudeAgentOptions(env=api.cli_env(home))) as spare:
        await trio.sleep(parked)  # the spare waits for a user to pick a folder
        resident = _rss_mb(spare._core.process.pid)  # pyright: ignore[reportPrivateUsage]
        if resident is not None:
            rss.append(resident)
        start = time.perf_counter()
        async with spare.claim("hi", ClaimOptions(cwd=project)) as query:
            async for message in query:
                if isinstance(message, ResultMessage):
                    return time.perf_counter() - start
    raise AssertionError("no result")


async def main(rounds: int, parked: float) -> None:
    cold: list[float] = []
    warm: list[float] = []
    rss: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        home, project = Path(tmp, "home"), Path(tmp, "project")
        await trio.Path(home).mkdir()
        await trio.Path(project).mkdir()
        async with serve_messages_api() as api:
            for _ in range(rounds):
                cold.append(await _cold(api, home, project))
                warm.append(await _warm(api, home, project, parked, rss))
    cold_ms, warm_ms = statistics.median(cold) * 1000, statistics.median(warm) * 1000
    saved, ratio = cold_ms - warm_ms, cold_ms / warm_ms
    print(f"time to first result, median of {rounds}: cold open_query {cold_ms:.0f} ms, ", end="")
    print(f"claim of a warm spare {warm_ms:.0f} ms (saves {saved:.0f} ms, {ratio:.1f} times faster)")
    print("cold:", " ".join(f"{t * 1000:.0f}" for t in cold), "ms")
    print("warm:", " ".join(f"{t * 1000:.0f}" for t in warm), "ms")
    if rss:
        print(f"a parked spare's resident memory: {statistics.median(rss):.0f} MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--parked", type=float, default=1.0, help="seconds each spare stays parked")
    args = parser.parse_args()
    trio.run(main, args.rounds, args.parked)
    sys.exit(0)
