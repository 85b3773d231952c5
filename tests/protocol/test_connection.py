"""The sans-IO connection: bytes in → events out, and the request bookkeeping of both roles."""

from __future__ import annotations

import random
import re
from typing import Any

import orjson
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, consumes, invariant, rule

from trio_claude import model as m, wire
from trio_claude.protocol import (
    NEED_DATA,
    CancelReceived,
    Connection,
    ConnectionStatistics,
    EndOfStream,
    Event,
    InvalidLine,
    LineTooLongError,
    LocalProtocolError,
    MessageReceived,
    RequestReceived,
    ResponseReceived,
    Role,
)
from trio_claude.testing import strategies as tcs


def events_of(conn: Connection, limit: int = 10_000) -> list[Event]:
    """Every event until NEED_DATA; a connection that keeps producing events fails the test, not hangs it."""
    events: list[Event] = []
    while True:
        event = conn.next_event()
        if event is NEED_DATA:
            return events
        events.append(event)
        assert len(events) <= limit, f"more than {limit} events without NEED_DATA: {events[-3:]}"


def received(conn: Connection, data: bytes) -> list[Event]:
    conn.receive_data(data)
    return events_of(conn)


def request_line(request_id: str, payload: m.ControlRequestPayload | None = None) -> bytes:
    return wire.encode_line(m.ControlRequest(request_id=request_id, request=payload or m.InterruptRequest()))


KEEP_ALIVE = b'{"type":"keep_alive"}\n'


# --- examples ---------------------------------------------------------------------------------------------


def test_a_message_line_is_a_message_event() -> None:
    conn = Connection()
    line = b'{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null}\n'
    [event] = received(conn, line)
    assert isinstance(event, MessageReceived)
    assert isinstance(event.message, m.UserMessage)
    assert conn.statistics.lines_received == 1


def test_a_request_is_tracked_until_answered_once() -> None:
    conn = Connection(Role.SDK)
    [event] = received(conn, request_line("r1"))
    assert event == RequestReceived(request_id="r1", request=m.InterruptRequest())
    assert conn.requests_in_flight == {"r1"}
    answer = conn.send_response("r1", None)
    assert answer is not None
    assert wire.decode_line(answer) == m.ControlResponse(
        response=m.ControlSuccess(request_id="r1", response=None)
    )
    assert conn.send_response("r1", None) is None  # exactly one answer per id
    assert conn.send_error("r1", "again") is None
    assert conn.requests_in_flight == frozenset()


def test_send_response_writes_the_payload_as_the_success_body() -> None:
    conn = Connection(Role.SDK)
    received(conn, request_line("perm-1"))
    payload = m.PermissionResultAllow(updated_input={"command": "ls -a"})
    answer = conn.send_response("perm-1", payload)
    assert answer is not None and answer.endswith(b"\n")
    frame = wire.decode_line(answer)
    assert frame == m.ControlResponse(
        response=m.ControlSuccess(request_id="perm-1", response=wire.unstructure(payload))
    )
    assert isinstance(frame, m.ControlResponse) and isinstance(frame.response, m.ControlSuccess)
    assert frame.response.response is not None
    assert frame.response.response["updatedInput"] == {"command": "ls -a"}
    assert wire.structure(frame.response.response, m.PermissionResultAllow) == payload
    assert conn.requests_in_flight == frozenset()


@pytest.mark.parametrize("error_code", [None, "unsupported_request"])
def test_send_error_writes_one_error_answer_for_that_request(error_code: str | None) -> None:
    conn = Connection(Role.SDK)
    received(conn, request_line("r1") + request_line("r2"))
    answer = conn.send_error("r2", "no handler for this", error_code=error_code)
    assert answer is not None and answer.endswith(b"\n")
    assert wire.decode_line(answer) == m.ControlResponse(
        response=m.ControlError(request_id="r2", error="no handler for this", error_code=error_code)
    )
    assert conn.requests_in_flight == {"r1"}  # only the answered request left flight
    assert conn.send_error("r2", "again") is None
    assert conn.send_response("r2") is None


def test_send_answer_writes_a_whole_typed_answer_once() -> None:
    conn = Connection(Role.CLI)
    received(conn, request_line("init-1") + request_line("r2"))
    answer = m.ControlSuccess(
        request_id="init-1",
        response={"pid": 7},
        pending_permission_requests=(),
        pending_user_dialog_requests=(),
    )
    data = conn.send_answer(answer)
    assert data is not None and data.endswith(b"\n")
    assert wire.decode_line(data) == m.ControlResponse(response=answer)
    assert orjson.loads(data)["response"]["pending_permission_requests"] == []
    assert conn.requests_in_flight == {"r2"}
    assert conn.send_answer(answer) is None  # exactly one answer per id
    assert conn.send_response("init-1") is None
    error = m.ControlError(request_id="r2", error="no", error_code="unsupported_request")
    data = conn.send_answer(error)
    assert data is not None and wire.decode_line(data) == m.ControlResponse(response=error)
    assert conn.requests_in_flight == frozenset()
    assert conn.send_answer(m.ControlError(request_id="never-sent", error="no")) is None


def test_an_answer_that_cannot_be_encoded_leaves_the_request_in_flight() -> None:
    conn = Connection(Role.CLI)
    received(conn, request_line("r1"))
    with pytest.raises(wire.EncodeError):
        conn.send_answer(m.ControlSuccess(request_id="r1", response={"not json": object()}))
    assert conn.requests_in_flight == {"r1"}
    assert conn.send_answer(m.ControlSuccess(request_id="r1")) is not None


def test_an_error_answer_reaches_the_peer_as_its_response_event() -> None:
    sdk, cli = Connection(Role.SDK), Connection(Role.CLI)
    request_id, data = cli.send_request(m.InterruptRequest())
    [request] = received(sdk, data)
    assert isinstance(request, RequestReceived)
    answer = sdk.send_error(request_id, "interrupted twice")
    assert answer is not None
    [event] = received(cli, answer)
    expected = m.ControlError(request_id=request_id, error="interrupted twice")
    assert event == ResponseReceived(
        request_id=request_id, response=expected, frame=m.ControlResponse(response=expected)
    )
    assert cli.pending_requests == frozenset()


def test_a_duplicate_in_flight_request_id_is_an_invalid_line_that_keeps_the_raw_bytes() -> None:
    conn = Connection()
    line = request_line("dup")
    assert len(received(conn, line)) == 1
    [event] = received(conn, line)
    assert isinstance(event, InvalidLine)
    assert event.line == line.rstrip(b"\n")
    assert "duplicate" in event.reason
    assert conn.statistics.invalid_lines == 1
    # Once answered, the id may be reused by the peer.
    assert conn.send_response("dup") is not None
    assert isinstance(received(conn, line)[0], RequestReceived)


def test_a_cancelled_request_is_never_answered_and_a_second_cancel_is_stale() -> None:
    conn = Connection()
    received(conn, request_line("r1"))
    cancel = wire.encode_line(m.ControlCancelRequest(request_id="r1"))
    assert received(conn, cancel) == [CancelReceived(request_id="r1")]
    assert conn.send_response("r1", None) is None
    assert conn.send_error("r1", "too late") is None
    assert received(conn, cancel) == []
    assert conn.statistics.stale_cancels == 1
    unknown = wire.encode_line(m.ControlCancelRequest(request_id="never-sent"))
    assert received(conn, cancel + unknown) == []
    assert conn.statistics.stale_cancels == 3


def test_abandon_forgets_a_request_so_its_cancel_is_stale() -> None:
    conn = Connection()
    received(conn, request_line("r1"))
    assert conn.abandon("r1")
    assert not conn.abandon("r1")
    assert received(conn, wire.encode_line(m.ControlCancelRequest(request_id="r1"))) == []


def test_our_request_gets_one_response_event_and_late_or_foreign_answers_are_dropped() -> None:
    conn = Connection(rng=random.Random(1))
    request_id, data = conn.send_request(m.GetContextUsageRequest())
    frame = wire.decode_line(data)
    assert isinstance(frame, m.ControlRequest)
    assert frame.request_id == request_id
    assert conn.pending_requests == {request_id}
    success = wire.encode_line(
        m.ControlResponse(response=m.ControlSuccess(request_id=request_id, response={"a": 1}))
    )
    [event] = received(conn, success)
    assert isinstance(event, ResponseReceived)
    assert event.request_id == request_id
    assert event.response == m.ControlSuccess(request_id=request_id, response={"a": 1})
    assert event.frame == wire.decode_line(success)  # the whole frame, for fields beside the response
    assert conn.pending_requests == frozenset()
    assert received(conn, success) == []  # a second answer (or our own echoed back) is dropped
    foreign = wire.encode_line(m.ControlResponse(response=m.ControlError(request_id="nope", error="x")))
    assert received(conn, foreign) == []
    assert conn.statistics.late_responses == 2


def test_a_cancelled_request_drops_its_late_answer() -> None:
    conn = Connection()
    request_id, _ = conn.send_request(m.InterruptRequest())
    cancel = conn.send_cancel(request_id)
    assert cancel is not None
    assert wire.decode_line(cancel) == m.ControlCancelRequest(request_id=request_id)
    assert conn.send_cancel(request_id) is None
    late = wire.encode_line(m.ControlResponse(response=m.ControlSuccess(request_id=request_id)))
    assert received(conn, late) == []


def test_fail_pending_returns_every_pending_id_in_order() -> None:
    conn = Connection()
    ids = [conn.send_request(m.InterruptRequest())[0] for _ in range(3)]
    assert conn.fail_pending() == ids
    assert conn.pending_requests == frozenset()


def test_each_request_carries_its_slot_until_it_is_retired() -> None:
    conn = Connection()
    waiters = [object(), object(), object(), object()]
    ids = [conn.send_request(m.InterruptRequest(), slot=waiter)[0] for waiter in waiters]
    unslotted, _ = conn.send_request(m.InterruptRequest())
    view = conn.pending_slots
    assert list(view.items()) == [*zip(ids, waiters, strict=True), (unslotted, None)]
    answer = wire.encode_line(m.ControlResponse(response=m.ControlSuccess(request_id=ids[1])))
    [event] = received(conn, answer)
    assert isinstance(event, ResponseReceived)
    assert event.slot is waiters[1]
    assert conn.send_cancel(ids[2]) is not None
    assert list(view) == [ids[0], ids[3], unslotted]  # a live view
    assert received(conn, answer) == []  # retired: no second event, whatever its slot was
    [event] = received(
        conn, wire.encode_line(m.ControlResponse(response=m.ControlSuccess(request_id=unslotted)))
    )
    assert isinstance(event, ResponseReceived)
    assert event.slot is None
    assert conn.fail_pending() == [ids[0], ids[3]]
    assert dict(view) == {}
    with pytest.raises(TypeError):
        view[ids[0]] = waiters[0]  # type: ignore[index]


def test_send_refuses_control_frames() -> None:
    conn = Connection()
    # The message tells the caller which method to use instead.
    methods = r"^control frames go through send_request/send_response/send_cancel$"
    with pytest.raises(LocalProtocolError, match=methods):
        conn.send(m.ControlCancelRequest(request_id="x"))
    with pytest.raises(LocalProtocolError, match=methods):
        conn.send(m.ControlRequest(request_id="x", request=m.InterruptRequest()))
    with pytest.raises(LocalProtocolError, match=methods):
        conn.send(m.ControlResponse(response=m.ControlSuccess(request_id="x")))
    assert conn.send(m.KeepAlive()) == b'{"type":"keep_alive"}\n'


def test_keep_alives_are_counted_not_delivered() -> None:
    conn = Connection()
    assert received(conn, KEEP_ALIVE * 3) == []
    assert conn.statistics.keep_alives == 3


def test_a_non_json_line_is_an_event_and_the_next_line_still_arrives() -> None:
    conn = Connection()
    events = received(conn, b"npm WARN something\n" + KEEP_ALIVE + b'{"type":"tool_progress"}\n')
    assert isinstance(events[0], InvalidLine)
    assert events[0].line == b"npm WARN something"
    assert events[0].reason.startswith("not a JSON line: ")  # says what is wrong, with the parser's words
    assert len(events[0].reason) > len("not a JSON line: ")
    assert isinstance(events[1], MessageReceived)
    assert conn.statistics.invalid_lines == 1


def test_the_statistics_count_every_line_of_each_kind() -> None:
    conn = Connection(Role.SDK)
    request_id, _ = conn.send_request(m.InterruptRequest())
    answer = wire.encode_line(m.ControlResponse(response=m.ControlSuccess(request_id=request_id)))
    stale_cancel = wire.encode_line(m.ControlCancelRequest(request_id="gone"))
    lines = [
        b'{"type":"tool_progress"}\n',
        b"not json\n",
        KEEP_ALIVE,
        request_line("r1"),
        request_line("r1"),  # a duplicate while in flight: invalid
        b"{broken\n",
        answer,
        answer,  # late
        stale_cancel,
        KEEP_ALIVE,
        b'{"type":"tool_progress"}\n',
        stale_cancel,
        answer,  # late again
    ]
    events = received(conn, b"".join(lines))
    assert [type(event) for event in events] == [
        MessageReceived,
        InvalidLine,
        RequestReceived,
        InvalidLine,
        InvalidLine,
        ResponseReceived,
        MessageReceived,
    ]
    assert conn.statistics == ConnectionStatistics(
        lines_received=len(lines), invalid_lines=3, late_responses=2, keep_alives=2, stale_cancels=2
    )


def test_end_of_stream_is_delivered_once_and_data_after_it_is_refused() -> None:
    conn = Connection()
    conn.receive_data(b'{"type":"tool_progress"}')  # an unterminated last line still counts
    conn.receive_data(b"")
    events = events_of(conn)
    assert isinstance(events[0], MessageReceived)
    assert events[1:] == [EndOfStream()]
    assert conn.next_event() is NEED_DATA
    with pytest.raises(LocalProtocolError):
        conn.receive_data(b"more\n")


def test_an_overlong_line_raises_line_too_long() -> None:
    conn = Connection(max_line_bytes=64)
    conn.receive_data(b'{"type":"tool_progress"}\n' + b"x" * 100)
    assert isinstance(conn.next_event(), MessageReceived)  # the line before it still arrives
    with pytest.raises(LineTooLongError):
        conn.next_event()


# --- properties -------------------------------------------------------------------------------------------


def _split(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({cut % (len(data) + 1) for cut in cuts})
    return [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]


@settings(max_examples=50)
@given(
    frames=st.lists(tcs.frames(), max_size=8),
    noise=st.lists(st.sampled_from([b"\n", b"not json\n", b"  \r\n"]), max_size=3),
    cuts=st.lists(st.integers(min_value=0), max_size=12),
)
def test_any_chunking_gives_the_same_events(
    frames: list[m.Frame], noise: list[bytes], cuts: list[int]
) -> None:
    data = b"".join(wire.encode_line(frame) for frame in frames) + b"".join(noise)
    whole = Connection()
    whole.receive_data(data)
    whole.receive_data(b"")
    expected = events_of(whole)
    chunked = Connection()
    events: list[Event] = []
    for chunk in _split(data, cuts):
        if chunk:
            events += received(chunked, chunk)
    events += received(chunked, b"")
    assert events == expected
    assert expected[-1] == EndOfStream()


@settings(max_examples=50)
@given(frames=st.lists(tcs.messages(), max_size=8))
def test_every_message_arrives_once_in_order(frames: list[m.Message]) -> None:
    conn = Connection()
    events: list[Event] = []
    for frame in frames:
        events += received(conn, wire.encode_line(frame))
    assert events == [MessageReceived(message=frame) for frame in frames]


def batched_events_of(conn: Connection, watch: frozenset[type[m.Frame]] = frozenset()) -> list[Event]:
    """What :meth:`Connection.next_messages` gives until NEED_DATA, each message as a MessageReceived."""
    events: list[Event] = []
    batch: list[m.Message] = []
    while True:
        event = conn.next_messages(batch, watch)
        events += [MessageReceived(message=message) for message in batch]
        assert not any(type(message) in watch for message in batch)
        batch.clear()
        if event is NEED_DATA:
            return events
        if isinstance(event, MessageReceived):
            assert type(event.message) in watch
        events.append(event)
        assert len(events) <= 10_000


@settings(max_examples=100)
@given(
    frames=st.lists(tcs.frames(), max_size=10),
    noise=st.lists(st.sampled_from([b"\n", b"not json\n", b"  \r\n", KEEP_ALIVE]), max_size=3),
    cuts=st.lists(st.integers(min_value=0), max_size=12),
    watch=st.sets(st.sampled_from([m.ResultMessage, m.InitMessage, m.StreamEvent, m.UserMessage])),
)
def test_next_messages_gives_the_events_of_next_event_in_order(
    frames: list[m.Frame], noise: list[bytes], cuts: list[int], watch: set[type[m.Frame]]
) -> None:
    data = b"".join(wire.encode_line(frame) for frame in frames) + b"".join(noise)
    one_by_one = Connection()
    one_by_one.receive_data(data)
    one_by_one.receive_data(b"")
    expected = events_of(one_by_one)
    batched = Connection()
    events: list[Event] = []
    for chunk in [*(chunk for chunk in _split(data, cuts) if chunk), b""]:
        batched.receive_data(chunk)
        events += batched_events_of(batched, frozenset(watch))
    assert events == expected
    assert batched.statistics == one_by_one.statistics
    assert batched.requests_in_flight == one_by_one.requests_in_flight


def test_next_messages_gives_a_duplicate_request_as_an_invalid_line_with_its_raw_bytes() -> None:
    conn = Connection()
    line = request_line("r1")
    conn.receive_data(line + line)
    batch: list[m.Message] = []
    assert isinstance(conn.next_messages(batch), RequestReceived)
    duplicate = conn.next_messages(batch)
    assert isinstance(duplicate, InvalidLine) and duplicate.line == line.rstrip(b"\n")
    assert conn.next_messages(batch) is NEED_DATA and batch == []


def test_next_messages_keeps_the_messages_before_an_overlong_line() -> None:
    conn = Connection(max_line_bytes=64)
    conn.receive_data(b'{"type":"tool_progress"}\n' * 2 + b"x" * 100)
    batch: list[m.Message] = []
    with pytest.raises(LineTooLongError):
        conn.next_messages(batch)
    assert batch == [wire.decode_line(b'{"type":"tool_progress"}')] * 2
    assert conn.statistics.lines_received == 2


class TwoEnds(RuleBasedStateMachine):
    """An SDK connection and a CLI connection wired together by bytes, each sending requests, answers
    and cancels in any order.  Nothing may be answered twice, and nothing cancelled may come back."""

    sdk_requests = Bundle("sdk_requests")  # requests the SDK sent, that the CLI has received
    cli_requests = Bundle("cli_requests")

    def __init__(self) -> None:
        super().__init__()
        self.sdk = Connection(Role.SDK, rng=random.Random(0))
        self.cli = Connection(Role.CLI, rng=random.Random(1))
        self.answered_to_sdk: set[str] = set()  # ids the SDK got a response event for
        self.answered_to_cli: set[str] = set()
        self.cancelled_by_sdk: set[str] = set()
        self.cancelled_by_cli: set[str] = set()
        self.in_flight_at: dict[str, Connection] = {}

    def _deliver(self, data: bytes | None, to: Connection) -> list[Event]:
        if data is None:
            return []
        events = received(to, data)
        for event in events:
            if isinstance(event, ResponseReceived):
                answered = self.answered_to_sdk if to is self.sdk else self.answered_to_cli
                cancelled = self.cancelled_by_sdk if to is self.sdk else self.cancelled_by_cli
                assert event.request_id not in answered, "answered twice"
                assert event.request_id not in cancelled, "a cancelled request came back"
                answered.add(event.request_id)
            assert not isinstance(event, InvalidLine)
        return events

    def _send_request(self, sender: Connection, receiver: Connection) -> str:
        request_id, data = sender.send_request(m.InterruptRequest())
        [event] = self._deliver(data, receiver)
        assert isinstance(event, RequestReceived)
        assert event.request_id == request_id
        return request_id

    @rule(target=sdk_requests)
    def sdk_sends_a_request(self) -> str:
        return self._send_request(self.sdk, self.cli)

    @rule(target=cli_requests)
    def cli_sends_a_request(self) -> str:
        return self._send_request(self.cli, self.sdk)

    def _answer(self, sender: Connection, receiver: Connection, request_id: str, error: bool) -> None:
        """Answer a request; one still in flight must reach the requester as exactly that answer."""
        in_flight = request_id in sender.requests_in_flight
        if error:
            data = sender.send_error(request_id, "no", error_code="denied")
            answer: m.ControlSuccess | m.ControlError = m.ControlError(
                request_id=request_id, error="no", error_code="denied"
            )
        else:
            data = sender.send_response(request_id, m.PermissionResultDeny(message="no"))
            answer = m.ControlSuccess(request_id=request_id, response={"behavior": "deny", "message": "no"})
        assert (data is not None) == in_flight, "an answer for a request not in flight, or none for one in it"
        events = self._deliver(data, receiver)
        if in_flight:  # a request in flight was not cancelled, so its requester is still waiting
            frame = m.ControlResponse(response=answer)
            assert events == [ResponseReceived(request_id=request_id, response=answer, frame=frame)]
        assert request_id not in sender.requests_in_flight

    @rule(request_id=sdk_requests, error=st.booleans())
    def cli_answers(self, request_id: str, error: bool) -> None:
        self._answer(self.cli, self.sdk, request_id, error)

    @rule(request_id=cli_requests, error=st.booleans())
    def sdk_answers(self, request_id: str, error: bool) -> None:
        self._answer(self.sdk, self.cli, request_id, error)

    @rule(request_id=sdk_requests)
    def sdk_cancels(self, request_id: str) -> None:
        data = self.sdk.send_cancel(request_id)
        if data is not None:
            self.cancelled_by_sdk.add(request_id)
        events = self._deliver(data, self.cli)
        assert events in ([], [CancelReceived(request_id=request_id)])

    @rule(request_id=consumes(cli_requests))
    def cli_cancels(self, request_id: str) -> None:
        data = self.cli.send_cancel(request_id)
        if data is not None:
            self.cancelled_by_cli.add(request_id)
        self._deliver(data, self.sdk)
        assert request_id not in self.sdk.requests_in_flight

    @invariant()
    def pending_means_unanswered_and_uncancelled(self) -> None:
        for conn, answered, cancelled in (
            (self.sdk, self.answered_to_sdk, self.cancelled_by_sdk),
            (self.cli, self.answered_to_cli, self.cancelled_by_cli),
        ):
            pending: Any = conn.pending_requests
            assert not pending & answered
            assert not pending & cancelled

    @invariant()
    def in_flight_on_one_side_is_pending_on_the_other(self) -> None:
        assert self.cli.requests_in_flight <= self.sdk.pending_requests | self.cancelled_by_sdk
        assert self.sdk.requests_in_flight <= self.cli.pending_requests | self.cancelled_by_cli


TwoEnds.TestCase.settings = settings(max_examples=60, stateful_step_count=30)
test_two_ends = TwoEnds.TestCase


def test_the_cli_role_gives_its_requests_uuids_like_the_real_cli() -> None:
    import uuid

    cli, sdk = Connection(Role.CLI), Connection(Role.SDK)
    assert (cli.role, sdk.role, Connection().role) == (Role.CLI, Role.SDK, Role.SDK)
    cli_id, _ = cli.send_request(m.InterruptRequest())
    sdk_ids = [sdk.send_request(m.InterruptRequest())[0] for _ in range(2)]
    assert uuid.UUID(cli_id).version == 4
    assert [re.fullmatch(r"req_(\d+)_[0-9a-f]{8}", i) is not None for i in sdk_ids] == [True, True]
    assert [i.split("_")[1] for i in sdk_ids] == ["1", "2"]


@pytest.mark.parametrize("role", list(Role))
def test_a_seeded_rng_makes_request_ids_reproducible(role: Role) -> None:
    def ids(seed: int) -> list[str]:
        conn = Connection(role, rng=random.Random(seed))
        return [conn.send_request(m.InterruptRequest())[0] for _ in range(4)]

    assert ids(11) == ids(11)
    assert ids(11) != ids(12)
    assert len(set(ids(11))) == 4


def test_need_data_reads_as_its_name() -> None:
    assert repr(NEED_DATA) == "NEED_DATA"
    assert Connection().next_event() is NEED_DATA


def test_redelivered_puts_the_pending_requests_of_an_answer_in_flight_each_list_of_its_own_kind() -> None:
    conn = Connection(Role.SDK)
    permission = m.CanUseToolRequest(tool_name="Bash", input={"command": "ls"})
    [_] = received(conn, request_line("busy", permission))  # already being handled
    dialog = m.RequestUserDialogRequest(dialog_kind="confirm")
    elicitation = m.ElicitationRequest(mcp_server_name="docs", message="Sign in?")
    response = m.ControlResponse(
        response=m.ControlSuccess(
            request_id="init",
            pending_permission_requests=(
                m.ControlRequest(request_id="p1", request=permission),
                m.ControlRequest(request_id="busy", request=permission),
                m.ControlRequest(request_id="x1", request=dialog),  # not a permission request: left out
            ),
            pending_user_dialog_requests=(m.ControlRequest(request_id="d1", request=dialog),),
        ),
        pending_elicitation_requests=(m.ControlRequest(request_id="e1", request=elicitation),),
    )
    assert conn.redelivered(response) == [
        RequestReceived(request_id="e1", request=elicitation),
        RequestReceived(request_id="p1", request=permission),
        RequestReceived(request_id="d1", request=dialog),
    ]
    assert conn.requests_in_flight == {"busy", "p1", "d1", "e1"}
    assert conn.redelivered(response) == []  # each is in flight now
    assert conn.send_response("p1", None) is not None  # tracked like any request: answered once
    assert conn.send_response("p1", None) is None


def test_redelivered_reads_the_lists_beside_an_error_answer_too() -> None:
    conn = Connection(Role.SDK)
    dialog = m.RequestUserDialogRequest(dialog_kind="confirm")
    failed = m.ControlResponse(
        response=m.ControlError(request_id="init", error="e"),
        pending_user_dialog_requests=(m.ControlRequest(request_id="d1", request=dialog),),
    )
    assert conn.redelivered(failed) == [RequestReceived(request_id="d1", request=dialog)]
    assert conn.redelivered(m.ControlResponse(response=m.ControlError(request_id="i", error="e"))) == []
