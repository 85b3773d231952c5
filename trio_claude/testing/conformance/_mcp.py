"""Conformance scenario: an in-process MCP tool the model calls."""

from __future__ import annotations

from ... import ToolContext, create_sdk_mcp_server, tool
from ..messages_api.script import text_turn, tool_turn
from ._basics import result_of
from ._hooks import allow
from ._permissions import tool_result
from ._probe import Probe, Scenario, expect


async def in_process_mcp_tool(probe: Probe) -> None:
    calls: list[tuple[int, int, str]] = []

    @tool("add", "Add two integers")
    async def add(a: int, b: int, context: ToolContext) -> str:
        calls.append((a, b, context.tool_name))
        return str(a + b)

    server = create_sdk_mcp_server("calc", tools=[add])
    steps = (tool_turn("mcp__calc__add", {"a": 2, "b": 3}), text_turn("The sum is 5."))
    async with probe.workspace(*steps) as workspace:
        options = probe.options(workspace, mcp_servers={"calc": server}, can_use_tool=allow)
        async with probe.session(options) as session:
            messages = await probe.turn(session, "add 2 and 3")
            status = await session.mcp_status()
            probe.drift.observe(status)
        expect(calls == [(2, 3, "add")], f"the tool ran with its typed arguments: {calls}")
        text, is_error = tool_result(workspace, messages)
        expect(text == "5" or '"5"' in text, f"its result reached the model: {text!r}")
        expect(not is_error and not result_of(messages).is_error, "a successful turn")
    servers = [(server.name, server.status) for server in status.mcp_servers]
    expect(servers == [("calc", "connected")], f"the server connected: {servers}")


SCENARIOS = (Scenario("in-process MCP tool", in_process_mcp_tool),)
