"""Official-SDK imports: ``from claude_agent_sdk import X`` becomes ``from trio_claude import X``.  Each name
the official package exports either imports (the same concept) or fails at once with an ``ImportError``
that says what to use instead, never Python's bare "cannot import name"."""

from __future__ import annotations

import importlib

import pytest

import trio_claude
import trio_claude.model

#: The official package's ``__all__`` (claude-agent-sdk 0.2.189, its ``__init__.py``), by name.
OFFICIAL_NAMES = """
query __version__ Transport ClaudeSDKClient PermissionMode EffortLevel McpServerConfig McpSdkServerConfig
McpServerStatus McpServerStatusConfig McpServerConnectionStatus McpServerInfo McpStatusResponse
McpToolAnnotations McpToolInfo UserMessage AssistantMessage SystemMessage SystemInitData SystemInitMcpServer
SystemInitPlugin SystemInitPluginError FastModeState FastModeDisabledReason TaskStartedMessage
TaskProgressMessage TaskUpdatedMessage TaskNotificationMessage TaskNotificationStatus TaskUpdatedStatus
TERMINAL_TASK_STATUSES TaskUsage ResultMessage ModelUsage DeferredToolUse RateLimitEvent RateLimitInfo
RateLimitStatus RateLimitType StreamEvent ConversationResetMessage Message MessageOrigin MessageOriginKind
TaskNotificationOriginSubkind ClaudeAgentOptions TaskBudget TextBlock ThinkingBlock ThinkingConfig
ThinkingConfigAdaptive ThinkingConfigEnabled ThinkingConfigDisabled ToolUseBlock ToolResultBlock
ServerToolName ServerToolUseBlock ServerToolResultBlock ContentBlock ContextUsageCategory
ContextUsageResponse CanUseTool CanUseToolShadowedWarning ToolPermissionContext PermissionResult
PermissionResultAllow PermissionResultDeny PermissionUpdate HookCallback HookContext HookInput
HookEventMessage BaseHookInput PreToolUseHookInput PostToolUseHookInput PostToolUseFailureHookInput
PostToolUseFailureHookSpecificOutput UserPromptSubmitHookInput StopHookInput SubagentStopHookInput
PreCompactHookInput NotificationHookInput SubagentStartHookInput PermissionRequestHookInput
NotificationHookSpecificOutput SubagentStartHookSpecificOutput PermissionRequestHookSpecificOutput
PreToolUseHookSpecificOutput PostToolUseHookSpecificOutput UserPromptSubmitHookSpecificOutput
SessionStartHookSpecificOutput HookEffort BackgroundTaskSummary SessionCronSummary
UserPromptExpansionHookSpecificOutput PostToolBatchHookSpecificOutput StopHookSpecificOutput
SubagentStopHookSpecificOutput PermissionDeniedHookSpecificOutput PreModelSwitchHookSpecificOutput
PostModelSwitchHookSpecificOutput ElicitationHookSpecificOutput ElicitationResultHookSpecificOutput
CwdChangedHookSpecificOutput FileChangedHookSpecificOutput WorktreeCreateHookSpecificOutput
MessageDisplayHookSpecificOutput HookJSONOutput HookMatcher AgentDefinition SettingSource SdkPluginConfig
list_sessions get_session_info get_session_messages list_subagents get_subagent_messages SDKSessionInfo
SessionMessage SessionKey SessionStore SessionStoreEntry SessionStoreFlushMode SessionStoreListEntry
SessionSummaryEntry SessionListSubkeysKey InMemorySessionStore fold_session_summary MirrorErrorMessage
project_key_for_directory import_session_to_store list_sessions_from_store get_session_info_from_store
get_session_messages_from_store list_subagents_from_store get_subagent_messages_from_store rename_session
tag_session delete_session fork_session ForkSessionResult rename_session_via_store tag_session_via_store
delete_session_via_store fork_session_via_store SdkBeta SandboxSettings SandboxNetworkConfig
SandboxIgnoreViolations create_sdk_mcp_server tool SdkMcpTool ToolAnnotations ClaudeSDKError
CLIConnectionError CLINotFoundError ProcessError ResultError CLIJSONDecodeError
""".split()  # noqa: SIM905

#: The other public names of the official ``claude_agent_sdk.types`` (official code imports from there too).
OFFICIAL_TYPES_NAMES = """
AssistantMessageError AsyncHookJSONOutput ControlErrorResponse ControlResponse HookSpecificOutput
McpClaudeAIProxyServerConfig McpHttpServerConfig McpSSEServerConfig McpSdkServerConfigStatus
McpStdioServerConfig PermissionBehavior PermissionUpdateDestination PostToolUseHookSpecificOutput
PreToolUseHookSpecificOutput SDKControlInitializeRequest SDKControlInterruptRequest
SDKControlMcpMessageRequest SDKControlMcpReconnectRequest SDKControlMcpToggleRequest
SDKControlPermissionRequest SDKControlRequest SDKControlResponse SDKControlRewindFilesRequest
SDKControlSetPermissionModeRequest SDKControlStopTaskRequest SDKHookCallbackRequest
SessionStartHookSpecificOutput SyncHookJSONOutput UserPromptSubmitHookSpecificOutput
""".split()  # noqa: SIM905

#: Names the official package exports that name something else here (the import must say what instead).
DIFFERENT = {"McpServerInfo", "ControlResponse"}


def _import(name: str) -> object:
    namespace: dict[str, object] = {}
    exec(f"from trio_claude import {name}", namespace)  # the import statement itself is tested
    return namespace[name]


@pytest.mark.parametrize("name", OFFICIAL_NAMES + OFFICIAL_TYPES_NAMES)
def test_every_official_name_imports_or_says_what_instead(name: str) -> None:
    try:
        value = _import(name)
    except ImportError as error:
        message = str(error)
        assert not message.startswith("cannot import name"), message
        assert f"trio_claude has no {name}" in message, message
        return
    assert name not in DIFFERENT
    # A name that imports is the same thing as the model's class of that name, if there is one.
    if name in vars(trio_claude.model):
        assert value is getattr(trio_claude.model, name)


def test_there_are_159_official_names() -> None:
    assert len(OFFICIAL_NAMES) == len(set(OFFICIAL_NAMES)) == 159


def test_the_names_that_differ_point_at_ours() -> None:
    examples = {
        "Transport": "spawn",
        "ResultError": "is_error",
        "CLIJSONDecodeError": "invalid_lines",
        "McpServerInfo": "server_info",
        "HookEventMessage": "HookStartedMessage",
        "SandboxSettings": "sandbox=",
        "McpSdkServerConfig": "create_sdk_mcp_server",
        "ContextUsageCategory": "ContextCategory",
        "RateLimitStatus": "str",
        "SystemInitData": "InitMessage",
        "SystemInitPluginError": "PluginError",
        "FastModeState": "str",
        "BackgroundTaskSummary": "background_tasks",
        "SessionCronSummary": "session_crons",
    }
    for name, hint in examples.items():
        with pytest.raises(ImportError, match=hint):
            _import(name)


def test_hook_inputs_import_from_the_top_level() -> None:
    from trio_claude import (  # the official hooks example's imports
        HookInput,
        PreToolUseHookInput,
        PreToolUseHookSpecificOutput,  # official annotations, from .types
    )

    assert PreToolUseHookSpecificOutput is trio_claude.model.PreToolUseHookSpecificOutput

    assert PreToolUseHookInput is trio_claude.model.PreToolUseHookInput
    assert HookInput is trio_claude.model.HookInput


def test_other_attributes_still_fail_as_usual() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        trio_claude.nonsense  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("trio_claude.nonsense")
