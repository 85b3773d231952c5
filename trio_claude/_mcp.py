"""MCP servers of a session: external ones are passed to the CLI; in-process ones are served here."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeAlias

import orjson

from ._mcp_server import NOTIFICATION_ACK, SdkMcpServer
from .model import (
    JSONObject,
    McpMessageRequest,
    McpMessageResponse,
    McpSetServersRequest,
    McpSetServersResponse,
)

McpServerConfig: TypeAlias = Mapping[str, Any]
"""An external MCP server as the CLI's ``--mcp-config`` takes it: ``{"command": …, "args": […]}`` (stdio),
``{"type": "sse" | "http", "url": …, "headers": {…}}``."""

McpServers: TypeAlias = Mapping[str, SdkMcpServer | McpServerConfig]
"""MCP servers by name: in-process ones (:class:`SdkMcpServer`) and external ones (JSON configs)."""


def _sdk_entry(name: str) -> JSONObject:
    return {"type": "sdk", "name": name}


class McpBridge:
    """The session's MCP servers: declares them to the CLI and routes the CLI's ``mcp_message`` requests to
    the in-process ones."""

    def __init__(self, servers: McpServers | None) -> None:
        self._external: dict[str, JSONObject] = {}
        self._sdk: dict[str, SdkMcpServer] = {}
        for name, server in (servers or {}).items():
            if isinstance(server, SdkMcpServer):
                self._sdk[name] = server
            else:
                self._external[name] = dict(server)

    @property
    def sdk_servers(self) -> Mapping[str, SdkMcpServer]:
        """The in-process servers served now, by name."""
        return dict(self._sdk)

    def flags(self) -> list[str]:
        """CLI flags declaring the external servers (``--mcp-config`` with a JSON document).

        In-process servers go in ``initialize.sdkMcpServers`` instead, as the official TypeScript SDK does;
        CLI 2.1.197 and 2.1.330 accept them either way (or both), and behave the same.
        """
        if not self._external:
            return []
        return ["--mcp-config=" + orjson.dumps({"mcpServers": self._external}).decode()]

    def initialize_names(self) -> tuple[str, ...] | None:
        """The in-process servers for ``initialize.sdkMcpServers`` (``None`` when there are none)."""
        return tuple(self._sdk) or None

    def register(self, servers: McpServers) -> JSONObject:
        """Serve the in-process servers among ``servers`` from now on, and return ``servers`` as the CLI's
        ``mcp_set_servers`` takes them."""
        wire: dict[str, Any] = {}
        for name, server in servers.items():
            if isinstance(server, SdkMcpServer):
                self._sdk[name] = server
                wire[name] = _sdk_entry(name)
            else:
                wire[name] = dict(server)
        return wire

    async def set_servers(
        self,
        servers: McpServers,
        request: Callable[[McpSetServersRequest], Awaitable[McpSetServersResponse]],
    ) -> McpSetServersResponse:
        """Replace the CLI's dynamic servers with ``servers`` through ``request`` (the session's
        :meth:`~trio_claude.ClaudeSession.request`).  In-process servers are served before the request is
        sent (the CLI connects to them before it answers) and dropped once the CLI reports them removed."""
        response = await request(McpSetServersRequest(servers=self.register(servers)))
        for name in response.removed:
            if name not in servers:
                self._sdk.pop(name, None)
        return response

    async def answer(self, request: McpMessageRequest) -> McpMessageResponse:
        """Hand a JSON-RPC message to the in-process server it names and return the server's reply.

        Raises :class:`LookupError` for a server that is not in-process here.
        """
        server = self._sdk.get(request.server_name)
        if server is None:
            raise LookupError(f"SDK MCP server not found: {request.server_name}")
        reply = await server.handle(request.message, server_name=request.server_name)
        return McpMessageResponse(mcp_response=dict(NOTIFICATION_ACK) if reply is None else reply)
