"""Lines holding lone UTF-16 surrogate escapes (``"\\ud83d"``, as Node writes a string cut inside a surrogate
pair) become the same events as any other line, in order, however the bytes are chunked; and answers
holding lone surrogates reach the peer's connection intact."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given, strategies as st

from trio_claude import model as m, wire
from trio_claude.protocol import (
    NEED_DATA,
    CancelReceived,
    Connection,
    Event,
    MessageReceived,
    RequestReceived,
    ResponseReceived,
    Role,
)

# Built from code points: hypothesis would merge two character strategies and apply the codec to both.
_SURROGATES = st.integers(min_value=0xD800, max_value=0xDFFF).map(chr)
TEXT = st.lists(st.one_of(st.characters(codec="utf-8"), _SURROGATES), max_size=6).map("".join)
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**63 - 1), TEXT),
    lambda children: st.one_of(st.lists(children, max_size=3), st.dictionaries(TEXT, children, max_size=3)),
    max_leaves=5,
)


def node_line(value: Any) -> bytes:
    """``value`` as Node's ``JSON.stringify`` writes it (only lone surrogates escaped), with its newline."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return re.sub("[\ud800-\udfff]", lambda match: f"\\u{ord(match.group()):04x}", text).encode() + b"\n"


def normalised(value: Any) -> Any:
    return json.loads(json.dumps(value))


@st.composite
def cli_lines(draw: st.DrawFn) -> list[tuple[str, Any]]:
    """What the CLI writes: (kind, JSON) for messages, requests, answers to our requests and cancels."""
    lines: list[tuple[str, Any]] = []
    for index in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["result", "assistant", "request", "answer", "cancel"]))
        if kind == "result":
            value: Any = {
                "type": "result",
                "subtype": "success",
                "is_error": False,
                "duration_ms": 1,
                "duration_api_ms": 1,
                "num_turns": 1,
                "session_id": "s",
                "result": draw(TEXT),
            }
        elif kind == "assistant":
            value = {
                "type": "assistant",
                "message": {
                    "id": "m",
                    "model": "claude",
                    "role": "assistant",
                    "content": [{"type": "text", "text": draw(TEXT)}],
                    "stop_reason": None,
                },
                "parent_tool_use_id": None,
                "session_id": "s",
            }
        elif kind == "request":
            value = {
                "type": "control_request",
                "request_id": f"cli-{index}",
                "request": {
                    "subtype": "can_use_tool",
                    "tool_name": draw(TEXT),
                    "input": draw(st.dictionaries(TEXT, JSON, max_size=3)),
                    "tool_use_id": "t",
                },
            }
        elif kind == "answer":
            value = {
                "type": "control_response",
                "response": {"subtype": "success", "request_id": "?", "response": {"model": draw(TEXT)}},
            }
        else:
            value = {"type": "control_cancel_request", "request_id": f"cli-{index - 1}"}
        lines.append((kind, value))
    return lines


@given(cli_lines(), st.data())
def test_lines_with_lone_surrogates_become_the_same_events(
    lines: list[tuple[str, Any]], data: st.DataObject
) -> None:
    conn = Connection(Role.SDK)
    ours: list[str] = []
    for kind, value in lines:  # one pending request of ours per answer the CLI will send
        if kind == "answer":
            request_id, _ = conn.send_request(m.SetModelRequest(model="x"))
            value["response"]["request_id"] = request_id
            ours.append(request_id)
    stream = b"".join(node_line(value) for _, value in lines)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=6), label="cuts"))
    events: list[Event] = []
    for start, end in zip([0, *cuts], [*cuts, len(stream)], strict=True):
        if end > start:  # (b"" would mean EOF)
            conn.receive_data(stream[start:end])
        while (event := conn.next_event()) is not NEED_DATA:
            events.append(event)

    expected: list[type] = []
    in_flight: set[str] = set()
    for kind, value in lines:
        frame = wire.decode_value(normalised(value))
        if kind in ("result", "assistant"):
            expected.append(MessageReceived)
        elif kind == "request":
            expected.append(RequestReceived)
            in_flight.add(value["request_id"])
        elif kind == "answer":
            expected.append(ResponseReceived)
        elif value["request_id"] in in_flight:
            expected.append(CancelReceived)
            in_flight.discard(value["request_id"])
        else:
            continue  # a stale cancel: no event
        event = events[len(expected) - 1]
        assert type(event) is expected[-1]
        if isinstance(event, MessageReceived):
            assert event.message == frame
        elif isinstance(event, RequestReceived):
            assert isinstance(frame, m.ControlRequest) and event.request == frame.request
        elif isinstance(event, ResponseReceived):
            assert isinstance(frame, m.ControlResponse) and event.frame == frame
    assert [type(event) for event in events] == expected
    assert conn.statistics.invalid_lines == 0
    assert conn.pending_requests == frozenset()


@given(TEXT, st.dictionaries(TEXT, JSON, max_size=3))
def test_an_answer_holding_lone_surrogates_reaches_the_peer(message: str, updated: dict[str, Any]) -> None:
    cli, sdk = Connection(Role.CLI), Connection(Role.SDK)
    request_id, data = cli.send_request(m.CanUseToolRequest(tool_name="Bash", input={"c": message}))
    sdk.receive_data(data)
    event = sdk.next_event()
    assert isinstance(event, RequestReceived) and event.request.input == {"c": normalised(message)}  # type: ignore[union-attr]

    answer = sdk.send_response(request_id, m.PermissionResultAllow(updated_input=updated))
    assert answer is not None
    answer.decode("utf-8")  # valid UTF-8: lone surrogates are escaped
    cli.receive_data(answer)
    response = cli.next_event()
    assert isinstance(response, ResponseReceived) and isinstance(response.response, m.ControlSuccess)
    assert response.response.response == {"behavior": "allow", "updatedInput": normalised(updated)}
    assert sdk.requests_in_flight == frozenset()
