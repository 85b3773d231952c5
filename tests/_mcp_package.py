"""The ``mcp`` package's names that moved between its major versions, chosen for the one installed, so that
the tests of the bridge (trio_claude/_handlers/_mcp_package.py) run on mcp 1.x and 2.x alike: ``MCPServer``
is mcp 2.x's ``MCPServer`` or mcp 1.x's ``FastMCP``.  The type checkers see the 2.x names."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from importlib.metadata import version as _installed
from typing import TYPE_CHECKING, Any

from mcp.server.lowlevel import Server
from mcp.types import CallToolResult, ListToolsResult, TextContent, Tool

MCP_MAJOR = int(_installed("mcp").split(".")[0])

if TYPE_CHECKING or MCP_MAJOR >= 2:
    from mcp.server.mcpserver import Context as Context, MCPServer as MCPServer
    from mcp.server.mcpserver.exceptions import ToolError as ToolError
else:
    from mcp.server.fastmcp import Context as Context, FastMCP as MCPServer
    from mcp.server.fastmcp.exceptions import ToolError as ToolError


def mcp_server(name: str, *, version: str, **settings: Any) -> MCPServer[Any]:
    """``MCPServer(name, version=version, **settings)``; 1.x's ``FastMCP`` takes no version, so it is set
    on the low-level server the ``FastMCP`` wraps (which answers ``initialize``)."""
    if MCP_MAJOR >= 2:
        return MCPServer(name, version=version, **settings)
    app: Any = MCPServer(name, **settings)
    app._mcp_server.version = version
    return app  # type: ignore[no-any-return]


def low_level_server(
    name: str, schemas: Mapping[str, Mapping[str, Any]], call: Callable[[str, Any], Awaitable[str]]
) -> Server[Any]:
    """A low-level ``Server`` (version 1.0) listing a tool for each of ``schemas`` (tool name → its
    ``inputSchema``), whose ``tools/call`` answers ``await call(name, arguments)`` as text.  Its handlers are
    given to the constructor in mcp 2.x, to decorators in 1.x."""
    tools = [Tool.model_validate({"name": tool, "inputSchema": schema}) for tool, schema in schemas.items()]

    async def content(tool: str, arguments: Any) -> list[TextContent]:
        return [TextContent(type="text", text=await call(tool, arguments))]

    if MCP_MAJOR >= 2:

        async def on_list_tools(ctx: Any, params: Any) -> ListToolsResult:
            return ListToolsResult(tools=tools)

        async def on_call_tool(ctx: Any, params: Any) -> CallToolResult:
            return CallToolResult(content=[*await content(params.name, params.arguments)])

        return Server(name, version="1.0", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
    server: Any = Server(name, version="1.0")

    async def list_tools() -> list[Tool]:
        return tools

    server.list_tools()(list_tools)
    server.call_tool()(content)
    return server  # type: ignore[no-any-return]
