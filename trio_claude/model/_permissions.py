"""Permission updates and the answers to ``can_use_tool`` (PROTOCOL.md §7)."""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from ._base import JSONObject, JSONValue, WireObject

PermissionMode: TypeAlias = Literal["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"]
"""The permission modes of the CLI."""

PermissionBehavior: TypeAlias = Literal["allow", "deny", "ask"]
"""What a permission rule does."""

PermissionUpdateDestination: TypeAlias = Literal[
    "userSettings", "projectSettings", "localSettings", "session", "cliArg"
]
"""Where a permission update is stored."""


@attrs.frozen(kw_only=True, repr=False)
class PermissionRuleValue(WireObject):
    """A rule: a tool name and an optional rule content (e.g. ``Bash`` + ``npm test``)."""

    tool_name: str
    rule_content: str | None = None


@attrs.frozen(kw_only=True, repr=False)
class AddRulesUpdate(WireObject):
    """``addRules``: add permission rules."""

    rules: tuple[PermissionRuleValue, ...]
    behavior: str
    destination: str


@attrs.frozen(kw_only=True, repr=False)
class ReplaceRulesUpdate(WireObject):
    """``replaceRules``: replace the rules of a behaviour."""

    rules: tuple[PermissionRuleValue, ...]
    behavior: str
    destination: str


@attrs.frozen(kw_only=True, repr=False)
class RemoveRulesUpdate(WireObject):
    """``removeRules``: remove permission rules."""

    rules: tuple[PermissionRuleValue, ...]
    behavior: str
    destination: str


@attrs.frozen(kw_only=True, repr=False)
class SetModeUpdate(WireObject):
    """``setMode``: change the permission mode."""

    mode: str
    destination: str


@attrs.frozen(kw_only=True, repr=False)
class AddDirectoriesUpdate(WireObject):
    """``addDirectories``: add working directories."""

    directories: tuple[str, ...]
    destination: str


@attrs.frozen(kw_only=True, repr=False)
class RemoveDirectoriesUpdate(WireObject):
    """``removeDirectories``: remove working directories."""

    directories: tuple[str, ...]
    destination: str


@attrs.frozen(kw_only=True)
class UnknownPermissionUpdate:
    """A permission update of a type this version does not know (``raw`` as received)."""

    raw: JSONValue
    error: str | None = attrs.field(default=None, eq=False)


PermissionUpdate: TypeAlias = (
    AddRulesUpdate
    | ReplaceRulesUpdate
    | RemoveRulesUpdate
    | SetModeUpdate
    | AddDirectoriesUpdate
    | RemoveDirectoriesUpdate
    | UnknownPermissionUpdate
)
"""Any permission update (``permission_suggestions``, ``updatedPermissions``)."""


@attrs.frozen(kw_only=True, repr=False)
class PermissionResultAllow(WireObject):
    """Allow the tool use, with the input to run it with (``updatedInput``; required by CLI 2.1.197)."""

    updated_input: JSONObject | None = None
    updated_permissions: tuple[PermissionUpdate, ...] | None = None
    tool_use_id: str | None = None
    decision_classification: str | None = None


@attrs.frozen(kw_only=True, repr=False)
class PermissionResultDeny(WireObject):
    """Deny the tool use with a ``message`` for the model; ``interrupt`` also ends the turn."""

    message: str
    interrupt: bool | None = None
    tool_use_id: str | None = None
    decision_classification: str | None = None


PermissionResult: TypeAlias = PermissionResultAllow | PermissionResultDeny
"""The answer to a ``can_use_tool`` request (tagged by ``behavior`` on the wire)."""
