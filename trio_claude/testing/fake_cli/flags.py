"""The real CLI's command-line flags that change what the fake writes; every other argument is ignored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import attrs
import orjson

from ...model import JSONObject

__all__ = ["CLIFlags", "parse_cli_flags"]

_VALUED = ("--resume", "--model", "--permission-mode", "--mcp-config")


@attrs.frozen(kw_only=True)
class CLIFlags:
    """The flags the fake honours: ``--resume``, ``--model``, ``--permission-mode``,
    ``--include-partial-messages``, the servers of ``--mcp-config``, ``--await-claim`` (a parked spare) and
    ``--allow-dangerously-skip-permissions``."""

    resume: str | None = None
    model: str | None = None
    permission_mode: str | None = None
    include_partial_messages: bool = False
    mcp_servers: JSONObject = attrs.field(factory=dict[str, Any])
    await_claim: bool = False
    allow_dangerously_skip_permissions: bool = False


def parse_cli_flags(argv: Sequence[str]) -> CLIFlags:
    """The flags of ``argv`` (a whole command line, program name first), in ``--flag=value`` or
    ``--flag value`` form; every other argument is accepted and ignored."""
    values: dict[str, str] = {}
    partial = False
    switches: set[str] = set()
    mcp_servers: dict[str, Any] = {}
    args = list(argv[1:])
    for index, arg in enumerate(args):
        name, sep, value = arg.partition("=")
        if name in _VALUED:
            if not sep:
                value = args[index + 1] if index + 1 < len(args) else ""
            values[name] = value
            if name == "--mcp-config":
                mcp_servers.update(_mcp_config_servers(value))
        elif arg == "--include-partial-messages":
            partial = True
        elif arg in ("--await-claim", "--allow-dangerously-skip-permissions"):
            switches.add(arg)
    return CLIFlags(
        resume=values.get("--resume") or None,
        model=values.get("--model") or None,
        permission_mode=values.get("--permission-mode") or None,
        include_partial_messages=partial,
        mcp_servers=mcp_servers,
        await_claim="--await-claim" in switches,
        allow_dangerously_skip_permissions="--allow-dangerously-skip-permissions" in switches,
    )


def _mcp_config_servers(value: str) -> dict[str, Any]:
    """The servers of an ``--mcp-config`` JSON document; anything else (a file name, bad JSON) declares
    none.  (The document is the CLI's own input format, which no wire class models: its one key is spelled
    here, as the SDK's ``--mcp-config`` writer spells it.)"""
    try:
        document: object = orjson.loads(value)
    except orjson.JSONDecodeError:
        return {}
    servers = cast("Mapping[str, Any]", document).get("mcpServers") if isinstance(document, Mapping) else None
    if not isinstance(servers, Mapping):
        return {}
    return {str(name): config for name, config in cast("Mapping[str, Any]", servers).items()}
