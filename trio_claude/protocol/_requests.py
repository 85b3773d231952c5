"""The request tables: which control requests are open, in each direction (sans-IO).

Both sides of the control protocol issue requests, correlated by ``request_id``:

* :class:`OutboundRequests` — requests *we* sent and whose ``control_response`` we are waiting for.
  It mints our ids and makes sure each one is answered at most once; late answers, answers to cancelled
  requests and answers to ids we never issued (the CLI echoes our own responses back under
  ``--replay-user-messages``) are recognised so the caller can drop them.  Each pending request carries
  a *slot*: whatever the caller keeps for it (the runtime: the waiter of the answer), so that this is the
  one table of our open requests.
* :class:`InboundRequests` — requests the *peer* sent us, which we must answer exactly once unless the
  peer cancels them first with ``control_cancel_request``.

Neither table does I/O or raises for anything the peer does: they answer ``True``/``False`` and the caller
decides what to write or report.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import KeysView, Mapping
from types import MappingProxyType
from typing import Any, Literal

from .._errors import LocalProtocolError

__all__ = ["InboundRequests", "OutboundRequests"]

_SYSTEM_RANDOM = random.SystemRandom()
"""The operating system's randomness (what :mod:`secrets` uses), for ids that are not seeded."""


def _remove(table: dict[str, Any], request_id: str) -> bool:
    """Remove ``request_id`` from ``table``; return whether it was there."""
    if request_id in table:
        del table[request_id]
        return True
    return False


class OutboundRequests:
    """Our own control requests that are awaiting an answer.

    Lifecycle of an id: :meth:`new_id` mints it, :meth:`add` makes it pending with its slot (do this
    *before* writing the request, so an answer cannot arrive first), and then exactly one of
    :meth:`resolve` (the answer arrived), :meth:`cancel` (the local caller gave up) or :meth:`fail_all`
    (the connection died) retires it.  A retired id is never pending again, so every later answer for it
    is dropped.

    ``id_style`` is how ids look: ``"counter"`` (``req_<n>_<hex>``, what the SDKs send) or ``"uuid"``
    (what the CLI uses for its own requests).  ``rng`` makes the random part of the ids deterministic (for
    tests); without it they come from :mod:`secrets` / :func:`uuid.uuid4`.
    """

    __slots__ = ("_counter", "_id_style", "_minted", "_pending", "_rng", "_slots")

    def __init__(
        self, *, rng: random.Random | None = None, id_style: Literal["counter", "uuid"] = "counter"
    ) -> None:
        """Create an empty table; see the class docstring for ``rng`` and ``id_style``."""
        self._rng = rng
        self._id_style = id_style
        self._counter = 0
        # Ids from new_id() that have not been added yet: add() accepts only these, which is what
        # guarantees that an id is pending at most once in its life.
        self._minted: set[str] = set()
        # Pending id -> its slot.  A dict keeps issue order, and its keys() is a read-only live view.
        self._pending: dict[str, object] = {}
        self._slots = MappingProxyType(self._pending)

    @property
    def pending(self) -> KeysView[str]:
        """A read-only live view of the pending ids, in the order they were added."""
        return self._pending.keys()

    @property
    def slots(self) -> Mapping[str, object]:
        """A read-only live view of the pending ids and their slots, in the order they were added."""
        return self._slots

    def new_id(self) -> str:
        """Mint a fresh request id: ``req_<n>_<8 hex digits>`` with ``n`` counting from 1, or a random
        UUID (version 4) with ``id_style="uuid"``.

        The id is unique for this table (the counter, or a retry on the astronomically unlikely UUID
        collision, makes it so).  It is not pending until :meth:`add` is called with it.
        """
        self._counter += 1
        while True:
            rng = _SYSTEM_RANDOM if self._rng is None else self._rng
            if self._id_style == "uuid":
                request_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            else:
                request_id = f"req_{self._counter}_{rng.getrandbits(32):08x}"
            if request_id not in self._minted and request_id not in self._pending:
                break
        self._minted.add(request_id)
        return request_id

    def add(self, request_id: str, slot: object = None) -> None:
        """Make ``request_id``, minted by :meth:`new_id`, pending, with ``slot`` (anything the caller keeps
        for it until it is retired: see :attr:`slots`, :meth:`slot`).

        Raises :exc:`LocalProtocolError` if this table did not mint ``request_id`` or it was already added
        (an id is pending at most once, so a cancelled or answered request is never resurrected).
        """
        try:
            self._minted.remove(request_id)
        except KeyError:
            raise LocalProtocolError(
                f"request id {request_id!r} was not minted by this table's new_id(), or was already added"
            ) from None
        self._pending[request_id] = slot

    def slot(self, request_id: str) -> object:
        """The slot of the pending ``request_id``; ``None`` when it is not pending."""
        return self._pending.get(request_id)

    def resolve(self, request_id: str) -> bool:
        """An answer for ``request_id`` arrived: retire it and say whether the answer is for the caller.

        Returns ``True`` exactly once for a pending id.  Returns ``False`` for an id that is unknown,
        already answered, cancelled or failed: such an answer must be dropped.
        """
        return _remove(self._pending, request_id)

    def cancel(self, request_id: str) -> bool:
        """The local caller gave up on ``request_id``: retire it so that a later answer is dropped.

        Returns ``True`` if it was pending (the caller may then tell the peer with a
        ``control_cancel_request``), ``False`` if it was already answered, cancelled, failed or unknown.
        """
        return _remove(self._pending, request_id)

    def fail_all(self) -> list[str]:
        """The connection died: retire every pending id and return them, in the order they were added.

        The caller must fail the waiter of each returned id; no answer can arrive for them any more.
        """
        failed = list(self._pending)
        self._pending.clear()
        return failed

    def __repr__(self) -> str:
        return f"<OutboundRequests: {len(self._pending)} pending, {self._counter} issued>"


class InboundRequests:
    """The peer's control requests that we are working on and have not answered yet.

    Lifecycle of an id: :meth:`track` when the request arrives, then exactly one of :meth:`finish` (we
    answer it), :meth:`cancel` (the peer sent ``control_cancel_request``) or :meth:`cancel_all` (the
    connection died).  The peer may reuse an id once it is no longer in flight.
    """

    __slots__ = ("_in_flight",)

    def __init__(self) -> None:
        """Create an empty table."""
        self._in_flight: dict[str, None] = {}

    @property
    def in_flight(self) -> KeysView[str]:
        """A read-only live view of the ids in flight, in the order they arrived."""
        return self._in_flight.keys()

    def track(self, request_id: str) -> bool:
        """A request ``request_id`` arrived from the peer: put it in flight.

        Returns ``False``, and changes nothing, if ``request_id`` is already in flight: the peer broke the
        rule that ids are unique among its in-flight requests, and the caller must report that instead of
        starting a second handler.
        """
        if request_id in self._in_flight:
            return False
        self._in_flight[request_id] = None
        return True

    def finish(self, request_id: str) -> bool:
        """We are about to answer ``request_id``: take it out of flight.

        Returns ``True`` once for an id in flight, and the caller writes its response.  Returns ``False``
        if the id is not in flight (cancelled by the peer, already answered, or never received): the
        caller must *not* write a response.
        """
        return _remove(self._in_flight, request_id)

    def cancel(self, request_id: str) -> bool:
        """The peer cancelled ``request_id`` with ``control_cancel_request``: take it out of flight.

        Returns ``True`` if it was in flight (the caller should stop its handler; no response is written),
        ``False`` if it was not (already answered, or unknown: nothing to do).
        """
        return _remove(self._in_flight, request_id)

    def cancel_all(self) -> list[str]:
        """The connection died: take every request out of flight and return their ids, oldest first.

        The caller should stop their handlers; any later :meth:`finish` returns ``False``.
        """
        cancelled = list(self._in_flight)
        self._in_flight.clear()
        return cancelled

    def __repr__(self) -> str:
        return f"<InboundRequests: {len(self._in_flight)} in flight>"
