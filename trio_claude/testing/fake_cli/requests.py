"""The control requests the fake CLI sends to the host, and what became of each."""

from __future__ import annotations

import math

import trio

from ...model import (
    CanUseToolRequest,
    ControlRequest,
    ControlRequestPayload,
    ElicitationRequest,
    RequestUserDialogRequest,
)
from ...protocol import ResponseReceived
from .output import Output
from .script import SentRequest

__all__ = ["HostRequests"]


class HostRequests:
    """The control requests the fake sends to the host: each waits for its answer, is cancelled, or fails
    when stdin closes.  :attr:`sent` is the record, in order."""

    def __init__(self, output: Output) -> None:
        self._output = output
        self._waiting: dict[str, tuple[SentRequest, trio.Event]] = {}
        self._parked: set[str] = set()
        self._eof = False
        self.sent: list[SentRequest] = []

    async def ask(
        self,
        payload: ControlRequestPayload,
        *,
        pending: dict[str, SentRequest],
        cancel_after: float | None,
        park: bool = False,
    ) -> SentRequest:
        """Send ``payload`` (``park``: only list it in ``initialize`` answers) and wait for the answer (or
        for stdin EOF); after ``cancel_after`` seconds without one, cancel it.  While it waits it is in
        ``pending`` (the turn's, for an interrupt)."""
        request_id = self._output.park(payload) if park else self._output.request(payload)
        request = SentRequest(request_id=request_id, request=payload)
        self.sent.append(request)
        answered = trio.Event()
        self._waiting[request_id] = (request, answered)
        pending[request_id] = request
        if self._eof:  # nobody can answer: fail it like the ones pending at EOF
            self._output.fail_pending()
            request.failed = True
            answered.set()
        try:
            with trio.move_on_after(math.inf if cancel_after is None else cancel_after):
                await answered.wait()
            if not answered.is_set():
                self.cancel(request)
        finally:
            del self._waiting[request_id]
            del pending[request_id]
        return request

    def park(self, payload: ControlRequestPayload) -> SentRequest:
        """A request the CLI was already waiting on when the host connected: not written, listed in the
        ``initialize`` answers (:meth:`waiting_lists`) until the host answers it."""
        request = SentRequest(request_id=self._output.park(payload), request=payload)
        self.sent.append(request)
        self._waiting[request.request_id] = (request, trio.Event())
        self._parked.add(request.request_id)
        return request

    def waiting_lists(
        self,
    ) -> tuple[tuple[ControlRequest, ...], tuple[ControlRequest, ...], tuple[ControlRequest, ...]]:
        """The requests still waiting for the host, as the real CLI lists them in an ``initialize``
        answer: permissions, user dialogs, elicitations."""
        frames = [
            ControlRequest(request_id=request_id, request=request.request)
            for request_id, (request, _) in self._waiting.items()
        ]
        return (
            tuple(frame for frame in frames if isinstance(frame.request, CanUseToolRequest)),
            tuple(frame for frame in frames if isinstance(frame.request, RequestUserDialogRequest)),
            tuple(frame for frame in frames if isinstance(frame.request, ElicitationRequest)),
        )

    def cancel(self, request: SentRequest) -> None:
        """Give up on ``request``: write a ``control_cancel_request`` for it (if it still waits)."""
        if self._output.cancel(request.request_id):
            request.cancelled = True

    def answered(self, event: ResponseReceived) -> None:
        """The host answered one of our requests."""
        waiting = self._waiting.get(event.request_id)
        if waiting is not None:
            request, answered = waiting
            request.response = event.response
            answered.set()
            if event.request_id in self._parked:  # nobody waits on it to remove it
                self._parked.discard(event.request_id)
                del self._waiting[event.request_id]

    def stdin_closed(self) -> None:
        """Nothing can answer our requests any more (the real CLI fails them with "Stream closed")."""
        self._eof = True
        for request_id in self._output.fail_pending():
            waiting = self._waiting.get(request_id)
            if waiting is not None:
                request, answered = waiting
                request.failed = True
                answered.set()
