"""The one task that writes to the CLI's stdin, in order, and the queue in front of it.

Answers and cancellations are queued without waiting (:meth:`StdinWriter.send_nowait`: control traffic
never blocks the router); prompts and requests wait for their line to be written (:meth:`StdinWriter.write`).
Closing stdin is queued too, so it happens after every line queued before it.
"""

from __future__ import annotations

import contextlib
import math

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
    """Writes queued lines to the CLI's stdin in :meth:`run` (lines may be queued before it starts)."""

    def __init__(self) -> None:
        self._send, self._receive = trio.open_memory_channel[_Write](math.inf)
        self.closed = False
        """Stdin is closed, or its closing is queued: nothing more can be written."""

    def send_nowait(self, data: bytes) -> None:
        """Queue ``data`` without waiting (dropped once stdin is closed or the session is over)."""
        if self.closed:
            return
        with contextlib.suppress(trio.ClosedResourceError, trio.BrokenResourceError):  # the session is over
            self._send.send_nowait(_Write(data, wait=False))

    async def write(self, data: bytes) -> None:
        """Queue ``data`` and wait until it is written; raises :class:`CLIConnectionError` when it cannot
        be."""
        if self.closed:
            raise CLIConnectionError("the session's input is closed")
        item = _Write(data, wait=True)
        self._send.send_nowait(item)
        assert item.done is not None
        await item.done.wait()
        if item.error is not None:
            raise item.error

    def close(self) -> None:
        """Close stdin once the lines queued before are written."""
        if not self.closed:
            self.closed = True
            with contextlib.suppress(trio.ClosedResourceError, trio.BrokenResourceError):
                self._send.send_nowait(_Write(_CLOSE, wait=False))

    def stop(self) -> None:
        """End :meth:`run` once the queue is empty (the session is over)."""
        self._send.close()

    async def run(self, stdin: trio.abc.SendStream | None) -> None:
        """Write the queued lines to ``stdin`` (``None``: the CLI has none) until :meth:`stop`; after a failed
        write, fail the lines that wait."""
        broken: BaseException | None = None
        async with self._receive:
            async for item in self._receive:
                if broken is None and stdin is not None:
                    try:
                        if item.data is _CLOSE:
                            await stdin.aclose()
                            broken = CLIConnectionError("the session's input is closed")
                        else:
                            assert isinstance(item.data, bytes)
                            if lines_logged():
                                log_line("out", item.data)
                            await stdin.send_all(item.data)
                    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
                        broken = CLIConnectionError(f"cannot write to the CLI: {exc!r}")
                        item.error = broken
                elif item.data is not _CLOSE:
                    item.error = broken or CLIConnectionError("the CLI has no stdin")
                if item.done is not None:
                    item.done.set()
