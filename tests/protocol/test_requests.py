"""The request tables: one answer per id, late answers dropped, retired ids never come back."""

from __future__ import annotations

import random
import re
from typing import Literal

import pytest
from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from trio_claude._errors import LocalProtocolError
from trio_claude.protocol._requests import InboundRequests, OutboundRequests

ID_PATTERN = re.compile(r"req_([1-9][0-9]*)_[0-9a-f]{8}")

# --- outbound examples ------------------------------------------------------------------------------------


def test_ids_count_from_one_with_eight_hex_digits() -> None:
    table = OutboundRequests()
    ids = [table.new_id() for _ in range(3)]
    matches = [ID_PATTERN.fullmatch(request_id) for request_id in ids]
    assert [int(m.group(1)) for m in matches if m] == [1, 2, 3]


def test_ids_are_deterministic_with_an_rng() -> None:
    first = OutboundRequests(rng=random.Random(7))
    second = OutboundRequests(rng=random.Random(7))
    assert [first.new_id() for _ in range(5)] == [second.new_id() for _ in range(5)]


class EchoingRandom(random.Random):
    """A random source that repeats each value once: every other id it makes collides with the last one."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._repeat: int | None = None

    def getrandbits(self, k: int, /) -> int:
        if self._repeat is None:
            self._repeat = super().getrandbits(k)
            return self._repeat
        value, self._repeat = self._repeat, None
        return value


@pytest.mark.parametrize("id_style", ["counter", "uuid"])
def test_ids_stay_unique_when_the_random_source_repeats_itself(id_style: Literal["counter", "uuid"]) -> None:
    table = OutboundRequests(rng=EchoingRandom(5), id_style=id_style)
    minted = [table.new_id() for _ in range(3)]  # each repeat collides with an id minted, not added
    table.add(minted[-1])
    after_add = table.new_id()  # the repeat collides with a pending id
    ids = [*minted, after_add]
    assert len(set(ids)) == len(ids)
    assert list(table.pending) == [minted[-1]]


def test_a_pending_id_keeps_its_slot_and_loses_it_when_retired() -> None:
    table = OutboundRequests()
    first, second, third = (table.new_id() for _ in range(3))
    slot = object()
    table.add(first, slot)
    table.add(second)
    assert table.slot(first) is slot
    assert table.slot(second) is None
    assert table.slot(third) is None  # minted, not added
    assert dict(table.slots) == {first: slot, second: None}
    assert table.resolve(first)
    assert table.slot(first) is None
    assert list(table.slots) == [second]


def test_resolve_is_true_exactly_once() -> None:
    table = OutboundRequests()
    request_id = table.new_id()
    assert not table.resolve(request_id)  # minted but not added: not pending yet
    table.add(request_id)
    assert request_id in table.pending
    assert table.resolve(request_id)
    assert not table.resolve(request_id)
    assert request_id not in table.pending


def test_answers_for_ids_we_never_issued_are_dropped() -> None:
    table = OutboundRequests()
    table.add(table.new_id())
    # e.g. our own response to a CLI request, echoed back under --replay-user-messages
    assert not table.resolve("5b7c3a1e-1f9d-4c1b-9d55-0d6f3e0a9b21")
    assert len(table.pending) == 1


def test_cancelled_ids_are_never_resurrected() -> None:
    table = OutboundRequests()
    request_id = table.new_id()
    table.add(request_id)
    assert table.cancel(request_id)
    assert not table.cancel(request_id)
    assert not table.resolve(request_id)  # the late answer is dropped
    with pytest.raises(LocalProtocolError):
        table.add(request_id)
    assert not table.pending


def test_add_refuses_ids_it_did_not_mint_or_already_added() -> None:
    table = OutboundRequests()
    with pytest.raises(LocalProtocolError, match="not minted"):
        table.add("req_1_00000000")
    request_id = table.new_id()
    table.add(request_id)
    with pytest.raises(LocalProtocolError):
        table.add(request_id)
    assert list(table.pending) == [request_id]


def test_fail_all_returns_pending_ids_in_order_and_clears_them() -> None:
    table = OutboundRequests()
    ids = [table.new_id() for _ in range(4)]
    for request_id in ids:
        table.add(request_id)
    assert table.resolve(ids[1])
    assert table.fail_all() == [ids[0], ids[2], ids[3]]
    assert not table.pending
    assert table.fail_all() == []
    assert not any(table.resolve(request_id) for request_id in ids)


def test_pending_is_a_live_read_only_view() -> None:
    table = OutboundRequests()
    view = table.pending
    request_id = table.new_id()
    table.add(request_id)
    assert set(view) == {request_id}
    assert not hasattr(view, "add") and not hasattr(view, "discard")


def test_outbound_repr() -> None:
    table = OutboundRequests()
    table.add(table.new_id())
    table.new_id()
    assert repr(table) == "<OutboundRequests: 1 pending, 2 issued>"


# --- inbound examples -------------------------------------------------------------------------------------


def test_inbound_answer_once() -> None:
    table = InboundRequests()
    assert table.track("a")
    assert "a" in table.in_flight
    assert table.finish("a")
    assert not table.finish("a")  # already answered: do not write a second response
    assert not table.in_flight


def test_inbound_duplicate_in_flight_id_is_refused() -> None:
    table = InboundRequests()
    assert table.track("a")
    assert not table.track("a")
    assert list(table.in_flight) == ["a"]
    assert table.finish("a")
    assert table.track("a")  # the peer may reuse an id once it is no longer in flight


def test_inbound_cancel_then_answer_writes_nothing() -> None:
    table = InboundRequests()
    table.track("a")
    assert table.cancel("a")
    assert not table.cancel("a")
    assert not table.finish("a")  # the handler finished after the cancel: no response


def test_inbound_cancel_of_unknown_or_answered_id() -> None:
    table = InboundRequests()
    assert not table.cancel("nope")
    table.track("a")
    table.finish("a")
    assert not table.cancel("a")


def test_inbound_cancel_all() -> None:
    table = InboundRequests()
    for request_id in "bac":
        table.track(request_id)
    table.finish("a")
    assert table.cancel_all() == ["b", "c"]
    assert not table.in_flight
    assert not table.finish("b")
    assert repr(table) == "<InboundRequests: 0 in flight>"


# --- state machine ----------------------------------------------------------------------------------------

# A small alphabet of peer ids, so that duplicates, reuse and cancels of known ids are frequent.
PEER_IDS = st.sampled_from(["u1", "u2", "u3", "u4", "req_1_00000000"])


# The rules' preconditions are named functions, not lambdas: hypothesis 6.100.2 and older (the dependency
# floors) parse a lambda's source file again each time they check the precondition (hypothesis issue 3963).


def some_ids_are_minted(machine: RequestTablesMachine) -> bool:
    return bool(machine.minted)


def some_ids_were_added(machine: RequestTablesMachine) -> bool:
    return bool(machine.pending or machine.retired)


def some_ids_are_pending(machine: RequestTablesMachine) -> bool:
    return bool(machine.pending)


def some_ids_are_retired(machine: RequestTablesMachine) -> bool:
    return bool(machine.retired)


class RequestTablesMachine(RuleBasedStateMachine):
    """Both tables against a plain model: sets of minted, pending and retired ids, and ids in flight."""

    def __init__(self) -> None:
        super().__init__()
        self.outbound = OutboundRequests()
        self.inbound = InboundRequests()
        self.minted: list[str] = []  # minted, not yet added
        self.pending: list[str] = []  # in the order they were added
        self.retired: set[str] = set()
        self.issued: set[str] = set()
        self.answered: dict[str, int] = {}  # how many times resolve() returned True per id
        self.in_flight: list[str] = []

    @initialize(seed=st.integers(0, 2**32))
    def seed_rng(self, seed: int) -> None:
        self.outbound = OutboundRequests(rng=random.Random(seed))

    # outbound

    @rule()
    def new_id(self) -> None:
        request_id = self.outbound.new_id()
        match = ID_PATTERN.fullmatch(request_id)
        assert match and int(match.group(1)) == len(self.issued) + 1
        assert request_id not in self.issued
        self.issued.add(request_id)
        self.minted.append(request_id)

    @precondition(some_ids_are_minted)
    @rule(data=st.data())
    def add(self, data: st.DataObject) -> None:
        request_id = data.draw(st.sampled_from(self.minted))
        self.outbound.add(request_id)
        self.minted.remove(request_id)
        self.pending.append(request_id)

    @precondition(some_ids_were_added)
    @rule(data=st.data())
    def add_again_is_refused(self, data: st.DataObject) -> None:
        request_id = data.draw(st.sampled_from(sorted({*self.pending, *self.retired})))
        with pytest.raises(LocalProtocolError):
            self.outbound.add(request_id)

    @precondition(some_ids_are_pending)
    @rule(data=st.data())
    def resolve_pending(self, data: st.DataObject) -> None:
        request_id = data.draw(st.sampled_from(self.pending))
        assert self.outbound.resolve(request_id)
        self.answered[request_id] = self.answered.get(request_id, 0) + 1
        self.pending.remove(request_id)
        self.retired.add(request_id)

    @precondition(some_ids_are_retired)
    @rule(data=st.data())
    def late_answer_is_dropped(self, data: st.DataObject) -> None:
        request_id = data.draw(st.sampled_from(sorted(self.retired)))
        assert not self.outbound.resolve(request_id)

    @rule(request_id=st.text(max_size=12) | PEER_IDS)
    def unknown_answer_is_dropped(self, request_id: str) -> None:
        if request_id not in self.pending:
            assert not self.outbound.resolve(request_id)

    @precondition(some_ids_are_minted)
    @rule(data=st.data())
    def answer_before_add_is_dropped(self, data: st.DataObject) -> None:
        assert not self.outbound.resolve(data.draw(st.sampled_from(self.minted)))

    @precondition(some_ids_are_pending)
    @rule(data=st.data())
    def cancel_pending(self, data: st.DataObject) -> None:
        request_id = data.draw(st.sampled_from(self.pending))
        assert self.outbound.cancel(request_id)
        self.pending.remove(request_id)
        self.retired.add(request_id)

    @precondition(some_ids_are_retired)
    @rule(data=st.data())
    def cancel_retired(self, data: st.DataObject) -> None:
        assert not self.outbound.cancel(data.draw(st.sampled_from(sorted(self.retired))))

    @rule()
    def fail_all(self) -> None:
        assert self.outbound.fail_all() == self.pending
        self.retired.update(self.pending)
        self.pending.clear()

    # inbound

    @rule(request_id=PEER_IDS)
    def track(self, request_id: str) -> None:
        assert self.inbound.track(request_id) == (request_id not in self.in_flight)
        if request_id not in self.in_flight:
            self.in_flight.append(request_id)

    @rule(request_id=PEER_IDS)
    def finish(self, request_id: str) -> None:
        assert self.inbound.finish(request_id) == (request_id in self.in_flight)
        if request_id in self.in_flight:
            self.in_flight.remove(request_id)

    @rule(request_id=PEER_IDS)
    def peer_cancels(self, request_id: str) -> None:
        assert self.inbound.cancel(request_id) == (request_id in self.in_flight)
        if request_id in self.in_flight:
            self.in_flight.remove(request_id)

    @rule()
    def cancel_all(self) -> None:
        assert self.inbound.cancel_all() == self.in_flight
        self.in_flight.clear()

    # invariants

    @invariant()
    def pending_matches_the_model(self) -> None:
        assert list(self.outbound.pending) == self.pending

    @invariant()
    def in_flight_matches_the_model(self) -> None:
        assert list(self.inbound.in_flight) == self.in_flight

    @invariant()
    def no_id_answered_twice(self) -> None:
        assert all(count == 1 for count in self.answered.values())

    @invariant()
    def retired_ids_never_come_back(self) -> None:
        assert self.retired.isdisjoint(self.outbound.pending)
        assert self.retired.isdisjoint(self.minted)

    @invariant()
    def ids_partition(self) -> None:
        assert self.issued == {*self.minted, *self.pending, *self.retired}
        assert len(self.issued) == len(self.minted) + len(self.pending) + len(self.retired)


RequestTablesMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
TestRequestTables = RequestTablesMachine.TestCase


def test_uuid_style_ids_without_an_rng_are_fresh_version_4_uuids() -> None:
    import uuid

    table = OutboundRequests(id_style="uuid")
    ids = [table.new_id() for _ in range(64)]
    assert len(set(ids)) == len(ids)
    assert all(
        uuid.UUID(request_id).version == 4 and str(uuid.UUID(request_id)) == request_id for request_id in ids
    )


def test_uuid_style_ids_are_version_4_uuids_and_deterministic_with_an_rng() -> None:
    import uuid

    first = OutboundRequests(rng=random.Random(3), id_style="uuid")
    second = OutboundRequests(rng=random.Random(3), id_style="uuid")
    ids = [first.new_id() for _ in range(5)]
    assert ids == [second.new_id() for _ in range(5)]
    assert len(set(ids)) == 5
    assert all(uuid.UUID(request_id).version == 4 for request_id in ids)
    first.add(ids[0])
    assert first.resolve(ids[0])
