"""A small MCP server over HTTP (``MCPServer`` of the ``mcp`` package) for the external-policy end-to-end
tests: ``python http_mcp_server.py PORT TRANSPORT LOG`` (``streamable-http`` at ``/mcp`` or ``sse`` at
``/sse``).  Its tool ``search`` appends a line to ``LOG`` each time it runs."""

from __future__ import annotations

import sys
from typing import Any, Literal, cast

from mcp.server.mcpserver import MCPServer

app: MCPServer[Any] = MCPServer("docs")


@app.tool(structured_output=False)
def search() -> str:
    """Search the docs."""
    with open(sys.argv[3], "a") as log:
        log.write("search\n")
    return "found it"


if __name__ == "__main__":
    transport = cast(Literal["streamable-http", "sse"], sys.argv[2])
    app.run(transport, host="127.0.0.1", port=int(sys.argv[1]))
