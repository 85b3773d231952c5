"""Bytes to lines: the framing layer of the stream-json protocol (sans-IO).

The CLI writes one JSON object per ``\\n``-terminated line.  :class:`LineFramer` turns arbitrarily chunked
bytes into those lines, h11-style: :meth:`LineFramer.feed` bytes in (``feed(b"")`` means EOF), then pull
lines out with :meth:`LineFramer.next_line` until it returns :data:`NEED_DATA` or :data:`EOF`.
"""

from __future__ import annotations

import enum
from collections import deque
from typing import Final, Literal, NoReturn

from .._errors import LineTooLongError, LocalProtocolError

__all__ = ["EOF", "NEED_DATA", "LineFramer", "NoLine"]

DEFAULT_MAX_LINE_BYTES: Final = 256 * 1024 * 1024
"""The default line limit: far above any real frame (tool results with images run to megabytes)."""


class NoLine(enum.Enum):
    """Why :meth:`LineFramer.next_line` returned no line."""

    NEED_DATA = "NEED_DATA"
    """No complete line is buffered; feed more bytes (or EOF) and ask again."""

    EOF = "EOF"
    """EOF was fed and every line has been delivered; no line will ever follow."""

    def __repr__(self) -> str:
        return self.value


NEED_DATA: Final = NoLine.NEED_DATA
"""Returned by :meth:`LineFramer.next_line` when it needs more bytes to complete a line."""

EOF: Final = NoLine.EOF
"""Returned by :meth:`LineFramer.next_line` once EOF was fed and all lines have been delivered."""


class LineFramer:
    """Splits a byte stream into lines, with a size limit per line.

    Usage, with any source of byte chunks (``b""`` meaning EOF, as :meth:`trio.abc.ReceiveStream.receive_some`
    returns it)::

        framer = LineFramer()
        while True:
            line = framer.next_line()
            if line is NEED_DATA:
                framer.feed(await stream.receive_some())
            elif line is EOF:
                break
            else:
                handle(line)

    Lines are delivered without their ``\\n`` and without one trailing ``\\r`` before it.  Blank lines
    (empty, or only ASCII whitespace) are skipped.  At EOF, a non-empty unterminated tail is delivered as a
    final line: the CLI may die mid-line, and what it wrote must not be lost.

    A line with more than ``max_line_bytes`` bytes before its ``\\n`` (the ``\\r`` counts; the limit applies
    to blank lines too) raises :exc:`LineTooLongError` when :meth:`next_line` reaches it, even while the line
    is still incomplete — never a hang, never a silent drop.  Every line before it is delivered first.
    The framer is then broken: every further :meth:`feed` or :meth:`next_line` raises the error again.

    Bytes are split lazily, one fed chunk at a time, so the work is linear in the input whatever the
    chunking; memory is what was fed and not yet pulled, plus at most one chunk beyond the limit for an
    overlong line.
    """

    __slots__ = (
        "_eof",
        "_error",
        "_index",
        "_lines",
        "_max_line_bytes",
        "_overlong_at",
        "_overlong_size",
        "_tail",
        "_tail_bytes",
        "_unsplit",
    )

    def __init__(self, *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> None:
        """Create a framer that accepts lines of at most ``max_line_bytes`` bytes.

        Raises :exc:`ValueError` if ``max_line_bytes`` is less than 1.
        """
        if max_line_bytes < 1:
            raise ValueError(f"max_line_bytes must be at least 1, not {max_line_bytes}")
        self._max_line_bytes = max_line_bytes
        # Chunks fed but not yet split.
        self._unsplit: deque[bytes] = deque()
        # The complete lines of the last split chunk, and the index of the next one to deliver.
        # They are already cleaned (no ``\r``, no blank lines); ``_overlong_at`` is the index of the first
        # line over the limit (the error is raised when delivery reaches it), or -1.
        self._lines: list[bytes] = []
        self._index = 0
        self._overlong_at = -1
        self._overlong_size = 0
        # The pieces of the current incomplete line, kept as a list so a long line costs one join.
        self._tail: list[bytes] = []
        self._tail_bytes = 0
        self._eof = False
        self._error: LineTooLongError | None = None

    @property
    def max_line_bytes(self) -> int:
        """The line limit this framer was created with."""
        return self._max_line_bytes

    @property
    def eof_received(self) -> bool:
        """Whether EOF (``feed(b"")``) has been fed.  Lines may still be buffered."""
        return self._eof

    def feed(self, data: bytes) -> None:
        """Add bytes from the peer; ``b""`` means EOF.

        Any chunking is fine: a line may span many chunks and a chunk may hold many lines.  This only
        buffers; lines come out of :meth:`next_line`.  Feeding ``b""`` again after EOF does nothing.

        Raises :exc:`LocalProtocolError` for non-empty data after EOF, and :exc:`LineTooLongError` if
        the framer is broken by an earlier overlong line.
        """
        self._raise_if_broken()
        if not data:
            self._eof = True
        elif self._eof:
            raise LocalProtocolError("data fed to a LineFramer after EOF")
        else:
            self._unsplit.append(bytes(data))

    def next_line(self) -> bytes | Literal[NoLine.NEED_DATA, NoLine.EOF]:
        """Return the next non-blank line, or :data:`NEED_DATA`, or :data:`EOF`.

        :data:`NEED_DATA` means: call :meth:`feed` and ask again.  :data:`EOF` is returned, again on
        every call, once EOF was fed and every line (including an unterminated tail) has been delivered.

        Raises :exc:`LineTooLongError` when the next line exceeds the limit (see the class docstring).
        """
        index = self._index
        if index < len(self._lines) and index != self._overlong_at:  # the hot path: one ready line
            self._index = index + 1
            return self._lines[index]
        return self._next_line_slow()

    def _next_line_slow(self) -> bytes | Literal[NoLine.NEED_DATA, NoLine.EOF]:
        self._raise_if_broken()
        while True:
            if self._index < len(self._lines):
                if self._index == self._overlong_at:
                    self._break(self._overlong_size)
                line = self._lines[self._index]
                self._index += 1
                return line
            # The current chunk's lines are all delivered, so the tail is now the next line.
            if self._tail_bytes > self._max_line_bytes:
                self._break(self._tail_bytes)
            if self._unsplit:
                self._split(self._unsplit.popleft())
                continue
            if not self._eof:
                return NEED_DATA
            if self._tail:
                # The peer died mid-line: deliver what it wrote, once, as the last line.
                self._set_lines([self._take_tail()], maybe_cr=True)
                continue
            return EOF

    def _split(self, chunk: bytes) -> None:
        """Make the complete lines of ``chunk`` current, and keep its unterminated end as the tail."""
        parts = chunk.split(b"\n")
        end = parts.pop()
        if parts:
            if self._tail:
                self._tail.append(parts[0])
                parts[0] = self._take_tail()
            # (searching the chunk is much cheaper than testing each line)
            self._set_lines(parts, maybe_cr=b"\r" in chunk or parts[0].endswith(b"\r"))
        if end:
            self._tail.append(end)
            self._tail_bytes += len(end)

    def _set_lines(self, parts: list[bytes], *, maybe_cr: bool) -> None:
        """Make ``parts`` (raw lines, without their ``\n``) the current lines: the limit is checked on the
        raw lines (a blank line counts too), then ``\r`` endings and blank lines are dropped."""
        limit = self._max_line_bytes
        lines = parts
        overlong_at = -1
        if max(map(len, parts)) > limit:
            first = next(i for i, part in enumerate(parts) if len(part) > limit)
            self._overlong_size = len(parts[first])
            lines = parts[:first]
            overlong_at = first  # provisional: recomputed below after cleaning the lines before it
        if maybe_cr:
            lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
        if not all(lines) or any(map(bytes.isspace, lines)):  # (one pass in C when there is no blank line)
            lines = [line for line in lines if line and not line.isspace()]
        if overlong_at >= 0:
            overlong_at = len(lines)
            lines.append(b"")  # a placeholder at the overlong line's place; never delivered
        self._lines = lines
        self._index = 0
        self._overlong_at = overlong_at

    def _take_tail(self) -> bytes:
        tail = self._tail[0] if len(self._tail) == 1 else b"".join(self._tail)
        self._tail = []
        self._tail_bytes = 0
        return tail

    def _break(self, size: int) -> NoReturn:
        """Record that a line of ``size`` bytes exceeded the limit, drop all buffers, and raise."""
        self._error = LineTooLongError(self._max_line_bytes, size)
        self._unsplit.clear()
        self._lines = []
        self._index = 0
        self._overlong_at = -1
        self._tail = []
        self._tail_bytes = 0
        raise self._error

    def _raise_if_broken(self) -> None:
        if self._error is not None:
            # A fresh exception each time, so tracebacks do not pile up on one shared instance.
            raise LineTooLongError(self._error.limit, self._error.size)

    def __repr__(self) -> str:
        buffered = sum(map(len, self._unsplit)) + sum(map(len, self._lines[self._index :])) + self._tail_bytes
        state = "broken" if self._error else "eof" if self._eof else "open"
        return f"<LineFramer {state}, ~{buffered} bytes buffered, max_line_bytes={self._max_line_bytes}>"
