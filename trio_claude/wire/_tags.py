"""The wire's spelling: tag tables, camelCase/snake_case keys and renames.

Every tag (``type``/``subtype``/``behavior``/``hook_event_name``/``hookEventName``) and every key that
differs from its Python field name is written here, and only here.

Classes are named here, not imported: a table looks a class up in :mod:`trio_claude.model` when a tag is
first used, so the model modules that the face loads on first use (hook inputs, on-demand answers) stay
unloaded until a frame needs one of their classes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from .. import model as m
from ..model._base import WireTag


def _named(names: Iterable[object]) -> None:
    """Check that ``names`` name classes (``"InitMessage"``), not hold them: a class object here would
    load its module at import, and would never match a class name."""
    for value in names:
        if not isinstance(value, str) or not value.isidentifier():
            raise TypeError(f"wire/_tags.py names model classes as strings, not {value!r}")


class ClassTable(Mapping[str, type]):
    """Tag → model class, the classes written by name (``names``) and looked up on first use."""

    def __init__(self, names: Mapping[str, str]) -> None:
        _named(names.values())
        self.names: dict[str, str] = dict(names)
        """Tag → class name."""

    def __getitem__(self, tag: str) -> type:
        cls: type = getattr(m, self.names[tag])
        return cls

    def __contains__(self, tag: object) -> bool:
        return tag in self.names

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


#: Top-level ``type`` → class.  ``system`` dispatches again on ``subtype``.
FRAME_TYPES = ClassTable(
    {
        "assistant": "AssistantMessage",
        "user": "UserMessage",
        "result": "ResultMessage",
        "stream_event": "StreamEvent",
        "tool_progress": "ToolProgressMessage",
        "auth_status": "AuthStatusMessage",
        "tool_use_summary": "ToolUseSummaryMessage",
        "rate_limit_event": "RateLimitEvent",
        "prompt_suggestion": "PromptSuggestionMessage",
        "conversation_reset": "ConversationResetMessage",
        "command_lifecycle": "CommandLifecycleMessage",
        "active_goal": "ActiveGoalMessage",
        "autocompact_state": "AutocompactStateMessage",
        "transcript_mirror": "TranscriptMirrorMessage",
        "keep_alive": "KeepAlive",
        "control_request": "ControlRequest",
        "control_response": "ControlResponse",
        "control_cancel_request": "ControlCancelRequest",
    }
)

#: ``system`` ``subtype`` → class.
SYSTEM_SUBTYPES = ClassTable(
    {
        "init": "InitMessage",
        "status": "StatusMessage",
        "compact_boundary": "CompactBoundaryMessage",
        "api_retry": "ApiRetryMessage",
        "control_request_progress": "ControlRequestProgressMessage",
        "model_refusal_fallback": "ModelRefusalFallbackMessage",
        "model_refusal_no_fallback": "ModelRefusalNoFallbackMessage",
        "local_command_output": "LocalCommandOutputMessage",
        "hook_started": "HookStartedMessage",
        "hook_progress": "HookProgressMessage",
        "hook_response": "HookResponseMessage",
        "plugin_install": "PluginInstallMessage",
        "task_started": "TaskStartedMessage",
        "task_progress": "TaskProgressMessage",
        "task_updated": "TaskUpdatedMessage",
        "task_notification": "TaskNotificationMessage",
        "background_tasks_changed": "BackgroundTasksChangedMessage",
        "thinking_tokens": "ThinkingTokensMessage",
        "session_state_changed": "SessionStateChangedMessage",
        "worker_shutting_down": "WorkerShuttingDownMessage",
        "commands_changed": "CommandsChangedMessage",
        "notification": "NotificationMessage",
        "files_persisted": "FilesPersistedMessage",
        "memory_recall": "MemoryRecallMessage",
        "elicitation_complete": "ElicitationCompleteMessage",
        "permission_denied": "PermissionDeniedMessage",
        "mirror_error": "MirrorErrorMessage",
        "informational": "InformationalMessage",
        "session_writes_lost": "SessionWritesLostMessage",
        "post_turn_summary": "PostTurnSummaryMessage",
        "task_summary": "TaskSummaryMessage",
        "session_metadata": "SessionMetadataMessage",
    }
)

#: Content block ``type`` → class.
BLOCK_TYPES = ClassTable(
    {
        "text": "TextBlock",
        "thinking": "ThinkingBlock",
        "redacted_thinking": "RedactedThinkingBlock",
        "tool_use": "ToolUseBlock",
        "tool_result": "ToolResultBlock",
        "server_tool_use": "ServerToolUseBlock",
        "web_search_tool_result": "ServerToolResultBlock",
        "web_fetch_tool_result": "ServerToolResultBlock",
        "code_execution_tool_result": "ServerToolResultBlock",
        "bash_code_execution_tool_result": "ServerToolResultBlock",
        "text_editor_code_execution_tool_result": "ServerToolResultBlock",
        "tool_search_tool_result": "ServerToolResultBlock",
        "mcp_tool_use": "McpToolUseBlock",
        "mcp_tool_result": "McpToolResultBlock",
        "image": "ImageBlock",
        "document": "DocumentBlock",
        "search_result": "SearchResultBlock",
        "container_upload": "ContainerUploadBlock",
    }
)

#: Control request ``subtype`` → body class.
CONTROL_SUBTYPES = ClassTable(
    {
        "initialize": "InitializeRequest",
        "interrupt": "InterruptRequest",
        "set_permission_mode": "SetPermissionModeRequest",
        "set_model": "SetModelRequest",
        "set_max_thinking_tokens": "SetMaxThinkingTokensRequest",
        "apply_flag_settings": "ApplyFlagSettingsRequest",
        "update_settings": "UpdateSettingsRequest",
        "get_settings": "GetSettingsRequest",
        "mcp_status": "McpStatusRequest",
        "mcp_reconnect": "McpReconnectRequest",
        "mcp_toggle": "McpToggleRequest",
        "mcp_set_servers": "McpSetServersRequest",
        "mcp_read_resource": "McpReadResourceRequest",
        "mcp_call": "McpCallRequest",
        "mcp_message": "McpMessageRequest",
        "rewind_files": "RewindFilesRequest",
        "get_context_usage": "GetContextUsageRequest",
        "get_usage": "GetUsageRequest",
        "get_session_cost": "GetSessionCostRequest",
        "get_binary_version": "GetBinaryVersionRequest",
        "list_models": "ListModelsRequest",
        "list_permission_rules": "ListPermissionRulesRequest",
        "get_hooks_listing": "GetHooksListingRequest",
        "get_task_output": "GetTaskOutputRequest",
        "stop_task": "StopTaskRequest",
        "background_tasks": "BackgroundTasksRequest",
        "cancel_async_message": "CancelAsyncMessageRequest",
        "seed_read_state": "SeedReadStateRequest",
        "read_file": "ReadFileRequest",
        "register_repo_root": "RegisterRepoRootRequest",
        "reload_plugins": "ReloadPluginsRequest",
        "reload_skills": "ReloadSkillsRequest",
        "reload_output_styles": "ReloadOutputStylesRequest",
        "rename_session": "RenameSessionRequest",
        "set_color": "SetColorRequest",
        "set_has_subscribers": "SetHasSubscribersRequest",
        "file_suggestions": "FileSuggestionsRequest",
        "can_use_tool": "CanUseToolRequest",
        "hook_callback": "HookCallbackRequest",
        "elicitation": "ElicitationRequest",
        "request_user_dialog": "RequestUserDialogRequest",
        "set_mcp_permission_mode_override": "SetMcpPermissionModeOverrideRequest",
        "claim_session": "ClaimSessionRequest",
    }
)

#: Permission update ``type`` → class (the model's ``PERMISSION_UPDATE_TYPES``, by name; a test checks both).
PERMISSION_UPDATE_TYPES = ClassTable(
    {
        "addRules": "AddRulesUpdate",
        "replaceRules": "ReplaceRulesUpdate",
        "removeRules": "RemoveRulesUpdate",
        "setMode": "SetModeUpdate",
        "addDirectories": "AddDirectoriesUpdate",
        "removeDirectories": "RemoveDirectoriesUpdate",
    }
)

PERMISSION_RESULT_BEHAVIORS = ClassTable({"allow": "PermissionResultAllow", "deny": "PermissionResultDeny"})

CONTROL_RESPONSE_SUBTYPES = ClassTable({"success": "ControlSuccess", "error": "ControlError"})

#: Hook input ``hook_event_name`` → class (the one place the event names are written: each class's
#: ``hook_event_name`` is set from here).
HOOK_INPUT_EVENTS = ClassTable(
    {
        "PreToolUse": "PreToolUseHookInput",
        "PostToolUse": "PostToolUseHookInput",
        "PostToolUseFailure": "PostToolUseFailureHookInput",
        "PostToolBatch": "PostToolBatchHookInput",
        "PermissionRequest": "PermissionRequestHookInput",
        "PermissionDenied": "PermissionDeniedHookInput",
        "Notification": "NotificationHookInput",
        "UserPromptSubmit": "UserPromptSubmitHookInput",
        "UserPromptExpansion": "UserPromptExpansionHookInput",
        "SessionStart": "SessionStartHookInput",
        "SessionEnd": "SessionEndHookInput",
        "Stop": "StopHookInput",
        "StopFailure": "StopFailureHookInput",
        "SubagentStart": "SubagentStartHookInput",
        "SubagentStop": "SubagentStopHookInput",
        "PreCompact": "PreCompactHookInput",
        "PostCompact": "PostCompactHookInput",
        "PreModelSwitch": "PreModelSwitchHookInput",
        "PostModelSwitch": "PostModelSwitchHookInput",
        "Setup": "SetupHookInput",
        "TeammateIdle": "TeammateIdleHookInput",
        "TaskCreated": "TaskCreatedHookInput",
        "TaskCompleted": "TaskCompletedHookInput",
        "Elicitation": "ElicitationHookInput",
        "ElicitationResult": "ElicitationResultHookInput",
        "ConfigChange": "ConfigChangeHookInput",
        "WorktreeCreate": "WorktreeCreateHookInput",
        "WorktreeRemove": "WorktreeRemoveHookInput",
        "InstructionsLoaded": "InstructionsLoadedHookInput",
        "CwdChanged": "CwdChangedHookInput",
        "FileChanged": "FileChangedHookInput",
        "DirectoryAdded": "DirectoryAddedHookInput",
        "MessageDisplay": "MessageDisplayHookInput",
        "PreSkillShellCommand": "PreSkillShellCommandHookInput",
    }
)

#: Event-specific hook output ``hookEventName`` → class.
HOOK_OUTPUT_EVENTS = ClassTable(
    {
        "PreToolUse": "PreToolUseHookSpecificOutput",
        "PostToolUse": "PostToolUseHookSpecificOutput",
        "PostToolUseFailure": "PostToolUseFailureHookSpecificOutput",
        "PostToolBatch": "PostToolBatchHookSpecificOutput",
        "Notification": "NotificationHookSpecificOutput",
        "UserPromptSubmit": "UserPromptSubmitHookSpecificOutput",
        "UserPromptExpansion": "UserPromptExpansionHookSpecificOutput",
        "SessionStart": "SessionStartHookSpecificOutput",
        "Setup": "SetupHookSpecificOutput",
        "Stop": "StopHookSpecificOutput",
        "SubagentStart": "SubagentStartHookSpecificOutput",
        "SubagentStop": "SubagentStopHookSpecificOutput",
        "PreModelSwitch": "PreModelSwitchHookSpecificOutput",
        "PostModelSwitch": "PostModelSwitchHookSpecificOutput",
        "PermissionRequest": "PermissionRequestHookSpecificOutput",
        "PermissionDenied": "PermissionDeniedHookSpecificOutput",
        "Elicitation": "ElicitationHookSpecificOutput",
        "ElicitationResult": "ElicitationResultHookSpecificOutput",
        "CwdChanged": "CwdChangedHookSpecificOutput",
        "FileChanged": "FileChangedHookSpecificOutput",
        "WorktreeCreate": "WorktreeCreateHookSpecificOutput",
        "MessageDisplay": "MessageDisplayHookSpecificOutput",
        "PreSkillShellCommand": "PreSkillShellCommandHookSpecificOutput",
    }
)

# --------------------------------------------------------------------------------------------------
# Spelling
# --------------------------------------------------------------------------------------------------

#: Classes whose keys are all camelCase on the wire.
CAMEL_CASE: frozenset[str] = frozenset(
    {
        "ModelUsage",
        "RateLimitInfo",
        "PermissionRuleValue",
        "PermissionResultAllow",
        "PermissionResultDeny",
        "SyncHookOutput",
        "AsyncHookOutput",
        *HOOK_OUTPUT_EVENTS.names.values(),
        "HookMatcherConfig",
        "InitializeRequest",
        "AgentDefinitionConfig",
        "SlashCommand",
        "ModelInfo",
        "AccountInfo",
        "McpStatusResponse",
        "McpServerStatus",
        "RewindFilesResponse",
        "ContextUsageResponse",
        "ContextCategory",
        "ContextGridCell",
        "ContextMemoryFile",
        "ContextMcpTool",
        "ContextMcpInstructions",
        "ContextDeferredTool",
        "ContextItemTokens",
        "ContextAgent",
        "ContextSlashCommands",
        "ContextSkillFrontmatter",
        "ContextSkills",
        "ContextToolCallTokens",
        "ContextMessageBreakdown",
        "McpResourceContents",
        "BinaryVersionResponse",
        "ReadFileResponse",
        "McpCallResponse",
        "McpStatusRequest",
        "MirrorErrorKey",
    }
)

#: Single keys that break their class's rule: ``(class, field) → wire key``.
RENAMES: dict[tuple[str, str], str] = {
    ("ModelUsage", "cost_usd"): "costUSD",
    ("PermissionResultAllow", "tool_use_id"): "toolUseID",
    ("PermissionResultDeny", "tool_use_id"): "toolUseID",
    ("InitMessage", "permission_mode"): "permissionMode",
    ("InitMessage", "api_key_source"): "apiKeySource",
    ("StatusMessage", "permission_mode"): "permissionMode",
    ("UserMessage", "is_replay"): "isReplay",
    ("UserMessage", "is_synthetic"): "isSynthetic",
    ("UserMessage", "should_query"): "shouldQuery",
    ("ResultMessage", "model_usage"): "modelUsage",
    ("McpReconnectRequest", "server_name"): "serverName",
    ("McpToggleRequest", "server_name"): "serverName",
    ("McpReadResourceRequest", "server_name"): "serverName",
    ("SetMcpPermissionModeOverrideRequest", "server_name"): "serverName",
    ("McpResourceContents", "meta"): "_meta",
    ("McpCallResponse", "meta"): "_meta",
    ("AuthStatusMessage", "is_authenticating"): "isAuthenticating",
    ("ReloadPluginsResponse", "mcp_servers"): "mcpServers",
    ("PostToolUseHookSpecificOutput", "updated_mcp_tool_output"): "updatedMCPToolOutput",
    ("TranscriptMirrorMessage", "file_path"): "filePath",
    ("AgentDefinitionConfig", "critical_system_reminder_experimental"): "criticalSystemReminder_EXPERIMENTAL",
}


_named(CAMEL_CASE)
_named([name for name, _ in RENAMES])


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def wire_name(cls: type, field: str) -> str:
    """The JSON key of ``cls.field``."""
    renamed = RENAMES.get((cls.__name__, field))
    if renamed is not None:
        return renamed
    field = field.rstrip("_")  # continue_ -> continue, async_ -> async
    return _camel(field) if cls.__name__ in CAMEL_CASE else field


TAG_TABLES: tuple[tuple[ClassTable, str], ...] = (
    (SYSTEM_SUBTYPES, "subtype"),  # first: a system message's tags are ``type: system`` and its subtype
    (FRAME_TYPES, "type"),
    (BLOCK_TYPES, "type"),
    (CONTROL_SUBTYPES, "subtype"),
    (PERMISSION_UPDATE_TYPES, "type"),
    (PERMISSION_RESULT_BEHAVIORS, "behavior"),
    (CONTROL_RESPONSE_SUBTYPES, "subtype"),
    (HOOK_INPUT_EVENTS, "hook_event_name"),
    (HOOK_OUTPUT_EVENTS, "hookEventName"),
)
"""Every tag table with the key it dispatches on, the first table naming a class deciding its tags."""


def _places() -> dict[str, list[tuple[ClassTable, str, str]]]:
    """Class name → ``(table, key, tag)`` for each place a table names it, in the order of the tables."""
    places: dict[str, list[tuple[ClassTable, str, str]]] = {}
    for table, key in TAG_TABLES:
        for tag, name in table.names.items():
            places.setdefault(name, []).append((table, key, tag))
    return places


_PLACES = _places()
_TAGS: dict[type, dict[str, str]] = {}


def class_tags(cls: type) -> Mapping[str, str]:
    """The constant keys ``cls`` writes (its ``type``, ``subtype`` or ``behavior``), found once per class:
    the first table naming it decides, but a block that keeps its own ``type`` field (several tags, one
    class) has none."""
    found = _TAGS.get(cls)
    if found is None:
        found = {}
        for table, key, tag in _PLACES.get(cls.__name__, ()):
            if table[tag] is not cls:
                break  # a class of the same name that is not the model's
            if table is BLOCK_TYPES and "type" in attrs.fields_dict(cls):
                continue
            found = {"type": "system", key: tag} if table is SYSTEM_SUBTYPES else {key: tag}
            break
        _TAGS[cls] = found
    return found


def tags(cls: type) -> dict[str, str]:
    """The constant keys ``cls`` writes (its ``type``, ``subtype`` or ``behavior``)."""
    return dict(class_tags(cls))


def _tag_value(cls: type) -> str:
    """A hook class's event name (``hook_event_name``, a :class:`~trio_claude.model._base.WireTag` the model
    declares), from the tables above, so that the names are written once."""
    found: Any = class_tags(cls)
    if len(found) != 1:
        raise AttributeError(f"{cls.__name__} has no tag of its own")
    value: str = next(iter(found.values()))
    return value


WireTag.lookup = _tag_value
