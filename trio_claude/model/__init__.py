"""The typed wire model: every frame of the Claude Code stream-json protocol as a frozen attrs class.

The classes hold data only; :mod:`trio_claude.wire` decodes and encodes them.
"""

from __future__ import annotations

from typing import TypeAlias

from ._base import (
    EMPTY as EMPTY,
    JSONObject as JSONObject,
    JSONValue as JSONValue,
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
    AgentInfo as AgentInfo,
    ApplyFlagSettingsRequest as ApplyFlagSettingsRequest,
    BackgroundTasksRequest as BackgroundTasksRequest,
    BackgroundTasksResponse as BackgroundTasksResponse,
    BinaryVersionResponse as BinaryVersionResponse,
    CanUseToolRequest as CanUseToolRequest,
    CancelAsyncMessageRequest as CancelAsyncMessageRequest,
    CancelAsyncMessageResponse as CancelAsyncMessageResponse,
    ContextCategory as ContextCategory,
    ContextUsageResponse as ContextUsageResponse,
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
    HooksListingResponse as HooksListingResponse,
    InitializeRequest as InitializeRequest,
    InitializeResponse as InitializeResponse,
    InterruptRequest as InterruptRequest,
    InterruptResponse as InterruptResponse,
    ListModelsRequest as ListModelsRequest,
    ListModelsResponse as ListModelsResponse,
    ListPermissionRulesRequest as ListPermissionRulesRequest,
    McpCallRequest as McpCallRequest,
    McpCallResponse as McpCallResponse,
    McpMessageRequest as McpMessageRequest,
    McpMessageResponse as McpMessageResponse,
    McpReadResourceRequest as McpReadResourceRequest,
    McpReadResourceResponse as McpReadResourceResponse,
    McpReconnectRequest as McpReconnectRequest,
    McpServerRef as McpServerRef,
    McpServerStatus as McpServerStatus,
    McpSetServersRequest as McpSetServersRequest,
    McpSetServersResponse as McpSetServersResponse,
    McpStatusRequest as McpStatusRequest,
    McpStatusResponse as McpStatusResponse,
    McpToggleRequest as McpToggleRequest,
    McpToolInfo as McpToolInfo,
    ModelInfo as ModelInfo,
    PermissionRulesResponse as PermissionRulesResponse,
    ReadFileRequest as ReadFileRequest,
    ReadFileResponse as ReadFileResponse,
    RegisterRepoRootRequest as RegisterRepoRootRequest,
    ReloadOutputStylesRequest as ReloadOutputStylesRequest,
    ReloadOutputStylesResponse as ReloadOutputStylesResponse,
    ReloadPluginsRequest as ReloadPluginsRequest,
    ReloadPluginsResponse as ReloadPluginsResponse,
    ReloadSkillsRequest as ReloadSkillsRequest,
    ReloadSkillsResponse as ReloadSkillsResponse,
    RenameSessionRequest as RenameSessionRequest,
    RequestUserDialogRequest as RequestUserDialogRequest,
    RewindFilesRequest as RewindFilesRequest,
    RewindFilesResponse as RewindFilesResponse,
    SeedReadStateRequest as SeedReadStateRequest,
    SessionCostResponse as SessionCostResponse,
    SetColorRequest as SetColorRequest,
    SetHasSubscribersRequest as SetHasSubscribersRequest,
    SetMaxThinkingTokensRequest as SetMaxThinkingTokensRequest,
    SetModelRequest as SetModelRequest,
    SetModelResponse as SetModelResponse,
    SetPermissionModeRequest as SetPermissionModeRequest,
    SetPermissionModeResponse as SetPermissionModeResponse,
    SettingsResponse as SettingsResponse,
    SlashCommand as SlashCommand,
    StopTaskRequest as StopTaskRequest,
    TaskOutputResponse as TaskOutputResponse,
    UnknownControlRequest as UnknownControlRequest,
    UpdateSettingsRequest as UpdateSettingsRequest,
    UsageResponse as UsageResponse,
    UserDialogResponse as UserDialogResponse,
)
from ._hooks import (
    AsyncHookOutput as AsyncHookOutput,
    SyncHookOutput as SyncHookOutput,
)
from ._messages import (
    APIMessage as APIMessage,
    ActiveGoalMessage as ActiveGoalMessage,
    AssistantMessage as AssistantMessage,
    AuthStatusMessage as AuthStatusMessage,
    AutocompactStateMessage as AutocompactStateMessage,
    CommandLifecycleMessage as CommandLifecycleMessage,
    ConversationResetMessage as ConversationResetMessage,
    KeepAlive as KeepAlive,
    ModelUsage as ModelUsage,
    PermissionDenial as PermissionDenial,
    PromptSuggestionMessage as PromptSuggestionMessage,
    RateLimitEvent as RateLimitEvent,
    RateLimitInfo as RateLimitInfo,
    ResultMessage as ResultMessage,
    StreamEvent as StreamEvent,
    SubagentRetry as SubagentRetry,
    ToolProgressMessage as ToolProgressMessage,
    ToolUseSummaryMessage as ToolUseSummaryMessage,
    TranscriptMirrorMessage as TranscriptMirrorMessage,
    UnknownMessage as UnknownMessage,
    UserMessage as UserMessage,
    UserMessageParam as UserMessageParam,
)
from ._permissions import (
    AddDirectoriesUpdate as AddDirectoriesUpdate,
    AddRulesUpdate as AddRulesUpdate,
    PermissionBehavior as PermissionBehavior,
    PermissionMode as PermissionMode,
    PermissionResult as PermissionResult,
    PermissionResultAllow as PermissionResultAllow,
    PermissionResultDeny as PermissionResultDeny,
    PermissionRuleValue as PermissionRuleValue,
    PermissionUpdate as PermissionUpdate,
    PermissionUpdateDestination as PermissionUpdateDestination,
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
    MirrorErrorMessage as MirrorErrorMessage,
    ModelRefusalFallbackMessage as ModelRefusalFallbackMessage,
    ModelRefusalNoFallbackMessage as ModelRefusalNoFallbackMessage,
    NotificationMessage as NotificationMessage,
    PermissionDeniedMessage as PermissionDeniedMessage,
    PluginInfo as PluginInfo,
    PluginInstallMessage as PluginInstallMessage,
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
"""Control-protocol traffic: requests, responses, cancels and keep-alives."""

Frame: TypeAlias = Message | ControlFrame
"""Any line of the protocol, either direction."""
