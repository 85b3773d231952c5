"""Runtime benchmark of the session layer against a stand-in CLI: ``python benchmarks/bench_runtime.py``.

Every figure is a ratio to a *floor* measured in the same run, against the same stand-in CLI
(``benchmarks/standin_cli.py``), so a noisy machine moves both sides together.  The floor is the least any
Python reader can do with the CLI's output: a blocking loop that reads the pipe in 64 KiB chunks
(``os.read``), splits them into lines and calls ``orjson.loads`` once per line (and, for S2, answers with
``orjson.dumps`` and ``os.write``).  The *raw* floor only reads the bytes and counts newlines: it shows
that the stand-in CLI and the pipe are never the bottleneck.

S1
    100,000 ``stream_event`` lines (~300 B ``text_delta`` events, ``include_partial_messages=True``) read by
    a consumer iterating ``session.receive_response()``: wall time from sending the prompt to the
    ``result``.  Target ≤ 2.0 times the floor (aim 1.5).  The note also gives this process's CPU time over
    the same stretch, steadier than wall time on a busy machine.
S1b
    20,000 ``assistant`` lines of ~2 KB (a ``text`` and a ``tool_use`` block each), the same way.  Target
    ≤ 1.5 times.
S2
    5,000 sequential ``can_use_tool`` round trips timed by the stand-in (from writing the request to reading
    the answer): the SDK with a trivial callback against the floor's blocking answer loop.  p50, target
    ≤ 2.0 times.
S5
    100 sessions at once, 2,000 ``stream_event`` lines each: CPU time (user+sys, ``getrusage``) of this
    process, from starting the CLIs to reaping them, against the floor reading the 100 pipes with
    ``selectors``.  Target ≤ 3 times.
S6
    A turn that never ends by itself, cancelled after 0.2 s: time from the cancellation (the deadline) until
    the ``async with open_session(...)`` block has exited and the CLI is reaped, for a ``move_on_after``
    around the iteration (then leaving the block) and for a cancel scope around the whole block.  Target
    ≤ 0.25 s, with a graceful end (the stand-in got ``interrupt`` and stdin EOF and exited 0).
scale
    1,000 sessions open at once, one short turn each: this process's CPU time per session, and the growth of
    its resident memory (``VmRSS``) per session while all of them are open.  For information.

S1, S1b and S2 also show a *trio floor* for information: the same loop written on trio
(``trio.lowlevel.open_process``, ``receive_some``, ``split``, ``orjson.loads``, ``send_all``), i.e. what
running on trio at all costs.  Each row is the median of several runs, the readers taking turns.

``--quick`` divides the counts by 10 (fewer runs) for a smoke test; ``--check`` exits 1 when a target is
missed (otherwise the exit status says nothing about the figures).  ``benchmarks/run_all.py`` runs this and
``bench_import.py`` and prints the summary table.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import platform
import resource
import selectors
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import deque
from collections.abc import Callable, Generator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import attrs
import official  # benchmarks/ is on the path: this script's folder
import orjson
import realistic  # benchmarks/ is on the path: this script's folder
import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    ClaudeSession,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    StreamEvent,
    ToolPermissionContext,
    open_session,
)
from trio_claude.model import JSONObject, Message

STANDIN = Path(__file__).resolve().parent / "standin_cli.py"
FLAGS = ("--output-format", "stream-json", "--verbose", "--input-format", "stream-json")
INITIALIZE = b'{"type":"control_request","request_id":"req_1_bench","request":{"subtype":"initialize"}}\n'
PROMPT = (
    b'{"type":"user","message":{"role":"user","content":"go"},"parent_tool_use_id":null,"session_id":""}\n'
)
RESULT_MARK = b'{"type":"result"'  # how every result line starts (the stand-in writes compact JSON)
CHUNK = 1 << 16

if sys.version_info < (3, 11):
    from exceptiongroup import BaseExceptionGroup

T = TypeVar("T")
X = "\N{MULTIPLICATION SIGN}"
S6_DELAY = 0.2
S6_TARGET = 0.25


@attrs.frozen
class Config:
    stream_events: int
    assistant_lines: int
    round_trips: int
    s5_sessions: int
    s5_events: int
    scale_sessions: int
    runs: int
    s2_runs: int
    s5_runs: int
    cancel_runs: int


FULL = Config(
    stream_events=100_000,
    assistant_lines=20_000,
    round_trips=5_000,
    s5_sessions=100,
    s5_events=2_000,
    scale_sessions=1_000,
    runs=5,
    s2_runs=3,
    s5_runs=3,
    cancel_runs=5,
)
SMOKE = Config(
    stream_events=500,
    assistant_lines=100,
    round_trips=20,
    s5_sessions=2,
    s5_events=100,
    scale_sessions=3,
    runs=1,
    s2_runs=1,
    s5_runs=1,
    cancel_runs=1,
)
"""Tiny counts, one run each: that every scenario still runs (tests/test_bench_runtime_smoke.py)."""
QUICK = Config(
    stream_events=10_000,
    assistant_lines=2_000,
    round_trips=500,
    s5_sessions=10,
    s5_events=2_000,
    scale_sessions=50,
    runs=3,
    s2_runs=1,
    s5_runs=1,
    cancel_runs=3,
)


@attrs.frozen
class Timing:
    """Wall time and this process's CPU time (``time.process_time``) of one measured stretch."""

    wall: float
    cpu: float

    @classmethod
    def since(cls, wall: float, cpu: float) -> Timing:
        return cls(time.perf_counter() - wall, time.process_time() - cpu)


def clocks() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


@attrs.frozen
class Row:
    """One line of the summary: the SDK's figure, the floor's, their ratio and the target."""

    key: str  # S1, S1b, S2, S5, S6, scale, import
    what: str
    sdk: str
    floor: str
    ratio: float | None  # None: no ratio (S6, scale)
    target: str
    ok: bool | None  # None: for information only
    note: str = ""
    official: str = ""  # the official SDK's figure in the same run (--official), or ""


class StandIns:
    """Wrapper scripts (``cli_path`` must be one executable) that run the stand-in in each mode."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._count = 0

    def cli(self, mode: str) -> Path:
        path = self.directory / f"claude-{mode}"
        if not path.exists():
            python = shlex.quote(sys.executable)
            path.write_text(f'#!/bin/sh\nexec {python} -S {shlex.quote(str(STANDIN))} {mode} "$@"\n')
            path.chmod(0o755)
        return path

    def replay(self, name: str, lines: Sequence[bytes]) -> Path:
        """A stand-in that plays ``lines`` (a realistic fixture, see ``realistic.py``) as its turn."""
        fixture = self.directory / f"{name}.jsonl"
        fixture.write_bytes(b"".join(lines))
        path = self.directory / f"claude-{name}"
        python = shlex.quote(sys.executable)
        path.write_text(
            f"#!/bin/sh\nexport STANDIN_FIXTURE={shlex.quote(str(fixture))}\n"
            f'exec {python} -S {shlex.quote(str(STANDIN))} replay "$@"\n'
        )
        path.chmod(0o755)
        return path

    def report_path(self) -> Path:
        self._count += 1
        return self.directory / f"report-{self._count}.json"


def standin_env(count: int, report: Path | None = None, **extra: str) -> dict[str, str]:
    """The stand-in's settings; the same for the SDK (``options.env``) and for the floors."""
    env = {"STANDIN_COUNT": str(count), "CLAUDE_CODE_SDK_READS_SESSION_STATE": "1", **extra}
    if report is not None:
        env["STANDIN_REPORT"] = str(report)
    return env


def read_report(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    path.unlink()
    return data


# -- the floors: blocking loops on raw file descriptors -------------------------------------------------


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


@attrs.define
class Pipes:
    """A stand-in started by ``subprocess.Popen``, seen as two raw file descriptors."""

    proc: subprocess.Popen[bytes]
    stdin: int
    stdout: int
    tail: bytes = b""  # what follows the last newline read so far


def start_plain(cli: Path, env: Mapping[str, str]) -> Pipes:
    proc = subprocess.Popen(
        [str(cli), *FLAGS, "--include-partial-messages"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        bufsize=0,
        env={**os.environ, **env},
    )
    assert proc.stdin is not None and proc.stdout is not None
    return Pipes(proc, proc.stdin.fileno(), proc.stdout.fileno())


def stop_plain(pipes: Pipes) -> None:
    assert pipes.proc.stdin is not None and pipes.proc.stdout is not None
    pipes.proc.stdin.close()  # the stand-in exits at stdin EOF
    pipes.proc.wait()
    pipes.proc.stdout.close()


@contextmanager
def plain_cli(cli: Path, env: Mapping[str, str]) -> Generator[Pipes, None, None]:
    """The stand-in past ``initialize``; closed and reaped on exit."""
    pipes = start_plain(cli, env)
    try:
        write_all(pipes.stdin, INITIALIZE)
        tail = b""
        while True:
            data = os.read(pipes.stdout, CHUNK)
            if not data:
                raise RuntimeError("the stand-in closed its stdout before answering initialize")
            *lines, tail = (tail + data).split(b"\n")
            if any(orjson.loads(line)["type"] == "control_response" for line in lines):
                break
        pipes.tail = tail
        yield pipes
    finally:
        stop_plain(pipes)


def floor_turn(cli: Path, count: int, kind: str) -> Timing:
    """The floor: the wall time of a turn read by chunks, ``split`` and ``orjson.loads`` per line."""
    read, loads = os.read, orjson.loads
    with plain_cli(cli, standin_env(count)) as pipes:
        fd, tail, seen, done = pipes.stdout, pipes.tail, 0, False
        start = clocks()
        write_all(pipes.stdin, PROMPT)
        while not done:
            data = read(fd, CHUNK)
            if not data:
                raise RuntimeError("the stand-in closed its stdout mid-turn")
            *lines, tail = (tail + data).split(b"\n")
            for line in lines:
                line_kind = loads(line)["type"]
                if line_kind == kind:
                    seen += 1
                elif line_kind == "result":
                    done = True
        elapsed = Timing.since(*start)
    if seen != count:
        raise RuntimeError(f"floor: {seen} {kind} lines, expected {count}")
    return elapsed


def raw_turn(cli: Path, count: int, lines_per_turn: int) -> Timing:
    """The raw floor: the same turn's bytes read by chunks and their newlines counted, nothing decoded."""
    read = os.read
    with plain_cli(cli, standin_env(count)) as pipes:
        fd, newlines, last = pipes.stdout, pipes.tail.count(b"\n"), pipes.tail[-32:]
        start = clocks()
        write_all(pipes.stdin, PROMPT)
        while True:
            data = read(fd, CHUNK)
            if not data:
                raise RuntimeError("the stand-in closed its stdout mid-turn")
            newlines += data.count(b"\n")
            if RESULT_MARK in last + data[:64] or RESULT_MARK in data:
                break
            last = data[-32:]
        elapsed = Timing.since(*start)
    if newlines < lines_per_turn:
        raise RuntimeError(f"raw floor: {newlines} lines before the result, expected {lines_per_turn}")
    return elapsed


def floor_permissions(cli: Path, count: int, report: Path) -> list[float]:
    read, loads, dumps = os.read, orjson.loads, orjson.dumps
    with plain_cli(cli, standin_env(count, report)) as pipes:
        fd, tail, done = pipes.stdout, pipes.tail, False
        write_all(pipes.stdin, PROMPT)
        while not done:
            data = read(fd, CHUNK)
            if not data:
                raise RuntimeError("the stand-in closed its stdout mid-turn")
            *lines, tail = (tail + data).split(b"\n")
            for line in lines:
                frame = loads(line)
                kind = frame["type"]
                if kind == "control_request" and frame["request"]["subtype"] == "can_use_tool":
                    answer = {"behavior": "allow", "updatedInput": frame["request"]["input"]}
                    response = {"subtype": "success", "request_id": frame["request_id"], "response": answer}
                    write_all(pipes.stdin, dumps({"type": "control_response", "response": response}) + b"\n")
                elif kind == "result":
                    done = True
    latencies: list[float] = read_report(report)["latencies"]
    return latencies


@attrs.frozen
class CPURun:
    wall: float
    cpu_self: float
    cpu_children: float
    rss_growth: int = 0  # bytes, while every session was open (scale only)


def cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


class CPUClock:
    """Wall time and CPU time of this process and of its reaped children since creation."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.self = cpu_seconds(resource.RUSAGE_SELF)
        self.children = cpu_seconds(resource.RUSAGE_CHILDREN)

    def stop(self, rss_growth: int = 0) -> CPURun:
        return CPURun(
            wall=time.perf_counter() - self.wall,
            cpu_self=cpu_seconds(resource.RUSAGE_SELF) - self.self,
            cpu_children=cpu_seconds(resource.RUSAGE_CHILDREN) - self.children,
            rss_growth=rss_growth,
        )


def floor_many(cli: Path, sessions: int, count: int) -> CPURun:
    """The S5 floor: ``sessions`` stand-ins at once, all their pipes read through one ``selectors`` loop."""
    loads = orjson.loads
    clock = CPUClock()
    started = [start_plain(cli, standin_env(count)) for _ in range(sessions)]
    selector = selectors.DefaultSelector()
    for pipes in started:
        write_all(pipes.stdin, INITIALIZE + PROMPT)
        selector.register(pipes.stdout, selectors.EVENT_READ, pipes)
    events = 0
    open_turns = sessions
    while open_turns:
        for key, _ in selector.select():
            pipes = cast(Pipes, key.data)
            data = os.read(pipes.stdout, CHUNK)
            if not data:
                raise RuntimeError("a stand-in closed its stdout mid-turn")
            *lines, pipes.tail = (pipes.tail + data).split(b"\n")
            for line in lines:
                kind = loads(line)["type"]
                if kind == "stream_event":
                    events += 1
                elif kind == "result":
                    selector.unregister(pipes.stdout)
                    open_turns -= 1
    selector.close()
    for pipes in started:
        stop_plain(pipes)
    run = clock.stop()
    if events != sessions * count:
        raise RuntimeError(f"floor: {events} stream events, expected {sessions * count}")
    return run


# -- the trio floor: the least any trio-native reader can do -------------------------------------------


class TrioLines:
    """Lines from a trio receive stream: ``receive_some`` and ``split``, nothing else."""

    def __init__(self, stream: trio.abc.ReceiveStream) -> None:
        self._stream = stream
        self._lines: deque[bytes] = deque()
        self._tail = b""

    async def next_line(self) -> bytes:
        while not self._lines:
            data = await self._stream.receive_some(CHUNK)
            if not data:
                raise EOFError("the stand-in closed its stdout")
            *complete, self._tail = (self._tail + data).split(b"\n")
            self._lines.extend(complete)
        return self._lines.popleft()


async def trio_floor(
    cli: Path, env: Mapping[str, str], body: Callable[[trio.Process, TrioLines], Any]
) -> Any:
    """Run ``body(process, lines)`` against the stand-in started with trio, past ``initialize``."""
    process = await trio.lowlevel.open_process(
        [str(cli), *FLAGS, "--include-partial-messages"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, **env},
    )
    assert process.stdin is not None and process.stdout is not None
    lines = TrioLines(process.stdout)
    try:
        await process.stdin.send_all(INITIALIZE)
        while orjson.loads(await lines.next_line()).get("type") != "control_response":
            pass
        result = await body(process, lines)
    finally:
        await process.stdin.aclose()  # the stand-in exits at stdin EOF
        await process.wait()
    return result


async def trio_turn(cli: Path, count: int, kind: str) -> Timing:
    async def body(process: trio.Process, lines: TrioLines) -> Timing:
        assert process.stdin is not None
        seen = 0
        start = clocks()
        await process.stdin.send_all(PROMPT)
        while True:
            line_kind = orjson.loads(await lines.next_line())["type"]
            if line_kind == kind:
                seen += 1
            elif line_kind == "result":
                break
        elapsed = Timing.since(*start)
        if seen != count:
            raise RuntimeError(f"trio floor: {seen} {kind} lines, expected {count}")
        return elapsed

    elapsed: Timing = await trio_floor(cli, standin_env(count), body)
    return elapsed


async def trio_permissions(cli: Path, count: int, report: Path) -> None:
    async def body(process: trio.Process, lines: TrioLines) -> None:
        stdin = process.stdin
        assert stdin is not None
        await stdin.send_all(PROMPT)
        while True:
            frame = orjson.loads(await lines.next_line())
            kind = frame.get("type")
            if kind == "control_request" and frame["request"].get("subtype") == "can_use_tool":
                answer = {"behavior": "allow", "updatedInput": frame["request"]["input"]}
                response = {"subtype": "success", "request_id": frame["request_id"], "response": answer}
                await stdin.send_all(orjson.dumps({"type": "control_response", "response": response}) + b"\n")
            elif kind == "result":
                break

    await trio_floor(cli, standin_env(count, report), body)


def trio_latencies(cli: Path, count: int, report: Path) -> list[float]:
    trio.run(trio_permissions, cli, count, report)
    latencies: list[float] = read_report(report)["latencies"]
    return latencies


# -- the SDK ------------------------------------------------------------------------------------------


async def sdk_turn(cli: Path, count: int, kind: type[Message]) -> Timing:
    """The wall time of one turn through ``receive_response()``, from the prompt to the result."""
    options = ClaudeAgentOptions(cli_path=cli, include_partial_messages=True, env=standin_env(count))
    seen = 0
    async with open_session(options) as session:
        start = clocks()
        await session.send("go")
        async for message in session.receive_response():
            if isinstance(message, kind):
                seen += 1
        elapsed = Timing.since(*start)
    if seen != count:
        raise RuntimeError(f"SDK: {seen} {kind.__name__}, expected {count}")
    return elapsed


async def allow(
    tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    return PermissionResultAllow()


async def sdk_permissions(cli: Path, count: int, report: Path) -> list[float]:
    options = ClaudeAgentOptions(cli_path=cli, can_use_tool=allow, env=standin_env(count, report))
    async with open_session(options) as session:
        await session.send("go")
        async for message in session.receive_response():
            if isinstance(message, ResultMessage) and message.is_error:
                raise RuntimeError(f"SDK permission turn failed: {message}")
    latencies: list[float] = read_report(report)["latencies"]
    return latencies


async def sdk_many(cli: Path, sessions: int, count: int) -> CPURun:
    """S5: ``sessions`` sessions in one nursery, each reading one turn of ``count`` stream events."""
    options = ClaudeAgentOptions(cli_path=cli, include_partial_messages=True, env=standin_env(count))
    events = 0

    async def one() -> None:
        nonlocal events
        async with open_session(options) as session:
            await session.send("go")
            async for message in session.receive_response():
                if isinstance(message, StreamEvent):
                    events += 1

    clock = CPUClock()
    async with trio.open_nursery() as nursery:
        for _ in range(sessions):
            nursery.start_soon(one)
    run = clock.stop()
    if events != sessions * count:
        raise RuntimeError(f"SDK: {events} stream events, expected {sessions * count}")
    return run


def rss_bytes() -> int:
    """This process's resident memory (``VmRSS``) in bytes; the Python heap's size while ``tracemalloc``
    traces."""
    if tracemalloc.is_tracing():
        return tracemalloc.get_traced_memory()[0]
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


async def sdk_scale(cli: Path, sessions: int) -> CPURun:
    """``sessions`` sessions open at once: each plays one short turn, then all stay open until the last
    has finished its turn (when the memory is measured), then all close."""
    options = ClaudeAgentOptions(cli_path=cli, env=standin_env(1))
    all_done = trio.Event()
    finished = 0
    peak = 0

    async def one() -> None:
        nonlocal finished, peak
        async with open_session(options) as session:
            await session.send("hi")
            async for message in session.receive_response():
                if isinstance(message, ResultMessage) and not message.is_error:
                    finished += 1
            if finished == sessions:
                peak = rss_bytes()
                all_done.set()
            await all_done.wait()

    before = rss_bytes()
    clock = CPUClock()
    async with trio.open_nursery() as nursery:
        for _ in range(sessions):
            nursery.start_soon(one)
    run = clock.stop(rss_growth=peak - before)
    if finished != sessions:
        raise RuntimeError(f"{finished} of {sessions} sessions finished")
    return run


@attrs.frozen
class CancelRun:
    seconds: float
    returncode: int | None
    error: str
    ended: str = ""


async def sdk_cancel(cli: Path, report: Path, whole_block: bool) -> CancelRun:
    """One S6 run: cancel a never-ending turn ``S6_DELAY`` s after the prompt; time until the block exits."""
    options = ClaudeAgentOptions(cli_path=cli, include_partial_messages=True, env=standin_env(0, report))
    opened: list[ClaudeSession] = []
    deadline = math.inf
    error = ""
    try:
        with trio.CancelScope() as outer:
            async with open_session(options) as session:
                opened.append(session)
                await session.send("go")
                if whole_block:  # leave the ``async with`` by cancellation, mid-turn
                    deadline = outer.deadline = trio.current_time() + S6_DELAY
                    async for _ in session.receive_response():
                        pass
                    raise RuntimeError("the endless turn ended by itself")
                with trio.move_on_after(S6_DELAY) as inner:  # stop reading mid-turn, then leave the block
                    deadline = inner.deadline
                    async for _ in session.receive_response():
                        pass
                if not inner.cancelled_caught:
                    raise RuntimeError("the endless turn ended by itself")
    except Exception as exc:
        # The SDK failed to shut down cleanly: report it with the figures rather than stop the run.  (Raised
        # by the cancel scope, which strips the ``Cancelled`` siblings from the session's exception group.)
        error = f"SDK raised {describe(exc)}"
    seconds = trio.current_time() - deadline
    return CancelRun(seconds=seconds, returncode=opened[0].returncode if opened else None, error=error)


def describe(exc: BaseException) -> str:
    """``ExceptionGroup[BrokenResourceError]``-style name of an exception."""
    name = type(exc).__name__
    if isinstance(exc, BaseExceptionGroup):
        group = cast("BaseExceptionGroup[BaseException]", exc)
        return f"{name}[{', '.join(describe(inner) for inner in group.exceptions)}]"
    return name


def cancel_run(cli: Path, standins: StandIns, *, whole_block: bool) -> CancelRun:
    """An S6 run, with how the stand-in saw its end (its report is missing if it was killed)."""
    report = standins.report_path()
    run = trio.run(sdk_cancel, cli, report, whole_block)
    ended = read_report(report)["ended"] if report.exists() else "got neither interrupt nor EOF"
    return attrs.evolve(run, ended=ended)


# -- figures ------------------------------------------------------------------------------------------


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def verdict(ok: bool | None) -> str:
    return "" if ok is None else "ok" if ok else "MISSED"


def us(seconds: float) -> str:
    return f"{seconds * 1e6:.0f} µs"


def timed(label: str, action: Callable[[], T]) -> T:
    """Run ``action`` and note its duration on stderr (progress for the impatient)."""
    start = time.perf_counter()
    result = action()
    print(f"  … {label}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    return result


def ratio_row(
    key: str,
    what: str,
    sdk: str,
    floor: str,
    ratio: float,
    target: float,
    note: str,
    aim: float | None = None,
) -> Row:
    aim_text = f", aim {aim}{X}" if aim is not None else ""
    return Row(key, what, sdk, floor, ratio, f"≤ {target}{X}{aim_text}", ratio <= target, note)


def print_row(row: Row) -> None:
    ratio = f"  ratio {row.ratio:.2f}{X}" if row.ratio is not None else ""
    floor = f"  floor {row.floor}" if row.floor else ""
    floor += f"  official SDK {row.official}" if row.official else ""
    target = f"  (target {row.target})" if row.target else ""
    print(
        f"{row.key} {row.what}  sdk {row.sdk}{floor}{ratio}{target}  {verdict(row.ok)}   [{row.note}]",
        flush=True,
    )


def run_trio_turn(cli: Path, count: int, kind: str) -> Timing:
    return trio.run(trio_turn, cli, count, kind)


def run_sdk_turn(cli: Path, count: int, kind: type[Message]) -> Timing:
    return trio.run(sdk_turn, cli, count, kind)


async def sdk_batch_turn(cli: Path, count: int, kind: type[Message]) -> Timing:
    """The wall time of one turn through ``receive_batches()`` (a throughput-bound consumer), from the
    prompt to the result."""
    options = ClaudeAgentOptions(cli_path=cli, include_partial_messages=True, env=standin_env(count))
    seen = 0
    async with open_session(options) as session:
        start = clocks()
        await session.send("go")
        done = False
        async for batch in session.receive_batches():
            for message in batch:
                if isinstance(message, kind):
                    seen += 1
                elif isinstance(message, ResultMessage):
                    done = True
            if done:
                break
        elapsed = Timing.since(*start)
    if seen != count:
        raise RuntimeError(f"SDK (batches): {seen} {kind.__name__}, expected {count}")
    return elapsed


def run_sdk_batch_turn(cli: Path, count: int, kind: type[Message]) -> Timing:
    return trio.run(sdk_batch_turn, cli, count, kind)


def official_turn(cli: Path, count: int) -> Timing:
    figures = official.run("turn", cli, count)
    return Timing(figures["wall"], figures["cpu"])


def turn_rows(config: Config, standins: StandIns, with_official: bool = False) -> list[Row]:
    """S1 and S1b: wall time of a streamed turn, the readers taking turns in each repetition.  S1 and S1b
    play the realistic fixtures (``realistic.py``); S1-old and S1b-old the stand-in's own synthetic lines
    (ASCII-heavy, one text and one tool-use block), as measured before issue 25."""
    rows: list[Row] = []
    stream_cli = standins.replay("stream-real", realistic.stream_lines(config.stream_events))
    assistant_cli = standins.replay("assistant-real", realistic.assistant_lines(config.assistant_lines))
    events, messages = config.stream_events, config.assistant_lines
    scenarios: tuple[tuple[str, Path, int, str, type[Message], float, float | None, str], ...] = (
        ("S1", stream_cli, events, "stream_event", StreamEvent, 2.0, 1.5, "~310 B, real"),
        ("S1b", assistant_cli, messages, "assistant", AssistantMessage, 1.8, 1.5, "~2.2 KB, real"),
        ("S1-old", standins.cli("stream"), events, "stream_event", StreamEvent, 2.0, 1.5, "~300 B"),
        ("S1b-old", standins.cli("assistant"), messages, "assistant", AssistantMessage, 1.8, 1.5, "~2 KB"),
    )
    for key, cli, count, kind, message_class, target, aim, size in scenarios:
        # a short warm-up turn first, so that converting functions are built before the timed runs
        trio.run(sdk_turn, cli, min(count, 100), message_class)
        lines_per_turn = count + 3  # running state, init, the lines, (assistant,) result
        readers: dict[str, Callable[[], Timing]] = {
            "raw": functools.partial(raw_turn, cli, count, lines_per_turn),
            "floor": functools.partial(floor_turn, cli, count, kind),
            "trio": functools.partial(run_trio_turn, cli, count, kind),
            "sdk": functools.partial(run_sdk_turn, cli, count, message_class),
            "batches": functools.partial(run_sdk_batch_turn, cli, count, message_class),
        }
        if with_official:
            readers["official"] = functools.partial(official_turn, cli, count)
        times: dict[str, list[Timing]] = {name: [] for name in readers}
        for _ in range(config.runs):
            for name, reader in readers.items():
                times[name].append(timed(f"{key} {name}", reader))
        raw, floor, trio_s, sdk, batches = (
            statistics.median(timing.wall for timing in times[name])
            for name in ("raw", "floor", "trio", "sdk", "batches")
        )
        sdk_cpu, floor_cpu = (
            statistics.median(timing.cpu for timing in times[name]) for name in ("sdk", "floor")
        )
        note = (
            f"raw bytes floor {raw * 1000:.0f} ms ({raw / floor:.2f}{X} floor); trio floor {trio_s:.3f} s "
            f"({trio_s / floor:.2f}{X} floor); sdk {sdk / count * 1e6:.2f} µs/line vs floor "
            f"{floor / count * 1e6:.2f}; cpu sdk {sdk_cpu:.3f} s floor {floor_cpu:.3f} s = "
            f"{sdk_cpu / floor_cpu:.2f}{X}; receive_batches() {batches:.3f} s "
            f"({batches / floor:.2f}{X} floor); median of {config.runs}"
        )
        what = f"{kind} {X}{count:,} ({size}) wall"
        row = ratio_row(key, what, f"{sdk:.3f} s", f"{floor:.3f} s", sdk / floor, target, note, aim)
        if with_official:
            theirs = statistics.median(timing.wall for timing in times["official"])
            row = attrs.evolve(row, official=f"{theirs:.3f} s ({theirs / floor:.2f}{X})")
        rows.append(row)
        print_row(rows[-1])
    return rows


def official_latencies(cli: Path, count: int, report: Path) -> list[float]:
    latencies: list[float] = official.run("s2", cli, count, report)["latencies"]
    return latencies


def permission_row(config: Config, standins: StandIns, with_official: bool = False) -> Row:
    cli = standins.cli("permission")
    trips = config.round_trips
    trio.run(sdk_permissions, cli, 10, standins.report_path())  # warm-up
    sdk_p50: list[float] = []
    floor_p50: list[float] = []
    trio_p50: list[float] = []
    sdk_p99: list[float] = []
    floor_p99: list[float] = []
    official_p50: list[float] = []
    if with_official:
        official_latencies(cli, 10, standins.report_path())  # warm-up
    for _ in range(config.s2_runs):
        floor_lat = timed("S2 floor", lambda: floor_permissions(cli, trips, standins.report_path()))
        trio_lat = timed("S2 trio floor", lambda: trio_latencies(cli, trips, standins.report_path()))
        sdk_lat = timed("S2 sdk", lambda: trio.run(sdk_permissions, cli, trips, standins.report_path()))
        sdk_p50.append(percentile(sdk_lat, 0.5))
        floor_p50.append(percentile(floor_lat, 0.5))
        trio_p50.append(percentile(trio_lat, 0.5))
        sdk_p99.append(percentile(sdk_lat, 0.99))
        floor_p99.append(percentile(floor_lat, 0.99))
        if with_official:
            theirs = timed("S2 official", lambda: official_latencies(cli, trips, standins.report_path()))
            official_p50.append(percentile(theirs, 0.5))
    sdk, floor, trio_s = (statistics.median(values) for values in (sdk_p50, floor_p50, trio_p50))
    note = (
        f"sdk - floor {us(sdk - floor)}; p99 sdk {us(statistics.median(sdk_p99))} floor "
        f"{us(statistics.median(floor_p99))}; trio floor p50 "
        f"{us(trio_s)} ({trio_s / floor:.2f}{X} floor); median of {config.s2_runs} runs' p50"
    )
    row = ratio_row(
        "S2", f"can_use_tool {X}{trips:,} round trip p50", us(sdk), us(floor), sdk / floor, 2.5, note
    )
    if with_official:  # the target also asks for less than the official SDK's p50, in the same run
        p50 = statistics.median(official_p50)
        row = attrs.evolve(
            row,
            official=f"{us(p50)} ({p50 / floor:.2f}{X})",
            target=f"{row.target} and < official",
            ok=bool(row.ok and sdk < p50),
            note=f"official - sdk {us(p50 - sdk)}; {row.note}",
        )
    print_row(row)
    return row


def many_rows(config: Config, standins: StandIns) -> list[Row]:
    """S5 on the realistic stream events, and S5-old on the stand-in's synthetic ones."""
    real = standins.replay("s5-real", realistic.stream_lines(config.s5_events))
    return [many_row(config, "S5", real), many_row(config, "S5-old", standins.cli("stream"))]


def many_row(config: Config, key: str, cli: Path) -> Row:
    n, count = config.s5_sessions, config.s5_events
    trio.run(sdk_many, cli, 2, 100)  # warm-up
    sdk_runs: list[CPURun] = []
    floor_runs: list[CPURun] = []
    for _ in range(config.s5_runs):
        floor_runs.append(timed(f"{key} floor", lambda: floor_many(cli, n, count)))
        sdk_runs.append(timed(f"{key} sdk", lambda: trio.run(sdk_many, cli, n, count)))
    sdk = statistics.median(run.cpu_self for run in sdk_runs)
    floor = statistics.median(run.cpu_self for run in floor_runs)
    wall_sdk = statistics.median(run.wall for run in sdk_runs)
    wall_floor = statistics.median(run.wall for run in floor_runs)
    children = statistics.median(run.cpu_children for run in sdk_runs)
    note = (
        f"wall sdk {wall_sdk:.2f} s floor {wall_floor:.2f} s; "
        f"sdk {sdk / (n * count) * 1e6:.2f} µs cpu/event; "
        f"stand-in CLIs {children / n * 1000:.0f} ms cpu each; median of {config.s5_runs}"
    )
    what = f"{n} sessions {X} {count:,} events, this process's CPU"
    row = ratio_row(key, what, f"{sdk:.3f} s", f"{floor:.3f} s", sdk / floor, 3.0, note)
    print_row(row)
    return row


def cancel_rows(config: Config, standins: StandIns) -> list[Row]:
    cli = standins.cli("endless")
    rows: list[Row] = []
    for whole_block, label in ((False, "move_on_after"), (True, "cancel block")):
        one_run = functools.partial(cancel_run, cli, standins, whole_block=whole_block)
        runs = [timed(f"S6 {label}", one_run) for _ in range(config.cancel_runs)]
        seconds = statistics.median(run.seconds for run in runs)
        worst = max(run.seconds for run in runs)
        endings = sorted(
            {f"{run.ended}, exit {run.returncode}{', ' if run.error else ''}{run.error}" for run in runs}
        )
        # The CLI is interrupted, sees EOF and exits by itself; a signal or an error is a bug.
        graceful = all(run.ended == "interrupted" and run.returncode == 0 and not run.error for run in runs)
        unclean = "" if graceful else " BUT NOT GRACEFUL"
        note = f"max {worst:.3f} s; {config.cancel_runs} runs; CLI: {'; '.join(endings)}{unclean}"
        what = f"cancel→exited {label}"
        rows.append(
            Row(
                "S6",
                what,
                f"{seconds:.3f} s",
                "",
                None,
                f"≤ {S6_TARGET} s",
                seconds <= S6_TARGET and graceful,
                note,
            )
        )
        print_row(rows[-1])
    return rows


def scale_child(cli: Path, sessions: int, heap: bool) -> dict[str, float]:
    """The scale scenario in this (fresh) process: CPU, and memory growth with every session open (the
    growth of ``VmRSS``, or with ``heap`` the Python heap's by ``tracemalloc``, which slows the run)."""
    trio.run(sdk_scale, cli, 2)  # warm-up: build the converter's functions, start trio's threads
    if heap:
        tracemalloc.start()
    run = trio.run(sdk_scale, cli, sessions)
    return {"wall": run.wall, "cpu": run.cpu_self, "children": run.cpu_children, "growth": run.rss_growth}


def scale_row(config: Config, standins: StandIns) -> Row:
    """Run the scale scenario in fresh interpreters, so that memory freed by the other rows is not reused."""
    cli = standins.cli("short")
    n = config.scale_sessions

    def child(*extra: str, sessions: int = n) -> dict[str, float]:
        command = [sys.executable, __file__, "--scale-child", str(sessions), str(cli), *extra]
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        figures: dict[str, float] = json.loads(out.splitlines()[-1])
        return figures

    rss = timed(f"scale {n}", child)
    heap_n = min(n, 100)  # the heap grows linearly; tracing 1,000 sessions would only take longer
    heap = timed(f"scale {heap_n} tracemalloc", lambda: child("--heap", sessions=heap_n))
    note = (
        f"wall {rss['wall']:.1f} s; RSS +{rss['growth'] / 2**20:.0f} MiB with all open, Python heap "
        f"{heap['growth'] / heap_n / 1024:.0f} KiB/session (tracemalloc, {heap_n} sessions); stand-in CLIs "
        f"{rss['children'] / n * 1000:.0f} ms cpu each; one run"
    )
    sdk = f"{rss['cpu'] / n * 1000:.1f} ms cpu/session, {rss['growth'] / n / 1024:.0f} KiB RSS/session"
    row = Row("scale", f"{n:,} sessions open at once", sdk, "", None, "", None, note)
    print_row(row)
    return row


GROUPS = ("s1", "s2", "s5", "s6", "scale")
"""The scenario groups ``run`` can be limited to (``s1`` is S1 and S1b)."""


def run(config: Config, only: Sequence[str] = GROUPS, with_official: bool = False) -> list[Row]:
    """Run every scenario (or the groups ``only``), print a line for each, and return the rows; with
    ``with_official``, the official SDK beside trio_claude in S1, S1b and S2 (``official.py``)."""
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="trio-claude-bench-") as scratch:
        standins = StandIns(Path(scratch))
        if "s1" in only:
            rows += turn_rows(config, standins, with_official)
        if "s2" in only:
            rows.append(permission_row(config, standins, with_official))
        if "s5" in only:
            rows += many_rows(config, standins)
        if "s6" in only:
            rows += cancel_rows(config, standins)
        if "scale" in only:
            rows.append(scale_row(config, standins))
    return rows


def header(mode: str) -> str:
    return (
        f"trio_claude runtime benchmark ({mode}): "
        f"Python {platform.python_version()}, "
        f"trio {trio.__version__}, orjson {orjson.__version__}, {os.cpu_count()} CPUs, {platform.machine()}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="10x smaller counts, for a smoke test")
    parser.add_argument("--smoke", action="store_true", help="tiny counts: only that every scenario runs")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--scale-child", nargs=2, metavar=("SESSIONS", "CLI"), help=argparse.SUPPRESS)
    parser.add_argument("--heap", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.scale_child:
        sessions, cli = args.scale_child
        print(json.dumps(scale_child(Path(cli), int(sessions), args.heap)))
        return 0
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    print(header(mode), flush=True)
    start = time.perf_counter()
    rows = run({"smoke": SMOKE, "quick": QUICK, "full": FULL}[mode])
    print(f"total {time.perf_counter() - start:.1f} s", flush=True)
    return 1 if args.check and any(row.ok is False for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
