"""The fake CLI in memory: processes over trio memory streams, spawned from an :func:`open_fake_cli` block."""

from __future__ import annotations

import signal
import sys
from collections.abc import AsyncGenerator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import trio
import trio.testing

from ... import CLICommand
from ...model import (
    ControlCancelRequest,
    ControlError,
    ControlRequest,
    ControlRequestPayload,
    ControlResponse,
    ControlSuccess,
    Frame,
    ResultMessage,
    UserMessage,
)
from .engine import Engine
from .script import DEFAULT_MODEL, FakeAction, FakeCLIBehavior, FakeCLIScript, SentRequest

if sys.version_info < (3, 11):  # pragma: no cover - trio depends on the backport there
    from exceptiongroup import BaseExceptionGroup

__all__ = ["FakeCLI", "FakeCLIProcess", "open_fake_cli"]

_FIRST_FAKE_PID = 90001


class FakeCLIProcess:
    """One fake CLI process over trio memory streams; a :class:`~trio_claude.CLIProcess`.

    Started by :meth:`FakeCLI.spawn`.  ``stdin`` / ``stdout`` / ``stderr`` are the host's ends: closing
    ``stdin`` is EOF for the fake, and when the fake exits its ``stdout``/``stderr`` reach EOF and writes
    to ``stdin`` raise :class:`trio.BrokenResourceError`.

    The records (live lists, in order; do not modify them): :attr:`received` (every frame read from
    stdin), :attr:`invalid_lines`, :attr:`sent` (every frame written to stdout), :attr:`sent_lines` (every
    stdout write, raw lines included), :attr:`stderr_text`, :attr:`requests` (the control requests the
    fake sent and their answers), :attr:`eof_at`, :attr:`signals`, :attr:`mcp_servers`, plus views for
    common assertions.
    """

    def __init__(
        self, script: FakeCLIScript, behavior: FakeCLIBehavior, command: CLICommand, pid: int | None
    ) -> None:
        self.command = command
        """The :class:`~trio_claude.CLICommand` this process was spawned with."""
        self._pid = pid
        self._ignore_sigterm = behavior.ignore_sigterm
        self._stdin, stdin_receive = trio.testing.memory_stream_one_way_pair()
        stdout_send, self._stdout = trio.testing.memory_stream_one_way_pair()
        stderr_send, self._stderr = trio.testing.memory_stream_one_way_pair()
        self._engine_streams = (stdin_receive, stdout_send, stderr_send)
        stdin_receive.put_data(command.stdin_prelude)  # in its stdin before it starts, as a real spawn does
        self._engine = Engine(
            script,
            behavior,
            argv=command.argv,
            cwd=command.cwd,
            pid=pid,
            stdin=stdin_receive,
            stdout=stdout_send,
            stderr=stderr_send,
        )
        self._returncode: int | None = None
        self._signals: list[tuple[int, float]] = []
        self._exited = trio.Event()
        self._scope = trio.CancelScope()

    # -- the CLIProcess interface -----------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """A fake process id (``None`` when ``fake_pid`` of :class:`FakeCLIBehavior` is off)."""
        return self._pid

    @property
    def returncode(self) -> int | None:
        """The exit code once the fake exited (``143`` after :meth:`terminate`, ``-9`` after :meth:`kill`),
        else ``None``."""
        return self._returncode

    @property
    def stdin(self) -> trio.testing.MemorySendStream:
        """The fake's stdin, to write to; ``aclose()`` it for EOF."""
        return self._stdin

    @property
    def stdout(self) -> trio.testing.MemoryReceiveStream:
        """The fake's stdout, to read from."""
        return self._stdout

    @property
    def stderr(self) -> trio.testing.MemoryReceiveStream:
        """The fake's stderr, to read from."""
        return self._stderr

    async def wait(self) -> int:
        """Wait until the fake exits and return its exit code.  Cancellable; the fake is not affected."""
        await self._exited.wait()
        assert self._returncode is not None
        return self._returncode

    def terminate(self) -> None:
        """SIGTERM: the fake exits at once with ``143``, writing nothing more (unless it ignores SIGTERM).

        143 (128 + 15) is what the real CLI exits with: it handles SIGTERM itself.
        """
        self._signal(signal.SIGTERM)
        if not self._ignore_sigterm:
            self._exit(128 + signal.SIGTERM)

    def kill(self) -> None:
        """SIGKILL: the fake exits at once with ``-9``, writing nothing more."""
        self._signal(signal.SIGKILL)
        self._exit(-9)

    def _signal(self, number: int) -> None:
        if self._returncode is None:
            self._signals.append((number, trio.current_time()))

    # -- records ---------------------------------------------------------------------------------------

    @property
    def received(self) -> list[Frame]:
        """Every frame read from stdin, in order (late answers and stale cancels included)."""
        return self._engine.received

    @property
    def invalid_lines(self) -> list[bytes]:
        """Stdin lines that were not protocol (not JSON, which is fatal as in the real CLI, or duplicate
        request ids)."""
        return self._engine.invalid_lines

    @property
    def sent(self) -> list[Frame]:
        """Every frame written to stdout, in order (not :class:`RawLine` data)."""
        return self._engine.sent

    @property
    def sent_lines(self) -> list[bytes]:
        """Every write to stdout, raw lines included."""
        return self._engine.sent_lines

    @property
    def stderr_text(self) -> str:
        """Everything written to stderr."""
        return b"".join(self._engine.stderr_chunks).decode("utf-8", "replace")

    @property
    def requests(self) -> list[SentRequest]:
        """The control requests the fake sent to the host, with their answers, in order."""
        return self._engine.requests

    @property
    def eof_at(self) -> float | None:
        """When (:func:`trio.current_time`) the fake read EOF on stdin; ``None`` if it has not."""
        return self._engine.eof_at

    @property
    def signals(self) -> list[tuple[int, float]]:
        """The signals sent with :meth:`terminate` and :meth:`kill` (ignored ones included), in order, as
        ``(signal number, trio.current_time() when sent)``."""
        return self._signals

    @property
    def prompts(self) -> list[UserMessage]:
        """The user messages received."""
        return [frame for frame in self.received if isinstance(frame, UserMessage)]

    @property
    def host_requests(self) -> list[ControlRequest]:
        """The control requests the host sent."""
        return [frame for frame in self.received if isinstance(frame, ControlRequest)]

    @property
    def cancels_received(self) -> list[str]:
        """Ids of the ``control_cancel_request`` frames the host sent."""
        return [frame.request_id for frame in self.received if isinstance(frame, ControlCancelRequest)]

    @property
    def cancels_sent(self) -> list[str]:
        """Ids of the ``control_cancel_request`` frames the fake sent."""
        return [frame.request_id for frame in self.sent if isinstance(frame, ControlCancelRequest)]

    @property
    def responses_received(self) -> list[ControlSuccess | ControlError]:
        """The host's answers to the fake's requests, in order (late ones and duplicates included)."""
        return [frame.response for frame in self.received if isinstance(frame, ControlResponse)]

    @property
    def responses_sent(self) -> dict[str, ControlSuccess | ControlError]:
        """The fake's answers to the host's requests, by request id."""
        return {frame.request_id: frame.response for frame in self.sent if isinstance(frame, ControlResponse)}

    @property
    def results(self) -> list[ResultMessage]:
        """The ``result`` frames written."""
        return [frame for frame in self.sent if isinstance(frame, ResultMessage)]

    @property
    def mcp_servers(self) -> dict[str, Any]:
        """The dynamic MCP servers now, by name, as the CLI got them.

        They come from ``--mcp-config`` and ``initialize.sdkMcpServers`` (as ``{"type": "sdk", ...}``),
        and each ``mcp_set_servers`` replaces them as a whole."""
        return dict(self._engine.mcp_servers)

    # -- internals -------------------------------------------------------------------------------------

    async def _run(self) -> None:
        with self._scope:
            code = await self._engine.run()
            self._exit(code)

    def _exit(self, code: int) -> None:
        if self._returncode is not None:
            return
        self._returncode = code
        self._scope.cancel()
        stdin_receive, stdout_send, stderr_send = self._engine_streams
        stdout_send.close()
        stderr_send.close()
        stdin_receive.close()
        self._exited.set()

    def __repr__(self) -> str:
        state = "running" if self._returncode is None else f"exited {self._returncode}"
        return f"<FakeCLIProcess pid={self._pid} {state}>"


class FakeCLI:
    """The in-memory fake CLI of one :func:`open_fake_cli` block: it spawns :class:`FakeCLIProcess` objects.

    Pass :meth:`spawn` as ``ClaudeAgentOptions(spawn=fake.spawn)``; every process plays the same
    :attr:`script` with the same :attr:`behavior`, from its first turn.
    """

    def __init__(self, script: FakeCLIScript, behavior: FakeCLIBehavior, nursery: trio.Nursery) -> None:
        self.script = script
        """The script every process plays."""
        self.behavior = behavior
        """How every process behaves."""
        self.processes: list[FakeCLIProcess] = []
        """The processes started, in order."""
        self.commands: list[CLICommand] = []
        """The commands :meth:`spawn` was given, in order."""
        self._nursery = nursery

    async def spawn(self, command: CLICommand | None = None) -> FakeCLIProcess:
        """Start a fake CLI process for ``command`` (argv, env and cwd are recorded; the real CLI's flags
        ``--resume``, ``--model``, ``--permission-mode`` and ``--include-partial-messages`` are honoured).

        ``command`` defaults to a bare ``claude``.  The process runs in the :func:`open_fake_cli` block's
        nursery, so it outlives the caller.  Raises :class:`RuntimeError` once that block has ended.  If the
        caller is cancelled here, the process is already started and recorded (like a real spawn that
        raced a cancellation); it is killed when the block ends.
        """
        if command is None:
            command = CLICommand(argv=("claude",), env={}, cwd=None)
        pid = _FIRST_FAKE_PID + len(self.processes) if self.behavior.fake_pid else None
        process = FakeCLIProcess(self.script, self.behavior, command, pid)
        self._nursery.start_soon(process._run)
        self.commands.append(command)
        self.processes.append(process)
        await trio.lowlevel.checkpoint()
        return process

    @property
    def process(self) -> FakeCLIProcess:
        """The last process started.  Raises :class:`LookupError` if none was."""
        if not self.processes:
            raise LookupError("the fake CLI has not been spawned")
        return self.processes[-1]

    @property
    def received(self) -> list[Frame]:
        """:attr:`FakeCLIProcess.received` of the last process."""
        return self.process.received

    @property
    def sent(self) -> list[Frame]:
        """:attr:`FakeCLIProcess.sent` of the last process."""
        return self.process.sent

    def _kill_all(self) -> None:
        for process in self.processes:
            process.kill()


@asynccontextmanager
async def open_fake_cli(
    script: FakeCLIScript | Iterable[Iterable[FakeAction]] | None = None,
    *,
    claude_code_version: str = "2.1.330",
    emit_session_state: bool = True,
    exit_on_eof: bool = True,
    exit_delay: float = 0.0,
    ignore_sigterm: bool = False,
    resume_missing: bool = False,
    include_partial_messages: bool | None = None,
    context_usage_delay: float | None = 0.0,
    answer_after_cancel: bool = False,
    cancel_on_interrupt: bool = True,
    model: str = DEFAULT_MODEL,
    session_id: str | None = None,
    fake_pid: bool = True,
    seed: int | None = None,
    refused_models: tuple[str, ...] = (),
    parked_requests: Iterable[ControlRequestPayload] = (),
) -> AsyncGenerator[FakeCLI, None]:
    """Run an in-memory fake CLI for the block; yields a :class:`FakeCLI` to spawn processes with.

    ``script`` is a :class:`FakeCLIScript` or just its turns (each an iterable of actions); ``None``
    answers every prompt with ``Say(text="ok")``.  The keyword arguments are the fields of
    :class:`FakeCLIBehavior`.

    The block owns a nursery where the processes run; leaving it (normally, by exception or by
    cancellation) kills every process still running (exit code ``-9``).  An exception raised in the block
    propagates unwrapped.
    """
    if not isinstance(script, FakeCLIScript):
        script = FakeCLIScript(turns=script or ())
    behavior = FakeCLIBehavior(
        claude_code_version=claude_code_version,
        emit_session_state=emit_session_state,
        exit_on_eof=exit_on_eof,
        exit_delay=exit_delay,
        ignore_sigterm=ignore_sigterm,
        resume_missing=resume_missing,
        include_partial_messages=include_partial_messages,
        context_usage_delay=context_usage_delay,
        answer_after_cancel=answer_after_cancel,
        cancel_on_interrupt=cancel_on_interrupt,
        model=model,
        session_id=session_id,
        fake_pid=fake_pid,
        seed=seed,
        refused_models=refused_models,
        parked_requests=parked_requests,
    )
    try:
        async with trio.open_nursery() as nursery:
            fake = FakeCLI(script, behavior, nursery)
            try:
                yield fake
            finally:
                fake._kill_all()
                nursery.cancel_scope.cancel()
    except BaseExceptionGroup as group:
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise
