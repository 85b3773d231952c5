"""The typed wire model: every frame of the Claude Code stream-json protocol as a frozen attrs class.

The classes hold data only; :mod:`trio_claude.wire` decodes and encodes them.
"""

from __future__ import annotations

from typing import TypeAlias

from ._base import (
    EMPTY as EMPTY,
)
from ._base import (
    BaseUnknown as BaseUnknown,
)
from ._base import (
    JSONObject as JSONObject,
)
from ._base import (
    JSONValue as JSONValue,
)
from ._base import (
    WireMapping as WireMapping,
)
from ._base import (
    WireObject as WireObject,
)
from ._content import (
    ContainerUploadBlock as ContainerUploadBlock,
)
from ._content import (
    ContentBlock as ContentBlock,
)
from ._content import (
    DocumentBlock as DocumentBlock,
)
from ._content import (
    ImageBlock as ImageBlock,
)
from ._content import (
    McpToolResultBlock as McpToolResultBlock,
)
from ._content import (
    McpToolUseBlock as McpToolUseBlock,
)
from ._content import (
    RedactedThinkingBlock as RedactedThinkingBlock,
)
from ._content import (
    SearchResultBlock as SearchResultBlock,
)
from ._content import (
    ServerToolResultBlock as ServerToolResultBlock,
)
from ._content import (
    ServerToolUseBlock as ServerToolUseBlock,
)
from ._content import (
    TextBlock as TextBlock,
)
from ._content import (
    ThinkingBlock as ThinkingBlock,
)
from ._content import (
    ToolResultBlock as ToolResultBlock,
)
from ._content import (
    ToolUseBlock as ToolUseBlock,
)
from ._content import (
    UnknownBlock as UnknownBlock,
)
from ._control import (
    AccountInfo as AccountInfo,
)
from ._control import (
    AgentInfo as AgentInfo,
)
from ._control import (
    ApplyFlagSettingsRequest as ApplyFlagSettingsRequest,
)
from ._control import (
    BackgroundTasksRequest as BackgroundTasksRequest,
)
from ._control import (
    BackgroundTasksResponse as BackgroundTasksResponse,
)
from ._control import (
    BinaryVersionResponse as BinaryVersionResponse,
)
from ._control import (
    CancelAsyncMessageRequest as CancelAsyncMessageRequest,
)
from ._control import (
    CancelAsyncMessageResponse as CancelAsyncMessageResponse,
)
from ._control import (
    CanUseToolRequest as CanUseToolRequest,
)
from ._control import (
    ContextAgent as ContextAgent,
)
from ._control import (
    ContextApiUsage as ContextApiUsage,
)
from ._control import (
    ContextCategory as ContextCategory,
)
from ._control import (
    ContextDeferredTool as ContextDeferredTool,
)
from ._control import (
    ContextGridCell as ContextGridCell,
)
from ._control import (
    ContextItemTokens as ContextItemTokens,
)
from ._control import (
    ContextMcpInstructions as ContextMcpInstructions,
)
from ._control import (
    ContextMcpTool as ContextMcpTool,
)
from ._control import (
    ContextMemoryFile as ContextMemoryFile,
)
from ._control import (
    ContextMessageBreakdown as ContextMessageBreakdown,
)
from ._control import (
    ContextSkillFrontmatter as ContextSkillFrontmatter,
)
from ._control import (
    ContextSkills as ContextSkills,
)
from ._control import (
    ContextSlashCommands as ContextSlashCommands,
)
from ._control import (
    ContextToolCallTokens as ContextToolCallTokens,
)
from ._control import (
    ContextUsageDetail as ContextUsageDetail,
)
from ._control import (
    ContextUsageResponse as ContextUsageResponse,
)
from ._control import (
    ControlCancelRequest as ControlCancelRequest,
)
from ._control import (
    ControlError as ControlError,
)
from ._control import (
    ControlRequest as ControlRequest,
)
from ._control import (
    ControlRequestBody as ControlRequestBody,
)
from ._control import (
    ControlRequestPayload as ControlRequestPayload,
)
from ._control import (
    ControlResponse as ControlResponse,
)
from ._control import (
    ControlSuccess as ControlSuccess,
)
from ._control import (
    ElicitationRequest as ElicitationRequest,
)
from ._control import (
    ElicitationResponse as ElicitationResponse,
)
from ._control import (
    EmptyResponse as EmptyResponse,
)
from ._control import (
    FileSuggestionsRequest as FileSuggestionsRequest,
)
from ._control import (
    GetBinaryVersionRequest as GetBinaryVersionRequest,
)
from ._control import (
    GetContextUsageRequest as GetContextUsageRequest,
)
from ._control import (
    GetHooksListingRequest as GetHooksListingRequest,
)
from ._control import (
    GetSessionCostRequest as GetSessionCostRequest,
)
from ._control import (
    GetSettingsRequest as GetSettingsRequest,
)
from ._control import (
    GetTaskOutputRequest as GetTaskOutputRequest,
)
from ._control import (
    GetUsageRequest as GetUsageRequest,
)
from ._control import (
    HookCallbackRequest as HookCallbackRequest,
)
from ._control import (
    HookMatcherConfig as HookMatcherConfig,
)
from ._control import (
    HooksListingResponse as HooksListingResponse,
)
from ._control import (
    InitializeRequest as InitializeRequest,
)
from ._control import (
    InitializeResponse as InitializeResponse,
)
from ._control import (
    InterruptRequest as InterruptRequest,
)
from ._control import (
    InterruptResponse as InterruptResponse,
)
from ._control import (
    ListModelsRequest as ListModelsRequest,
)
from ._control import (
    ListModelsResponse as ListModelsResponse,
)
from ._control import (
    ListPermissionRulesRequest as ListPermissionRulesRequest,
)
from ._control import (
    McpCallRequest as McpCallRequest,
)
from ._control import (
    McpCallResponse as McpCallResponse,
)
from ._control import (
    McpMessageRequest as McpMessageRequest,
)
from ._control import (
    McpMessageResponse as McpMessageResponse,
)
from ._control import (
    McpPermissionModeOverride as McpPermissionModeOverride,
)
from ._control import (
    McpReadResourceRequest as McpReadResourceRequest,
)
from ._control import (
    McpReadResourceResponse as McpReadResourceResponse,
)
from ._control import (
    McpReconnectRequest as McpReconnectRequest,
)
from ._control import (
    McpResourceContents as McpResourceContents,
)
from ._control import (
    McpServerStatus as McpServerStatus,
)
from ._control import (
    McpSetServersRequest as McpSetServersRequest,
)
from ._control import (
    McpSetServersResponse as McpSetServersResponse,
)
from ._control import (
    McpStatusRequest as McpStatusRequest,
)
from ._control import (
    McpStatusResponse as McpStatusResponse,
)
from ._control import (
    McpToggleRequest as McpToggleRequest,
)
from ._control import (
    McpToolInfo as McpToolInfo,
)
from ._control import (
    ModelInfo as ModelInfo,
)
from ._control import (
    PermissionRulesResponse as PermissionRulesResponse,
)
from ._control import (
    PluginCacheImpact as PluginCacheImpact,
)
from ._control import (
    ReadFileEncoding as ReadFileEncoding,
)
from ._control import (
    ReadFileRequest as ReadFileRequest,
)
from ._control import (
    ReadFileResponse as ReadFileResponse,
)
from ._control import (
    RegisterRepoRootRequest as RegisterRepoRootRequest,
)
from ._control import (
    ReloadOutputStylesRequest as ReloadOutputStylesRequest,
)
from ._control import (
    ReloadOutputStylesResponse as ReloadOutputStylesResponse,
)
from ._control import (
    ReloadPluginsRequest as ReloadPluginsRequest,
)
from ._control import (
    ReloadPluginsResponse as ReloadPluginsResponse,
)
from ._control import (
    ReloadSkillsRequest as ReloadSkillsRequest,
)
from ._control import (
    ReloadSkillsResponse as ReloadSkillsResponse,
)
from ._control import (
    RenameSessionRequest as RenameSessionRequest,
)
from ._control import (
    RequestUserDialogRequest as RequestUserDialogRequest,
)
from ._control import (
    RewindFilesRequest as RewindFilesRequest,
)
from ._control import (
    RewindFilesResponse as RewindFilesResponse,
)
from ._control import (
    SeedReadStateRequest as SeedReadStateRequest,
)
from ._control import (
    SessionCostResponse as SessionCostResponse,
)
from ._control import (
    SetColorRequest as SetColorRequest,
)
from ._control import (
    SetHasSubscribersRequest as SetHasSubscribersRequest,
)
from ._control import (
    SetMaxThinkingTokensRequest as SetMaxThinkingTokensRequest,
)
from ._control import (
    SetMcpPermissionModeOverrideRequest as SetMcpPermissionModeOverrideRequest,
)
from ._control import (
    SetMcpPermissionModeOverrideResponse as SetMcpPermissionModeOverrideResponse,
)
from ._control import (
    SetModelRequest as SetModelRequest,
)
from ._control import (
    SetModelResponse as SetModelResponse,
)
from ._control import (
    SetPermissionModeRequest as SetPermissionModeRequest,
)
from ._control import (
    SetPermissionModeResponse as SetPermissionModeResponse,
)
from ._control import (
    SettingsResponse as SettingsResponse,
)
from ._control import (
    SettingsSource as SettingsSource,
)
from ._control import (
    SlashCommand as SlashCommand,
)
from ._control import (
    StopTaskRequest as StopTaskRequest,
)
from ._control import (
    TaskOutputResponse as TaskOutputResponse,
)
from ._control import (
    ThinkingDisplay as ThinkingDisplay,
)
from ._control import (
    UnknownControlRequest as UnknownControlRequest,
)
from ._control import (
    UpdateSettingsRequest as UpdateSettingsRequest,
)
from ._control import (
    UsageBehavior as UsageBehavior,
)
from ._control import (
    UsageBehaviorPeriod as UsageBehaviorPeriod,
)
from ._control import (
    UsageBehaviors as UsageBehaviors,
)
from ._control import (
    UsageExtraUsage as UsageExtraUsage,
)
from ._control import (
    UsageFix as UsageFix,
)
from ._control import (
    UsageModelWindow as UsageModelWindow,
)
from ._control import (
    UsageRateLimits as UsageRateLimits,
)
from ._control import (
    UsageRecommendation as UsageRecommendation,
)
from ._control import (
    UsageResponse as UsageResponse,
)
from ._control import (
    UsageSession as UsageSession,
)
from ._control import (
    UsageShare as UsageShare,
)
from ._control import (
    UsageWindow as UsageWindow,
)
from ._control import (
    UserDialogBehavior as UserDialogBehavior,
)
from ._control import (
    UserDialogResponse as UserDialogResponse,
)
from ._hook_inputs import (
    HOOK_INPUT_CLASSES as HOOK_INPUT_CLASSES,
)
from ._hook_inputs import (
    BaseElicitationHookInput as BaseElicitationHookInput,
)
from ._hook_inputs import (
    BaseHookInput as BaseHookInput,
)
from ._hook_inputs import (
    BaseModelSwitchHookInput as BaseModelSwitchHookInput,
)
from ._hook_inputs import (
    BaseStopHookInput as BaseStopHookInput,
)
from ._hook_inputs import (
    BaseTaskHookInput as BaseTaskHookInput,
)
from ._hook_inputs import (
    BaseToolHookInput as BaseToolHookInput,
)
from ._hook_inputs import (
    BaseToolUseHookInput as BaseToolUseHookInput,
)
from ._hook_inputs import (
    ConfigChangeHookInput as ConfigChangeHookInput,
)
from ._hook_inputs import (
    CwdChangedHookInput as CwdChangedHookInput,
)
from ._hook_inputs import (
    DirectoryAddedHookInput as DirectoryAddedHookInput,
)
from ._hook_inputs import (
    ElicitationHookInput as ElicitationHookInput,
)
from ._hook_inputs import (
    ElicitationResultHookInput as ElicitationResultHookInput,
)
from ._hook_inputs import (
    FileChangedHookInput as FileChangedHookInput,
)
from ._hook_inputs import (
    HookEffort as HookEffort,
)
from ._hook_inputs import (
    HookInput as HookInput,
)
from ._hook_inputs import (
    HookToolCall as HookToolCall,
)
from ._hook_inputs import (
    InstructionsLoadedHookInput as InstructionsLoadedHookInput,
)
from ._hook_inputs import (
    MessageDisplayHookInput as MessageDisplayHookInput,
)
from ._hook_inputs import (
    NotificationHookInput as NotificationHookInput,
)
from ._hook_inputs import (
    PermissionDeniedHookInput as PermissionDeniedHookInput,
)
from ._hook_inputs import (
    PermissionRequestHookInput as PermissionRequestHookInput,
)
from ._hook_inputs import (
    PostCompactHookInput as PostCompactHookInput,
)
from ._hook_inputs import (
    PostModelSwitchHookInput as PostModelSwitchHookInput,
)
from ._hook_inputs import (
    PostToolBatchHookInput as PostToolBatchHookInput,
)
from ._hook_inputs import (
    PostToolUseFailureHookInput as PostToolUseFailureHookInput,
)
from ._hook_inputs import (
    PostToolUseHookInput as PostToolUseHookInput,
)
from ._hook_inputs import (
    PreCompactHookInput as PreCompactHookInput,
)
from ._hook_inputs import (
    PreModelSwitchHookInput as PreModelSwitchHookInput,
)
from ._hook_inputs import (
    PreToolUseHookInput as PreToolUseHookInput,
)
from ._hook_inputs import (
    SessionEndHookInput as SessionEndHookInput,
)
from ._hook_inputs import (
    SessionStartHookInput as SessionStartHookInput,
)
from ._hook_inputs import (
    SetupHookInput as SetupHookInput,
)
from ._hook_inputs import (
    StopFailureHookInput as StopFailureHookInput,
)
from ._hook_inputs import (
    StopHookInput as StopHookInput,
)
from ._hook_inputs import (
    SubagentStartHookInput as SubagentStartHookInput,
)
from ._hook_inputs import (
    SubagentStopHookInput as SubagentStopHookInput,
)
from ._hook_inputs import (
    TaskCompletedHookInput as TaskCompletedHookInput,
)
from ._hook_inputs import (
    TaskCreatedHookInput as TaskCreatedHookInput,
)
from ._hook_inputs import (
    TeammateIdleHookInput as TeammateIdleHookInput,
)
from ._hook_inputs import (
    UnknownHookInput as UnknownHookInput,
)
from ._hook_inputs import (
    UserPromptExpansionHookInput as UserPromptExpansionHookInput,
)
from ._hook_inputs import (
    UserPromptSubmitHookInput as UserPromptSubmitHookInput,
)
from ._hook_inputs import (
    WorktreeCreateHookInput as WorktreeCreateHookInput,
)
from ._hook_inputs import (
    WorktreeRemoveHookInput as WorktreeRemoveHookInput,
)
from ._hooks import (
    HOOK_SPECIFIC_OUTPUT_CLASSES as HOOK_SPECIFIC_OUTPUT_CLASSES,
)
from ._hooks import (
    AsyncHookOutput as AsyncHookOutput,
)
from ._hooks import (
    BaseContextHookSpecificOutput as BaseContextHookSpecificOutput,
)
from ._hooks import (
    BaseElicitationHookSpecificOutput as BaseElicitationHookSpecificOutput,
)
from ._hooks import (
    BaseHookSpecificOutput as BaseHookSpecificOutput,
)
from ._hooks import (
    CwdChangedHookSpecificOutput as CwdChangedHookSpecificOutput,
)
from ._hooks import (
    ElicitationAction as ElicitationAction,
)
from ._hooks import (
    ElicitationHookSpecificOutput as ElicitationHookSpecificOutput,
)
from ._hooks import (
    ElicitationResultHookSpecificOutput as ElicitationResultHookSpecificOutput,
)
from ._hooks import (
    FileChangedHookSpecificOutput as FileChangedHookSpecificOutput,
)
from ._hooks import (
    HookPermissionDecision as HookPermissionDecision,
)
from ._hooks import (
    HookSpecificOutput as HookSpecificOutput,
)
from ._hooks import (
    MessageDisplayHookSpecificOutput as MessageDisplayHookSpecificOutput,
)
from ._hooks import (
    NotificationHookSpecificOutput as NotificationHookSpecificOutput,
)
from ._hooks import (
    PermissionDeniedHookSpecificOutput as PermissionDeniedHookSpecificOutput,
)
from ._hooks import (
    PermissionRequestHookSpecificOutput as PermissionRequestHookSpecificOutput,
)
from ._hooks import (
    PostModelSwitchHookSpecificOutput as PostModelSwitchHookSpecificOutput,
)
from ._hooks import (
    PostToolBatchHookSpecificOutput as PostToolBatchHookSpecificOutput,
)
from ._hooks import (
    PostToolUseFailureHookSpecificOutput as PostToolUseFailureHookSpecificOutput,
)
from ._hooks import (
    PostToolUseHookSpecificOutput as PostToolUseHookSpecificOutput,
)
from ._hooks import (
    PreModelSwitchHookSpecificOutput as PreModelSwitchHookSpecificOutput,
)
from ._hooks import (
    PreToolUseHookSpecificOutput as PreToolUseHookSpecificOutput,
)
from ._hooks import (
    SessionStartHookSpecificOutput as SessionStartHookSpecificOutput,
)
from ._hooks import (
    SetupHookSpecificOutput as SetupHookSpecificOutput,
)
from ._hooks import (
    StopHookSpecificOutput as StopHookSpecificOutput,
)
from ._hooks import (
    SubagentStartHookSpecificOutput as SubagentStartHookSpecificOutput,
)
from ._hooks import (
    SubagentStopHookSpecificOutput as SubagentStopHookSpecificOutput,
)
from ._hooks import (
    SyncHookOutput as SyncHookOutput,
)
from ._hooks import (
    UnknownHookSpecificOutput as UnknownHookSpecificOutput,
)
from ._hooks import (
    UserPromptExpansionHookSpecificOutput as UserPromptExpansionHookSpecificOutput,
)
from ._hooks import (
    UserPromptSubmitHookSpecificOutput as UserPromptSubmitHookSpecificOutput,
)
from ._hooks import (
    WorktreeCreateHookSpecificOutput as WorktreeCreateHookSpecificOutput,
)
from ._messages import (
    AbandonedBlocks as AbandonedBlocks,
)
from ._messages import (
    ActiveGoalMessage as ActiveGoalMessage,
)
from ._messages import (
    APIMessage as APIMessage,
)
from ._messages import (
    AssistantMessage as AssistantMessage,
)
from ._messages import (
    AuthStatusMessage as AuthStatusMessage,
)
from ._messages import (
    AutocompactStateMessage as AutocompactStateMessage,
)
from ._messages import (
    CommandLifecycleMessage as CommandLifecycleMessage,
)
from ._messages import (
    ConversationResetMessage as ConversationResetMessage,
)
from ._messages import (
    InvalidConfigFile as InvalidConfigFile,
)
from ._messages import (
    KeepAlive as KeepAlive,
)
from ._messages import (
    ModelUsage as ModelUsage,
)
from ._messages import (
    PermissionDenial as PermissionDenial,
)
from ._messages import (
    PromptSuggestionMessage as PromptSuggestionMessage,
)
from ._messages import (
    RateLimitEvent as RateLimitEvent,
)
from ._messages import (
    RateLimitInfo as RateLimitInfo,
)
from ._messages import (
    ResultMessage as ResultMessage,
)
from ._messages import (
    StreamEvent as StreamEvent,
)
from ._messages import (
    SubagentRetry as SubagentRetry,
)
from ._messages import (
    ToolPermissionDecision as ToolPermissionDecision,
)
from ._messages import (
    ToolProgressMessage as ToolProgressMessage,
)
from ._messages import (
    ToolResultMeta as ToolResultMeta,
)
from ._messages import (
    ToolUseSummaryMessage as ToolUseSummaryMessage,
)
from ._messages import (
    TranscriptMirrorMessage as TranscriptMirrorMessage,
)
from ._messages import (
    UnknownMessage as UnknownMessage,
)
from ._messages import (
    UserMessage as UserMessage,
)
from ._messages import (
    UserMessageParam as UserMessageParam,
)
from ._permissions import (
    PERMISSION_UPDATE_TYPES as PERMISSION_UPDATE_TYPES,
)
from ._permissions import (
    AddDirectoriesUpdate as AddDirectoriesUpdate,
)
from ._permissions import (
    AddRulesUpdate as AddRulesUpdate,
)
from ._permissions import (
    AnyPermissionUpdate as AnyPermissionUpdate,
)
from ._permissions import (
    DecisionClassification as DecisionClassification,
)
from ._permissions import (
    McpServerRef as McpServerRef,
)
from ._permissions import (
    PermissionBehavior as PermissionBehavior,
)
from ._permissions import (
    PermissionMode as PermissionMode,
)
from ._permissions import (
    PermissionResult as PermissionResult,
)
from ._permissions import (
    PermissionResultAllow as PermissionResultAllow,
)
from ._permissions import (
    PermissionResultDeny as PermissionResultDeny,
)
from ._permissions import (
    PermissionRuleValue as PermissionRuleValue,
)
from ._permissions import (
    PermissionUpdate as PermissionUpdate,
)
from ._permissions import (
    PermissionUpdateDestination as PermissionUpdateDestination,
)
from ._permissions import (
    PermissionUpdateType as PermissionUpdateType,
)
from ._permissions import (
    RemoveDirectoriesUpdate as RemoveDirectoriesUpdate,
)
from ._permissions import (
    RemoveRulesUpdate as RemoveRulesUpdate,
)
from ._permissions import (
    ReplaceRulesUpdate as ReplaceRulesUpdate,
)
from ._permissions import (
    SetModeUpdate as SetModeUpdate,
)
from ._permissions import (
    UnknownPermissionUpdate as UnknownPermissionUpdate,
)
from ._system import (
    ApiRetryMessage as ApiRetryMessage,
)
from ._system import (
    BackgroundTask as BackgroundTask,
)
from ._system import (
    BackgroundTasksChangedMessage as BackgroundTasksChangedMessage,
)
from ._system import (
    CommandsChangedMessage as CommandsChangedMessage,
)
from ._system import (
    CompactBoundaryMessage as CompactBoundaryMessage,
)
from ._system import (
    ControlRequestProgressMessage as ControlRequestProgressMessage,
)
from ._system import (
    ElicitationCompleteMessage as ElicitationCompleteMessage,
)
from ._system import (
    FilesPersistedMessage as FilesPersistedMessage,
)
from ._system import (
    HookProgressMessage as HookProgressMessage,
)
from ._system import (
    HookResponseMessage as HookResponseMessage,
)
from ._system import (
    HookStartedMessage as HookStartedMessage,
)
from ._system import (
    InformationalMessage as InformationalMessage,
)
from ._system import (
    InitMessage as InitMessage,
)
from ._system import (
    LocalCommandOutputMessage as LocalCommandOutputMessage,
)
from ._system import (
    McpServerInfo as McpServerInfo,
)
from ._system import (
    MemoryRecallMessage as MemoryRecallMessage,
)
from ._system import (
    MirrorErrorKey as MirrorErrorKey,
)
from ._system import (
    MirrorErrorMessage as MirrorErrorMessage,
)
from ._system import (
    ModelRefusalFallbackMessage as ModelRefusalFallbackMessage,
)
from ._system import (
    ModelRefusalNoFallbackMessage as ModelRefusalNoFallbackMessage,
)
from ._system import (
    NotificationMessage as NotificationMessage,
)
from ._system import (
    PermissionDeniedMessage as PermissionDeniedMessage,
)
from ._system import (
    PluginError as PluginError,
)
from ._system import (
    PluginInfo as PluginInfo,
)
from ._system import (
    PluginInstallMessage as PluginInstallMessage,
)
from ._system import (
    PluginManagedLock as PluginManagedLock,
)
from ._system import (
    PostTurnSummaryMessage as PostTurnSummaryMessage,
)
from ._system import (
    SessionMetadataMessage as SessionMetadataMessage,
)
from ._system import (
    SessionStateChangedMessage as SessionStateChangedMessage,
)
from ._system import (
    SessionWritesLostMessage as SessionWritesLostMessage,
)
from ._system import (
    StatusMessage as StatusMessage,
)
from ._system import (
    SystemMessage as SystemMessage,
)
from ._system import (
    TaskNotificationMessage as TaskNotificationMessage,
)
from ._system import (
    TaskProgressMessage as TaskProgressMessage,
)
from ._system import (
    TaskStartedMessage as TaskStartedMessage,
)
from ._system import (
    TaskSummaryMessage as TaskSummaryMessage,
)
from ._system import (
    TaskUpdatedMessage as TaskUpdatedMessage,
)
from ._system import (
    TaskUsage as TaskUsage,
)
from ._system import (
    ThinkingTokensMessage as ThinkingTokensMessage,
)
from ._system import (
    UnknownSystemMessage as UnknownSystemMessage,
)
from ._system import (
    WorkerShuttingDownMessage as WorkerShuttingDownMessage,
)

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
