"""The unions of every frame: :data:`Message`, :data:`ControlFrame` and :data:`Frame`.

They name every message class, those loaded on first use too, so they are themselves loaded on first use
(the model face's ``__getattr__``): the package names them only in annotations, through the face.
"""

from __future__ import annotations

from typing import TypeAlias

from ._control import ControlCancelRequest, ControlRequest, ControlResponse
from ._messages import (
    AssistantMessage,
    KeepAlive,
    RateLimitEvent,
    ResultMessage,
    StreamEvent,
    UnknownMessage,
    UserMessage,
)
from ._messages_rare import (
    ActiveGoalMessage,
    AuthStatusMessage,
    AutocompactStateMessage,
    CommandLifecycleMessage,
    ConversationResetMessage,
    PromptSuggestionMessage,
    ToolProgressMessage,
    ToolUseSummaryMessage,
    TranscriptMirrorMessage,
)
from ._system import (
    CommandsChangedMessage,
    InitMessage,
    SessionStateChangedMessage,
    StatusMessage,
    ThinkingTokensMessage,
    UnknownSystemMessage,
)
from ._system_rare import (
    ApiRetryMessage,
    BackgroundTasksChangedMessage,
    CompactBoundaryMessage,
    ControlRequestProgressMessage,
    ElicitationCompleteMessage,
    FilesPersistedMessage,
    HookProgressMessage,
    HookResponseMessage,
    HookStartedMessage,
    InformationalMessage,
    LocalCommandOutputMessage,
    MemoryRecallMessage,
    MirrorErrorMessage,
    ModelRefusalFallbackMessage,
    ModelRefusalNoFallbackMessage,
    NotificationMessage,
    PermissionDeniedMessage,
    PluginInstallMessage,
    PostTurnSummaryMessage,
    SessionMetadataMessage,
    SessionWritesLostMessage,
    TaskNotificationMessage,
    TaskProgressMessage,
    TaskStartedMessage,
    TaskSummaryMessage,
    TaskUpdatedMessage,
    WorkerShuttingDownMessage,
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
