"""What the protocol core hands to its I/O wrapper: small frozen event classes."""

from __future__ import annotations

import attrs

from .. import model  # the face: names the union of every request body, loaded on first use
from .._record import Record
from ..model import ControlError, ControlResponse, ControlSuccess


@attrs.frozen(kw_only=True, repr=False, eq=False)
class MessageReceived(Record):
    """A non-control frame arrived (for the SDK: a message for the consumer; for the CLI: a prompt)."""

    message: model.Message


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RequestReceived(Record):
    """The peer sent a control request; it is now in flight until answered or cancelled."""

    request_id: str
    request: model.ControlRequestPayload


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ResponseReceived(Record):
    """The answer to one of our pending requests arrived (late or unknown answers produce no event).

    ``slot`` is what the caller gave :meth:`Connection.send_request` for this request.
    """

    request_id: str
    response: ControlSuccess | ControlError
    frame: ControlResponse
    slot: object = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CancelReceived(Record):
    """The peer cancelled its in-flight request ``request_id``: stop working on it and do not answer."""

    request_id: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InvalidLine(Record):
    """A line that is not valid protocol: not JSON, or a duplicate in-flight request id.

    ``line`` is the raw line (never lost); ``reason`` says what is wrong.  The connection carries on.
    """

    line: bytes
    reason: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class EndOfStream(Record):
    """The peer closed its output (EOF).  No event follows."""


Event = MessageReceived | RequestReceived | ResponseReceived | CancelReceived | InvalidLine | EndOfStream
"""Any event of :meth:`Connection.next_event`."""
