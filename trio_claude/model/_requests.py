"""The control requests a session sends only on demand (settings, MCP status and servers, usage, files,
tasks, plugins, claims...), and :data:`ControlRequestPayload`, the union of every request body.

Loaded on first use (the model face's ``__getattr__``; the converter's tag table when the CLI sends one),
so that a plain session does not create these classes: ``ControlRequest.request`` names the union through
a :class:`~trio_claude.model._base.LazyUnion`, which the converter resolves tag by tag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

import attrs

from ._base import JSONObject, JSONValue, WireObject, brief_redacted, needs_capability
from ._control import (
    AgentDefinitionConfig,
    CanUseToolRequest,
    ContextUsageDetail,
    ControlRequestBody,
    ElicitationRequest,
    EmptyResponse,
    HookCallbackRequest,
    InitializeRequest,
    InterruptRequest,
    McpMessageRequest,
    McpPermissionModeOverride,
    ReadFileEncoding,
    RequestUserDialogRequest,
    SetModelRequest,
    SetPermissionModeRequest,
    SettingsSource,
    ThinkingDisplay,
    UnknownControlRequest,
)
from ._names import PermissionMode

if TYPE_CHECKING:  # the requests name their answers as strings
    from ._responses import (  # noqa: F401
        BackgroundTasksResponse,
        BinaryVersionResponse,
        CancelAsyncMessageResponse,
        ClaimSessionResponse,
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
        SettingsResponse,
        TaskOutputResponse,
        UsageResponse,
    )


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ClaimSessionRequest(WireObject, ControlRequestBody["ClaimSessionResponse"]):
    """``claim_session``: bind a spare (a CLI started with ``--await-claim``) to a session in ``cwd``.

    Only the three environment variables the CLI reads at claim time may be in ``env``; the CLI refuses
    the claim otherwise (``env_key_not_claimable``).
    """

    cwd: str
    permission_mode: PermissionMode | None = None
    env: dict[str, str] | None = attrs.field(default=None, repr=brief_redacted)
    additional_directories: Sequence[str] | None = None
    append_system_prompt: str | None = None
    title: str | None = None
    agents: dict[str, AgentDefinitionConfig] | None = None
    sdk_mcp_servers: Sequence[str] | None = None
    include_initialize: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetMaxThinkingTokensRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``set_max_thinking_tokens`` (``None`` clears the limit)."""

    max_thinking_tokens: int | None = None
    thinking_display: ThinkingDisplay | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ApplyFlagSettingsRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``apply_flag_settings``: merge settings as if given by flags (a ``None`` value clears a key)."""

    settings: JSONObject = attrs.field(repr=brief_redacted)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UpdateSettingsRequest(WireObject, ControlRequestBody[EmptyResponse]):
    """``update_settings``: write allow-listed settings (``outputStyle``, ``effortLevel``) to a source."""

    source: SettingsSource
    settings: JSONObject = attrs.field(repr=brief_redacted)


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

    servers: JSONObject = attrs.field(repr=brief_redacted)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpReadResourceRequest(WireObject, ControlRequestBody["McpReadResourceResponse"]):
    """``mcp_read_resource`` (``ui://`` resources only)."""

    server_name: str
    uri: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpCallRequest(WireObject, ControlRequestBody["McpCallResponse"]):
    """``mcp_call``: call an MCP tool (``mcp__server__tool``) directly.

    ``soft_error_result=True`` asks for the tool's own error result (``is_error``, with its content,
    ``structured_content`` and ``meta``) in a success answer, not its text alone.  It, ``check_permissions``
    (decide the call as the model's own call is decided) and ``result_not_for_model`` each need a CLI that
    says so in its capabilities (``mcp_call_soft_error_result_v1``, CLI ≥ 2.1.332;
    ``mcp_call_check_permissions_v1`` and ``mcp_call_result_not_for_model_v1``, CLI ≥ 2.1.330): a CLI
    that does not ignores the field (without ``check_permissions`` the tool runs unchecked), so the
    session refuses to send it there (:class:`~trio_claude.UnsupportedCapabilityError`)."""

    tool: str
    arguments: JSONObject | None = None
    soft_error_result: bool | None = needs_capability("mcp_call_soft_error_result_v1")
    expires_at: float | None = None
    timeout_ms: float | None = None
    result_not_for_model: bool | None = needs_capability("mcp_call_result_not_for_model_v1")
    check_permissions: bool | None = needs_capability("mcp_call_check_permissions_v1")
    input_files: JSONValue = None
    output_files: JSONValue = None


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
    add_plugins: Sequence[JSONObject] | None = None
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
