"""End-to-end: a server object of the ``mcp`` package (``MCPServer``, or ``FastMCP`` with mcp 1.x) served
in-process to the real CLI, offline, against the scripted Messages API."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager
from typing import Any

import attrs
import pytest
import trio
from _mcp_package import MCPServer, ToolError

from trio_claude import (
    ClaudeAgentOptions,
    ResultMessage,
    open_session,
)
from trio_claude.model import InitMessage
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import allow_everything, block_text, collect, result_of

pytestmark = pytest.mark.real_cli


async def test_the_model_calls_a_tool_of_an_mcp_server(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    app = MCPServer("weather")
    calls: list[str] = []

    @app.tool(structured_output=False)
    async def forecast(city: str) -> str:
        """The weather forecast for a city."""
        calls.append(city)
        return f"Sunny in {city}"

    @app.tool()
    async def temperature(city: str) -> int:
        """The temperature in a city, in degrees Celsius."""
        return 21

    @app.tool()
    async def alerts(city: str) -> str:
        """Weather alerts for a city."""
        raise ToolError(f"no alert service for {city}")

    messages_api.add_steps(
        tool_turn("mcp__weather__forecast", {"city": "Paris"}),
        tool_turn("mcp__weather__temperature", {"city": "Paris"}, id="toolu_temperature"),
        tool_turn("mcp__weather__alerts", {"city": "Oslo"}, id="toolu_alerts"),
        text_turn("Sunny in Paris."),
    )
    options = attrs.evolve(offline_options, mcp_servers={"weather": app}, can_use_tool=allow_everything)
    async with open_session(options) as session:
        await session.send("weather in Paris?")
        messages = await collect(session.receive_response())
        status = await session.mcp_status()
    init = next(m for m in messages if isinstance(m, InitMessage))
    assert [(s.name, s.status) for s in init.mcp_servers or ()] == [("weather", "connected")]
    assert not result_of(messages).is_error
    assert calls == ["Paris"]
    # The tool's result reached the next API request; the failing tool's error too.
    assert block_text(messages_api.script_requests[1].tool_result("toolu_fake_1")) == "Sunny in Paris"
    # A result with structuredContent (MCPServer adds it for a typed return): the model gets that, as JSON.
    structured = block_text(messages_api.script_requests[2].tool_result("toolu_temperature"))
    assert structured == '{"result":21}'
    error = messages_api.script_requests[3].tool_result("toolu_alerts")
    assert error is not None and error.get("is_error") is True
    assert "no alert service for Oslo" in block_text(error)
    (server,) = status.mcp_servers
    assert server.status == "connected"
    assert sorted(t.name for t in server.tools or ()) == ["alerts", "forecast", "temperature"]


async def test_interrupt_cancels_a_tool_of_an_mcp_server(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    app = MCPServer("slow")
    started = trio.Event()
    cancelled = trio.Event()

    @app.tool()
    async def wait() -> str:
        """Wait for a long time."""
        started.set()
        try:
            await trio.sleep_forever()
        finally:
            cancelled.set()
        return "never"  # pragma: no cover

    messages_api.add_steps(tool_turn("mcp__slow__wait", {}), text_turn("after the interrupt"))
    options = attrs.evolve(offline_options, mcp_servers={"slow": app}, can_use_tool=allow_everything)
    async with open_session(options) as session:
        await session.send("wait")
        with trio.fail_after(20):
            await started.wait()
        await session.interrupt()
        with trio.fail_after(5):
            await cancelled.wait()
        interrupted = await collect(session.receive_response())
        assert isinstance(interrupted[-1], ResultMessage)
        await session.send("still there?")
        after = await collect(session.receive_response())
    assert not result_of(after).is_error
    assert session.statistics().handlers_in_flight == 0


async def test_set_mcp_servers_serves_and_drops_an_mcp_server(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    connections: list[str] = []
    closed = trio.Event()

    @asynccontextmanager
    async def lifespan(app: MCPServer[Any]) -> AsyncGenerator[None, None]:
        connections.append("open")
        try:
            yield
        finally:
            connections.append("closed")
            closed.set()

    app: MCPServer[Any] = MCPServer("late", lifespan=lifespan)

    @app.tool(structured_output=False)
    async def double(n: int) -> str:
        """Double a number."""
        return str(2 * n)

    messages_api.add_steps(text_turn("ready"), tool_turn("mcp__late__double", {"n": 21}), text_turn("42"))
    options = attrs.evolve(offline_options, can_use_tool=allow_everything)
    async with open_session(options) as session:
        await session.send("hello")
        await collect(session.receive_response())
        changed = await session.set_mcp_servers({"late": app})
        assert changed.added == ("late",)
        await session.send("double 21")
        messages = await collect(session.receive_response())
        removed = await session.set_mcp_servers({})
        assert removed.removed == ("late",)
        with trio.fail_after(5):
            await closed.wait()
    assert not result_of(messages).is_error
    assert block_text(messages_api.script_requests[2].tool_result("toolu_fake_1")) == "42"
    assert connections.count("closed") == connections.count("open") >= 1
