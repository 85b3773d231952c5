"""What the fake CLI writes: frames through the protocol core's CLI-role connection, raw lines, stderr.

Writes are queued in order and sent by one writer task (:meth:`Output.run`), so code that decides what to
write never blocks; once the process exits (:meth:`Output.close`), nothing more is queued.  What reached
the host is recorded.
"""

from __future__ import annotations

import math

import attrs
import trio

from ... import wire
from ...model import (
    ControlCancelRequest,
    ControlError,
    ControlRequest,
    ControlRequestPayload,
    ControlResponse,
    ControlSuccess,
    Frame,
)
from ...protocol import Connection

__all__ = ["Output"]


@attrs.frozen
class _Write:
    data: bytes
    frame: Frame | None
    to_stderr: bool = False


class Output:
    """The stdout and stderr of one fake CLI process, and the record of what was written to them.

    ``conn`` is the process's :class:`~trio_claude.protocol.Connection` in the CLI role: every frame goes
    through it, so request ids, answers and cancels follow the protocol's rules.
    """

    def __init__(self, conn: Connection, stdout: trio.abc.SendStream, stderr: trio.abc.SendStream) -> None:
        self._conn = conn
        self._stdout = stdout
        self._stderr = stderr
        self._send, self._receive = trio.open_memory_channel[_Write](math.inf)
        self._closed = False
        self._stdout_broken = False
        self._stderr_broken = False
        self.sent: list[Frame] = []
        """Every frame written to stdout, in order."""
        self.sent_lines: list[bytes] = []
        """Every write to stdout, raw lines included."""
        self.stderr_chunks: list[bytes] = []
        """Every write to stderr."""

    # -- what to write -----------------------------------------------------------------------------

    def frame(self, frame: Frame) -> None:
        """Write a frame that needs no bookkeeping (a message)."""
        self._write(self._conn.send(frame), frame)

    def answer(self, answer: ControlSuccess | ControlError) -> bool:
        """Answer the host's request ``answer.request_id``.  Returns ``False`` (and writes nothing) when it
        is no longer in flight: the host cancelled it, or it was answered."""
        data = self._conn.send_answer(answer)
        if data is None:
            return False
        self._write(data, ControlResponse(response=answer))
        return True

    def late_answer(self, answer: ControlSuccess) -> None:
        """Answer a request the host already cancelled: a protocol race the connection would refuse to
        write, so the frame is encoded here."""
        frame = ControlResponse(response=answer)
        self._write(wire.encode_line(frame), frame)

    def request(self, payload: ControlRequestPayload) -> str:
        """Send a control request to the host; returns its id."""
        request_id, data = self._conn.send_request(payload)
        self._write(data, ControlRequest(request_id=request_id, request=payload))
        return request_id

    def park(self, payload: ControlRequestPayload) -> str:
        """Wait for the host's answer to a control request without writing it (one the CLI was already
        waiting on before this host connected: the ``initialize`` answer lists it); returns its id."""
        request_id, _ = self._conn.send_request(payload)
        return request_id

    def cancel(self, request_id: str) -> bool:
        """Give up on our request ``request_id``: write a ``control_cancel_request`` for it.  Returns
        ``False`` (and writes nothing) when it is not pending any more."""
        data = self._conn.send_cancel(request_id)
        if data is None:
            return False
        self._write(data, ControlCancelRequest(request_id=request_id))
        return True

    def fail_pending(self) -> list[str]:
        """The host can answer nothing any more: forget our pending requests; returns their ids."""
        return self._conn.fail_pending()

    def raw(self, data: bytes) -> None:
        """Write ``data`` to stdout exactly as given."""
        self._write(data, None)

    def stderr(self, text: str) -> None:
        """Write ``text`` to stderr, with a newline added if missing (nothing for an empty text)."""
        if text and not text.endswith("\n"):
            text += "\n"
        if text and not self._closed:
            self._send.send_nowait(_Write(text.encode(), None, to_stderr=True))

    def _write(self, data: bytes, frame: Frame | None) -> None:
        if not self._closed:
            self._send.send_nowait(_Write(data, frame))

    def close(self) -> None:
        """The process exits: what is queued is still written, nothing more is queued."""
        self._closed = True

    def end(self) -> None:
        """Let :meth:`run` return once the queue is written (after :meth:`close`)."""
        self._send.close()

    # -- writing -------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Write everything queued, in order, until :meth:`end`.  A broken stream drops what is written to
        it afterwards; the other one goes on."""
        async with self._receive:
            async for item in self._receive:
                if item.to_stderr:
                    if not self._stderr_broken:
                        try:
                            await self._stderr.send_all(item.data)
                        except (trio.BrokenResourceError, trio.ClosedResourceError):
                            self._stderr_broken = True
                        else:
                            self.stderr_chunks.append(item.data)
                elif not self._stdout_broken:
                    try:
                        await self._stdout.send_all(item.data)
                    except (trio.BrokenResourceError, trio.ClosedResourceError):
                        self._stdout_broken = True
                    else:
                        self.sent_lines.append(item.data)
                        if item.frame is not None:
                            self.sent.append(item.frame)
