"""trio_claude: a Trio-native Python SDK for the Claude Code agent.

Sessions are nurseries owned by the caller (:func:`open_session`, :func:`open_query`); every message is a
typed, frozen object (:mod:`trio_claude.model`); the protocol core is sans-IO (:mod:`trio_claude.protocol`).

The model classes the official ``claude_agent_sdk`` exports from its top level are re-exported here too, so
``from claude_agent_sdk import X`` becomes ``from trio_claude import X``; an official name that has no
namesake here raises an ``ImportError`` saying what to use instead (``_official_names.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._config._agents import AgentDefinition as AgentDefinition
from ._config._callbacks import (
    CanUseTool as CanUseTool,
    ElicitationContext as ElicitationContext,
    ElicitationResponseDeferred as ElicitationResponseDeferred,
    OnElicitation as OnElicitation,
    OnUserDialog as OnUserDialog,
    PermissionResultDeferred as PermissionResultDeferred,
    StderrCallback as StderrCallback,
    ToolPermissionContext as ToolPermissionContext,
    UserDialogContext as UserDialogContext,
    UserDialogResponseDeferred as UserDialogResponseDeferred,
)
from ._config._command import CLICommand as CLICommand
from ._config._discovery import find_cli as find_cli
from ._config._hooks import (
    HOOK_TIMEOUT_MARGIN as HOOK_TIMEOUT_MARGIN,
    HookCallback as HookCallback,
    HookContext as HookContext,
    HookEvent as HookEvent,
    HookFailurePolicy as HookFailurePolicy,
    HookMap as HookMap,
    HookMatcher as HookMatcher,
)
from ._config._install import (
    TESTED_CLI_VERSION as TESTED_CLI_VERSION,
    CLIInstallError as CLIInstallError,
    install_cli as install_cli,
)
from ._config._mcp_servers import McpServers as McpServers
from ._config._official_names import no_such_name as _no_such_name
from ._config._options import (
    SYSTEM_PROMPT_DYNAMIC_BOUNDARY as SYSTEM_PROMPT_DYNAMIC_BOUNDARY,
    AskUserQuestionConfig as AskUserQuestionConfig,
    ClaudeAgentOptions as ClaudeAgentOptions,
    EffortLevel as EffortLevel,
    SdkPluginConfig as SdkPluginConfig,
    SettingSource as SettingSource,
    SystemPromptCustom as SystemPromptCustom,
    SystemPromptFile as SystemPromptFile,
    SystemPromptPreset as SystemPromptPreset,
    TaskBudget as TaskBudget,
    ThinkingConfig as ThinkingConfig,
    ThinkingConfigAdaptive as ThinkingConfigAdaptive,
    ThinkingConfigDisabled as ThinkingConfigDisabled,
    ThinkingConfigEnabled as ThinkingConfigEnabled,
    ThinkingDisplay as ThinkingDisplay,
    ToolConfig as ToolConfig,
    ToolsPreset as ToolsPreset,
)
from ._config._plan import LaunchPlan as LaunchPlan
from ._config._store import (
    SessionKey as SessionKey,
    SessionListSubkeysKey as SessionListSubkeysKey,
    SessionStore as SessionStore,
    SessionStoreEntry as SessionStoreEntry,
    SessionStoreFlushMode as SessionStoreFlushMode,
    SessionStoreListEntry as SessionStoreListEntry,
    SessionSummaryEntry as SessionSummaryEntry,
    check_project_key as check_project_key,
    check_session_key as check_session_key,
    session_key_for_file as session_key_for_file,
    store_implements as store_implements,
)
from ._errors import (
    ClaudeSDKError as ClaudeSDKError,
    CLIConnectionError as CLIConnectionError,
    CLINotFoundError as CLINotFoundError,
    ControlRequestError as ControlRequestError,
    ElicitationRequestNotPendingError as ElicitationRequestNotPendingError,
    IncompatibleDependencyError as IncompatibleDependencyError,
    InitializeTimeoutError as InitializeTimeoutError,
    MessageParseError as MessageParseError,
    PermissionRequestNotPendingError as PermissionRequestNotPendingError,
    RequestNotPendingError as RequestNotPendingError,
    SessionStoreClosedError as SessionStoreClosedError,
    SessionStoreError as SessionStoreError,
    SessionStoreLoadError as SessionStoreLoadError,
    UnknownCLIVersionError as UnknownCLIVersionError,
    UnsupportedCapabilityError as UnsupportedCapabilityError,
    UnsupportedOptionError as UnsupportedOptionError,
    UnsupportedRequestError as UnsupportedRequestError,
    UserDialogRequestNotPendingError as UserDialogRequestNotPendingError,
)
from ._exports import fix_module as _fix_module, on_first_use as _on_first_use, public_names as _public_names
from ._handlers._hooks import (
    HookTimeoutError as HookTimeoutError,
    InvalidHookAnswerError as InvalidHookAnswerError,
)
from ._handlers._permissions import CanUseToolShadowedWarning as CanUseToolShadowedWarning
from ._mcp._package import (
    McpPackageServer as McpPackageServer,
    McpPackageServerConfig as McpPackageServerConfig,
)
from ._mcp._policy import McpServerToolPolicy as McpServerToolPolicy
from ._mcp._server import SdkMcpServer as SdkMcpServer, create_sdk_mcp_server as create_sdk_mcp_server
from ._runtime._buffer import BatchStream as BatchStream, MessageStream as MessageStream
from ._runtime._errors import ClaimRefusedError as ClaimRefusedError, ProcessError as ProcessError
from ._runtime._launch import launch_plan as launch_plan
from ._runtime._open import open_query as open_query, open_session as open_session
from ._runtime._process import CLIProcess as CLIProcess, Spawn as Spawn, prefixed_spawn as prefixed_spawn
from ._runtime._prompts import Prompt as Prompt
from ._runtime._query import Query as Query
from ._runtime._session import ClaudeSession as ClaudeSession, SessionStatistics as SessionStatistics
from ._version import __version__ as __version__
from .model import (
    BUILTIN_TOOL_NAMES as BUILTIN_TOOL_NAMES,
    EXIT_REASONS as EXIT_REASONS,
    LEGACY_TOOL_NAME_ALIASES as LEGACY_TOOL_NAME_ALIASES,
    ORG_POLICY_LIMIT_PREFIXES as ORG_POLICY_LIMIT_PREFIXES,
    TERMINAL_TASK_STATUSES as TERMINAL_TASK_STATUSES,
    USAGE_LIMIT_ERROR_PREFIXES as USAGE_LIMIT_ERROR_PREFIXES,
    USAGE_TRANSITION_PREFIXES as USAGE_TRANSITION_PREFIXES,
    USAGE_WARNING_PREFIXES as USAGE_WARNING_PREFIXES,
    AssistantMessage as AssistantMessage,
    BuiltinToolName as BuiltinToolName,
    DeferredToolUse as DeferredToolUse,
    ExitReason as ExitReason,
    ModelUsage as ModelUsage,
    PermissionMode as PermissionMode,
    RateLimitEvent as RateLimitEvent,
    RateLimitInfo as RateLimitInfo,
    ResultMessage as ResultMessage,
    StreamEvent as StreamEvent,
    SystemMessage as SystemMessage,
    TextBlock as TextBlock,
    ThinkingBlock as ThinkingBlock,
    ToolResultBlock as ToolResultBlock,
    ToolUseBlock as ToolUseBlock,
    UserMessage as UserMessage,
)

if TYPE_CHECKING:  # loaded on first use (see __getattr__): a plain session does not need them
    from ._config._claim import ClaimedSession as ClaimedSession, ClaimOptions as ClaimOptions
    from ._config._denied_models import (
        DeniedModelsMatch as DeniedModelsMatch,
        match_denied_models as match_denied_models,
    )
    from ._config._hook_outputs import (
        HookJSONOutput as HookJSONOutput,
        HookOutput as HookOutput,
    )
    from ._config._settings import (
        MachinePolicy as MachinePolicy,
        PolicySettingsOrigin as PolicySettingsOrigin,
        ProvenanceEntry as ProvenanceEntry,
        ResolvedSettings as ResolvedSettings,
        ResolvedSettingSource as ResolvedSettingSource,
        ResolvedSettingsSource as ResolvedSettingsSource,
        SettingsFileProblem as SettingsFileProblem,
        filter_escalating_default_mode as filter_escalating_default_mode,
        managed_settings_dir as managed_settings_dir,
        resolve_settings as resolve_settings,
    )
    from ._history._paths import (
        project_key_for_directory as project_key_for_directory,
        session_file_path as session_file_path,
    )
    from ._history._read import (
        SDKSessionInfo as SDKSessionInfo,
        SessionMessage as SessionMessage,
        get_session_info as get_session_info,
        get_session_messages as get_session_messages,
        get_subagent_messages as get_subagent_messages,
        list_sessions as list_sessions,
        list_subagents as list_subagents,
    )
    from ._history._summary import fold_session_summary as fold_session_summary
    from ._history._write import (
        ForkSessionResult as ForkSessionResult,
        archive_session as archive_session,
        delete_session as delete_session,
        fork_session as fork_session,
        rename_session as rename_session,
        tag_session as tag_session,
        unarchive_session as unarchive_session,
    )
    from ._mcp._results import (
        CallToolResult as CallToolResult,
        EmbeddedResource as EmbeddedResource,
        ImageContent as ImageContent,
        TextContent as TextContent,
        ToolAnnotations as ToolAnnotations,
        ToolContent as ToolContent,
    )
    from ._mcp._schema import ToolInputError as ToolInputError
    from ._mcp._tools import SdkMcpTool as SdkMcpTool, ToolContext as ToolContext, tool as tool
    from ._runtime._spare import SpareProcess as SpareProcess, prewarm as prewarm
    from ._stores import (
        InMemorySessionStore as InMemorySessionStore,
        PostgresSessionStore as PostgresSessionStore,
        SQLiteSessionStore as SQLiteSessionStore,
        delete_session_via_store as delete_session_via_store,
        fork_session_via_store as fork_session_via_store,
        get_session_info_from_store as get_session_info_from_store,
        get_session_messages_from_store as get_session_messages_from_store,
        get_subagent_messages_from_store as get_subagent_messages_from_store,
        import_session_to_store as import_session_to_store,
        list_sessions_from_store as list_sessions_from_store,
        list_subagents_from_store as list_subagents_from_store,
        rename_session_via_store as rename_session_via_store,
        tag_session_via_store as tag_session_via_store,
    )
    from .model._content_rare import (
        ContentBlock as ContentBlock,
        ServerToolResultBlock as ServerToolResultBlock,
        ServerToolUseBlock as ServerToolUseBlock,
    )
    from .model._frames import Message as Message
    from .model._hook_inputs import (
        BaseHookInput as BaseHookInput,
        HookEffort as HookEffort,
        HookInput as HookInput,
        NotificationHookInput as NotificationHookInput,
        PermissionRequestHookInput as PermissionRequestHookInput,
        PostToolUseFailureHookInput as PostToolUseFailureHookInput,
        PostToolUseHookInput as PostToolUseHookInput,
        PreCompactHookInput as PreCompactHookInput,
        PreToolUseHookInput as PreToolUseHookInput,
        StopHookInput as StopHookInput,
        SubagentStartHookInput as SubagentStartHookInput,
        SubagentStopHookInput as SubagentStopHookInput,
        UserPromptSubmitHookInput as UserPromptSubmitHookInput,
    )
    from .model._hooks import (
        AsyncHookOutput as AsyncHookOutput,
        CwdChangedHookSpecificOutput as CwdChangedHookSpecificOutput,
        ElicitationHookSpecificOutput as ElicitationHookSpecificOutput,
        ElicitationResultHookSpecificOutput as ElicitationResultHookSpecificOutput,
        FileChangedHookSpecificOutput as FileChangedHookSpecificOutput,
        HookSpecificOutput as HookSpecificOutput,
        MessageDisplayHookSpecificOutput as MessageDisplayHookSpecificOutput,
        NotificationHookSpecificOutput as NotificationHookSpecificOutput,
        PermissionDeniedHookSpecificOutput as PermissionDeniedHookSpecificOutput,
        PermissionRequestHookSpecificOutput as PermissionRequestHookSpecificOutput,
        PostModelSwitchHookSpecificOutput as PostModelSwitchHookSpecificOutput,
        PostToolBatchHookSpecificOutput as PostToolBatchHookSpecificOutput,
        PostToolUseFailureHookSpecificOutput as PostToolUseFailureHookSpecificOutput,
        PostToolUseHookSpecificOutput as PostToolUseHookSpecificOutput,
        PreModelSwitchHookSpecificOutput as PreModelSwitchHookSpecificOutput,
        PreToolUseHookSpecificOutput as PreToolUseHookSpecificOutput,
        SessionStartHookSpecificOutput as SessionStartHookSpecificOutput,
        StopHookSpecificOutput as StopHookSpecificOutput,
        SubagentStartHookSpecificOutput as SubagentStartHookSpecificOutput,
        SubagentStopHookSpecificOutput as SubagentStopHookSpecificOutput,
        SyncHookOutput as SyncHookOutput,
        UserPromptExpansionHookSpecificOutput as UserPromptExpansionHookSpecificOutput,
        UserPromptSubmitHookSpecificOutput as UserPromptSubmitHookSpecificOutput,
        WorktreeCreateHookSpecificOutput as WorktreeCreateHookSpecificOutput,
    )
    from .model._messages_rare import ConversationResetMessage as ConversationResetMessage
    from .model._permissions import (
        PermissionBehavior as PermissionBehavior,
        PermissionResult as PermissionResult,
        PermissionResultAllow as PermissionResultAllow,
        PermissionResultDeny as PermissionResultDeny,
        PermissionRuleValue as PermissionRuleValue,
        PermissionUpdate as PermissionUpdate,
        PermissionUpdateDestination as PermissionUpdateDestination,
    )
    from .model._responses import (
        ContextUsageResponse as ContextUsageResponse,
        McpServerStatus as McpServerStatus,
        McpStatusResponse as McpStatusResponse,
        McpToolInfo as McpToolInfo,
    )
    from .model._system_rare import (
        MirrorErrorMessage as MirrorErrorMessage,
        TaskNotificationMessage as TaskNotificationMessage,
        TaskProgressMessage as TaskProgressMessage,
        TaskStartedMessage as TaskStartedMessage,
        TaskUpdatedMessage as TaskUpdatedMessage,
        TaskUsage as TaskUsage,
    )

#: What the face loads on first use (``__getattr__``), by module: the names imported above for type checkers.
_ON_FIRST_USE: dict[str, tuple[str, ...]] = {
    "._config._claim": (
        "ClaimedSession",
        "ClaimOptions",
    ),
    "._config._denied_models": (
        "DeniedModelsMatch",
        "match_denied_models",
    ),
    "._config._hook_outputs": (
        "HookJSONOutput",
        "HookOutput",
    ),
    "._config._settings": (
        "MachinePolicy",
        "PolicySettingsOrigin",
        "ProvenanceEntry",
        "ResolvedSettings",
        "ResolvedSettingSource",
        "ResolvedSettingsSource",
        "SettingsFileProblem",
        "filter_escalating_default_mode",
        "managed_settings_dir",
        "resolve_settings",
    ),
    "._history._paths": (
        "project_key_for_directory",
        "session_file_path",
    ),
    "._history._read": (
        "SDKSessionInfo",
        "SessionMessage",
        "get_session_info",
        "get_session_messages",
        "get_subagent_messages",
        "list_sessions",
        "list_subagents",
    ),
    "._history._summary": ("fold_session_summary",),
    "._history._write": (
        "ForkSessionResult",
        "archive_session",
        "delete_session",
        "fork_session",
        "rename_session",
        "tag_session",
        "unarchive_session",
    ),
    "._mcp._results": (
        "CallToolResult",
        "EmbeddedResource",
        "ImageContent",
        "TextContent",
        "ToolAnnotations",
        "ToolContent",
    ),
    "._mcp._schema": ("ToolInputError",),
    "._mcp._tools": (
        "SdkMcpTool",
        "ToolContext",
        "tool",
    ),
    "._runtime._spare": (
        "SpareProcess",
        "prewarm",
    ),
    "._stores": (
        "InMemorySessionStore",
        "PostgresSessionStore",
        "SQLiteSessionStore",
        "delete_session_via_store",
        "fork_session_via_store",
        "get_session_info_from_store",
        "get_session_messages_from_store",
        "get_subagent_messages_from_store",
        "import_session_to_store",
        "list_sessions_from_store",
        "list_subagents_from_store",
        "rename_session_via_store",
        "tag_session_via_store",
    ),
    ".model._content_rare": (
        "ContentBlock",
        "ServerToolResultBlock",
        "ServerToolUseBlock",
    ),
    ".model._frames": ("Message",),
    ".model._hook_inputs": (
        "BaseHookInput",
        "HookEffort",
        "HookInput",
        "NotificationHookInput",
        "PermissionRequestHookInput",
        "PostToolUseFailureHookInput",
        "PostToolUseHookInput",
        "PreCompactHookInput",
        "PreToolUseHookInput",
        "StopHookInput",
        "SubagentStartHookInput",
        "SubagentStopHookInput",
        "UserPromptSubmitHookInput",
    ),
    ".model._messages_rare": ("ConversationResetMessage",),
    ".model._hooks": (
        "AsyncHookOutput",
        "CwdChangedHookSpecificOutput",
        "ElicitationHookSpecificOutput",
        "ElicitationResultHookSpecificOutput",
        "FileChangedHookSpecificOutput",
        "HookSpecificOutput",
        "MessageDisplayHookSpecificOutput",
        "NotificationHookSpecificOutput",
        "PermissionDeniedHookSpecificOutput",
        "PermissionRequestHookSpecificOutput",
        "PostModelSwitchHookSpecificOutput",
        "PostToolBatchHookSpecificOutput",
        "PostToolUseFailureHookSpecificOutput",
        "PostToolUseHookSpecificOutput",
        "PreModelSwitchHookSpecificOutput",
        "PreToolUseHookSpecificOutput",
        "SessionStartHookSpecificOutput",
        "StopHookSpecificOutput",
        "SubagentStartHookSpecificOutput",
        "SubagentStopHookSpecificOutput",
        "SyncHookOutput",
        "UserPromptExpansionHookSpecificOutput",
        "UserPromptSubmitHookSpecificOutput",
        "WorktreeCreateHookSpecificOutput",
    ),
    ".model._permissions": (
        "PermissionBehavior",
        "PermissionResult",
        "PermissionResultAllow",
        "PermissionResultDeny",
        "PermissionRuleValue",
        "PermissionUpdate",
        "PermissionUpdateDestination",
    ),
    ".model._responses": (
        "ContextUsageResponse",
        "McpServerStatus",
        "McpStatusResponse",
        "McpToolInfo",
    ),
    ".model._system_rare": (
        "MirrorErrorMessage",
        "TaskNotificationMessage",
        "TaskProgressMessage",
        "TaskStartedMessage",
        "TaskUpdatedMessage",
        "TaskUsage",
    ),
}

if not TYPE_CHECKING:  # type checkers see the imports above, and keep reporting unknown names as usual
    __getattr__, __dir__ = _on_first_use(__name__, globals(), _ON_FIRST_USE, _no_such_name)


_fix_module(__name__, globals())

if not TYPE_CHECKING:  # `from trio_claude import *` takes the names loaded on first use too
    __all__ = _public_names(globals(), _ON_FIRST_USE)
