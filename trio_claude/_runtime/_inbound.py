"""The CLI's requests to us: each handled in its own task and cancel scope, answered exactly once.

A ``control_cancel_request`` cancels exactly that request's handler (nothing is answered);
:meth:`InboundTasks.abandon_turn` (``interrupt``) cancels the handlers of the turn.  Whatever happens
between calling a handler and writing its answer — the callback raises, returns something invalid, or
returns an answer that cannot be encoded — the CLI gets exactly one answer (an error response, unless the
handlers name a safer one), and the failure is logged.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import trio

from .. import (
    model,  # the face: names the union of every request body, loaded on first use
    wire,
)
from .._handlers._dispatch import InboundHandlers, Unsupported
from ..model import McpMessageRequest, UnknownControlRequest
from ..protocol import Connection

logger = logging.getLogger("trio_claude.protocol")


class InboundTasks:
    """The handlers in flight, by request id."""

    def __init__(
        self,
        conn: Connection,
        handlers: InboundHandlers,
        send: Callable[[bytes], Awaitable[None]],
        on_done: Callable[[], None],
    ) -> None:
        self._conn = conn
        self._handlers = handlers
        self._send = send  # writes (or queues) an answer for the CLI; never cut by a cancellation
        self._on_done = on_done  # called when a handler has finished (the input may close then)
        self._scopes: dict[str, trio.CancelScope] = {}
        self._turn: set[str] = set()

    def __len__(self) -> int:
        return len(self._scopes)

    def cancel(self, request_id: str) -> None:
        """The CLI withdrew ``request_id``: cancel its handler (the Connection forgot it already)."""
        scope = self._scopes.get(request_id)
        if scope is not None:
            logger.debug("request %s: cancelling its handler, the CLI withdrew it", request_id)
            scope.cancel()

    def abandon(self, request_id: str, why: str = "abandoned") -> None:
        """Stop handling ``request_id`` (``why``: for the log): it will not be answered."""
        scope = self._scopes.get(request_id)
        if scope is not None:
            logger.debug("request %s: cancelling its handler (%s); it is not answered", request_id, why)
            self._conn.abandon(request_id)
            scope.cancel()

    def abandon_turn(self) -> None:
        """Stop the handlers that belong to the current turn (an interrupt)."""
        for request_id in list(self._turn):
            self.abandon(request_id, "the turn was interrupted")

    def abandon_all(self) -> None:
        """Stop every handler (the session is ending)."""
        for request_id in list(self._scopes):
            self.abandon(request_id, "the session is ending")

    async def handle(self, request_id: str, request: model.ControlRequestPayload) -> None:
        """Run the handler of one inbound request in its own cancel scope and answer it (once)."""
        scope = trio.CancelScope()
        self._scopes[request_id] = scope
        if _is_turn_request(request):
            self._turn.add(request_id)
        started = trio.current_time()
        logger.debug("request %s from the CLI: %s", request_id, subtype_of(request))
        data: bytes | None = None
        try:
            with scope:
                data = await self._answer(request_id, request)
                if data is not None:
                    await self._send(data)
            outcome = "cancelled" if scope.cancelled_caught else "answered" if data is not None else "dropped"
            logger.debug("request %s: %s after %.3f s", request_id, outcome, trio.current_time() - started)
        finally:
            self._scopes.pop(request_id, None)
            self._turn.discard(request_id)
            self._on_done()

    async def _answer(self, request_id: str, request: model.ControlRequestPayload) -> bytes | None:
        """The bytes answering ``request`` (``None``: it is no longer in flight).  From calling the handler
        to encoding its answer, any failure still gives the CLI its one answer."""
        subtype = subtype_of(request)
        try:
            payload = await self._handlers.answer(request, subtype, request_id)
            if isinstance(payload, Unsupported):
                return self._conn.send_error(request_id, payload.message, error_code="unsupported_request")
            return self._conn.send_response(request_id, payload)  # raises EncodeError: still in flight
        except Exception as exc:
            logger.exception("answering %s failed", subtype)
            return self._failure_answer(request_id, request, exc)

    def _failure_answer(
        self, request_id: str, request: model.ControlRequestPayload, error: Exception
    ) -> bytes | None:
        """The answer to a request whose handling failed: the handlers' answer for that failure if they
        have one (e.g. a deny), else an error response."""
        try:
            payload = self._handlers.answer_failure(request, error)
            if payload is not None:
                return self._conn.send_response(request_id, payload)
        except Exception:
            logger.exception("the answer to the failure of %s failed too", subtype_of(request))
        return self._conn.send_error(request_id, _error_text(error))


def _error_text(error: BaseException) -> str:
    """The message of ``error`` for the CLI (its type when it has none, or when ``str()`` fails)."""
    try:
        return str(error) or type(error).__name__
    except Exception:
        return type(error).__name__


def subtype_of(request: object) -> str | None:
    """The wire subtype of a control request (``None`` for a class the converter does not know)."""
    if isinstance(request, UnknownControlRequest):
        return request.subtype
    return wire.converter.control_subtypes.get(type(request))


def _is_turn_request(request: model.ControlRequestPayload) -> bool:
    """Handlers that belong to the current turn (cancelled by :meth:`ClaudeSession.interrupt`)."""
    if isinstance(request, McpMessageRequest):
        return request.message.get("method") == "tools/call"
    return not isinstance(request, UnknownControlRequest)
