"""Tests of the scripted fake Messages API: over raw HTTP (an h11 client below), then against the real CLI."""

from __future__ import annotations

import json
import os
import time
from collections.abc import AsyncGenerator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import attrs
import h11
import orjson
import pytest
import trio
import trio.testing
from hypothesis import HealthCheck, given, settings, strategies as st

from trio_claude.testing import (
    APIError,
    MessagesAPI,
    ModelTurn,
    RecordedRequest,
    ScriptError,
    Text,
    Thinking,
    ToolUse,
    Usage,
    serve_messages_api,
    text_turn,
    tool_turn,
)

JSON = dict[str, Any]

TOOLS: list[JSON] = [{"name": "Bash", "description": "Run a command", "input_schema": {"type": "object"}}]


def main_body(*, stream: bool = True, model: str = "claude-test-1", text: str = "hi") -> JSON:
    """A request body shaped like the CLI's main loop: it offers tools."""
    return {
        "model": model,
        "max_tokens": 128000,
        "stream": stream,
        "tools": TOOLS,
        "messages": [{"role": "user", "content": [{"type": "text", "text": text}]}],
    }


PROBE: JSON = {  # the model-validation probe CLI 2.1.330 sends after set_model
    "model": "claude-sonnet-4-5",
    "max_tokens": 1,
    "messages": [{"role": "user", "content": [{"type": "text", "text": "Hi"}]}],
}


# --------------------------------------------------------------------------------------------------------
# A small HTTP/1.1 client (h11 over trio), enough to talk to the fake API like the CLI does
# --------------------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Reply:
    status: int
    headers: Mapping[str, str]
    body: bytes

    def json(self) -> Any:
        return orjson.loads(self.body)

    def events(self) -> list[tuple[str, JSON]]:
        return parse_sse(self.body)


def parse_sse(data: bytes) -> list[tuple[str, JSON]]:
    """Split a server-sent event stream into ``(event name, decoded data)`` pairs."""
    events: list[tuple[str, JSON]] = []
    assert data.endswith(b"\n\n") or not data
    for chunk in data.split(b"\n\n"):
        if not chunk:
            continue
        name = ""
        payload = b""
        for line in chunk.split(b"\n"):
            field, _, value = line.partition(b": ")
            if field == b"event":
                name = value.decode()
            elif field == b"data":
                payload += value
        events.append((name, json.loads(payload)))  # (the standard library reads lone surrogates too)
    return events


class Client:
    """One keep-alive HTTP/1.1 connection to the fake API."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        self.stream = stream
        self.conn = h11.Connection(h11.CLIENT)

    @classmethod
    async def connect(cls, api: MessagesAPI) -> Client:
        return cls(await trio.open_tcp_stream("127.0.0.1", api.port))

    async def _send(self, event: h11.Event) -> None:
        await self.stream.send_all(self.conn.send(event) or b"")

    async def _next(self) -> h11.Event:
        while True:
            event = self.conn.next_event()
            if event is h11.NEED_DATA:
                self.conn.receive_data(bytes(await self.stream.receive_some(65536)))
                continue
            assert isinstance(event, h11.Event), event
            return event

    async def send_request(self, method: str, target: str, body: bytes | None = None) -> None:
        if self.conn.our_state is h11.DONE:
            self.conn.start_next_cycle()
        headers = [("host", "127.0.0.1"), ("content-length", str(len(body or b"")))]
        await self._send(h11.Request(method=method, target=target, headers=headers))
        if body:
            await self._send(h11.Data(data=body))
        await self._send(h11.EndOfMessage())

    async def read_head(self) -> h11.Response:
        event = await self._next()
        assert isinstance(event, h11.Response), event
        return event

    async def read_chunk(self) -> bytes | None:
        """The next piece of the body as it was sent, or ``None`` at its end."""
        event = await self._next()
        if isinstance(event, h11.EndOfMessage):
            return None
        assert isinstance(event, h11.Data), event
        return bytes(event.data)

    async def request(self, method: str, target: str, body: bytes | None = None) -> Reply:
        await self.send_request(method, target, body)
        head = await self.read_head()
        data = bytearray()
        while (chunk := await self.read_chunk()) is not None:
            data += chunk
        headers = {name.decode(): value.decode() for name, value in head.headers}
        return Reply(status=head.status_code, headers=headers, body=bytes(data))

    async def post(self, body: JSON, target: str = "/v1/messages?beta=true") -> Reply:
        return await self.request("POST", target, orjson.dumps(body))

    async def aclose(self) -> None:
        await self.stream.aclose()


@asynccontextmanager
async def open_client(api: MessagesAPI) -> AsyncGenerator[Client, None]:
    client = await Client.connect(api)
    try:
        yield client
    finally:
        await client.aclose()


async def post(api: MessagesAPI, body: JSON, target: str = "/v1/messages?beta=true") -> Reply:
    async with open_client(api) as client:
        return await client.post(body, target)


def assemble(events: Sequence[tuple[str, JSON]]) -> JSON:
    """Rebuild the message a stream describes, the way an SDK accumulates the events."""
    message: JSON = {}
    content: list[JSON] = []
    partial_json: dict[int, str] = {}
    for name, event in events:
        assert name == event["type"]
        match event["type"]:
            case "message_start":
                message = dict(event["message"])
                assert message["content"] == []
            case "content_block_start":
                assert event["index"] == len(content)
                content.append(dict(event["content_block"]))
            case "content_block_delta":
                block = content[int(event["index"])]
                delta = event["delta"]
                match delta["type"]:
                    case "text_delta":
                        block["text"] += delta["text"]
                    case "thinking_delta":
                        block["thinking"] += delta["thinking"]
                    case "signature_delta":
                        block["signature"] = delta["signature"]
                    case "input_json_delta":
                        partial_json[event["index"]] = (
                            partial_json.get(event["index"], "") + delta["partial_json"]
                        )
                    case other:
                        raise AssertionError(other)
            case "content_block_stop":
                block = content[int(event["index"])]
                if block["type"] == "tool_use":
                    block["input"] = json.loads(partial_json.pop(event["index"], "{}"))
            case "message_delta":
                message.update(event["delta"])
                message["usage"] = {**message["usage"], **event["usage"]}
            case "message_stop":
                pass
            case other:
                raise AssertionError(other)
    return {**message, "content": content}


# --------------------------------------------------------------------------------------------------------
# Protocol-level tests
# --------------------------------------------------------------------------------------------------------


async def test_streams_a_text_turn() -> None:
    text = "Hello, world! This is a scripted answer."
    async with serve_messages_api([text_turn(text, chunk_size=5)]) as api:
        reply = await post(api, main_body(model="claude-test-7"), "/v1/messages?beta=true")
        api.assert_script_done()

    assert reply.status == 200
    assert reply.headers["content-type"].startswith("text/event-stream")
    assert reply.headers["request-id"] == "req_fake_1"
    events = reply.events()
    assert [name for name, _ in events] == [
        "message_start",
        "content_block_start",
        *["content_block_delta"] * 8,
        "content_block_stop",
        "message_delta",
        "message_stop",
    ]
    start = events[0][1]["message"]
    assert start["id"] == "msg_fake_1"
    assert start["model"] == "claude-test-7"
    assert start["role"] == "assistant"
    assert start["content"] == []
    assert start["stop_reason"] is None
    assert events[1][1]["content_block"] == {"type": "text", "text": ""}
    deltas = [event["delta"] for _, event in events if event["type"] == "content_block_delta"]
    assert all(delta["type"] == "text_delta" for delta in deltas)
    assert "".join(delta["text"] for delta in deltas) == text
    assert events[-2][1]["delta"] == {"stop_reason": "end_turn", "stop_sequence": None}
    assert events[-2][1]["usage"]["output_tokens"] > 0

    (recorded,) = api.requests
    assert api.script_requests == [recorded]
    assert recorded.kind == "main"
    assert recorded.step == 0
    assert recorded.path == "/v1/messages"
    assert recorded.query == {"beta": "true"}
    assert recorded.body == main_body(model="claude-test-7")
    assert recorded.headers["host"] == "127.0.0.1"
    assert recorded.texts() == ["hi"]
    assert recorded.tool_names == ["Bash"]


async def test_streams_thinking_text_and_tool_use() -> None:
    turn = ModelTurn(
        blocks=[
            Thinking(thinking="Let me think about that for a while.", signature="sig-1"),
            Text(text="I will run a command."),
            ToolUse(name="Bash", input={"command": "touch x.txt", "description": "Create x.txt"}),
        ],
        chunk_size=7,
        usage=Usage(input_tokens=42, output_tokens=17),
    )
    async with serve_messages_api([turn]) as api:
        reply = await post(api, main_body())

    events = reply.events()
    blocks = [event for _, event in events if event["type"] == "content_block_start"]
    assert [block["index"] for block in blocks] == [0, 1, 2]
    assert blocks[0]["content_block"] == {"type": "thinking", "thinking": "", "signature": ""}
    assert blocks[2]["content_block"] == {
        "type": "tool_use",
        "id": "toolu_fake_1",
        "name": "Bash",
        "input": {},
    }

    def deltas(index: int) -> list[JSON]:
        return [e["delta"] for _, e in events if e["type"] == "content_block_delta" and e["index"] == index]

    thinking = deltas(0)
    assert [d["type"] for d in thinking] == ["thinking_delta"] * 6 + ["signature_delta"]
    assert "".join(d.get("thinking", "") for d in thinking) == "Let me think about that for a while."
    assert thinking[-1]["signature"] == "sig-1"
    assert "".join(d["text"] for d in deltas(1)) == "I will run a command."
    tool = deltas(2)
    assert len(tool) > 1
    assert all(d["type"] == "input_json_delta" for d in tool)
    assert orjson.loads("".join(d["partial_json"] for d in tool)) == {
        "command": "touch x.txt",
        "description": "Create x.txt",
    }
    stops = [e["index"] for _, e in events if e["type"] == "content_block_stop"]
    assert stops == [0, 1, 2]
    assert events[0][1]["message"]["usage"]["input_tokens"] == 42
    assert events[-2][1] == {
        "type": "message_delta",
        "delta": {"stop_reason": "tool_use", "stop_sequence": None},
        "usage": {"output_tokens": 17},
    }

    message = assemble(events)
    assert message["content"] == [
        {"type": "thinking", "thinking": "Let me think about that for a while.", "signature": "sig-1"},
        {"type": "text", "text": "I will run a command."},
        {
            "type": "tool_use",
            "id": "toolu_fake_1",
            "name": "Bash",
            "input": {"command": "touch x.txt", "description": "Create x.txt"},
        },
    ]


async def test_answers_without_stream_with_a_json_message() -> None:
    script = [
        tool_turn("Read", {"file_path": "/etc/hostname"}, text="Reading."),
        tool_turn("Read", {"file_path": "/etc/hosts"}, id="toolu_mine"),
        ModelTurn(blocks=[Text(text="x")], stop_reason="max_tokens", model="claude-other"),
    ]
    async with serve_messages_api(script) as api:
        async with open_client(api) as client:
            replies = [await client.post(main_body(stream=False)) for _ in script]
        assert api.connections == 1

    first, second, third = (reply.json() for reply in replies)
    assert replies[0].headers["content-type"] == "application/json"
    assert first == {
        "id": "msg_fake_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-test-1",
        "content": [
            {"type": "text", "text": "Reading."},
            {
                "type": "tool_use",
                "id": "toolu_fake_1",
                "name": "Read",
                "input": {"file_path": "/etc/hostname"},
            },
        ],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": first["usage"],
    }
    assert first["usage"]["input_tokens"] == 10
    assert second["content"][0]["id"] == "toolu_mine"
    assert (third["stop_reason"], third["model"], third["id"]) == ("max_tokens", "claude-other", "msg_fake_3")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    blocks=st.lists(
        st.one_of(
            st.builds(Text, text=st.text()),
            st.builds(Thinking, thinking=st.text(), signature=st.text(min_size=1)),
            st.builds(
                ToolUse,
                name=st.text(min_size=1, max_size=20),
                input=st.dictionaries(
                    st.text(max_size=10),
                    st.one_of(st.text(), st.integers(min_value=-(2**63), max_value=2**63 - 1), st.none()),
                ),
                id=st.text(min_size=1, max_size=20).map(lambda s: "toolu_" + s),
            ),
        ),
        max_size=5,
    ),
    chunk_size=st.integers(min_value=1, max_value=12),
)
async def test_stream_reassembles_to_the_non_streaming_message(
    blocks: list[Text | Thinking | ToolUse], chunk_size: int
) -> None:
    turn = ModelTurn(blocks=blocks, chunk_size=chunk_size)
    async with serve_messages_api([turn, turn]) as api, open_client(api) as client:
        streamed = assemble((await client.post(main_body())).events())
        whole = (await client.post(main_body(stream=False))).json()
    assert streamed.pop("id") == "msg_fake_1"
    assert whole.pop("id") == "msg_fake_2"
    assert streamed == whole


async def test_lone_surrogates_are_sent_as_escapes_and_read_back() -> None:
    # A text cut inside a surrogate pair: the real API and the CLI (Node) write it as "\\ud83d".
    turn = ModelTurn(
        blocks=[Text(text="cut \ud83d"), ToolUse(name="Bash", input={"c": "\udc80"})], chunk_size=3
    )
    async with serve_messages_api([turn]) as api, open_client(api) as client:
        body = json.dumps(main_body(text="prompt \udfff")).encode()  # ASCII, with escapes
        reply = await client.request("POST", "/v1/messages?beta=true", body)
        [request] = api.requests
    assert b"\\ud83d" in reply.body
    reply.body.decode("utf-8")  # valid UTF-8 throughout
    streamed = assemble(reply.events())
    assert streamed["content"][0]["text"] == "cut \ud83d"
    assert streamed["content"][1]["input"] == {"c": "\udc80"}
    assert request.kind == "main"
    assert request.body["messages"][0]["content"][0]["text"] == "prompt \udfff"


async def test_count_tokens_never_consumes_the_script() -> None:
    async with serve_messages_api([text_turn("answer")]) as api:
        reply = await post(api, main_body(stream=False), "/v1/messages/count_tokens?beta=true")
        assert reply.status == 200
        assert isinstance(reply.json()["input_tokens"], int)
        assert reply.json()["input_tokens"] > 0
        assert api.steps_left == 1
        assert api.requests[0].kind == "count_tokens"
        assert api.script_requests == []
        await post(api, main_body())
        assert api.exhausted


async def test_side_requests_get_a_canned_reply_and_never_consume_the_script() -> None:
    async with serve_messages_api([text_turn("the real answer")], side_text="Hello!") as api:
        probe = await post(api, PROBE)
        streamed_probe = await post(api, {**PROBE, "stream": True})
        assert api.steps_left == 1
        main = await post(api, main_body(stream=False))
        api.assert_script_done()

    assert probe.status == 200
    assert probe.json()["content"] == [{"type": "text", "text": "Hello!"}]
    assert probe.json()["model"] == "claude-sonnet-4-5"
    assert assemble(streamed_probe.events())["content"] == [{"type": "text", "text": "Hello!"}]
    assert main.json()["content"] == [{"type": "text", "text": "the real answer"}]
    assert [r.kind for r in api.requests] == ["side", "side", "main"]
    assert [r.step for r in api.requests] == [None, None, 0]


async def test_a_streaming_request_without_tools_is_main_loop() -> None:
    # `claude --tools ""` runs the main loop without any tools; it must still take the script's steps.
    body = main_body()
    del body["tools"]
    async with serve_messages_api([text_turn("scripted")]) as api:
        reply = await post(api, body)
    assert assemble(reply.events())["content"] == [{"type": "text", "text": "scripted"}]
    assert api.requests[0].kind == "main"


@pytest.mark.parametrize(
    ("status", "error_type"),
    [
        (400, "invalid_request_error"),
        (401, "authentication_error"),
        (429, "rate_limit_error"),
        (500, "api_error"),
        (529, "overloaded_error"),
    ],
)
async def test_api_errors(status: int, error_type: str) -> None:
    async with serve_messages_api([APIError(status=status)]) as api:
        reply = await post(api, main_body())
        api.assert_script_done()
    assert reply.status == status
    assert reply.headers["content-type"] == "application/json"
    assert reply.headers["request-id"] == "req_fake_1"
    assert reply.json() == {"type": "error", "error": {"type": error_type, "message": f"fake error {status}"}}


async def test_api_error_with_message_type_and_headers() -> None:
    step = APIError(status=429, message="slow down", error_type="custom_error", headers={"retry-after": "7"})
    async with serve_messages_api([step]) as api:
        reply = await post(api, main_body())
    assert reply.status == 429
    assert reply.headers["retry-after"] == "7"
    assert reply.json() == {"type": "error", "error": {"type": "custom_error", "message": "slow down"}}


def test_steps_validate_their_fields() -> None:
    with pytest.raises(ValueError, match="status"):
        APIError(status=200)
    with pytest.raises(ValueError, match="chunk_size"):
        text_turn("x", chunk_size=0)
    with pytest.raises(ValueError, match="chunk_delay"):
        text_turn("x", chunk_delay=-1.0)
    # everything the server will send must be encodable, so a bad script fails where it is written
    with pytest.raises(ValueError, match="cannot be sent as JSON"):
        ToolUse(name="Bash", input={"n": 2**70})
    with pytest.raises(ValueError, match="text cannot be sent as JSON"):
        Text(text=b"bytes")  # type: ignore[arg-type]
    Text(text="cut \ud800")  # a lone surrogate is sent as its escape, as the real API does
    with pytest.raises(ValueError, match="invalid header"):
        APIError(status=500, headers={"bad name": "x"})
    with pytest.raises(TypeError):
        ModelTurn(blocks=[{"type": "text", "text": "a dict is not a block"}])  # type: ignore[list-item]


def test_tool_use_input_is_a_copy() -> None:
    command = {"command": "ls", "env": {"A": "1"}}
    tool = ToolUse(name="Bash", input=command)
    command["env"]["A"] = "2"  # type: ignore[index]
    assert tool.input == {"command": "ls", "env": {"A": "1"}}


async def test_an_exhausted_script_answers_500_and_is_recorded() -> None:
    async with serve_messages_api([text_turn("only one")], strict=False) as api:
        await post(api, main_body())
        assert api.exhausted
        reply = await post(api, main_body())
        assert reply.status == 500
        assert reply.json()["error"]["type"] == "api_error"
        assert "exhausted" in reply.json()["error"]["message"]
        assert len(api.errors) == 1
        assert "after the end of the script" in api.errors[0]
        assert [r.step for r in api.requests] == [0, None]
        assert len(api.script_requests) == 1
        with pytest.raises(ScriptError, match="after the end of the script"):
            api.assert_script_done()


async def test_strict_server_raises_on_exit_after_unexpected_requests() -> None:
    with pytest.raises(ScriptError, match="after the end of the script"):
        async with serve_messages_api([]) as api:
            assert (await post(api, main_body())).status == 500


async def test_assert_script_done_reports_leftover_steps() -> None:
    async with serve_messages_api([text_turn("a"), text_turn("b")]) as api:
        await post(api, main_body())
        assert api.steps_left == 1
        with pytest.raises(ScriptError, match="1 of 2 script steps were never requested"):
            api.assert_script_done()
        api.add_steps(APIError(status=500))
        assert api.steps_left == 2


async def test_function_steps_answer_from_the_request() -> None:
    def echo(request: RecordedRequest) -> ModelTurn:
        return text_turn(f"you said {request.texts()[-1]!r} to {request.model}")

    def broken(request: RecordedRequest) -> ModelTurn:
        raise RuntimeError("boom")

    async with serve_messages_api([echo, broken], strict=False) as api:
        first = await post(api, main_body(stream=False, text="ping", model="m-9"))
        second = await post(api, main_body())
        assert first.json()["content"][0]["text"] == "you said 'ping' to m-9"
        assert second.status == 500
        assert "boom" in second.json()["error"]["message"]
        assert api.errors == ["request 1: script step 1 raised RuntimeError('boom')"]


async def test_unknown_paths_get_404_json() -> None:
    async with serve_messages_api([text_turn("kept")]) as api:
        async with open_client(api) as client:
            missing = await client.request("GET", "/v1/models")
            head = await client.request("HEAD", "/")  # CLI 2.1.197 sends this before its first request
            wrong_method = await client.request("GET", "/v1/messages")
        assert api.steps_left == 1
        assert api.errors == []
    assert missing.status == 404
    assert missing.json() == {
        "type": "error",
        "error": {"type": "not_found_error", "message": "no route for GET /v1/models"},
    }
    assert (head.status, head.body) == (404, b"")
    assert wrong_method.status == 404
    assert [r.kind for r in api.requests] == ["unknown"] * 3


async def test_a_body_that_is_not_json_gets_400() -> None:
    async with serve_messages_api([text_turn("kept")], strict=False) as api:
        async with open_client(api) as client:
            reply = await client.request("POST", "/v1/messages", b"{nope")
        assert reply.status == 400
        assert reply.json()["error"]["type"] == "invalid_request_error"
        assert api.steps_left == 1
        assert api.errors == ["request 0: POST /v1/messages body is not a JSON object"]


async def test_a_malformed_http_request_gets_400_and_the_server_lives_on() -> None:
    async with serve_messages_api([text_turn("fine")]) as api:
        async with await trio.open_tcp_stream("127.0.0.1", api.port) as stream:
            await stream.send_all(b"NOT HTTP AT ALL\r\n\r\n")
            data = b""
            while chunk := await stream.receive_some():
                data += chunk
        assert data.startswith(b"HTTP/1.1 400 ")
        assert (await post(api, main_body(stream=False))).json()["content"][0]["text"] == "fine"


async def test_wait_for_requests() -> None:
    async with serve_messages_api([text_turn("a"), text_turn("b")]) as api:
        got: list[RecordedRequest] = []

        async def waiter() -> None:
            got.append(await api.wait_for_requests(2))

        async with trio.open_nursery() as nursery:
            nursery.start_soon(waiter)  # pyright: ignore[reportUnknownMemberType]  (trio-typing stubs)
            await post(api, PROBE)  # side requests do not count
            await post(api, main_body(text="one"))
            await trio.sleep(0.01)
            assert got == []
            await post(api, main_body(text="two"))
        assert got[0].texts() == ["two"]
        assert (await api.wait_for_requests(1)).texts() == ["one"]
        with pytest.raises(ScriptError, match="only 2 steps"):
            await api.wait_for_requests(3)
        with pytest.raises(ValueError):
            await api.wait_for_requests(0)


async def test_slow_streaming_spaces_the_events() -> None:
    delay = 0.05
    turn = text_turn("abcdefgh", chunk_size=2, chunk_delay=delay)  # 9 events
    async with serve_messages_api([turn]) as api, open_client(api) as client:
        start = time.monotonic()
        await client.send_request("POST", "/v1/messages", orjson.dumps(main_body()))
        await client.read_head()
        arrivals: list[float] = []
        while (chunk := await client.read_chunk()) is not None:
            arrivals.extend(time.monotonic() - start for _ in parse_sse(chunk))
    assert len(arrivals) == 9
    assert arrivals[0] < 8 * delay  # the first event did not wait for the rest
    assert arrivals[-1] >= 8 * delay * 0.9
    assert arrivals[-1] - arrivals[0] >= 8 * delay * 0.9


async def test_client_hanging_up_mid_stream_leaves_the_server_healthy() -> None:
    script = [
        text_turn("one two three four five six", chunk_size=4, chunk_delay=0.05),
        text_turn("still here"),
    ]
    async with serve_messages_api(script) as api:
        async with open_client(api) as client:
            await client.send_request("POST", "/v1/messages", orjson.dumps(main_body()))
            await client.read_head()
            first = await client.read_chunk()
            assert first is not None
            assert parse_sse(first)[0][0] == "message_start"
        # like the CLI on interrupt: leaving the block above hung up
        with trio.fail_after(2):
            assert await api.wait_for_dropped() is api.requests[0]
        reply = await post(api, main_body(stream=False))
        assert reply.json()["content"][0]["text"] == "still here"
        assert api.dropped == [api.requests[0]]
        api.assert_script_done()


async def test_a_stalled_stream_is_held_open_until_the_client_hangs_up() -> None:
    async with serve_messages_api([text_turn("one two ", chunk_size=4, stall=True)]) as api:
        async with open_client(api) as client:
            await client.send_request("POST", "/v1/messages", orjson.dumps(main_body()))
            await client.read_head()
            events: list[tuple[str, JSON]] = []
            while len(events) < 4:
                chunk = await client.read_chunk()
                assert chunk is not None
                events.extend(parse_sse(chunk))
            assert [e["type"] for _, e in events] == [
                "message_start",
                "content_block_start",
                "content_block_delta",
                "content_block_delta",
            ]
            with trio.move_on_after(0.2) as scope:
                await client.read_chunk()
            assert scope.cancelled_caught  # nothing more comes
            assert api.dropped == []
        with trio.fail_after(2):
            await api.wait_for_dropped(1)


async def test_leaving_the_block_cancels_open_streams_promptly() -> None:
    with trio.fail_after(2):
        async with serve_messages_api([text_turn("never ends", stall=True)]) as api:
            client = await Client.connect(api)
            try:
                await client.send_request("POST", "/v1/messages", orjson.dumps(main_body()))
                await client.read_head()
                await client.read_chunk()
            except BaseException:
                await client.aclose()
                raise
        try:
            # the server closed its side: the client sees the connection end before the response's end
            with pytest.raises(h11.RemoteProtocolError):
                while await client.read_chunk() is not None:
                    pass
        finally:
            await client.aclose()


async def test_an_exception_in_the_block_propagates_unwrapped() -> None:
    with pytest.raises(KeyError) as info:
        async with serve_messages_api([text_turn("unused")]):
            raise KeyError("mine")
    assert info.type is KeyError


async def test_cancellation_from_outside_ends_the_block_cleanly() -> None:
    with trio.move_on_after(0.05) as scope:
        async with serve_messages_api([text_turn("unused", stall=True)]) as api, open_client(api) as client:
            await client.send_request("POST", "/v1/messages", orjson.dumps(main_body()))
            await trio.sleep_forever()
    assert scope.cancelled_caught


def test_cli_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-real-key-must-not-leak")
    monkeypatch.setenv("PATH", "/x/bin:/usr/bin")
    api = MessagesAPI([], port=4321, side_text="OK")
    env = api.cli_env(tmp_path)
    assert env == {
        "PATH": "/x/bin:/usr/bin",
        "LANG": os.environ.get("LANG", "C.UTF-8"),
        "HOME": str(tmp_path),
        "CLAUDE_CONFIG_DIR": str(tmp_path / ".claude"),
        "ANTHROPIC_BASE_URL": "http://127.0.0.1:4321",
        "ANTHROPIC_API_KEY": env["ANTHROPIC_API_KEY"],
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_AUTOUPDATER": "1",
        "CLAUDE_CODE_MAX_RETRIES": "0",
    }
    assert env["ANTHROPIC_API_KEY"] != "sk-real-key-must-not-leak"
    assert api.base_url == "http://127.0.0.1:4321"
    assert "CLAUDE_CODE_MAX_RETRIES" not in api.cli_env(tmp_path, max_retries=None)
    assert api.cli_env(tmp_path, max_retries=2, extra={"X": "y"})["CLAUDE_CODE_MAX_RETRIES"] == "2"
    assert api.cli_env(tmp_path, extra={"X": "y"})["X"] == "y"


async def test_serve_connection_works_on_an_in_memory_stream() -> None:
    api = MessagesAPI([text_turn("in memory")], port=0, side_text="OK")
    client_stream, server_stream = trio.testing.memory_stream_pair()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(api.serve_connection, server_stream)  # pyright: ignore[reportUnknownMemberType]
        async with client_stream:
            reply = await Client(client_stream).post(main_body(stream=False))
    assert reply.json()["content"] == [{"type": "text", "text": "in memory"}]
    api.assert_script_done()


# --------------------------------------------------------------------------------------------------------
# End to end: the real CLI against the fake API
# --------------------------------------------------------------------------------------------------------

REPO = Path(__file__).resolve().parents[2]
PINNED_CLI_VERSION = "2.1.330"


@pytest.fixture
def claude_binary() -> str:
    """The real CLI: ``$TRIO_CLAUDE_CLI``, else the pinned install under ``.cli/``."""
    path = os.environ.get("TRIO_CLAUDE_CLI") or str(
        REPO / ".cli" / PINNED_CLI_VERSION / "node_modules" / ".bin" / "claude"
    )
    if not os.access(path, os.X_OK):
        pytest.fail(
            f"the Claude Code CLI is not installed at {path}: run `.ci/install-cli {PINNED_CLI_VERSION}`"
        )
    return path


def user_line(text: str) -> bytes:
    message = {
        "type": "user",
        "session_id": "",
        "message": {"role": "user", "content": [{"type": "text", "text": text}]},
        "parent_tool_use_id": None,
    }
    return orjson.dumps(message) + b"\n"


async def run_cli(
    claude: str, api: MessagesAPI, tmp_path: Path, prompt: str = "hello"
) -> tuple[int, list[JSON]]:
    """Run one prompt through the real CLI: write one user line, close stdin, read stdout to EOF."""
    home = tmp_path / "home"
    work = tmp_path / "work"
    home.mkdir()
    work.mkdir()
    argv = [claude, "--output-format", "stream-json", "--verbose", "--input-format", "stream-json"]
    with trio.fail_after(30):
        done = await trio.run_process(
            argv,
            stdin=user_line(prompt),
            capture_stdout=True,
            capture_stderr=True,
            env=api.cli_env(home),
            cwd=work,
            check=False,
        )
    messages: list[JSON] = [orjson.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert messages, f"no output; exit {done.returncode}; stderr: {done.stderr.decode(errors='replace')}"
    return done.returncode, messages


def of_type(messages: Sequence[JSON], kind: str) -> list[JSON]:
    return [message for message in messages if message.get("type") == kind]


@pytest.mark.real_cli
async def test_real_cli_text_turn(claude_binary: str, tmp_path: Path) -> None:
    text = "Hello from the fake Messages API!"
    async with serve_messages_api([text_turn(text)]) as api:
        code, messages = await run_cli(claude_binary, api, tmp_path)
        api.assert_script_done()
    (assistant,) = of_type(messages, "assistant")
    assert assistant["message"]["content"] == [{"type": "text", "text": text}]
    assert assistant["message"]["id"] == "msg_fake_1"
    main = api.script_requests[0]
    assert assistant["request_id"] == f"req_fake_{main.index + 1}"  # the request-id header, echoed
    assert "hello" in main.texts()
    assert main.stream
    (result,) = of_type(messages, "result")
    assert (result["subtype"], result["is_error"], result["result"]) == ("success", False, text)
    assert code == 0


@pytest.mark.real_cli
async def test_real_cli_thinking_turn(claude_binary: str, tmp_path: Path) -> None:
    turn = ModelTurn(
        blocks=[Thinking(thinking="Pondering the greeting.", signature="c2lnLTE="), Text(text="Hi!")]
    )
    async with serve_messages_api([turn]) as api:
        code, messages = await run_cli(claude_binary, api, tmp_path)
        api.assert_script_done()
    thinking, text = of_type(messages, "assistant")
    assert thinking["message"]["content"] == [
        {"type": "thinking", "thinking": "Pondering the greeting.", "signature": "c2lnLTE="}
    ]
    assert text["message"]["content"] == [{"type": "text", "text": "Hi!"}]
    (result,) = of_type(messages, "result")
    assert (result["subtype"], result["is_error"], result["result"]) == ("success", False, "Hi!")
    assert code == 0


@pytest.mark.real_cli
async def test_real_cli_tool_use_turn(claude_binary: str, tmp_path: Path) -> None:
    script = [
        tool_turn(
            "Bash", {"command": "touch x.txt", "description": "Create x.txt"}, text="Creating the file."
        ),
        text_turn("Done."),
    ]
    async with serve_messages_api(script) as api:
        code, messages = await run_cli(claude_binary, api, tmp_path)
        api.assert_script_done()
    tool_uses = [
        block
        for message in of_type(messages, "assistant")
        for block in message["message"]["content"]
        if block["type"] == "tool_use"
    ]
    assert [(block["id"], block["name"]) for block in tool_uses] == [("toolu_fake_1", "Bash")]
    # no permission callback: the CLI refuses the write and sends the refusal back as the tool's result
    tool_result = api.script_requests[1].tool_result("toolu_fake_1")
    assert tool_result is not None
    assert tool_result["is_error"] is True
    assert api.script_requests[0].tool_result("toolu_fake_1") is None
    (result,) = of_type(messages, "result")
    assert (result["subtype"], result["is_error"], result["result"]) == ("success", False, "Done.")
    assert result["num_turns"] == 2
    assert code == 0


@pytest.mark.real_cli
async def test_real_cli_api_error_turn(claude_binary: str, tmp_path: Path) -> None:
    async with serve_messages_api([APIError(status=500, message="scripted failure")]) as api:
        code, messages = await run_cli(claude_binary, api, tmp_path)
        api.assert_script_done()
    (result,) = of_type(messages, "result")
    assert result["is_error"] is True
    assert result["api_error_status"] == 500
    assert "scripted failure" in result["result"]
    assert code == 1


@pytest.mark.real_cli
async def test_real_cli_interrupt_drops_the_stream(claude_binary: str, tmp_path: Path) -> None:
    """An interrupt while the answer streams makes the CLI hang up; the server notices and serves on."""
    script = [text_turn("one two ", chunk_size=4, stall=True), text_turn("Still here.")]
    home = tmp_path / "home"
    home.mkdir()
    argv = [claude_binary, "--output-format", "stream-json", "--verbose", "--input-format", "stream-json"]
    async with serve_messages_api(script) as api:
        process = await trio.lowlevel.open_process(
            argv,
            stdin=-1,
            stdout=-1,
            env=api.cli_env(home),
            cwd=tmp_path,  # -1 is subprocess.PIPE
        )
        assert process.stdin is not None
        assert process.stdout is not None
        stdout = process.stdout
        buffered = b""

        async def next_message() -> JSON:
            nonlocal buffered
            while b"\n" not in buffered:
                chunk = await stdout.receive_some()
                assert chunk, "the CLI closed stdout early"
                buffered += chunk
            line, buffered = buffered.split(b"\n", 1)
            message: JSON = orjson.loads(line)
            return message

        async def next_result() -> JSON:
            while (message := await next_message())["type"] != "result":
                pass
            return message

        with trio.fail_after(20):
            try:
                await process.stdin.send_all(user_line("count slowly"))
                await api.wait_for_requests(1)
                await trio.sleep(0.3)  # let the first deltas arrive
                interrupt = {
                    "type": "control_request",
                    "request_id": "req_1_0000",
                    "request": {"subtype": "interrupt"},
                }
                await process.stdin.send_all(orjson.dumps(interrupt) + b"\n")
                interrupted = await next_result()
                with trio.fail_after(2):
                    await api.wait_for_dropped()
                await process.stdin.send_all(user_line("are you there?"))
                answered = await next_result()
                await process.stdin.aclose()
                assert await process.wait() == 0
            finally:
                process.kill()  # no-op once it exited
                await process.wait()
        api.assert_script_done()
    assert api.dropped == [api.script_requests[0]]
    assert (interrupted["subtype"], interrupted["is_error"]) == ("error_during_execution", True)
    assert (answered["subtype"], answered["result"]) == ("success", "Still here.")
    assert "one two " in api.script_requests[1].texts()  # the partial answer went into the history
