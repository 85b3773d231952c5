"""The typed wire model: every frame of the Claude Code stream-json protocol as a frozen attrs class.

The classes hold data only; :mod:`trio_claude.wire` decodes and encodes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from .._exports import fix_module as _fix_module, on_first_use as _on_first_use
from ._base import (
    EMPTY as EMPTY,
    BaseUnknown as BaseUnknown,
    JSONObject as JSONObject,
    JSONValue as JSONValue,
    WireMapping as WireMapping,
    WireObject as WireObject,
)
from ._content import (
    ContainerUploadBlock as ContainerUploadBlock,
    ContentBlock as ContentBlock,
    DocumentBlock as DocumentBlock,
    ImageBlock as ImageBlock,
    McpToolResultBlock as McpToolResultBlock,
    McpToolUseBlock as McpToolUseBlock,
    RedactedThinkingBlock as RedactedThinkingBlock,
    SearchResultBlock as SearchResultBlock,
    ServerToolResultBlock as ServerToolResultBlock,
    ServerToolUseBlock as ServerToolUseBlock,
    TextBlock as TextBlock,
    ThinkingBlock as ThinkingBlock,
    ToolResultBlock as ToolResultBlock,
    ToolUseBlock as ToolUseBlock,
    UnknownBlock as UnknownBlock,
)
from ._control import (
    AccountInfo as AccountInfo,
    AgentDefinitionConfig as AgentDefinitionConfig,
    AgentInfo as AgentInfo,
    ApplyFlagSettingsRequest as ApplyFlagSettingsRequest,
    BackgroundTasksRequest as BackgroundTasksRequest,
    CancelAsyncMessageRequest as CancelAsyncMessageRequest,
    CanUseToolRequest as CanUseToolRequest,
    ClaimSessionRequest as ClaimSessionRequest,
    ClaimSessionResponse as ClaimSessionResponse,
    ContextUsageDetail as ContextUsageDetail,
    ControlCancelRequest as ControlCancelRequest,
    ControlError as ControlError,
    ControlRequest as ControlRequest,
    ControlRequestBody as ControlRequestBody,
    ControlRequestPayload as ControlRequestPayload,
    ControlResponse as ControlResponse,
    ControlSuccess as ControlSuccess,
    ElicitationRequest as ElicitationRequest,
    ElicitationResponse as ElicitationResponse,
    EmptyResponse as EmptyResponse,
    FileSuggestionsRequest as FileSuggestionsRequest,
    GetBinaryVersionRequest as GetBinaryVersionRequest,
    GetContextUsageRequest as GetContextUsageRequest,
    GetHooksListingRequest as GetHooksListingRequest,
    GetSessionCostRequest as GetSessionCostRequest,
    GetSettingsRequest as GetSettingsRequest,
    GetTaskOutputRequest as GetTaskOutputRequest,
    GetUsageRequest as GetUsageRequest,
    HookCallbackRequest as HookCallbackRequest,
    HookMatcherConfig as HookMatcherConfig,
    InitializeRequest as InitializeRequest,
    InitializeResponse as InitializeResponse,
    InterruptRequest as InterruptRequest,
    InterruptResponse as InterruptResponse,
    ListModelsRequest as ListModelsRequest,
    ListPermissionRulesRequest as ListPermissionRulesRequest,
    McpCallRequest as McpCallRequest,
    McpMessageRequest as McpMessageRequest,
    McpMessageResponse as McpMessageResponse,
    McpPermissionModeOverride as McpPermissionModeOverride,
    McpReadResourceRequest as McpReadResourceRequest,
    McpReconnectRequest as McpReconnectRequest,
    McpSetServersRequest as McpSetServersRequest,
    McpStatusRequest as McpStatusRequest,
    McpToggleRequest as McpToggleRequest,
    ModelInfo as ModelInfo,
    ReadFileEncoding as ReadFileEncoding,
    ReadFileRequest as ReadFileRequest,
    RegisterRepoRootRequest as RegisterRepoRootRequest,
    ReloadOutputStylesRequest as ReloadOutputStylesRequest,
    ReloadPluginsRequest as ReloadPluginsRequest,
    ReloadSkillsRequest as ReloadSkillsRequest,
    RenameSessionRequest as RenameSessionRequest,
    RequestUserDialogRequest as RequestUserDialogRequest,
    RewindFilesRequest as RewindFilesRequest,
    SeedReadStateRequest as SeedReadStateRequest,
    SetColorRequest as SetColorRequest,
    SetHasSubscribersRequest as SetHasSubscribersRequest,
    SetMaxThinkingTokensRequest as SetMaxThinkingTokensRequest,
    SetMcpPermissionModeOverrideRequest as SetMcpPermissionModeOverrideRequest,
    SetModelRequest as SetModelRequest,
    SetPermissionModeRequest as SetPermissionModeRequest,
    SettingsSource as SettingsSource,
    SlashCommand as SlashCommand,
    StopTaskRequest as StopTaskRequest,
    ThinkingDisplay as ThinkingDisplay,
    UnknownControlRequest as UnknownControlRequest,
    UpdateSettingsRequest as UpdateSettingsRequest,
    UserDialogBehavior as UserDialogBehavior,
    UserDialogResponse as UserDialogResponse,
)
from ._hooks import (
    HOOK_SPECIFIC_OUTPUT_CLASSES as HOOK_SPECIFIC_OUTPUT_CLASSES,
    AsyncHookOutput as AsyncHookOutput,
    BaseContextHookSpecificOutput as BaseContextHookSpecificOutput,
    BaseElicitationHookSpecificOutput as BaseElicitationHookSpecificOutput,
    BaseHookSpecificOutput as BaseHookSpecificOutput,
    CwdChangedHookSpecificOutput as CwdChangedHookSpecificOutput,
    ElicitationAction as ElicitationAction,
    ElicitationHookSpecificOutput as ElicitationHookSpecificOutput,
    ElicitationResultHookSpecificOutput as ElicitationResultHookSpecificOutput,
    FileChangedHookSpecificOutput as FileChangedHookSpecificOutput,
    HookPermissionDecision as HookPermissionDecision,
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
    SetupHookSpecificOutput as SetupHookSpecificOutput,
    StopHookSpecificOutput as StopHookSpecificOutput,
    SubagentStartHookSpecificOutput as SubagentStartHookSpecificOutput,
    SubagentStopHookSpecificOutput as SubagentStopHookSpecificOutput,
    SyncHookOutput as SyncHookOutput,
    UnknownHookSpecificOutput as UnknownHookSpecificOutput,
    UserPromptExpansionHookSpecificOutput as UserPromptExpansionHookSpecificOutput,
    UserPromptSubmitHookSpecificOutput as UserPromptSubmitHookSpecificOutput,
    WorktreeCreateHookSpecificOutput as WorktreeCreateHookSpecificOutput,
)
from ._messages import (
    AbandonedBlocks as AbandonedBlocks,
    ActiveGoalMessage as ActiveGoalMessage,
    APIMessage as APIMessage,
    AssistantMessage as AssistantMessage,
    AuthStatusMessage as AuthStatusMessage,
    AutocompactStateMessage as AutocompactStateMessage,
    CommandLifecycleMessage as CommandLifecycleMessage,
    ConversationResetMessage as ConversationResetMessage,
    InvalidConfigFile as InvalidConfigFile,
    KeepAlive as KeepAlive,
    ModelUsage as ModelUsage,
    PermissionDenial as PermissionDenial,
    PromptSuggestionMessage as PromptSuggestionMessage,
    RateLimitEvent as RateLimitEvent,
    RateLimitInfo as RateLimitInfo,
    ResultMessage as ResultMessage,
    StreamEvent as StreamEvent,
    SubagentRetry as SubagentRetry,
    ToolPermissionDecision as ToolPermissionDecision,
    ToolProgressMessage as ToolProgressMessage,
    ToolResultMeta as ToolResultMeta,
    ToolUseSummaryMessage as ToolUseSummaryMessage,
    TranscriptMirrorMessage as TranscriptMirrorMessage,
    UnknownMessage as UnknownMessage,
    UserMessage as UserMessage,
    UserMessageParam as UserMessageParam,
)
from ._names import (
    BUILTIN_TOOL_NAMES as BUILTIN_TOOL_NAMES,
    EXIT_REASONS as EXIT_REASONS,
    LEGACY_TOOL_NAME_ALIASES as LEGACY_TOOL_NAME_ALIASES,
    ORG_POLICY_LIMIT_PREFIXES as ORG_POLICY_LIMIT_PREFIXES,
    USAGE_LIMIT_ERROR_PREFIXES as USAGE_LIMIT_ERROR_PREFIXES,
    USAGE_TRANSITION_PREFIXES as USAGE_TRANSITION_PREFIXES,
    USAGE_WARNING_PREFIXES as USAGE_WARNING_PREFIXES,
    BuiltinToolName as BuiltinToolName,
    ExitReason as ExitReason,
)
from ._permissions import (
    PERMISSION_UPDATE_TYPES as PERMISSION_UPDATE_TYPES,
    AddDirectoriesUpdate as AddDirectoriesUpdate,
    AddRulesUpdate as AddRulesUpdate,
    AnyPermissionUpdate as AnyPermissionUpdate,
    DecisionClassification as DecisionClassification,
    McpServerRef as McpServerRef,
    PermissionBehavior as PermissionBehavior,
    PermissionMode as PermissionMode,
    PermissionResult as PermissionResult,
    PermissionResultAllow as PermissionResultAllow,
    PermissionResultDeny as PermissionResultDeny,
    PermissionRuleValue as PermissionRuleValue,
    PermissionUpdate as PermissionUpdate,
    PermissionUpdateDestination as PermissionUpdateDestination,
    PermissionUpdateType as PermissionUpdateType,
    RemoveDirectoriesUpdate as RemoveDirectoriesUpdate,
    RemoveRulesUpdate as RemoveRulesUpdate,
    ReplaceRulesUpdate as ReplaceRulesUpdate,
    SetModeUpdate as SetModeUpdate,
    UnknownPermissionUpdate as UnknownPermissionUpdate,
)
from ._system import (
    ApiRetryMessage as ApiRetryMessage,
    BackgroundTask as BackgroundTask,
    BackgroundTasksChangedMessage as BackgroundTasksChangedMessage,
    CommandsChangedMessage as CommandsChangedMessage,
    CompactBoundaryMessage as CompactBoundaryMessage,
    ControlRequestProgressMessage as ControlRequestProgressMessage,
    ElicitationCompleteMessage as ElicitationCompleteMessage,
    FilesPersistedMessage as FilesPersistedMessage,
    HookProgressMessage as HookProgressMessage,
    HookResponseMessage as HookResponseMessage,
    HookStartedMessage as HookStartedMessage,
    InformationalMessage as InformationalMessage,
    InitMessage as InitMessage,
    LocalCommandOutputMessage as LocalCommandOutputMessage,
    McpServerInfo as McpServerInfo,
    MemoryRecallMessage as MemoryRecallMessage,
    MirrorErrorKey as MirrorErrorKey,
    MirrorErrorMessage as MirrorErrorMessage,
    ModelRefusalFallbackMessage as ModelRefusalFallbackMessage,
    ModelRefusalNoFallbackMessage as ModelRefusalNoFallbackMessage,
    NotificationMessage as NotificationMessage,
    PermissionDeniedMessage as PermissionDeniedMessage,
    PluginError as PluginError,
    PluginInfo as PluginInfo,
    PluginInstallMessage as PluginInstallMessage,
    PluginManagedLock as PluginManagedLock,
    PostTurnSummaryMessage as PostTurnSummaryMessage,
    SessionMetadataMessage as SessionMetadataMessage,
    SessionStateChangedMessage as SessionStateChangedMessage,
    SessionWritesLostMessage as SessionWritesLostMessage,
    StatusMessage as StatusMessage,
    SystemMessage as SystemMessage,
    TaskNotificationMessage as TaskNotificationMessage,
    TaskProgressMessage as TaskProgressMessage,
    TaskStartedMessage as TaskStartedMessage,
    TaskSummaryMessage as TaskSummaryMessage,
    TaskUpdatedMessage as TaskUpdatedMessage,
    TaskUsage as TaskUsage,
    ThinkingTokensMessage as ThinkingTokensMessage,
    UnknownSystemMessage as UnknownSystemMessage,
    WorkerShuttingDownMessage as WorkerShuttingDownMessage,
)

if TYPE_CHECKING:  # loaded on first use (see __getattr__): a plain session does not need them
    from ._hook_inputs import (
        HOOK_INPUT_CLASSES as HOOK_INPUT_CLASSES,
        BaseElicitationHookInput as BaseElicitationHookInput,
        BaseHookInput as BaseHookInput,
        BaseModelSwitchHookInput as BaseModelSwitchHookInput,
        BaseStopHookInput as BaseStopHookInput,
        BaseTaskHookInput as BaseTaskHookInput,
        BaseToolHookInput as BaseToolHookInput,
        BaseToolUseHookInput as BaseToolUseHookInput,
        ConfigChangeHookInput as ConfigChangeHookInput,
        CwdChangedHookInput as CwdChangedHookInput,
        DirectoryAddedHookInput as DirectoryAddedHookInput,
        ElicitationHookInput as ElicitationHookInput,
        ElicitationResultHookInput as ElicitationResultHookInput,
        FileChangedHookInput as FileChangedHookInput,
        HookEffort as HookEffort,
        HookInput as HookInput,
        HookToolCall as HookToolCall,
        InstructionsLoadedHookInput as InstructionsLoadedHookInput,
        MessageDisplayHookInput as MessageDisplayHookInput,
        NotificationHookInput as NotificationHookInput,
        PermissionDeniedHookInput as PermissionDeniedHookInput,
        PermissionRequestHookInput as PermissionRequestHookInput,
        PostCompactHookInput as PostCompactHookInput,
        PostModelSwitchHookInput as PostModelSwitchHookInput,
        PostToolBatchHookInput as PostToolBatchHookInput,
        PostToolUseFailureHookInput as PostToolUseFailureHookInput,
        PostToolUseHookInput as PostToolUseHookInput,
        PreCompactHookInput as PreCompactHookInput,
        PreModelSwitchHookInput as PreModelSwitchHookInput,
        PreToolUseHookInput as PreToolUseHookInput,
        SessionEndHookInput as SessionEndHookInput,
        SessionStartHookInput as SessionStartHookInput,
        SetupHookInput as SetupHookInput,
        StopFailureHookInput as StopFailureHookInput,
        StopHookInput as StopHookInput,
        SubagentStartHookInput as SubagentStartHookInput,
        SubagentStopHookInput as SubagentStopHookInput,
        TaskCompletedHookInput as TaskCompletedHookInput,
        TaskCreatedHookInput as TaskCreatedHookInput,
        TeammateIdleHookInput as TeammateIdleHookInput,
        UnknownHookInput as UnknownHookInput,
        UserPromptExpansionHookInput as UserPromptExpansionHookInput,
        UserPromptSubmitHookInput as UserPromptSubmitHookInput,
        WorktreeCreateHookInput as WorktreeCreateHookInput,
        WorktreeRemoveHookInput as WorktreeRemoveHookInput,
    )
    from ._responses import (
        BackgroundTasksResponse as BackgroundTasksResponse,
        BinaryVersionResponse as BinaryVersionResponse,
        CancelAsyncMessageResponse as CancelAsyncMessageResponse,
        ContextAgent as ContextAgent,
        ContextApiUsage as ContextApiUsage,
        ContextCategory as ContextCategory,
        ContextDeferredTool as ContextDeferredTool,
        ContextGridCell as ContextGridCell,
        ContextItemTokens as ContextItemTokens,
        ContextMcpInstructions as ContextMcpInstructions,
        ContextMcpTool as ContextMcpTool,
        ContextMemoryFile as ContextMemoryFile,
        ContextMessageBreakdown as ContextMessageBreakdown,
        ContextSkillFrontmatter as ContextSkillFrontmatter,
        ContextSkills as ContextSkills,
        ContextSlashCommands as ContextSlashCommands,
        ContextToolCallTokens as ContextToolCallTokens,
        ContextUsageResponse as ContextUsageResponse,
        HooksListingResponse as HooksListingResponse,
        ListModelsResponse as ListModelsResponse,
        McpCallResponse as McpCallResponse,
        McpReadResourceResponse as McpReadResourceResponse,
        McpResourceContents as McpResourceContents,
        McpServerStatus as McpServerStatus,
        McpSetServersResponse as McpSetServersResponse,
        McpStatusResponse as McpStatusResponse,
        McpToolInfo as McpToolInfo,
        PermissionRulesResponse as PermissionRulesResponse,
        PluginCacheImpact as PluginCacheImpact,
        ReadFileResponse as ReadFileResponse,
        ReloadOutputStylesResponse as ReloadOutputStylesResponse,
        ReloadPluginsResponse as ReloadPluginsResponse,
        ReloadSkillsResponse as ReloadSkillsResponse,
        RewindFilesResponse as RewindFilesResponse,
        SessionCostResponse as SessionCostResponse,
        SetMcpPermissionModeOverrideResponse as SetMcpPermissionModeOverrideResponse,
        SetModelResponse as SetModelResponse,
        SetPermissionModeResponse as SetPermissionModeResponse,
        SettingsResponse as SettingsResponse,
        TaskOutputResponse as TaskOutputResponse,
        UsageBehavior as UsageBehavior,
        UsageBehaviorPeriod as UsageBehaviorPeriod,
        UsageBehaviors as UsageBehaviors,
        UsageExtraUsage as UsageExtraUsage,
        UsageFix as UsageFix,
        UsageModelWindow as UsageModelWindow,
        UsageRateLimits as UsageRateLimits,
        UsageRecommendation as UsageRecommendation,
        UsageResponse as UsageResponse,
        UsageSession as UsageSession,
        UsageShare as UsageShare,
        UsageWindow as UsageWindow,
    )

#: What the face loads on first use (``__getattr__``), by module: the names imported above for type checkers.
#: To add a name, add it to its module's import above and here; a new module gets an entry of its own.
_ON_FIRST_USE: dict[str, tuple[str, ...]] = {
    "._hook_inputs": (
        "HOOK_INPUT_CLASSES",
        "BaseElicitationHookInput",
        "BaseHookInput",
        "BaseModelSwitchHookInput",
        "BaseStopHookInput",
        "BaseTaskHookInput",
        "BaseToolHookInput",
        "BaseToolUseHookInput",
        "ConfigChangeHookInput",
        "CwdChangedHookInput",
        "DirectoryAddedHookInput",
        "ElicitationHookInput",
        "ElicitationResultHookInput",
        "FileChangedHookInput",
        "HookEffort",
        "HookInput",
        "HookToolCall",
        "InstructionsLoadedHookInput",
        "MessageDisplayHookInput",
        "NotificationHookInput",
        "PermissionDeniedHookInput",
        "PermissionRequestHookInput",
        "PostCompactHookInput",
        "PostModelSwitchHookInput",
        "PostToolBatchHookInput",
        "PostToolUseFailureHookInput",
        "PostToolUseHookInput",
        "PreCompactHookInput",
        "PreModelSwitchHookInput",
        "PreToolUseHookInput",
        "SessionEndHookInput",
        "SessionStartHookInput",
        "SetupHookInput",
        "StopFailureHookInput",
        "StopHookInput",
        "SubagentStartHookInput",
        "SubagentStopHookInput",
        "TaskCompletedHookInput",
        "TaskCreatedHookInput",
        "TeammateIdleHookInput",
        "UnknownHookInput",
        "UserPromptExpansionHookInput",
        "UserPromptSubmitHookInput",
        "WorktreeCreateHookInput",
        "WorktreeRemoveHookInput",
    ),
    "._responses": (
        "BackgroundTasksResponse",
        "BinaryVersionResponse",
        "CancelAsyncMessageResponse",
        "ContextAgent",
        "ContextApiUsage",
        "ContextCategory",
        "ContextDeferredTool",
        "ContextGridCell",
        "ContextItemTokens",
        "ContextMcpInstructions",
        "ContextMcpTool",
        "ContextMemoryFile",
        "ContextMessageBreakdown",
        "ContextSkillFrontmatter",
        "ContextSkills",
        "ContextSlashCommands",
        "ContextToolCallTokens",
        "ContextUsageResponse",
        "HooksListingResponse",
        "ListModelsResponse",
        "McpCallResponse",
        "McpReadResourceResponse",
        "McpResourceContents",
        "McpServerStatus",
        "McpSetServersResponse",
        "McpStatusResponse",
        "McpToolInfo",
        "PermissionRulesResponse",
        "PluginCacheImpact",
        "ReadFileResponse",
        "ReloadOutputStylesResponse",
        "ReloadPluginsResponse",
        "ReloadSkillsResponse",
        "RewindFilesResponse",
        "SessionCostResponse",
        "SetMcpPermissionModeOverrideResponse",
        "SetModelResponse",
        "SetPermissionModeResponse",
        "SettingsResponse",
        "TaskOutputResponse",
        "UsageBehavior",
        "UsageBehaviorPeriod",
        "UsageBehaviors",
        "UsageExtraUsage",
        "UsageFix",
        "UsageModelWindow",
        "UsageRateLimits",
        "UsageRecommendation",
        "UsageResponse",
        "UsageSession",
        "UsageShare",
        "UsageWindow",
    ),
}

if not TYPE_CHECKING:  # type checkers see the imports above, and keep reporting unknown names as usual
    __getattr__, __dir__ = _on_first_use(__name__, globals(), _ON_FIRST_USE)

Message: TypeAlias = (
    AssistantMessage
    | UserMessage
    | ResultMessage
    | StreamEvent
    | InitMessage
    | StatusMessage
    | CompactBoundaryMessage
    | ApiRetryMessage
    | ControlRequestProgressMessage
    | ModelRefusalFallbackMessage
    | ModelRefusalNoFallbackMessage
    | LocalCommandOutputMessage
    | HookStartedMessage
    | HookProgressMessage
    | HookResponseMessage
    | PluginInstallMessage
    | TaskStartedMessage
    | TaskProgressMessage
    | TaskUpdatedMessage
    | TaskNotificationMessage
    | BackgroundTasksChangedMessage
    | ThinkingTokensMessage
    | SessionStateChangedMessage
    | WorkerShuttingDownMessage
    | CommandsChangedMessage
    | NotificationMessage
    | FilesPersistedMessage
    | MemoryRecallMessage
    | ElicitationCompleteMessage
    | PermissionDeniedMessage
    | MirrorErrorMessage
    | InformationalMessage
    | SessionWritesLostMessage
    | PostTurnSummaryMessage
    | TaskSummaryMessage
    | SessionMetadataMessage
    | UnknownSystemMessage
    | ToolProgressMessage
    | AuthStatusMessage
    | ToolUseSummaryMessage
    | RateLimitEvent
    | PromptSuggestionMessage
    | ConversationResetMessage
    | CommandLifecycleMessage
    | ActiveGoalMessage
    | AutocompactStateMessage
    | TranscriptMirrorMessage
    | UnknownMessage
)
"""Any message a session hands to its consumer (everything but control traffic)."""

ControlFrame: TypeAlias = ControlRequest | ControlResponse | ControlCancelRequest | KeepAlive
"""Any control-protocol frame (requests, responses, cancels and keep-alives)."""

Frame: TypeAlias = Message | ControlFrame
"""Any line of the protocol, either direction."""

_fix_module(__name__, globals())

if not TYPE_CHECKING:  # `from trio_claude.model import *` takes the names loaded on first use too
    __all__ = [name for name in globals() if not name.startswith("_")] + [
        name for names in _ON_FIRST_USE.values() for name in names
    ]
