"""A bounded set-up: ``open_session``, ``open_query`` and ``prewarm`` wait at most ``initialize_timeout`` for
the CLI's ``initialize`` answer and then say what came instead; an answer that cannot be typed fails its
request at once; a converter that cannot type the frames a session depends on fails before the CLI starts.

The stand-in CLI is played by hand in memory (:class:`StandIn`), under the autojump clock: a timeout passes
only once everything the stand-in wrote has been read.  One test runs a stand-in as a real child process,
to see it killed and reaped.
"""

from __future__ import annotations

import math
import signal
import sys
from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from trio_claude import (
    ClaudeAgentOptions,
    CLICommand,
    CLIConnectionError,
    IncompatibleDependencyError,
    InitializeTimeoutError,
    MessageParseError,
    open_query,
    open_session,
    prewarm,
    wire as wire_face,
)
from trio_claude._runtime._process import CLIProcess, spawn_process
from trio_claude._runtime._setup import initialize_timeout
from trio_claude.model import ControlRequest, UnknownMessage
from trio_claude.wire._converter import converter
from trio_claude.wire._self_check import check_converter

from .test_shutdown import assert_reaped, no_resource_warnings

INITIALIZE_ANSWERED = (
    b'{"type":"control_response","response":{"subtype":"success","request_id":"%s","response":{}}}\n'
)
MISFIT_ANSWER = (
    b'{"type":"control_response","response":{"subtype":"success","request_id":"%s","response":"oops"}}\n'
)
MISFIT_INIT = b'{"type":"system","subtype":"init"}\n'  # no session_id: does not fit InitMessage


class StandIn:
    """A CLI process in memory (a :class:`~trio_claude.CLIProcess`) that the test plays by hand: it reads the
    host's control requests (:meth:`next_request`) and writes what the test gives it; it ignores EOF and
    SIGTERM, and exits only when killed (:meth:`wait` then reaps it)."""

    def __init__(self, command: CLICommand) -> None:
        self.command = command
        self.stdin, self._stdin = trio.testing.memory_stream_one_way_pair()
        self._stdout, self.stdout = trio.testing.memory_stream_one_way_pair()
        self._stderr, self.stderr = trio.testing.memory_stream_one_way_pair()
        self.pid: int | None = None
        self.returncode: int | None = None
        self.reaped = False
        self.requests: list[ControlRequest] = []
        self._pending = command.stdin_prelude  # in its stdin before it starts, as a spawn must write it
        self._exited = trio.Event()

    async def next_request(self) -> ControlRequest:
        """The next control request the host wrote (its other lines are skipped)."""
        while True:
            line, newline, rest = self._pending.partition(b"\n")
            if newline:
                self._pending = rest
                frame = wire_face.decode_line(line)
                if isinstance(frame, ControlRequest):
                    self.requests.append(frame)
                    return frame
                continue
            data = await self._stdin.receive_some()
            if not data:
                await trio.sleep_forever()  # EOF ignored
            self._pending += data

    async def say(self, stdout: bytes = b"", stderr: bytes = b"") -> None:
        await self._stdout.send_all(stdout)
        await self._stderr.send_all(stderr)

    async def wait(self) -> int:
        await self._exited.wait()
        self.reaped = True
        assert self.returncode is not None
        return self.returncode

    def terminate(self) -> None:
        pass  # SIGTERM ignored

    def kill(self) -> None:
        self._exit(-signal.SIGKILL)

    def _exit(self, code: int) -> None:
        if self.returncode is None:
            self.returncode = code
            self._stdout.close()
            self._stderr.close()
            self._stdin.close()
            self._exited.set()


Play = Callable[[StandIn], Awaitable[None]]


async def _version(cli: StandIn) -> None:
    """``claude --version`` (what prewarm asks first)."""
    await cli.say(b"2.1.330 (Claude Code)\n")
    cli._exit(0)


class StandIns:
    """A ``spawn`` that starts a :class:`StandIn` playing ``play`` (``--version`` is answered) in
    ``nursery``; :attr:`started` lists them."""

    def __init__(self, nursery: trio.Nursery, play: Play) -> None:
        self._nursery = nursery
        self._play = play
        self.started: list[StandIn] = []

    async def spawn(self, command: CLICommand) -> StandIn:
        cli = StandIn(command)
        if "--version" in command.argv:
            self._nursery.start_soon(_version, cli)
            return cli
        self.started.append(cli)
        self._nursery.start_soon(self._play, cli)
        return cli


@asynccontextmanager
async def stand_ins(play: Play) -> AsyncGenerator[StandIns, None]:
    async with trio.open_nursery() as nursery:
        yield StandIns(nursery, play)
        nursery.cancel_scope.cancel()


def opening(
    opener: str, options: ClaudeAgentOptions, initialize_timeout: Any = None
) -> AbstractAsyncContextManager[object]:
    """The block of ``opener``: ``open_session``, ``open_query`` (prompt ``hi``) or ``prewarm``."""
    if opener == "open_session":
        return open_session(options, initialize_timeout=initialize_timeout)
    if opener == "open_query":
        return open_query("hi", options, initialize_timeout=initialize_timeout)
    return prewarm(options, initialize_timeout=initialize_timeout)


async def never_answers(cli: StandIn) -> None:
    await cli.next_request()  # initialize
    await cli.say(
        MISFIT_INIT * 2 + b"Do you trust the files in this folder? (y/n)\n", b"waiting for an answer\n"
    )


async def answers_with_a_misfit(cli: StandIn) -> None:
    initialize = await cli.next_request()
    await cli.say(MISFIT_ANSWER % initialize.request_id.encode())


async def misfits_after_initialize(cli: StandIn) -> None:
    initialize = await cli.next_request()
    await cli.say(INITIALIZE_ANSWERED % initialize.request_id.encode())
    while True:
        request = await cli.next_request()
        await cli.say(MISFIT_ANSWER % request.request_id.encode())


# -- the timeout ---------------------------------------------------------------------------------------


async def test_a_cli_that_never_answers_times_out_saying_what_it_wrote(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with stand_ins(never_answers) as clis:
        started = trio.current_time()
        with pytest.raises(InitializeTimeoutError) as info:
            async with open_session(ClaudeAgentOptions(spawn=clis.spawn), initialize_timeout=5):
                pass
        [cli] = clis.started
    error = info.value
    assert isinstance(error, CLIConnectionError)  # what code written before this error catches
    assert trio.current_time() - started == pytest.approx(5 + 2 + 2)  # then rule 5: grace, SIGTERM, grace
    assert str(error).splitlines() == [
        "the Claude Code CLI did not answer initialize within 5 s; it wrote 3 stdout lines instead: "
        "2 × system/init?, 1 × not JSON (the first that did not type: InitMessage.session_id: missing key "  # noqa: RUF001
        "session_id); it is still running",
        "--- CLI stderr (tail) ---",
        "waiting for an answer",
    ]
    assert (error.timeout, error.exit_code, error.stderr) == (5, None, "waiting for an answer")
    assert cli.returncode == -signal.SIGKILL and cli.reaped  # it ignored EOF and SIGTERM
    assert [type(request.request).__name__ for request in cli.requests] == ["InitializeRequest"]


async def test_a_cli_that_writes_nothing_is_said_to(autojump_clock: trio.testing.MockClock) -> None:
    async def silent(cli: StandIn) -> None:
        await trio.sleep_forever()

    async with stand_ins(silent) as clis:
        with pytest.raises(InitializeTimeoutError, match=r"within 0\.5 s; it wrote nothing on stdout; it is"):
            async with open_query("hi", ClaudeAgentOptions(spawn=clis.spawn), initialize_timeout=0.5):
                pass
    assert clis.started[0].reaped


async def test_prewarm_raises_the_same_error(autojump_clock: trio.testing.MockClock, tmp_path: Path) -> None:
    async with stand_ins(never_answers) as clis:
        with pytest.raises(InitializeTimeoutError, match=r"within 3 s; it wrote 3 stdout lines"):
            async with prewarm(ClaudeAgentOptions(spawn=clis.spawn, cwd=tmp_path), initialize_timeout=3):
                pass
    [cli] = clis.started
    assert "--await-claim" in cli.command.argv and cli.reaped


async def test_cancellation_during_set_up_cancels_cleanly(autojump_clock: trio.testing.MockClock) -> None:
    asked = trio.Event()

    async def asked_then_silent(cli: StandIn) -> None:
        await cli.next_request()
        asked.set()

    async with stand_ins(asked_then_silent) as clis, trio.open_nursery() as nursery:
        scope = trio.CancelScope()

        async def cancel_once_asked() -> None:
            await asked.wait()
            scope.cancel()

        nursery.start_soon(cancel_once_asked)
        with scope:
            async with open_session(ClaudeAgentOptions(spawn=clis.spawn), initialize_timeout=math.inf):
                pytest.fail("the session started")
    assert scope.cancelled_caught
    [cli] = clis.started
    assert cli.reaped and cli.returncode == -signal.SIGKILL
    assert [type(request.request).__name__ for request in cli.requests] == ["InitializeRequest"]


async def test_a_cli_process_that_never_answers_is_killed_and_reaped(tmp_path: Path) -> None:
    # A real child process that ignores EOF and SIGTERM: the timeout, then rule 5 kills it.
    script = tmp_path / "stand_in.py"
    script.write_text("import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(600)\n")
    cli = tmp_path / "claude"
    cli.write_text(f'#!/bin/sh\nexec {sys.executable} {script} "$@"\n')
    cli.chmod(0o755)
    pids: list[int | None] = []

    async def spawn(command: CLICommand) -> CLIProcess:
        process = await spawn_process(command)
        pids.append(process.pid)
        return process

    options = ClaudeAgentOptions(
        cli_path=cli, spawn=spawn, cwd=tmp_path, shutdown_grace=0.2, terminate_grace=0.2
    )
    with (
        no_resource_warnings(),
        pytest.raises(InitializeTimeoutError, match=r"within 0\.5 s; .*still running"),
    ):
        async with open_session(options, initialize_timeout=0.5):
            pass
    [pid] = pids
    assert_reaped(pid)


# -- the argument and the official SDK's variable ------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "error", "says"),
    [
        (0, ValueError, "more than 0"),
        (-1.5, ValueError, "more than 0"),
        (math.nan, ValueError, "more than 0"),
        ("60", TypeError, "a number of seconds"),
        (True, TypeError, "a number of seconds"),
    ],
)
@pytest.mark.parametrize("opener", ["open_session", "open_query", "prewarm"])
async def test_a_timeout_that_is_no_number_of_seconds_is_refused(
    opener: str, value: object, error: type[Exception], says: str
) -> None:
    async def spawn(command: CLICommand) -> StandIn:
        pytest.fail("the CLI started")

    with pytest.raises(error, match=rf"^{opener}\(\): initialize_timeout must be {says}"):
        async with opening(opener, ClaudeAgentOptions(spawn=spawn, cwd="/"), value):
            pass


@pytest.mark.parametrize(
    ("configured", "seconds"),
    [("120000", 120), (" 90000 ", 90), ("1000", 60), ("-5", 60), ("", 60), (None, 60)],
)
def test_the_official_sdks_variable_sets_the_default(
    monkeypatch: pytest.MonkeyPatch, configured: str | None, seconds: float
) -> None:
    # As the official Python SDK reads it: milliseconds, never below 60 s.
    if configured is None:
        monkeypatch.delenv("CLAUDE_CODE_STREAM_CLOSE_TIMEOUT", raising=False)
    else:
        monkeypatch.setenv("CLAUDE_CODE_STREAM_CLOSE_TIMEOUT", configured)
    assert initialize_timeout(None, "open_session") == seconds
    assert initialize_timeout(7, "open_session") == 7  # the argument wins


@pytest.mark.parametrize("opener", ["open_session", "open_query", "prewarm"])
async def test_each_opener_reads_the_variable_unless_given_a_timeout(
    autojump_clock: trio.testing.MockClock, monkeypatch: pytest.MonkeyPatch, opener: str
) -> None:
    monkeypatch.setenv("CLAUDE_CODE_STREAM_CLOSE_TIMEOUT", "1m")
    async with stand_ins(never_answers) as clis:
        options = ClaudeAgentOptions(spawn=clis.spawn, cwd="/")
        with pytest.raises(
            ValueError, match=r"CLAUDE_CODE_STREAM_CLOSE_TIMEOUT must be a whole number .*'1m'"
        ):
            async with opening(opener, options):
                pass
        assert clis.started == []
        with pytest.raises(InitializeTimeoutError) as info:
            async with opening(opener, options, 5):
                pass
    assert info.value.timeout == 5


# -- answers that cannot be typed ----------------------------------------------------------------------


async def test_an_initialize_answer_that_does_not_type_fails_at_once(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with stand_ins(answers_with_a_misfit) as clis:
        started = trio.current_time()
        with pytest.raises(MessageParseError) as info:
            async with open_session(
                ClaudeAgentOptions(spawn=clis.spawn, shutdown_grace=1, terminate_grace=1)
            ):
                pass
        failed_after = trio.current_time() - started
    assert failed_after == pytest.approx(2)  # at once, then rule 5's two graces; not after 60 s
    assert str(info.value) == (
        "the CLI's answer to initialize could not be typed: ControlSuccess.response: expected an object"
    )
    assert info.value.data == {
        "type": "control_response",
        "response": {
            "subtype": "success",
            "request_id": clis.started[0].requests[0].request_id,
            "response": "oops",
        },
    }
    assert clis.started[0].reaped


async def test_any_answer_of_ours_that_does_not_type_fails_its_request_at_once(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with (
        stand_ins(misfits_after_initialize) as clis,
        open_session(ClaudeAgentOptions(spawn=clis.spawn)) as session,
    ):
        started = trio.current_time()
        with pytest.raises(
            MessageParseError, match=r"^the CLI's answer to get_context_usage could not be typed"
        ):
            await session.get_context_usage()
        assert trio.current_time() == started
        assert session.statistics().buffered_messages == 0  # a failed answer is not a message too
        with pytest.raises(MessageParseError):  # the session goes on
            await session.get_context_usage()


async def test_a_stray_answer_that_does_not_type_is_a_message(autojump_clock: trio.testing.MockClock) -> None:
    async def stray(cli: StandIn) -> None:
        initialize = await cli.next_request()
        await cli.say(INITIALIZE_ANSWERED % initialize.request_id.encode() + MISFIT_ANSWER % b"nobody-asked")

    async with stand_ins(stray) as clis, open_session(ClaudeAgentOptions(spawn=clis.spawn)) as session:
        message = await session.receive_messages().__anext__()
    assert isinstance(message, UnknownMessage) and message.type == "control_response"


# -- the converter's self-check --------------------------------------------------------------------------


@pytest.fixture
def fresh_check() -> Any:
    """The self-check runs again (it keeps its first success), before and after the test."""
    check_converter.cache_clear()
    yield
    check_converter.cache_clear()


def _as_cattrs_24_1(value: Any) -> UnknownMessage:
    """What the converter gave with cattrs 24.1, whose generated functions take a second argument."""
    name = "ControlResponse" if value.get("type") == "control_response" else "InitMessage"
    return UnknownMessage(
        raw=value, error=f"{name}: structure_{name}() missing 1 required positional argument: '_'"
    )


@pytest.mark.usefixtures("fresh_check")
async def test_a_converter_that_cannot_type_the_frames_fails_before_the_cli_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(converter, "structure_frame", _as_cattrs_24_1)

    async def spawn(command: CLICommand) -> StandIn:
        pytest.fail("the CLI started")

    with pytest.raises(IncompatibleDependencyError) as info:
        async with open_session(ClaudeAgentOptions(spawn=spawn)):
            pass
    assert str(info.value) == (
        "trio_claude's converter cannot type a control_response frame, which every session depends on "
        "(ControlResponse: structure_ControlResponse() missing 1 required positional argument: '_'); "
        f"installed: cattrs {version('cattrs')}, attrs {version('attrs')}. Install versions trio_claude's "
        "requirements admit (pip install --upgrade cattrs attrs)"
    )
    assert info.value.versions == {"cattrs": version("cattrs"), "attrs": version("attrs")}


@pytest.mark.usefixtures("fresh_check")
def test_the_self_check_names_system_init_too(monkeypatch: pytest.MonkeyPatch) -> None:
    typed = converter.structure_frame

    def structure_frame(value: Any) -> object:
        return _as_cattrs_24_1(value) if value.get("type") == "system" else typed(value)

    monkeypatch.setattr(converter, "structure_frame", structure_frame)
    with pytest.raises(
        IncompatibleDependencyError, match=r"cannot type a system/init frame, .*structure_InitMessage"
    ):
        check_converter()


@pytest.mark.usefixtures("fresh_check")
def test_the_self_check_runs_once(monkeypatch: pytest.MonkeyPatch) -> None:
    check_converter()
    monkeypatch.setattr(converter, "structure_frame", _as_cattrs_24_1)
    check_converter()  # kept: nothing decoded again
