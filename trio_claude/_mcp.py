"""MCP servers of a session: external ones are passed to the CLI; in-process ones are served here."""

from __future__ import annotations

import typing
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeAlias

import orjson
import trio

from ._mcp_package import McpPackageServer, PackageServerBridge, lowlevel_server
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

McpServers: TypeAlias = Mapping[str, SdkMcpServer | McpPackageServer | McpServerConfig]
"""MCP servers by name: in-process ones (:class:`SdkMcpServer`, or a server object of the ``mcp`` package:
:class:`~trio_claude.McpPackageServer`) and external ones (JSON configs)."""

_InProcess: TypeAlias = SdkMcpServer | PackageServerBridge


def _sdk_entry(name: str) -> JSONObject:
    return {"type": "sdk", "name": name}


def _is_in_process(name: str, server: object) -> bool:
    """Whether ``server`` is served in-process (else it is an external server's config).

    Raises :class:`TypeError` for a value that is neither.
    """
    if isinstance(server, SdkMcpServer):
        return True
    if isinstance(server, Mapping):
        return False
    if lowlevel_server(server) is None:
        raise TypeError(
            f"MCP server {name!r}: expected an SdkMcpServer, a server of the mcp package or a config "
            f"mapping, not {type(server).__name__}"
        )
    return True


def mcp_config_flags(servers: McpServers | None) -> list[str]:
    """CLI flags declaring the external servers among ``servers`` (``--mcp-config`` with a JSON document).

    In-process servers go in ``initialize.sdkMcpServers`` instead (:func:`sdk_server_names`), as the
    official TypeScript SDK does; CLI 2.1.197 and 2.1.330 accept them either way (or both), and behave the
    same.
    """
    external = {
        name: dict(typing.cast(McpServerConfig, server))
        for name, server in (servers or {}).items()
        if not _is_in_process(name, server)
    }
    if not external:
        return []
    return ["--mcp-config=" + orjson.dumps({"mcpServers": external}).decode()]


def sdk_server_names(servers: McpServers | None) -> tuple[str, ...] | None:
    """The in-process servers among ``servers``, for ``initialize.sdkMcpServers`` (``None``: none)."""
    names = tuple(name for name, server in (servers or {}).items() if _is_in_process(name, server))
    return names or None


class McpBridge:
    """The session's in-process MCP servers: routes the CLI's ``mcp_message`` requests to them."""

    def __init__(self, servers: McpServers | None, nursery: trio.Nursery | None = None) -> None:
        self._nursery = nursery
        self._sdk: dict[str, _InProcess] = {}
        for name, server in (servers or {}).items():
            if _is_in_process(name, server):
                self._sdk[name] = self._in_process(name, server)

    def _in_process(self, name: str, server: object) -> _InProcess:
        """What serves the in-process ``server`` (the bridge already serving it under ``name``, if any)."""
        if isinstance(server, SdkMcpServer):
            return server
        current = self._sdk.get(name)
        if isinstance(current, PackageServerBridge) and current.server is server:
            return current
        lowlevel = lowlevel_server(server)
        assert lowlevel is not None  # checked by _is_in_process
        return PackageServerBridge(server, lowlevel, self._nursery)

    @property
    def sdk_servers(self) -> Mapping[str, SdkMcpServer | McpPackageServer]:
        """The in-process servers served now, by name (as they were given)."""
        return {
            name: typing.cast(McpPackageServer, server.server)
            if isinstance(server, PackageServerBridge)
            else server
            for name, server in self._sdk.items()
        }

    def register(self, servers: McpServers) -> JSONObject:
        """Serve the in-process servers among ``servers`` from now on, and return ``servers`` as the CLI's
        ``mcp_set_servers`` takes them."""
        wire: dict[str, Any] = {}
        for name, server in servers.items():
            if _is_in_process(name, server):
                self._serve(name, self._in_process(name, server))
                wire[name] = _sdk_entry(name)
            else:
                wire[name] = dict(typing.cast(McpServerConfig, server))
        return wire

    def _serve(self, name: str, server: _InProcess | None) -> None:
        """Serve ``server`` under ``name`` (stop serving the name for ``None``), closing what served it."""
        previous = self._sdk.pop(name, None)
        if isinstance(previous, PackageServerBridge) and previous is not server:
            previous.close()
        if server is not None:
            self._sdk[name] = server

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
                self._serve(name, None)
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
