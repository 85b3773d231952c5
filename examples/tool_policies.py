"""Per-tool policies of an in-process MCP server: one tool always asks ``can_use_tool`` although
``allowed_tools`` allows it, one is always denied, and a slow one meets the server's tool-call timeout.

Run it with ``python examples/tool_policies.py``.  It runs offline (``TRIO_CLAUDE_REAL_API=1``: the real
API): the real ``claude`` CLI (``$TRIO_CLAUDE_CLI`` or ``PATH``, version 2.1.330 or later) talks to the
scripted Messages API of :mod:`trio_claude.testing`, whose model calls the three tools.
"""

from __future__ import annotations

from typing import Any

import trio

from trio_claude import (
    McpServerToolPolicy,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    TextBlock,
    ToolPermissionContext,
    ToolResultBlock,
    UserMessage,
    create_sdk_mcp_server,
    open_session,
    tool,
)
from trio_claude.testing import open_workspace, text_turn, tool_turn

ROWS = {"alice": 1, "bob": 2, "carol": 3}


@tool("delete_row", "Delete one row by name")
async def delete_row(name: str) -> str:
    ROWS.pop(name, None)
    return f"deleted {name}; {len(ROWS)} rows left"


@tool("drop_table", "Drop the whole table")
async def drop_table() -> str:
    ROWS.clear()
    return "table dropped"


@tool("vacuum", "Compact the table (slow)")
async def vacuum() -> str:
    await trio.sleep(60)
    return "compacted"


async def can_use_tool(
    name: str, tool_input: dict[str, Any], context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    print(f"asked about {name} {tool_input}")
    if tool_input.get("name") == "alice":
        return PermissionResultDeny(message="alice stays")
    return PermissionResultAllow()


def _text(block: ToolResultBlock) -> str:
    if isinstance(block.content, str):
        return block.content
    return "".join(part.text for part in block.content or () if isinstance(part, TextBlock))


async def main() -> None:
    db = create_sdk_mcp_server(
        "db",
        tools=[delete_row, drop_table, vacuum],
        timeout=2,
        tool_policies=[
            McpServerToolPolicy(name="delete_row", permission_policy="always_ask"),
            McpServerToolPolicy(name="drop_table", permission_policy="always_deny"),
        ],
    )
    async with open_workspace() as workspace:
        workspace.add_steps(
            tool_turn("mcp__db__delete_row", {"name": "bob"}),
            tool_turn("mcp__db__delete_row", {"name": "alice"}),
            tool_turn("mcp__db__drop_table", {}),
            tool_turn("mcp__db__vacuum", {}),
            text_turn("Done with the table."),
        )
        options = workspace.options(
            mcp_servers={"db": db},
            allowed_tools=["mcp__db__delete_row"],  # always_ask: asked all the same
            can_use_tool=can_use_tool,
        )
        async with open_session(options) as session:
            await session.send("Clean up the table.")
            async for message in session.receive_response():
                if isinstance(message, UserMessage) and not isinstance(message.content, str):
                    for block in message.content:
                        if isinstance(block, ToolResultBlock):
                            print(f"{'error' if block.is_error else 'result'}: {_text(block)[:60]}")
                elif isinstance(message, ResultMessage):
                    print(f"done: {message.subtype}")
    print(f"rows left: {sorted(ROWS)}")


if __name__ == "__main__":
    trio.run(main)
