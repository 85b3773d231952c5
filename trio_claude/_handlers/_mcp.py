"""MCP servers of a session: external ones are passed to the CLI; in-process ones are served here."""

from __future__ import annotations

import typing
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeAlias

import trio

from .. import model  # the answers asked for on demand: loaded on first use
from .._config._command import NEWER_CLI
from .._config._discovery import parse_version
from .._config._mcp_servers import (
    McpServerConfig,
    McpServers,
    McpServersOption,
    _is_in_process,
    _server_map,
    mcp_servers_from,
    sdk_entry,
)
from .._errors import UnsupportedOptionError
from .._mcp._package import McpPackageServer, McpPackageServerConfig
from .._mcp._server import NOTIFICATION_ACK, SdkMcpServer
from ..model import (
    JSONObject,
    McpMessageRequest,
    McpMessageResponse,
)
from ._mcp_package import PackageServerBridge

_InProcess: TypeAlias = SdkMcpServer | PackageServerBridge


class McpBridge:
    """The session's in-process MCP servers: routes the CLI's ``mcp_message`` requests to them."""

    def __init__(self, servers: McpServersOption | None, nursery: trio.Nursery | None = None) -> None:
        self._nursery = nursery
        self._sdk: dict[str, _InProcess] = {}
        for name, server in _server_map(servers).items():
            if _is_in_process(name, server):
                self._sdk[name] = self._in_process(name, server)

    def _in_process(self, name: str, server: object) -> _InProcess:
        """What serves the in-process ``server`` (the bridge already serving it under ``name``, if any)."""
        if isinstance(server, SdkMcpServer):
            return server
        current = self._sdk.get(name)
        if isinstance(current, PackageServerBridge) and current.server is server:
            return current
        return PackageServerBridge(server, self._nursery)  # a package server (checked by _is_in_process)

    @property
    def sdk_servers(self) -> Mapping[str, SdkMcpServer | McpPackageServer | McpPackageServerConfig]:
        """The in-process servers served now, by name (as they were given)."""
        return {
            name: typing.cast(McpPackageServer | McpPackageServerConfig, server.server)
            if isinstance(server, PackageServerBridge)
            else server
            for name, server in self._sdk.items()
        }

    def register(self, servers: McpServers) -> JSONObject:
        """Serve the in-process servers among ``servers`` from now on, and return ``servers`` as the CLI's
        ``mcp_set_servers`` takes them.

        Raises :class:`TypeError` / :class:`ValueError` for a server that is none of the accepted forms
        (the official ``{"type": "sdk", "instance": server}`` form is unwrapped)."""
        checked = mcp_servers_from("set_mcp_servers(servers)", servers, dynamic=True)
        if not isinstance(checked, Mapping):
            raise TypeError(
                "set_mcp_servers(servers): expected a mapping of server names to servers; got a path"
            )
        wire: dict[str, Any] = {}
        for name, server in checked.items():
            if _is_in_process(name, server):
                self._serve(name, self._in_process(name, server))
                wire[name] = sdk_entry(name, server)
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
        request: Callable[[model.McpSetServersRequest], Awaitable[model.McpSetServersResponse]],
        cli_version: str | None = None,
    ) -> model.McpSetServersResponse:
        """Replace the CLI's dynamic servers with ``servers`` through ``request`` (the session's
        :meth:`~trio_claude.ClaudeSession.request`).  In-process servers are served before the request is
        sent (the CLI connects to them before it answers) and dropped once the CLI reports them removed.

        Raises :class:`~trio_claude.UnsupportedOptionError`, sending nothing, when an in-process server
        has settings (a timeout, tool policies) and the CLI (``cli_version``) is older than 2.1.330 or has
        not said its version (2.1.197 does not in its ``initialize`` answer): it would ignore them, and an
        ignored ``always_deny`` would let the tool run."""
        _check_settings_supported(servers, cli_version)
        response = await request(model.McpSetServersRequest(servers=self.register(servers)))
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


def _check_settings_supported(servers: McpServers, cli_version: str | None) -> None:
    """Refuse in-process servers with settings for a CLI that would ignore them (see
    :meth:`McpBridge.set_servers`)."""
    version = parse_version(cli_version)
    if version is not None and version >= NEWER_CLI:
        return
    checked = mcp_servers_from("set_mcp_servers(servers)", servers, dynamic=True)
    if not isinstance(checked, Mapping):
        return  # refused by register
    for name, server in checked.items():
        if isinstance(server, SdkMcpServer | McpPackageServerConfig) and server.settings():
            raise UnsupportedOptionError(
                option="mcp_servers",
                flag="mcp_set_servers server settings",
                cli_version=version or (),
                required_version=NEWER_CLI,
                subject=f"set_mcp_servers(servers)[{name!r}]",
                hint="an older CLI ignores a server's timeout and tool policies",
            )
