"""The control protocol: requests both ways, their typed answers, responses and cancels (PROTOCOL.md §3).

A request body class ``XRequest`` subclasses ``ControlRequestBody[XResponse]``, which names the class of
its success payload, so :meth:`trio_claude.ClaudeSession.request` can return it typed.  What a plain
session does not need loads on first use, and this module names it without importing it:

* the answers a session asks for on demand (:mod:`._responses`), the hook outputs (:mod:`._hooks`) and
  the permission results (:mod:`._permissions`): the requests name their answers as strings
  (``ControlRequestBody["UsageResponse"]``, ``ControlRequestBody["SyncHookOutput | AsyncHookOutput"]``);
* the hook inputs and the permission classes that fields hold: through the model's face
  (``HookCallbackRequest.input: model.HookInput``, ``CanUseToolRequest.mcp_server: model.McpServerRef``),
  resolved, and their module loaded, when the converter first builds the class's functions;
* the requests a session sends only on demand (:mod:`._requests`), with the union of every request body
  (:data:`ControlRequestPayload`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeAlias, TypeVar

import attrs

from ._base import (
    BaseUnknown,
    JSONObject,
    JSONValue,
    LazyUnion,
    WireObject,
    brief,
    brief_redacted,
    json_str,
)
from ._names import PermissionMode, SandboxEnabled

if TYPE_CHECKING:
    from .. import model
else:  # the face, still loading now: fields name the hook inputs and the permission classes through it,
    # which it loads on first use, once an annotation is resolved (not an import: the face imports this one)
    model = sys.modules[__package__]

if TYPE_CHECKING:  # the requests name their answers as strings
    from ._hooks import AsyncHookOutput, SyncHookOutput  # noqa: F401
    from ._permissions import PermissionResultAllow, PermissionResultDeny  # noqa: F401
    from ._responses import SetModelResponse, SetPermissionModeResponse  # noqa: F401

if TYPE_CHECKING:
    from ._requests import ControlRequestPayload
    from .tools import ToolInput
else:  # the union of every request body: loaded on first use (``._requests``), dispatched by its tags
    ControlRequestPayload = LazyUnion(f"{__package__}._requests", "ControlRequestPayload")

ResponseT = TypeVar("ResponseT", covariant=True)

ElicitationAction: TypeAlias = Literal["accept", "decline", "cancel"]
"""The answer to an elicitation."""

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
    aliases: Sequence[str] | None = None
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
    supported_effort_levels: Sequence[str] | None = None
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

    commands: Sequence[SlashCommand] | None = attrs.field(default=None, repr=brief)
    agents: Sequence[AgentInfo] | None = attrs.field(default=None, repr=brief)
    output_style: str | None = None
    available_output_styles: Sequence[str] | None = attrs.field(default=None, repr=brief)
    models: Sequence[ModelInfo] | None = attrs.field(default=None, repr=brief)
    account: AccountInfo | None = None
    pid: int | None = None
    claude_code_version: str | None = None
    current_permission_mode: str | None = None
    current_model: str | None = None
    capabilities: Sequence[str] | None = attrs.field(default=None, repr=brief)
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
    settings_applied: bool | None = None
    """Whether the ``settings`` of ``initialize`` are those the CLI took at launch (CLI ≥ 2.1.330)."""
    managed_settings_applied: bool | None = None
    """Whether the ``managed_settings`` of ``initialize`` are those the CLI took at launch (CLI ≥ 2.1.330)."""
    sdk_mcp_manifests_parked: dict[str, str] | None = None
    """In-process MCP server name → what became of its manifest (``parked``, ``already_connected``,
    ``protocol_version_mismatch``, ``malformed``, ``not_honoured``)."""
    sandbox_enabled: SandboxEnabled | None = None
    """Whether the CLI runs its shell commands in its command sandbox (CLI ≥ 2.1.332; as
    :attr:`InitMessage.sandbox_enabled` says, sent here too because a first prompt's shell commands run
    before the first ``system/init``)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InterruptResponse(WireObject):
    """The answer to ``interrupt`` (CLI ≥ 2.1.330: the prompts still queued / cancelled)."""

    still_queued: Sequence[str] | None = None
    cancelled: Sequence[str] | None = None


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

    hook_callback_ids: Sequence[str]
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
    tools: Sequence[str] | None = None
    disallowed_tools: Sequence[str] | None = None
    model: str | None = None
    mcp_servers: Sequence[str | JSONObject] | None = attrs.field(default=None, repr=brief_redacted)
    """Server names, or inline ``{name: config}`` objects."""
    critical_system_reminder_experimental: str | None = None
    """``criticalSystemReminder_EXPERIMENTAL``."""
    skills: Sequence[str] | None = None
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

    hooks: dict[str, Sequence[HookMatcherConfig]] | None = None
    sdk_mcp_servers: Sequence[str] | None = None
    sdk_mcp_server_configs: JSONObject | None = None
    sdk_mcp_server_manifests: JSONObject | None = None
    """In-process MCP server name → its manifest (``tools``, ``instructions``…), so that the CLI can list
    the tools before the server answers."""
    sdk_mcp_server_manifests_origin: str | None = None
    """``host_per_send``."""
    json_schema: JSONObject | None = None
    system_prompt: str | Sequence[str] | None = None
    append_system_prompt: str | None = None
    system_prompt_snapshot: bool | None = None
    plan_mode_instructions: str | None = None
    tool_aliases: dict[str, str] | None = None
    exclude_dynamic_sections: bool | None = None
    agents: dict[str, AgentDefinitionConfig] | None = None
    title: str | None = None
    skills: Sequence[str] | None = None
    prompt_suggestions: bool | None = None
    agent_progress_summaries: bool | None = None
    forward_subagent_text: bool | None = None
    supported_dialog_kinds: Sequence[str] | None = None
    per_task_stop_affordance: bool | None = None
    plugins: Sequence[JSONObject] | None = None
    mcp_servers: JSONObject | None = attrs.field(default=None, repr=brief_redacted)
    settings: JSONObject | None = attrs.field(default=None, repr=brief_redacted)
    """Settings the CLI applies as ``--settings`` at launch (with ``--initialize-fields=settings``)."""
    managed_settings: JSONObject | None = attrs.field(default=None, repr=brief_redacted)
    """Settings the CLI applies as ``--managed-settings`` at launch (with
    ``--managed-settings-in-initialize``)."""


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
class McpMessageRequest(WireObject, ControlRequestBody[McpMessageResponse]):
    """``mcp_message``: a JSON-RPC message for (CLI → host) or from (host → CLI) an in-process MCP server."""

    server_name: str
    message: JSONObject


# --------------------------------------------------------------------------------------------------
# CLI → host request bodies
# --------------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CanUseToolRequest(WireObject, ControlRequestBody["PermissionResultAllow | PermissionResultDeny"]):
    """``can_use_tool``: the CLI asks whether a tool may run with ``input``."""

    tool_name: str
    input: JSONObject
    tool_use_id: str | None = None
    mcp_server: model.McpServerRef | None = None
    permission_suggestions: Sequence[model.PermissionUpdate] | None = None
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
class HookCallbackRequest(WireObject, ControlRequestBody["SyncHookOutput | AsyncHookOutput"]):
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
    property_order: Sequence[str] | None = None
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
    pending_permission_requests: Sequence[ControlRequest] | None = None
    pending_user_dialog_requests: Sequence[ControlRequest] | None = None
    pending_elicitation_requests: Sequence[ControlRequest] | None = None


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
    pending_permission_requests: Sequence[ControlRequest] | None = None
    pending_user_dialog_requests: Sequence[ControlRequest] | None = None
    pending_elicitation_requests: Sequence[ControlRequest] | None = None

    @property
    def request_id(self) -> str:
        """The id of the request this answers."""
        return self.response.request_id


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ControlCancelRequest(WireObject):
    """``{"type": "control_cancel_request"}``: the sender no longer waits for its request ``request_id``.
    No answer is sent."""

    request_id: str
