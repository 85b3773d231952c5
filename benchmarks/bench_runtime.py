"""Runtime benchmark of the session layer against a stand-in CLI: ``python benchmarks/bench_runtime.py``.

Every figure is a ratio or a latency measured in the same run, against the same stand-in CLI
(``benchmarks/standin_cli.py``), so a noisy machine moves both sides together:

S1
    100,000 ``stream_event`` lines (~300 B ``text_delta`` events, ``include_partial_messages=True``) read by a
    consumer iterating ``session.receive_response()``, against a plain blocking loop (``subprocess.Popen``
    of the same stand-in, ``for line in stdout: orjson.loads(line)``).  Time from sending the prompt to the
    ``result``; median of several runs each.  Target: ratio ≤ 2.5 times.
S2
    5,000 sequential ``can_use_tool`` round trips timed by the stand-in (from writing the request to
    reading the answer): the SDK with a trivial callback against a plain loop answering with orjson.
    Target: p50 ratio ≤ 2.5 times.
S6
    A turn that never ends by itself, cancelled after 0.2 s: time from the cancellation (the deadline) until
    the ``async with open_session(...)`` block has exited and the CLI is reaped, for a ``move_on_after``
    around the iteration (then leaving the block) and for a cancel scope around the whole block.  Median of
    several runs.  Target: ≤ 0.25 s, with a graceful end (rule 5: the stand-in got ``interrupt`` and
    stdin EOF and exited 0); otherwise the row says ``BUT NOT GRACEFUL``.
sessions
    100 sessions in one nursery, one short turn each: wall time, and this process's CPU time (user+sys,
    ``getrusage``) per session.

S1 and S2 also show a *trio floor* for information: the least a trio-native reader can do on the same
bytes (``trio.lowlevel.open_process``, ``receive_some``, ``split``, ``orjson.loads``, ``send_all`` for the
answers).  ``sdk/floor`` is the SDK's own cost; ``floor/plain`` is what running on trio costs at all.

``--quick`` divides the counts by 10 (10 sessions, fewer runs) for a smoke test; ``--check`` exits 1 when
a target is missed (otherwise the exit status says nothing about the figures).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import platform
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Generator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import attrs
import orjson
import trio

from trio_claude import (
    ClaudeAgentOptions,
    ClaudeSession,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    StreamEvent,
    ToolPermissionContext,
    open_session,
)
from trio_claude.model import JSONObject

STANDIN = Path(__file__).resolve().parent / "standin_cli.py"
FLAGS = ("--output-format", "stream-json", "--verbose", "--input-format", "stream-json")
INITIALIZE = b'{"type":"control_request","request_id":"req_1_bench","request":{"subtype":"initialize"}}\n'
PROMPT = (
    b'{"type":"user","message":{"role":"user","content":"go"},"parent_tool_use_id":null,"session_id":""}\n'
)

if sys.version_info < (3, 11):
    from exceptiongroup import BaseExceptionGroup

T = TypeVar("T")
X = "\N{MULTIPLICATION SIGN}"
S1_TARGET = 2.5
S2_TARGET = 2.5
S6_TARGET = 0.25
S6_DELAY = 0.2


@attrs.frozen
class Config:
    stream_events: int
    round_trips: int
    sessions: int
    stream_runs: int
    cancel_runs: int


FULL = Config(stream_events=100_000, round_trips=5_000, sessions=100, stream_runs=3, cancel_runs=5)
QUICK = Config(stream_events=10_000, round_trips=500, sessions=10, stream_runs=1, cancel_runs=3)


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

    def report_path(self) -> Path:
        self._count += 1
        return self.directory / f"report-{self._count}.json"


def standin_env(count: int, report: Path | None = None, **extra: str) -> dict[str, str]:
    """The stand-in's settings; the same for the SDK (``options.env``) and for the plain loops."""
    env = {"STANDIN_COUNT": str(count), "CLAUDE_CODE_SDK_READS_SESSION_STATE": "1", **extra}
    if report is not None:
        env["STANDIN_REPORT"] = str(report)
    return env


def read_report(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    path.unlink()
    return data


# -- the plain baseline -------------------------------------------------------------------------------


@contextmanager
def plain_cli(cli: Path, env: Mapping[str, str]) -> Generator[subprocess.Popen[bytes], None, None]:
    """The stand-in under ``subprocess.Popen``, past ``initialize``; closed and reaped on exit."""
    proc = subprocess.Popen(
        [str(cli), *FLAGS, "--include-partial-messages"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, **env},
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(INITIALIZE)
        proc.stdin.flush()
        for line in proc.stdout:
            if orjson.loads(line).get("type") == "control_response":
                break
        yield proc
    finally:
        proc.stdin.close()
        proc.wait()
        proc.stdout.close()


def plain_stream(cli: Path, count: int) -> float:
    with plain_cli(cli, standin_env(count)) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        events = 0
        start = time.perf_counter()
        proc.stdin.write(PROMPT)
        proc.stdin.flush()
        for line in proc.stdout:
            kind = orjson.loads(line).get("type")
            if kind == "stream_event":
                events += 1
            elif kind == "result":
                break
        elapsed = time.perf_counter() - start
    if events != count:
        raise RuntimeError(f"plain loop: {events} stream events, expected {count}")
    return elapsed


def plain_permissions(cli: Path, count: int, report: Path) -> list[float]:
    with plain_cli(cli, standin_env(count, report)) as proc:
        stdin, stdout = proc.stdin, proc.stdout
        assert stdin is not None and stdout is not None
        stdin.write(PROMPT)
        stdin.flush()
        for line in stdout:
            frame = orjson.loads(line)
            kind = frame.get("type")
            if kind == "control_request" and frame["request"].get("subtype") == "can_use_tool":
                answer = {"behavior": "allow", "updatedInput": frame["request"]["input"]}
                response = {"subtype": "success", "request_id": frame["request_id"], "response": answer}
                stdin.write(orjson.dumps({"type": "control_response", "response": response}) + b"\n")
                stdin.flush()
            elif kind == "result":
                break
    latencies: list[float] = read_report(report)["latencies"]
    return latencies


# -- the trio floor: the least any trio-native reader can do -------------------------------------------


class TrioLines:
    """Lines from a trio receive stream: ``receive_some`` and ``split``, nothing else."""

    def __init__(self, stream: trio.abc.ReceiveStream) -> None:
        self._stream = stream
        self._lines: deque[bytes] = deque()
        self._tail = b""

    async def next_line(self) -> bytes:
        while not self._lines:
            data = await self._stream.receive_some(65536)
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


async def floor_stream(cli: Path, count: int) -> float:
    async def body(process: trio.Process, lines: TrioLines) -> float:
        assert process.stdin is not None
        events = 0
        start = time.perf_counter()
        await process.stdin.send_all(PROMPT)
        while True:
            kind = orjson.loads(await lines.next_line()).get("type")
            if kind == "stream_event":
                events += 1
            elif kind == "result":
                break
        elapsed = time.perf_counter() - start
        if events != count:
            raise RuntimeError(f"trio floor: {events} stream events, expected {count}")
        return elapsed

    elapsed: float = await trio_floor(cli, standin_env(count), body)
    return elapsed


async def floor_permissions(cli: Path, count: int, report: Path) -> None:
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


def floor_latencies(cli: Path, count: int, report: Path) -> list[float]:
    trio.run(floor_permissions, cli, count, report)
    latencies: list[float] = read_report(report)["latencies"]
    return latencies


# -- the SDK ------------------------------------------------------------------------------------------


async def sdk_stream(cli: Path, count: int) -> float:
    options = ClaudeAgentOptions(cli_path=cli, include_partial_messages=True, env=standin_env(count))
    events = 0
    async with open_session(options) as session:
        start = time.perf_counter()
        await session.send("go")
        async for message in session.receive_response():
            if isinstance(message, StreamEvent):
                events += 1
        elapsed = time.perf_counter() - start
    if events != count:
        raise RuntimeError(f"SDK: {events} stream events, expected {count}")
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


@attrs.frozen
class SessionsRun:
    wall: float
    cpu_self: float
    cpu_children: float


def cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


async def sdk_sessions(cli: Path, count: int) -> SessionsRun:
    options = ClaudeAgentOptions(cli_path=cli, env=standin_env(1))
    results: list[ResultMessage] = []

    async def one() -> None:
        async with open_session(options) as session:
            await session.send("hi")
            async for message in session.receive_response():
                if isinstance(message, ResultMessage):
                    results.append(message)

    self_before, children_before = cpu_seconds(resource.RUSAGE_SELF), cpu_seconds(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for _ in range(count):
            nursery.start_soon(one)
    wall = time.perf_counter() - start
    if len(results) != count or any(result.is_error for result in results):
        raise RuntimeError(f"{len(results)} of {count} sessions finished")
    return SessionsRun(
        wall=wall,
        cpu_self=cpu_seconds(resource.RUSAGE_SELF) - self_before,
        cpu_children=cpu_seconds(resource.RUSAGE_CHILDREN) - children_before,
    )


def plain_sessions(cli: Path, count: int) -> SessionsRun:
    """The reference for the sessions row: ``count`` stand-ins started at once with ``subprocess.Popen``, each
    sent ``initialize`` and the prompt, then read (one after the other) up to its ``result``."""
    self_before, children_before = cpu_seconds(resource.RUSAGE_SELF), cpu_seconds(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = {**os.environ, **standin_env(1)}
    procs = [
        subprocess.Popen([str(cli), *FLAGS], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        for _ in range(count)
    ]
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write(INITIALIZE + PROMPT)
        proc.stdin.flush()
    for proc in procs:
        assert proc.stdin is not None and proc.stdout is not None
        for line in proc.stdout:
            if orjson.loads(line).get("type") == "result":
                break
        proc.stdin.close()
    for proc in procs:
        proc.wait()
        assert proc.stdout is not None
        proc.stdout.close()
    return SessionsRun(
        wall=time.perf_counter() - start,
        cpu_self=cpu_seconds(resource.RUSAGE_SELF) - self_before,
        cpu_children=cpu_seconds(resource.RUSAGE_CHILDREN) - children_before,
    )


# -- figures ------------------------------------------------------------------------------------------


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def us(seconds: float) -> str:
    return f"{seconds * 1e6:.0f} µs"


def timed(label: str, action: Callable[[], T]) -> T:
    """Run ``action`` and note its duration on stderr (progress for the impatient)."""
    start = time.perf_counter()
    result = action()
    print(f"  … {label}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    return result


def run(config: Config) -> list[bool]:
    """Run every scenario, print the table, and return whether each target was met."""
    outcomes: list[bool] = []
    with tempfile.TemporaryDirectory(prefix="trio-claude-bench-") as scratch:
        standins = StandIns(Path(scratch))

        # S1: stream events, alternating the readers so drift hits them all.
        stream_cli = standins.cli("stream")
        count = config.stream_events
        sdk_times: list[float] = []
        plain_times: list[float] = []
        floor_times: list[float] = []
        for _ in range(config.stream_runs):
            plain_times.append(timed("S1 plain", lambda: plain_stream(stream_cli, count)))
            floor_times.append(timed("S1 trio floor", lambda: trio.run(floor_stream, stream_cli, count)))
            sdk_times.append(timed("S1 sdk", lambda: trio.run(sdk_stream, stream_cli, count)))
        sdk, plain = statistics.median(sdk_times), statistics.median(plain_times)
        floor = statistics.median(floor_times)
        ratio = sdk / plain
        outcomes.append(ratio <= S1_TARGET)
        print(
            f"S1 stream_events {X}{count:,}  sdk {sdk:.2f} s  plain {plain:.2f} s  "
            f"ratio {ratio:.2f}{X}  (target ≤ {S1_TARGET}{X})  {verdict(ratio <= S1_TARGET)}"
            f"   [trio floor {floor:.2f} s = {floor / plain:.1f}{X} plain, sdk/floor {sdk / floor:.1f}{X}; "
            f"sdk {count / sdk / 1000:.0f}k events/s; median of {config.stream_runs}]",
            flush=True,
        )

        # S2: can_use_tool round trips.
        permission_cli = standins.cli("permission")
        trips = config.round_trips
        plain_lat = timed(
            "S2 plain", lambda: plain_permissions(permission_cli, trips, standins.report_path())
        )
        floor_lat = timed(
            "S2 trio floor", lambda: floor_latencies(permission_cli, trips, standins.report_path())
        )
        sdk_lat = timed(
            "S2 sdk", lambda: trio.run(sdk_permissions, permission_cli, trips, standins.report_path())
        )
        sdk_p50, plain_p50, floor_p50 = (percentile(lat, 0.5) for lat in (sdk_lat, plain_lat, floor_lat))
        sdk_p99, plain_p99, floor_p99 = (percentile(lat, 0.99) for lat in (sdk_lat, plain_lat, floor_lat))
        ratio = sdk_p50 / plain_p50
        outcomes.append(ratio <= S2_TARGET)
        print(
            f"S2 can_use_tool {X}{trips:,}  p50 sdk {us(sdk_p50)}  plain {us(plain_p50)}  "
            f"ratio {ratio:.2f}{X}  (target ≤ {S2_TARGET}{X})  {verdict(ratio <= S2_TARGET)}"
            f"   [p99 sdk {us(sdk_p99)}  plain {us(plain_p99)}; trio floor p50 {us(floor_p50)} "
            f"p99 {us(floor_p99)}, sdk/floor p50 {sdk_p50 / floor_p50:.1f}{X}]",
            flush=True,
        )

        # S6: cancel mid-turn until the block has exited.
        endless_cli = standins.cli("endless")
        for whole_block, label in ((False, "move_on_after"), (True, "cancel block ")):
            one_run = functools.partial(cancel_run, endless_cli, standins, whole_block=whole_block)
            runs = [timed(f"S6 {label.strip()}", one_run) for _ in range(config.cancel_runs)]
            seconds = statistics.median(run.seconds for run in runs)
            worst = max(run.seconds for run in runs)
            endings = sorted(
                {f"{run.ended}, exit {run.returncode}{', ' if run.error else ''}{run.error}" for run in runs}
            )
            # Rule 5: the CLI is interrupted, sees EOF and exits by itself; a signal or an error is a bug.
            graceful = all(
                run.ended == "interrupted" and run.returncode == 0 and not run.error for run in runs
            )
            unclean = "" if graceful else "  BUT NOT GRACEFUL"
            outcomes.append(seconds <= S6_TARGET and graceful)
            print(
                f"S6 cancel→exited  {label}  median {seconds:.3f} s  max {worst:.3f} s  "
                f"(target ≤ {S6_TARGET} s)  {verdict(seconds <= S6_TARGET)}{unclean}"
                f"   [{config.cancel_runs} runs; CLI: {'; '.join(endings)}]",
                flush=True,
            )

        # Concurrent sessions.
        short_cli = standins.cli("short")
        plain_run = timed("sessions plain", lambda: plain_sessions(short_cli, config.sessions))
        result = timed("sessions sdk", lambda: trio.run(sdk_sessions, short_cli, config.sessions))
        n = config.sessions
        print(
            f"sessions {X}{n}  wall {result.wall:.2f} s  cpu {result.cpu_self:.2f} s  "
            f"cpu/session {result.cpu_self / n * 1000:.1f} ms"
            f"   [plain Popen {X}{n}: wall {plain_run.wall:.2f} s, cpu/session "
            f"{plain_run.cpu_self / n * 1000:.1f} ms; "
            f"stand-in CLIs {result.cpu_children / n * 1000:.1f} ms cpu each]",
            flush=True,
        )
    return outcomes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="10x smaller counts, for a smoke test")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    config = QUICK if args.quick else FULL
    print(
        f"trio_claude runtime benchmark ({'quick' if args.quick else 'full'}): Python "
        f"{platform.python_version()}, trio {trio.__version__}, {os.cpu_count()} CPUs, {platform.machine()}",
        flush=True,
    )
    start = time.perf_counter()
    outcomes = run(config)
    print(f"total {time.perf_counter() - start:.1f} s", flush=True)
    return 1 if args.check and not all(outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
