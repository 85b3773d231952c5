"""Servers of the ``mcp`` package served in-process, through a session on the fake CLI (no real CLI)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncGenerator, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

import pytest
import trio
from _mcp_package import MCP_MAJOR, Context, MCPServer, ToolError, low_level_server, mcp_server
from mcp.server.lowlevel import Server
from pydantic import BaseModel, Field

from trio_claude import (
    ClaudeAgentOptions,
    McpPackageServerConfig,
    McpServerToolPolicy,
    UnsupportedOptionError,
    create_sdk_mcp_server,
    open_session,
)
from trio_claude._config._command import check_cli_version
from trio_claude._config._initialize import build_initialize
from trio_claude._config._mcp_servers import sdk_entry, sdk_server_names
from trio_claude._handlers._mcp import McpBridge
from trio_claude.model import InterruptRequest, JSONObject, McpMessageRequest
from trio_claude.testing import (
    FakeAction,
    SendRequest,
    SentRequest,
    Sleep,
    open_fake_cli,
)

INIT_PARAMS: JSONObject = {
    "protocolVersion": "2025-11-25",
    "capabilities": {},
    "clientInfo": {"name": "claude-code", "version": "2.1.330"},
}


def _request(method: str, params: object = None, request_id: object = 1) -> JSONObject:
    message: dict[str, object] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def _mcp(message: object, server: str = "calc") -> SendRequest:
    return SendRequest(request=McpMessageRequest(server_name=server, message=message))  # type: ignore[arg-type]


INITIALIZED: JSONObject = {"jsonrpc": "2.0", "method": "notifications/initialized"}
HANDSHAKE = [_mcp(_request("initialize", INIT_PARAMS, 0)), _mcp(INITIALIZED)]


def _reply(sent: SentRequest) -> Any:
    """The ``mcp_response`` of an answered request, or the error text of a failed one."""
    response = sent.response
    if hasattr(response, "error"):
        return getattr(response, "error")  # noqa: B009
    assert response is not None
    payload = getattr(response, "response")  # noqa: B009
    return payload["mcp_response"]


def _failure(reply: Any) -> str:
    """The message of an error reply, or the text of an error result."""
    if "error" in reply:
        return str(reply["error"]["message"])
    assert reply["result"]["isError"] is True
    return str(reply["result"]["content"][0]["text"])


async def _run(turn: list[FakeAction], servers: dict[str, Any]) -> list[SentRequest]:
    async with open_fake_cli([turn]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn, mcp_servers=servers)) as session:
            await session.send("go")
            async for _ in session.receive_response():
                pass
        return list(fake.process.requests)


class Entered:
    def __init__(self) -> None:
        self.entered = 0
        self.exited = 0


def make_server(record: Entered | None = None) -> MCPServer[Any]:
    @asynccontextmanager
    async def lifespan(app: MCPServer[Any]) -> AsyncGenerator[None, None]:
        if record is not None:
            record.entered += 1
        try:
            yield
        finally:
            if record is not None:
                record.exited += 1

    app = mcp_server("calc", version="3.1", instructions="Adds numbers.", lifespan=lifespan)

    @app.tool(structured_output=False)
    async def add(a: int, b: int, ctx: Context) -> str:
        """Add two integers."""
        await ctx.report_progress(1, 1)  # a notification to the client: dropped, the call goes on
        return str(a + b)

    @app.tool()
    async def refuse(reason: str) -> str:
        """Always fails, with a message for the model."""
        raise ToolError(f"refused: {reason}")

    @app.tool()
    async def crash() -> str:
        """Fails unexpectedly."""
        raise RuntimeError("secret detail")

    class Answer(BaseModel):
        project: str

    @app.tool()
    async def ask(ctx: Context) -> str:
        """Asks the user (the bridge cannot pass that on)."""
        answer = await ctx.elicit("Which project?", Answer)
        return answer.action

    return app


async def test_a_session_serves_an_mcp_server_object() -> None:
    record = Entered()
    app = make_server(record)
    turn: list[FakeAction] = [
        *HANDSHAKE,
        _mcp(_request("tools/list", None, 1)),
        _mcp(_request("tools/call", {"name": "add", "arguments": {"a": 2, "b": 3}}, 2)),
        _mcp(_request("tools/call", {"name": "refuse", "arguments": {"reason": "no"}}, 3)),
        _mcp(_request("tools/call", {"name": "crash", "arguments": {}}, 4)),
        _mcp(_request("tools/call", {"name": "add", "arguments": {"a": "two"}}, 5)),
        _mcp(_request("tools/call", {"name": "ask", "arguments": {}}, 6)),
        _mcp(_request("resources/templates/list", None, 7)),
        _mcp(_request("no/such/method", None, 8)),
        _mcp({"jsonrpc": "2.0", "id": 9, "method": 7}),
        _mcp(_request("ping", None, 10), server="missing"),
    ]
    sent = await _run(turn, {"calc": app})
    replies = [_reply(s) for s in sent]
    init = replies[0]
    assert init["id"] == 0
    assert init["result"]["protocolVersion"] == "2025-11-25"
    assert init["result"]["serverInfo"] == {"name": "calc", "version": "3.1"}
    assert init["result"]["instructions"] == "Adds numbers."
    assert replies[1] == {"jsonrpc": "2.0", "result": {}, "id": 0}
    tools = replies[2]["result"]["tools"]
    assert sorted(t["name"] for t in tools) == ["add", "ask", "crash", "refuse"]
    assert replies[3] == {
        "jsonrpc": "2.0",
        "id": 2,
        "result": {"content": [{"type": "text", "text": "5"}], "isError": False},
    }
    refused = replies[4]["result"]
    assert refused["isError"] is True and "refused: no" in refused["content"][0]["text"]
    crashed = replies[5]["result"]
    assert crashed["isError"] is True and "crash" in crashed["content"][0]["text"]
    invalid = replies[6]["result"]
    assert invalid == {  # checked against the listed inputSchema before it reaches the server
        "isError": True,
        "content": [
            {
                "type": "text",
                "text": 'Invalid input for tool add: "b" is a required property (schema: #/required)',
            }
        ],
    }
    # The server's elicitation/create is refused by the bridge: the call fails, nothing hangs (mcp 2.x
    # answers the call with that error, 1.x with an error result saying it).
    assert "elicitation/create is not available" in _failure(replies[7])
    assert replies[8]["result"] == {"resourceTemplates": []}
    # An unknown method: the package's error (1.x says "Invalid request parameters").
    assert replies[9]["error"]["code"] == (-32601 if MCP_MAJOR >= 2 else -32602)
    assert replies[10]["id"] == 9 and replies[10]["error"]["code"] == -32600
    assert replies[11] == "SDK MCP server not found: missing"
    # One connection, closed with the session.
    assert (record.entered, record.exited) == (1, 1)


async def test_a_repeated_handshake_and_reused_ids_share_one_connection() -> None:
    """CLI 2.1.197 connects twice; a reconnect restarts the ids at 0."""
    record = Entered()
    turn: list[FakeAction] = [
        *HANDSHAKE,
        _mcp(_request("tools/call", {"name": "add", "arguments": {"a": 1, "b": 1}}, 1)),
        *HANDSHAKE,
        _mcp(_request("tools/call", {"name": "add", "arguments": {"a": 2, "b": 2}}, 1)),
    ]
    sent = await _run(turn, {"calc": make_server(record)})
    replies = [_reply(s) for s in sent]
    assert replies[0] == replies[3]
    assert replies[2]["result"]["content"][0]["text"] == "2"
    assert replies[5]["result"]["content"][0]["text"] == "4"
    assert (record.entered, record.exited) == (1, 1)


async def test_concurrent_requests_with_the_same_id_get_their_own_replies() -> None:
    """CLI 2.1.197 connects twice at once to a server added by mcp_set_servers: both clients use id 1."""
    app: MCPServer[Any] = MCPServer("echo")
    both_waiting = trio.Event()
    waiting: list[str] = []

    @app.tool(structured_output=False)
    async def echo(text: str) -> str:
        """Echo, once both calls are in."""
        waiting.append(text)
        if len(waiting) == 2:
            both_waiting.set()
        await both_waiting.wait()
        return text

    replies: dict[str, Any] = {}
    async with trio.open_nursery() as nursery:
        bridge = McpBridge({"echo": app}, nursery)

        async def call(message: JSONObject, key: str) -> None:
            response = await bridge.answer(McpMessageRequest(server_name="echo", message=message))
            replies[key] = response.mcp_response

        await call(_request("initialize", INIT_PARAMS, 0), "init")
        await call(INITIALIZED, "initialized")
        with trio.fail_after(5):
            async with trio.open_nursery() as calls:
                for text in ("a", "b"):
                    message = _request("tools/call", {"name": "echo", "arguments": {"text": text}}, 1)
                    calls.start_soon(call, message, text)
        nursery.cancel_scope.cancel()
    for text in ("a", "b"):
        assert replies[text]["id"] == 1
        assert replies[text]["result"]["content"] == [{"type": "text", "text": text}]


async def test_a_low_level_server_is_served_too() -> None:
    async def call(name: str, arguments: Any) -> str:
        return f"called {name}"

    low = low_level_server("low", {"anything": {"type": "object"}}, call)
    turn: list[FakeAction] = [
        *HANDSHAKE,
        _mcp(_request("tools/call", {"name": "anything", "arguments": {}}, 1), server="low"),
    ]
    turn[0] = _mcp(_request("initialize", INIT_PARAMS, 0), server="low")
    turn[1] = _mcp(INITIALIZED, server="low")
    sent = await _run(turn, {"low": low})
    assert _reply(sent[2])["result"]["content"] == [{"type": "text", "text": "called anything"}]


async def test_cancelling_the_request_cancels_the_tool() -> None:
    app: MCPServer[Any] = MCPServer("slow")
    started = trio.Event()
    cancelled = trio.Event()

    @app.tool()
    async def wait() -> str:
        """Waits forever."""
        started.set()
        try:
            await trio.sleep_forever()
        finally:
            cancelled.set()
        return "never"  # pragma: no cover

    turn: list[FakeAction] = [
        _mcp(_request("initialize", INIT_PARAMS, 0), server="slow"),
        _mcp(INITIALIZED, server="slow"),
        _mcp(_request("tools/call", {"name": "wait"}, 2), server="slow"),
        Sleep(seconds=0),
    ]
    async with open_fake_cli([turn]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn, mcp_servers={"slow": app})) as session:
            await session.send("go")
            with trio.fail_after(5):
                await started.wait()
                # The CLI's control_cancel_request (the fake CLI sends one on interrupt) cancels the
                # handler, which cancels the server's call.
                await session.request(InterruptRequest())
                await cancelled.wait()
            async for _ in session.receive_response():
                pass
            assert session.statistics().handlers_in_flight == 0
        call = fake.process.requests[2]
    assert call.cancelled and call.response is None


def test_unsupported_server_objects_are_refused() -> None:
    with pytest.raises(TypeError, match="MCP server 'x': expected an SdkMcpServer"):
        McpBridge({"x": object()})  # type: ignore[dict-item]


def test_package_servers_are_declared_as_in_process() -> None:
    app = make_server()
    bridge = McpBridge({"calc": app, "ext": {"command": "srv"}})
    assert sdk_server_names({"calc": app, "ext": {"command": "srv"}}) == ("calc",)
    assert bridge.sdk_servers == {"calc": app}
    assert bridge.register({"calc": app}) == {"calc": {"type": "sdk", "name": "calc"}}


def test_importing_trio_claude_does_not_import_mcp() -> None:
    code = (
        "import sys, trio_claude, trio_claude.model, trio_claude.testing\n"
        "extra = ('mcp', 'mcp_types', 'anyio', 'pydantic')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in extra))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"


# -- settings: McpPackageServerConfig ----------------------------------------------------------------------

DENY_ADD = McpServerToolPolicy(name="add", permission_policy="always_deny")


def test_a_package_server_takes_settings() -> None:
    app = make_server()
    config = McpPackageServerConfig(app, tool_policies=[DENY_ADD, {"name": "ask"}], timeout=2)
    assert config.server is app
    assert config.settings() == {
        "timeout": 2000,
        "tools": [{"name": "add", "permission_policy": "always_deny"}, {"name": "ask"}],
    }
    assert McpPackageServerConfig(app).settings() == {}
    # The TypeScript form ({type: "sdk", name, instance, tools, timeout}) becomes the same.
    options = ClaudeAgentOptions(
        mcp_servers={
            "calc": {"type": "sdk", "name": "calc", "instance": app, "tools": [DENY_ADD], "timeout": 2},
            "plain": {"type": "sdk", "instance": app},
        }
    )
    assert options.mcp_servers == {
        "calc": McpPackageServerConfig(app, tool_policies=[DENY_ADD], timeout=2),
        "plain": app,
    }
    initialize = build_initialize(options)
    assert initialize.sdk_mcp_servers == ("calc", "plain")
    assert initialize.sdk_mcp_server_configs == {"calc": {"timeout": 2000, "tools": [DENY_ADD.to_json()]}}
    assert isinstance(options.mcp_servers, dict)
    assert sdk_entry("calc", options.mcp_servers["calc"]) == {
        "type": "sdk",
        "name": "calc",
        "timeout": 2000,
        "tools": [DENY_ADD.to_json()],
    }
    # An older CLI would ignore them: refused before start.
    check_cli_version(options, (2, 1, 330))
    with pytest.raises(UnsupportedOptionError, match="mcp_servers"):
        check_cli_version(options, (2, 1, 197))


_Make = Callable[[MCPServer[Any]], object]

BAD_SETTINGS: list[tuple[_Make, type[Exception], str]] = [
    (lambda app: McpPackageServerConfig(object()), TypeError, "expected a server of the mcp package"),
    (lambda app: McpPackageServerConfig(app, timeout=0.5), ValueError, "timeout: expected at least 1"),
    (lambda app: McpPackageServerConfig(app, timeout="5"), TypeError, "timeout: expected seconds"),  # type: ignore[arg-type]
    (
        lambda app: McpPackageServerConfig(app, tool_policies=[DENY_ADD, DENY_ADD]),
        ValueError,
        "two policies for the tool 'add'",
    ),
    (
        lambda app: McpPackageServerConfig(app, tool_policies=[{"name": "add", "permission_policy": "x"}]),
        ValueError,
        "'always_ask'",
    ),
    (
        lambda app: ClaudeAgentOptions(
            mcp_servers={"c": {"type": "sdk", "instance": app, "tools": [{"name": "add", "policy": "x"}]}}
        ),
        TypeError,
        r"mcp_servers\['c'\]: McpPackageServerConfig.tool_policies\[0\]: unknown key 'policy'",
    ),
    (
        lambda app: ClaudeAgentOptions(
            mcp_servers={"c": {"type": "sdk", "instance": create_sdk_mcp_server("c"), "timeout": 5}}
        ),
        TypeError,
        "timeout of an SdkMcpServer go to create_sdk_mcp_server",
    ),
    (
        lambda app: ClaudeAgentOptions(
            mcp_servers={"c": {"type": "sdk", "instance": app, "searchHint": "x"}}
        ),
        ValueError,
        "expected keys among 'type', 'name', 'instance', 'tools', 'timeout', 'alwaysLoad'",
    ),
    (
        lambda app: McpPackageServerConfig(app, always_load="yes"),  # type: ignore[arg-type]
        TypeError,
        r"^McpPackageServerConfig.always_load: expected a bool; got 'yes'$",
    ),
    (
        lambda app: ClaudeAgentOptions(mcp_servers={"c": {"type": "sdk", "instance": app, "alwaysLoad": 1}}),
        TypeError,
        r"^ClaudeAgentOptions.mcp_servers\['c'\]: McpPackageServerConfig.always_load: expected a bool; "
        r"got 1$",
    ),
    (
        lambda app: ClaudeAgentOptions(
            mcp_servers={"c": {"type": "sdk", "instance": create_sdk_mcp_server("c"), "alwaysLoad": True}}
        ),
        TypeError,
        r"alwaysLoad of an SdkMcpServer go to create_sdk_mcp_server "
        r"\(tool_policies=, timeout=, always_load=\)",
    ),
]


@pytest.mark.parametrize(("make", "error", "match"), BAD_SETTINGS)
def test_bad_package_server_settings_fail_at_once(make: _Make, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        make(make_server())


async def _listing(policies: list[McpServerToolPolicy], *, always_load: bool = False) -> Any:
    turn: list[FakeAction] = [*HANDSHAKE, _mcp(_request("tools/list", None, 1))]
    config = McpPackageServerConfig(make_server(), tool_policies=policies, always_load=always_load)
    sent = await _run(turn, {"calc": config})
    return _reply(sent[2])


def test_always_load_is_no_setting_for_the_cli() -> None:
    app = make_server()
    config = McpPackageServerConfig(app, always_load=True)
    assert config.always_load and not McpPackageServerConfig(app).always_load
    assert config.settings() == {}  # it travels in the tool listing, so an older CLI takes it too
    options = ClaudeAgentOptions(mcp_servers={"calc": {"type": "sdk", "instance": app, "alwaysLoad": True}})
    assert options.mcp_servers == {"calc": config}
    assert build_initialize(options).sdk_mcp_server_configs is None
    check_cli_version(options, (2, 1, 197))


async def test_always_load_marks_every_listed_tool() -> None:
    plain = await _listing([])
    assert [tool.get("_meta") for tool in plain["result"]["tools"]] == [None] * 4
    marked = await _listing([DENY_ADD], always_load=True)
    tools = marked["result"]["tools"]
    assert sorted(tool["name"] for tool in tools) == ["add", "ask", "crash", "refuse"]
    assert [tool["_meta"] for tool in tools] == [{"anthropic/alwaysLoad": True}] * 4
    assert [{k: x for k, x in tool.items() if k != "_meta"} for tool in tools] == [
        {k: x for k, x in tool.items() if k != "_meta"} for tool in plain["result"]["tools"]
    ]
    # a listing refused for a misspelt policy stays refused
    refused = await _listing(
        [McpServerToolPolicy(name="ad", permission_policy="always_deny")], always_load=True
    )
    assert refused["error"]["code"] == -32603


async def test_a_policy_naming_no_tool_fails_the_listing(caplog: pytest.LogCaptureFixture) -> None:
    listed = await _listing([DENY_ADD])
    assert sorted(tool["name"] for tool in listed["result"]["tools"]) == ["add", "ask", "crash", "refuse"]
    # A misspelt always_deny would deny nothing: the CLI gets no listing (so none of the tools).
    refused = await _listing([McpServerToolPolicy(name="ad", permission_policy="always_deny")])
    assert refused["id"] == 1 and refused["error"]["code"] == -32603
    assert "server 'calc' has no tool 'ad' (its tools: " in refused["error"]["message"]
    assert "has no tool 'ad'" in caplog.text


async def test_set_mcp_servers_refuses_settings_on_a_cli_that_would_ignore_them() -> None:
    bridge = McpBridge(None)
    sent: list[Any] = []

    async def request(body: Any) -> Any:
        sent.append(body)
        raise AssertionError("nothing is sent")

    for version in (None, "2.1.197"):
        for server in (
            McpPackageServerConfig(make_server(), tool_policies=[DENY_ADD]),
            create_sdk_mcp_server("calc", timeout=5),
        ):
            with pytest.raises(UnsupportedOptionError, match=r"set_mcp_servers\(servers\)\['calc'\]"):
                await bridge.set_servers({"calc": server}, request, version)
    assert sent == [] and bridge.sdk_servers == {}


# -- The arguments of a call are checked against the tool's listed inputSchema, in full ---------------


SMALL_BY_REF: dict[str, Any] = {
    "type": "object",
    "properties": {"n": {"$ref": "#/$defs/small"}},
    "$defs": {"small": {"type": "integer", "maximum": 10}},
}


def _low_level(schema: dict[str, Any], ran: list[Any]) -> Server[Any]:
    async def call(name: str, arguments: Any) -> str:
        ran.append(arguments)
        return "done"

    return low_level_server("low", {"act": schema}, call)


def _low_turn(*messages: JSONObject) -> list[FakeAction]:
    return [
        _mcp(_request("initialize", INIT_PARAMS, 0), server="low"),
        _mcp(INITIALIZED, server="low"),
        *(_mcp(message, server="low") for message in messages),
    ]


async def test_a_low_level_servers_tool_never_runs_on_what_its_schema_rejects() -> None:
    """mcp 2.x's low-level Server checks no arguments: the bridge does, learning the schema from the
    server's listing (asked for when the CLI calls before listing)."""
    ran: list[Any] = []
    turn = _low_turn(
        _request("tools/call", {"name": "act", "arguments": {"n": 1000000}}, 1),
        _request("tools/call", {"name": "act", "arguments": {"n": 3}}, 2),
        _request("tools/call", {"name": "other", "arguments": {}}, 3),
    )
    sent = await _run(turn, {"low": _low_level(SMALL_BY_REF, ran)})
    refused = _reply(sent[2])["result"]
    assert refused["isError"] is True
    assert refused["content"][0]["text"] == (
        "Invalid input for tool act: n: 1000000 is greater than the maximum of 10"
        " (schema: #/$defs/small/maximum)"
    )
    assert _reply(sent[3])["result"]["content"] == [{"type": "text", "text": "done"}]
    unlisted = _reply(sent[4])["result"]
    assert unlisted["isError"] is True and "lists no such tool" in unlisted["content"][0]["text"]
    assert ran == [{"n": 3}]


async def test_a_listed_schema_that_cannot_be_enforced_fails_the_listing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ran: list[Any] = []
    schema: dict[str, Any] = {"type": "object", "properties": {"n": {"$ref": "https://example.com/n.json"}}}
    turn = _low_turn(
        _request("tools/list", None, 1),
        _request("tools/call", {"name": "act", "arguments": {"n": 1}}, 2),
    )
    sent = await _run(turn, {"low": _low_level(schema, ran)})
    listing = _reply(sent[2])
    assert listing["error"]["code"] == -32603
    assert (
        "MCP server 'low', tool 'act': cannot enforce its inputSchema: $ref at #: "
        in listing["error"]["message"]
    )
    assert "cannot enforce its inputSchema" in caplog.text
    call = _reply(sent[3])["result"]
    assert call["isError"] is True and "cannot enforce its inputSchema" in call["content"][0]["text"]
    assert ran == []


async def test_an_mcp_server_tool_gets_ecma_262_patterns() -> None:
    """pydantic checks an MCPServer tool's pattern with \\d matching any Unicode digit; the schema it
    lists means ASCII digits (ECMA-262), and that is what is enforced."""
    app: MCPServer[Any] = MCPServer("calc")
    ran: list[str] = []

    @app.tool()
    async def lookup(code: Annotated[str, Field(pattern=r"^\d+$")]) -> str:
        ran.append(code)
        return code

    turn: list[FakeAction] = [
        *HANDSHAKE,
        _mcp(_request("tools/call", {"name": "lookup", "arguments": {"code": "\u09ea\u09e8"}}, 1)),
        _mcp(_request("tools/call", {"name": "lookup", "arguments": {"code": "42"}}, 2)),
    ]
    sent = await _run(turn, {"calc": app})
    refused = _reply(sent[2])["result"]
    assert refused["isError"] is True and "code: " in refused["content"][0]["text"]
    assert ran == ["42"]
