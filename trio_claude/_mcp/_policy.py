"""The per-tool permission policy of an MCP server (the TypeScript SDK's ``McpServerToolPolicy``), for
in-process servers and external ones alike.  Pure: imports no trio."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypeAlias, cast, get_args

import attrs

from .._record import Record
from ..model import JSONObject

PermissionPolicy: TypeAlias = Literal["always_allow", "always_ask", "always_deny"]
OrgMaxPermission: TypeAlias = Literal["allow", "ask", "blocked"]

_POLICIES: tuple[str, ...] = get_args(PermissionPolicy)
_ORG_MAX: tuple[str, ...] = get_args(OrgMaxPermission)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpServerToolPolicy(Record):
    """How the CLI treats calls of one tool of an MCP server, whatever the permission rules say.

    * ``permission_policy="always_ask"``: the CLI asks ``can_use_tool`` before each call, even where an
      allow rule or ``allowed_tools`` covers the tool (and under ``bypassPermissions``); under ``dontAsk``
      the call is denied.
    * ``"always_deny"``: every call is denied.
    * ``"always_allow"`` and ``org_max_permission`` (an organisation's ceiling: ``allow``, ``ask``,
      ``blocked``) are honoured for external (``http``/``sse``) servers only; the CLI ignores them on
      in-process servers — allow those with ``allowed_tools`` or ``can_use_tool``.

    Where they go: :func:`~trio_claude.create_sdk_mcp_server` (``tool_policies=``),
    :class:`~trio_claude.McpPackageServerConfig`, and the ``tools`` of an ``http``/``sse`` server declared
    by :meth:`~trio_claude.ClaudeSession.set_mcp_servers` — the CLI ignores an external server's policies
    anywhere else (``mcp_servers``, a subagent's inline servers), so they are refused there.

    ``name`` is the tool's name as its server lists it (``"add"``, not ``"mcp__calc__add"``).
    """

    name: str
    permission_policy: PermissionPolicy | None = None
    org_max_permission: OrgMaxPermission | None = None

    def __attrs_post_init__(self) -> None:
        name = cast(object, self.name)
        if not isinstance(name, str) or not name:
            raise TypeError(
                f"McpServerToolPolicy.name: expected the tool's name (a non-empty str); got {name!r}"
            )
        for field, value, choices in (
            ("permission_policy", self.permission_policy, _POLICIES),
            ("org_max_permission", self.org_max_permission, _ORG_MAX),
        ):
            if value is not None and value not in choices:
                raise ValueError(
                    f"McpServerToolPolicy.{field}: expected one of {', '.join(map(repr, choices))}; "
                    f"got {value!r}"
                )

    def to_json(self) -> JSONObject:
        """The policy as the CLI reads it (``{"name": …, "permission_policy": …}``)."""
        entry: dict[str, Any] = {"name": self.name}
        if self.permission_policy is not None:
            entry["permission_policy"] = self.permission_policy
        if self.org_max_permission is not None:
            entry["org_max_permission"] = self.org_max_permission
        return entry

    @classmethod
    def from_json(cls, where: str, value: object) -> McpServerToolPolicy:
        """A policy from its JSON form (a mapping with ``name`` and the optional keys), checked."""
        if isinstance(value, McpServerToolPolicy):
            return value
        if not isinstance(value, Mapping):
            raise TypeError(
                f"{where}: expected an McpServerToolPolicy or a mapping such as "
                f"{{'name': 'add', 'permission_policy': 'always_ask'}}; got {type(value).__name__} {value!r}"
            )
        entry = cast(Mapping[str, object], value)
        unknown = sorted(set(entry) - {"name", "permission_policy", "org_max_permission"})
        if unknown:
            raise TypeError(
                f"{where}: unknown key {unknown[0]!r} (expected name, permission_policy, org_max_permission)"
            )
        try:
            return cls(
                name=entry.get("name"),  # type: ignore[arg-type]
                permission_policy=entry.get("permission_policy"),  # type: ignore[arg-type]
                org_max_permission=entry.get("org_max_permission"),  # type: ignore[arg-type]
            )
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"{where}: {exc}") from None


def _is_list(value: object) -> bool:
    return isinstance(value, Iterable) and not isinstance(value, str | bytes | Mapping)


def _describe(value: object) -> str:
    return f"{type(value).__name__} {value!r}"


def tool_policies_from(where: str, value: object) -> tuple[McpServerToolPolicy, ...]:
    """A list of policies (instances or their JSON form), checked: one entry per tool name."""
    if not _is_list(value):
        raise TypeError(f"{where}: expected a list of McpServerToolPolicy; got {_describe(value)}")
    policies = tuple(
        McpServerToolPolicy.from_json(f"{where}[{index}]", item)
        for index, item in enumerate(cast(Iterable[object], value))
    )
    names = [policy.name for policy in policies]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"{where}: two policies for the tool {name!r}")
    return policies


def check_timeout(where: str, timeout: object) -> float | None:
    """A server's tool-call timeout in seconds: ``None`` or a number of at least 1 (the CLI ignores
    less)."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, int | float):
        raise TypeError(f"{where}: expected seconds (a number) or None; got {timeout!r}")
    if not timeout >= 1 or timeout == float("inf"):
        raise ValueError(f"{where}: expected at least 1 second (the CLI ignores less); got {timeout!r}")
    return float(timeout)


def server_settings(timeout: float | None, policies: Iterable[McpServerToolPolicy]) -> JSONObject:
    """An in-process server's settings for the CLI (``initialize``'s ``sdkMcpServerConfigs`` entry and
    the ``mcp_set_servers`` entry): ``timeout`` in milliseconds, ``tools`` (the policies); empty when it
    has none."""
    settings: dict[str, Any] = {}
    if timeout is not None:
        settings["timeout"] = round(timeout * 1000)
    tools = [policy.to_json() for policy in policies]
    if tools:
        settings["tools"] = tools
    return settings


__all__ = ["McpServerToolPolicy", "check_timeout", "server_settings", "tool_policies_from"]
