"""MCP servers of a session: external ones are passed to the CLI; in-process ones are served here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

import orjson

from .model import JSONObject, McpMessageRequest, McpMessageResponse

McpServerConfig: TypeAlias = Mapping[str, Any]
"""An external MCP server as the CLI's ``--mcp-config`` takes it: ``{"command": …, "args": […]}`` (stdio),
``{"type": "sse" | "http", "url": …, "headers": {…}}``."""

McpServers: TypeAlias = Mapping[str, McpServerConfig]
"""MCP servers by name."""


class McpBridge:
    """Routes the CLI's ``mcp_message`` requests to the session's in-process servers."""

    def __init__(self, servers: McpServers | None) -> None:
        self._external: dict[str, JSONObject] = dict(servers or {})

    def flags(self) -> list[str]:
        """CLI flags declaring the servers (``--mcp-config`` with a JSON document)."""
        if not self._external:
            return []
        return ["--mcp-config=" + orjson.dumps({"mcpServers": self._external}).decode()]

    async def answer(self, request: McpMessageRequest) -> McpMessageResponse:
        """Hand a JSON-RPC message to the in-process server it names.

        Raises :class:`LookupError` for a server that is not in-process here.
        """
        raise LookupError(f"SDK MCP server not found: {request.server_name}")
