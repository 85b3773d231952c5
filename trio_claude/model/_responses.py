"""The answers to the host's control requests that a session asks for on demand (status, usage, context,
settings, files, MCP resources…): loaded on first use (:mod:`trio_claude.model` loads this module when one of
its names is first looked up; the requests name these classes as strings).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ._base import (
    EMPTY_LIST,
    JSONObject,
    JSONValue,
    WireMapping,
    WireObject,
    always_sent,
    brief,
    brief_redacted,
)
from ._control import AgentInfo, InitializeResponse, ModelInfo, SlashCommand
from ._messages import ModelUsage
from ._system import PluginInfo


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetPermissionModeResponse(WireObject):
    """The answer to ``set_permission_mode`` (the mode now in force)."""

    mode: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetModelResponse(WireObject):
    """The answer to ``set_model`` (the resolved model; CLI 2.1.197 sends nothing)."""

    model: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpToolInfo(WireObject):
    """A tool of an MCP server, in :class:`McpServerStatus`."""

    name: str
    description: str | None = None
    annotations: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpServerStatus(WireObject):
    """The state of one MCP server (``connected``, ``failed``, ``needs-auth``, ``pending``, ``disabled``)."""

    name: str
    status: str
    server_info: JSONObject | None = attrs.field(default=None, repr=brief)
    error: str | None = None
    config: JSONObject | None = attrs.field(default=None, repr=brief_redacted)
    scope: str | None = None
    source: str | None = None
    transport: str | None = None
    tools: Sequence[McpToolInfo] | None = attrs.field(default=None, repr=brief)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpStatusResponse(WireObject):
    """The answer to ``mcp_status``."""

    mcp_servers: Sequence[McpServerStatus]


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpSetServersResponse(WireObject):
    """The answer to ``mcp_set_servers``: servers added, removed, and errors by server name."""

    added: Sequence[str] = EMPTY_LIST
    removed: Sequence[str] = EMPTY_LIST
    errors: dict[str, JSONValue] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpResourceContents(WireObject):
    """One part of an MCP resource (:attr:`McpReadResourceResponse.contents`): ``text`` or ``blob``
    (base64)."""

    uri: str
    mime_type: str | None = None
    text: str | None = None
    blob: str | None = None
    meta: JSONObject | None = None
    """The resource's ``_meta``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpReadResourceResponse(WireObject):
    """The answer to ``mcp_read_resource``."""

    contents: Sequence[McpResourceContents]


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpCallResponse(WireObject):
    """The answer to ``mcp_call``: an MCP ``CallToolResult``.  ``is_error`` is set only where the request
    set ``soft_error_result`` and the content is the tool's own error result."""

    content: Sequence[JSONObject] | None = None
    is_error: bool | None = None
    structured_content: JSONObject | None = None
    meta: JSONObject | None = None
    """The result's own ``_meta``, without the keys under the CLI-reserved ``com.anthropic/`` prefix."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RewindFilesResponse(WireObject):
    """The answer to ``rewind_files``."""

    can_rewind: bool
    error: str | None = None
    files_changed: Sequence[str] | None = None
    insertions: int | None = None
    deletions: int | None = None
    skipped_links: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextCategory(WireObject):
    """One category of :class:`ContextUsageResponse` (system prompt, tools, messages…)."""

    name: str
    tokens: int
    color: str | None = None
    id: str | None = None
    kind: str | None = None
    is_deferred: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextGridCell(WireObject):
    """One square of the context grid (:attr:`ContextUsageResponse.grid_rows`)."""

    category_name: str | None = None
    color: str | None = None
    is_filled: bool | None = None
    tokens: int | None = None
    percentage: float | None = None
    square_fullness: float | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextMemoryFile(WireObject):
    """A memory file (``CLAUDE.md``…) in the context."""

    path: str
    type: str | None = None
    tokens: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextMcpTool(WireObject):
    """An MCP tool in the context."""

    name: str
    server_name: str | None = None
    tokens: int | None = None
    is_loaded: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextMcpInstructions(WireObject):
    """An MCP server's instructions in the context."""

    server_name: str
    tokens: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextDeferredTool(WireObject):
    """A built-in tool whose schema is deferred (loaded on demand)."""

    name: str
    tokens: int | None = None
    is_loaded: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextItemTokens(WireObject):
    """A named item and its tokens (a system tool, a system prompt section, an attachment type)."""

    name: str
    tokens: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextAgent(WireObject):
    """A custom agent's definition in the context."""

    agent_type: str
    source: str | None = None
    plugin_id: str | None = None
    path: str | None = None
    tokens: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextSlashCommands(WireObject):
    """The slash commands in the context."""

    total_commands: int | None = None
    included_commands: int | None = None
    tokens: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextSkillFrontmatter(WireObject):
    """One skill's frontmatter in the context."""

    name: str
    source: str | None = None
    plugin_name: str | None = None
    plugin_id: str | None = None
    path: str | None = None
    tokens: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextSkills(WireObject):
    """The skills in the context."""

    total_skills: int | None = None
    included_skills: int | None = None
    tokens: int | None = None
    skill_frontmatter: Sequence[ContextSkillFrontmatter] | None = attrs.field(default=None, repr=brief)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextToolCallTokens(WireObject):
    """The tokens of one tool's calls and results (:attr:`ContextMessageBreakdown.tool_calls_by_type`)."""

    name: str
    call_tokens: int | None = None
    result_tokens: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextMessageBreakdown(WireObject):
    """Where the conversation's tokens go."""

    tool_call_tokens: int | None = None
    tool_result_tokens: int | None = None
    attachment_tokens: int | None = None
    assistant_message_tokens: int | None = None
    user_message_tokens: int | None = None
    redirected_context_tokens: int | None = None
    unattributed_tokens: int | None = None
    tool_calls_by_type: Sequence[ContextToolCallTokens] | None = attrs.field(default=None, repr=brief)
    attachments_by_type: Sequence[ContextItemTokens] | None = attrs.field(default=None, repr=brief)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextApiUsage(WireObject):
    """The last API call's usage (:attr:`ContextUsageResponse.api_usage`; snake_case on the wire)."""

    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_creation_input_tokens: int | None = None
    cache_read_input_tokens: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContextUsageResponse(WireObject, WireMapping):
    """The answer to ``get_context_usage``: how the context window is used.

    It also reads as the CLI's JSON by wire key, as the official SDK returns it (``usage["totalTokens"]``,
    ``usage["categories"][0]["name"]``; see :class:`~trio_claude.model.WireMapping`)."""

    categories: Sequence[ContextCategory] = attrs.field(repr=brief)
    total_tokens: int
    max_tokens: int
    percentage: float
    raw_max_tokens: int | None = None
    model: str | None = None
    is_auto_compact_enabled: bool | None = None
    auto_compact_threshold: int | None = None
    autocompact_source: str | None = None
    memory_files: Sequence[ContextMemoryFile] | None = attrs.field(default=None, repr=brief)
    mcp_tools: Sequence[ContextMcpTool] | None = attrs.field(default=None, repr=brief)
    mcp_instructions: Sequence[ContextMcpInstructions] | None = attrs.field(default=None, repr=brief)
    deferred_builtin_tools: Sequence[ContextDeferredTool] | None = attrs.field(default=None, repr=brief)
    system_tools: Sequence[ContextItemTokens] | None = attrs.field(default=None, repr=brief)
    system_prompt_sections: Sequence[ContextItemTokens] | None = attrs.field(default=None, repr=brief)
    agents: Sequence[ContextAgent] | None = attrs.field(default=None, repr=brief)
    slash_commands: ContextSlashCommands | None = None
    skills: ContextSkills | None = attrs.field(default=None, repr=brief)
    message_breakdown: ContextMessageBreakdown | None = attrs.field(default=None, repr=brief)
    api_usage: ContextApiUsage | None = None
    grid_rows: Sequence[Sequence[ContextGridCell]] | None = attrs.field(default=None, repr=brief)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageSession(WireObject):
    """The session's totals in :class:`UsageResponse`."""

    total_cost_usd: float | None = None
    total_api_duration_ms: float | None = None
    total_duration_ms: float | None = None
    total_lines_added: int | None = None
    total_lines_removed: int | None = None
    model_usage: dict[str, ModelUsage] | None = attrs.field(default=None, repr=brief)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageWindow(WireObject):
    """One rate-limit window of :class:`UsageRateLimits`: how much of it is used (``None``: unknown) and
    when it resets (an ISO 8601 time)."""

    utilization: float | None = None
    resets_at: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageModelWindow(WireObject):
    """A rate-limit window of one model family (:attr:`UsageRateLimits.model_scoped`)."""

    display_name: str
    utilization: float | None = None
    resets_at: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageExtraUsage(WireObject):
    """Paid usage beyond the plan (:attr:`UsageRateLimits.extra_usage`)."""

    is_enabled: bool | None = None
    monthly_limit: float | None = None
    used_credits: float | None = None
    utilization: float | None = None
    currency: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageRateLimits(WireObject):
    """The account's rate-limit windows in :class:`UsageResponse`."""

    five_hour: UsageWindow | None = None
    seven_day: UsageWindow | None = None
    seven_day_oauth_apps: UsageWindow | None = None
    seven_day_opus: UsageWindow | None = None
    seven_day_sonnet: UsageWindow | None = None
    model_scoped: Sequence[UsageModelWindow] | None = None
    extra_usage: UsageExtraUsage | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageBehavior(WireObject):
    """A usage pattern and its share (``cache_miss``, ``long_context``, ``subagent_heavy``…)."""

    key: str
    pct: float | None = None
    count: int | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageRecommendation(WireObject):
    """A suggestion that goes with a usage pattern."""

    key: str
    pct: float | None = None
    title: str | None = None
    detail: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageFix(WireObject):
    """What would fix the patterns ``keys`` (:attr:`UsageBehaviorPeriod.fix`)."""

    keys: Sequence[str] = EMPTY_LIST
    messages: Sequence[str] = EMPTY_LIST


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageShare(WireObject):
    """An agent, skill, plugin or MCP server and its share of the usage."""

    name: str
    pct: float | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageBehaviorPeriod(WireObject):
    """The usage patterns of a day or a week (:class:`UsageBehaviors`)."""

    request_count: int | None = None
    session_count: int | None = None
    behaviors: Sequence[UsageBehavior] | None = None
    recommendations: Sequence[UsageRecommendation] | None = None
    fix: UsageFix | None = None
    agents: Sequence[UsageShare] | None = None
    skills: Sequence[UsageShare] | None = None
    plugins: Sequence[UsageShare] | None = None
    mcp_servers: Sequence[UsageShare] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageBehaviors(WireObject):
    """The usage patterns of the last day and week (:attr:`UsageResponse.behaviors`)."""

    day: UsageBehaviorPeriod | None = None
    week: UsageBehaviorPeriod | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UsageResponse(WireObject):
    """The answer to ``get_usage`` (experimental in the CLI and the TypeScript SDK)."""

    session: UsageSession | None = None
    subscription_type: str | None = None
    rate_limits_available: bool | None = None
    rate_limits: UsageRateLimits | None = None
    behaviors: UsageBehaviors | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SettingsResponse(WireObject):
    """The answer to ``get_settings``: effective settings and their sources."""

    effective: JSONObject | None = None
    sources: Sequence[JSONValue] | None = None
    applied: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SessionCostResponse(WireObject):
    """The answer to ``get_session_cost``: the CLI's formatted cost text."""

    text: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BinaryVersionResponse(WireObject):
    """The answer to ``get_binary_version``."""

    version: str
    build_time: str | None = None
    oldest_desktop_sdk: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ListModelsResponse(WireObject):
    """The answer to ``list_models`` (CLI ≥ 2.1.330)."""

    models: Sequence[ModelInfo] = attrs.field(repr=brief)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PermissionRulesResponse(WireObject):
    """The answer to ``list_permission_rules``."""

    state: JSONObject


@attrs.frozen(kw_only=True, repr=False, eq=False)
class HooksListingResponse(WireObject):
    """The answer to ``get_hooks_listing``."""

    events: Sequence[JSONValue] | None = None
    hooks: Sequence[JSONValue] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskOutputResponse(WireObject):
    """The answer to ``get_task_output``."""

    output: str
    total_bytes: int | None = None
    truncated: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BackgroundTasksResponse(WireObject):
    """The answer to ``background_tasks``."""

    backgrounded: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CancelAsyncMessageResponse(WireObject):
    """The answer to ``cancel_async_message``."""

    cancelled: bool


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ReadFileResponse(WireObject):
    """The answer to ``read_file``."""

    contents: str
    abs_path: str | None = None
    truncated: bool | None = None
    encoding: str | None = None
    lossy: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PluginCacheImpact(WireObject):
    """What a held ``reload_plugins`` would change (:attr:`ReloadPluginsResponse.cache_impact`)."""

    mcp_servers_added: Sequence[str] = EMPTY_LIST
    mcp_servers_removed: Sequence[str] = EMPTY_LIST
    lsp_tool_change: str | None = always_sent()
    """``adds``, ``may-add``, ``removes``, ``may-remove`` or ``None``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ReloadPluginsResponse(WireObject):
    """The answer to ``reload_plugins``: the commands, agents, plugins and MCP servers after the reload."""

    commands: Sequence[SlashCommand] | None = attrs.field(default=None, repr=brief)
    agents: Sequence[AgentInfo] | None = attrs.field(default=None, repr=brief)
    plugins: Sequence[PluginInfo] | None = attrs.field(default=None, repr=brief)
    mcp_servers: Sequence[McpServerStatus] | None = attrs.field(default=None, repr=brief)
    error_count: int | None = None
    held: bool | None = None
    cache_impact: PluginCacheImpact | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ReloadSkillsResponse(WireObject):
    """The answer to ``reload_skills``: the skills now available, as slash commands."""

    skills: Sequence[SlashCommand] = attrs.field(repr=brief)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ReloadOutputStylesResponse(WireObject):
    """The answer to ``reload_output_styles``."""

    available_output_styles: Sequence[str] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetMcpPermissionModeOverrideResponse(WireObject):
    """The answer to ``set_mcp_permission_mode_override``: a ``warning`` when no known MCP server has
    that name (the override is stored anyway and applies once such a server connects)."""

    warning: str | None = None


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
