"""Serve an ``MCPServer`` of the official ``mcp`` package in-process (``pip install trio_claude[mcp]``).

Run it with ``python examples/mcp_package_server.py``.  It runs offline: the real ``claude`` CLI (found by
:func:`trio_claude.find_cli`: ``$TRIO_CLAUDE_CLI``, ``PATH``...) talks to the scripted Messages API of
:mod:`trio_claude.testing`, whose model calls the tools.  With ``TRIO_CLAUDE_REAL_API=1`` it asks the real
model.

With mcp 1.x, use ``from mcp.server.fastmcp import FastMCP`` instead of ``MCPServer``: the rest is the same.
"""

from __future__ import annotations

import trio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from trio_claude import (
    AssistantMessage,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    TextBlock,
    ToolPermissionContext,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    open_session,
)
from trio_claude.model import JSONObject
from trio_claude.testing import open_workspace, text_turn, tool_turn

weather = MCPServer("weather", instructions="Weather data for European cities.")

FORECASTS = {"paris": "sunny, 24 °C", "oslo": "rain, 12 °C"}


@weather.tool(structured_output=False)
async def forecast(city: str) -> str:
    """Tomorrow's weather forecast for a city."""
    await trio.sleep(0.01)  # a real tool would do I/O here (anyio runs on trio); an interrupt cancels it
    try:
        return f"{city}: {FORECASTS[city.lower()]}"
    except KeyError:
        raise ToolError(f"no forecast for {city}") from None  # the model gets this as an error result


PROMPT = "Should I pack an umbrella for Paris or for Oslo?"


async def allow_weather(
    tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    """Allow the weather tools, nothing else."""
    if tool_name.startswith("mcp__weather__"):
        return PermissionResultAllow()
    return PermissionResultDeny(message="Only the weather tools are allowed.")


# What the scripted model does offline (the default): ask for two forecasts, then answer.
SCRIPT = [
    tool_turn("mcp__weather__forecast", {"city": "Paris"}),
    tool_turn("mcp__weather__forecast", {"city": "Oslo"}),
    text_turn("Pack the umbrella for Oslo."),
]


async def main() -> None:
    async with open_workspace(SCRIPT) as workspace:
        options = workspace.options(
            mcp_servers={"weather": weather},  # the MCPServer object itself
            can_use_tool=allow_weather,
        )
        async with open_session(options) as session:
            print(f"you: {PROMPT}")
            await session.send(PROMPT)
            async for message in session.receive_response():
                if isinstance(message, AssistantMessage):
                    for block in message.content:
                        if isinstance(block, TextBlock):
                            print(f"claude: {block.text}")
                        elif isinstance(block, ToolUseBlock):
                            print(f"tool call: {block.name} {dict(block.input)}")
                elif isinstance(message, UserMessage) and not isinstance(message.content, str):
                    for result in message.content:
                        if isinstance(result, ToolResultBlock):
                            texts = [b.text for b in result.content or () if isinstance(b, TextBlock)]
                            print(f"tool result: {' '.join(texts)}")
                elif isinstance(message, ResultMessage):
                    print(f"done: {message.subtype}")


if __name__ == "__main__":
    trio.run(main)
