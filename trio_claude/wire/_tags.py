"""The wire's spelling: tag tables, camelCase/snake_case keys and renames.

Every tag (``type``/``subtype``/``behavior``/``hook_event_name``/``hookEventName``) and every key that
differs from its Python field name is written here, and only here.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from .. import model as m

#: Top-level ``type`` → class.  ``system`` dispatches again on ``subtype``.
FRAME_TYPES: dict[str, type] = {
    "assistant": m.AssistantMessage,
    "user": m.UserMessage,
    "result": m.ResultMessage,
    "stream_event": m.StreamEvent,
    "tool_progress": m.ToolProgressMessage,
    "auth_status": m.AuthStatusMessage,
    "tool_use_summary": m.ToolUseSummaryMessage,
    "rate_limit_event": m.RateLimitEvent,
    "prompt_suggestion": m.PromptSuggestionMessage,
    "conversation_reset": m.ConversationResetMessage,
    "command_lifecycle": m.CommandLifecycleMessage,
    "active_goal": m.ActiveGoalMessage,
    "autocompact_state": m.AutocompactStateMessage,
    "transcript_mirror": m.TranscriptMirrorMessage,
    "keep_alive": m.KeepAlive,
    "control_request": m.ControlRequest,
    "control_response": m.ControlResponse,
    "control_cancel_request": m.ControlCancelRequest,
}

#: ``system`` ``subtype`` → class.
SYSTEM_SUBTYPES: dict[str, type] = {
    "init": m.InitMessage,
    "status": m.StatusMessage,
    "compact_boundary": m.CompactBoundaryMessage,
    "api_retry": m.ApiRetryMessage,
    "control_request_progress": m.ControlRequestProgressMessage,
    "model_refusal_fallback": m.ModelRefusalFallbackMessage,
    "model_refusal_no_fallback": m.ModelRefusalNoFallbackMessage,
    "local_command_output": m.LocalCommandOutputMessage,
    "hook_started": m.HookStartedMessage,
    "hook_progress": m.HookProgressMessage,
    "hook_response": m.HookResponseMessage,
    "plugin_install": m.PluginInstallMessage,
    "task_started": m.TaskStartedMessage,
    "task_progress": m.TaskProgressMessage,
    "task_updated": m.TaskUpdatedMessage,
    "task_notification": m.TaskNotificationMessage,
    "background_tasks_changed": m.BackgroundTasksChangedMessage,
    "thinking_tokens": m.ThinkingTokensMessage,
    "session_state_changed": m.SessionStateChangedMessage,
    "worker_shutting_down": m.WorkerShuttingDownMessage,
    "commands_changed": m.CommandsChangedMessage,
    "notification": m.NotificationMessage,
    "files_persisted": m.FilesPersistedMessage,
    "memory_recall": m.MemoryRecallMessage,
    "elicitation_complete": m.ElicitationCompleteMessage,
    "permission_denied": m.PermissionDeniedMessage,
    "mirror_error": m.MirrorErrorMessage,
    "informational": m.InformationalMessage,
    "session_writes_lost": m.SessionWritesLostMessage,
    "post_turn_summary": m.PostTurnSummaryMessage,
    "task_summary": m.TaskSummaryMessage,
    "session_metadata": m.SessionMetadataMessage,
}

#: Content block ``type`` → class.
BLOCK_TYPES: dict[str, type] = {
    "text": m.TextBlock,
    "thinking": m.ThinkingBlock,
    "redacted_thinking": m.RedactedThinkingBlock,
    "tool_use": m.ToolUseBlock,
    "tool_result": m.ToolResultBlock,
    "server_tool_use": m.ServerToolUseBlock,
    "web_search_tool_result": m.ServerToolResultBlock,
    "web_fetch_tool_result": m.ServerToolResultBlock,
    "code_execution_tool_result": m.ServerToolResultBlock,
    "bash_code_execution_tool_result": m.ServerToolResultBlock,
    "text_editor_code_execution_tool_result": m.ServerToolResultBlock,
    "tool_search_tool_result": m.ServerToolResultBlock,
    "mcp_tool_use": m.McpToolUseBlock,
    "mcp_tool_result": m.McpToolResultBlock,
    "image": m.ImageBlock,
    "document": m.DocumentBlock,
    "search_result": m.SearchResultBlock,
    "container_upload": m.ContainerUploadBlock,
}

#: Control request ``subtype`` → body class.
CONTROL_SUBTYPES: dict[str, type] = {
    "initialize": m.InitializeRequest,
    "interrupt": m.InterruptRequest,
    "set_permission_mode": m.SetPermissionModeRequest,
    "set_model": m.SetModelRequest,
    "set_max_thinking_tokens": m.SetMaxThinkingTokensRequest,
    "apply_flag_settings": m.ApplyFlagSettingsRequest,
    "update_settings": m.UpdateSettingsRequest,
    "get_settings": m.GetSettingsRequest,
    "mcp_status": m.McpStatusRequest,
    "mcp_reconnect": m.McpReconnectRequest,
    "mcp_toggle": m.McpToggleRequest,
    "mcp_set_servers": m.McpSetServersRequest,
    "mcp_read_resource": m.McpReadResourceRequest,
    "mcp_call": m.McpCallRequest,
    "mcp_message": m.McpMessageRequest,
    "rewind_files": m.RewindFilesRequest,
    "get_context_usage": m.GetContextUsageRequest,
    "get_usage": m.GetUsageRequest,
    "get_session_cost": m.GetSessionCostRequest,
    "get_binary_version": m.GetBinaryVersionRequest,
    "list_models": m.ListModelsRequest,
    "list_permission_rules": m.ListPermissionRulesRequest,
    "get_hooks_listing": m.GetHooksListingRequest,
    "get_task_output": m.GetTaskOutputRequest,
    "stop_task": m.StopTaskRequest,
    "background_tasks": m.BackgroundTasksRequest,
    "cancel_async_message": m.CancelAsyncMessageRequest,
    "seed_read_state": m.SeedReadStateRequest,
    "read_file": m.ReadFileRequest,
    "register_repo_root": m.RegisterRepoRootRequest,
    "reload_plugins": m.ReloadPluginsRequest,
    "reload_skills": m.ReloadSkillsRequest,
    "reload_output_styles": m.ReloadOutputStylesRequest,
    "rename_session": m.RenameSessionRequest,
    "set_color": m.SetColorRequest,
    "set_has_subscribers": m.SetHasSubscribersRequest,
    "file_suggestions": m.FileSuggestionsRequest,
    "can_use_tool": m.CanUseToolRequest,
    "hook_callback": m.HookCallbackRequest,
    "elicitation": m.ElicitationRequest,
    "request_user_dialog": m.RequestUserDialogRequest,
    "set_mcp_permission_mode_override": m.SetMcpPermissionModeOverrideRequest,
    "claim_session": m.ClaimSessionRequest,
}

PERMISSION_UPDATE_TYPES: dict[str, type] = dict(m.PERMISSION_UPDATE_TYPES)

PERMISSION_RESULT_BEHAVIORS: dict[str, type] = {
    "allow": m.PermissionResultAllow,
    "deny": m.PermissionResultDeny,
}

CONTROL_RESPONSE_SUBTYPES: dict[str, type] = {"success": m.ControlSuccess, "error": m.ControlError}

#: Hook input ``hook_event_name`` → class (the one place the event names are written: each class's
#: ``hook_event_name`` is set from here).
HOOK_INPUT_EVENTS: dict[str, type[m.BaseHookInput]] = {
    "PreToolUse": m.PreToolUseHookInput,
    "PostToolUse": m.PostToolUseHookInput,
    "PostToolUseFailure": m.PostToolUseFailureHookInput,
    "PostToolBatch": m.PostToolBatchHookInput,
    "PermissionRequest": m.PermissionRequestHookInput,
    "PermissionDenied": m.PermissionDeniedHookInput,
    "Notification": m.NotificationHookInput,
    "UserPromptSubmit": m.UserPromptSubmitHookInput,
    "UserPromptExpansion": m.UserPromptExpansionHookInput,
    "SessionStart": m.SessionStartHookInput,
    "SessionEnd": m.SessionEndHookInput,
    "Stop": m.StopHookInput,
    "StopFailure": m.StopFailureHookInput,
    "SubagentStart": m.SubagentStartHookInput,
    "SubagentStop": m.SubagentStopHookInput,
    "PreCompact": m.PreCompactHookInput,
    "PostCompact": m.PostCompactHookInput,
    "PreModelSwitch": m.PreModelSwitchHookInput,
    "PostModelSwitch": m.PostModelSwitchHookInput,
    "Setup": m.SetupHookInput,
    "TeammateIdle": m.TeammateIdleHookInput,
    "TaskCreated": m.TaskCreatedHookInput,
    "TaskCompleted": m.TaskCompletedHookInput,
    "Elicitation": m.ElicitationHookInput,
    "ElicitationResult": m.ElicitationResultHookInput,
    "ConfigChange": m.ConfigChangeHookInput,
    "WorktreeCreate": m.WorktreeCreateHookInput,
    "WorktreeRemove": m.WorktreeRemoveHookInput,
    "InstructionsLoaded": m.InstructionsLoadedHookInput,
    "CwdChanged": m.CwdChangedHookInput,
    "FileChanged": m.FileChangedHookInput,
    "DirectoryAdded": m.DirectoryAddedHookInput,
    "MessageDisplay": m.MessageDisplayHookInput,
}

#: Event-specific hook output ``hookEventName`` → class.
HOOK_OUTPUT_EVENTS: dict[str, type[m.BaseHookSpecificOutput]] = {
    "PreToolUse": m.PreToolUseHookSpecificOutput,
    "PostToolUse": m.PostToolUseHookSpecificOutput,
    "PostToolUseFailure": m.PostToolUseFailureHookSpecificOutput,
    "PostToolBatch": m.PostToolBatchHookSpecificOutput,
    "Notification": m.NotificationHookSpecificOutput,
    "UserPromptSubmit": m.UserPromptSubmitHookSpecificOutput,
    "UserPromptExpansion": m.UserPromptExpansionHookSpecificOutput,
    "SessionStart": m.SessionStartHookSpecificOutput,
    "Setup": m.SetupHookSpecificOutput,
    "Stop": m.StopHookSpecificOutput,
    "SubagentStart": m.SubagentStartHookSpecificOutput,
    "SubagentStop": m.SubagentStopHookSpecificOutput,
    "PreModelSwitch": m.PreModelSwitchHookSpecificOutput,
    "PostModelSwitch": m.PostModelSwitchHookSpecificOutput,
    "PermissionRequest": m.PermissionRequestHookSpecificOutput,
    "PermissionDenied": m.PermissionDeniedHookSpecificOutput,
    "Elicitation": m.ElicitationHookSpecificOutput,
    "ElicitationResult": m.ElicitationResultHookSpecificOutput,
    "CwdChanged": m.CwdChangedHookSpecificOutput,
    "FileChanged": m.FileChangedHookSpecificOutput,
    "WorktreeCreate": m.WorktreeCreateHookSpecificOutput,
    "MessageDisplay": m.MessageDisplayHookSpecificOutput,
}

# --------------------------------------------------------------------------------------------------
# Spelling
# --------------------------------------------------------------------------------------------------

#: Classes whose keys are all camelCase on the wire.
CAMEL_CASE: frozenset[type] = frozenset(
    {
        m.ModelUsage,
        m.RateLimitInfo,
        m.PermissionRuleValue,
        m.PermissionResultAllow,
        m.PermissionResultDeny,
        m.SyncHookOutput,
        m.AsyncHookOutput,
        *m.HOOK_SPECIFIC_OUTPUT_CLASSES,
        m.HookMatcherConfig,
        m.InitializeRequest,
        m.AgentDefinitionConfig,
        m.SlashCommand,
        m.ModelInfo,
        m.AccountInfo,
        m.McpStatusResponse,
        m.McpServerStatus,
        m.RewindFilesResponse,
        m.ContextUsageResponse,
        m.ContextCategory,
        m.ContextGridCell,
        m.ContextMemoryFile,
        m.ContextMcpTool,
        m.ContextMcpInstructions,
        m.ContextDeferredTool,
        m.ContextItemTokens,
        m.ContextAgent,
        m.ContextSlashCommands,
        m.ContextSkillFrontmatter,
        m.ContextSkills,
        m.ContextToolCallTokens,
        m.ContextMessageBreakdown,
        m.McpResourceContents,
        m.BinaryVersionResponse,
        m.ReadFileResponse,
        m.McpCallResponse,
        m.McpStatusRequest,
        m.MirrorErrorKey,
    }
)

#: Single keys that break their class's rule: ``(class, field) → wire key``.
RENAMES: dict[tuple[type, str], str] = {
    (m.ModelUsage, "cost_usd"): "costUSD",
    (m.PermissionResultAllow, "tool_use_id"): "toolUseID",
    (m.PermissionResultDeny, "tool_use_id"): "toolUseID",
    (m.InitMessage, "permission_mode"): "permissionMode",
    (m.InitMessage, "api_key_source"): "apiKeySource",
    (m.StatusMessage, "permission_mode"): "permissionMode",
    (m.UserMessage, "is_replay"): "isReplay",
    (m.UserMessage, "is_synthetic"): "isSynthetic",
    (m.UserMessage, "should_query"): "shouldQuery",
    (m.ResultMessage, "model_usage"): "modelUsage",
    (m.McpReconnectRequest, "server_name"): "serverName",
    (m.McpToggleRequest, "server_name"): "serverName",
    (m.McpReadResourceRequest, "server_name"): "serverName",
    (m.SetMcpPermissionModeOverrideRequest, "server_name"): "serverName",
    (m.McpResourceContents, "meta"): "_meta",
    (m.AuthStatusMessage, "is_authenticating"): "isAuthenticating",
    (m.ReloadPluginsResponse, "mcp_servers"): "mcpServers",
    (m.PostToolUseHookSpecificOutput, "updated_mcp_tool_output"): "updatedMCPToolOutput",
    (m.TranscriptMirrorMessage, "file_path"): "filePath",
    (m.AgentDefinitionConfig, "critical_system_reminder_experimental"): "criticalSystemReminder_EXPERIMENTAL",
}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def wire_name(cls: type, field: str) -> str:
    """The JSON key of ``cls.field``."""
    renamed = RENAMES.get((cls, field))
    if renamed is not None:
        return renamed
    field = field.rstrip("_")  # continue_ -> continue, async_ -> async
    return _camel(field) if cls in CAMEL_CASE else field


TAG_TABLES: tuple[tuple[Mapping[str, type], str], ...] = (
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


def _tag_index() -> dict[type, dict[str, str]]:
    index: dict[type, dict[str, str]] = {}
    for table, key in TAG_TABLES:
        for tag, cls in table.items():
            if cls in index:
                continue  # the first tag (or table) naming a class is the one it writes
            if table is BLOCK_TYPES and "type" in attrs.fields_dict(cls):
                continue  # a block that keeps its own ``type`` field (several tags, one class)
            index[cls] = {"type": "system", key: tag} if table is SYSTEM_SUBTYPES else {key: tag}
    return index


_TAGS = _tag_index()


def tags(cls: type) -> dict[str, str]:
    """The constant keys ``cls`` writes (its ``type``, ``subtype`` or ``behavior``)."""
    return dict(_TAGS.get(cls, {}))


def _name_hook_events() -> None:
    """Give every hook class its event name (``hook_event_name``, a class attribute the model declares)
    from the tables above, so that the names are written once."""
    for inputs_event, input_cls in HOOK_INPUT_EVENTS.items():
        input_cls.hook_event_name = inputs_event
    for output_event, output_cls in HOOK_OUTPUT_EVENTS.items():
        output_cls.hook_event_name = output_event


_name_hook_events()
