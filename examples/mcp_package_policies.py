"""Per-tool policies on a server of the ``mcp`` package (``pip install trio_claude[mcp]``): one tool always
asks ``can_use_tool`` although ``allowed_tools`` allows it, one is always denied; ``always_load`` offers the
server's tools to the model up front rather than behind ``ToolSearch``.

Run it with ``python examples/mcp_package_policies.py``.  It runs offline (``TRIO_CLAUDE_REAL_API=1``: the
real API): the real ``claude`` CLI (``$TRIO_CLAUDE_CLI`` or ``PATH``, version 2.1.330 or later) talks to the
scripted Messages API of :mod:`trio_claude.testing`, whose model calls both tools.
"""

from __future__ import annotations

from typing import Any

import trio
from mcp.server.mcpserver import MCPServer

from trio_claude import (
    McpPackageServerConfig,
    McpServerToolPolicy,
    PermissionResultAllow,
    ResultMessage,
    TextBlock,
    ToolPermissionContext,
    ToolResultBlock,
    UserMessage,
    open_session,
)
from trio_claude.testing import open_workspace, text_turn, tool_turn

ROWS = ["alice", "bob", "carol"]

db: MCPServer[Any] = MCPServer("db")


@db.tool(structured_output=False)
async def count_rows() -> str:
    """Count the rows of the table."""
    return f"{len(ROWS)} rows"


@db.tool(structured_output=False)
async def drop_table() -> str:
    """Drop the whole table."""
    ROWS.clear()
    return "table dropped"


async def can_use_tool(
    name: str, tool_input: dict[str, Any], context: ToolPermissionContext
) -> PermissionResultAllow:
    print(f"asked about {name}")
    return PermissionResultAllow()


def _text(block: ToolResultBlock) -> str:
    if isinstance(block.content, str):
        return block.content
    return "".join(part.text for part in block.content or () if isinstance(part, TextBlock))


async def main() -> None:
    async with open_workspace() as workspace:
        workspace.add_steps(
            tool_turn("mcp__db__count_rows", {}),
            tool_turn("mcp__db__drop_table", {}),
            text_turn("Counted; the drop was refused."),
        )
        server = McpPackageServerConfig(
            db,
            tool_policies=[
                McpServerToolPolicy(name="count_rows", permission_policy="always_ask"),
                McpServerToolPolicy(name="drop_table", permission_policy="always_deny"),
            ],
            always_load=True,
        )
        options = workspace.options(
            mcp_servers={"db": server},
            allowed_tools=["mcp__db__count_rows", "mcp__db__drop_table"],  # the policies win
            can_use_tool=can_use_tool,
        )
        async with open_session(options) as session:
            await session.send("Count the rows, then drop the table.")
            async for message in session.receive_response():
                if isinstance(message, UserMessage) and not isinstance(message.content, str):
                    for block in message.content:
                        if isinstance(block, ToolResultBlock):
                            print(f"{'error' if block.is_error else 'result'}: {_text(block)[:60]}")
                elif isinstance(message, ResultMessage):
                    print(f"done: {message.subtype}")
        if workspace.api is not None:  # offline: the tools the model was offered in its first request
            offered = [name for name in workspace.api.script_requests[0].tool_names if "__db__" in name]
            print(f"offered up front: {', '.join(sorted(offered))}")
    print(f"rows left: {ROWS}")


if __name__ == "__main__":
    trio.run(main)
