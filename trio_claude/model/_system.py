"""``{"type": "system"}`` frames, one class per ``subtype``.

Every class here subclasses :class:`SystemMessage`, so ``isinstance(message, SystemMessage)`` catches them
all, including :class:`UnknownSystemMessage` for subtypes this version does not know.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from ._base import BaseUnknown, JSONObject, JSONValue, WireMapping, WireObject, brief, json_str


class SystemMessage:
    """Base class of every ``system`` frame.

    Each subtype's fields are typed attributes of its class (``InitMessage.tools``); :attr:`subtype` and
    :attr:`data` are the official SDK's ``SystemMessage`` fields, so code written for it
    (``isinstance(message, SystemMessage) and message.subtype == "init"``, ``message.data.get("tools")``)
    runs unchanged.
    """

    __slots__ = ()

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
    tools: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    mcp_servers: tuple[McpServerInfo, ...] | None = attrs.field(default=None, repr=brief)
    permission_mode: str | None = None
    api_key_source: str | None = None
    claude_code_version: str | None = None
    slash_commands: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    output_style: str | None = None
    skills: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    plugins: tuple[PluginInfo, ...] | None = attrs.field(default=None, repr=brief)
    agents: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    betas: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    capabilities: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    fast_mode_state: str | None = None
    effort: JSONValue = None
    terminal_slash_commands: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    analytics_disabled: bool | None = None
    original_cwd: str | None = None
    additional_directories: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    fast_mode_disabled_reason: str | None = None
    plugin_errors: tuple[PluginError, ...] | None = None
    view_mode: str | None = None
    """``focus`` or ``default``."""
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
class CompactBoundaryMessage(WireObject, SystemMessage):
    """``system/compact_boundary``: the conversation was compacted here."""

    SUBTYPE = "compact_boundary"

    compact_metadata: JSONObject | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ApiRetryMessage(WireObject, SystemMessage):
    """``system/api_retry``: an API request failed and will be retried after ``retry_delay_ms``."""

    SUBTYPE = "api_retry"

    attempt: int
    max_retries: int
    retry_delay_ms: float
    error_status: int | None = None
    error: str | None = None
    no_response: JSONObject | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ControlRequestProgressMessage(WireObject, SystemMessage):
    """``system/control_request_progress``: a slow control request started or is retrying."""

    SUBTYPE = "control_request_progress"

    request_id: str
    status: str
    attempt: int | None = None
    max_retries: int | None = None
    retry_delay_ms: float | None = None
    error_status: int | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ModelRefusalFallbackMessage(WireObject, SystemMessage):
    """``system/model_refusal_fallback``: the model refused and another model takes over."""

    SUBTYPE = "model_refusal_fallback"

    original_model: str | None = None
    fallback_model: str | None = None
    trigger: str | None = None
    direction: str | None = None
    scope: str | None = None
    request_id: str | None = None
    content: JSONValue = None
    api_refusal_category: str | None = None
    """The refusal's category (``cyber``, ``bio``…; an open set), when the API said."""
    api_refusal_explanation: str | None = None
    """The API's explanation (prose, for display only)."""
    refused_user_message_uuid: str | None = None
    retracted_message_uuids: tuple[str, ...] | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ModelRefusalNoFallbackMessage(WireObject, SystemMessage):
    """``system/model_refusal_no_fallback``: the model refused and no fallback is configured."""

    SUBTYPE = "model_refusal_no_fallback"

    original_model: str | None = None
    request_id: str | None = None
    content: JSONValue = None
    api_refusal_category: str | None = None
    api_refusal_explanation: str | None = None
    refused_user_message_uuid: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class LocalCommandOutputMessage(WireObject, SystemMessage):
    """``system/local_command_output``: output of a local slash command."""

    SUBTYPE = "local_command_output"

    content: str
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class HookStartedMessage(WireObject, SystemMessage):
    """``system/hook_started`` (with ``include_hook_events``): a hook began."""

    SUBTYPE = "hook_started"

    hook_id: str
    hook_name: str
    hook_event: str
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class HookProgressMessage(WireObject, SystemMessage):
    """``system/hook_progress``: output of a running hook."""

    SUBTYPE = "hook_progress"

    hook_id: str
    hook_name: str
    hook_event: str
    stdout: str | None = None
    stderr: str | None = None
    output: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class HookResponseMessage(WireObject, SystemMessage):
    """``system/hook_response``: a hook finished (``outcome`` ``success``/``error``/``cancelled``)."""

    SUBTYPE = "hook_response"

    hook_id: str
    hook_name: str
    hook_event: str
    outcome: str | None = None
    output: str | None = None
    stdout: str | None = None
    stderr: str | None = None
    exit_code: int | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PluginInstallMessage(WireObject, SystemMessage):
    """``system/plugin_install``: plugin installation progress."""

    SUBTYPE = "plugin_install"

    status: str
    name: str | None = None
    error: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskUsage(WireObject):
    """Usage of a background task."""

    total_tokens: int | None = None
    tool_uses: int | None = None
    duration_ms: float | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskStartedMessage(WireObject, SystemMessage):
    """``system/task_started``: a subagent or background task started."""

    SUBTYPE = "task_started"

    task_id: str
    description: str | None = None
    run_id: str | None = None
    tool_use_id: str | None = None
    subagent_type: str | None = None
    is_backgrounded: bool | None = None
    spawn_depth: int | None = None
    parent_task_id: str | None = None
    task_type: str | None = None
    workflow_name: str | None = None
    prompt: str | None = None
    skip_transcript: bool | None = None
    ambient: bool | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskProgressMessage(WireObject, SystemMessage):
    """``system/task_progress``: progress of a background task."""

    SUBTYPE = "task_progress"

    task_id: str
    description: str | None = None
    usage: TaskUsage | None = None
    run_id: str | None = None
    tool_use_id: str | None = None
    subagent_type: str | None = None
    last_tool_name: str | None = None
    summary: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskUpdatedMessage(WireObject, SystemMessage):
    """``system/task_updated``: a patch to a task's state (``status``, ``description``, ``error``…)."""

    SUBTYPE = "task_updated"

    task_id: str
    patch: JSONObject
    run_id: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskNotificationMessage(WireObject, SystemMessage):
    """``system/task_notification``: a task completed, failed or was stopped."""

    SUBTYPE = "task_notification"

    task_id: str
    status: str
    output_file: str | None = None
    summary: str | None = None
    run_id: str | None = None
    tool_use_id: str | None = None
    reason: str | None = None
    usage: TaskUsage | None = None
    resource_links: tuple[JSONObject, ...] | None = None
    skip_transcript: bool | None = None
    ambient: bool | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BackgroundTask(WireObject):
    """A task listed in :class:`BackgroundTasksChangedMessage`."""

    task_id: str
    description: str | None = None
    task_type: str | None = None
    run_id: str | None = None
    subagent_type: str | None = None
    parent_task_id: str | None = None
    ambient: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BackgroundTasksChangedMessage(WireObject, SystemMessage):
    """``system/background_tasks_changed``: the full list of background tasks (replaces the previous)."""

    SUBTYPE = "background_tasks_changed"

    tasks: tuple[BackgroundTask, ...]
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
class WorkerShuttingDownMessage(WireObject, SystemMessage):
    """``system/worker_shutting_down``."""

    SUBTYPE = "worker_shutting_down"

    reason: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CommandsChangedMessage(WireObject, SystemMessage):
    """``system/commands_changed``: the full list of slash commands (replaces the cached list)."""

    SUBTYPE = "commands_changed"

    commands: tuple[JSONObject, ...]
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class NotificationMessage(WireObject, SystemMessage):
    """``system/notification``: a notice for the user (``priority`` low/medium/high/immediate)."""

    SUBTYPE = "notification"

    key: str
    text: str
    priority: str | None = None
    color: str | None = None
    timeout_ms: float | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class FilesPersistedMessage(WireObject, SystemMessage):
    """``system/files_persisted``: files uploaded for the session."""

    SUBTYPE = "files_persisted"

    files: tuple[JSONObject, ...]
    failed: tuple[JSONObject, ...] = ()
    processed_at: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class MemoryRecallMessage(WireObject, SystemMessage):
    """``system/memory_recall``: memories recalled for the turn."""

    SUBTYPE = "memory_recall"

    mode: str
    memories: tuple[JSONObject, ...]
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ElicitationCompleteMessage(WireObject, SystemMessage):
    """``system/elicitation_complete``: an MCP server's URL elicitation finished."""

    SUBTYPE = "elicitation_complete"

    mcp_server_name: str
    elicitation_id: str
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PermissionDeniedMessage(WireObject, SystemMessage):
    """``system/permission_denied``: a tool use was denied without asking (e.g. no permission tool)."""

    SUBTYPE = "permission_denied"

    tool_name: str
    tool_use_id: str
    message: str
    agent_id: str | None = None
    decision_reason_type: str | None = None
    decision_reason: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class MirrorErrorKey(WireObject):
    """The transcript a ``mirror_error`` is about (a :class:`~trio_claude.SessionKey` in wire spelling)."""

    project_key: str
    session_id: str
    subpath: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class MirrorErrorMessage(WireObject, SystemMessage):
    """``system/mirror_error``: entries mirrored from a transcript could not be stored (the store failed
    three times, timed out, or was too slow for the mirror's bounded buffer); they are dropped from the
    store, the CLI's local file still has them.  The SDK makes this message itself: the CLI never sends it."""

    SUBTYPE = "mirror_error"

    error: str
    key: MirrorErrorKey | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InformationalMessage(WireObject, SystemMessage):
    """``system/informational``: a message for the user (``level`` info/notice/suggestion/warning)."""

    SUBTYPE = "informational"

    content: str
    level: str | None = None
    tool_use_id: str | None = None
    prevent_continuation: bool | None = None
    tag: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SessionWritesLostMessage(WireObject, SystemMessage):
    """``system/session_writes_lost``: the disk is full; transcript writes were lost."""

    SUBTYPE = "session_writes_lost"

    error_code: str
    lost: tuple[str, ...]
    transcript_session_ids: tuple[str, ...] | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostTurnSummaryMessage(WireObject, SystemMessage):
    """``system/post_turn_summary`` (undocumented; fields kept in ``extra``)."""

    SUBTYPE = "post_turn_summary"

    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskSummaryMessage(WireObject, SystemMessage):
    """``system/task_summary`` (undocumented; fields kept in ``extra``)."""

    SUBTYPE = "task_summary"

    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SessionMetadataMessage(WireObject, SystemMessage):
    """``system/session_metadata`` (undocumented; fields kept in ``extra``)."""

    SUBTYPE = "session_metadata"

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
