"""The CLI's stderr: read line by line to its end, passed to the ``stderr`` callback, the last lines kept."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable

import trio

logger = logging.getLogger("trio_claude.runtime")

_READ_SIZE = 65536
_TAIL_LINES = 200
DRAIN_SECONDS = 0.5
"""How long an exited CLI's pipes may take to reach EOF (a grandchild of the CLI may hold them open)."""


class StderrReader:
    """Reads ``stderr`` (``None``: the CLI has none) in :meth:`run`."""

    def __init__(self, stderr: trio.abc.ReceiveStream | None, callback: Callable[[str], None] | None) -> None:
        self._stderr = stderr
        self._callback = callback
        self._tail: deque[str] = deque(maxlen=_TAIL_LINES)
        self.done = trio.Event()
        """Set once stderr is read to its end."""

    @property
    def tail(self) -> str:
        """The last lines the CLI wrote on stderr."""
        return "\n".join(self._tail)

    async def drain(self) -> None:
        """Wait (briefly) until stderr is read to its end."""
        with trio.move_on_after(DRAIN_SECONDS):
            await self.done.wait()

    async def run(self) -> None:
        try:
            await self._read()
        finally:
            self.done.set()

    async def _read(self) -> None:
        stderr = self._stderr
        if stderr is None:
            return
        callback = self._callback
        pending = b""
        while True:
            try:
                data = await stderr.receive_some(_READ_SIZE)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                data = b""
            if not data:
                lines = [pending] if pending else []
            else:
                *lines, pending = (pending + data).split(b"\n")
                if len(pending) > _READ_SIZE:  # an endless line: keep its head
                    lines.append(pending)
                    pending = b""
            for raw in lines:
                line = raw.decode("utf-8", "replace").rstrip("\r")
                self._tail.append(line)
                if callback is not None:
                    try:
                        callback(line)
                    except Exception:
                        logger.exception("the stderr callback raised")
            if not data:
                return
