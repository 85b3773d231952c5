"""In-process MCP servers without the real CLI: schemas from type hints, argument checks, tool results, the
JSON-RPC server, the bridge, and tool calls through a session on the fake CLI."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypedDict

import attrs
import orjson
import pytest
import trio
from hypothesis import given, strategies as st

from trio_claude import (
    CallToolResult,
    ClaudeAgentOptions,
    EmbeddedResource,
    ImageContent,
    SdkMcpServer,
    TextContent,
    ToolAnnotations,
    ToolContext,
    ToolInputError,
    create_sdk_mcp_server,
    open_session,
    tool,
)
from trio_claude._config._command import build_flags
from trio_claude._config._initialize import build_initialize
from trio_claude._handlers._mcp import McpBridge
from trio_claude._mcp._results import result_json
from trio_claude._mcp._schema import convert_value, schema_for
from trio_claude._mcp._validate import compile_json_schema
from trio_claude.model import InterruptRequest, JSONObject, McpMessageRequest, McpSetServersRequest
from trio_claude.testing import FakeAction, SendRequest, Sleep, open_fake_cli

# ------------------------------------------------------------------------------------------------
# Types used by the tests (module level, so their hints resolve)
# ------------------------------------------------------------------------------------------------


@attrs.frozen
class Point:
    x: float
    y: Annotated[float, "the y coordinate"] = 0.0


@dataclass
class Box:
    corner: Point
    label: str = "box"


class _OptionsBase(TypedDict):
    name: str


class Options(_OptionsBase, total=False):
    size: int


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


@attrs.frozen
class Node:
    children: list[Node]


# ------------------------------------------------------------------------------------------------
# Schemas
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hint", "schema"),
    [
        (str, {"type": "string"}),
        (int, {"type": "integer"}),
        (float, {"type": "number"}),
        (bool, {"type": "boolean"}),
        (None, {"type": "null"}),
        (Any, {}),
        (list[int], {"type": "array", "items": {"type": "integer"}}),
        (tuple[str, ...], {"type": "array", "items": {"type": "string"}}),
        (Sequence[bool], {"type": "array", "items": {"type": "boolean"}}),
        (
            tuple[int, str],
            {
                "type": "array",
                "prefixItems": [{"type": "integer"}, {"type": "string"}],
                "items": False,
                "minItems": 2,
                "maxItems": 2,
            },
        ),
        (
            dict[str, float],
            {"type": "object", "properties": {}, "additionalProperties": {"type": "number"}},
        ),
        (int | None, {"anyOf": [{"type": "integer"}, {"type": "null"}]}),
        (Literal["a", "b"], {"enum": ["a", "b"], "type": "string"}),
        (Literal[1, "x"], {"enum": [1, "x"]}),
        (Color, {"enum": ["red", "green"], "type": "string"}),
        (Annotated[int, "how many"], {"type": "integer", "description": "how many"}),
        (
            Point,
            {
                "type": "object",
                "properties": {
                    "x": {"type": "number"},
                    "y": {"type": "number", "description": "the y coordinate", "default": 0.0},
                },
                "required": ["x"],
                "additionalProperties": False,
            },
        ),
        (
            Options,
            {
                "type": "object",
                "properties": {"name": {"type": "string"}, "size": {"type": "integer"}},
                "required": ["name"],
                "additionalProperties": False,
            },
        ),
    ],
)
def test_schema_of_a_type(hint: Any, schema: JSONObject) -> None:
    assert schema_for(hint) == schema


def test_dataclass_schema_nests() -> None:
    schema = schema_for(Box)
    assert schema["required"] == ["corner"]
    assert schema["properties"]["corner"] == schema_for(Point)
    assert schema["properties"]["label"] == {"type": "string", "default": "box"}


@pytest.mark.parametrize("hint", [set[int], dict[int, str], bytes, Node, Literal[b"x"]])
def test_types_without_a_schema_are_refused(hint: Any) -> None:
    with pytest.raises(TypeError):
        schema_for(hint)


def test_tool_schema_from_parameters() -> None:
    @tool("search", "Search things", annotations=ToolAnnotations(read_only_hint=True, title="Search"))
    async def search(
        query: Annotated[str, "what to look for"],
        limit: int = 10,
        where: Point | None = None,
        context: ToolContext | None = None,
    ) -> str:
        return query

    assert search.definition() == {
        "name": "search",
        "description": "Search things",
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "what to look for"},
                "limit": {"type": "integer", "default": 10},
                "where": {"anyOf": [schema_for(Point), {"type": "null"}], "default": None},
            },
            "required": ["query"],
            "additionalProperties": False,
        },
        "annotations": {"title": "Search", "readOnlyHint": True},
    }


def test_tool_defaults_and_meta() -> None:
    @tool(always_load=True, search_hint="maths", max_result_size_chars=1000)
    async def double(n: int) -> int:
        """Double a number."""
        return 2 * n

    assert double.name == "double" and double.description == "Double a number."
    assert double.always_load
    assert double.definition()["_meta"] == {
        "anthropic/alwaysLoad": True,
        "anthropic/searchHint": "maths",
        "anthropic/maxResultSizeChars": 1000,
    }


def test_tool_needs_an_async_function() -> None:
    def sync(a: int) -> int:
        return a

    with pytest.raises(TypeError, match="not an async function"):
        tool("sync")(sync)  # type: ignore[arg-type]


def test_tool_refuses_an_unsupported_parameter_type() -> None:
    async def bad(data: bytes) -> str:
        return ""

    with pytest.raises(TypeError, match="parameter 'data'"):
        tool("bad")(bad)


async def test_explicit_input_schema() -> None:
    schema = {
        "type": "object",
        "properties": {
            "n": {"type": "integer", "minimum": 0},
            "tags": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["n"],
    }

    @tool("count", "Count", input_schema=schema)
    async def count(**arguments: Any) -> str:
        return orjson.dumps(arguments).decode()

    assert count.input_schema == schema
    assert count.bind({"n": 3, "tags": ["a"], "other": 1}) == {"n": 3, "tags": ["a"], "other": 1}
    with pytest.raises(
        ToolInputError, match=r"^n: -1 is less than the minimum of 0 \(schema: #/properties/n/minimum\)$"
    ):
        count.bind({"n": -1})
    with pytest.raises(ToolInputError, match=r'tags\[1\]: 2 is not of type "string"'):
        count.bind({"n": 1, "tags": ["a", 2]})
    with pytest.raises(ValueError, match="must describe an object"):
        tool("x", input_schema={"type": "string"})(count.function)


# ------------------------------------------------------------------------------------------------
# Conversion and validation
# ------------------------------------------------------------------------------------------------


def test_arguments_are_converted() -> None:
    assert convert_value(float, 3) == 3.0 and isinstance(convert_value(float, 3), float)
    assert convert_value(int, 4.0) == 4 and isinstance(convert_value(int, 4.0), int)
    assert convert_value(Point, {"x": 1}) == Point(x=1.0)
    assert convert_value(Box, {"corner": {"x": 1, "y": 2}}) == Box(corner=Point(x=1.0, y=2.0))
    assert convert_value(Color, "red") is Color.RED
    assert convert_value(tuple[int, str], [1, "a"]) == (1, "a")
    assert convert_value(Options, {"name": "n"}) == {"name": "n"}
    assert convert_value(list[Point] | None, None) is None


@pytest.mark.parametrize(
    ("hint", "value", "message"),
    [
        (int, "3", 'expected an integer, got a string ("3")'),
        (int, True, "expected an integer, got true"),
        (int, 1.5, "expected an integer, got a number (1.5)"),
        (bool, 1, "expected true or false, got an integer (1)"),
        (str, None, "expected a string, got null"),
        (list[int], [1, "x"], "[1]: expected an integer"),
        (Point, {"x": 1, "z": 2}, "unexpected property 'z' (known: x, y)"),
        (Point, {"y": 1}, "missing required 'x'"),
        (Box, {"corner": {"x": "a"}}, "corner.x: expected a number"),
        (Literal["a", "b"], "c", 'expected one of "a", "b", got a string ("c")'),
        (Literal[1], True, "expected one of 1, got true"),
        (Point | None, {"x": "s"}, "x: expected a number"),
        (int | str, [], "expected an integer or a string, got an array"),
        (tuple[int, int], [1], "expected an array of 2 items"),
    ],
)
def test_invalid_values_are_explained(hint: Any, value: object, message: str) -> None:
    with pytest.raises(ToolInputError) as info:
        convert_value(hint, value)
    assert message in str(info.value)


def test_validator_constructors_errors_are_input_errors() -> None:
    @attrs.frozen
    class Positive:
        n: int = attrs.field(validator=attrs.validators.ge(0))

    with pytest.raises(ToolInputError, match="invalid Positive"):
        convert_value(Positive, {"n": -1})


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.floats(-5, 5, allow_nan=False)
    | st.sampled_from(["a", "b", "red", "x"]),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(
            st.sampled_from(["x", "y", "z", "name", "size", "corner", "label"]), children, max_size=3
        )
    ),
    max_leaves=8,
)

HINTS: list[Any] = [
    int,
    float,
    str,
    bool,
    None,
    list[int],
    tuple[int, ...],
    tuple[int, str],
    dict[str, float],
    int | None,
    float | str,
    Literal["a", 1, True],
    Color,
    Point,
    Box,
    Options,
    list[Point | None],
    dict[str, list[bool]],
]


@given(st.sampled_from(HINTS), json_values)
def test_conversion_agrees_with_the_schema(hint: Any, value: object) -> None:
    """A value converts exactly when it is valid for the schema made from the same type."""
    schema = schema_for(hint)
    try:
        compile_json_schema(schema)(value, "")
    except ToolInputError:
        valid = False
    else:
        valid = True
    try:
        convert_value(hint, value)
    except ToolInputError:
        converted = False
    else:
        converted = True
    assert valid == converted, (hint, value, schema)


@given(json_values)
def test_any_accepts_every_json_value(value: object) -> None:
    assert convert_value(Any, value) == value
    compile_json_schema({})(value, "")


def test_json_schema_keywords() -> None:
    def validate(value: object, schema: object) -> None:
        compile_json_schema(schema)(value, "")

    validate("abc", {"type": "string", "pattern": "^a", "minLength": 3, "maxLength": 3})
    validate(2, {"oneOf": [{"type": "integer"}, {"type": "string"}]})
    validate(5, {"allOf": [{"minimum": 1}, {"maximum": 5}]})
    problems: list[tuple[object, object]] = [
        ("b", {"pattern": "^a"}),
        ("", {"minLength": 1}),
        (1, {"exclusiveMinimum": 1}),
        (1, {"exclusiveMaximum": 1}),
        (2.0, {"oneOf": [{"type": "integer"}, {"type": "number"}]}),
        ([1, 2], {"maxItems": 1}),
        ([], {"minItems": 1}),
        (1, {"const": True}),
        (1, False),
        ({"a": 1}, {"additionalProperties": False}),
    ]
    for value, schema in problems:
        with pytest.raises(ToolInputError):
            validate(value, schema)


# ------------------------------------------------------------------------------------------------
# Results
# ------------------------------------------------------------------------------------------------


def test_results() -> None:
    assert result_json("hi") == {"content": [{"type": "text", "text": "hi"}]}
    assert result_json(None) == {"content": []}
    assert result_json(42) == {"content": [{"type": "text", "text": "42"}]}
    assert result_json({"a": [1]}) == {"content": [{"type": "text", "text": '{"a":[1]}'}]}
    image = ImageContent.from_bytes(b"\x89PNG", "image/png")
    assert result_json([TextContent(text="a"), image]) == {
        "content": [
            {"type": "text", "text": "a"},
            {"type": "image", "data": "iVBORw==", "mimeType": "image/png"},
        ]
    }
    resource = EmbeddedResource(uri="file:///a.txt", text="hello", mime_type="text/plain")
    assert result_json(resource) == {
        "content": [
            {
                "type": "resource",
                "resource": {"uri": "file:///a.txt", "mimeType": "text/plain", "text": "hello"},
            }
        ]
    }
    full = CallToolResult(
        content=[TextContent(text="bad")], is_error=True, structured_content={"n": 1}, meta={"m": 2}
    )
    assert result_json(full) == {
        "content": [{"type": "text", "text": "bad"}],
        "isError": True,
        "structuredContent": {"n": 1},
        "_meta": {"m": 2},
    }
    with pytest.raises(TypeError, match="unsupported value of type object"):
        result_json(object())
    with pytest.raises(ValueError, match="exactly one of text and blob"):
        EmbeddedResource(uri="x")


# ------------------------------------------------------------------------------------------------
# The JSON-RPC server
# ------------------------------------------------------------------------------------------------

seen_contexts: list[ToolContext] = []


@tool("add", "Add two numbers")
async def add(a: float, b: float, context: ToolContext) -> float:
    seen_contexts.append(context)
    return a + b


@tool("fail", "Always fails")
async def fail() -> str:
    raise RuntimeError("it broke")


@tool("weird", "Returns something unsendable")
async def weird() -> object:
    return object()


@tool("slow", "Never finishes")
async def slow() -> str:
    await trio.sleep_forever()
    return "never"  # pragma: no cover


SERVER = create_sdk_mcp_server("calc", "2.0.0", [add, fail, weird, slow], instructions="Use add for sums.")


def _request(method: str, params: object = None, request_id: object = 1) -> JSONObject:
    message: dict[str, object] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return message


async def test_initialize_negotiates_the_protocol_version() -> None:
    reply = await SERVER.handle(
        _request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}}, 0)
    )
    assert reply == {
        "jsonrpc": "2.0",
        "id": 0,
        "result": {
            "protocolVersion": "2025-11-25",
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "calc", "version": "2.0.0"},
            "instructions": "Use add for sums.",
        },
    }
    older = await SERVER.handle(_request("initialize", {"protocolVersion": "2024-11-05"}))
    assert older is not None and older["result"]["protocolVersion"] == "2024-11-05"
    future = await SERVER.handle(_request("initialize", {"protocolVersion": "2099-01-01"}))
    assert future is not None and future["result"]["protocolVersion"] == "2025-11-25"
    # A repeated handshake (CLI 2.1.197) gets the same answer.
    again = await SERVER.handle(
        _request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}}, 0)
    )
    assert again == reply
    missing = await SERVER.handle(_request("initialize", {}))
    assert missing is not None and missing["error"]["code"] == -32602


async def test_notifications_and_replies_need_no_answer() -> None:
    assert await SERVER.handle({"jsonrpc": "2.0", "method": "notifications/initialized"}) is None
    assert await SERVER.handle({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": 3}) is None
    assert await SERVER.handle({"jsonrpc": "2.0", "id": 5, "result": {}}) is None


async def test_ping_and_tools_list() -> None:
    assert await SERVER.handle(_request("ping")) == {"jsonrpc": "2.0", "id": 1, "result": {}}
    reply = await SERVER.handle(_request("tools/list", {}, "list-1"))
    assert reply is not None and reply["id"] == "list-1"
    assert [t["name"] for t in reply["result"]["tools"]] == ["add", "fail", "weird", "slow"]
    assert reply["result"]["tools"][0] == add.definition()


async def test_tools_call_passes_meta_to_the_tool() -> None:
    seen_contexts.clear()
    meta: JSONObject = {"claudecode/toolUseId": "toolu_1", "progressToken": 2}
    params = {"name": "add", "arguments": {"a": 2, "b": 3}, "_meta": meta}
    reply = await SERVER.handle(_request("tools/call", params, 2), server_name="maths")
    assert reply == {"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": "5.0"}]}}
    assert seen_contexts == [
        ToolContext(
            server_name="maths",
            tool_name="add",
            tool_use_id="toolu_1",
            progress_token=2,
            meta=meta,
        )
    ]


@pytest.mark.parametrize(
    ("params", "text"),
    [
        ({"name": "add", "arguments": {"a": 1}}, "Invalid input for tool add: missing required 'b'"),
        ({"name": "add", "arguments": "1 2"}, "Invalid input for tool add: expected an object"),
        ({"name": "add"}, "Invalid input for tool add: missing required 'a', 'b'"),
        ({"name": "fail", "arguments": {}}, "it broke"),
        ({"name": "weird"}, "unsupported value of type object"),
    ],
)
async def test_tool_failures_are_error_results(params: JSONObject, text: str) -> None:
    reply = await SERVER.handle(_request("tools/call", params))
    assert reply is not None
    result = reply["result"]
    assert result["isError"] is True
    assert text in result["content"][0]["text"]


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ([1, 2], -32600),
        ({"jsonrpc": "1.0", "id": 1, "method": "ping"}, -32600),
        ({"jsonrpc": "2.0", "id": 1}, -32600),
        ({"jsonrpc": "2.0", "id": None, "method": "ping"}, -32600),
        ({"jsonrpc": "2.0", "id": [1], "method": "ping"}, -32600),
        (_request("resources/list"), -32601),
        (_request("tools/call", [1]), -32602),
        (_request("tools/call", {}), -32602),
        (_request("tools/call", {"name": "nope"}), -32602),
    ],
)
async def test_protocol_errors(message: object, code: int) -> None:
    reply = await SERVER.handle(message)
    assert reply is not None and reply["error"]["code"] == code
    assert reply["jsonrpc"] == "2.0" and isinstance(reply["error"]["message"], str)


def test_server_refuses_duplicates_and_non_tools() -> None:
    with pytest.raises(ValueError, match="two tools named 'add'"):
        SdkMcpServer("x", tools=[add, add])
    with pytest.raises(TypeError, match="not a tool"):
        SdkMcpServer("x", tools=[object()])  # type: ignore[list-item]


# ------------------------------------------------------------------------------------------------
# The bridge and the CLI's command line
# ------------------------------------------------------------------------------------------------


def test_declaration_to_the_cli() -> None:
    external = {"command": "srv", "args": ["--stdio"]}
    options = ClaudeAgentOptions(mcp_servers={"calc": SERVER, "ext": external})
    # by default the external servers go in initialize, off the command line
    assert not any(flag.startswith("--mcp-config") for flag in build_flags(options))
    assert build_initialize(options).mcp_servers == {"ext": external}
    by_argv = ClaudeAgentOptions(mcp_servers={"calc": SERVER, "ext": external}, mcp_servers_delivery="argv")
    (config,) = [flag for flag in build_flags(by_argv) if flag.startswith("--mcp-config=")]
    assert orjson.loads(config.split("=", 1)[1]) == {"mcpServers": {"ext": external}}
    assert build_initialize(by_argv).mcp_servers is None
    assert build_initialize(options).sdk_mcp_servers == ("calc",)
    assert build_initialize(ClaudeAgentOptions()).sdk_mcp_servers is None
    assert not any(flag.startswith("--mcp-config") for flag in build_flags(ClaudeAgentOptions()))


async def test_bridge_routes_by_name() -> None:
    bridge = McpBridge({"maths": SERVER})
    response = await bridge.answer(McpMessageRequest(server_name="maths", message=_request("ping")))
    assert response.mcp_response == {"jsonrpc": "2.0", "id": 1, "result": {}}
    ack = await bridge.answer(
        McpMessageRequest(
            server_name="maths", message={"jsonrpc": "2.0", "method": "notifications/initialized"}
        )
    )
    assert ack.mcp_response == {"jsonrpc": "2.0", "result": {}, "id": 0}
    with pytest.raises(LookupError, match="SDK MCP server not found: other"):
        await bridge.answer(McpMessageRequest(server_name="other", message=_request("ping")))
    assert bridge.register({"other": SERVER, "web": {"type": "http", "url": "http://127.0.0.1:1/"}}) == {
        "other": {"type": "sdk", "name": "other"},
        "web": {"type": "http", "url": "http://127.0.0.1:1/"},
    }
    assert set(bridge.sdk_servers) == {"maths", "other"}


# ------------------------------------------------------------------------------------------------
# Through a session (the fake CLI sends the JSON-RPC messages)
# ------------------------------------------------------------------------------------------------


def _mcp(message: JSONObject, server: str = "calc") -> SendRequest:
    return SendRequest(request=McpMessageRequest(server_name=server, message=message))


async def test_session_answers_a_repeated_handshake_and_calls() -> None:
    init = _request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}}, 0)
    turn = [
        _mcp(init),
        _mcp({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        _mcp(init),
        _mcp(_request("tools/list", None, 1)),
        _mcp(_request("tools/call", {"name": "add", "arguments": {"a": 1, "b": 2}}, 2)),
        _mcp(_request("ping", None, 3), server="missing"),
    ]
    async with open_fake_cli([turn]) as fake:
        async with open_session(
            ClaudeAgentOptions(spawn=fake.spawn, mcp_servers={"calc": SERVER})
        ) as session:
            await session.send("go")
            async for _ in session.receive_response():
                pass
        sent = fake.process.requests
    responses = [r.response for r in sent]
    replies = [getattr(r, "response", None) for r in responses]
    assert replies[0] == replies[2]  # the handshake again, the same answer
    assert replies[0] is not None and replies[0]["mcp_response"]["result"]["serverInfo"]["name"] == "calc"
    assert replies[1] == {"mcp_response": {"jsonrpc": "2.0", "result": {}, "id": 0}}
    assert replies[3] is not None and len(replies[3]["mcp_response"]["result"]["tools"]) == 4
    assert replies[4] is not None and replies[4]["mcp_response"]["result"]["content"][0]["text"] == "3.0"
    assert getattr(responses[5], "error", None) == "SDK MCP server not found: missing"


async def test_control_cancel_request_cancels_the_running_tool() -> None:
    cancelled = trio.Event()
    started = trio.Event()

    @tool("wait", "Waits")
    async def wait() -> str:
        started.set()
        try:
            await trio.sleep_forever()
        finally:
            cancelled.set()
        return "never"  # pragma: no cover

    server = create_sdk_mcp_server("slow", tools=[wait])
    turn: list[FakeAction] = [
        _mcp(_request("tools/call", {"name": "wait"}, 2), server="slow"),
        Sleep(seconds=0),
    ]
    async with open_fake_cli([turn]) as fake:
        async with open_session(
            ClaudeAgentOptions(spawn=fake.spawn, mcp_servers={"slow": server})
        ) as session:
            await session.send("go")
            with trio.fail_after(5):
                await started.wait()
                # A raw interrupt: the session does not cancel its handlers itself, the CLI's
                # control_cancel_request does.
                await session.request(InterruptRequest())
                await cancelled.wait()
            async for _ in session.receive_response():
                pass
            assert session.statistics().handlers_in_flight == 0
        (sent,) = fake.process.requests
    assert sent.cancelled and sent.response is None


@pytest.mark.parametrize("version", ["2.1.330", "2.1.197"])
async def test_set_mcp_servers_replaces_the_dynamic_servers(version: str) -> None:
    @tool("mul", "Multiply two integers")
    async def mul(a: int, b: int) -> int:
        return a * b

    more = create_sdk_mcp_server("more", tools=[mul])
    web = {"type": "http", "url": "http://127.0.0.1:1/mcp"}
    call = _request("tools/call", {"name": "mul", "arguments": {"a": 6, "b": 7}}, 1)
    turns = [[_mcp(call, server="more")], [_mcp(call, server="more")]]
    async with open_fake_cli(turns, claude_code_version=version) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, mcp_servers={"calc": SERVER, "web": web})
        async with open_session(options) as session:
            # From initialize's mcpServers and sdkMcpServers, all of them replaceable.
            assert fake.process.mcp_servers == {"web": web, "calc": {"type": "sdk", "name": "calc"}}
            added = await session.set_mcp_servers({"calc": SERVER, "more": more})
            assert fake.process.mcp_servers == {
                "calc": {"type": "sdk", "name": "calc"},
                "more": {"type": "sdk", "name": "more"},
            }
            await session.send("multiply")
            async for _ in session.receive_response():
                pass
            removed = await session.set_mcp_servers({})
            await session.send("again")
            async for _ in session.receive_response():
                pass
        process = fake.process
    assert (added.added, added.removed, added.errors) == (("more",), ("web",), {})
    assert (removed.added, removed.removed, removed.errors) == ((), ("calc", "more"), {})
    assert process.mcp_servers == {}
    asked = [f.request for f in process.host_requests if isinstance(f.request, McpSetServersRequest)]
    assert [request.servers for request in asked] == [
        {"calc": {"type": "sdk", "name": "calc"}, "more": {"type": "sdk", "name": "more"}},
        {},
    ]
    first, second = (sent.response for sent in process.requests)
    reply = getattr(first, "response", None)
    assert reply is not None and reply["mcp_response"]["result"]["content"] == [
        {"type": "text", "text": "42"}
    ]
    # once the CLI reports it removed, the session no longer serves it
    assert getattr(second, "error", None) == "SDK MCP server not found: more"
