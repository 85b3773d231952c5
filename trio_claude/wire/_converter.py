"""The one converter: every wire spelling decision lives here.

Tags (``type``/``subtype``/``behavior``/``hook_event_name``/``hookEventName``), the mixed
camelCase/snake_case keys of the protocol, the ``continue``/``async`` renames of hook outputs, and the
fallbacks that turn anything unexpected into an ``Unknown*`` object carrying the raw JSON.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import Any, cast, get_args

import attrs
import cattrs

from .. import model as m
from ..model._base import EMPTY, json_get, json_str
from ._codegen import CodeGen, Malformed, finalize

# --------------------------------------------------------------------------------------------------
# Tags
# --------------------------------------------------------------------------------------------------

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
}

PERMISSION_UPDATE_TYPES: dict[str, type] = dict(m.PERMISSION_UPDATE_TYPES)

PERMISSION_RESULT_BEHAVIORS: dict[str, type] = {
    "allow": m.PermissionResultAllow,
    "deny": m.PermissionResultDeny,
}

CONTROL_RESPONSE_SUBTYPES: dict[str, type] = {"success": m.ControlSuccess, "error": m.ControlError}

#: Hook input ``hook_event_name`` → class.
HOOK_INPUT_EVENTS: dict[str, type] = {cls.hook_event_name: cls for cls in m.HOOK_INPUT_CLASSES}

#: Event-specific hook output ``hookEventName`` → class.
HOOK_OUTPUT_EVENTS: dict[str, type] = {cls.hook_event_name: cls for cls in m.HOOK_SPECIFIC_OUTPUT_CLASSES}

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
        m.SlashCommand,
        m.ModelInfo,
        m.AccountInfo,
        m.McpStatusResponse,
        m.McpServerStatus,
        m.RewindFilesResponse,
        m.ContextUsageResponse,
        m.ContextCategory,
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
    (m.AuthStatusMessage, "is_authenticating"): "isAuthenticating",
    (m.ReloadPluginsResponse, "mcp_servers"): "mcpServers",
    (m.PostToolUseHookSpecificOutput, "updated_mcp_tool_output"): "updatedMCPToolOutput",
    (m.TranscriptMirrorMessage, "file_path"): "filePath",
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


# --------------------------------------------------------------------------------------------------
# Union dispatch
# --------------------------------------------------------------------------------------------------

_Fns = dict[Any, Callable[[Any], Any]]
_SYSTEM = object()  # the key of the ``system`` subtype dispatcher


def _tagged(
    fns: _Fns, table: Mapping[str, object], key: str, unknown: type[m.BaseUnknown] | None
) -> Callable[[Any], Any]:
    """A structure function that picks the function ``fns[table[value[key]]]``; with an ``Unknown*`` class,
    anything that cannot be typed becomes ``unknown(raw=value, error=why)`` instead of raising."""
    lookup: dict[str, Callable[[Any], Any]] = {}

    def structure(value: Any) -> Any:
        # The hot path (stream events): one dict lookup for the tag, one for its function.
        if value.__class__ is dict:  # (not ``type(value) is dict``: that narrows to dict[Unknown, Unknown])
            tag = value.get(key)
            fn = lookup.get(tag) if type(tag) is str else None
            if fn is not None:
                if unknown is None:
                    return fn(value)
                try:
                    return fn(value)
                except Malformed as exc:
                    return unknown(raw=value, error=str(exc))
        return first_or_odd(value)

    def first_or_odd(value: Any) -> Any:
        """A tag seen for the first time (bind its function), an unknown tag, or not an object."""
        if type(value) is not dict:
            if unknown is None:
                raise Malformed(f"expected an object, got {type(value).__name__}")
            return unknown(raw=value, error=f"expected an object, got {type(value).__name__}")
        tag = json_str(cast("dict[str, Any]", value), key)
        if tag is None or tag not in table:
            if unknown is None:
                raise Malformed(f"unknown {key} {tag!r}")
            return unknown(raw=value)
        lookup[tag] = fns[table[tag]]
        return structure(value)

    return structure


def _raw(value: Any) -> Any:
    return value.raw


def _dispatch_unstructure(fns: _Fns) -> Callable[[Any], Any]:
    def unstructure(obj: Any) -> Any:
        return fns[type(obj)](obj)

    return unstructure


def _response_types() -> dict[type, Any]:
    """Request body class → the type of its success payload (from ``ControlRequestBody[...]``)."""
    out: dict[type, Any] = {}
    for cls in CONTROL_SUBTYPES.values():
        for base in getattr(cls, "__orig_bases__", ()):
            if typing.get_origin(base) is m.ControlRequestBody:
                out[cls] = get_args(base)[0]
    return out


def _all_classes() -> list[type]:
    """Every attrs class reachable from the tables (fields included)."""
    seen: dict[type, None] = {}
    todo: list[Any] = [
        *FRAME_TYPES.values(),
        *SYSTEM_SUBTYPES.values(),
        *BLOCK_TYPES.values(),
        *CONTROL_SUBTYPES.values(),
        *PERMISSION_UPDATE_TYPES.values(),
        *PERMISSION_RESULT_BEHAVIORS.values(),
        *CONTROL_RESPONSE_SUBTYPES.values(),
        *HOOK_INPUT_EVENTS.values(),
        *HOOK_OUTPUT_EVENTS.values(),
        m.SyncHookOutput,
        m.AsyncHookOutput,
        *_response_types().values(),
    ]
    while todo:
        tp = todo.pop()
        if isinstance(tp, type) and attrs.has(tp):
            if tp in seen or not issubclass(tp, m.WireObject):
                continue
            seen[tp] = None
            attrs.resolve_types(tp)
            todo.extend(f.type for f in attrs.fields(tp))
        else:
            todo.extend(get_args(tp))
    return list(seen)


# --------------------------------------------------------------------------------------------------
# The converter
# --------------------------------------------------------------------------------------------------


def _hook_output(fns: _Fns) -> Callable[[Any], Any]:
    def structure(value: Any) -> Any:
        if json_get(value, "async") is True:
            return fns[m.AsyncHookOutput](value)
        return fns[m.SyncHookOutput](value)

    return structure


class WireConverter(cattrs.Converter):
    """The cattrs converter of the wire format, with the generated functions of every class.

    ``structure_fns``/``unstructure_fns`` map a class or union alias to a one-argument function on JSON
    values; :meth:`structure`/:meth:`unstructure` (from cattrs) reach the same functions.
    """

    def __init__(self) -> None:
        super().__init__()
        fns: _Fns = {}
        ufns: _Fns = {}

        # ``system`` frames dispatch a second time, on ``subtype``.
        fns[_SYSTEM] = _tagged(fns, SYSTEM_SUBTYPES, "subtype", m.UnknownSystemMessage)
        frame = _tagged(fns, {**FRAME_TYPES, "system": _SYSTEM}, "type", m.UnknownMessage)
        block = _tagged(fns, BLOCK_TYPES, "type", m.UnknownBlock)
        control = _tagged(fns, CONTROL_SUBTYPES, "subtype", m.UnknownControlRequest)
        update = _tagged(fns, PERMISSION_UPDATE_TYPES, "type", m.UnknownPermissionUpdate)
        hook_input = _tagged(fns, HOOK_INPUT_EVENTS, "hook_event_name", m.UnknownHookInput)
        hook_specific = _tagged(fns, HOOK_OUTPUT_EVENTS, "hookEventName", m.UnknownHookSpecificOutput)
        union_structure: dict[Any, Callable[[Any], Any]] = {
            m.ContentBlock: block,
            m.ControlRequestPayload: control,
            m.PermissionUpdate: update,
            m.HookInput: hook_input,
            m.HookSpecificOutput: hook_specific,
            m.PermissionResult: _tagged(fns, PERMISSION_RESULT_BEHAVIORS, "behavior", None),
            m.ControlSuccess | m.ControlError: _tagged(fns, CONTROL_RESPONSE_SUBTYPES, "subtype", None),
            m.SyncHookOutput | m.AsyncHookOutput: _hook_output(fns),
        }
        dispatch = _dispatch_unstructure(ufns)
        union_unstructure = {alias: dispatch for alias in union_structure}
        gen = CodeGen(
            wire_name=wire_name,
            tags=tags,
            union_structure=union_structure,
            union_unstructure=union_unstructure,
        )
        for cls in _all_classes():
            gen.add_class(cls)
        fns.update(gen.structure_fns)
        self.checked_structure_fns: _Fns = gen.checked_structure_fns
        ufns.update(gen.unstructure_fns)
        for unknown_cls in (
            m.UnknownMessage,
            m.UnknownSystemMessage,
            m.UnknownBlock,
            m.UnknownControlRequest,
            m.UnknownPermissionUpdate,
            m.UnknownHookInput,
            m.UnknownHookSpecificOutput,
        ):
            ufns[unknown_cls] = _raw
        finalize(fns)
        finalize(ufns)
        self.structure_fns: _Fns = fns
        self.unstructure_fns: _Fns = ufns
        self.structure_frame: Callable[[Any], m.Frame] = frame
        self.unstructure_frame: Callable[[Any], Any] = dispatch
        self.response_types: dict[type, Any] = _response_types()
        #: Request body class → its ``subtype``.
        self.control_subtypes: dict[type, str] = {
            cls: _TAGS[cls]["subtype"] for cls in CONTROL_SUBTYPES.values()
        }

        for key, fn in fns.items():
            if key is _SYSTEM:
                continue
            if isinstance(key, type):
                self.register_structure_hook(key, _two_arg(fn))
            else:
                self.register_structure_hook_func(_is(key), _two_arg(fn))
        self.register_unstructure_hook_func(lambda t: t in ufns, dispatch)
        self.register_structure_hook_func(lambda t: t is m.Frame or t == m.Frame, lambda v, _: frame(v))


def _two_arg(fn: Callable[[Any], Any]) -> Callable[[Any, Any], Any]:
    def hook(value: Any, _: Any) -> Any:
        return fn(value)

    return hook


def _is(alias: Any) -> Callable[[Any], bool]:
    return lambda t: t == alias


def make_converter() -> WireConverter:
    """Build the wire converter (it is built once, at import, as :data:`converter`)."""
    return WireConverter()


converter: WireConverter = make_converter()
"""The wire converter."""

__all__ = ["EMPTY", "converter", "make_converter"]
