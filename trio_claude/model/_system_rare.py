"""The ``system`` frames a plain query does not meet, one class per ``subtype``: tasks and subagents, hook
events, refusals, retries, compaction, notices, files, memory, plugins...

Loaded on first use (the model face's ``__getattr__``; the converter's tag table when the CLI sends one), so
that a plain session does not create these classes.  The frames every query meets (``init``, ``status``,
``session_state_changed``, ``thinking_tokens``) and those the session acts on are in :mod:`._system`, with
:class:`SystemMessage`, the base of every one.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ._base import EMPTY_LIST, JSONObject, JSONValue, WireObject
from ._system import SystemMessage


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
    retracted_message_uuids: Sequence[str] | None = None
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
    resource_links: Sequence[JSONObject] | None = None
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

    tasks: Sequence[BackgroundTask]
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

    files: Sequence[JSONObject]
    failed: Sequence[JSONObject] = EMPTY_LIST
    processed_at: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class MemoryRecallMessage(WireObject, SystemMessage):
    """``system/memory_recall``: memories recalled for the turn."""

    SUBTYPE = "memory_recall"

    mode: str
    memories: Sequence[JSONObject]
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
    lost: Sequence[str]
    transcript_session_ids: Sequence[str] | None = None
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
