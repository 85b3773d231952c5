"""``ClaudeAgentOptions``: how a session's CLI is started and what the session answers for it."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, cast

import attrs

from ._elicitation import OnElicitation
from ._hooks import HookMap
from ._mcp import McpServers
from ._permissions import CanUseTool
from .model import PermissionMode

if TYPE_CHECKING:
    from ._transport import Spawn

DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024


@attrs.frozen(kw_only=True)
class SystemPromptPreset:
    """Claude Code's own system prompt, optionally with text appended."""

    preset: Literal["claude_code"] = "claude_code"
    append: str | None = None
    exclude_dynamic_sections: bool | None = None


@attrs.frozen(kw_only=True)
class SystemPromptFile:
    """A system prompt read by the CLI from a file (``--system-prompt-file=<path>``)."""

    path: str | os.PathLike[str]
    """The file, as the CLI sees it (relative paths are relative to the CLI's working directory)."""


@attrs.frozen(kw_only=True)
class ToolsPreset:
    """Claude Code's default set of built-in tools (``--tools=default``)."""

    preset: Literal["claude_code"] = "claude_code"


EffortLevel: TypeAlias = Literal["low", "medium", "high", "xhigh", "max"]
"""How hard the model works (``--effort``)."""

ThinkingDisplay: TypeAlias = Literal["summarized", "omitted"]
"""Whether thinking text is returned summarised or left out (``--thinking-display``)."""

SettingSource: TypeAlias = Literal["user", "project", "local"]
"""A settings layer the CLI loads (``--setting-sources``)."""


@attrs.frozen(kw_only=True)
class ThinkingConfigAdaptive:
    """The model decides when and how much to think (``--thinking=adaptive``)."""

    display: ThinkingDisplay | None = None


@attrs.frozen(kw_only=True)
class ThinkingConfigEnabled:
    """Extended thinking with a token budget (``--max-thinking-tokens=N``; without a budget, adaptive)."""

    budget_tokens: int | None = None
    display: ThinkingDisplay | None = None


@attrs.frozen(kw_only=True)
class ThinkingConfigDisabled:
    """No thinking (``--thinking=disabled``)."""


ThinkingConfig: TypeAlias = ThinkingConfigAdaptive | ThinkingConfigEnabled | ThinkingConfigDisabled
"""One of :class:`ThinkingConfigAdaptive`, :class:`ThinkingConfigEnabled`, :class:`ThinkingConfigDisabled`."""


@attrs.frozen(kw_only=True)
class TaskBudget:
    """An API-side token budget the model is told about so it can pace itself (``--task-budget=N``)."""

    total: int


@attrs.frozen(kw_only=True)
class SdkPluginConfig:
    """A local plugin directory (``--plugin-dir=<path>``, or ``--plugin-dir-no-mcp=<path>`` to skip the
    plugin's MCP servers)."""

    path: str | os.PathLike[str]
    skip_mcp_discovery: bool = False
    type: Literal["local"] = "local"


def _opt_str_tuple(value: Sequence[str] | None) -> tuple[str, ...] | None:
    return None if value is None else _str_tuple(value)


def _path_tuple(value: Sequence[str | os.PathLike[str]]) -> tuple[str | os.PathLike[str], ...]:
    if isinstance(value, str):
        raise TypeError("expected a sequence of paths, not a string")
    return tuple(value)


def _plugin_tuple(value: Sequence[SdkPluginConfig]) -> tuple[SdkPluginConfig, ...]:
    return tuple(value)


def _sources(value: Sequence[SettingSource] | None) -> tuple[SettingSource, ...] | None:
    return None if value is None else cast("tuple[SettingSource, ...]", _str_tuple(value))


@attrs.frozen(kw_only=True)
class AgentDefinition:
    """A custom subagent, sent in the ``initialize`` request's ``agents`` (by name).

    Fields left ``None`` are not sent (the CLI's defaults apply).
    """

    description: str
    """When the main agent should use this agent."""
    prompt: str
    """The agent's system prompt."""
    tools: Sequence[str] | None = attrs.field(default=None, converter=_opt_str_tuple)
    """The tools it may use (``None``: inherit all)."""
    disallowed_tools: Sequence[str] | None = attrs.field(default=None, converter=_opt_str_tuple)
    """Tools removed from its context."""
    model: str | None = None
    """A model alias (``sonnet``, ``opus``, ``haiku``, ``inherit``) or a full model id."""
    skills: Sequence[str] | None = attrs.field(default=None, converter=_opt_str_tuple)
    memory: Literal["user", "project", "local"] | None = None
    mcp_servers: Sequence[str | Mapping[str, Any]] | None = None
    """Server names, or inline ``{name: config}`` objects."""
    initial_prompt: str | None = None
    max_turns: int | None = None
    background: bool | None = None
    effort: EffortLevel | int | None = None
    permission_mode: PermissionMode | None = None


StderrCallback: TypeAlias = Callable[[str], None]
"""Called with each line the CLI writes on stderr (without the newline)."""


def _str_tuple(value: Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise TypeError("expected a sequence of strings, not a string")
    return tuple(value)


@attrs.frozen(kw_only=True)
class ClaudeAgentOptions:
    """Options for :func:`~trio_claude.open_session` and :func:`~trio_claude.open_query`.

    Names follow the official Python SDK.  Every option is keyword-only; use :func:`attrs.evolve` to derive
    variants.
    """

    cli_path: str | os.PathLike[str] | None = None
    """The ``claude`` executable.  ``None``: ``claude`` on ``PATH``, then the usual install places."""

    cwd: str | os.PathLike[str] | None = None
    """The CLI's working directory (the project it works on).  ``None``: the current directory."""

    env: Mapping[str, str] = attrs.field(factory=dict[str, str])
    """Environment variables for the CLI, on top of this process's environment."""

    model: str | None = None
    """The model (``--model``)."""

    system_prompt: str | SystemPromptPreset | SystemPromptFile | None = None
    """A custom system prompt (``initialize`` ``systemPrompt``), :class:`SystemPromptPreset` for Claude
    Code's own (with ``append``: ``initialize`` ``appendSystemPrompt``), or :class:`SystemPromptFile`
    (``--system-prompt-file=<path>``).  ``None`` (the default, as in the official SDKs): an empty custom
    prompt.  To append to a custom prompt, include the text in it."""

    permission_mode: PermissionMode | None = None
    """The permission mode (``--permission-mode``).  ``None``: the CLI's default."""

    allowed_tools: Sequence[str] = attrs.field(default=(), converter=_str_tuple)
    """Tools (or rules like ``Bash(git status)``) allowed without asking (``--allowedTools``)."""

    disallowed_tools: Sequence[str] = attrs.field(default=(), converter=_str_tuple)
    """Tools removed from the model's context (``--disallowedTools``)."""

    max_turns: int | None = None
    """Stop a turn after this many model round trips (``--max-turns``; result ``error_max_turns``)."""

    include_partial_messages: bool = False
    """Also deliver :class:`~trio_claude.model.StreamEvent` messages (``--include-partial-messages``)."""

    resume: str | None = None
    """Resume the session with this id (``--resume``)."""

    extra_args: Mapping[str, str | None] = attrs.field(factory=dict[str, str | None])
    """More CLI flags, as ``{"flag": "value"}`` (``--flag=value``) or ``{"flag": None}`` (``--flag``)."""

    stderr: StderrCallback | None = None
    """Called with each stderr line of the CLI.  The session also keeps the last lines for errors."""

    can_use_tool: CanUseTool | None = None
    """Decide tool permissions in Python (sets ``--permission-prompt-tool=stdio``)."""

    hooks: HookMap | None = None
    """Hook callbacks by event, e.g. ``{"PreToolUse": [HookMatcher(matcher="Bash", hooks=[fn])]}``."""

    on_elicitation: OnElicitation | None = None
    """Answer MCP servers that ask the user for input.  ``None``: decline."""

    mcp_servers: McpServers | None = None
    """MCP servers by name."""

    shutdown_grace: float = 2.0
    """Seconds the CLI gets to exit after its stdin is closed (so it can write its session file) before it
    is sent SIGTERM."""

    terminate_grace: float = 2.0
    """Seconds the CLI gets to exit after SIGTERM before it is sent SIGKILL."""

    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    """The longest stdout line accepted; a longer one ends the session with
    :class:`~trio_claude.protocol.LineTooLongError`."""

    user: str | None = None
    """Run the CLI as this user (POSIX only)."""

    spawn: Spawn | None = None
    """Start the CLI yourself with ``async def spawn(command: CLICommand) -> CLIProcess``.  Use it to run the
    CLI elsewhere (``ssh host …``, ``docker exec -i …``) or in memory (the test kit's fake CLI).
    ``None``: a local child process."""

    extra_initialize: Mapping[str, Any] = attrs.field(factory=dict[str, Any])
    """Extra fields for the ``initialize`` request (camelCase wire keys), for CLI features without an
    option yet."""

    # -- tools and permissions (issue 7) --------------------------------------------------------------

    tools: Sequence[str] | ToolsPreset | None = None
    """Which built-in tools exist for the model at all, as names (``--tools=Bash,Read``; ``[]`` →
    ``--tools=``, none) or :class:`ToolsPreset` (``--tools=default``).  ``None``: the CLI's default set."""

    permission_prompt_tool_name: str | None = None
    """An MCP tool that answers permission prompts (``--permission-prompt-tool=<name>``).  Cannot be
    combined with ``can_use_tool``."""

    allow_dangerously_skip_permissions: bool = False
    """Allow switching to ``bypassPermissions`` later (``--allow-dangerously-skip-permissions``)."""

    # -- model, thinking and budgets ----------------------------------------------------------------

    fallback_model: str | None = None
    """Models to fall back to when ``model`` is busy or unavailable (``--fallback-model=<m>``).  Must differ
    from ``model``."""

    effort: EffortLevel | None = None
    """How hard the model works (``--effort=<level>``)."""

    thinking: ThinkingConfig | None = None
    """The model's thinking, as :class:`ThinkingConfigAdaptive` (``--thinking=adaptive``),
    :class:`ThinkingConfigEnabled` (``--max-thinking-tokens=N``) or :class:`ThinkingConfigDisabled`
    (``--thinking=disabled``); a ``display`` adds ``--thinking-display=<d>``.  ``None``: the CLI's
    default."""

    max_budget_usd: float | None = None
    """Stop when the session has cost this much (``--max-budget-usd=N``; result
    ``error_max_budget_usd``)."""

    task_budget: TaskBudget | None = None
    """A token budget the model paces itself against (``--task-budget=N``)."""

    betas: Sequence[str] = attrs.field(default=(), converter=_str_tuple)
    """API beta features, e.g. ``context-1m-2025-08-07`` (``--betas=a,b``)."""

    # -- sessions -----------------------------------------------------------------------------------

    continue_conversation: bool = False
    """Continue the most recent conversation of ``cwd`` (``--continue``)."""

    resume_session_at: str | None = None
    """With ``resume``: load the conversation only up to and including the message with this uuid
    (``--resume-session-at=<uuid>``)."""

    resume_drops_turn: str | None = None
    """With ``resume_session_at``: the uuid of the user prompt whose turn is being dropped; the CLI refuses
    the resume if more than that turn would be lost (``--resume-drops-turn=<uuid>``, CLI ≥ 2.1.330)."""

    fork_session: bool = False
    """With ``resume`` or ``continue_conversation``: continue in a new session (a new id, a full copy of the
    history) instead of appending to the old one (``--fork-session``)."""

    session_id: str | None = None
    """The new session's id, a UUID (``--session-id=<uuid>``)."""

    persist_session: bool = True
    """``False``: write no session file; the session cannot be resumed (``--no-session-persistence``)."""

    # -- environment: directories, settings, plugins, agents ----------------------------------------

    add_dirs: Sequence[str | os.PathLike[str]] = attrs.field(default=(), converter=_path_tuple)
    """More directories the tools may access (``--add-dir=<path>`` each)."""

    settings: str | os.PathLike[str] | Mapping[str, Any] | None = None
    """Extra settings, as the path of a settings file (or a JSON string), or a mapping sent as JSON
    (``--settings=<file-or-json>``)."""

    setting_sources: Sequence[SettingSource] | None = attrs.field(default=None, converter=_sources)
    """Which settings files to load (``--setting-sources=user,project``; ``[]`` loads none).  ``None``: all
    of them."""

    sandbox: Mapping[str, Any] | None = None
    """Bash sandbox settings (``{"enabled": True, "excludedCommands": [...], ...}``), merged into the
    ``--settings`` JSON as ``sandbox``.  ``enabled`` implies ``failIfUnavailable`` unless given.  Cannot be
    combined with a ``settings`` file path."""

    plugins: Sequence[SdkPluginConfig] = attrs.field(default=(), converter=_plugin_tuple)
    """Local plugins (``--plugin-dir=<path>`` / ``--plugin-dir-no-mcp=<path>`` each)."""

    agents: Mapping[str, AgentDefinition] | None = None
    """Custom subagents by name (``initialize`` ``agents``)."""

    agent: str | None = None
    """Run the main thread as this agent (``--agent=<name>``)."""

    # -- output and events --------------------------------------------------------------------------

    output_format: Mapping[str, Any] | None = None
    """Ask for structured output with ``{"type": "json_schema", "schema": {...}}``
    (``--json-schema=<json>`` and ``initialize`` ``jsonSchema``).  The validated object lands on
    :attr:`ResultMessage.structured_output <trio_claude.model.ResultMessage.structured_output>`."""

    include_hook_events: bool = False
    """Also deliver hook lifecycle messages (``--include-hook-events``)."""

    strict_mcp_config: bool = False
    """Use only ``mcp_servers``, ignoring every other MCP configuration (``--strict-mcp-config``)."""

    enable_file_checkpointing: bool = False
    """Track file changes so :meth:`ClaudeSession.rewind_files <trio_claude.ClaudeSession.rewind_files>` can
    undo them (env
    ``CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true``)."""

    debug_file: str | os.PathLike[str] | None = None
    """Write the CLI's debug log to this file (``--debug-file=<path>``)."""
