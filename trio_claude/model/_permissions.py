"""Permission updates and the answers to ``can_use_tool`` (PROTOCOL.md §7)."""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from ._base import BaseUnknown, JSONObject, WireObject

PermissionMode: TypeAlias = Literal["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"]
"""The permission modes of the CLI."""

PermissionBehavior: TypeAlias = Literal["allow", "deny", "ask"]
"""What a permission rule does."""

PermissionUpdateDestination: TypeAlias = Literal[
    "userSettings", "projectSettings", "localSettings", "session", "cliArg"
]
"""Where a permission update is stored (``session``: until the CLI exits)."""

DecisionClassification: TypeAlias = Literal["user_temporary", "user_permanent", "user_reject"]
"""How the CLI files a permission answer (``user_temporary``: allowed once…)."""


@attrs.frozen(kw_only=True, repr=False)
class McpServerRef(WireObject):
    """The MCP server a tool belongs to (``{"name": "calc", "source": "sdk"}``)."""

    name: str
    source: str | None = None


@attrs.frozen(kw_only=True, repr=False)
class PermissionRuleValue(WireObject):
    """A rule: a tool name and an optional rule content (e.g. ``Bash`` + ``npm test``)."""

    tool_name: str
    rule_content: str | None = None


@attrs.frozen(kw_only=True, repr=False)
class AddRulesUpdate(WireObject):
    """``addRules``: add permission rules."""

    rules: tuple[PermissionRuleValue, ...]
    behavior: PermissionBehavior
    destination: PermissionUpdateDestination


@attrs.frozen(kw_only=True, repr=False)
class ReplaceRulesUpdate(WireObject):
    """``replaceRules``: replace the rules of a behaviour."""

    rules: tuple[PermissionRuleValue, ...]
    behavior: PermissionBehavior
    destination: PermissionUpdateDestination


@attrs.frozen(kw_only=True, repr=False)
class RemoveRulesUpdate(WireObject):
    """``removeRules``: remove permission rules."""

    rules: tuple[PermissionRuleValue, ...]
    behavior: PermissionBehavior
    destination: PermissionUpdateDestination


@attrs.frozen(kw_only=True, repr=False)
class SetModeUpdate(WireObject):
    """``setMode``: change the permission mode."""

    mode: PermissionMode
    destination: PermissionUpdateDestination


@attrs.frozen(kw_only=True, repr=False)
class AddDirectoriesUpdate(WireObject):
    """``addDirectories``: add working directories."""

    directories: tuple[str, ...]
    destination: PermissionUpdateDestination


@attrs.frozen(kw_only=True, repr=False)
class RemoveDirectoriesUpdate(WireObject):
    """``removeDirectories``: remove working directories."""

    directories: tuple[str, ...]
    destination: PermissionUpdateDestination


@attrs.frozen(kw_only=True)
class UnknownPermissionUpdate(BaseUnknown):
    """A permission update of a type this version does not know (``raw`` as received)."""


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
    """Allow the tool use.

    ``updated_input`` replaces the tool's input wholesale (it is not merged); ``None`` keeps the input the
    model gave (the session sends it as ``updatedInput``: CLI 2.1.197 rejects an allow without it).
    ``updated_permissions`` are rules to apply at once, e.g. one of the context's suggestions to stop
    asking for this tool.
    """

    updated_input: JSONObject | None = None
    updated_permissions: tuple[PermissionUpdate, ...] | None = None
    tool_use_id: str | None = None
    decision_classification: DecisionClassification | None = None


@attrs.frozen(kw_only=True, repr=False)
class PermissionResultDeny(WireObject):
    """Deny the tool use.  The model sees ``message`` as the tool's error result and goes on; with
    ``interrupt=True`` the turn ends instead (result ``error_during_execution``, terminal reason
    ``aborted_tools``) and the model sees the CLI's own "the user doesn't want to proceed" text."""

    message: str
    interrupt: bool | None = None
    tool_use_id: str | None = None
    decision_classification: DecisionClassification | None = None


PermissionResult: TypeAlias = PermissionResultAllow | PermissionResultDeny
"""The answer to a ``can_use_tool`` request (tagged by ``behavior`` on the wire)."""
