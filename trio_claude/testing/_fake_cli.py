"""A scripted fake Claude Code CLI, built on the protocol core's CLI role.

It speaks the stream-json protocol like ``claude`` 2.1.330 does (frame shapes and order copied from the
golden transcripts in ``wire/transcripts``), but instead of calling a model it plays a script: each prompt
consumes the next *turn*, and a turn is a sequence of *actions* (say a text, ask a permission, call a hook,
sleep, crash…).  It answers the host's control requests, honours ``interrupt`` and
``control_cancel_request``, queues prompts that arrive during a turn, and exits on stdin EOF with the
real CLI's exit code rule.

Two ways to run it:

* in memory — :func:`open_fake_cli` yields a :class:`FakeCLI` whose :meth:`FakeCLI.spawn` starts a
  :class:`FakeCLIProcess` over trio memory streams (pass it as ``ClaudeAgentOptions(spawn=fake.spawn)``);
  everything the process received and sent is recorded for assertions;
* as a real subprocess — ``python -m trio_claude.testing.fake_cli --scenario NAME`` runs the same engine
  over the process's stdin/stdout/stderr (see :data:`SCENARIOS`, :func:`fake_cli_command` and
  :func:`write_fake_cli_executable`).

The engine (:class:`_Engine`) is I/O-agnostic: it reads one :class:`trio.abc.ReceiveStream` and writes two
:class:`trio.abc.SendStream`; every frame goes through a :class:`~trio_claude.protocol.Connection` in the
CLI role, so request ids, late answers and cancels follow the same rules as the SDK side.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import shlex
import signal
import sys
import uuid
from collections import deque
from collections.abc import AsyncGenerator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Literal, TypeAlias, cast

import attrs
import orjson
import trio
import trio.testing

from .. import wire
from .._command import CLICommand, parse_version
from ..model import (
    ContextUsageResponse,
    ControlCancelRequest,
    ControlError,
    ControlRequest,
    ControlRequestPayload,
    ControlResponse,
    ControlSuccess,
    EmptyResponse,
    Frame,
    GetContextUsageRequest,
    InitializeRequest,
    InitializeResponse,
    InterruptRequest,
    InterruptResponse,
    JSONObject,
    McpSetServersRequest,
    McpSetServersResponse,
    McpStatusRequest,
    McpStatusResponse,
    McpToggleRequest,
    ResultMessage,
    SetMaxThinkingTokensRequest,
    SetModelRequest,
    SetModelResponse,
    SetPermissionModeRequest,
    SetPermissionModeResponse,
    StopTaskRequest,
    UnknownControlRequest,
    UnknownMessage,
    UserMessage,
    WireObject,
)
from ..protocol import (
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

if sys.version_info < (3, 11):  # pragma: no cover - trio depends on the backport there
    from exceptiongroup import BaseExceptionGroup

__all__ = [
    "SCENARIOS",
    "AskPermission",
    "CallHook",
    "Crash",
    "FakeAction",
    "FakeCLI",
    "FakeCLIBehavior",
    "FakeCLIProcess",
    "FakeCLIScript",
    "RawLine",
    "Say",
    "SendRequest",
    "SentRequest",
    "Sleep",
    "Stderr",
    "Stream",
    "Think",
    "Together",
    "fake_cli_command",
    "main",
    "open_fake_cli",
    "write_fake_cli_executable",
]

JSON: TypeAlias = dict[str, Any]

DEFAULT_MODEL = "claude-opus-5-5"
"""The model the fake reports by default (the real 2.1.330's default against the fake Messages API)."""

DEFAULT_SIGNATURE = "c2lnLWZha2U="
"""The signature of a :class:`Think` block when none is given (base64 of ``sig-fake``)."""

_READ_SIZE = 65536
_FIRST_FAKE_PID = 90001

_REJECTED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a "
    "file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the "
    "user to tell you how to proceed."
)
_INTERRUPTED = "[Request interrupted by user]"
_INTERRUPTED_FOR_TOOL = "[Request interrupted by user for tool use]"
_INVALID_PERMISSION = (
    "The canUseTool callback returned an invalid permission result. Expected {behavior: 'allow', "
    "updatedInput?: object} or {behavior: 'deny', message: string}. updatedPermissions may hold at most "
    "4096 updates, rules and directories in all."
)
_PERMISSION_MODES = ("acceptEdits", "auto", "bypassPermissions", "default", "dontAsk", "plan")
_TOOLS = ("Task", "Bash", "Edit", "Read", "Write", "WebFetch", "WebSearch")
_INIT_CAPABILITIES = ("interrupt_receipt_v1", "interrupt_cancel_queued_v1", "msg_lifecycle_v1")
_INITIALIZE_CAPABILITIES = ("ui_surface_v1", "get_usage_detached_v1")
_LINE_TYPE = re.compile(rb'"type"\s*:\s*"([^"\\]*)"')


# --------------------------------------------------------------------------------------------------------
# The script
# --------------------------------------------------------------------------------------------------------


def _to_dict(value: Mapping[str, Any]) -> dict[str, Any]:
    return dict(value)


@attrs.frozen(kw_only=True)
class Say:
    """The model writes ``text``: one ``assistant`` frame with a text block.

    The last text said in a turn becomes the ``result`` of its ``result`` frame.
    """

    text: str


@attrs.frozen(kw_only=True)
class Think:
    """The model thinks: a ``system/thinking_tokens`` frame, then an ``assistant`` frame with a thinking
    block carrying ``signature``."""

    thinking: str
    signature: str = DEFAULT_SIGNATURE


@attrs.frozen(kw_only=True)
class Stream:
    """The model streams ``text`` slowly, in ``chunks`` pieces with ``delay`` seconds before each.

    With partial messages on (``--include-partial-messages`` or
    ``include_partial_messages`` of :class:`FakeCLIBehavior`) it writes ``system/status requesting`` and the
    ``stream_event`` frames (``message_start``, ``content_block_start``, one ``text_delta`` per chunk, then
    — after the ``assistant`` frame, as the real CLI orders them — ``content_block_stop``,
    ``message_delta`` and ``message_stop``); without, only the ``assistant`` frame at the end.  An
    ``interrupt`` during the stream aborts the turn like the real CLI: the text streamed so far as an
    ``assistant`` frame with ``aborted: true``, ``[Request interrupted by user]``, the synthesized stop
    events, and an ``aborted_streaming`` result.
    """

    text: str
    chunks: int = 3
    delay: float = 0.0


@attrs.frozen(kw_only=True)
class AskPermission:
    """The model calls ``tool_name`` with ``input``, and the CLI asks the host with ``can_use_tool``.

    Writes the ``assistant`` ``tool_use`` frame, ``session_state_changed requires_action``, then the
    request (``tool_name``, ``display_name``, ``input``, ``description``, ``permission_suggestions``,
    ``tool_use_id``) and waits for the answer, which is recorded in :attr:`FakeCLIProcess.requests`.

    * allow: the tool "runs" and a ``user`` ``tool_result`` with ``output`` follows;
    * deny: an error ``tool_result`` with the message, the denial counted in ``permission_denials``;
    * deny with ``interrupt: true``: the turn ends like the real CLI's (the canned rejection, then
      ``[Request interrupted by user for tool use]`` and an ``error_during_execution`` result with
      ``terminal_reason: aborted_tools``);
    * an error answer or an invalid result: an error ``tool_result`` with the real CLI's text.

    ``tool_use_id`` defaults to ``toolu_fake_<n>``, numbered per process.
    """

    tool_name: str
    input: dict[str, Any] = attrs.field(factory=dict[str, Any], converter=_to_dict)
    tool_use_id: str | None = None
    output: str = "ok"


@attrs.frozen(kw_only=True)
class CallHook:
    """The CLI runs the host's hook callback ``callback_id`` on ``input`` (a ``hook_callback`` request)
    and waits for the answer, which is recorded.  Nothing else is written: the answer does not steer the
    script.  ``tool_use_id`` defaults to a random UUID, as the real CLI sends for non-tool events.
    """

    callback_id: str
    input: dict[str, Any] = attrs.field(factory=dict[str, Any], converter=_to_dict)
    tool_use_id: str | None = None
    cancel_after: float | None = None
    """Seconds after which the CLI gives up waiting, writes a ``control_cancel_request`` for the request
    and goes on (as the real CLI does when another hook or the permission prompt wins a race)."""


@attrs.frozen(kw_only=True)
class SendRequest:
    """The CLI sends any control request to the host and waits for the answer, which is recorded.

    ``request`` is a typed body (e.g. :class:`~trio_claude.model.McpMessageRequest`) or the raw JSON of
    one (with its ``subtype``), so unknown subtypes can be sent too.
    """

    request: ControlRequestPayload | JSONObject
    cancel_after: float | None = None
    """Seconds after which the CLI gives up waiting, writes a ``control_cancel_request`` for the request
    and goes on."""


@attrs.frozen(kw_only=True)
class Sleep:
    """A slow step (a slow model or tool) of ``seconds``.  An ``interrupt`` during it aborts the turn
    (``[Request interrupted by user]``, ``aborted_streaming``)."""

    seconds: float


@attrs.frozen(kw_only=True)
class Crash:
    """The CLI dies: writes ``stderr`` (a newline is added if missing) and exits with ``exit_code`` at
    once, without a ``result``."""

    exit_code: int = 1
    stderr: str = ""


@attrs.frozen(kw_only=True)
class RawLine:
    """Write ``data`` to stdout exactly as given (include the ``\\n``): a line that is not JSON, an
    unknown type, a huge line…"""

    data: bytes


@attrs.frozen(kw_only=True)
class Stderr:
    """Write ``text`` to stderr (a newline is added if missing) and go on, like the CLI's debug output."""

    text: str


def _to_actions(value: Iterable[FakeAction]) -> tuple[FakeAction, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class Together:
    """Play ``actions`` concurrently and go on when all of them are done: several control requests in
    flight at once (e.g. a ``can_use_tool`` request and a ``PermissionRequest`` hook racing each other).

    Use at most one :class:`AskPermission` in it.  An ``interrupt`` aborts all of them.
    """

    actions: tuple[FakeAction, ...] = attrs.field(converter=_to_actions)


FakeAction: TypeAlias = (
    Say
    | Think
    | Stream
    | AskPermission
    | CallHook
    | SendRequest
    | Sleep
    | Crash
    | RawLine
    | Stderr
    | Together
)
"""One step of a scripted turn."""


def _to_turns(value: Iterable[Iterable[FakeAction]]) -> tuple[tuple[FakeAction, ...], ...]:
    return tuple(tuple(turn) for turn in value)


def _to_turn(value: Iterable[FakeAction] | None) -> tuple[FakeAction, ...] | None:
    return None if value is None else tuple(value)


_DEFAULT_TURN: tuple[FakeAction, ...] = (Say(text="ok"),)


@attrs.frozen(kw_only=True)
class FakeCLIScript:
    """What the fake CLI does: the ``n``-th prompt of a process plays ``turns[n]``.

    When the turns run out, a prompt plays ``default_turn`` (``Say(text="ok")``); with
    ``default_turn=None`` the fake fails loudly instead: it writes
    ``fake CLI: the script has no turn left for prompt #N`` to stderr and exits with code 1.
    """

    turns: tuple[tuple[FakeAction, ...], ...] = attrs.field(default=(), converter=_to_turns)
    default_turn: tuple[FakeAction, ...] | None = attrs.field(default=_DEFAULT_TURN, converter=_to_turn)


@attrs.frozen(kw_only=True)
class FakeCLIBehavior:
    """How a fake CLI process behaves, beyond its script.

    * ``claude_code_version``: reported in ``initialize`` and ``system/init``; below 2.1.330 the fake also
      answers like 2.1.197 (no ``error_code``, no body for ``interrupt``/``set_model``, no
      ``pending_*`` siblings, no ``tool_result_meta``/``api_message_id``).
    * ``emit_session_state``: write ``system/session_state_changed`` frames (2.1.330 with
      ``CLAUDE_CODE_SDK_READS_SESSION_STATE=1``); ``False`` emulates 2.1.197.
    * ``exit_on_eof``: on stdin EOF finish the current and queued turns, then exit (0, or 1 if the last
      result was an error).  ``False``: keep running until terminated or killed.
    * ``exit_delay``: seconds to wait before that exit (a CLI that is slow to shut down).
    * ``ignore_sigterm``: ``terminate()`` (SIGTERM) does nothing; only ``kill()`` ends the process.
    * ``resume_missing``: behave like ``--resume=<missing id>``: never answer ``initialize``, write the
      error result and the stderr line, exit 1.
    * ``include_partial_messages``: write ``stream_event`` frames for :class:`Stream`; ``None`` follows the
      ``--include-partial-messages`` flag.
    * ``context_usage_delay``: seconds before ``get_context_usage`` is answered; ``None``: never.
    * ``answer_after_cancel``: a delayed ``get_context_usage`` answer is written even when the host
      cancelled the request (the answer lost the race with the cancel and arrives late).
    * ``cancel_on_interrupt``: on ``interrupt``, write a ``control_cancel_request`` for each request of the
      turn still waiting for the host, as the real CLI does; ``False`` only stops waiting for them, to
      check that the host cancels its handlers by itself.
    * ``model``: the default model; ``session_id``: the session id (default: the ``--resume`` id, else a
      random UUID); ``fake_pid``: give in-memory processes fake pids (else ``pid`` is ``None``);
      ``seed``: make uuids and request ids reproducible.
    """

    claude_code_version: str = "2.1.330"
    emit_session_state: bool = True
    exit_on_eof: bool = True
    exit_delay: float = 0.0
    ignore_sigterm: bool = False
    resume_missing: bool = False
    include_partial_messages: bool | None = None
    context_usage_delay: float | None = 0.0
    answer_after_cancel: bool = False
    cancel_on_interrupt: bool = True
    model: str = DEFAULT_MODEL
    session_id: str | None = None
    fake_pid: bool = True
    seed: int | None = None


@attrs.define(eq=False)
class SentRequest:
    """A control request the fake CLI sent to the host, and what became of it.

    ``response`` is the host's answer (``None`` while waiting, and forever if the fake gave up);
    ``cancelled`` says the fake gave up on it (an ``interrupt``) and wrote a ``control_cancel_request``;
    ``failed`` says stdin closed before an answer came.
    """

    request_id: str
    request: ControlRequestPayload
    response: ControlSuccess | ControlError | None = None
    cancelled: bool = False
    failed: bool = False

    @property
    def answered(self) -> bool:
        """Whether the host's answer arrived (in time)."""
        return self.response is not None


# --------------------------------------------------------------------------------------------------------
# Command-line flags of the real CLI that change what the fake writes
# --------------------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class _CLIFlags:
    resume: str | None = None
    model: str | None = None
    permission_mode: str | None = None
    include_partial_messages: bool = False
    mcp_servers: JSON = attrs.field(factory=dict[str, Any])


def _mcp_config_servers(value: str) -> JSON:
    """The servers of an ``--mcp-config`` JSON document (``{"mcpServers": {...}}``); anything else (a file
    name, bad JSON) declares none."""
    try:
        document: object = orjson.loads(value)
    except orjson.JSONDecodeError:
        return {}
    servers = _get(document, "mcpServers")
    if not isinstance(servers, Mapping):
        return {}
    return {str(name): config for name, config in cast("Mapping[str, Any]", servers).items()}


def _parse_cli_flags(argv: Sequence[str]) -> _CLIFlags:
    """The real CLI's flags the fake honours, in ``--flag=value`` or ``--flag value`` form; every other
    argument is accepted and ignored."""
    values: dict[str, str] = {}
    partial = False
    mcp_servers: JSON = {}
    args = list(argv[1:])
    for index, arg in enumerate(args):
        name, sep, value = arg.partition("=")
        if name in ("--resume", "--model", "--permission-mode", "--mcp-config"):
            if not sep:
                value = args[index + 1] if index + 1 < len(args) else ""
            values[name] = value
            if name == "--mcp-config":
                mcp_servers.update(_mcp_config_servers(value))
        elif arg == "--include-partial-messages":
            partial = True
    return _CLIFlags(
        resume=values.get("--resume") or None,
        model=values.get("--model") or None,
        permission_mode=values.get("--permission-mode") or None,
        include_partial_messages=partial,
        mcp_servers=mcp_servers,
    )


def _request_payload(request: ControlRequestPayload | JSONObject) -> ControlRequestPayload:
    """A typed request body from a typed one or its raw JSON (unknown subtypes stay raw)."""
    if not isinstance(request, Mapping):
        return request
    frame = wire.decode_value({"type": "control_request", "request_id": "_", "request": dict(request)})
    if not isinstance(frame, ControlRequest):
        raise ValueError(f"not a control request body: {request!r}")
    return frame.request


# --------------------------------------------------------------------------------------------------------
# The engine
# --------------------------------------------------------------------------------------------------------


@attrs.define
class _Output:
    data: bytes
    frame: Frame | None
    to_stderr: bool = False


@attrs.define
class _Stream:
    message_id: str
    text: str = ""
    started: bool = False
    block_open: bool = False


@attrs.define
class _ToolUse:
    id: str
    name: str
    input: dict[str, Any]


@attrs.define
class _Abort:
    kind: Literal["streaming", "tools"]
    tool: _ToolUse | None = None


class _Turn:
    """The state of the turn being played (what an interrupt needs to know)."""

    def __init__(self, start: float) -> None:
        self.start = start
        self.scope = trio.CancelScope()
        self.pending: dict[str, SentRequest] = {}
        self.pending_tool: _ToolUse | None = None
        self.abort: _Abort | None = None
        self.stream: _Stream | None = None
        self.message_id: str | None = None
        self.api_calls = 0
        self.last_text: str | None = None
        self.denials: list[JSON] = []


class _Engine:
    """One fake CLI process: reads stdin, plays the script, writes stdout and stderr, returns its exit code.

    Runs in :meth:`run`; cancelling :meth:`run` is a kill (nothing more is written, the streams are left
    to the caller).
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
        self._script = script
        self._behavior = behavior
        self._flags = _parse_cli_flags(argv)
        self._cwd = cwd if cwd is not None else os.getcwd()
        self._pid = pid
        self._stdin = stdin
        self._stdout = stdout
        self._stderr = stderr
        self._rng = random.Random(behavior.seed)
        self._conn = Connection(Role.CLI, rng=random.Random(behavior.seed))
        version = parse_version(behavior.claude_code_version)
        self._legacy = version is not None and version < (2, 1, 330)
        self._partial = (
            behavior.include_partial_messages
            if behavior.include_partial_messages is not None
            else self._flags.include_partial_messages
        )
        self._default_model = behavior.model
        self._model = self._flags.model or behavior.model
        self._permission_mode = self._flags.permission_mode or "default"
        self._session_id = behavior.session_id or self._flags.resume or self._uuid()
        self._state = "idle"
        self._queue: deque[UserMessage] = deque()
        self._wake = trio.Event()
        self._first_input = trio.Event()
        self._eof = False
        self._turn: _Turn | None = None
        self._prompts = 0
        self._results = 0
        self._messages = 0
        self._tool_uses = 0
        self._initialized = 0
        self._total_cost = 0.0
        self._last_is_error = False
        self._outbound: dict[str, SentRequest] = {}
        self._answered: dict[str, trio.Event] = {}
        self._handlers: dict[str, trio.CancelScope] = {}
        self._exit_code: int | None = None
        self._work = trio.CancelScope()
        self._out_send, self._out_receive = trio.open_memory_channel[_Output](math.inf)
        self._stdout_broken = False
        self._stderr_broken = False
        self._t0 = 0.0
        self._t0_wall = datetime.now(timezone.utc)
        # The records (exposed by FakeCLIProcess).
        self.received: list[Frame] = []
        self.invalid_lines: list[bytes] = []
        self.sent: list[Frame] = []
        self.sent_lines: list[bytes] = []
        self.stderr_chunks: list[bytes] = []
        self.requests: list[SentRequest] = []
        self.eof_at: float | None = None
        self.mcp_servers: JSON = dict(self._flags.mcp_servers)

    # -- running ---------------------------------------------------------------------------------------

    async def run(self) -> int:
        """Play until the process exits; return the exit code.  Closes the three streams on the way out."""
        self._t0 = trio.current_time()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._writer)
            with self._work:
                async with trio.open_nursery() as work:
                    work.start_soon(self._reader, work)
                    if self._behavior.resume_missing:
                        work.start_soon(self._resume_missing)
                    else:
                        work.start_soon(self._play)
            self._out_send.close()
        for stream in (self._stdout, self._stderr, self._stdin):
            await stream.aclose()
        assert self._exit_code is not None
        return self._exit_code

    def _finish(self, code: int) -> None:
        """Exit with ``code`` once what was written so far is flushed (the first call wins)."""
        if self._exit_code is None:
            self._exit_code = code
            self._work.cancel()

    def _fatal(self, message: str, code: int = 1) -> None:
        self._write_stderr(message)
        self._finish(code)

    async def _play(self) -> None:
        """Play a turn per prompt, in order; after stdin EOF and the last turn, exit."""
        while True:
            while not self._queue and not self._eof:
                await self._wake.wait()
                self._wake = trio.Event()
            if not self._queue:
                break
            await self._run_turn(self._queue.popleft())
        if not self._behavior.exit_on_eof:
            await trio.sleep_forever()
        if self._behavior.exit_delay:
            await trio.sleep(self._behavior.exit_delay)
        self._finish(1 if self._last_is_error else 0)

    async def _resume_missing(self) -> None:
        """``--resume`` of a session that does not exist: explain on stderr and stdout, exit 1."""
        with trio.move_on_after(0.25):
            await self._first_input.wait()
        message = f"No conversation found with session ID: {self._session_id}"
        self._write_stderr(message)
        self._emit(
            {
                "type": "result",
                "subtype": "error_during_execution",
                "duration_ms": 0,
                "duration_api_ms": 0,
                "is_error": True,
                "num_turns": 0,
                "stop_reason": None,
                "session_id": self._session_id,
                "total_cost_usd": 0,
                "usage": _usage(0, 0),
                "modelUsage": {},
                "permission_denials": [],
                "uuid": self._uuid(),
                "errors": [message],
                "result_index": 0,
            }
        )
        self._finish(1)

    # -- writing ---------------------------------------------------------------------------------------

    async def _writer(self) -> None:
        async with self._out_receive:
            async for item in self._out_receive:
                if item.to_stderr:
                    if not self._stderr_broken:
                        try:
                            await self._stderr.send_all(item.data)
                        except (trio.BrokenResourceError, trio.ClosedResourceError):
                            self._stderr_broken = True
                        else:
                            self.stderr_chunks.append(item.data)
                elif not self._stdout_broken:
                    try:
                        await self._stdout.send_all(item.data)
                    except (trio.BrokenResourceError, trio.ClosedResourceError):
                        self._stdout_broken = True
                    else:
                        self.sent_lines.append(item.data)
                        if item.frame is not None:
                            self.sent.append(item.frame)

    def _write(self, data: bytes, frame: Frame | None) -> None:
        if self._exit_code is None:
            self._out_send.send_nowait(_Output(data, frame))

    def _write_stderr(self, text: str) -> None:
        if text and not text.endswith("\n"):
            text += "\n"
        if text and self._exit_code is None:
            self._out_send.send_nowait(_Output(text.encode(), None, to_stderr=True))

    def _emit(self, value: JSON) -> None:
        """Write a (non-control) frame given as JSON; it is typed first, so ``sent`` holds frames."""
        frame = wire.decode_value(value)
        self._write(self._conn.send(frame), frame)

    def _respond(self, request_id: str, payload: WireObject | None, **siblings: Any) -> None:
        data = self._conn.send_response(request_id, payload)
        if data is None:
            return
        frame = wire.decode_line(data)
        if siblings and isinstance(frame, ControlResponse):
            frame = attrs.evolve(frame, response=attrs.evolve(frame.response, extra=siblings))
            data = wire.encode_line(frame)
        self._write(data, frame)

    def _respond_error(self, request_id: str, error: str, code: str | None) -> None:
        data = self._conn.send_error(request_id, error, error_code=None if self._legacy else code)
        if data is not None:
            self._write(data, wire.decode_line(data))

    # -- frame builders --------------------------------------------------------------------------------

    def _uuid(self) -> str:
        return str(uuid.UUID(int=self._rng.getrandbits(128), version=4))

    def _timestamp(self) -> str:
        moment = self._t0_wall + timedelta(seconds=trio.current_time() - self._t0)
        return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"

    def _system(self, subtype: str, **fields: Any) -> JSON:
        return {
            "type": "system",
            "subtype": subtype,
            **fields,
            "uuid": self._uuid(),
            "session_id": self._session_id,
        }

    def _set_state(self, state: str) -> None:
        if state != self._state:
            self._state = state
            if self._behavior.emit_session_state:
                self._emit(self._system("session_state_changed", state=state, sdk_host_only=True))

    def _message_id(self, turn: _Turn) -> str:
        if turn.message_id is None:
            self._messages += 1
            turn.api_calls += 1
            turn.message_id = f"msg_fake_{self._messages:03d}"
        return turn.message_id

    def _assistant(
        self, turn: _Turn, block: JSON, *, message_id: str | None = None, extra: JSON | None = None
    ) -> JSON:
        message_id = message_id or self._message_id(turn)
        frame: JSON = {
            "type": "assistant",
            "message": {
                "id": message_id,
                "type": "message",
                "role": "assistant",
                "model": self._model,
                "content": [block],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": _usage(11, 1, short=True),
                "context_management": None,
            },
            "parent_tool_use_id": None,
            "session_id": self._session_id,
            "uuid": self._uuid(),
            "request_id": "req_fake_" + message_id.rsplit("_", 1)[-1].lstrip("0"),
            **(extra or {}),
        }
        if not self._legacy:
            frame["timestamp"] = self._timestamp()
        return frame

    def _user(self, content: list[JSON], **extra: Any) -> JSON:
        return {
            "type": "user",
            "message": {"role": "user", "content": content},
            "parent_tool_use_id": None,
            "session_id": self._session_id,
            "uuid": self._uuid(),
            "timestamp": self._timestamp(),
            **extra,
        }

    def _tool_result(
        self, tool: _ToolUse, content: str, *, is_error: bool, use_result: Any, meta: JSON
    ) -> JSON:
        extra: JSON = {"tool_use_result": use_result}
        if not self._legacy:
            extra["tool_result_meta"] = [{"id": tool.id, **meta}]
        block = {"tool_use_id": tool.id, "type": "tool_result", "content": content, "is_error": is_error}
        return self._user([block], **extra)

    def _stream_event(self, message_id: str, event: JSON, **extra: Any) -> JSON:
        frame: JSON = {
            "type": "stream_event",
            "event": event,
            "session_id": self._session_id,
            "parent_tool_use_id": None,
            "uuid": self._uuid(),
            **extra,
        }
        if not self._legacy:
            frame["api_message_id"] = message_id
        return frame

    def _init(self) -> JSON:
        fields: JSON = {
            "cwd": self._cwd,
            "tools": list(_TOOLS),
            "mcp_servers": [],
            "model": self._model,
            "permissionMode": self._permission_mode,
            "slash_commands": [],
            "apiKeySource": "ANTHROPIC_API_KEY",
            "claude_code_version": self._behavior.claude_code_version,
            "output_style": "default",
            "agents": [],
            "skills": [],
            "plugins": [],
            "fast_mode_state": "off",
        }
        if not self._legacy:
            fields.update(
                terminal_slash_commands=[],
                capabilities=list(_INIT_CAPABILITIES),
                analytics_disabled=True,
                original_cwd=self._cwd,
                additional_directories=[],
            )
        return {
            "type": "system",
            "subtype": "init",
            "session_id": self._session_id,
            **fields,
            "uuid": self._uuid(),
        }

    def _result(
        self,
        turn: _Turn,
        *,
        subtype: str,
        is_error: bool,
        num_turns: int,
        stop_reason: str | None,
        terminal_reason: str,
        errors: list[str] | None = None,
    ) -> JSON:
        calls = max(turn.api_calls, 1)
        cost = 0.0001 * calls
        self._total_cost += cost
        duration = round((trio.current_time() - turn.start) * 1000)
        frame: JSON = {
            "type": "result",
            "subtype": subtype,
            "is_error": is_error,
            "api_error_status": None,
            "duration_ms": duration,
            "duration_api_ms": duration,
            "num_turns": num_turns,
            "stop_reason": stop_reason,
            "session_id": self._session_id,
            "total_cost_usd": self._total_cost,
            "usage": _usage(11 * calls, 7 * calls),
            "modelUsage": {
                self._model: {
                    "inputTokens": 11 * calls,
                    "outputTokens": 7 * calls,
                    "cacheReadInputTokens": 0,
                    "cacheCreationInputTokens": 0,
                    "webSearchRequests": 0,
                    "costUSD": cost,
                    "contextWindow": 1000000,
                    "maxOutputTokens": 128000,
                }
            },
            "permission_denials": list(turn.denials),
            "terminal_reason": terminal_reason,
            "fast_mode_state": "off",
            "uuid": self._uuid(),
        }
        if not is_error:
            frame["result"] = turn.last_text or ""
        if errors is not None:
            frame["errors"] = errors
        if not self._legacy:
            frame.update(queued_turn_count=0, result_index=self._results)
        self._results += 1
        self._last_is_error = is_error
        return frame

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
                self._on_request(event.request_id, event.request, work)
            elif isinstance(event, ResponseReceived):
                pending = self._outbound.get(event.request_id)
                if pending is not None:
                    pending.response = event.response
                    self._answered[event.request_id].set()
            elif isinstance(event, CancelReceived):
                scope = self._handlers.get(event.request_id)
                if scope is not None and not self._behavior.answer_after_cancel:
                    scope.cancel()
            elif isinstance(event, InvalidLine):
                self.invalid_lines.append(event.line)  # a duplicate request id: the real CLI ignores it
            else:  # EndOfStream cannot follow a single complete line
                assert isinstance(event, EndOfStream)

    def _on_eof(self) -> None:
        self._first_input.set()
        self._eof = True
        self.eof_at = trio.current_time()
        # Nothing can answer our requests any more (the real CLI fails them with "Stream closed").
        for request_id in self._conn.fail_pending():
            pending = self._outbound.get(request_id)
            if pending is not None:
                pending.failed = True
                self._answered[request_id].set()
        self._wake.set()

    def _on_message(self, message: object) -> None:
        if isinstance(message, UserMessage):
            if message.message.role != "user":
                self._fatal(f"Error: Expected message role 'user', got '{message.message.role}'")
                return
            if message.should_query is False:
                return
            self._queue.append(message)
            self._wake.set()
        elif isinstance(message, UnknownMessage) and message.type == "user":
            role = _get(_get(message.raw, "message"), "role")
            shown = "undefined" if role is None else str(role)
            self._fatal(f"Error: Expected message role 'user', got '{shown}'")
        # Any other type (keep_alive, unknown types, replays) is ignored, like the real CLI does.

    # -- the host's requests ---------------------------------------------------------------------------

    def _on_request(self, request_id: str, request: ControlRequestPayload, work: trio.Nursery) -> None:
        match request:
            case InitializeRequest():
                self._on_initialize(request_id, request)
            case InterruptRequest():
                self._on_interrupt(request_id, request)
            case SetModelRequest(model=model):
                self._model = self._default_model if model in (None, "default") else model
                self._respond(request_id, None if self._legacy else SetModelResponse(model=self._model))
            case SetPermissionModeRequest(mode=mode):
                if mode not in _PERMISSION_MODES and not self._legacy:
                    self._respond_error(
                        request_id,
                        "Cannot set permission mode: must be one of " + ", ".join(_PERMISSION_MODES),
                        "invalid_mode",
                    )
                    return
                self._permission_mode = mode
                self._respond(request_id, SetPermissionModeResponse(mode=mode))
                self._emit(self._system("status", status=None, permissionMode=mode))
            case SetMaxThinkingTokensRequest() | McpToggleRequest():
                self._respond(request_id, None)
            case StopTaskRequest():
                self._respond(request_id, EmptyResponse())
            case McpStatusRequest():
                self._respond(request_id, McpStatusResponse(mcp_servers=()))
            case McpSetServersRequest(servers=servers):
                self._respond(request_id, self._set_mcp_servers(servers))
            case GetContextUsageRequest():
                delay = self._behavior.context_usage_delay
                if delay == 0:
                    self._respond(request_id, _context_usage(self._model))
                else:
                    scope = trio.CancelScope()
                    self._handlers[request_id] = scope
                    work.start_soon(self._answer_later, request_id, scope, delay)
            case UnknownControlRequest():
                self._unsupported(request_id, request.subtype or "undefined")
            case _:
                self._unsupported(request_id, wire.converter.control_subtypes.get(type(request), "undefined"))

    def _set_mcp_servers(self, servers: JSONObject) -> McpSetServersResponse:
        """Replace the dynamic servers (those of ``--mcp-config`` and ``initialize`` included), as the real
        CLI does: a name already there is neither added nor removed."""
        previous, self.mcp_servers = self.mcp_servers, dict(servers)
        return McpSetServersResponse(
            added=tuple(name for name in servers if name not in previous),
            removed=tuple(name for name in previous if name not in servers),
            errors={},
        )

    def _unsupported(self, request_id: str, subtype: str) -> None:
        self._respond_error(
            request_id, f"Unsupported control request subtype: {subtype}", "unsupported_request"
        )

    async def _answer_later(self, request_id: str, scope: trio.CancelScope, delay: float | None) -> None:
        """Answer ``get_context_usage`` after ``delay`` (never if ``None``), unless the host cancels it."""
        try:
            with scope:
                if delay is None:
                    await trio.sleep_forever()
                await trio.sleep(delay)
                payload = _context_usage(self._model)
                if request_id in self._conn.requests_in_flight:
                    self._respond(request_id, payload)
                else:  # the host cancelled it, and we answer anyway (answer_after_cancel): a late answer
                    body = ControlSuccess(request_id=request_id, response=wire.unstructure(payload))
                    frame = ControlResponse(response=body)
                    self._write(wire.encode_line(frame), frame)
        finally:
            self._handlers.pop(request_id, None)

    def _on_initialize(self, request_id: str, request: InitializeRequest) -> None:
        if self._behavior.resume_missing:
            return  # the real CLI never answers it: it exits first
        self._initialized += 1
        for name in request.sdk_mcp_servers or ():
            self.mcp_servers.setdefault(name, {"type": "sdk", "name": name})
        payload: JSON = {
            "commands": [],
            "agents": [],
            "output_style": "default",
            "available_output_styles": ["default"],
            "models": [
                {
                    "value": "default",
                    "resolvedModel": self._default_model,
                    "displayName": "Default (recommended)",
                    "description": f"Use the default model ({self._default_model})",
                    "supportsEffort": True,
                    "supportedEffortLevels": ["low", "medium", "high", "xhigh", "max"],
                    "supportsAdaptiveThinking": True,
                    "supportsFastMode": True,
                    "supportsAutoMode": True,
                    "supportsThinkingOff": False,
                }
            ],
            "account": {
                "tokenSource": "none",
                "apiKeySource": "ANTHROPIC_API_KEY",
                "apiProvider": "firstParty",
            },
        }
        if self._pid is not None:
            payload["pid"] = self._pid
        siblings: JSON = {}
        if not self._legacy:
            payload.update(claude_code_version=self._behavior.claude_code_version)
            payload["current_permission_mode"] = self._permission_mode
            if request.hooks:
                payload["hooks_applied"] = True
            payload.update(
                hook_on_failure_supported=True,
                analytics_disabled=True,
                fast_mode_state="off",
                session_state=self._state,
                capabilities=list(_INITIALIZE_CAPABILITIES),
            )
            siblings = {"pending_permission_requests": [], "pending_user_dialog_requests": []}
        self._respond(request_id, wire.structure(payload, InitializeResponse), **siblings)
        if self._initialized > 1 and not self._legacy:
            self._emit(self._system("background_tasks_changed", tasks=[]))

    def _on_interrupt(self, request_id: str, request: InterruptRequest) -> None:
        """Cancel the turn's pending requests (before answering, like the real CLI), answer, then let the
        turn write its interrupted ending."""
        turn = self._turn
        if turn is not None and turn.abort is None:
            for pending in list(turn.pending.values()):
                if self._behavior.cancel_on_interrupt:
                    self._cancel(pending)
            waiting = bool(turn.pending) or turn.pending_tool is not None
            turn.abort = _Abort(kind="tools" if waiting else "streaming", tool=turn.pending_tool)
            turn.scope.cancel()
        queued = tuple(prompt.uuid for prompt in self._queue if prompt.uuid)
        cancelled: tuple[str, ...] | None = None
        if request.cancel_queued:
            cancelled, queued = queued, ()
            self._queue.clear()
        self._respond(
            request_id, None if self._legacy else InterruptResponse(still_queued=queued, cancelled=cancelled)
        )

    # -- turns -----------------------------------------------------------------------------------------

    def _next_actions(self) -> tuple[FakeAction, ...] | None:
        index = self._prompts
        self._prompts += 1
        if index < len(self._script.turns):
            return self._script.turns[index]
        return self._script.default_turn

    async def _run_turn(self, prompt: UserMessage) -> None:
        actions = self._next_actions()
        if actions is None:
            self._fatal(f"fake CLI: the script has no turn left for prompt #{self._prompts}")
            await trio.sleep_forever()
        turn = _Turn(trio.current_time())
        self._turn = turn
        self._set_state("running")
        self._emit(self._init())
        with turn.scope:
            for action in actions:
                if await self._run_action(turn, action):
                    break
                await trio.lowlevel.checkpoint()
        self._turn = None
        abort = turn.abort
        if abort is None:
            self._emit(
                self._result(
                    turn,
                    subtype="success",
                    is_error=False,
                    num_turns=max(turn.api_calls, 1),
                    stop_reason="end_turn",
                    terminal_reason="completed",
                )
            )
        elif abort.kind == "streaming":
            self._end_streaming(turn)
        else:
            self._end_tools(turn, abort.tool)
        if not self._queue:
            self._set_state("idle")

    def _end_streaming(self, turn: _Turn) -> None:
        stream = turn.stream
        if stream is not None and stream.text:
            block = {"type": "text", "text": stream.text}
            self._emit(self._assistant(turn, block, message_id=stream.message_id, extra={"aborted": True}))
        self._emit(self._user([{"type": "text", "text": _INTERRUPTED}]))
        if stream is not None and stream.started:
            if stream.block_open:
                self._emit(self._stream_event(stream.message_id, {"type": "content_block_stop", "index": 0}))
            delta = {"type": "message_delta", "delta": {"stop_reason": None, "stop_sequence": None}}
            self._emit(self._stream_event(stream.message_id, {**delta, "usage": {"output_tokens": 1}}))
            abandoned = {"api_message_id": stream.message_id, "from_block_index": 1}
            self._emit(
                self._stream_event(stream.message_id, {"type": "message_stop"}, abandoned_blocks=abandoned)
            )
        self._emit(
            self._result(
                turn,
                subtype="error_during_execution",
                is_error=True,
                num_turns=max(turn.api_calls, 1) + 1,
                stop_reason=None,
                terminal_reason="aborted_streaming",
                errors=["[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null"],
            )
        )

    def _end_tools(self, turn: _Turn, tool: _ToolUse | None) -> None:
        self._set_state("running")
        if tool is not None:
            meta = {"non_execution_kind": "user-rejected"}
            self._emit(
                self._tool_result(
                    tool, _REJECTED, is_error=True, use_result="User rejected tool use", meta=meta
                )
            )
            denial = {"tool_name": tool.name, "tool_use_id": tool.id, "tool_input": tool.input}
            if denial not in turn.denials:
                turn.denials.append(denial)
        self._emit(self._user([{"type": "text", "text": _INTERRUPTED_FOR_TOOL}]))
        self._emit(
            self._result(
                turn,
                subtype="error_during_execution",
                is_error=True,
                num_turns=max(turn.api_calls, 1) + 2,
                stop_reason="tool_use",
                terminal_reason="aborted_tools",
                errors=["[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=tool_use"],
            )
        )

    async def _run_action(self, turn: _Turn, action: FakeAction) -> bool:
        """Play one action; return whether it ended the turn."""
        match action:
            case Say(text=text):
                self._emit(self._assistant(turn, {"type": "text", "text": text}))
                turn.last_text = text
            case Think(thinking=thinking, signature=signature):
                estimate = max(1, len(thinking) // 4)
                self._emit(
                    self._system(
                        "thinking_tokens", estimated_tokens=estimate, estimated_tokens_delta=estimate
                    )
                )
                block = {"type": "thinking", "thinking": thinking, "signature": signature}
                extra: JSON = {"thinking_duration_ms": 1, "thinking_display": "updates"}
                if self._legacy:
                    extra = {}
                self._emit(self._assistant(turn, block, extra=extra))
            case Stream():
                await self._stream(turn, action)
            case AskPermission():
                return await self._ask_permission(turn, action)
            case CallHook(callback_id=callback_id, input=hook_input, tool_use_id=tool_use_id):
                body = {
                    "subtype": "hook_callback",
                    "callback_id": callback_id,
                    "input": hook_input,
                    "tool_use_id": tool_use_id or self._uuid(),
                }
                await self._ask(turn, _request_payload(body), cancel_after=action.cancel_after)
            case SendRequest(request=request, cancel_after=cancel_after):
                await self._ask(turn, _request_payload(request), cancel_after=cancel_after)
            case Together(actions=actions):
                return await self._together(turn, actions)
            case Stderr(text=text):
                self._write_stderr(text)
            case Sleep(seconds=seconds):
                await trio.sleep(seconds)
            case Crash(exit_code=exit_code, stderr=stderr):
                self._write_stderr(stderr)
                self._finish(exit_code)
                await trio.sleep_forever()
            case RawLine(data=data):
                self._write(data, None)
        return False

    async def _stream(self, turn: _Turn, action: Stream) -> None:
        turn.message_id = None
        message_id = self._message_id(turn)
        stream = turn.stream = _Stream(message_id)
        if self._partial:
            self._emit(self._system("status", status="requesting"))
            message: JSON = {
                "id": message_id,
                "type": "message",
                "role": "assistant",
                "model": self._model,
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": _usage(11, 1, short=True),
            }
            self._emit(
                self._stream_event(message_id, {"type": "message_start", "message": message}, ttft_ms=12)
            )
            stream.started = True
            start = {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}
            self._emit(self._stream_event(message_id, start))
            stream.block_open = True
        for chunk in _chunks(action.text, action.chunks):
            if action.delay:
                await trio.sleep(action.delay)
            stream.text += chunk
            if self._partial:
                delta = {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {"type": "text_delta", "text": chunk},
                }
                self._emit(self._stream_event(message_id, delta))
        self._emit(self._assistant(turn, {"type": "text", "text": action.text}))
        if self._partial:
            self._emit(self._stream_event(message_id, {"type": "content_block_stop", "index": 0}))
            stream.block_open = False
            delta = {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None}}
            self._emit(self._stream_event(message_id, {**delta, "usage": {"output_tokens": 7}}))
            self._emit(self._stream_event(message_id, {"type": "message_stop"}))
        turn.stream = None
        turn.message_id = None
        turn.last_text = action.text

    async def _together(self, turn: _Turn, actions: Sequence[FakeAction]) -> bool:
        """Play ``actions`` concurrently; return whether one of them ended the turn."""
        ended = False

        async def play(action: FakeAction) -> None:
            nonlocal ended
            if await self._run_action(turn, action):
                ended = True

        async with trio.open_nursery() as nursery:
            for action in actions:
                nursery.start_soon(play, action)
        return ended

    def _cancel(self, pending: SentRequest) -> None:
        """Give up on a request to the host: write a ``control_cancel_request`` for it."""
        data = self._conn.send_cancel(pending.request_id)
        if data is not None:
            pending.cancelled = True
            self._write(data, ControlCancelRequest(request_id=pending.request_id))

    async def _ask(
        self, turn: _Turn, payload: ControlRequestPayload, *, cancel_after: float | None = None
    ) -> SentRequest:
        """Send a control request to the host and wait for its answer (or for stdin EOF); after
        ``cancel_after`` seconds without one, cancel it."""
        request_id, data = self._conn.send_request(payload)
        pending = SentRequest(request_id=request_id, request=payload)
        self.requests.append(pending)
        answered = self._answered[request_id] = trio.Event()
        self._outbound[request_id] = pending
        turn.pending[request_id] = pending
        self._write(data, ControlRequest(request_id=request_id, request=payload))
        if self._eof:  # nobody can answer: fail it like the ones pending at EOF
            self._conn.fail_pending()
            pending.failed = True
            answered.set()
        try:
            with trio.move_on_after(math.inf if cancel_after is None else cancel_after):
                await answered.wait()
            if not answered.is_set():
                self._cancel(pending)
        finally:
            del self._outbound[request_id]
            del self._answered[request_id]
            del turn.pending[request_id]
        return pending

    async def _ask_permission(self, turn: _Turn, action: AskPermission) -> bool:
        self._tool_uses += 1
        tool = _ToolUse(
            action.tool_use_id or f"toolu_fake_{self._tool_uses}", action.tool_name, dict(action.input)
        )
        self._emit(
            self._assistant(turn, {"type": "tool_use", "id": tool.id, "name": tool.name, "input": tool.input})
        )
        body: JSON = {
            "subtype": "can_use_tool",
            "tool_name": tool.name,
            "display_name": tool.name,
            "input": tool.input,
        }
        description = tool.input.get("description")
        if isinstance(description, str):
            body["description"] = description
        body["permission_suggestions"] = _suggestions(tool.name, tool.input)
        body["tool_use_id"] = tool.id
        self._set_state("requires_action")
        turn.pending_tool = tool
        answer = await self._ask(turn, _request_payload(body))
        turn.pending_tool = None
        self._set_state("running")
        turn.message_id = None  # the tool result goes back to the model: a new API call follows
        reject: JSON = {"non_execution_kind": "permission-rule"}
        config_reject = {
            **reject,
            "permission_decision": {"decision": "reject", "source": "config", "reason_type": "other"},
        }
        response = answer.response
        if response is None or isinstance(response, ControlError):
            reason = "Stream closed" if response is None else response.error
            text = f"Tool permission request failed: Error: {reason}"
            self._emit(
                self._tool_result(tool, text, is_error=True, use_result=f"Error: {text}", meta=config_reject)
            )
            return False
        result = response.response or {}
        behavior, message = _get(result, "behavior"), _get(result, "message")
        updated = _get(result, "updatedInput")
        if behavior == "allow" and (updated is None or isinstance(updated, Mapping)):
            use_result: Any = action.output
            if tool.name == "Bash":
                use_result = {
                    "stdout": action.output,
                    "stderr": "",
                    "interrupted": False,
                    "isImage": False,
                    "noOutputExpected": False,
                }
            meta = {"permission_decision": {"decision": "accept", "source": "user_temporary"}}
            self._emit(
                self._tool_result(tool, action.output, is_error=False, use_result=use_result, meta=meta)
            )
            return False
        if behavior == "deny" and isinstance(message, str):
            turn.denials.append({"tool_name": tool.name, "tool_use_id": tool.id, "tool_input": tool.input})
            if _get(result, "interrupt") is True:
                turn.abort = _Abort(kind="tools", tool=tool)
                return True
            meta = {**reject, "permission_decision": {"decision": "reject", "source": "user_reject"}}
            self._emit(
                self._tool_result(tool, message, is_error=True, use_result=f"Error: {message}", meta=meta)
            )
            return False
        text = _INVALID_PERMISSION
        self._emit(
            self._tool_result(tool, text, is_error=True, use_result=f"Error: {text}", meta=config_reject)
        )
        return False


def _get(value: Any, key: str) -> Any:
    """``value[key]`` if ``value`` is a JSON object, else ``None``."""
    return cast(Mapping[str, Any], value).get(key) if isinstance(value, Mapping) else None


def _usage(input_tokens: int, output_tokens: int, *, short: bool = False) -> JSON:
    usage: JSON = {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
    }
    if not short:
        usage.update(
            server_tool_use={"web_search_requests": 0, "web_fetch_requests": 0},
            service_tier="standard",
        )
    return usage


def _chunks(text: str, count: int) -> list[str]:
    """``text`` in ``count`` nearly equal pieces (at least one; no empty pieces)."""
    count = max(1, min(count, len(text))) if text else 1
    size, rest = divmod(len(text), count)
    pieces: list[str] = []
    start = 0
    for index in range(count):
        end = start + size + (1 if index < rest else 0)
        pieces.append(text[start:end])
        start = end
    return pieces


def _suggestions(tool_name: str, tool_input: Mapping[str, Any]) -> list[JSON]:
    rule: JSON = {"toolName": tool_name}
    command = tool_input.get("command")
    if isinstance(command, str):
        rule["ruleContent"] = command
    return [
        {"type": "addRules", "rules": [rule], "behavior": "allow", "destination": "localSettings"},
        {"type": "setMode", "mode": "acceptEdits", "destination": "session"},
    ]


def _context_usage(model: str) -> ContextUsageResponse:
    payload: JSON = {
        "categories": [
            {
                "id": "system_tools_deferred",
                "name": "System tools (deferred)",
                "tokens": 9542,
                "color": "inactive",
                "isDeferred": True,
                "kind": "deferred",
            },
            {"id": "messages", "name": "Messages", "tokens": 1234, "color": "purple", "kind": "used"},
            {
                "id": "free_space",
                "name": "Free space",
                "tokens": 998766,
                "color": "promptBorder",
                "kind": "free",
            },
        ],
        "totalTokens": 1234,
        "maxTokens": 1000000,
        "rawMaxTokens": 1000000,
        "autocompactSource": "model-default",
        "percentage": 0,
        "gridRows": [],
        "model": model,
        "memoryFiles": [],
        "mcpTools": [],
        "agents": [],
        "isAutoCompactEnabled": True,
        "apiUsage": None,
    }
    return wire.structure(payload, ContextUsageResponse)


# --------------------------------------------------------------------------------------------------------
# In memory
# --------------------------------------------------------------------------------------------------------


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
        self._engine = _Engine(
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
    def mcp_servers(self) -> JSON:
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


# --------------------------------------------------------------------------------------------------------
# As a subprocess
# --------------------------------------------------------------------------------------------------------

SCENARIOS: Mapping[str, str] = {
    "plain": "one text turn (--text)",
    "slow": "a turn that sleeps --sleep seconds (interruptible) before its text",
    "permission": "a Bash tool use that asks can_use_tool, then a text",
    "crash": "a text, then writes --stderr and exits with --exit-code mid-turn (no result)",
    "ignore-eof": "plain, but stdin EOF does not end the process",
    "ignore-sigterm": "plain, but neither stdin EOF nor SIGTERM ends the process (only SIGKILL)",
    "resume-missing": "like --resume=<missing id>: error result, stderr line, exit 1, initialize unanswered",
    "huge-line": "a stdout line of exactly --size bytes (an unknown frame type), then a text",
    "not-json": "a stdout line that is not JSON, then a text",
}
"""The named scenarios of ``python -m trio_claude.testing.fake_cli --scenario NAME``."""

_OPTIONS: Mapping[str, str] = {
    "text": "the text of the scripted answer (default: 'Hello from the fake CLI')",
    "sleep": "seconds the slow scenario sleeps (default: 30)",
    "exit_code": "exit code of the crash scenario (default: 3)",
    "stderr": "stderr text of the crash scenario",
    "size": "bytes of the huge-line scenario's line, newline included (default: 1 MiB)",
    "exit_delay": "seconds to wait before exiting after stdin EOF",
    "cli_version": "the version to report (default: 2.1.330)",
    "no_session_state": "do not write session_state_changed frames (like CLI 2.1.197)",
    "ignore_eof": "keep running after stdin EOF",
    "ignore_sigterm": "ignore SIGTERM",
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m trio_claude.testing.fake_cli",
        description="A scripted fake Claude Code CLI speaking stream-json on stdin/stdout. "
        "Flags of the real CLI are accepted (and mostly ignored).",
        allow_abbrev=False,
    )
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), help="what to play")
    parser.add_argument("--text", default="Hello from the fake CLI", help=_OPTIONS["text"])
    parser.add_argument("--sleep", type=float, default=30.0, help=_OPTIONS["sleep"])
    parser.add_argument("--exit-code", type=int, default=3, help=_OPTIONS["exit_code"])
    parser.add_argument("--stderr", default="fatal: the fake CLI crashed", help=_OPTIONS["stderr"])
    parser.add_argument("--size", type=int, default=1 << 20, help=_OPTIONS["size"])
    parser.add_argument("--exit-delay", type=float, default=0.0, help=_OPTIONS["exit_delay"])
    parser.add_argument("--cli-version", default="2.1.330", help=_OPTIONS["cli_version"])
    parser.add_argument("--no-session-state", action="store_true", help=_OPTIONS["no_session_state"])
    parser.add_argument("--ignore-eof", action="store_true", help=_OPTIONS["ignore_eof"])
    parser.add_argument("--ignore-sigterm", action="store_true", help=_OPTIONS["ignore_sigterm"])
    parser.add_argument("--version", action="store_true", help="print the version like `claude --version`")
    return parser


def _padding_line(size: int) -> bytes:
    """A JSON line of exactly ``size`` bytes (newline included), of a type no one knows."""
    head, tail = b'{"type":"fake_padding","data":"', b'"}\n'
    return head + b"x" * max(0, size - len(head) - len(tail)) + tail


def _scenario(options: argparse.Namespace) -> tuple[FakeCLIScript, FakeCLIBehavior]:
    name: str = options.scenario
    text: str = options.text
    behavior = FakeCLIBehavior(
        claude_code_version=options.cli_version,
        emit_session_state=not options.no_session_state,
        exit_on_eof=not options.ignore_eof,
        exit_delay=options.exit_delay,
        ignore_sigterm=options.ignore_sigterm,
    )
    turns: list[list[FakeAction]] = [[Say(text=text)]]
    if name == "slow":
        turns = [[Sleep(seconds=options.sleep), Say(text=text)]]
    elif name == "permission":
        command = {"command": "touch hi.txt && echo hi", "description": "Touch and print"}
        turns = [
            [
                Say(text="Let me run it."),
                AskPermission(tool_name="Bash", input=command, output="hi"),
                Say(text=text),
            ]
        ]
    elif name == "crash":
        turns = [[Say(text=text), Crash(exit_code=options.exit_code, stderr=options.stderr)]]
    elif name == "ignore-eof":
        behavior = attrs.evolve(behavior, exit_on_eof=False)
    elif name == "ignore-sigterm":
        behavior = attrs.evolve(behavior, exit_on_eof=False, ignore_sigterm=True)
    elif name == "resume-missing":
        behavior = attrs.evolve(behavior, resume_missing=True)
    elif name == "huge-line":
        turns = [[RawLine(data=_padding_line(options.size)), Say(text=text)]]
    elif name == "not-json":
        turns = [[RawLine(data=b"this is not json\n"), Say(text=text)]]
    return FakeCLIScript(turns=turns), behavior


async def _serve(script: FakeCLIScript, behavior: FakeCLIBehavior, argv: Sequence[str]) -> int:
    """Run the engine over this process's stdin/stdout/stderr; SIGTERM exits 143 at once (unless
    ignored), like the real CLI."""
    engine = _Engine(
        script,
        behavior,
        argv=argv,
        cwd=os.getcwd(),
        pid=os.getpid(),
        stdin=trio.lowlevel.FdStream(0),
        stdout=trio.lowlevel.FdStream(1),
        stderr=trio.lowlevel.FdStream(2),
    )
    exit_code = 128 + signal.SIGTERM
    with trio.open_signal_receiver(signal.SIGTERM) as signals:
        async with trio.open_nursery() as nursery:

            async def run() -> None:
                nonlocal exit_code
                exit_code = await engine.run()
                nursery.cancel_scope.cancel()

            nursery.start_soon(run)
            async for _ in signals:
                if not behavior.ignore_sigterm:
                    nursery.cancel_scope.cancel()
                    break
    return exit_code


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``python -m trio_claude.testing.fake_cli --scenario NAME [options] [CLI flags]``.

    Returns the exit code (``main`` does not call :func:`sys.exit`).  Unknown arguments (the real CLI's
    flags) are accepted; ``--version`` prints ``<version> (Claude Code)``.  Exits 2 (argparse) for a
    missing or unknown scenario.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    options, _ = parser.parse_known_args(args)
    if options.version:
        sys.stdout.write(f"{options.cli_version} (Claude Code)\n")
        return 0
    if options.scenario is None:
        parser.error("--scenario is required")
    script, behavior = _scenario(options)
    return trio.run(_serve, script, behavior, ["claude", *args])


def fake_cli_command(scenario: str = "plain", **options: str | int | float | bool) -> list[str]:
    """The argv that runs the fake CLI as a subprocess: ``[sys.executable, "-m", ...]``.

    ``options`` are the scenario options by Python name (``text``, ``sleep``, ``exit_code``, ``stderr``,
    ``size``, ``exit_delay``, ``cli_version``, ``no_session_state``, ``ignore_eof``, ``ignore_sigterm``):
    ``True`` adds the flag, ``False`` leaves it out.  The child must be able to import ``trio_claude``
    (installed, or on ``PYTHONPATH``).  Raises :class:`ValueError` for an unknown scenario or option.
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown fake CLI scenario {scenario!r}; choose from {sorted(SCENARIOS)}")
    argv = [sys.executable, "-m", "trio_claude.testing.fake_cli", "--scenario", scenario]
    for name, value in options.items():
        if name not in _OPTIONS:
            raise ValueError(f"unknown fake CLI option {name!r}; choose from {sorted(_OPTIONS)}")
        flag = "--" + name.replace("_", "-")
        if value is True:
            argv.append(flag)
        elif value is not False:
            argv.append(f"{flag}={value}")
    return argv


def write_fake_cli_executable(
    directory: str | os.PathLike[str],
    scenario: str = "plain",
    *,
    name: str = "claude",
    **options: str | int | float | bool,
) -> Path:
    """Write an executable shell script ``directory/name`` that runs the fake CLI, and return its path.

    Use it as ``ClaudeAgentOptions(cli_path=...)``: the session runs it with its normal flags, which the
    fake accepts.  The script puts this ``trio_claude`` on ``PYTHONPATH`` and runs this interpreter, so it
    works from any working directory.  ``scenario`` and ``options`` are as for :func:`fake_cli_command`
    (which raises :class:`ValueError` for unknown ones).  POSIX only.
    """
    argv = fake_cli_command(scenario, **options)
    package_root = Path(__file__).resolve().parents[2]
    path = Path(directory) / name
    path.write_text(
        "#!/bin/sh\n"
        f"PYTHONPATH={shlex.quote(str(package_root))}${{PYTHONPATH:+:$PYTHONPATH}}\n"
        "export PYTHONPATH\n"
        f'exec {shlex.join(argv)} "$@"\n'
    )
    path.chmod(0o755)
    return path
