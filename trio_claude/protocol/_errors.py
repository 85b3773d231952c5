"""The errors of the sans-IO protocol core, split h11-style by whose fault they are.

* :class:`LocalProtocolError` — *we* misused the core (a bug in the caller, never caused by the peer).
* :class:`RemoteProtocolError` — the *peer* sent something the core cannot accept.

Both derive from :class:`ProtocolError`, so ``except ProtocolError`` catches either.
"""

from __future__ import annotations


class ProtocolError(Exception):
    """Base class of every error raised by :mod:`trio_claude.protocol`.

    Never raised itself; catch it to handle both :class:`LocalProtocolError` and
    :class:`RemoteProtocolError`.
    """


class LocalProtocolError(ProtocolError):
    """The caller misused the protocol core; the peer had nothing to do with it.

    Raised, for example, when data is fed to a :class:`LineFramer` after EOF, or when an
    :class:`OutboundRequests` table is asked to track an id that it did not mint or that was already used.
    It signals a bug in the calling code, so it is not meant to be caught and recovered from.
    """


class RemoteProtocolError(ProtocolError):
    """The peer sent something the protocol core cannot accept.

    Raised when the byte stream from the peer is unusable (see :class:`LineTooLongError`).  The
    connection it came from should be treated as broken.
    """


class LineTooLongError(RemoteProtocolError):
    """The peer sent a line longer than the configured limit.

    Raised by :meth:`LineFramer.next_line` as soon as a line has more than ``limit`` bytes before its
    ``\\n`` — also while the line is still incomplete, so an endless line is reported instead of buffered
    forever.  ``limit`` is the configured maximum; ``size`` is the number of bytes of the line seen so far
    (for an incomplete line, a lower bound of its final length).  After this error the framer is broken
    and raises it again on every further call.
    """

    def __init__(self, limit: int, size: int) -> None:
        super().__init__(f"line of at least {size} bytes exceeds the limit of {limit} bytes")
        self.limit = limit
        self.size = size

    def __reduce__(self) -> tuple[type[LineTooLongError], tuple[int, int]]:
        # The message is derived from the two fields, so pickling (e.g. across processes) must rebuild
        # from them rather than from ``args``.
        return (type(self), (self.limit, self.size))
