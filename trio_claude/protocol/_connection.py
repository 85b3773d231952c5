"""The protocol state machine: bytes in → events out, frames → bytes, request bookkeeping.

No I/O, no clock, no trio: the I/O wrapper feeds what it reads to :meth:`Connection.receive_data`, pulls
events with :meth:`Connection.next_event`, and writes the bytes the ``send_*`` methods return.  One class
serves both roles: the SDK side (talking to the CLI) and the CLI side (the fake CLI of the test kit).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Container, Mapping
from typing import Any, Literal

import attrs

from .. import model  # the face: names the union of every request body, loaded on first use
from .._errors import LocalProtocolError
from .._record import Record
from ..model import (
    CanUseToolRequest,
    ControlCancelRequest,
    ControlError,
    ControlRequest,
    ControlResponse,
    ControlSuccess,
    ElicitationRequest,
    KeepAlive,
    RequestUserDialogRequest,
    WireObject,
)
from ..wire import DecodeError, decode_line, encode_line, unstructure
from ..wire._log import lines_logged, log_line
from ._events import (
    CancelReceived,
    EndOfStream,
    Event,
    InvalidLine,
    MessageReceived,
    RequestReceived,
    ResponseReceived,
)
from ._framing import DEFAULT_MAX_LINE_BYTES, NEED_DATA, LineFramer, NoLine
from ._requests import InboundRequests, OutboundRequests

# Frames that the connection itself handles; every other frame is a message for the application.
_BOOKKEPT: frozenset[type[model.Frame]] = frozenset(
    {ControlRequest, ControlResponse, ControlCancelRequest, KeepAlive}
)


class Role(enum.Enum):
    """Which end of the pipe a :class:`Connection` is."""

    SDK = "sdk"
    """The host, which writes prompts and control requests and answers the CLI's requests."""
    CLI = "cli"
    """The CLI (used by the test kit's fake CLI)."""


@attrs.define(repr=False, eq=False)
class ConnectionStatistics(Record):
    """Counters of a :class:`Connection` (for diagnostics)."""

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as attrs makes it

    lines_received: int = 0
    invalid_lines: int = 0
    late_responses: int = 0
    keep_alives: int = 0
    stale_cancels: int = 0


class Connection:
    """One end of the stream-json protocol.

    ``role`` decides nothing about parsing (both directions use the same frames) but names the end for
    diagnostics; ``max_line_bytes`` bounds one incoming line; ``rng`` makes request ids reproducible.
    """

    def __init__(
        self,
        role: Role = Role.SDK,
        *,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        rng: random.Random | None = None,
    ) -> None:
        self.role = role
        self._framer = LineFramer(max_line_bytes=max_line_bytes)
        # Like the real peers: the SDKs number their requests, the CLI gives its own requests UUIDs.
        self._outbound = OutboundRequests(rng=rng, id_style="uuid" if role is Role.CLI else "counter")
        self._inbound = InboundRequests()
        self._eof_delivered = False
        self._logs_lines = role is Role.SDK  # the test kit's fake CLI does not log what it reads
        self.statistics = ConnectionStatistics()

    # -- receiving ----------------------------------------------------------------------------------

    def receive_data(self, data: bytes) -> None:
        """Feed bytes read from the peer; ``b""`` means EOF.

        Raises :class:`LocalProtocolError` for data after EOF.
        """
        self._framer.feed(data)

    def next_event(self) -> Event | Literal[NoLine.NEED_DATA]:
        """The next event, or :data:`NEED_DATA`.

        Raises :class:`~trio_claude.protocol.LineTooLongError` (a :class:`RemoteProtocolError`) when the peer
        sends a line over the limit; the connection is unusable after that.
        """
        next_line = self._framer.next_line
        logs = self._logs_lines and lines_logged()
        while True:
            line = next_line()
            if not isinstance(line, bytes):
                if line is NEED_DATA or self._eof_delivered:
                    return NEED_DATA
                self._eof_delivered = True
                return EndOfStream()
            self.statistics.lines_received += 1
            if logs:
                log_line("in", line)
            try:
                frame = decode_line(line)
            except DecodeError as exc:
                self.statistics.invalid_lines += 1
                return InvalidLine(line=line, reason=str(exc))
            if type(frame) not in _BOOKKEPT:  # the hot path: a message (most lines are stream events)
                return MessageReceived(message=frame)  # type: ignore[arg-type]
            event = self._control_event_for(frame, line)
            if event is not None:
                return event

    def next_messages(
        self, out: list[model.Message], watch: Container[type[model.Frame]] = frozenset()
    ) -> Event | Literal[NoLine.NEED_DATA]:
        """Append every message of the buffered lines to ``out`` and return the next other event, or
        :data:`NEED_DATA` once the buffered lines are all decoded.

        The batch form of :meth:`next_event`, for a reader that takes a chunk's messages at once: the
        same lines give the same events in the same order, except that each plain message is appended
        to ``out`` instead of being returned as a :class:`MessageReceived`.  Every message in ``out``
        arrived before the returned event.  A message whose type is in ``watch`` ends the batch and is
        returned as a :class:`MessageReceived` (for messages the reader acts on at once).

        Raises like :meth:`next_event`; the messages decoded before the error are in ``out``.
        """
        next_line = self._framer.next_line
        append = out.append
        bookkept = _BOOKKEPT
        statistics = self.statistics
        logs = self._logs_lines and lines_logged()  # once per chunk: nothing per line when logging is off
        count = 0
        try:
            while True:
                line = next_line()
                if type(line) is not bytes:
                    if line is NEED_DATA or self._eof_delivered:
                        return NEED_DATA
                    self._eof_delivered = True
                    return EndOfStream()
                count += 1
                if logs:
                    log_line("in", line)
                try:
                    frame = decode_line(line)
                except DecodeError as exc:
                    statistics.invalid_lines += 1
                    return InvalidLine(line=line, reason=str(exc))
                cls = frame.__class__
                if cls in bookkept:
                    event = self._control_event_for(frame, line)
                    if event is not None:
                        return event
                elif cls in watch:
                    return MessageReceived(message=frame)  # type: ignore[arg-type]
                else:
                    append(frame)  # type: ignore[arg-type]
        finally:
            statistics.lines_received += count

    def _control_event_for(self, frame: model.Frame, line: bytes) -> Event | None:
        if isinstance(frame, ControlRequest):
            if not self._inbound.track(frame.request_id):
                self.statistics.invalid_lines += 1
                return InvalidLine(line=line, reason=f"duplicate request id {frame.request_id!r} in flight")
            return RequestReceived(request_id=frame.request_id, request=frame.request)
        if isinstance(frame, ControlResponse):
            slot = self._outbound.slot(frame.request_id)
            if self._outbound.resolve(frame.request_id):
                return ResponseReceived(
                    request_id=frame.request_id, response=frame.response, frame=frame, slot=slot
                )
            self.statistics.late_responses += 1  # late, cancelled, or an echo of our own answer
            return None
        if isinstance(frame, ControlCancelRequest):
            if self._inbound.cancel(frame.request_id):
                return CancelReceived(request_id=frame.request_id)
            self.statistics.stale_cancels += 1
            return None
        if isinstance(frame, KeepAlive):
            self.statistics.keep_alives += 1
            return None
        return MessageReceived(message=frame)

    def redelivered(self, response: ControlResponse) -> list[RequestReceived]:
        """The requests the peer lists as still waiting in the answer to our ``initialize``
        (``pending_permission_requests``, ``pending_user_dialog_requests``,
        ``pending_elicitation_requests``, each kept to its own subtype), put in flight as if they had
        just arrived; one already in flight is being handled and is left out.  Call it only for the answer
        to ``initialize``: on other answers the TypeScript SDK ignores these lists too."""
        events: list[RequestReceived] = []
        for holder in (response, response.response):
            if not isinstance(holder, ControlResponse | ControlSuccess):
                continue
            for requests, kind in (
                (holder.pending_permission_requests, CanUseToolRequest),
                (holder.pending_user_dialog_requests, RequestUserDialogRequest),
                (holder.pending_elicitation_requests, ElicitationRequest),
            ):
                for frame in requests or ():
                    if isinstance(frame.request, kind) and self._inbound.track(frame.request_id):
                        events.append(RequestReceived(request_id=frame.request_id, request=frame.request))
        return events

    # -- sending -----------------------------------------------------------------------------------

    def send(self, frame: model.Frame) -> bytes:
        """The bytes of a frame that needs no bookkeeping (a prompt, a message, a keep-alive).

        Control frames must go through :meth:`send_request`, :meth:`send_response` and
        :meth:`send_cancel`; passing one here raises :class:`LocalProtocolError`.
        """
        if isinstance(frame, ControlRequest | ControlResponse | ControlCancelRequest):
            raise LocalProtocolError("control frames go through send_request/send_response/send_cancel")
        return encode_line(frame)

    def send_request(self, request: model.ControlRequestPayload, *, slot: object = None) -> tuple[str, bytes]:
        """Start an outbound request: returns its new id and the bytes to write.

        ``slot`` is kept with the request while it is pending (:attr:`pending_slots`) and handed back
        in its :class:`ResponseReceived`: the I/O wrapper's waiter, say.  Raises
        :class:`~trio_claude.wire.EncodeError` when ``request`` cannot be encoded; nothing is pending then.
        """
        request_id = self._outbound.new_id()
        data = encode_line(ControlRequest(request_id=request_id, request=request))
        self._outbound.add(request_id, slot)
        return request_id, data

    def send_response(self, request_id: str, payload: WireObject | None = None) -> bytes | None:
        """Answer the peer's request ``request_id`` with success ``payload``.

        Returns ``None`` (write nothing) when that request is no longer in flight: it was cancelled by the
        peer, abandoned, or already answered.  Raises :class:`~trio_claude.wire.EncodeError` when
        ``payload`` cannot be encoded; the request then stays in flight, to be answered otherwise.
        """
        if request_id not in self._inbound.in_flight:
            return None
        body: Any = None if payload is None else unstructure(payload)
        data = encode_line(ControlResponse(response=ControlSuccess(request_id=request_id, response=body)))
        self._inbound.finish(request_id)
        return data

    def send_error(self, request_id: str, error: str, *, error_code: str | None = None) -> bytes | None:
        """Answer the peer's request ``request_id`` with an error; ``None`` when it is no longer in flight."""
        if request_id not in self._inbound.in_flight:
            return None
        data = encode_line(
            ControlResponse(response=ControlError(request_id=request_id, error=error, error_code=error_code))
        )
        self._inbound.finish(request_id)
        return data

    def send_answer(self, answer: ControlSuccess | ControlError) -> bytes | None:
        """Answer the peer's request ``answer.request_id`` with a whole typed answer: one that carries more
        than a payload or an error text (the ``pending_*`` requests of the CLI's ``initialize`` answer…).

        Returns ``None`` (write nothing) when that request is no longer in flight.  Raises
        :class:`~trio_claude.wire.EncodeError` when ``answer`` cannot be encoded; the request then stays in
        flight, to be answered otherwise.
        """
        if answer.request_id not in self._inbound.in_flight:
            return None
        data = encode_line(ControlResponse(response=answer))
        self._inbound.finish(answer.request_id)
        return data

    def abandon(self, request_id: str) -> bool:
        """Stop tracking the peer's request without answering it (we gave up on it locally, e.g. on
        interrupt).  A later cancel or duplicate is then ignored.  True if it was in flight."""
        return self._inbound.cancel(request_id)

    def send_cancel(self, request_id: str) -> bytes | None:
        """Give up on our pending request: its late answer will be dropped.  Returns the
        ``control_cancel_request`` bytes, or ``None`` if it was not pending (already answered)."""
        if not self._outbound.cancel(request_id):
            return None
        return encode_line(ControlCancelRequest(request_id=request_id))

    def fail_pending(self) -> list[str]:
        """The peer is gone: forget every pending outbound request and return their ids."""
        return self._outbound.fail_all()

    @property
    def pending_requests(self) -> frozenset[str]:
        """Ids of our requests still waiting for an answer."""
        return frozenset(self._outbound.pending)

    @property
    def pending_slots(self) -> Mapping[str, object]:
        """Our requests still waiting for an answer, id → slot (a read-only live view, oldest first)."""
        return self._outbound.slots

    @property
    def requests_in_flight(self) -> frozenset[str]:
        """Ids of the peer's requests we have not answered yet."""
        return frozenset(self._inbound.in_flight)
