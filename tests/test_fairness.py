"""Fairness: a session flooded with events must not starve another session of the same trio run.

The router reads a chunk at a time and every read is a checkpoint, so a flood of stream events shares the
loop with everything else.  A later optimisation that batches more work between checkpoints must keep that:
here one session reads 200,000 stream events while a second one answers ``can_use_tool`` requests, and the
flood may make little progress between two of the second session's answers.  The measure is how far the
flood got between answers (deterministic enough for CI), plus a generous bound on the answers' latency.

The CLIs are ``benchmarks/standin_cli.py`` (built never to be the bottleneck: each turn's bytes are made
before it starts and written with large blocking writes).
"""

from __future__ import annotations

import itertools
import json
import shlex
import statistics
import sys
from pathlib import Path

import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    StreamEvent,
    ToolPermissionContext,
    open_session,
)
from trio_claude.model import JSONObject

STANDIN = Path(__file__).resolve().parent.parent / "benchmarks" / "standin_cli.py"
FLOOD = 200_000
ROUND_TRIPS = 100
#: How many flood events may pass between two answers of the other session: a tenth of the flood at worst,
#: 5,000 as a rule.  Fair scheduling (a checkpoint per 64 KiB chunk, about 200 events) gives about 1,000
#: (median) and 2,500 (worst); a router reading 10 chunks per checkpoint gave a median of 9,000 while the
#: flood lasted, and one that read 200 let the whole flood pass before the first answer.
MAX_GAP = FLOOD // 10
MEDIAN_GAP = 5_000


def standin(directory: Path, mode: str) -> Path:
    """A wrapper script (``cli_path`` is one executable) that runs the stand-in CLI in ``mode``."""
    path = directory / f"claude-{mode}"
    python = shlex.quote(sys.executable)
    path.write_text(f'#!/bin/sh\nexec {python} -S {shlex.quote(str(STANDIN))} {mode} "$@"\n')
    path.chmod(0o755)
    return path


def env(count: int, report: Path | None = None) -> dict[str, str]:
    settings = {"STANDIN_COUNT": str(count), "CLAUDE_CODE_SDK_READS_SESSION_STATE": "1"}
    if report is not None:
        settings["STANDIN_REPORT"] = str(report)
    return settings


@pytest.mark.wall_clock
async def test_a_flooding_session_does_not_starve_another_sessions_control_round_trips(
    tmp_path: Path,
) -> None:
    flooded = 0  # stream events the flooding session's consumer has read so far
    flood_started = trio.Event()
    seen_at_answers: list[int] = []  # ``flooded`` each time the other session answered a request
    report = tmp_path / "latencies.json"

    async def flood() -> None:
        nonlocal flooded
        options = ClaudeAgentOptions(
            cli_path=standin(tmp_path, "stream"), include_partial_messages=True, env=env(FLOOD)
        )
        async with open_session(options) as session:
            await session.send("flood")
            async for message in session.receive_response():
                if isinstance(message, StreamEvent):
                    flooded += 1
                    if flooded == 1_000:
                        flood_started.set()
                elif isinstance(message, ResultMessage):
                    assert not message.is_error

    async def allow(
        tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        seen_at_answers.append(flooded)
        return PermissionResultAllow()

    async def ask() -> None:
        options = ClaudeAgentOptions(
            cli_path=standin(tmp_path, "permission"), can_use_tool=allow, env=env(ROUND_TRIPS, report)
        )
        async with open_session(options) as session:
            await flood_started.wait()
            seen_at_answers.append(flooded)  # where the flood was when the requests began
            await session.send("ask")
            async for message in session.receive_response():
                if isinstance(message, ResultMessage):
                    assert not message.is_error

    with trio.fail_after(120):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(flood)
            nursery.start_soon(ask)

    # Nothing lost on either side.
    assert flooded == FLOOD
    latencies: list[float] = json.loads(report.read_text())["latencies"]
    assert len(latencies) == ROUND_TRIPS == len(seen_at_answers) - 1
    # The requests were answered while the flood went on, never held back behind it: the flood read
    # little between two answers, as a rule (the median, which a moment's scheduling hiccup does not move)
    # and at worst.
    assert seen_at_answers[0] < FLOOD, "the flood ended before the other session started"
    gaps = [later - earlier for earlier, later in itertools.pairwise(seen_at_answers)]
    during = [gap for gap, seen in zip(gaps, seen_at_answers[1:], strict=True) if seen < FLOOD]
    assert len(during) >= 5, f"only {len(during)} answers while the flood went on: {seen_at_answers}"
    assert statistics.median(during) <= MEDIAN_GAP, f"median gap {statistics.median(during):,}: {gaps}"
    assert max(gaps) <= MAX_GAP, f"the flood read {max(gaps):,} events between two answers: {gaps}"
    # A generous bound (the stand-in times each request from writing it to reading the answer).
    assert statistics.median(latencies) < 0.5, latencies
