"""The ``mcp_servers`` option: its forms, and the servers it declares to the CLI (external ones as
``--mcp-config``, in-process ones by name for ``initialize``).  Pure: imports no trio."""

from __future__ import annotations

import os
import typing
from collections.abc import Mapping
from typing import Any, TypeAlias

import orjson

from .._config._checks import (
    as_mapping,
    check_json_text,
    check_keys,
    check_path,
    check_str,
    fail,
    is_path,
)
from .._config._values import mcp_config_from
from .._mcp._package import McpPackageServer, McpPackageServerConfig, lowlevel_server
from .._mcp._server import SdkMcpServer
from ..model import (
    JSONObject,
)

McpServerConfig: TypeAlias = Mapping[str, Any]
"""An external MCP server as the CLI's ``--mcp-config`` takes it: ``{"command": …, "args": […]}`` (stdio),
``{"type": "sse" | "http", "url": …, "headers": {…}}``."""


InProcessServer: TypeAlias = SdkMcpServer | McpPackageServer | McpPackageServerConfig
"""A server the session serves: an :class:`SdkMcpServer`, a server object of the ``mcp`` package
(:class:`~trio_claude.McpPackageServer`), or one with settings
(:class:`~trio_claude.McpPackageServerConfig`)."""


McpServers: TypeAlias = Mapping[str, InProcessServer | McpServerConfig]
"""MCP servers by name: in-process ones (:class:`SdkMcpServer`, or a server object of the ``mcp`` package:
:class:`~trio_claude.McpPackageServer`, or :class:`~trio_claude.McpPackageServerConfig`) and external ones
(JSON configs)."""


McpServersOption: TypeAlias = McpServers | str | os.PathLike[str]
"""``ClaudeAgentOptions.mcp_servers``: servers by name, or an MCP config file (or JSON text) for the CLI."""


MCP_SERVERS_FORMS = (
    "a mapping of server names to SdkMcpServer, an mcp package server, McpPackageServerConfig, "
    "{'type': 'sdk', 'name': ..., 'instance': server} or an external server's config ({'command': ...} / "
    "{'type': 'sse' | 'http', 'url': ...}); or the path of an MCP config file"
)


def mcp_server_from(where: str, value: object, *, dynamic: bool = False) -> InProcessServer | McpServerConfig:
    """One server: an in-process server as it is (``{"type": "sdk", "instance": server}`` unwrapped; with
    ``tools``, ``timeout`` or ``alwaysLoad``, an ``mcp`` package server becomes an
    :class:`~trio_claude.McpPackageServerConfig`), an external server's config checked
    (:func:`~trio_claude._config._values.mcp_config_from`)."""
    if isinstance(value, SdkMcpServer | McpPackageServerConfig):
        return value
    mapping = as_mapping(value)
    if mapping is not None:
        if mapping.get("type") == "sdk":
            check_keys(
                where,
                mapping,
                required=("instance",),
                allowed=("type", "name", "instance", "tools", "timeout", "alwaysLoad"),
            )
            if "name" in mapping:
                check_str(f"{where}['name']", mapping["name"])
            instance: object = mapping["instance"]
            settings = {key: mapping[key] for key in ("tools", "timeout", "alwaysLoad") if key in mapping}
            if isinstance(instance, SdkMcpServer) and settings:
                raise TypeError(
                    f"{where}: {', '.join(settings)} of an SdkMcpServer go to create_sdk_mcp_server "
                    "(tool_policies=, timeout=, always_load=)"
                )
            if isinstance(instance, SdkMcpServer):
                return instance
            if lowlevel_server(instance) is not None:
                if not settings:
                    return typing.cast(McpPackageServer, instance)
                try:
                    return McpPackageServerConfig(
                        instance,
                        tool_policies=settings.get("tools"),
                        timeout=settings.get("timeout"),
                        always_load=settings.get("alwaysLoad", False),
                    )
                except (TypeError, ValueError) as exc:
                    raise type(exc)(f"{where}: {exc}") from None
            fail(
                f"{where}['instance']",
                "an SdkMcpServer (create_sdk_mcp_server) or an mcp package server",
                instance,
            )
        config = mcp_config_from(where, value)
        if "tools" in config:
            _check_policies_honoured(where, config, dynamic)
        return config
    if lowlevel_server(value) is not None:
        return typing.cast(McpPackageServer, value)
    fail(
        where,
        "an SdkMcpServer, a server of the mcp package (or McpPackageServerConfig), or a config mapping",
        value,
    )


def _check_policies_honoured(where: str, config: McpServerConfig, dynamic: bool) -> None:
    """Refuse tool policies (``tools``) on an external server where the CLI ignores them: both pinned CLIs
    apply them only to an ``http``/``sse`` server declared by ``mcp_set_servers`` (``dynamic``), never
    from ``--mcp-config`` or ``initialize``, and never to a stdio server.  An ignored ``always_deny``
    would let the tool run."""
    deny = "deny its tools with disallowed_tools (e.g. 'mcp__<server>__<tool>') instead"
    if not dynamic:
        raise ValueError(
            f"{where}['tools']: the CLI ignores the tool policies of an external server given at start "
            "(an always_deny would let the tool run); declare an http or sse server with its policies "
            f"through session.set_mcp_servers(...), or {deny}"
        )
    if config.get("type", "stdio") not in ("http", "sse"):
        raise ValueError(
            f"{where}['tools']: the CLI applies tool policies to http and sse servers only (a "
            f"{config.get('type', 'stdio')} server's are ignored: an always_deny would let the tool run); "
            f"{deny}"
        )


def mcp_servers_from(
    where: str, value: object, *, dynamic: bool = False
) -> dict[str, InProcessServer | McpServerConfig] | str | os.PathLike[str] | None:
    """``ClaudeAgentOptions.mcp_servers`` (and :meth:`~trio_claude.ClaudeSession.set_mcp_servers`:
    ``dynamic``): servers by name, checked, or a config file path / JSON text passed to the CLI as it
    is."""
    if value is None:
        return None
    if is_path(value):
        path = check_path(where, value)
        return check_json_text(where, path) if isinstance(path, str) else path
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, MCP_SERVERS_FORMS, value)
    return {
        check_str(f"{where} key", name): mcp_server_from(f"{where}[{name!r}]", server, dynamic=dynamic)
        for name, server in mapping.items()
    }


def _server_map(servers: McpServersOption | None) -> McpServers:
    """The servers given by name (none when ``servers`` is a config file for the CLI)."""
    return servers if isinstance(servers, Mapping) else {}


def sdk_entry(name: str, server: object = None) -> JSONObject:
    """An in-process server as ``mcp_set_servers`` declares it, with its settings (as the TypeScript SDK
    sends them)."""
    settings: JSONObject = (
        server.settings() if isinstance(server, SdkMcpServer | McpPackageServerConfig) else {}
    )
    return {"type": "sdk", "name": name, **settings}


def _is_in_process(name: str, server: object) -> bool:
    """Whether ``server`` is served in-process (else it is an external server's config).

    Raises :class:`TypeError` for a value that is neither.
    """
    if isinstance(server, SdkMcpServer | McpPackageServerConfig):
        return True
    if isinstance(server, Mapping):
        return False
    if lowlevel_server(server) is None:
        raise TypeError(
            f"MCP server {name!r}: expected an SdkMcpServer, a server of the mcp package or a config "
            f"mapping, not {type(server).__name__}"
        )
    return True


def external_servers(servers: McpServersOption | None) -> dict[str, dict[str, Any]]:
    """The external servers among ``servers`` (by name, as JSON objects for the CLI)."""
    return {
        name: dict(typing.cast(McpServerConfig, server))
        for name, server in _server_map(servers).items()
        if not _is_in_process(name, server)
    }


def has_secrets(servers: McpServersOption | None) -> bool:
    """Whether an external server among ``servers`` has ``env`` or ``headers`` (often secrets)."""
    return any(config.get("env") or config.get("headers") for config in external_servers(servers).values())


def mcp_config_flags(servers: McpServersOption | None) -> list[str]:
    """CLI flags declaring the external servers among ``servers`` (``--mcp-config`` with a JSON document),
    or the config file ``servers`` names (``--mcp-config=<path>``).

    In-process servers go in ``initialize.sdkMcpServers`` instead (:func:`sdk_server_names`), as the
    official TypeScript SDK does; CLI 2.1.197 and 2.1.330 accept them either way (or both), and behave the
    same.
    """
    if isinstance(servers, (str, os.PathLike)):
        return ["--mcp-config=" + os.fspath(servers)]
    external = external_servers(servers)
    if not external:
        return []
    return ["--mcp-config=" + orjson.dumps({"mcpServers": external}).decode()]


def sdk_server_configs(servers: McpServersOption | None) -> JSONObject | None:
    """The settings of the in-process servers among ``servers`` that have some (a tool-call ``timeout``,
    per-tool policies), for ``initialize.sdkMcpServerConfigs`` (``None``: none)."""
    configs: JSONObject = {
        name: server.settings()
        for name, server in _server_map(servers).items()
        if isinstance(server, SdkMcpServer | McpPackageServerConfig) and server.settings()
    }
    return configs or None


def policy_decided_tools(servers: McpServersOption | None) -> frozenset[str]:
    """The tools (``mcp__<server>__<tool>``) whose server's policy is ``always_ask`` or ``always_deny``:
    ``allowed_tools`` does not decide them (the CLI asks ``can_use_tool`` about the first whatever it says,
    and never runs the second)."""
    return frozenset(
        f"mcp__{name}__{policy.name}"
        for name, server in _server_map(servers).items()
        if isinstance(server, SdkMcpServer | McpPackageServerConfig)  # (external ones take none at start)
        for policy in server.tool_policies
        if policy.permission_policy in ("always_ask", "always_deny")
    )


def sdk_server_names(servers: McpServersOption | None) -> tuple[str, ...] | None:
    """The in-process servers among ``servers``, for ``initialize.sdkMcpServers`` (``None``: none)."""
    names = tuple(name for name, server in _server_map(servers).items() if _is_in_process(name, server))
    return names or None
