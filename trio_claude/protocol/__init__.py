"""The sans-IO protocol core: bytes in → events out, frames → bytes, request-id bookkeeping, turns.

No trio, no sockets, no clock: it can be driven by any I/O and property-tested on its own.  The model is
h11's: :meth:`Connection.receive_data` / :meth:`Connection.next_event` / ``send_*``.
"""

from __future__ import annotations

from .._errors import LineTooLongError as LineTooLongError
from .._errors import LocalProtocolError as LocalProtocolError
from .._errors import ProtocolError as ProtocolError
from .._errors import RemoteProtocolError as RemoteProtocolError
from ._connection import Connection as Connection
from ._connection import ConnectionStatistics as ConnectionStatistics
from ._connection import Role as Role
from ._events import CancelReceived as CancelReceived
from ._events import EndOfStream as EndOfStream
from ._events import Event as Event
from ._events import InvalidLine as InvalidLine
from ._events import MessageReceived as MessageReceived
from ._events import RequestReceived as RequestReceived
from ._events import ResponseReceived as ResponseReceived
from ._framing import DEFAULT_MAX_LINE_BYTES as DEFAULT_MAX_LINE_BYTES
from ._framing import NEED_DATA as NEED_DATA
from ._framing import LineFramer as LineFramer
from ._framing import NoLine as NoLine
from ._requests import InboundRequests as InboundRequests
from ._requests import OutboundRequests as OutboundRequests
from ._turns import Turns as Turns
