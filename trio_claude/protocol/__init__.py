"""The sans-IO protocol core: bytes in → events out, frames → bytes, request-id bookkeeping, turns.

No trio, no sockets, no clock: it can be driven by any I/O and property-tested on its own.  The model is
h11's: :meth:`Connection.receive_data` / :meth:`Connection.next_event` / ``send_*``.
"""

from __future__ import annotations

from .._errors import (
    LineTooLongError as LineTooLongError,
    LocalProtocolError as LocalProtocolError,
    ProtocolError as ProtocolError,
    RemoteProtocolError as RemoteProtocolError,
)
from .._exports import fix_module as _fix_module
from ._connection import Connection as Connection, ConnectionStatistics as ConnectionStatistics, Role as Role
from ._events import (
    CancelReceived as CancelReceived,
    EndOfStream as EndOfStream,
    Event as Event,
    InvalidLine as InvalidLine,
    MessageReceived as MessageReceived,
    RequestReceived as RequestReceived,
    ResponseReceived as ResponseReceived,
)
from ._framing import (
    DEFAULT_MAX_LINE_BYTES as DEFAULT_MAX_LINE_BYTES,
    NEED_DATA as NEED_DATA,
    LineFramer as LineFramer,
    NoLine as NoLine,
)
from ._requests import InboundRequests as InboundRequests, OutboundRequests as OutboundRequests
from ._turns import Turns as Turns, ends_turn as ends_turn

_fix_module(__name__, globals())
