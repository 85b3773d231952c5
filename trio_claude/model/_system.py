"""``{"type": "system"}`` frames, one class per ``subtype``: those every query meets (``init``, ``status``,
``session_state_changed``, ``thinking_tokens`` with thinking on), ``commands_changed`` (the session keeps its
slash commands current) and :class:`SystemMessage`, the base of every one.

Every ``system`` class subclasses :class:`SystemMessage`, so ``isinstance(message, SystemMessage)`` catches
them all, including :class:`UnknownSystemMessage` for subtypes this version does not know.  The subtypes a
plain query does not meet are in :mod:`._system_rare`, loaded on first use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from ._base import BaseUnknown, JSONObject, JSONValue, WireMapping, WireObject, brief, json_str
from ._names import SandboxEnabled


class SystemMessage:
    """Base class of every ``system`` frame.

    Each subtype's fields are typed attributes of its class (``InitMessage.tools``); :attr:`subtype` and
    :attr:`data` are the official SDK's ``SystemMessage`` fields, so code written for it
    (``isinstance(message, SystemMessage) and message.subtype == "init"``, ``message.data.get("tools")``)
    runs unchanged.
    """

    __slots__ = ()

    def __init__(self, *args: object, **kwargs: object) -> None:  # its subclasses have their own
        raise TypeError(
            "SystemMessage is the base of one class per subtype: build that class (InitMessage(...)), or "
            "decode the frame: wire.decode_value({'type': 'system', 'subtype': ..., ...})"
        )

    SUBTYPE: ClassVar[str | None] = None
    """The ``subtype`` a typed subclass is for."""

    @property
    def subtype(self) -> str | None:
        """The frame's ``subtype`` (``"init"``, ``"task_started"``...)."""
        return self.SUBTYPE

    @property
    def data(self) -> dict[str, Any]:
        """The frame as the CLI's JSON, by wire key (``type`` and ``subtype`` included), as the official
        SDK's ``SystemMessage.data``: a new dict on each access, written by the wire converter."""
        return dict(WireMapping.json_form(self))


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpServerInfo(WireObject):
    """An MCP server as listed in :class:`InitMessage` (``mcp_servers``)."""

    name: str
    status: str
    source: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PluginInfo(WireObject):
    """A loaded plugin as listed in :class:`InitMessage` (``plugins``)."""

    name: str
    path: str | None = None
    version: str | None = None
    source: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PluginManagedLock(WireObject):
    """Why a plugin is locked by managed settings (:attr:`PluginError.managed_lock`)."""

    plugin_enabled: bool | None = None
    name: str | None = None
    marketplace: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PluginError(WireObject):
    """A plugin that failed to load, or loaded without a component (:attr:`InitMessage.plugin_errors`).

    ``type`` is a category from an open set (``path-not-found``, ``generic-error``,
    ``manifest-validation-error``…); ``message`` is display text."""

    plugin: str
    type: str | None = None
    message: str | None = None
    path: str | None = None
    managed_lock: PluginManagedLock | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InitMessage(WireObject, SystemMessage):
    """``system/init``: the session's configuration, emitted at the start of **every turn** (after the
    ``UserPromptSubmit`` hook), not once per process."""

    SUBTYPE = "init"

    session_id: str
    cwd: str | None = None
    model: str | None = None
    tools: Sequence[str] | None = attrs.field(default=None, repr=brief)
    mcp_servers: Sequence[McpServerInfo] | None = attrs.field(default=None, repr=brief)
    permission_mode: str | None = None
    api_key_source: str | None = None
    claude_code_version: str | None = None
    slash_commands: Sequence[str] | None = attrs.field(default=None, repr=brief)
    output_style: str | None = None
    skills: Sequence[str] | None = attrs.field(default=None, repr=brief)
    plugins: Sequence[PluginInfo] | None = attrs.field(default=None, repr=brief)
    agents: Sequence[str] | None = attrs.field(default=None, repr=brief)
    betas: Sequence[str] | None = attrs.field(default=None, repr=brief)
    capabilities: Sequence[str] | None = attrs.field(default=None, repr=brief)
    fast_mode_state: str | None = None
    effort: JSONValue = None
    terminal_slash_commands: Sequence[str] | None = attrs.field(default=None, repr=brief)
    analytics_disabled: bool | None = None
    original_cwd: str | None = None
    additional_directories: Sequence[str] | None = attrs.field(default=None, repr=brief)
    fast_mode_disabled_reason: str | None = None
    plugin_errors: Sequence[PluginError] | None = None
    view_mode: str | None = None
    """``focus`` or ``default``."""
    sandbox_enabled: SandboxEnabled | None = None
    """Whether the CLI runs its shell commands in its command sandbox as this frame is built, whichever
    setting, policy or force turned it on (CLI ≥ 2.1.332): ``"unknown"`` when its read failed (take it as
    possibly on); ``None`` (absent) means no claim, never off."""
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class StatusMessage(WireObject, SystemMessage):
    """``system/status``: ``requesting``/``compacting``/``None``; carries ``permission_mode`` after a mode
    change."""

    SUBTYPE = "status"

    status: str | None = None
    permission_mode: str | None = None
    compact_result: str | None = None
    compact_error: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SessionStateChangedMessage(WireObject, SystemMessage):
    """``system/session_state_changed``: ``idle``, ``running`` or ``requires_action``.

    ``idle`` after a result is the CLI's authoritative "turn over" signal (CLI ≥ 2.1.330).  Frames with
    ``sdk_host_only`` are meant for the SDK, not for users.
    """

    SUBTYPE = "session_state_changed"

    state: str
    sdk_host_only: bool | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CommandsChangedMessage(WireObject, SystemMessage):
    """``system/commands_changed``: the full list of slash commands (replaces the cached list)."""

    SUBTYPE = "commands_changed"

    commands: Sequence[JSONObject]
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ThinkingTokensMessage(WireObject, SystemMessage):
    """``system/thinking_tokens``: an estimate of the thinking tokens so far."""

    SUBTYPE = "thinking_tokens"

    estimated_tokens: int
    estimated_tokens_delta: int | None = None
    user_message_uuid: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True)
class UnknownSystemMessage(BaseUnknown, SystemMessage):
    """A ``system`` frame with a ``subtype`` this version does not know, or that did not fit its class.

    ``raw`` is the frame exactly as received; ``error`` says why it could not be typed.
    """

    raw: JSONObject

    @property
    def subtype(self) -> str | None:
        """The frame's ``subtype``, if it has one."""
        return json_str(self.raw, "subtype")

    @property
    def session_id(self) -> str | None:
        """The frame's ``session_id``, if it has one."""
        return json_str(self.raw, "session_id")
