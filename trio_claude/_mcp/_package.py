"""The ``mcp`` package's servers as declared in options: the ``McpPackageServer`` protocol and
the low-level server behind one.  Imports no trio (and not ``mcp`` unless it is already imported)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from mcp.server.lowlevel import Server


class McpPackageServer(Protocol):
    """A server object of the ``mcp`` package: ``mcp.server.mcpserver.MCPServer`` (mcp 2.x),
    ``mcp.server.fastmcp.FastMCP`` (mcp 1.x) or a low-level ``mcp.server.lowlevel.Server``.

    Put it in :attr:`ClaudeAgentOptions.mcp_servers <trio_claude.ClaudeAgentOptions.mcp_servers>` (or
    :meth:`ClaudeSession.set_mcp_servers <trio_claude.ClaudeSession.set_mcp_servers>`) like a
    :class:`~trio_claude.SdkMcpServer`; it needs the ``trio_claude[mcp]`` extra.
    """

    @property
    def name(self) -> str:
        """The server's name (all three classes have it)."""
        ...


def lowlevel_server(server: object) -> Server[Any] | None:
    """The low-level ``Server`` behind ``server``, or ``None`` when it is not a server of the ``mcp``
    package.  Imports nothing unless the package is already imported (whoever holds such a server has)."""
    if "mcp" not in sys.modules:
        return None
    try:
        from mcp.server.lowlevel import Server
    except ImportError:  # pragma: no cover - a module named mcp that is not the package
        return None
    # MCPServer (2.x) and FastMCP (1.x) wrap a low-level server, which their own run_*_async serve.
    for candidate in (
        server,
        getattr(server, "_lowlevel_server", None),
        getattr(server, "_mcp_server", None),
    ):
        if isinstance(candidate, Server):
            return candidate  # pyright: ignore[reportUnknownVariableType]
    return None
