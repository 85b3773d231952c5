"""Rule 5 (leaving the block shuts the CLI down: interrupt, EOF, grace, SIGTERM, grace, SIGKILL, reap) and the
subprocess half of rule 6 (a CLI that dies: ProcessError with its exit code and stderr).

The in-memory tests use the autojump clock, so the graces are exact; the subprocess tests run the fake CLI as
a real child process with small graces and measure wall-clock time.
"""

from __future__ import annotations

import gc
import os
import signal
import time
import warnings
from collections.abc import Generator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

import pytest
import trio
import trio.testing
from _timing import slack

from trio_claude import (
    ClaudeAgentOptions,
    ClaudeSession,
    CLIConnectionError,
    ProcessError,
    open_query,
    open_session,
)
from trio_claude.model import InitMessage, InterruptRequest, ResultMessage
from trio_claude.testing import FakeAction, Say, SendRequest, Sleep, open_fake_cli, write_fake_cli_executable

from ._support import Recorder, answered_ids, host_requests, permission, read_turn

Way = Literal["normally", "by exception", "by cancellation", "by break"]
WAYS: tuple[Way, ...] = ("normally", "by exception", "by cancellation", "by break")
MID_TURN: list[list[FakeAction]] = [[Say(text="thinking"), Sleep(seconds=60), Say(text="never said")]]


class Boom(Exception):
    pass


async def leave_mid_turn(
    session: ClaudeSession,
    way: Way,
    left: list[float] | None = None,
    *,
    cancel: trio.CancelScope | None = None,
) -> None:
    """Start a turn, see that it runs, and leave the ``open_session`` block the given way; ``left`` gets
    the time of leaving.  For "by cancellation" the caller wraps the block in a cancel scope that fires:
    by its deadline, or, given as ``cancel``, cancelled once the turn runs (in real time, a deadline could
    fire before the turn even started on a loaded machine)."""
    left = [] if left is None else left
    await session.send("go")
    if way == "by break":
        async for message in session.receive_messages():
            if isinstance(message, InitMessage):
                break
        left.append(trio.current_time())
        return
    assert isinstance(await session.receive_message(), InitMessage)
    if way == "by exception":
        left.append(trio.current_time())
        raise Boom
    if way == "by cancellation":
        if cancel is not None:
            cancel.cancel()
        try:
            await trio.sleep_forever()
        finally:
            left.append(trio.current_time())
    left.append(trio.current_time())


@contextmanager
def outcome_of(way: Way) -> Generator[trio.CancelScope, None, None]:
    """What leaving ``way`` looks like from outside the block: Boom propagates unwrapped; a cancellation is
    caught by its own scope."""
    with trio.move_on_after(5) as scope:
        if way == "by exception":
            with pytest.raises(Boom):
                yield scope
        else:
            yield scope
    assert scope.cancelled_caught == (way == "by cancellation")


# --------------------------------------------------------------------------------------------------------
# In memory, exact timing
# --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("way", WAYS)
async def test_rule5_leaving_mid_turn_interrupts_closes_stdin_and_reaps(
    autojump_clock: trio.testing.MockClock, way: Way
) -> None:
    async with open_fake_cli(MID_TURN) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, shutdown_grace=2, terminate_grace=2)
        left: list[float] = []
        with outcome_of(way):
            async with open_session(options) as session:
                await leave_mid_turn(session, way, left)
        left_at = left[0]
        process = fake.process
        # The CLI was told to stop the turn, then got EOF, and exited by itself at once (no signal).
        assert [type(frame.request) for frame in process.host_requests][-1] is InterruptRequest
        assert process.eof_at == left_at
        assert trio.current_time() == left_at  # control came back at once
        assert process.signals == []
        assert process.returncode == session.returncode == 1  # its last result was the interrupted turn's
        [result] = process.results
        assert result.terminal_reason == "aborted_streaming"
        # The session is over: no message is left to read and no call can start.
        assert session.statistics().pending_requests == 0
        with pytest.raises(CLIConnectionError):
            await session.get_context_usage()


async def test_rule5_leaving_between_turns_sends_no_interrupt(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli() as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            await session.send("hi")
            await read_turn(session)
        assert host_requests(fake.process, InterruptRequest) == []
        assert fake.process.eof_at is not None and fake.process.returncode == 0


@pytest.mark.parametrize(
    ("behaviour", "signals", "code", "elapsed"),
    [
        ({"exit_delay": 1.5}, [], 1, 1.5),
        ({"exit_delay": 30}, [signal.SIGTERM], 143, 2),
        ({"exit_on_eof": False, "ignore_sigterm": True}, [signal.SIGTERM, signal.SIGKILL], -9, 2 + 3),
    ],
    ids=["slow-exit-within-grace", "sigterm", "sigterm-ignored-then-sigkill"],
)
async def test_rule5_escalation(
    autojump_clock: trio.testing.MockClock,
    behaviour: dict[str, float | bool],
    signals: list[signal.Signals],
    code: int,
    elapsed: float,
) -> None:
    async with open_fake_cli(MID_TURN, **behaviour) as fake:  # type: ignore[arg-type]
        options = ClaudeAgentOptions(spawn=fake.spawn, shutdown_grace=2, terminate_grace=3)
        async with open_session(options) as session:
            await leave_mid_turn(session, "normally")
            left_at = trio.current_time()
        process = fake.process
        assert trio.current_time() - left_at == pytest.approx(elapsed)
        assert [number for number, _ in process.signals] == signals
        assert [when - left_at for _, when in process.signals] == pytest.approx([2, 2 + 3][: len(signals)])
        assert process.eof_at == left_at
        assert host_requests(process, InterruptRequest)
        assert process.returncode == session.returncode == code


async def test_rule5_an_outer_cancellation_still_shuts_down_completely(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # The shutdown is shielded: a cancellation of the caller does not cut it short, and it is bounded.
    async with open_fake_cli(MID_TURN, exit_on_eof=False, ignore_sigterm=True) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, shutdown_grace=2, terminate_grace=3)
        start = trio.current_time()
        with trio.move_on_after(1) as scope:
            async with open_session(options) as session:
                await leave_mid_turn(session, "by cancellation")
        assert scope.cancelled_caught
        assert trio.current_time() - start == pytest.approx(1 + 2 + 3)
        assert fake.process.returncode == -9


async def test_rule5_leaving_cancels_handlers_still_running(autojump_clock: trio.testing.MockClock) -> None:
    # The CLI never cancels its request (cancel_on_interrupt=False) and never exits by itself: the session
    # cancels the handler as it leaves (no answer could reach the CLI once stdin is closed).
    recorder = Recorder(block=frozenset({"toolu_stuck"}))
    script: list[list[FakeAction]] = [[SendRequest(request=permission("toolu_stuck"))]]
    async with open_fake_cli(script, cancel_on_interrupt=False, exit_on_eof=False) as fake:
        options = ClaudeAgentOptions(
            spawn=fake.spawn, can_use_tool=recorder.can_use_tool, shutdown_grace=1, terminate_grace=1
        )
        async with open_session(options) as session:
            await session.send("go")
            await recorder.wait_started(1)
            left_at = trio.current_time()
        assert recorder.events() == ["toolu_stuck started", "toolu_stuck cancelled"]
        assert recorder.at("toolu_stuck cancelled") == left_at  # at once, not after the grace
        assert answered_ids(fake.process) == []
        assert trio.current_time() - left_at == pytest.approx(1)
        assert fake.process.returncode == 143


async def test_rule5_breaking_out_of_a_query(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli(MID_TURN) as fake:
        async with open_query("go", ClaudeAgentOptions(spawn=fake.spawn)) as messages:
            async for message in messages:
                if isinstance(message, InitMessage):
                    break
        assert host_requests(fake.process, InterruptRequest)
        assert fake.process.eof_at is not None
        assert fake.process.returncode == 1 and fake.process.signals == []


# --------------------------------------------------------------------------------------------------------
# As real subprocesses
# --------------------------------------------------------------------------------------------------------


@contextmanager
def no_resource_warnings() -> Generator[None, None, None]:
    """Fail if anything (an unreaped process, an unclosed pipe) issues a ResourceWarning, including when
    it is garbage-collected at the end."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
        gc.collect()
    leaks = [str(warning.message) for warning in caught if issubclass(warning.category, ResourceWarning)]
    assert leaks == []


def assert_reaped(pid: int | None) -> None:
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


async def test_rule5_subprocess_exits_gracefully_mid_turn(tmp_path: Path) -> None:
    cli = write_fake_cli_executable(tmp_path, "slow", sleep=60)
    options = ClaudeAgentOptions(cli_path=cli, cwd=tmp_path, shutdown_grace=10, terminate_grace=10)
    with no_resource_warnings(), trio.fail_after(20):
        async with open_session(options) as session:
            pid = session.pid
            await leave_mid_turn(session, "by break")
            left_at = time.monotonic()
        elapsed = time.monotonic() - left_at
        returncode = session.returncode
        del session
    assert elapsed < min(10, slack())  # within the grace: the CLI honoured interrupt and EOF
    # The CLI's exit code after an interrupted turn (its last result is an error), and no ProcessError.
    assert returncode == 1
    assert_reaped(pid)


async def test_rule5_subprocess_that_ignores_sigterm_is_killed(tmp_path: Path) -> None:
    grace = 0.3
    cli = write_fake_cli_executable(tmp_path, "slow", sleep=60, ignore_eof=True, ignore_sigterm=True)
    options = ClaudeAgentOptions(cli_path=cli, cwd=tmp_path, shutdown_grace=grace, terminate_grace=grace)
    with no_resource_warnings(), trio.fail_after(20):
        async with open_session(options) as session:
            pid = session.pid
            await leave_mid_turn(session, "normally")
            left_at = time.monotonic()
        elapsed = time.monotonic() - left_at
        returncode = session.returncode
        del session
    assert returncode == -signal.SIGKILL
    # Control comes back after the two graces (EOF ignored, SIGTERM ignored), and not much later.
    assert 2 * grace <= elapsed < 2 * grace + slack()
    assert_reaped(pid)


async def test_rule5_subprocess_outer_cancellation(tmp_path: Path) -> None:
    grace = 0.2
    cli = write_fake_cli_executable(tmp_path, "slow", sleep=60, ignore_eof=True, ignore_sigterm=True)
    options = ClaudeAgentOptions(cli_path=cli, cwd=tmp_path, shutdown_grace=grace, terminate_grace=grace)
    left: list[float] = []
    sessions: list[ClaudeSession] = []
    with no_resource_warnings(), trio.fail_after(20):
        with trio.move_on_after(15) as scope:
            async with open_session(options) as session:
                sessions.append(session)
                await leave_mid_turn(session, "by cancellation", left, cancel=scope)  # from outside, mid-turn
        elapsed = trio.current_time() - left[0]
        assert scope.cancelled_caught
        pid, returncode = sessions[0].pid, sessions[0].returncode
        sessions.clear()
    assert returncode == -signal.SIGKILL
    assert 2 * grace <= elapsed < 2 * grace + slack()
    assert_reaped(pid)


async def test_rule6_subprocess_crash_carries_exit_code_and_stderr(tmp_path: Path) -> None:
    cli = write_fake_cli_executable(
        tmp_path, "crash", exit_code=3, stderr="fatal: out of cheese\nredo from start"
    )
    seen: list[str] = []
    pids: list[int | None] = []
    with no_resource_warnings(), trio.fail_after(20), pytest.raises(ProcessError) as info:
        async with open_session(
            ClaudeAgentOptions(cli_path=cli, cwd=tmp_path, stderr=seen.append)
        ) as session:
            pids.append(session.pid)
            await session.send("go")
            async for message in session.receive_messages():
                assert not isinstance(message, ResultMessage)
    [pid] = pids
    assert info.value.exit_code == 3
    assert info.value.stderr.splitlines()[-2:] == ["fatal: out of cheese", "redo from start"]
    assert seen[-2:] == ["fatal: out of cheese", "redo from start"]
    assert_reaped(pid)
