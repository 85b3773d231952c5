"""Inbound requests answered out of band: a callback returns a *deferred* marker and the answer comes
later, by request id (``respond_to_permission``, ``respond_to_elicitation``, ``respond_to_user_dialog``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

import trio

from .._config._callbacks import takes_context

A = TypeVar("A")


def answer_of_type(answer_type: type[A], described: str) -> Callable[[object, str], A]:
    """A ``check`` for :class:`PendingAnswers`: the value if it is an ``answer_type``, else
    :class:`TypeError` ("``{source} {described}, not {value!r}``"; ``described``: "an
    ElicitationResponse")."""

    def check(value: object, source: str) -> A:
        if not isinstance(value, answer_type):
            raise TypeError(f"{source} {described}, not {value!r}")
        return value

    return check


class _Waiting(Generic[A]):
    """One request from the call of its callback to its answer."""

    __slots__ = ("answer", "answered", "scope")

    def __init__(self) -> None:
        self.scope = trio.CancelScope()
        """Around the callback: an answer given out of band while it still runs cancels it."""
        self.answered = trio.Event()
        self.answer: A | None = None


class PendingAnswers(Generic[A]):
    """The requests of one kind that can be answered out of band, by request id: each from the call of its
    callback until it is answered, withdrawn or dropped (its handler's task owns the entry, so a CLI
    cancel, an interrupt or the end of the session drop it with the task).

    ``kind`` names the requests (``"elicitation"``) and ``responder`` the method answering them
    (``"respond_to_elicitation"``); ``check(value, source)`` returns ``value`` as an answer or raises
    :class:`TypeError` (``source``: "on_elicitation must return"); ``deferred`` is the marker a callback
    returns to answer later; ``not_pending(request_id)`` is the error for an id that waits for nothing."""

    def __init__(
        self,
        kind: str,
        responder: str,
        check: Callable[[object, str], A],
        deferred: type,
        not_pending: Callable[[str], Exception],
    ) -> None:
        self._kind = kind
        self._responder = responder
        self._check = check
        self._deferred = deferred
        self._not_pending = not_pending
        self._waiting: dict[str, _Waiting[A]] = {}

    def __contains__(self, request_id: object) -> bool:
        return request_id in self._waiting

    def respond(self, request_id: str, answer: A) -> None:
        """Answer the request ``request_id`` (the first answer wins; a callback still running is
        cancelled).  :class:`TypeError` for something else than an answer (the request stays open), the
        ``not_pending`` error when nothing waits under that id."""
        checked = self._check(answer, f"{self._responder} takes")
        waiting = self._waiting.get(request_id)
        if waiting is None or waiting.answered.is_set():
            raise self._not_pending(request_id)
        waiting.answer = checked
        waiting.answered.set()
        waiting.scope.cancel()

    async def ask_with_context(
        self,
        callback: Callable[..., Awaitable[object]],
        request: object,
        request_id: str | None,
        context: Callable[..., object],
        source: str,
    ) -> A:
        """:meth:`ask` ``callback(request, context(request_id=request_id))``, or ``callback(request)`` when
        the callback takes no second argument: without a context it has no id to answer by, so it cannot
        answer out of band (its deferred marker is a wrong answer)."""
        if not takes_context(callback):
            request_id = None
        args = (request,) if request_id is None else (request, context(request_id=request_id))
        return await self.ask(request_id, lambda: callback(*args), source)

    async def ask(self, request_id: str | None, call: Callable[[], Awaitable[object]], source: str) -> A:
        """The answer of ``call()`` (the callback on the CLI's request ``request_id``), or the one given out
        of band when it returns the deferred marker or is still running."""
        if request_id is None:  # not a request of the CLI (a test's): no out-of-band answer
            return self._check(await call(), source)
        if request_id in self._waiting:
            raise RuntimeError(f"{self._kind} request {request_id!r} is already being answered")
        waiting: _Waiting[A] = _Waiting()  # not _Waiting[A](): typing's generic call costs ~10 % here
        self._waiting[request_id] = waiting
        try:
            result: object = None
            with waiting.scope:
                result = await call()
            if waiting.answer is None and isinstance(result, self._deferred):
                await waiting.answered.wait()
            if waiting.answer is not None:
                return waiting.answer
            waiting.answered.set()  # the callback answered: no later out-of-band answer
            return self._check(result, source)
        finally:
            del self._waiting[request_id]
