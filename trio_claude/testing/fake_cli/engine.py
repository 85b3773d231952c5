"""One fake CLI process, whatever its streams: read stdin, play the script, write stdout and stderr, exit.

The engine ties the parts together: it reads and dispatches what the host writes (prompts to the queue,
control requests to :class:`~.control.ControlAnswers`, answers to :class:`~.requests.HostRequests`), plays
a turn per prompt with :class:`~.player.TurnPlayer`, and exits by the real CLI's rule: after stdin EOF,
once the run is over (:class:`~trio_claude.protocol.Turns`).
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

import trio

from ... import model, wire
from ..._config._discovery import parse_version
from ...model import UnknownMessage, UserMessage
from ...protocol import (
    NEED_DATA,
    CancelReceived,
    Connection,
    EndOfStream,
    InvalidLine,
    LineFramer,
    MessageReceived,
    NoLine,
    ProtocolError,
    RequestReceived,
    ResponseReceived,
    Role,
)
from .claim import not_claimed_result
from .control import ControlAnswers
from .flags import parse_cli_flags
from .frames import Frames
from .output import Output
from .player import TurnPlayer
from .requests import HostRequests
from .script import FakeCLIBehavior, FakeCLIScript, SentRequest
from .state import ProcessState

__all__ = ["Engine"]

_READ_SIZE = 65536
_LINE_TYPE = re.compile(rb'"type"\s*:\s*"([^"\\]*)"')


class Engine:
    """One fake CLI process: reads stdin, plays the script, writes stdout and stderr, returns its exit code.

    Runs in :meth:`run`; cancelling :meth:`run` is a kill (nothing more is written, the streams are left
    to the caller).  ``argv`` are the real CLI's arguments (the flags that change what it writes are
    honoured), ``pid`` the process id the ``initialize`` answer reports.
    """

    def __init__(
        self,
        script: FakeCLIScript,
        behavior: FakeCLIBehavior,
        *,
        argv: Sequence[str],
        cwd: str | None,
        pid: int | None,
        stdin: trio.abc.ReceiveStream,
        stdout: trio.abc.SendStream,
        stderr: trio.abc.SendStream,
    ) -> None:
        flags = parse_cli_flags(argv)
        version = parse_version(behavior.claude_code_version)
        legacy = version is not None and version < (2, 1, 330)
        self._behavior = behavior
        self._stdin = stdin
        self._streams = (stdout, stderr, stdin)  # closed in this order on exit
        self._frames = Frames(
            rng=random.Random(behavior.seed),
            legacy=legacy,
            version=behavior.claude_code_version,
            cwd=cwd if cwd is not None else os.getcwd(),
            now=trio.current_time,
        )
        self._frames.session_id = behavior.session_id or flags.resume or self._frames.uuid()
        self._conn = Connection(Role.CLI, rng=random.Random(behavior.seed))
        self._output = Output(self._conn, stdout, stderr)
        self._host_requests = HostRequests(self._output)
        for parked in behavior.parked_requests:
            self._host_requests.park(parked)
        self._state = ProcessState(
            behavior=behavior,
            legacy=legacy,
            model=flags.model or behavior.model,
            permission_mode=flags.permission_mode or "default",
            mcp_servers=dict(flags.mcp_servers),
            spare="parked" if flags.await_claim else None,
            skip_permissions_allowed=flags.allow_dangerously_skip_permissions,
        )
        self._unknown_option = "--await-claim" if flags.await_claim and legacy else None
        self._version_only = "--version" in argv[1:]
        self._control = ControlAnswers(
            self._state,
            self._output,
            self._frames,
            self._host_requests,
            pid=pid,
            cwd=cwd if cwd is not None else os.getcwd(),
        )
        partial = behavior.include_partial_messages
        self._player = TurnPlayer(
            script,
            self._state,
            self._output,
            self._frames,
            self._host_requests,
            partial=flags.include_partial_messages if partial is None else partial,
            finish=self._finish,
            fatal=self._fatal,
        )
        self._wake = trio.Event()
        self._first_input = trio.Event()
        self._eof = False
        self._exit_code: int | None = None
        self._work = trio.CancelScope()
        self.received: list[model.Frame] = []
        """Every frame read from stdin, in order."""
        self.invalid_lines: list[bytes] = []
        """Stdin lines that were not protocol."""
        self.eof_at: float | None = None
        """When the process read EOF on stdin."""

    # -- the records -----------------------------------------------------------------------------------

    @property
    def sent(self) -> list[model.Frame]:
        return self._output.sent

    @property
    def sent_lines(self) -> list[bytes]:
        return self._output.sent_lines

    @property
    def stderr_chunks(self) -> list[bytes]:
        return self._output.stderr_chunks

    @property
    def requests(self) -> list[SentRequest]:
        return self._host_requests.sent

    @property
    def mcp_servers(self) -> dict[str, Any]:
        return self._state.mcp_servers

    # -- running ---------------------------------------------------------------------------------------

    async def run(self) -> int:
        """Play until the process exits; return the exit code.  Closes the three streams on the way out."""
        self._frames.start()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._output.run)
            with self._work:
                async with trio.open_nursery() as work:
                    work.start_soon(self._reader, work)
                    if self._version_only:  # `claude --version`
                        self._output.raw(f"{self._behavior.claude_code_version} (Claude Code)\n".encode())
                        self._finish(0)
                    elif self._unknown_option is not None:  # the real CLI exits before reading stdin
                        self._fatal(f"error: unknown option '{self._unknown_option}'")
                    elif self._behavior.resume_missing:
                        work.start_soon(self._resume_missing)
                    else:
                        work.start_soon(self._play)
            self._output.end()
        for stream in self._streams:
            await stream.aclose()
        assert self._exit_code is not None
        return self._exit_code

    def _finish(self, code: int) -> None:
        """Exit with ``code`` once what was written so far is flushed (the first call wins)."""
        if self._exit_code is None:
            self._exit_code = code
            self._output.close()
            self._work.cancel()

    def _fatal(self, message: str) -> None:
        self._output.stderr(message)
        self._finish(1)

    async def _play(self) -> None:
        """Play a turn per prompt, in order; after stdin EOF, exit once the run is over."""
        state = self._state
        while not (self._eof and state.turns.run_over()):
            if state.queue and state.spare in ("parked", "let_go"):  # a prompt the spare was not claimed for
                state.queue.popleft()
                state.spare = "let_go"
                state.last_is_error = True
                self._output.frame(not_claimed_result(self._frames))
                state.turns.add_result()
            elif state.queue:
                await self._player.play(state.queue.popleft())
            else:
                await self._wake.wait()
                self._wake = trio.Event()
        if not self._behavior.exit_on_eof:
            await trio.sleep_forever()
        if self._behavior.exit_delay:
            await trio.sleep(self._behavior.exit_delay)
        self._finish(1 if state.last_is_error else 0)

    async def _resume_missing(self) -> None:
        """``--resume`` of a session that does not exist: explain on stderr and stdout, exit 1."""
        with trio.move_on_after(0.25):
            await self._first_input.wait()
        message = f"No conversation found with session ID: {self._frames.session_id}"
        self._output.stderr(message)
        self._output.frame(self._frames.missing_session_result(message))
        self._state.turns.add_result()
        self._finish(1)

    # -- reading ---------------------------------------------------------------------------------------

    async def _reader(self, work: trio.Nursery) -> None:
        framer = LineFramer()
        try:
            while True:
                line = framer.next_line()
                if line is NoLine.NEED_DATA:
                    try:
                        data = await self._stdin.receive_some(_READ_SIZE)
                    except (trio.BrokenResourceError, trio.ClosedResourceError):
                        data = b""
                    framer.feed(bytes(data))
                    continue
                if line is NoLine.EOF:
                    self._on_eof()
                    return
                self._on_line(line, work)
        except ProtocolError as exc:  # a line over the framer's limit
            self._fatal(f"Error reading streaming input: {exc}")

    def _on_line(self, line: bytes, work: trio.Nursery) -> None:
        self._first_input.set()
        try:
            frame = wire.decode_line(line)
        except wire.DecodeError:
            self.invalid_lines.append(line)
            match = _LINE_TYPE.search(line)
            kind = match.group(1).decode("utf-8", "replace") if match else "unknown"
            chars = len(line.decode("utf-8", "replace"))
            self._fatal(f"Error parsing streaming input line (type={kind}, {chars} chars): SyntaxError")
            return
        self.received.append(frame)
        self._conn.receive_data(line + b"\n")
        while True:
            event = self._conn.next_event()
            if event is NEED_DATA:
                return
            if isinstance(event, MessageReceived):
                self._on_message(event.message)
            elif isinstance(event, RequestReceived):
                self._control.answer(event.request_id, event.request, work)
            elif isinstance(event, ResponseReceived):
                self._host_requests.answered(event)
            elif isinstance(event, CancelReceived):
                self._control.cancelled(event.request_id)
            elif isinstance(event, InvalidLine):
                self.invalid_lines.append(event.line)  # a duplicate request id: the real CLI ignores it
            else:  # EndOfStream cannot follow a single complete line
                assert isinstance(event, EndOfStream)

    def _on_eof(self) -> None:
        self._first_input.set()
        self._eof = True
        self.eof_at = trio.current_time()
        self._host_requests.stdin_closed()
        self._wake.set()

    def _on_message(self, message: object) -> None:
        if isinstance(message, UserMessage):
            if message.message.role != "user":
                self._fatal(f"Error: Expected message role 'user', got '{message.message.role}'")
                return
            if self._state.turns.add_prompt(message):  # a prompt with shouldQuery false is only recorded
                self._state.queue.append(message)
                self._wake.set()
        elif isinstance(message, UnknownMessage) and message.type == "user":
            role = _get(_get(message.raw, "message"), "role")
            shown = "undefined" if role is None else str(role)
            self._fatal(f"Error: Expected message role 'user', got '{shown}'")
        # Any other type (keep_alive, unknown types, replays) is ignored, like the real CLI does.


def _get(value: Any, key: str) -> Any:
    """``value[key]`` if ``value`` is a JSON object, else ``None``."""
    return cast(Mapping[str, Any], value).get(key) if isinstance(value, Mapping) else None
