"""Everything written to the CLI's stdin, in order: the writer task, the queue in front of it, and the
answers the CLI's requests write themselves.

Prompts and requests wait for their line to be written (:meth:`StdinWriter.write`); cancellations are
queued without waiting (:meth:`StdinWriter.send_nowait`: control traffic never blocks the router).  An
answer to one of the CLI's requests (:meth:`StdinWriter.answer`) is written by its handler's own task when
nothing is queued or being written (one scheduler step fewer than a hop to the writer task: the permission
round trip's latency), else queued behind what is.  One lock, taken by whoever writes, keeps the lines
whole and in the order they were given.  Closing stdin is queued too, so it happens after every line
queued before it.

When stdin is a pipe (:class:`trio.lowlevel.FdStream`, as a local CLI's is) an answer is first written
with one non-blocking ``os.write``, without a scheduler step: a whole line leaves at once (a pipe takes a
line of up to ``PIPE_BUF`` bytes whole, and longer ones as far as it has room); only what the pipe could
not take is left to ``send_all``.
"""

from __future__ import annotations

import contextlib
import errno
import math
import os

import trio

from .._errors import CLIConnectionError
from ..wire._log import lines_logged, log_line

_CLOSE = object()


class _Write:
    __slots__ = ("data", "done", "error")

    def __init__(self, data: bytes | object, *, wait: bool) -> None:
        self.data = data
        self.done = trio.Event() if wait else None
        self.error: BaseException | None = None


class StdinWriter:
    """Writes lines to the CLI's stdin: queued ones in :meth:`run` (lines may be queued before it starts),
    answers in their handler's task when they need not wait."""

    def __init__(self) -> None:
        self._send, self._receive = trio.open_memory_channel[_Write](math.inf)
        self._lock = trio.StrictFIFOLock()  # held by whoever writes a line: lines never interleave
        self._queued = 0  # lines (and the close) queued and not yet being written
        self._stdin: trio.abc.SendStream | None = None  # while run() writes to it
        self._broken: CLIConnectionError | None = None
        self._answering: trio.CancelScope | None = None  # an answer being written by its handler
        self.closed = False
        """Stdin is closed, or its closing is queued: nothing more can be written."""

    def send_nowait(self, data: bytes) -> None:
        """Queue ``data`` without waiting (dropped once stdin is closed or the session is over)."""
        if self.closed:
            return
        self._queue(_Write(data, wait=False))

    async def answer(self, data: bytes) -> None:
        """Write the answer ``data`` from the calling task if nothing is queued or being written, else queue
        it (dropped once stdin is closed or the session is over).  Never raises: a failed write breaks
        stdin for the lines after it.  The write is shielded, so cancelling the caller never cuts a line;
        :meth:`stop` ends it."""
        stdin = self._stdin
        if stdin is None or self._queued or self._lock.locked() or self.closed or self._broken is not None:
            self.send_nowait(data)
            return
        self._lock.acquire_nowait()  # no checkpoint between the test above and taking the lock
        try:
            with contextlib.suppress(CLIConnectionError):
                data = self._write_now(stdin, data)
                if data:  # what the pipe could not take at once
                    with trio.CancelScope(shield=True) as self._answering:
                        await self._send_all(stdin, data)
        finally:
            self._answering = None
            self._lock.release()

    async def write(self, data: bytes) -> None:
        """Queue ``data`` and wait until it is written; raises :class:`CLIConnectionError` when it cannot
        be."""
        if self.closed:
            raise CLIConnectionError("the session's input is closed")
        item = _Write(data, wait=True)
        self._queue(item)
        assert item.done is not None
        await item.done.wait()
        if item.error is not None:
            raise item.error

    def close(self) -> None:
        """Close stdin once the lines queued before are written."""
        if not self.closed:
            self.closed = True
            self._queue(_Write(_CLOSE, wait=False))

    def stop(self) -> None:
        """End :meth:`run` once the queue is empty, and an answer still being written (the session is
        over)."""
        self._send.close()
        if self._answering is not None:
            self._answering.cancel()

    def _queue(self, item: _Write) -> None:
        with contextlib.suppress(trio.ClosedResourceError, trio.BrokenResourceError):  # the session is over
            self._send.send_nowait(item)
            self._queued += 1

    async def _write_line(self, stdin: trio.abc.SendStream, data: bytes) -> None:
        """Write one line (the caller holds the lock); a failure breaks stdin."""
        if lines_logged():
            log_line("out", data)
        await self._send_all(stdin, data)

    async def _send_all(self, stdin: trio.abc.SendStream, data: bytes) -> None:
        try:
            await stdin.send_all(data)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
            raise self._break(exc) from None

    def _write_now(self, stdin: trio.abc.SendStream, data: bytes) -> bytes:
        """Log the line ``data`` and write what a pipe ``stdin`` takes of it without waiting (the caller
        holds the lock); return the rest, all of it when ``stdin`` is not a pipe.  A failure breaks stdin."""
        if lines_logged():
            log_line("out", data)
        if not isinstance(stdin, trio.lowlevel.FdStream):
            return data
        fd = stdin.fileno()  # -1 once the stream is closed: EBADF below
        try:
            written = os.write(fd, data)
        except BlockingIOError:
            return data
        except OSError as exc:
            closed = exc.errno == errno.EBADF
            raise self._break(trio.ClosedResourceError() if closed else exc) from None
        return data[written:]

    def _break(self, exc: BaseException) -> CLIConnectionError:
        self._broken = CLIConnectionError(f"cannot write to the CLI: {exc!r}")
        return self._broken

    async def run(self, stdin: trio.abc.SendStream | None) -> None:
        """Write the queued lines to ``stdin`` (``None``: the CLI has none) until :meth:`stop`; after a failed
        write, fail the lines that wait."""
        self._stdin = stdin
        try:
            async with self._receive:
                async for item in self._receive:
                    if self._lock.locked():  # an answer is being written by its handler
                        await self._lock.acquire()
                    else:
                        self._lock.acquire_nowait()  # no scheduler step for nothing
                    try:
                        self._queued -= 1
                        item.error = await self._write_item(stdin, item)
                    finally:
                        self._lock.release()
                    if item.done is not None:
                        item.done.set()
        finally:
            self._stdin = None

    async def _write_item(self, stdin: trio.abc.SendStream | None, item: _Write) -> CLIConnectionError | None:
        """Write or close as ``item`` says; the error of the line that could not be written."""
        if self._broken is not None or stdin is None:
            if item.data is _CLOSE:
                return None
            return self._broken or CLIConnectionError("the CLI has no stdin")
        if item.data is _CLOSE:
            with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                await stdin.aclose()
            self._broken = CLIConnectionError("the session's input is closed")
            return None
        assert isinstance(item.data, bytes)
        try:
            await self._write_line(stdin, item.data)
        except CLIConnectionError as exc:
            return exc
        return None
