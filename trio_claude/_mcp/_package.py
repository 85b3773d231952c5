"""The ``mcp`` package's servers as declared in options: the ``McpPackageServer`` protocol and
the low-level server behind one.  Imports no trio (and not ``mcp`` unless it is already imported)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from .._record import Record
from ..model import JSONObject
from ._policy import McpServerToolPolicy, check_timeout, server_settings, tool_policies_from

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


def _package_server(server: object) -> McpPackageServer:
    if lowlevel_server(server) is None:
        raise TypeError(
            "McpPackageServerConfig.server: expected a server of the mcp package (MCPServer, FastMCP or a "
            f"low-level Server); got {type(server).__name__} {server!r}"
        )
    return server  # type: ignore[return-value]


def _policies(
    value: Iterable[McpServerToolPolicy | Mapping[str, Any]] | None,
) -> tuple[McpServerToolPolicy, ...]:
    return tool_policies_from("McpPackageServerConfig.tool_policies", value or ())


def _timeout(value: float | None) -> float | None:
    return check_timeout("McpPackageServerConfig.timeout", value)


def _always_load(value: bool) -> bool:
    if not isinstance(value, bool):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise TypeError(f"McpPackageServerConfig.always_load: expected a bool; got {value!r}")
    return value


@attrs.frozen(repr=False, eq=False)
class McpPackageServerConfig(Record):
    """A server of the ``mcp`` package (:class:`McpPackageServer`) with the settings
    :func:`~trio_claude.create_sdk_mcp_server` takes for its own servers: put it in
    :attr:`ClaudeAgentOptions.mcp_servers <trio_claude.ClaudeAgentOptions.mcp_servers>` (or
    :meth:`ClaudeSession.set_mcp_servers <trio_claude.ClaudeSession.set_mcp_servers>`) in place of the
    server.  The TypeScript SDK's ``{type: "sdk", name, instance, tools, timeout}`` is accepted there too,
    as ``{"type": "sdk", "instance": server, "tools": [...], "timeout": 30, "alwaysLoad": True}``.

    * ``tool_policies`` (:class:`~trio_claude.McpServerToolPolicy` or its JSON form), by the tool's name
      in its server: ``always_ask`` makes the CLI ask ``can_use_tool`` before each call whatever
      ``allowed_tools`` says, ``always_deny`` takes the tool away.  The names are checked against the
      server's ``tools/list`` when the CLI first lists them: a policy naming no tool of the server fails
      the listing (the CLI then offers none of its tools) rather than quietly denying nothing.
    * ``timeout``: the CLI's limit on each tool call, in seconds (at least 1).
    * ``always_load``: offer every tool of the server to the model up front, never behind ``ToolSearch``
      (``create_sdk_mcp_server(always_load=True)``): each tool of the server's ``tools/list`` is marked
      ``_meta["anthropic/alwaysLoad"]`` on its way to the CLI (``{..., "alwaysLoad": True}`` in the
      TypeScript form).

    ``tool_policies`` and ``timeout`` need CLI ≥ 2.1.330: an older one ignores them, so the session refuses
    to start.  ``always_load`` travels in the listing and works on both.
    """

    server: McpPackageServer = attrs.field(converter=_package_server)
    tool_policies: tuple[McpServerToolPolicy, ...] = attrs.field(
        default=(), converter=_policies, kw_only=True
    )
    timeout: float | None = attrs.field(default=None, converter=_timeout, kw_only=True)
    always_load: bool = attrs.field(default=False, converter=_always_load, kw_only=True)

    def settings(self) -> JSONObject:
        """The settings for the CLI (``initialize``'s ``sdkMcpServerConfigs`` entry and the
        ``mcp_set_servers`` entry); empty when there are none."""
        return server_settings(self.timeout, self.tool_policies)
