"""Profiles of the SDK's side of S1, S1b, S2 and S5: ``python benchmarks/profile_runtime.py s1``.

Runs one scenario of ``bench_runtime.py`` (the SDK only, against the same stand-in CLI) ``--repeat`` times
after a warm-up, under one of two profilers:

* ``--profiler cprofile`` (the default): deterministic, every call counted (which inflates the cost of
  small functions); prints the functions with the most own time and the most cumulative time;
* ``--profiler layers``: no profiler, but the cost per line of each layer the SDK stacks on the floor,
  timed in this process on the stand-in's own bytes cut into 64 KiB chunks (best of 7): splitting,
  ``orjson.loads``, ``wire.decode_line``, the sans-IO ``Connection`` (framing, decoding, events), and that
  plus a deque hand-off to a consumer; then the whole SDK (S1/S1b wall time per line, median of 3);
* ``--profiler py-spy``: sampling (``py-spy record``, 1,000 samples per second, native frames off); runs
  this script again under py-spy and prints the functions with the most own and inclusive samples.
  Needs ``py-spy`` (``pip install py-spy``) and permission to trace a child process.

``benchmarks/PROFILE.md`` records what these show.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import math
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import bench_runtime as bench
import orjson
import trio

from trio_claude import AssistantMessage, StreamEvent, protocol, wire

SCENARIOS = ("s1", "s1b", "s2", "s5")
CHUNK = 1 << 16


def turn_bytes(mode: str, count: int) -> bytes:
    """The bytes the stand-in writes for one turn of ``mode``."""
    sys.path.insert(0, str(Path(bench.STANDIN).parent))
    import standin_cli

    return standin_cli.StandIn(mode, count, None).turn_bytes


def best_per_line(action: Callable[[], int], repeat: int = 7) -> float:
    """The best time of ``action`` (which returns how many lines it handled) per line, in µs."""
    best = math.inf
    lines = 1
    for _ in range(repeat):
        gc.disable()
        start = time.perf_counter()
        lines = action()
        best = min(best, time.perf_counter() - start)
        gc.enable()
    return best / lines * 1e6


def layers(scenario: str, standins: bench.StandIns, quick: bool) -> str:
    config = bench.QUICK if quick else bench.FULL
    if scenario in ("s2", "s5"):
        return "layers: S1 and S1b only"
    mode, count, kind = (
        ("stream", config.stream_events, StreamEvent)
        if scenario == "s1"
        else ("assistant", config.assistant_lines, AssistantMessage)
    )
    data = turn_bytes(mode, count)
    chunks = [data[i : i + CHUNK] for i in range(0, len(data), CHUNK)]
    lines = data.split(b"\n")[:-1]

    def split() -> int:
        n, tail = 0, b""
        for chunk in chunks:
            *complete, tail = (tail + chunk).split(b"\n")
            n += len(complete)
        return n

    def loads() -> int:
        n, tail = 0, b""
        for chunk in chunks:
            *complete, tail = (tail + chunk).split(b"\n")
            for line in complete:
                orjson.loads(line)
            n += len(complete)
        return n

    def decode() -> int:
        for line in lines:
            wire.decode_line(line)
        return len(lines)

    def connection(hand_off: bool = False) -> int:
        conn = protocol.Connection()
        queue: deque[object] = deque()
        n = 0
        for chunk in chunks:
            conn.receive_data(chunk)
            while (event := conn.next_event()) is not protocol.NEED_DATA:
                n += 1
                if hand_off:
                    queue.append(event.message)  # type: ignore[union-attr]
            while queue:
                queue.popleft()
        return n

    def batches() -> int:
        conn = protocol.Connection()
        queue: deque[object] = deque()
        batch: list[Any] = []
        n = 0
        for chunk in chunks:
            conn.receive_data(chunk)
            while True:
                event = conn.next_messages(batch)
                n += len(batch) + (event is not protocol.NEED_DATA)
                queue.extend(batch)
                batch.clear()
                if event is protocol.NEED_DATA:
                    break
            while queue:
                queue.popleft()
        return n

    wire.decode_line(lines[-1])  # build the converter's functions first
    figures = {
        "split 64 KiB chunks into lines": best_per_line(split),
        "+ orjson.loads per line (the floor's work)": best_per_line(loads),
        "wire.decode_line per line (orjson + typed objects)": best_per_line(decode),
        "protocol.Connection: framing + decode + events": best_per_line(connection),
        "+ deque hand-off to a consumer": best_per_line(lambda: connection(hand_off=True)),
        "protocol.Connection.next_messages + deque hand-off": best_per_line(batches),
    }
    cli = standins.cli(mode)
    trio.run(bench.sdk_turn, cli, 100, kind)
    sdk = statistics.median(trio.run(bench.sdk_turn, cli, count, kind).wall for _ in range(3))
    floor = statistics.median(
        bench.floor_turn(cli, count, mode if mode == "assistant" else "stream_event").wall for _ in range(3)
    )
    figures["the floor (blocking reads, wall)"] = floor / count * 1e6
    figures["the SDK (session, consumer, wall)"] = sdk / count * 1e6
    out = [f"{scenario}: {count:,} lines, {len(data) / len(lines):.0f} B each; µs per line"]
    out += [f"{value:8.2f}  {name}" for name, value in figures.items()]
    return "\n".join(out)


def run_scenario(scenario: str, standins: bench.StandIns, repeat: int, quick: bool) -> None:
    config = bench.QUICK if quick else bench.FULL
    if scenario == "s1":
        cli, count = standins.cli("stream"), config.stream_events
        trio.run(bench.sdk_turn, cli, 100, StreamEvent)
        for _ in range(repeat):
            trio.run(bench.sdk_turn, cli, count, StreamEvent)
    elif scenario == "s1b":
        cli, count = standins.cli("assistant"), config.assistant_lines
        trio.run(bench.sdk_turn, cli, 100, AssistantMessage)
        for _ in range(repeat):
            trio.run(bench.sdk_turn, cli, count, AssistantMessage)
    elif scenario == "s2":  # the can_use_tool round trips, timed by the stand-in (the report is dropped)
        cli, count = standins.cli("permission"), config.round_trips
        trio.run(bench.sdk_permissions, cli, 10, standins.report_path())
        for _ in range(repeat):
            trio.run(bench.sdk_permissions, cli, count, standins.report_path())
    else:
        cli = standins.cli("stream")
        trio.run(bench.sdk_many, cli, 2, 100)
        for _ in range(repeat):
            trio.run(bench.sdk_many, cli, config.s5_sessions, config.s5_events)


def cprofile(scenario: str, standins: bench.StandIns, repeat: int, quick: bool, limit: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    run_scenario(scenario, standins, repeat, quick)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(limit)
    stats.sort_stats("cumtime").print_stats(limit)
    return out.getvalue()


def pyspy(scenario: str, repeat: int, quick: bool, limit: int) -> str:
    binary = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(binary).exists():
        raise SystemExit("py-spy is not installed (pip install py-spy)")
    with tempfile.TemporaryDirectory(prefix="trio-claude-pyspy-") as scratch:
        raw = Path(scratch) / "stacks.txt"
        command = [sys.executable, __file__, scenario, "--repeat", str(repeat), "--profiler", "none"]
        record = [binary, "record", "--rate", "1000", "--format", "raw", "--output", str(raw), "--", *command]
        subprocess.run(record + (["--quick"] if quick else []), check=True, stdout=subprocess.DEVNULL)
        return summarise_stacks(raw.read_text(), limit)


def summarise_stacks(collapsed: str, limit: int) -> str:
    """Own and inclusive samples per function from py-spy's collapsed stacks (``frame;frame;… count``),
    counting only the trio run loop's busy samples: not imports and set-up before ``trio.run``, not trio's
    idle worker threads, not the loop's waits in ``epoll``."""
    own: Counter[str] = Counter()
    own_functions: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    total = busy = idle = 0
    for line in collapsed.splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        total += count
        if "unrolled_run" not in stack:
            continue
        if "get_events" in stack:
            idle += count
            continue
        busy += count
        frames = [frame.split(" (")[0] + " " + location(frame) for frame in stack.split(";")]
        own[frames[-1]] += count
        own_functions[
            frames[-1].partition(" (")[0] + " (" + frames[-1].partition(" (")[2].split(":")[0] + ")"
        ] += count
        for frame in set(frames):
            inclusive[frame] += count
    lines = [
        f"{total} samples; in trio's run loop {busy} busy and {idle} waiting in epoll; "
        "percentages of the busy ones"
    ]
    for title, counter in (
        ("function, own", own_functions),
        ("line, own", own),
        ("line, inclusive", inclusive),
    ):
        lines.append(f"\nby {title} samples:")
        lines += [f"{n / max(busy, 1):6.1%}  {frame}" for frame, n in counter.most_common(limit)]
    return "\n".join(lines)


def location(frame: str) -> str:
    """``(file.py:line)`` of a py-spy frame ``name (path:line)``, with the path shortened to its file."""
    _, _, where = frame.partition(" (")
    path, _, line = where.rstrip(")").rpartition(":")
    return f"({os.path.basename(path)}:{line})" if path else ""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("scenario", choices=SCENARIOS)
    parser.add_argument("--profiler", choices=("cprofile", "py-spy", "layers", "none"), default="cprofile")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs after the warm-up (default 3)")
    parser.add_argument("--limit", type=int, default=30, help="functions to list (default 30)")
    parser.add_argument("--quick", action="store_true", help="bench_runtime's --quick counts")
    args = parser.parse_args(argv)
    if args.profiler == "py-spy":
        print(pyspy(args.scenario, args.repeat, args.quick, args.limit))
        return 0
    with tempfile.TemporaryDirectory(prefix="trio-claude-profile-") as scratch:
        standins = bench.StandIns(Path(scratch))
        if args.profiler == "layers":
            print(layers(args.scenario, standins, args.quick))
        elif args.profiler == "none":
            run_scenario(args.scenario, standins, args.repeat, args.quick)
        else:
            print(cprofile(args.scenario, standins, args.repeat, args.quick, args.limit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
