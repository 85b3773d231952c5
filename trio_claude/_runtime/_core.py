"""The engine of a session: the CLI process, the stdout router, the writer, one task per inbound request,
our outbound requests, and shutdown.

Everything runs in one nursery owned by the caller's ``async with``.  The rules (see the "Sessions and
cancellation" docs page):

1. A ``control_cancel_request`` from the CLI cancels exactly that request's handler; nothing is answered.
2. :meth:`ClaudeSession.interrupt` sends ``interrupt`` and cancels the turn's in-flight handlers.
3. Cancelling a caller of :meth:`ClaudeSession.request` raises ``Cancelled`` at once; the CLI gets a
   ``control_cancel_request`` and the late answer is dropped.
4. Whatever happens between calling a handler and writing its answer, the CLI gets exactly one answer
   (see ``_inbound``), the failure is logged, and the session goes on.
5. Leaving the session interrupts a turn in flight, closes stdin, waits ``shutdown_grace`` for the CLI to
   exit, then SIGTERM, ``terminate_grace``, SIGKILL — and always reaps it.
6. A CLI that dies unexpectedly fails pending requests and the consumer with :class:`ProcessError`: one
   that exits with an error code, or with code 0 in the middle of a turn or while one of our requests
   waits for its answer — unless we asked it to stop (closed its input, or left the block).
7. Control traffic never waits for the consumer: messages are buffered (without a count limit) so the
   router always keeps reading.

:class:`~trio_claude.ClaudeSession` is the face users hold; ``open_session`` / ``open_query`` drive this
class through its public methods.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
import trio

from .. import (
    model,  # the face: names the union of every request body, loaded on first use
    wire,
)
from .._config._command import check_reported_version
from .._config._discovery import notice_untested
from .._config._initialize import check_launch_fields_applied
from .._config._plan import LaunchPlan
from .._errors import (
    ClaudeSDKError,
    CLIConnectionError,
    ControlRequestError,
    MessageParseError,
    UnsupportedCapabilityError,
    UnsupportedOptionError,
    UnsupportedRequestError,
)
from .._handlers._dispatch import InboundHandlers
from ..model import (
    CommandsChangedMessage,
    ControlError,
    ControlRequestBody,
    InitializeRequest,
    InitializeResponse,
    InitMessage,
    InterruptRequest,
    JSONObject,
    ResultMessage,
    SessionStateChangedMessage,
    UnknownMessage,
    UserMessage,
)
from ..model._base import capabilities_needed, json_get, json_str
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
    ends_turn,
)
from ._buffer import MessageBuffer
from ._errors import ProcessError
from ._inbound import InboundTasks, subtype_of
from ._outbound import Pending, is_unsupported
from ._process import CLIProcess, exit_status
from ._stderr import DRAIN_SECONDS, StderrReader
from ._watched import WATCHED_MESSAGES, slash_commands
from ._writer import StdinWriter

if TYPE_CHECKING:
    from ._mirror import TranscriptMirror

logger = logging.getLogger("trio_claude.runtime")
requests_logger = logging.getLogger("trio_claude.protocol")

R = TypeVar("R")

_READ_SIZE = 65536


class SessionCore:
    """One CLI and everything that talks to it, in ``nursery``: built before the CLI starts, which
    :meth:`start` is given (with :meth:`initialize_line` first on its stdin)."""

    process: CLIProcess
    """The CLI (from :meth:`start` on)."""
    stderr: StderrReader
    """Its stderr (from :meth:`start` on)."""

    def __init__(self, plan: LaunchPlan, nursery: trio.Nursery) -> None:
        self.plan = plan
        """What the CLI is started with (its options are the session's)."""
        self.options = options = plan.options
        self.nursery = nursery
        self.conn = Connection(max_line_bytes=options.max_line_bytes)
        self.handlers = InboundHandlers(options, nursery)
        self.buffer = MessageBuffer()
        """The messages for the consumers."""
        self.writer = StdinWriter()
        self._initialize: tuple[InitializeRequest, str, Pending] | None = None
        self.inbound = InboundTasks(self.conn, self.handlers, self.writer.answer, self.notify_progress)
        self.turns = Turns()
        self._requesting = 0
        """Callers inside :meth:`request` (an answered request counts until its caller has it)."""
        self.session_id: str | None = options.resume
        self.server_info: InitializeResponse | None = None
        self.cli_version: str | None = None
        self.capabilities: frozenset[str] = frozenset()
        """What the CLI says it supports (its ``initialize`` answer's and ``system/init``'s
        ``capabilities``)."""
        self._background_scopes: list[trio.CancelScope] = []
        self._exited = trio.Event()
        self._stdout_done = trio.Event()
        self._ended = trio.Event()
        self._progress = trio.Event()
        self._error: BaseException | None = None
        self._closing = False
        self._last_result: ResultMessage | None = None
        self._mirror: TranscriptMirror | None = None  # with a session_store: its flusher's buffer
        #: The messages the session acts on (the router hands each to ``_observe`` at once).
        self.watched: frozenset[type[model.Message]] = WATCHED_MESSAGES
        if options.session_store is not None:
            from ._mirror import mirror_for  # only with a store: a plain session never loads it

            self._mirror = mirror_for(options, self._on_message)
            self.watched = WATCHED_MESSAGES | {model.TranscriptMirrorMessage}  # its frames, loaded now

    # -- sending -------------------------------------------------------------------------------------

    async def send_line(self, message: UserMessage, data: bytes) -> None:
        """Write one prompt line (``data`` encodes ``message``) and count it as a prompt to answer."""
        self.raise_if_ended()
        if self.writer.closed:
            raise CLIConnectionError("the session's input is closed")
        if self.options.verbatim_prompts and message.client_composed is None:
            # mypy's attrs plugin checks evolve() against attrs' __init__, which UserMessage writes itself
            message = attrs.evolve(message, client_composed=True)  # type: ignore[call-arg]
            data = wire.encode_line(message)
        self.turns.add_prompt(message)
        await self._write(data)

    async def request(self, body: ControlRequestBody[R]) -> R:
        """Send a control request and return its typed answer (see :meth:`ClaudeSession.request`)."""
        self.raise_if_ended()
        if self.writer.closed:
            raise CLIConnectionError("the session's input is closed")
        request_id, pending, data = self._register(body)
        return await self._answer(body, request_id, pending, data)

    def _register(self, body: ControlRequestBody[Any]) -> tuple[str, Pending, bytes]:
        """Give ``body`` a request id and a slot for its answer; its line is the caller's to write."""
        payload: model.ControlRequestPayload = body  # type: ignore[assignment]
        for field, capability in capabilities_needed(payload).items():
            if capability not in self.capabilities:
                raise UnsupportedCapabilityError(
                    subtype=subtype_of(payload),
                    field=field,
                    capability=capability,
                    cli_version=self.cli_version,
                )
        pending = Pending(subtype_of(payload))
        request_id, data = self.conn.send_request(payload, slot=pending)
        return request_id, pending, data

    async def _answer(
        self, body: ControlRequestBody[R], request_id: str, pending: Pending, data: bytes | None
    ) -> R:
        """Write the request's line ``data`` (``None``: it is written already) and return its typed answer."""
        payload: model.ControlRequestPayload = body  # type: ignore[assignment]
        started = trio.current_time()
        requests_logger.debug("request %s %s sent", pending.subtype, request_id)
        self._requesting += 1
        try:
            if data is not None:
                self.writer.send_nowait(data)
            await pending.done.wait()
        except trio.Cancelled:
            cancel = self.conn.send_cancel(request_id)
            if cancel is not None:
                self.writer.send_nowait(cancel)
            requests_logger.debug(
                "request %s %s cancelled after %.3f s: its caller was cancelled%s",
                pending.subtype,
                request_id,
                trio.current_time() - started,
                " (control_cancel_request sent)" if cancel is not None else "",
            )
            raise
        finally:
            self.conn.send_cancel(request_id)  # retire it if still pending (not written: nothing was sent)
            self._requesting -= 1
            self.notify_progress()
        outcome = "failed" if pending.error is not None else type(pending.response).__name__
        requests_logger.debug(
            "request %s %s: %s after %.3f s",
            pending.subtype,
            request_id,
            outcome,
            trio.current_time() - started,
        )
        if pending.error is not None:
            raise pending.error
        response = pending.response
        if isinstance(response, ControlError):
            subtype = subtype_of(payload)
            if is_unsupported(response):
                raise UnsupportedRequestError(
                    response.error,
                    error_code=response.error_code,
                    subtype=subtype,
                    cli_version=self.cli_version,
                )
            raise ControlRequestError(response.error, error_code=response.error_code, subtype=subtype)
        response_type = wire.converter.response_types.get(type(payload))
        raw: JSONObject = response.response or {}
        if response_type is None:
            return raw  # type: ignore[return-value]
        try:
            return wire.structure(raw, response_type)  # type: ignore[no-any-return]
        except wire.MalformedError as exc:
            raise MessageParseError(f"unexpected answer to {subtype_of(payload)}: {exc}", raw) from None

    async def _write(self, data: bytes) -> None:
        self.raise_if_ended()
        await self.writer.write(data)

    # -- reading -------------------------------------------------------------------------------------

    async def _router(self) -> None:
        stdout = self.process.stdout
        try:
            if stdout is None:
                return
            conn = self.conn
            buffer = self.buffer
            batch: list[model.Message] = []
            while True:
                # The hot path: every message of a chunk in one call, handed to the consumers at once.
                # The router still reads, so checkpoints, once per chunk.
                try:
                    event = conn.next_messages(batch, self.watched)
                finally:
                    if batch:  # before the event: it came after them (nothing decoded is lost)
                        buffer.put_many(batch)
                        batch.clear()
                if event is NEED_DATA:
                    try:
                        data = await stdout.receive_some(_READ_SIZE)
                    except (trio.BrokenResourceError, trio.ClosedResourceError):
                        data = b""
                    conn.receive_data(bytes(data))
                    continue
                if isinstance(event, MessageReceived):  # a message that changes the session's state
                    self._on_message(event.message)
                    continue
                if isinstance(event, EndOfStream):
                    return
                self._dispatch(event)
        except ProtocolError as exc:
            self._fail(exc)
            self.process.terminate()
        finally:
            self._stdout_done.set()

    def _dispatch(self, event: RequestReceived | ResponseReceived | CancelReceived | InvalidLine) -> None:
        """The events other than messages (the router hands those to :meth:`_on_message` itself)."""
        if isinstance(event, RequestReceived):
            if self._ended.is_set():  # refused (or over): no hook, permission or tool call is served
                return
            self.nursery.start_soon(self.inbound.handle, event.request_id, event.request)
        elif isinstance(event, ResponseReceived):
            pending = event.slot
            if isinstance(pending, Pending):
                pending.response = event.response
                pending.done.set()
                if pending.subtype == "initialize":  # the requests the CLI still waits on, once more
                    for request in self.conn.redelivered(event.frame):
                        self.nursery.start_soon(self.inbound.handle, request.request_id, request.request)
        elif isinstance(event, CancelReceived):
            self.inbound.cancel(event.request_id)
        else:
            logger.warning(
                "skipping a stdout line that is not protocol (%s): %r", event.reason, event.line[:200]
            )

    def _on_message(self, message: model.Message) -> None:
        # Only a few message types change the session; the test keeps stream events off that path.
        if type(message) in self.watched and not self._observe(message):
            return
        self.buffer.put(message)

    def _observe(self, message: model.Message) -> bool:
        """Update the session's state from ``message``; False when the message is not for the consumer."""
        if isinstance(message, SessionStateChangedMessage):
            self.turns.set_state(message.state)
            self.notify_progress()
            return not message.sdk_host_only  # meant for the SDK only (CLAUDE_CODE_SDK_READS_SESSION_STATE)
        if self._mirror is not None and isinstance(message, model.TranscriptMirrorMessage):
            self._mirror.add(message)  # for the session store, never for the consumer
            return False
        if isinstance(message, ResultMessage):
            if self._mirror is not None:
                self._mirror.turn_ended()
            self.turns.add_result()
            self._last_result = message
            self.session_id = message.session_id or self.session_id
            self.notify_progress()
        elif isinstance(message, InitMessage):
            self.session_id = message.session_id
            self.capabilities |= frozenset(message.capabilities or ())
            if message.claude_code_version and self.cli_version is None:
                self._set_version(message.claude_code_version)
            try:
                check_reported_version(self.options, message.claude_code_version, "its system/init message")
            except UnsupportedOptionError as exc:  # its --version fooled the check: no tool may run
                self._refuse(exc)
                return False
        elif isinstance(message, CommandsChangedMessage):
            self.update_server_info(commands=slash_commands(message.commands))
        elif isinstance(message, UnknownMessage) and message.type == "control_response":
            return not self._fail_by_untyped_answer(message)
        elif ends_turn(message):  # a `result` line that did not type: the turn is over all the same
            if self._mirror is not None:
                self._mirror.turn_ended()
            self.turns.add_result()
            self.notify_progress()
        return True

    def _fail_by_untyped_answer(self, answer: UnknownMessage) -> bool:
        """A ``control_response`` that did not type: fail the request of ours it answers at once (else its
        caller would wait for ever), with :class:`MessageParseError` naming the misfit.  Whether it
        answered one of ours (a stray one goes to the consumer, as every unknown frame)."""
        request_id = json_str(json_get(answer.raw, "response"), "request_id")
        pending = self.conn.pending_slots.get(request_id) if request_id is not None else None
        if not isinstance(pending, Pending):
            return False
        asked = pending.subtype or "a control request"
        pending.error = MessageParseError(
            f"the CLI's answer to {asked} could not be typed: {answer.error}", answer.raw
        )
        pending.done.set()  # its caller retires the request (request())
        return True

    def update_server_info(self, **changes: Any) -> None:
        """Fold newer values (``commands``, ``agents``…) into :attr:`server_info`, which then describes the
        session as it is now, not as it was at ``initialize``."""
        if self.server_info is not None:
            self.server_info = attrs.evolve(self.server_info, **changes)

    def notify_progress(self) -> None:
        """Wake whoever waits for the run to finish (a result, a state, a request answered)."""
        self._progress.set()
        self._progress = trio.Event()

    def _set_version(self, version: str) -> None:
        self.cli_version = version
        notice_untested(version)

    # -- the process ending ----------------------------------------------------------------------------

    async def _process_waiter(self) -> None:
        try:
            await self.process.wait()
        finally:
            if self.process.returncode is None:  # we are being cancelled: never leave the CLI behind
                logger.debug("cancelled while the CLI runs: killing it (pid %s)", self.process.pid)
                self.process.kill()
                with trio.CancelScope(shield=True):
                    await self.process.wait()
            logger.debug(
                "the CLI (pid %s) exited: %s", self.process.pid, exit_status(self.process.returncode)
            )
            self._exited.set()

    async def _finisher(self) -> None:
        """When stdout ends and the process exited: end the stream, with an error if that was a crash."""
        await self._stdout_done.wait()
        await self._exited.wait()
        await self.stderr.drain()  # a crash's last words are on stderr: ProcessError carries them
        code = self.process.returncode
        if self._error is None and not self._closing and not self.writer.closed:
            unfinished = self._unfinished_work()
            if code != 0:
                self._fail(self._process_error(f"the Claude Code CLI exited unexpectedly with code {code}"))
            elif unfinished:
                self._fail(self._process_error(f"the Claude Code CLI exited with code 0 {unfinished}"))
        self._end()

    def _unfinished_work(self) -> str:
        """What an exit would leave unfinished, as "in the middle of a turn and while … waited", or ""."""
        parts: list[str] = []
        turns = self.turns.unanswered
        if turns > 0:
            parts.append("in the middle of a turn" if turns == 1 else f"with {turns} prompts unanswered")
        waiting = sorted(
            {
                pending.subtype or "a control request"
                for pending in self.conn.pending_slots.values()
                if isinstance(pending, Pending)
            }
        )
        if waiting:
            parts.append(f"while {', '.join(waiting)} waited for an answer")
        return " and ".join(parts)

    def _process_error(self, message: str) -> ProcessError:
        return ProcessError(
            message, exit_code=self.process.returncode, stderr=self.stderr.tail, result=self._last_result
        )

    def _fail(self, error: BaseException) -> None:
        if self._error is None:
            self._error = error
        self.buffer.fail(error)
        self._end()

    def _refuse(self, error: BaseException) -> None:
        """End the session with ``error`` and kill the CLI at once (it must not go on)."""
        self._fail(error)
        self.process.kill()

    def _end(self) -> None:
        if self._ended.is_set():
            return
        self._ended.set()
        error = self._error or CLIConnectionError("the session ended before the CLI answered")
        waiting = list(self.conn.pending_slots.values())
        self.conn.fail_pending()
        for pending in waiting:
            if isinstance(pending, Pending):
                pending.error = error
                pending.done.set()
        self.inbound.abandon_all()
        self.buffer.close()
        self.notify_progress()

    @property
    def exited(self) -> bool:
        """Whether the CLI process has exited (and was reaped)."""
        return self._exited.is_set()

    async def wait_exited(self) -> None:
        """Wait until the CLI process has exited."""
        await self._exited.wait()

    def raise_if_ended(self) -> None:
        """Raise the session's error (or :class:`CLIConnectionError`) once it has ended."""
        if self._ended.is_set():
            raise self.buffer.ended_error()

    # -- lifecycle -----------------------------------------------------------------------------------

    async def _shielded(self, task: Callable[[], Awaitable[None]]) -> None:
        """Run a background task that a cancellation of the caller must not stop: the shutdown of rule 5
        still needs the writer (interrupt, EOF), the router and the process waiter.  Each of them ends by
        itself once the CLI has exited and the write queue is closed, which :meth:`aclose` guarantees
        (in bounded time).  Once the CLI is reaped, :meth:`aclose` cancels them too, in case a grandchild
        of the CLI still holds its stdout open."""
        with trio.CancelScope(shield=True) as scope:
            self._background_scopes.append(scope)
            await task()

    def initialize_line(self) -> bytes:
        """The ``initialize`` request's line, the first the CLI reads (``CLICommand.stdin_prelude``): written
        into its stdin before it starts, so it registers the hooks before it can run anything."""
        request = self.plan.initialize
        request_id, pending, data = self._register(request)
        self._initialize = (request, request_id, pending)
        return data

    async def start(self, process: CLIProcess) -> None:
        """Start the background tasks for ``process``, which was started with :meth:`initialize_line` first
        on its stdin, and wait for the answer to ``initialize``.  Raises :class:`ProcessError` when the CLI
        exits before answering it; :class:`UnsupportedOptionError` (killing the CLI) when it reports an
        older version than the options need (see
        :func:`~trio_claude._config._command.check_reported_version`), and :class:`CLIConnectionError`
        when it does not confirm the settings ``initialize`` carried."""
        assert self._initialize is not None, "initialize_line() comes first"
        self.process = process
        self.stderr = StderrReader(process.stderr, self.options.stderr)
        writer = functools.partial(self.writer.run, process.stdin)
        for task in (self._process_waiter, writer, self._router, self.stderr.run, self._finisher):
            self.nursery.start_soon(self._shielded, task)
        if self._mirror is not None:  # not shielded: cancelling the caller cancels the store calls
            self.nursery.start_soon(self._mirror.run)
        request, request_id, pending = self._initialize
        try:
            self.server_info = await self._answer(request, request_id, pending, None)
        except CLIConnectionError as exc:
            await self._exited.wait()
            raise self._error or self._process_error(
                f"the Claude Code CLI exited before answering initialize: {exc}"
            ) from None
        self.capabilities |= frozenset(self.server_info.capabilities or ())
        if self.server_info.claude_code_version:
            self._set_version(self.server_info.claude_code_version)
        try:
            check_reported_version(
                self.options, self.server_info.claude_code_version, "its initialize answer"
            )
            check_launch_fields_applied(request, self.server_info)
        except ClaudeSDKError as exc:
            self._refuse(exc)
            raise

    def _run_finished(self) -> bool:
        """Every prompt has its result, the CLI is idle (CLIs without state frames: at the last result),
        and no request of either side waits for its answer."""
        return self.turns.run_over(requests_open=bool(self.conn.requests_in_flight or self._requesting))

    async def close_input_when_finished(self) -> None:
        """Close stdin once the run is finished (see :meth:`_run_finished`): no hook, permission or MCP
        call can come after that.  A request the CLI writes before its last result or its ``idle`` is
        read before them, so it is answered before stdin closes."""
        while not self._run_finished() and not self._ended.is_set():
            await self._progress.wait()
        logger.debug("the run is finished: closing the CLI's input")
        self.writer.close()

    async def finish_mirror(self) -> None:
        """After :meth:`aclose`: wait (at most ``MIRROR_CLOSE_GRACE``) for the last mirrored entries to
        reach the ``session_store``.  Not shielded: a cancelled caller stops waiting."""
        if self._mirror is not None:
            from ._mirror import finish_mirror

            await finish_mirror(self._mirror)

    async def aclose(self) -> None:
        """Rule 5: interrupt a turn in flight, close stdin, wait, SIGTERM, wait, SIGKILL, reap."""
        self._closing = True
        # Once stdin closes no answer can reach the CLI: stop every handler now, as interrupt() does.
        self.inbound.abandon_all()
        if not self._exited.is_set():
            if self.turns.unanswered and not self.writer.closed:
                logger.debug("leaving the session in the middle of a turn: interrupting it")
                _, data = self.conn.send_request(InterruptRequest())
                self.writer.send_nowait(data)
            logger.debug(
                "closing the CLI's input; waiting up to %s s for it to exit", self.options.shutdown_grace
            )
            self.writer.close()
            with trio.move_on_after(self.options.shutdown_grace):
                await self._exited.wait()
            if not self._exited.is_set():
                logger.debug("the CLI still runs after shutdown_grace: SIGTERM (pid %s)", self.process.pid)
                self.process.terminate()
                with trio.move_on_after(self.options.terminate_grace):
                    await self._exited.wait()
            if not self._exited.is_set():
                logger.warning("the CLI still runs after terminate_grace: SIGKILL (pid %s)", self.process.pid)
                self.process.kill()
                await self._exited.wait()
        # What the CLI wrote before it exited still reaches the buffer and the stderr callback.
        with trio.move_on_after(DRAIN_SECONDS):
            await self._stdout_done.wait()
            await self.stderr.done.wait()
        if self._mirror is not None:
            self._mirror.close()  # the last frames came before stdout ended: flush them (finish_mirror)
        self._end()
        self.buffer.leave()
        self.writer.stop()
        for scope in self._background_scopes:
            scope.cancel()
