"""The control protocol: requests both ways, their typed answers, responses and cancels (PROTOCOL.md §3).

A request body class ``XRequest`` subclasses ``ControlRequestBody[XResponse]``, which names the class of
its success payload, so :meth:`trio_claude.ClaudeSession.request` can return it typed.  The answers a
session asks for on demand live in :mod:`._responses`, loaded on first use: their requests name them as
strings (``ControlRequestBody["UsageResponse"]``), and ``HookCallbackRequest.input`` names the hook inputs
through the model's face (``model.HookInput``), so that neither module is imported with this one.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeAlias, TypeVar

import attrs

from ._base import (
    BaseUnknown,
    JSONObject,
    JSONValue,
    WireObject,
    brief,
    json_str,
)
from ._hooks import AsyncHookOutput, ElicitationAction, SyncHookOutput
from ._permissions import (
    McpServerRef,
    PermissionMode,
    PermissionResultAllow,
    PermissionResultDeny,
    PermissionUpdate,
)

if TYPE_CHECKING:
    from .. import model
else:  # the face, still loading now: ``HookCallbackRequest.input`` names the hook inputs through it, which
    # it loads on first use, once the annotation is resolved (not an import: the face imports this module)
    model = sys.modules[__package__]

if TYPE_CHECKING:  # the requests name their answers as strings
    from ._responses import (  # noqa: F401
        BackgroundTasksResponse,
        BinaryVersionResponse,
        CancelAsyncMessageResponse,
        ContextUsageResponse,
        HooksListingResponse,
        ListModelsResponse,
        McpCallResponse,
        McpReadResourceResponse,
        McpSetServersResponse,
        McpStatusResponse,
        PermissionRulesResponse,
        ReadFileResponse,
        ReloadOutputStylesResponse,
        ReloadPluginsResponse,
        ReloadSkillsResponse,
        RewindFilesResponse,
        SessionCostResponse,
        SetMcpPermissionModeOverrideResponse,
        SetModelResponse,
        SetPermissionModeResponse,
        SettingsResponse,
        TaskOutputResponse,
        UsageResponse,
    )

if TYPE_CHECKING:
    from .tools import ToolInput

ResponseT = TypeVar("ResponseT", covariant=True)

UserDialogBehavior: TypeAlias = Literal["completed", "cancelled"]
"""How a ``request_user_dialog`` was settled."""

McpPermissionModeOverride: TypeAlias = Literal["default", "auto"]
"""A per-MCP-server permission mode (:class:`SetMcpPermissionModeOverrideRequest`)."""

ThinkingDisplay: TypeAlias = Literal["summarized", "omitted", "highlights"]
"""How thinking is shown (:class:`SetMaxThinkingTokensRequest`)."""

SettingsSource: TypeAlias = Literal["localSettings", "userSettings"]
"""Where :class:`UpdateSettingsRequest` writes."""

ContextUsageDetail: TypeAlias = Literal["summary", "full"]
"""How much :class:`GetContextUsageRequest` asks for."""

ReadFileEncoding: TypeAlias = Literal["utf-8", "base64"]
"""How :class:`ReadFileRequest` returns the contents."""


class ControlRequestBody(Generic[ResponseT]):
    """Base of every control request body; ``ResponseT`` is the class of its success payload."""

    __slots__ = ()


# --------------------------------------------------------------------------------------------------
# Success payloads
# --------------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, repr=False, eq=False)
class EmptyResponse(WireObject):
    """An acknowledgement with no payload (a missing ``response`` decodes to this)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SlashCommand(WireObject):
    """A slash command the CLI offers."""

    name: str
    description: str | None = None
    argument_hint: str | None = None
    aliases: tuple[str, ...] | None = None
    builtin: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AgentInfo(WireObject):
    """A subagent the CLI offers."""

    name: str
    description: str | None = None
    model: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ModelInfo(WireObject):
    """A model the CLI offers."""

    value: str
    display_name: str | None = None
    description: str | None = None
    resolved_model: str | None = None
    supports_effort: bool | None = None
    supported_effort_levels: tuple[str, ...] | None = None
    supports_adaptive_thinking: bool | None = None
    supports_fast_mode: bool | None = None
    supports_auto_mode: bool | None = None
    supports_thinking_off: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AccountInfo(WireObject):
    """The account the CLI runs as."""

    email: str | None = None
    organization: str | None = None
    subscription_type: str | None = None
    token_source: str | None = None
    api_key_source: str | None = None
    api_provider: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InitializeResponse(WireObject):
    """The answer to ``initialize``: what the CLI offers (commands, agents, models, account…)."""

    commands: tuple[SlashCommand, ...] | None = attrs.field(default=None, repr=brief)
    agents: tuple[AgentInfo, ...] | None = attrs.field(default=None, repr=brief)
    output_style: str | None = None
    available_output_styles: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    models: tuple[ModelInfo, ...] | None = attrs.field(default=None, repr=brief)
    account: AccountInfo | None = None
    pid: int | None = None
    claude_code_version: str | None = None
    current_permission_mode: str | None = None
    current_model: str | None = None
    capabilities: tuple[str, ...] | None = attrs.field(default=None, repr=brief)
    hooks_applied: bool | None = None
    hook_on_failure_supported: bool | None = None
    session_state: str | None = None
    fast_mode_state: str | None = None
    analytics_disabled: bool | None = None
    fast_mode_disabled_reason: str | None = None
    plugins_applied: bool | None = None
    """Whether the ``plugins`` of ``initialize`` were applied (plugin delivery through ``initialize``)."""
    mcp_servers_applied: bool | None = None
    """Whether the ``mcp_servers`` of ``initialize`` were applied (MCP delivery through ``initialize``)."""
    sdk_mcp_manifests_parked: dict[str, str] | None = None
    """In-process MCP server name → what became of its manifest (``parked``, ``already_connected``,
    ``protocol_version_mismatch``, ``malformed``, ``not_honoured``)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ClaimSessionResponse(WireObject):
    """The answer to ``claim_session``: the session a pre-warmed spare now serves (its canonical working
    directory, its id, how long it was parked) and, asked with ``include_initialize``, the ``initialize``
    answer as it describes the claimed session."""

    status: str | None = None
    cwd: str | None = None
    session_id: str | None = None
    parked_ms: int | None = None
    sdk_mcp_settled: bool | None = None
    initialize: InitializeResponse | None = attrs.field(default=None, repr=brief)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InterruptResponse(WireObject):
    """The answer to ``interrupt`` (CLI ≥ 2.1.330: the prompts still queued / cancelled)."""

    still_queued: tuple[str, ...] | None = None
    cancelled: tuple[str, ...] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpMessageResponse(WireObject):
    """Our answer to the CLI's ``mcp_message``: the in-process MCP server's JSON-RPC reply."""

    mcp_response: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ElicitationResponse(WireObject):
    """Our answer to ``elicitation``: ``accept`` (with ``content``, the values the server asked for),
    ``decline`` or ``cancel``."""

    action: ElicitationAction
    content: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UserDialogResponse(WireObject):
    """Our answer to ``request_user_dialog``: ``completed`` (with ``result``, whose shape the dialog kind
    defines) or ``cancelled`` (the CLI applies the dialog's default)."""

    behavior: UserDialogBehavior
    result: JSONValue = None


# --------------------------------------------------------------------------------------------------
# Host → CLI request bodies
# --------------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, repr=False, eq=False)
class HookMatcherConfig(WireObject):
    """One hook matcher as registered in ``initialize`` (the callbacks are named by id)."""

    hook_callback_ids: tuple[str, ...]
    matcher: str | None = None
    timeout: float | None = None
    on_failure: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AgentDefinitionConfig(WireObject):
    """A subagent as ``initialize`` declares it (the TS SDK's ``AgentDefinition``; camelCase on the wire).

    Built from :class:`trio_claude.AgentDefinition`; fields left ``None`` are not sent.
    """

    description: str
    prompt: str
    tools: tuple[str, ...] | None = None
    disallowed_tools: tuple[str, ...] | None = None
    model: str | None = None
    mcp_servers: tuple[str | JSONObject, ...] | None = None
    """Server names, or inline ``{name: config}`` objects."""
    critical_system_reminder_experimental: str | None = None
    """``criticalSystemReminder_EXPERIMENTAL``."""
    skills: tuple[str, ...] | None = None
    initial_prompt: str | None = None
    max_turns: int | None = None
    auto_compact_window: int | None = None
    background: bool | None = None
    omit_claude_md: bool | None = None
    memory: str | None = None
    """``user``, ``project`` or ``local``."""
    effort: str | int | None = None
    """A level (``low`` … ``max``) or a number."""
    permission_mode: PermissionMode | None = None
    observer: str | None = None
    observer_message: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InitializeRequest(WireObject, ControlRequestBody[InitializeResponse]):
    """``initialize``: register hooks, in-process MCP servers, system prompt, agents… (camelCase on the wire).

    ``system_prompt`` left ``None`` means Claude Code's own system prompt.
    """

    hooks: dict[str, tuple[HookMatcherConfig, ...]] | None = None
    sdk_mcp_servers: tuple[str, ...] | None = None
    sdk_mcp_server_configs: JSONObject | None = None
    sdk_mcp_server_manifests: JSONObject | None = None
    """In-process MCP server name → its manifest (``tools``, ``instructions``…), so that the CLI can list
    the tools before the server answers."""
    sdk_mcp_server_manifests_origin: str | None = None
    """``host_per_send``."""
    json_schema: JSONObject | None = None
    system_prompt: str | tuple[str, ...] | None = None
    append_system_prompt: str | None = None
    system_prompt_snapshot: bool | None = None
    plan_mode_instructions: str | None = None
    tool_aliases: dict[str, str] | None = None
    exclude_dynamic_sections: bool | None = None
    agents: dict[str, AgentDefinitionConfig] | None = None
    title: str | None = None
    skills: tuple[str, ...] | None = None
    prompt_suggestions: bool | None = None
    agent_progress_summaries: bool | None = None
    forward_subagent_text: bool | None = None
    supported_dialog_kinds: tuple[str, ...] | None = None
    per_task_stop_affordance: bool | None = None
    plugins: tuple[JSONObject, ...] | None = None
    mcp_servers: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ClaimSessionRequest(WireObject, ControlRequestBody[ClaimSessionResponse]):
    """``claim_session``: bind a spare (a CLI started with ``--await-claim``) to a session in ``cwd``.

    Only the three environment variables the CLI reads at claim time may be in ``env``; the CLI refuses
    the claim otherwise (``env_key_not_claimable``).
    """

    cwd: str
    permission_mode: PermissionMode | None = None
    env: dict[str, str] | None = None
    additional_directories: tuple[str, ...] | None = None
    append_system_prompt: str | None = None
    title: str | None = None
    agents: dict[str, AgentDefinitionConfig] | None = None
    sdk_mcp_servers: tuple[str, ...] | None = None
    include_initialize: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InterruptRequest(WireObject, ControlRequestBody[InterruptResponse]):
    """``interrupt``: stop the current turn (``cancel_queued`` also drops queued prompts)."""

    cancel_queued: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetPermissionModeRequest(WireObject, ControlRequestBody["SetPermissionModeResponse"]):
    """``set_permission_mode``."""

    mode: PermissionMode


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetModelRequest(WireObject, ControlRequestBody["SetModelResponse"]):
    """``set_model`` (``None`` or ``"default"``: the session's default model)."""

    model: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetMaxThinkingTokensRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``set_max_thinking_tokens`` (``None`` clears the limit)."""

    max_thinking_tokens: int | None = None
    thinking_display: ThinkingDisplay | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ApplyFlagSettingsRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``apply_flag_settings``: merge settings as if given by flags (a ``None`` value clears a key)."""

    settings: JSONObject


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UpdateSettingsRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``update_settings``: write allow-listed settings (``outputStyle``, ``effortLevel``) to a source."""

    source: SettingsSource
    settings: JSONObject


@attrs.frozen(kw_only=True, repr=False, eq=False)
class GetSettingsRequest(WireObject, ControlRequestBody["SettingsResponse"]):
    """``get_settings``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpStatusRequest(WireObject, ControlRequestBody["McpStatusResponse"]):
    """``mcp_status``."""

    live_reply: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpReconnectRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``mcp_reconnect`` (``serverName`` on the wire)."""

    server_name: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpToggleRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``mcp_toggle``: enable or disable an MCP server."""

    server_name: str
    enabled: bool


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpSetServersRequest(WireObject, ControlRequestBody["McpSetServersResponse"]):
    """``mcp_set_servers``: replace the dynamic MCP servers (in-process ones as ``{"type": "sdk"}``)."""

    servers: JSONObject


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpReadResourceRequest(WireObject, ControlRequestBody["McpReadResourceResponse"]):
    """``mcp_read_resource`` (``ui://`` resources only)."""

    server_name: str
    uri: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpCallRequest(WireObject, ControlRequestBody["McpCallResponse"]):
    """``mcp_call``: call an MCP tool (``mcp__server__tool``) directly."""

    tool: str
    arguments: JSONObject | None = None
    expires_at: float | None = None
    timeout_ms: float | None = None
    result_not_for_model: bool | None = None
    check_permissions: bool | None = None
    input_files: JSONValue = None
    output_files: JSONValue = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpMessageRequest(WireObject, ControlRequestBody[McpMessageResponse]):
    """``mcp_message``: a JSON-RPC message for (CLI → host) or from (host → CLI) an in-process MCP server."""

    server_name: str
    message: JSONObject


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RewindFilesRequest(WireObject, ControlRequestBody["RewindFilesResponse"]):
    """``rewind_files``: restore files to their state at a user message (needs file checkpointing)."""

    user_message_id: str
    dry_run: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class GetContextUsageRequest(WireObject, ControlRequestBody["ContextUsageResponse"]):
    """``get_context_usage`` (``detail``: ``summary`` or ``full``)."""

    detail: ContextUsageDetail | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class GetUsageRequest(WireObject, ControlRequestBody["UsageResponse"]):
    """``get_usage`` (experimental in the CLI)."""

    skip_behaviors: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class GetSessionCostRequest(WireObject, ControlRequestBody["SessionCostResponse"]):
    """``get_session_cost``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class GetBinaryVersionRequest(WireObject, ControlRequestBody["BinaryVersionResponse"]):
    """``get_binary_version``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ListModelsRequest(WireObject, ControlRequestBody["ListModelsResponse"]):
    """``list_models`` (CLI ≥ 2.1.330)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ListPermissionRulesRequest(WireObject, ControlRequestBody["PermissionRulesResponse"]):
    """``list_permission_rules``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class GetHooksListingRequest(WireObject, ControlRequestBody["HooksListingResponse"]):
    """``get_hooks_listing``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class GetTaskOutputRequest(WireObject, ControlRequestBody["TaskOutputResponse"]):
    """``get_task_output``."""

    task_id: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class StopTaskRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``stop_task``: stop a background task (a ``task_notification`` ``stopped`` follows)."""

    task_id: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BackgroundTasksRequest(WireObject, ControlRequestBody["BackgroundTasksResponse"]):
    """``background_tasks``: move running work to the background."""

    tool_use_id: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CancelAsyncMessageRequest(WireObject, ControlRequestBody["CancelAsyncMessageResponse"]):
    """``cancel_async_message``: drop a queued prompt by its uuid."""

    message_uuid: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SeedReadStateRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``seed_read_state``: tell the CLI a file was already read at ``mtime``."""

    path: str
    mtime: float


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ReadFileRequest(WireObject, ControlRequestBody["ReadFileResponse"]):
    """``read_file``: read a file through the CLI."""

    path: str
    max_bytes: int | None = None
    encoding: ReadFileEncoding | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RegisterRepoRootRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``register_repo_root``."""

    directory: str
    reload_claude_md: bool | None = None
    reload_plugins: bool | None = None
    reload_skills: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ReloadPluginsRequest(WireObject, ControlRequestBody["ReloadPluginsResponse"]):
    """``reload_plugins``."""

    hold_on_cache_impact: bool | None = None
    add_plugins: tuple[JSONObject, ...] | None = None
    """Plugins to add, as ``initialize`` ``plugins`` spells them (``{"type": "local", "path": ...}``)."""
    refuse_if_busy: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ReloadSkillsRequest(WireObject, ControlRequestBody["ReloadSkillsResponse"]):
    """``reload_skills``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ReloadOutputStylesRequest(WireObject, ControlRequestBody["ReloadOutputStylesResponse"]):
    """``reload_output_styles``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RenameSessionRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``rename_session``."""

    title: str
    source: str | None = None
    session_id: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetColorRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``set_color``."""

    color: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetHasSubscribersRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``set_has_subscribers``."""

    has_subscribers: bool | None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetMcpPermissionModeOverrideRequest(
    WireObject, ControlRequestBody["SetMcpPermissionModeOverrideResponse"]
):
    """``set_mcp_permission_mode_override``: how the tools of MCP server ``server_name`` are permitted:
    ``default`` (ask per action), ``auto`` (the auto-mode classifier) or ``None`` (clear the override).
    ``serverName`` on the wire; ``mode`` is always sent (``null`` clears)."""

    server_name: str
    mode: McpPermissionModeOverride | None = attrs.field(default=None, metadata={"always_sent": True})


@attrs.frozen(kw_only=True, repr=False, eq=False)
class FileSuggestionsRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``file_suggestions``: path completions for ``query`` (the answer is kept as JSON in ``extra``)."""

    query: str


# --------------------------------------------------------------------------------------------------
# CLI → host request bodies
# --------------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CanUseToolRequest(WireObject, ControlRequestBody[PermissionResultAllow | PermissionResultDeny]):
    """``can_use_tool``: the CLI asks whether a tool may run with ``input``."""

    tool_name: str
    input: JSONObject
    tool_use_id: str | None = None
    mcp_server: McpServerRef | None = None
    permission_suggestions: tuple[PermissionUpdate, ...] | None = None
    blocked_path: str | None = None
    decision_reason: str | None = None
    decision_reason_type: str | None = None
    classifier_approvable: bool | None = None
    suppress_always_allow_rule: bool | None = None
    default_to_no: bool | None = None
    matched_ask_rule: JSONObject | None = None
    title: str | None = None
    display_name: str | None = None
    description: str | None = None
    agent_id: str | None = None
    requires_user_interaction: bool | None = None

    def typed_input(self) -> ToolInput:
        """``input`` as its tool's class (:class:`~trio_claude.model.tools.BashInput`...), by
        :func:`~trio_claude.model.tools.parse_tool_input`: never raises."""
        from .tools import parse_tool_input  # loaded on first use

        return parse_tool_input(self.tool_name, self.input)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class HookCallbackRequest(WireObject, ControlRequestBody[SyncHookOutput | AsyncHookOutput]):
    """``hook_callback``: run the hook callback registered as ``callback_id`` on ``input``."""

    callback_id: str
    input: model.HookInput
    tool_use_id: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ElicitationRequest(WireObject, ControlRequestBody[ElicitationResponse]):
    """``elicitation``: an MCP server asks the user for input."""

    mcp_server_name: str
    message: str
    mode: str | None = None
    url: str | None = None
    elicitation_id: str | None = None
    requested_schema: JSONObject | None = None
    property_order: tuple[str, ...] | None = None
    title: str | None = None
    display_name: str | None = None
    description: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RequestUserDialogRequest(WireObject, ControlRequestBody[UserDialogResponse]):
    """``request_user_dialog``: the CLI asks the host to show a dialog."""

    dialog_kind: str
    payload: JSONValue = None
    tool_use_id: str | None = None


@attrs.frozen(kw_only=True)
class UnknownControlRequest(BaseUnknown, ControlRequestBody[Any]):
    """A control request body whose ``subtype`` this version does not know (or that did not fit its class).

    ``raw`` is the body as received.  The session answers such a request from the CLI with an error.
    """

    @property
    def subtype(self) -> str | None:
        """The request's ``subtype``, if it has one."""
        return json_str(self.raw, "subtype")


ControlRequestPayload: TypeAlias = (
    InitializeRequest
    | InterruptRequest
    | SetPermissionModeRequest
    | SetModelRequest
    | SetMaxThinkingTokensRequest
    | ApplyFlagSettingsRequest
    | UpdateSettingsRequest
    | GetSettingsRequest
    | McpStatusRequest
    | McpReconnectRequest
    | McpToggleRequest
    | McpSetServersRequest
    | McpReadResourceRequest
    | McpCallRequest
    | McpMessageRequest
    | RewindFilesRequest
    | GetContextUsageRequest
    | GetUsageRequest
    | GetSessionCostRequest
    | GetBinaryVersionRequest
    | ListModelsRequest
    | ListPermissionRulesRequest
    | GetHooksListingRequest
    | GetTaskOutputRequest
    | StopTaskRequest
    | BackgroundTasksRequest
    | CancelAsyncMessageRequest
    | SeedReadStateRequest
    | ReadFileRequest
    | RegisterRepoRootRequest
    | ReloadPluginsRequest
    | ReloadSkillsRequest
    | ReloadOutputStylesRequest
    | RenameSessionRequest
    | SetColorRequest
    | SetHasSubscribersRequest
    | FileSuggestionsRequest
    | SetMcpPermissionModeOverrideRequest
    | ClaimSessionRequest
    | CanUseToolRequest
    | HookCallbackRequest
    | ElicitationRequest
    | RequestUserDialogRequest
    | UnknownControlRequest
)
"""Any control request body, either direction."""


# --------------------------------------------------------------------------------------------------
# Envelopes
# --------------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ControlRequest(WireObject):
    """``{"type": "control_request"}``: a request from either side, answered by a :class:`ControlResponse`
    with the same ``request_id``."""

    request_id: str
    request: ControlRequestPayload


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ControlSuccess(WireObject):
    """A successful answer; ``response`` is the payload as JSON (``None`` when the peer sent none, which
    means ``{}``).

    The CLI's ``initialize`` answer also lists, next to ``response``, the requests it was already waiting
    on when the host connected (CLI ≥ 2.1.330 writes the first two, empty, on every ``initialize``
    answer).
    """

    request_id: str
    response: JSONObject | None = None
    pending_permission_requests: tuple[ControlRequest, ...] | None = None
    pending_user_dialog_requests: tuple[ControlRequest, ...] | None = None
    pending_elicitation_requests: tuple[ControlRequest, ...] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ControlError(WireObject):
    """A failed answer: ``error`` is the message; CLI ≥ 2.1.330 adds an ``error_code``
    (``unsupported_request``, ``invalid_mode``…)."""

    request_id: str
    error: str
    error_code: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ControlResponse(WireObject):
    """``{"type": "control_response"}``: the answer to a :class:`ControlRequest`.

    The ``initialize`` answer may carry requests the CLI was already waiting on
    (``pending_permission_requests`` …) next to ``response``.
    """

    response: ControlSuccess | ControlError
    pending_permission_requests: tuple[ControlRequest, ...] | None = None
    pending_user_dialog_requests: tuple[ControlRequest, ...] | None = None
    pending_elicitation_requests: tuple[ControlRequest, ...] | None = None

    @property
    def request_id(self) -> str:
        """The id of the request this answers."""
        return self.response.request_id


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ControlCancelRequest(WireObject):
    """``{"type": "control_cancel_request"}``: the sender no longer waits for its request ``request_id``.
    No answer is sent."""

    request_id: str
