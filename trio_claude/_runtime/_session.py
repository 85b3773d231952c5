"""The Trio session: the CLI process, the stdout router, one task per inbound request, and shutdown.

Everything runs in one nursery owned by the caller's ``async with``.  The rules (see the "Sessions and
cancellation" docs page):

1. A ``control_cancel_request`` from the CLI cancels exactly that request's handler; nothing is answered.
2. :meth:`ClaudeSession.interrupt` sends ``interrupt`` and cancels the turn's in-flight handlers.
3. Cancelling a caller of :meth:`ClaudeSession.request` raises ``Cancelled`` at once; the CLI gets a
   ``control_cancel_request`` and the late answer is dropped.
4. Whatever happens between calling a handler and writing its answer — the callback raises, returns
   something invalid, or returns an answer that cannot be encoded — the CLI gets exactly one answer (an
   error response, unless the handlers name a safer one), the failure is logged, and the session goes on.
5. Leaving the session interrupts a turn in flight, closes stdin, waits ``shutdown_grace`` for the CLI to
   exit, then SIGTERM, ``terminate_grace``, SIGKILL — and always reaps it.
6. A CLI that dies unexpectedly fails pending requests and the consumer with :class:`ProcessError`: one
   that exits with an error code, or with code 0 in the middle of a turn or while one of our requests
   waits for its answer — unless we asked it to stop (closed its input, or left the block).
7. Control traffic never waits for the consumer: messages are buffered (without a count limit) so the
   router always keeps reading.
"""

from __future__ import annotations

import contextlib
import logging
import math
import sys
from collections import deque
from collections.abc import AsyncIterable, Awaitable, Callable
from typing import TYPE_CHECKING, Any, NoReturn, ParamSpec, TypeVar, cast

import attrs
import trio

from .. import wire
from .._config._discovery import OLDEST_TESTED_CLI, parse_version
from .._config._initialize import build_initialize
from .._config._mcp_servers import McpServers
from .._config._options import ClaudeAgentOptions
from .._errors import CLIConnectionError, ControlRequestError, MessageParseError, ProcessError
from .._handlers._dispatch import InboundHandlers, Unsupported
from ..model import (
    ControlError,
    ControlRequestBody,
    ControlRequestPayload,
    GetContextUsageRequest,
    InitializeResponse,
    InitMessage,
    InterruptRequest,
    InterruptResponse,
    JSONObject,
    McpMessageRequest,
    McpReconnectRequest,
    McpSetServersResponse,
    McpStatusRequest,
    McpStatusResponse,
    McpToggleRequest,
    Message,
    PermissionMode,
    ResultMessage,
    RewindFilesRequest,
    RewindFilesResponse,
    SessionStateChangedMessage,
    SetMaxThinkingTokensRequest,
    SetModelRequest,
    SetModelResponse,
    SetPermissionModeRequest,
    SetPermissionModeResponse,
    StopTaskRequest,
    UnknownControlRequest,
    UserMessage,
)
from ..model._control import ContextUsageResponse
from ..protocol import (
    NEED_DATA,
    CancelReceived,
    Connection,
    EndOfStream,
    InvalidLine,
    MessageReceived,
    ProtocolError,
    RequestReceived,
    ResponseReceived,
    Turns,
)
from ._process import CLIProcess
from ._prompts import NOT_ON_A_SESSION, Prompt, outgoing

if sys.version_info < (3, 11):
    pass

logger = logging.getLogger("trio_claude")

R = TypeVar("R")
T = TypeVar("T")
P = ParamSpec("P")

_READ_SIZE = 65536
_STDERR_TAIL_LINES = 200
_DRAIN_SECONDS = 0.5  # how long an exited CLI's pipes may take to reach EOF
_CLOSE = object()


# Messages that change the session's state (the rest are only queued for the consumer).
_WATCHED_MESSAGES: frozenset[type[Message]] = frozenset(
    {SessionStateChangedMessage, ResultMessage, InitMessage}
)


@attrs.frozen(kw_only=True)
class SessionStatistics:
    """A snapshot of a session's queues (see :meth:`ClaudeSession.statistics`)."""

    buffered_messages: int
    """Messages received and not yet consumed."""
    pending_requests: int
    """Our control requests waiting for an answer."""
    handlers_in_flight: int
    """The CLI's requests being handled."""
    invalid_lines: int
    """Stdout lines that were not JSON (logged and skipped)."""
    late_responses: int = 0
    """Answers dropped because their request was no longer waiting (its caller was cancelled)."""


class _Pending:
    """An outbound request waiting for its answer."""

    __slots__ = ("done", "error", "response", "subtype")

    def __init__(self, subtype: str | None) -> None:
        self.subtype = subtype
        self.done = trio.Event()
        self.response: Any = None
        self.error: BaseException | None = None


class _Write:
    __slots__ = ("data", "done", "error")

    def __init__(self, data: bytes | object, *, wait: bool) -> None:
        self.data = data
        self.done = trio.Event() if wait else None
        self.error: BaseException | None = None


class ClaudeSession:
    """A running Claude Code CLI and the conversation with it.

    Get one from :func:`open_session`; it is valid until that ``async with`` block ends.  Send prompts
    with :meth:`send`, read with :meth:`receive_response` / :meth:`receive_messages`, and control the CLI
    with the request methods.
    """

    def __init__(self, options: ClaudeAgentOptions, process: CLIProcess, nursery: trio.Nursery) -> None:
        self._options = options
        self._process = process
        self._nursery = nursery
        self._conn = Connection(max_line_bytes=options.max_line_bytes)
        self._handlers = InboundHandlers(options, nursery)
        self._send_writes, self._receive_writes = trio.open_memory_channel[_Write](math.inf)
        self._messages: deque[Message] = deque()
        # Set by a waiting consumer, woken and cleared by the router: a flood of messages costs no Event.
        self._message_arrived: trio.Event | None = None
        self._background_scopes: list[trio.CancelScope] = []
        self._pending: dict[str, _Pending] = {}
        self._handler_scopes: dict[str, trio.CancelScope] = {}
        self._turn_handlers: set[str] = set()
        self._stderr_tail: deque[str] = deque(maxlen=_STDERR_TAIL_LINES)
        self._exited = trio.Event()
        self._stdout_done = trio.Event()
        self._stderr_done = trio.Event()
        self._ended = trio.Event()
        self._progress = trio.Event()
        self._error: BaseException | None = None
        self._closing = False
        self._stdin_closed = False
        self._turns = Turns()
        self._last_result: ResultMessage | None = None
        self._session_id: str | None = options.resume
        self._server_info: InitializeResponse | None = None
        self._cli_version: str | None = None

    # -- public state --------------------------------------------------------------------------------

    @property
    def server_info(self) -> InitializeResponse | None:
        """The CLI's answer to ``initialize`` (commands, agents, models, account…)."""
        return self._server_info

    async def get_server_info(self) -> JSONObject | None:
        """The official SDK's spelling of :attr:`server_info`: the CLI's answer to ``initialize`` as the
        official SDK returns it, a JSON dict with wire keys (``info.get("commands", [])``)."""
        if self._server_info is None:
            return None
        return cast(JSONObject, wire.unstructure(self._server_info))

    if not TYPE_CHECKING:  # type checkers keep reporting unknown attributes as usual

        def __getattr__(self, name: str) -> NoReturn:
            hint = NOT_ON_A_SESSION.get(name)
            if hint is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            raise AttributeError(f"ClaudeSession has no {name}(): {hint}")

    @property
    def session_id(self) -> str | None:
        """The conversation's id (known after the first ``init`` message; at once when resuming)."""
        return self._session_id

    @property
    def pid(self) -> int | None:
        """The CLI's process id (``None`` for a CLI that is not a local process)."""
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        """The CLI's exit code once it has exited, else ``None``.  A negative code ``-N`` means signal N."""
        return self._process.returncode

    @property
    def cli_version(self) -> str | None:
        """The CLI's version, as it reported it."""
        return self._cli_version

    @property
    def state(self) -> str | None:
        """The CLI's last reported state (``idle``, ``running`` or ``requires_action``; CLI ≥ 2.1.330)."""
        return self._turns.state

    @property
    def stderr_tail(self) -> str:
        """The last lines the CLI wrote on stderr."""
        return "\n".join(self._stderr_tail)

    def statistics(self) -> SessionStatistics:
        """Queue sizes, for diagnostics and tests."""
        return SessionStatistics(
            buffered_messages=len(self._messages),
            pending_requests=len(self._pending),
            handlers_in_flight=len(self._handler_scopes),
            invalid_lines=self._conn.statistics.invalid_lines,
            late_responses=self._conn.statistics.late_responses,
        )

    # -- sending -------------------------------------------------------------------------------------

    async def send(self, prompt: Prompt, *, parent_tool_use_id: str | None = None) -> None:
        """Send a prompt: a string, content blocks (typed, or as dicts), a whole
        :class:`~trio_claude.model.UserMessage`, or the official SDK's user-message dict (decoded by the
        wire converter; a missing ``parent_tool_use_id`` is ``None``).

        Returns once the line is written to the CLI.  A prompt sent during a turn is queued by the CLI
        and answered after it.  Raises ``TypeError`` at once, writing nothing, for any other value, a
        malformed dict (naming the offending part) or a prompt holding a value that is not JSON; raises
        :class:`CLIConnectionError` when the session has ended.
        """
        message, data = outgoing(prompt, parent_tool_use_id=parent_tool_use_id)
        await self._send_line(message, data)

    async def query(self, prompt: Prompt | AsyncIterable[Prompt], session_id: str = "default") -> None:
        """The official SDK's ``ClaudeSDKClient.query``: :meth:`send` one prompt, or each prompt of an
        async iterable in turn (e.g. official user-message dicts).  ``session_id`` goes into the messages
        that have none, as the official SDK does (the CLI does not read it).  Raises as :meth:`send`.
        """
        if isinstance(prompt, AsyncIterable):
            async for item in prompt:
                await self._send_line(*outgoing(item, session_id=session_id))
        else:
            await self._send_line(*outgoing(prompt, session_id=session_id))

    async def _send_line(self, message: UserMessage, data: bytes) -> None:
        self._raise_if_ended()
        if self._stdin_closed:
            raise CLIConnectionError("the session's input is closed")
        self._turns.add_prompt(message)
        await self._write(data)

    async def request(self, body: ControlRequestBody[R]) -> R:
        """Send a control request and return its typed answer.

        Raises :class:`ControlRequestError` when the CLI answers with an error,
        :class:`CLIConnectionError` (or :class:`ProcessError`) when the session ends first, and
        :class:`TypeError` (:class:`~trio_claude.wire.EncodeError`) at once when ``body`` holds a value
        that is not JSON.  On
        cancellation the CLI is sent a ``control_cancel_request`` and the late answer is dropped.
        """
        self._raise_if_ended()
        if self._stdin_closed:
            raise CLIConnectionError("the session's input is closed")
        payload: ControlRequestPayload = body  # type: ignore[assignment]
        request_id, data = self._conn.send_request(payload)
        pending = self._pending[request_id] = _Pending(_subtype_of(payload))
        try:
            self._write_nowait(data)
            await pending.done.wait()
        except trio.Cancelled:
            cancel = self._conn.send_cancel(request_id)
            if cancel is not None:
                self._write_nowait(cancel)
            raise
        finally:
            self._pending.pop(request_id, None)
            self._notify_progress()
        if pending.error is not None:
            raise pending.error
        response = pending.response
        if isinstance(response, ControlError):
            raise ControlRequestError(
                response.error, error_code=response.error_code, subtype=_subtype_of(payload)
            )
        response_type = wire.converter.response_types.get(type(payload))
        raw: JSONObject = response.response or {}
        if response_type is None:
            return raw  # type: ignore[return-value]
        try:
            return wire.structure(raw, response_type)  # type: ignore[no-any-return]
        except wire.MalformedError as exc:
            raise MessageParseError(f"unexpected answer to {_subtype_of(payload)}: {exc}", raw) from None

    async def interrupt(self) -> InterruptResponse:
        """Stop the current turn: cancel our in-flight handlers of the turn (permission checks, hooks, tool
        calls) and send ``interrupt``.  The turn then ends with an ``error_during_execution`` result."""
        for request_id in list(self._turn_handlers):
            self._abandon_handler(request_id)
        return await self.request(InterruptRequest())

    async def set_permission_mode(self, mode: PermissionMode) -> SetPermissionModeResponse:
        """Change the permission mode."""
        return await self.request(SetPermissionModeRequest(mode=mode))

    async def set_model(self, model: str | None = None) -> SetModelResponse:
        """Change the model (``None``: the default model)."""
        return await self.request(SetModelRequest(model=model))

    async def set_max_thinking_tokens(self, max_thinking_tokens: int | None) -> None:
        """Limit the thinking tokens (``None`` clears the limit)."""
        await self.request(SetMaxThinkingTokensRequest(max_thinking_tokens=max_thinking_tokens))

    async def rewind_files(self, user_message_id: str, *, dry_run: bool = False) -> RewindFilesResponse:
        """Restore files to their state at the user message ``user_message_id`` (needs file
        checkpointing)."""
        return await self.request(
            RewindFilesRequest(user_message_id=user_message_id, dry_run=dry_run or None)
        )

    async def mcp_status(self) -> McpStatusResponse:
        """The MCP servers and their state."""
        return await self.request(McpStatusRequest())

    async def get_mcp_status(self) -> JSONObject:
        """The official SDK's spelling of :meth:`mcp_status`: the same answer as the official SDK returns
        it, a JSON dict with wire keys (``status["mcpServers"][0]["name"]``)."""
        return cast(JSONObject, wire.unstructure(await self.mcp_status()))

    async def reconnect_mcp_server(self, server_name: str) -> None:
        """Reconnect the MCP server ``server_name``."""
        await self.request(McpReconnectRequest(server_name=server_name))

    async def toggle_mcp_server(self, server_name: str, enabled: bool) -> None:
        """Enable or disable the MCP server ``server_name``."""
        await self.request(McpToggleRequest(server_name=server_name, enabled=enabled))

    async def set_mcp_servers(self, servers: McpServers) -> McpSetServersResponse:
        """Replace the dynamic MCP servers: in-process ones (:class:`SdkMcpServer`) are served by this
        session from now on, external ones are JSON configs."""
        return await self._handlers.mcp.set_servers(servers, self.request)

    async def get_context_usage(self) -> ContextUsageResponse:
        """How the context window is used."""
        return await self.request(GetContextUsageRequest())

    async def stop_task(self, task_id: str) -> None:
        """Stop the background task ``task_id``."""
        await self.request(StopTaskRequest(task_id=task_id))

    # -- receiving -----------------------------------------------------------------------------------

    def receive_messages(self) -> MessageStream:
        """Every message until the session ends (then iteration stops, or raises :class:`ProcessError` if
        the CLI died).  Each message is delivered once, to whichever iterator asks first."""
        return MessageStream(self, until_result=False)

    def receive_response(self) -> MessageStream:
        """The messages up to and including the next :class:`~trio_claude.model.ResultMessage`."""
        return MessageStream(self, until_result=True)

    async def receive_message(self) -> Message:
        """The next message.  Raises :class:`CLIConnectionError` when the session has ended and every
        message was read (:class:`ProcessError` if the CLI died)."""
        while not self._messages:
            if self._ended.is_set():
                raise self._error or CLIConnectionError("the session has ended")
            await self._wait_for_message()
        return self._messages.popleft()

    async def _wait_for_message(self) -> None:
        # Consumers share one Event; the router sets it once and forgets it, so only the first message
        # after a consumer starts waiting costs a wake-up.
        if self._message_arrived is None:
            self._message_arrived = trio.Event()
        await self._message_arrived.wait()

    def _wake_consumers(self) -> None:
        if self._message_arrived is not None:
            self._message_arrived.set()
            self._message_arrived = None

    # -- internals: writing --------------------------------------------------------------------------

    def _write_nowait(self, data: bytes | object) -> None:
        if self._stdin_closed:
            return
        with contextlib.suppress(trio.ClosedResourceError, trio.BrokenResourceError):  # the session is over
            self._send_writes.send_nowait(_Write(data, wait=False))

    async def _write(self, data: bytes) -> None:
        self._raise_if_ended()
        if self._stdin_closed:
            raise CLIConnectionError("the session's input is closed")
        item = _Write(data, wait=True)
        self._send_writes.send_nowait(item)
        assert item.done is not None
        await item.done.wait()
        if item.error is not None:
            raise item.error

    async def _writer(self) -> None:
        stdin = self._process.stdin
        broken: BaseException | None = None
        async with self._receive_writes:
            async for item in self._receive_writes:
                if broken is None and stdin is not None:
                    try:
                        if item.data is _CLOSE:
                            await stdin.aclose()
                            broken = CLIConnectionError("the session's input is closed")
                        else:
                            assert isinstance(item.data, bytes)
                            await stdin.send_all(item.data)
                    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
                        broken = CLIConnectionError(f"cannot write to the CLI: {exc!r}")
                        item.error = broken
                elif item.data is not _CLOSE:
                    item.error = broken or CLIConnectionError("the CLI has no stdin")
                if item.done is not None:
                    item.done.set()

    def _close_stdin(self) -> None:
        if not self._stdin_closed:
            self._stdin_closed = True
            with contextlib.suppress(trio.ClosedResourceError, trio.BrokenResourceError):
                self._send_writes.send_nowait(_Write(_CLOSE, wait=False))

    # -- internals: reading --------------------------------------------------------------------------

    async def _router(self) -> None:
        stdout = self._process.stdout
        try:
            if stdout is None:
                return
            while True:
                event = self._conn.next_event()
                if event is NEED_DATA:
                    try:
                        data = await stdout.receive_some(_READ_SIZE)
                    except (trio.BrokenResourceError, trio.ClosedResourceError):
                        data = b""
                    self._conn.receive_data(bytes(data))
                    continue
                if isinstance(event, MessageReceived):  # the hot path, without a call
                    self._on_message(event.message)
                    continue
                if isinstance(event, EndOfStream):
                    return
                self._dispatch(event)
        except ProtocolError as exc:
            self._fail(exc)
            self._process.terminate()
        finally:
            self._stdout_done.set()

    def _dispatch(self, event: RequestReceived | ResponseReceived | CancelReceived | InvalidLine) -> None:
        """The events other than messages (the router hands those to :meth:`_on_message` itself)."""
        if isinstance(event, RequestReceived):
            self._nursery.start_soon(self._handle, event.request_id, event.request)
        elif isinstance(event, ResponseReceived):
            pending = self._pending.get(event.request_id)
            if pending is not None:
                pending.response = event.response
                pending.done.set()
        elif isinstance(event, CancelReceived):
            scope = self._handler_scopes.get(event.request_id)
            if scope is not None:
                scope.cancel()
        else:
            logger.warning(
                "skipping a stdout line that is not protocol (%s): %r", event.reason, event.line[:200]
            )

    def _on_message(self, message: Message) -> None:
        # Only a few message types change the session; the test keeps stream events off that path.
        if type(message) in _WATCHED_MESSAGES and not self._observe(message):
            return
        self._messages.append(message)
        if self._message_arrived is not None:
            self._wake_consumers()

    def _observe(self, message: Message) -> bool:
        """Update the session's state from ``message``; False when the message is not for the consumer."""
        if isinstance(message, SessionStateChangedMessage):
            self._turns.set_state(message.state)
            self._notify_progress()
            return not message.sdk_host_only  # meant for the SDK only (CLAUDE_CODE_SDK_READS_SESSION_STATE)
        if isinstance(message, ResultMessage):
            self._turns.add_result()
            self._last_result = message
            self._session_id = message.session_id or self._session_id
            self._notify_progress()
        elif isinstance(message, InitMessage):
            self._session_id = message.session_id
            if message.claude_code_version and self._cli_version is None:
                self._set_version(message.claude_code_version)
        return True

    def _notify_progress(self) -> None:
        self._progress.set()
        self._progress = trio.Event()

    def _set_version(self, version: str) -> None:
        self._cli_version = version
        parsed = parse_version(version)
        if parsed is not None and parsed < OLDEST_TESTED_CLI:
            logger.warning(
                "Claude Code CLI %s is older than the oldest version trio_claude is tested with (%s)",
                version,
                ".".join(map(str, OLDEST_TESTED_CLI)),
            )

    async def _stderr_reader(self) -> None:
        try:
            await self._read_stderr()
        finally:
            self._stderr_done.set()

    async def _read_stderr(self) -> None:
        stderr = self._process.stderr
        if stderr is None:
            return
        callback = self._options.stderr
        pending = b""
        while True:
            try:
                data = await stderr.receive_some(_READ_SIZE)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                data = b""
            if not data:
                lines = [pending] if pending else []
            else:
                *lines, pending = (pending + data).split(b"\n")
                if len(pending) > _READ_SIZE:  # an endless line: keep its head
                    lines.append(pending)
                    pending = b""
            for raw in lines:
                line = raw.decode("utf-8", "replace").rstrip("\r")
                self._stderr_tail.append(line)
                if callback is not None:
                    try:
                        callback(line)
                    except Exception:
                        logger.exception("the stderr callback raised")
            if not data:
                return

    async def _process_waiter(self) -> None:
        try:
            await self._process.wait()
        finally:
            if self._process.returncode is None:  # we are being cancelled: never leave the CLI behind
                self._process.kill()
                with trio.CancelScope(shield=True):
                    await self._process.wait()
            self._exited.set()

    async def _finisher(self) -> None:
        """When stdout ends and the process exited: end the stream, with an error if that was a crash."""
        await self._stdout_done.wait()
        await self._exited.wait()
        await self._drain_stderr()  # a crash's last words are on stderr: ProcessError carries them
        code = self._process.returncode
        if self._error is None and not self._closing and not self._stdin_closed:
            unfinished = self._unfinished_work()
            if code != 0:
                self._fail(self._process_error(f"the Claude Code CLI exited unexpectedly with code {code}"))
            elif unfinished:
                self._fail(self._process_error(f"the Claude Code CLI exited with code 0 {unfinished}"))
        self._end()

    def _unfinished_work(self) -> str:
        """What an exit would leave unfinished, as "in the middle of a turn and while … waited", or ""."""
        parts: list[str] = []
        turns = self._turns.unanswered
        if turns > 0:
            parts.append("in the middle of a turn" if turns == 1 else f"with {turns} prompts unanswered")
        waiting = sorted({pending.subtype or "a control request" for pending in self._pending.values()})
        if waiting:
            parts.append(f"while {', '.join(waiting)} waited for an answer")
        return " and ".join(parts)

    async def _drain_stderr(self) -> None:
        """Wait (briefly: a grandchild of the CLI may hold the pipe open) until stderr is read to its end."""
        with trio.move_on_after(_DRAIN_SECONDS):
            await self._stderr_done.wait()

    def _process_error(self, message: str) -> ProcessError:
        return ProcessError(
            message, exit_code=self._process.returncode, stderr=self.stderr_tail, result=self._last_result
        )

    def _fail(self, error: BaseException) -> None:
        if self._error is None:
            self._error = error
        self._end()

    def _end(self) -> None:
        if self._ended.is_set():
            return
        self._ended.set()
        error = self._error or CLIConnectionError("the session ended before the CLI answered")
        for request_id in self._conn.fail_pending():
            pending = self._pending.get(request_id)
            if pending is not None:
                pending.error = error
                pending.done.set()
        for request_id in list(self._handler_scopes):
            self._abandon_handler(request_id)
        self._wake_consumers()
        self._notify_progress()

    def _raise_if_ended(self) -> None:
        if self._ended.is_set():
            raise self._error or CLIConnectionError("the session has ended")

    # -- internals: inbound requests -----------------------------------------------------------------

    def _abandon_handler(self, request_id: str) -> None:
        scope = self._handler_scopes.get(request_id)
        if scope is not None:
            self._conn.abandon(request_id)
            scope.cancel()

    async def _handle(self, request_id: str, request: ControlRequestPayload) -> None:
        """Run the handler of one inbound request in its own cancel scope and answer it (once)."""
        scope = trio.CancelScope()
        self._handler_scopes[request_id] = scope
        if _is_turn_request(request):
            self._turn_handlers.add(request_id)
        try:
            with scope:
                data = await self._answer(request_id, request)
                if data is not None:
                    self._write_nowait(data)
        finally:
            self._handler_scopes.pop(request_id, None)
            self._turn_handlers.discard(request_id)
            self._notify_progress()  # the input may close once no request is unanswered

    async def _answer(self, request_id: str, request: ControlRequestPayload) -> bytes | None:
        """The bytes answering ``request`` (``None``: it is no longer in flight).  Rule 4: from calling the
        handler to encoding its answer, any failure still gives the CLI its one answer."""
        subtype = _subtype_of(request)
        try:
            payload = await self._handlers.answer(request, subtype)
            if isinstance(payload, Unsupported):
                return self._conn.send_error(request_id, payload.message, error_code="unsupported_request")
            return self._conn.send_response(request_id, payload)  # raises EncodeError: still in flight
        except Exception as exc:
            logger.exception("answering %s failed", subtype)
            return self._failure_answer(request_id, request, exc)

    def _failure_answer(
        self, request_id: str, request: ControlRequestPayload, error: Exception
    ) -> bytes | None:
        """The answer to a request whose handling failed: the handlers' answer for that failure if they
        have one (e.g. a deny), else an error response."""
        try:
            payload = self._handlers.answer_failure(request, error)
            if payload is not None:
                return self._conn.send_response(request_id, payload)
        except Exception:
            logger.exception("the answer to the failure of %s failed too", _subtype_of(request))
        return self._conn.send_error(request_id, _error_text(error))

    # -- lifecycle -----------------------------------------------------------------------------------

    async def _shielded(self, task: Callable[[], Awaitable[None]]) -> None:
        """Run a background task that a cancellation of the caller must not stop: the shutdown of rule 5
        still needs the writer (interrupt, EOF), the router and the process waiter.  Each of them ends by
        itself once the CLI has exited and the write queue is closed, which :meth:`_aclose` guarantees
        (in bounded time).  Once the CLI is reaped, :meth:`_aclose` cancels them too, in case a grandchild
        of the CLI still holds its stdout open."""
        with trio.CancelScope(shield=True) as scope:
            self._background_scopes.append(scope)
            await task()

    async def _start(self) -> None:
        for task in (self._process_waiter, self._writer, self._router, self._stderr_reader, self._finisher):
            self._nursery.start_soon(self._shielded, task)
        try:
            initialize = build_initialize(self._options, hooks=self._handlers.hooks.initialize_config)
            self._server_info = await self.request(initialize)
        except CLIConnectionError as exc:
            await self._exited.wait()
            raise self._error or self._process_error(
                f"the Claude Code CLI exited before answering initialize: {exc}"
            ) from None
        if self._server_info.claude_code_version:
            self._set_version(self._server_info.claude_code_version)

    def _run_finished(self) -> bool:
        """Every prompt has its result, the CLI is idle (CLIs without state frames: at the last result),
        and no request of either side waits for its answer."""
        return self._turns.run_over(requests_open=bool(self._conn.requests_in_flight or self._pending))

    async def _close_input_when_finished(self) -> None:
        """Close stdin once the run is finished (see :meth:`_run_finished`): no hook, permission or MCP
        call can come after that.  A request the CLI writes before its last result or its ``idle`` is
        read before them, so it is answered before stdin closes."""
        while not self._run_finished() and not self._ended.is_set():
            await self._progress.wait()
        self._close_stdin()

    async def _aclose(self) -> None:
        """Rule 5: interrupt a turn in flight, close stdin, wait, SIGTERM, wait, SIGKILL, reap."""
        self._closing = True
        # Once stdin closes no answer can reach the CLI: stop every handler now, as interrupt() does.
        for request_id in list(self._handler_scopes):
            self._abandon_handler(request_id)
        if not self._exited.is_set():
            if self._turns.unanswered and not self._stdin_closed:
                _, data = self._conn.send_request(InterruptRequest())
                self._write_nowait(data)
            self._close_stdin()
            with trio.move_on_after(self._options.shutdown_grace):
                await self._exited.wait()
            if not self._exited.is_set():
                self._process.terminate()
                with trio.move_on_after(self._options.terminate_grace):
                    await self._exited.wait()
            if not self._exited.is_set():
                self._process.kill()
                await self._exited.wait()
        # What the CLI wrote before it exited still reaches the buffer and the stderr callback.
        with trio.move_on_after(_DRAIN_SECONDS):
            await self._stdout_done.wait()
            await self._stderr_done.wait()
        self._end()
        self._send_writes.close()
        for scope in self._background_scopes:
            scope.cancel()


def _error_text(error: BaseException) -> str:
    """The message of ``error`` for the CLI (its type when it has none, or when ``str()`` fails)."""
    try:
        return str(error) or type(error).__name__
    except Exception:
        return type(error).__name__


def _subtype_of(request: object) -> str | None:
    if isinstance(request, UnknownControlRequest):
        return request.subtype
    return wire.converter.control_subtypes.get(type(request))


def _is_turn_request(request: ControlRequestPayload) -> bool:
    """Handlers that belong to the current turn (cancelled by :meth:`ClaudeSession.interrupt`)."""
    if isinstance(request, McpMessageRequest):
        return request.message.get("method") == "tools/call"
    return not isinstance(request, UnknownControlRequest)


class MessageStream:
    """An async iterator over a session's messages (not a generator: nothing to finalise).

    Iteration stops when the session ends (or, from :meth:`ClaudeSession.receive_response`, after the
    next result), and raises :class:`ProcessError` if the CLI died.
    """

    def __init__(self, session: ClaudeSession, *, until_result: bool) -> None:
        self._session = session
        self._until_result = until_result
        self._finished = False

    def __aiter__(self) -> MessageStream:
        return self

    async def __anext__(self) -> Message:
        if self._finished:
            raise StopAsyncIteration
        session = self._session
        while not session._messages:
            if session._ended.is_set():
                self._finished = True
                if session._error is not None:
                    raise session._error
                raise StopAsyncIteration
            await session._wait_for_message()
        message = session._messages.popleft()
        if self._until_result and isinstance(message, ResultMessage):
            self._finished = True
        return message


# -- prompts ---------------------------------------------------------------------------------------------


__all__ = ["ClaudeSession", "MessageStream", "SessionStatistics"]
