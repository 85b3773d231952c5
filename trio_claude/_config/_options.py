"""``ClaudeAgentOptions``: how a session's CLI is started and what the session answers for it.

Every field is checked when the options are built.  The official SDK's dict forms are converted to the typed
classes of :mod:`~trio_claude._config._values` there, so a built ``ClaudeAgentOptions`` only holds typed
values.  An error names the field and the accepted forms.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import attrs
import orjson

from .._record import Record
from .._redact import redacted_repr
from ..model import PermissionMode
from ._agents import AgentDefinition
from ._callbacks import CanUseTool, OnElicitation, OnUserDialog, StderrCallback
from ._checks import (
    check_callable,
    validator,
)
from ._hooks import HookMatcher
from ._initialize import check_initialize
from ._mcp_servers import McpServers
from ._official_names import OFFICIAL_NAMES_ELSEWHERE, explain_unknown_keywords
from ._store import (
    DEFAULT_LOAD_TIMEOUT_MS,
    SessionStore,
    SessionStoreFlushMode,
    check_session_store,
    store_implements,
)
from ._tool_config import AskUserQuestionConfig, ToolConfig
from ._values import (
    SYSTEM_PROMPT_DYNAMIC_BOUNDARY,
    EffortLevel,
    SdkPluginConfig,
    SettingSource,
    SystemPromptCustom,
    SystemPromptFile,
    SystemPromptPreset,
    TaskBudget,
    ThinkingConfig,
    ThinkingConfigAdaptive,
    ThinkingConfigDisabled,
    ThinkingConfigEnabled,
    ThinkingDisplay,
    ToolsPreset,
)

if TYPE_CHECKING:
    from ._spawn import Spawn  # _spawn names the command, which reads the options

from ._fields import (
    _BOOL,
    _NAME,
    _PATH,
    _TEXT,
    _W,
    field_add_dirs,
    field_agents,
    field_allowed_tools,
    field_async,
    field_betas,
    field_delivery,
    field_dialog_kinds,
    field_disallowed_tools,
    field_dollars,
    field_effort,
    field_env,
    field_executable,
    field_executable_args,
    field_extra_args,
    field_extra_initialize,
    field_flush_mode,
    field_hooks,
    field_managed_settings,
    field_mcp_servers,
    field_output_format,
    field_permission_mode,
    field_permission_prompts,
    field_plugins,
    field_positive_int,
    field_sandbox,
    field_seconds,
    field_setting_sources,
    field_settings,
    field_skills,
    field_system_prompt,
    field_task_budget,
    field_thinking,
    field_tool_aliases,
    field_tool_config,
    field_tools,
    field_uuid,
)

__all__ = [
    "DEFAULT_MAX_LINE_BYTES",
    "SYSTEM_PROMPT_DYNAMIC_BOUNDARY",
    "AgentDefinition",
    "AskUserQuestionConfig",
    "ClaudeAgentOptions",
    "EffortLevel",
    "SdkPluginConfig",
    "SettingSource",
    "StderrCallback",
    "SystemPromptCustom",
    "SystemPromptFile",
    "SystemPromptPreset",
    "TaskBudget",
    "ThinkingConfig",
    "ThinkingConfigAdaptive",
    "ThinkingConfigDisabled",
    "ThinkingConfigEnabled",
    "ThinkingDisplay",
    "ToolConfig",
    "ToolsPreset",
]

DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024


# -- validators for the fields that need no conversion ------------------------------------------------


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ClaudeAgentOptions(Record):
    """Options for :func:`~trio_claude.open_session` and :func:`~trio_claude.open_query`.

    Names follow the official Python SDK.  Every option is keyword-only and checked when the options are
    built: a value of the wrong type raises :class:`TypeError`, an unusable one :class:`ValueError`, each
    naming the option and the accepted forms.  The official SDK's dict forms (``{"type": "preset", ...}``,
    ``{"type": "enabled", "budget_tokens": N}``, agents and plugins as dicts…) are accepted and converted:
    afterwards every field holds its typed value (``options.tools`` is a tuple or :class:`ToolsPreset`, never
    a dict).  Use :func:`attrs.evolve` to derive variants (they are checked again).
    """

    cli_path: str | os.PathLike[str] | None = attrs.field(default=None, validator=_PATH)
    """The ``claude`` executable.  ``None``: ``claude`` on ``PATH``, then the usual install places."""

    cwd: str | os.PathLike[str] | None = attrs.field(default=None, validator=_PATH)
    """The CLI's working directory (the project it works on).  ``None``: the current directory."""

    env: dict[str, str] = attrs.field(factory=dict[str, str], converter=field_env, repr=redacted_repr)
    """Environment variables for the CLI, on top of this process's environment (names and values are
    strings).  The repr shows the value of a name that looks secret (``*KEY*``, ``*TOKEN*``…) as
    ``'<redacted>'``, as it does every secret of ``mcp_servers``, ``settings``, ``managed_settings``,
    ``extra_args`` and ``extra_initialize``."""

    client_app: str | None = attrs.field(default=None, validator=_TEXT)
    """Your application, e.g. ``"my-app/1.0.0"``: the CLI adds ``client-app/<client_app>`` to the
    ``User-Agent`` of its API requests (the official SDK's option; it sets ``CLAUDE_AGENT_SDK_CLIENT_APP``).
    ``env`` may set that variable instead, but not to another value."""

    model: str | None = attrs.field(default=None, validator=_NAME)
    """The model (``--model``).  ``None``: the CLI's default."""

    system_prompt: str | Sequence[str] | SystemPromptCustom | SystemPromptPreset | SystemPromptFile | None = (
        attrs.field(default=None, converter=field_system_prompt)
    )
    """A custom system prompt (``initialize`` ``systemPrompt``): a string, a list of blocks (a block equal
    to :data:`SYSTEM_PROMPT_DYNAMIC_BOUNDARY` ends the cacheable prefix; kept as a list) or
    :class:`SystemPromptCustom` (with ``snapshot``); :class:`SystemPromptPreset` for Claude Code's own (with
    ``append``: ``initialize`` ``appendSystemPrompt``); or :class:`SystemPromptFile`
    (``--system-prompt-file=<path>``).  The official dict forms ``{"type": "custom", "prompt": ...}``,
    ``{"type": "preset", "preset": "claude_code", "append": ...}`` and ``{"type": "file", "path": ...}``
    become those classes.  ``None`` (the default, as in the official SDKs): an empty custom prompt.  To
    append to a custom prompt, include the text in it."""

    permission_mode: PermissionMode | None = attrs.field(
        default=None, validator=validator(field_permission_mode, optional=True)
    )
    """The permission mode (``--permission-mode``): ``"default"``, ``"acceptEdits"``, ``"plan"``,
    ``"bypassPermissions"``, ``"dontAsk"`` or ``"auto"``.  ``None``: the CLI's default."""

    allowed_tools: Sequence[str] = attrs.field(default=(), converter=field_allowed_tools)
    """Tools (or rules like ``Bash(git status)``) allowed without asking (``--allowedTools``), one per
    entry."""

    disallowed_tools: Sequence[str] = attrs.field(default=(), converter=field_disallowed_tools)
    """Tools (or rules) removed from the model's context (``--disallowedTools``), one per entry."""

    max_turns: int | None = attrs.field(default=None, validator=validator(field_positive_int, optional=True))
    """Stop a turn after this many model round trips (``--max-turns``; result ``error_max_turns``); a
    positive int.  ``None``: no limit."""

    include_partial_messages: bool = attrs.field(default=False, validator=_BOOL)
    """Also deliver :class:`~trio_claude.model.StreamEvent` messages (``--include-partial-messages``)."""

    resume: str | None = attrs.field(default=None, validator=_NAME)
    """Resume the session with this id (``--resume``)."""

    extra_args: dict[str, str | None] = attrs.field(
        factory=dict[str, str | None], converter=field_extra_args, repr=redacted_repr
    )
    """More CLI flags, as ``{"flag": "value"}`` (``--flag=value``) or ``{"flag": None}`` (``--flag``); names
    without the leading ``--``, values strings."""

    stderr: StderrCallback | None = attrs.field(
        default=None,
        validator=validator(
            lambda w, v: check_callable(w, v, kind="sync", shape="def stderr(line: str) -> None"),
            optional=True,
        ),
    )
    """Called with each stderr line of the CLI (a plain function).  The session also keeps the last lines
    for errors."""

    can_use_tool: CanUseTool | None = attrs.field(
        default=None,
        validator=validator(
            field_async("async def can_use_tool(tool_name, tool_input, context)"), optional=True
        ),
    )
    """Decide tool permissions in Python, with an ``async`` function (sets
    ``--permission-prompt-tool=stdio``)."""

    hooks: dict[str, Sequence[HookMatcher]] | None = attrs.field(default=None, converter=field_hooks)
    """Hook callbacks by event, e.g. ``{"PreToolUse": [HookMatcher(matcher="Bash", hooks=[fn])]}``; each
    callback an ``async`` function."""

    on_elicitation: OnElicitation | None = attrs.field(
        default=None, validator=validator(field_async("async def on_elicitation(request)"), optional=True)
    )
    """Answer MCP servers that ask the user for input (an ``async`` function).  ``None``: decline."""

    on_user_dialog: OnUserDialog | None = attrs.field(
        default=None, validator=validator(field_async("async def on_user_dialog(request)"), optional=True)
    )
    """Show the CLI's dialogs to the user (an ``async`` function, see :data:`~trio_claude.OnUserDialog`);
    the CLI sends only the kinds named in :attr:`supported_dialog_kinds`.  ``None``: every dialog is
    answered ``cancelled``."""

    supported_dialog_kinds: Sequence[str] | None = attrs.field(default=None, converter=field_dialog_kinds)
    """The dialog kinds :attr:`on_user_dialog` can show (``initialize`` ``supportedDialogKinds``, e.g.
    ``["refusal_fallback_prompt"]``); the CLI sends no other kind, and none without this option.  Needs
    ``on_user_dialog``."""

    mcp_servers: McpServers | str | os.PathLike[str] | None = attrs.field(
        default=None, converter=field_mcp_servers, repr=redacted_repr
    )
    """MCP servers by name, in-process ones (:class:`~trio_claude.SdkMcpServer`, a server of the ``mcp``
    package, or the official ``{"type": "sdk", "name": ..., "instance": server}``, unwrapped) and external
    ones as config mappings (``{"command": ..., "args": [...], "env": {...}}``, ``{"type": "sse" | "http",
    "url": ..., "headers": {...}}``; the keys shown are checked, others passed on).  Or the path of an MCP
    config file (or its JSON text) for the CLI (``--mcp-config=<path>``)."""

    shutdown_grace: float = attrs.field(default=2.0, validator=validator(field_seconds))
    """Seconds (``>= 0``) the CLI gets to exit after its stdin is closed (so it can write its session file)
    before it is sent SIGTERM."""

    terminate_grace: float = attrs.field(default=2.0, validator=validator(field_seconds))
    """Seconds (``>= 0``) the CLI gets to exit after SIGTERM before it is sent SIGKILL."""

    max_line_bytes: int = attrs.field(default=DEFAULT_MAX_LINE_BYTES, validator=validator(field_positive_int))
    """The longest stdout line accepted, in bytes; a longer one ends the session with
    :class:`~trio_claude.protocol.LineTooLongError`.  (The official SDK's ``max_buffer_size``.)"""

    user: str | None = attrs.field(default=None, validator=_NAME)
    """Run the CLI as this user (POSIX only)."""

    spawn: Spawn | None = attrs.field(
        default=None,
        validator=validator(field_async("async def spawn(command) -> CLIProcess"), optional=True),
    )
    """Start the CLI yourself with ``async def spawn(command: CLICommand) -> CLIProcess``.  Use it to run the
    CLI elsewhere (``ssh host …``, ``docker exec -i …``) or in memory (the test kit's fake CLI).
    ``None``: a local child process."""

    extra_initialize: dict[str, Any] = attrs.field(
        factory=dict[str, Any], converter=field_extra_initialize, repr=redacted_repr
    )
    """Extra fields for the ``initialize`` request (camelCase wire keys, JSON values), for CLI features
    without an option yet."""

    # -- tools and permissions ------------------------------------------------------------------------

    tools: Sequence[str] | ToolsPreset | None = attrs.field(default=None, converter=field_tools)
    """Which built-in tools exist for the model at all, as names (``--tools=Bash,Read``; ``[]`` →
    ``--tools=``, none) or :class:`ToolsPreset` / ``{"type": "preset", "preset": "claude_code"}``
    (``--tools=default``).  ``None``: the CLI's default set."""

    permission_prompt_tool_name: str | None = attrs.field(default=None, validator=_NAME)
    """An MCP tool that answers permission prompts (``--permission-prompt-tool=<name>``).  Cannot be
    combined with ``can_use_tool``."""

    allow_dangerously_skip_permissions: bool = attrs.field(default=False, validator=_BOOL)
    """Allow switching to ``bypassPermissions`` later (``--allow-dangerously-skip-permissions``)."""

    # -- model, thinking and budgets ----------------------------------------------------------------

    fallback_model: str | None = attrs.field(default=None, validator=_NAME)
    """Models to fall back to when ``model`` is busy or unavailable (``--fallback-model=<m>``).  Must differ
    from ``model``."""

    effort: EffortLevel | None = attrs.field(default=None, validator=validator(field_effort, optional=True))
    """How hard the model works (``--effort=<level>``): ``"low"``, ``"medium"``, ``"high"``, ``"xhigh"`` or
    ``"max"``."""

    thinking: ThinkingConfig | None = attrs.field(default=None, converter=field_thinking)
    """The model's thinking, as :class:`ThinkingConfigAdaptive` / ``{"type": "adaptive"}``
    (``--thinking=adaptive``), :class:`ThinkingConfigEnabled` / ``{"type": "enabled", "budget_tokens": N}``
    (``--max-thinking-tokens=N``) or :class:`ThinkingConfigDisabled` / ``{"type": "disabled"}``
    (``--thinking=disabled``); a ``display`` adds ``--thinking-display=<d>``.  ``None``: the CLI's
    default."""

    max_budget_usd: float | None = attrs.field(
        default=None, validator=validator(field_dollars, optional=True)
    )
    """Stop when the session has cost this much, a positive number (``--max-budget-usd=N``; result
    ``error_max_budget_usd``)."""

    task_budget: TaskBudget | None = attrs.field(default=None, converter=field_task_budget)
    """A token budget the model paces itself against, :class:`TaskBudget` or ``{"total": N}``
    (``--task-budget=N``)."""

    betas: Sequence[str] = attrs.field(default=(), converter=field_betas)
    """API beta features, e.g. ``context-1m-2025-08-07`` (``--betas=a,b``)."""

    # -- sessions -----------------------------------------------------------------------------------

    continue_conversation: bool = attrs.field(default=False, validator=_BOOL)
    """Continue the most recent conversation of ``cwd`` (``--continue``)."""

    resume_session_at: str | None = attrs.field(default=None, validator=_NAME)
    """With ``resume``: load the conversation only up to and including the message with this uuid
    (``--resume-session-at=<uuid>``)."""

    resume_drops_turn: str | None = attrs.field(default=None, validator=_NAME)
    """With ``resume_session_at``: the uuid of the user prompt whose turn is being dropped; the CLI refuses
    the resume if more than that turn would be lost (``--resume-drops-turn=<uuid>``, CLI ≥ 2.1.330)."""

    fork_session: bool = attrs.field(default=False, validator=_BOOL)
    """With ``resume`` or ``continue_conversation``: continue in a new session (a new id, a full copy of the
    history) instead of appending to the old one (``--fork-session``)."""

    session_id: str | None = attrs.field(default=None, validator=validator(field_uuid, optional=True))
    """The new session's id, a UUID (``--session-id=<uuid>``)."""

    persist_session: bool = attrs.field(default=True, validator=_BOOL)
    """``False``: write no session file; the session cannot be resumed (``--no-session-persistence``)."""

    session_store: SessionStore | None = attrs.field(
        default=None, validator=validator(check_session_store, optional=True)
    )
    """Mirror every transcript line to this :class:`~trio_claude.SessionStore` as the CLI writes it
    (``--session-mirror``), and resume (``resume``, ``continue_conversation``) from it: the session is
    loaded into a temporary config dir first.  The CLI still writes its local file.  See :doc:`stores`."""

    session_store_flush: SessionStoreFlushMode = attrs.field(default="batched", converter=field_flush_mode)
    """When mirrored lines reach ``session_store``: ``"batched"`` (at each turn's end, past 500 entries or
    1 MiB waiting, and when the session ends) or ``"eager"`` (after each line the CLI writes)."""

    load_timeout_ms: int = attrs.field(
        default=DEFAULT_LOAD_TIMEOUT_MS, validator=validator(field_positive_int)
    )
    """Milliseconds each ``session_store`` call may take while a resume is loaded from it (default 60 000);
    a slower or failing call raises :class:`~trio_claude.SessionStoreLoadError` before the CLI starts."""

    # -- environment: directories, settings, plugins, agents ----------------------------------------

    add_dirs: Sequence[str | os.PathLike[str]] = attrs.field(default=(), converter=field_add_dirs)
    """More directories the tools may access (``--add-dir=<path>`` each)."""

    settings: str | os.PathLike[str] | dict[str, Any] | None = attrs.field(
        default=None, converter=field_settings, repr=redacted_repr
    )
    """Extra settings, as the path of a settings file (or a JSON string), or a mapping sent as JSON
    (``--settings=<file-or-json>``)."""

    setting_sources: Sequence[SettingSource] | None = attrs.field(
        default=None, converter=field_setting_sources
    )
    """Which settings files to load (``--setting-sources=user,project``; ``[]`` loads none).  ``None``: all
    of them (with ``skills``: ``user`` and ``project``)."""

    sandbox: dict[str, Any] | None = attrs.field(default=None, converter=field_sandbox)
    """Bash sandbox settings, the official ``SandboxSettings`` mapping, e.g.
    ``{"enabled": True, "excludedCommands": ["git"], "network": {"allowLocalBinding": True}}`` (every key
    is checked), merged into the ``--settings`` JSON's ``sandbox`` key by key as the TypeScript SDK does
    (objects merge, deny lists such as ``filesystem.denyRead`` and ``network.deniedDomains`` grow, other
    values are replaced).  ``enabled`` implies ``failIfUnavailable`` unless given.  Cannot be combined with a
    ``settings`` file path."""

    plugins: Sequence[SdkPluginConfig] = attrs.field(default=(), converter=field_plugins)
    """Local plugins, :class:`SdkPluginConfig` / ``{"type": "local", "path": ...}`` (``--plugin-dir=<path>``
    / ``--plugin-dir-no-mcp=<path>`` each)."""

    agents: dict[str, AgentDefinition] | None = attrs.field(default=None, converter=field_agents)
    """Custom subagents by name (``initialize`` ``agents``): :class:`AgentDefinition`, or a dict with the
    official SDK's keys (``{"description": ..., "prompt": ..., "disallowedTools": [...], ...}``)."""

    agent: str | None = attrs.field(default=None, validator=_NAME)
    """Run the main thread as this agent (``--agent=<name>``)."""

    skills: Sequence[str] | Literal["all"] | None = attrs.field(default=None, converter=field_skills)
    """Skills to enable, as a list of skill names (each allowed as ``Skill(<name>)`` and sent as
    ``initialize`` ``skills``, so the model lists only these) or ``"all"`` (``Skill`` allowed).  Either way
    ``setting_sources`` defaults to ``user`` and ``project`` so the CLI finds installed skills.  ``None``:
    the CLI's defaults.  A filter of what the model sees, not a sandbox."""

    forward_subagent_text: bool = attrs.field(default=False, validator=_BOOL)
    """Also deliver subagents' text and thinking (not only their tool calls) as messages with
    ``parent_tool_use_id`` set (``initialize`` ``forwardSubagentText``)."""

    # -- output and events --------------------------------------------------------------------------

    output_format: dict[str, Any] | None = attrs.field(default=None, converter=field_output_format)
    """Ask for structured output with ``{"type": "json_schema", "schema": {...}}``
    (``--json-schema=<json>`` and ``initialize`` ``jsonSchema``).  The validated object lands on
    :attr:`ResultMessage.structured_output <trio_claude.model.ResultMessage.structured_output>`."""

    include_hook_events: bool = attrs.field(default=False, validator=_BOOL)
    """Also deliver hook lifecycle messages (``--include-hook-events``)."""

    strict_mcp_config: bool = attrs.field(default=False, validator=_BOOL)
    """Use only ``mcp_servers``, ignoring every other MCP configuration (``--strict-mcp-config``)."""

    enable_file_checkpointing: bool = attrs.field(default=False, validator=_BOOL)
    """Track file changes so :meth:`ClaudeSession.rewind_files <trio_claude.ClaudeSession.rewind_files>` can
    undo them (env ``CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true``); an administrator's managed
    ``fileCheckpointingEnabled: false`` keeps it off (CLI ≥ 2.1.332)."""

    debug_file: str | os.PathLike[str] | None = attrs.field(default=None, validator=_PATH)
    """Write the CLI's debug log to this file (``--debug-file=<path>``)."""

    # -- more of the TypeScript SDK's options ---------------------------------------------------------

    mcp_servers_delivery: Literal["argv", "initialize"] | None = attrs.field(
        default=None, validator=validator(field_delivery, optional=True)
    )
    """How external ``mcp_servers`` (their ``env`` and ``headers`` are often secrets) reach the CLI:
    ``"initialize"`` (over stdin in the ``initialize`` request, with ``--await-initialize``; CLI ≥ 2.1.330)
    or ``"argv"`` (``--mcp-config=<json>`` on the command line, which every local user can read).  ``None``
    (the default): ``"initialize"`` when the CLI supports it; with an older CLI, ``"argv"`` when no server
    has ``env`` or ``headers``, else :class:`~trio_claude.UnsupportedOptionError` before the CLI starts (no
    secret is put on a command line unless you ask for ``"argv"``)."""

    plugin_delivery: Literal["argv", "initialize"] | None = attrs.field(
        default=None, validator=validator(field_delivery, optional=True)
    )
    """How ``plugins`` reach the CLI: ``"argv"`` (``--plugin-dir`` flags; also ``None``, the default) or
    ``"initialize"`` (the ``initialize`` request, with ``--await-initialize``; CLI ≥ 2.1.330), which keeps
    the command line short."""

    managed_settings: dict[str, Any] | None = attrs.field(
        default=None, converter=field_managed_settings, repr=redacted_repr
    )
    """Settings applied as the host's managed (policy) settings, a mapping of settings sent as JSON
    (``--managed-settings=<json>``), for hosts that enforce their own policies without writing
    root-owned files."""

    project_config_root: str | os.PathLike[str] | None = attrs.field(default=None, validator=_PATH)
    """The trusted checkout ``cwd`` is a worktree of: project settings, ``.mcp.json`` and the ``.claude``
    trees come from here instead of ``cwd`` (``--project-config-root=<path>``; CLI ≥ 2.1.330)."""

    permission_prompts: Literal["host", "none"] | None = attrs.field(
        default=None, validator=validator(field_permission_prompts, optional=True)
    )
    """Who answers permission prompts, ``"host"`` (this process, ``can_use_tool``) or ``"none"`` (nobody;
    what would prompt is denied at once) (``--permission-prompts=<v>``; CLI ≥ 2.1.330)."""

    plan_mode_instructions: str | None = attrs.field(default=None, validator=_TEXT)
    """In plan mode, the workflow instructions that replace the default ones (``initialize``
    ``planModeInstructions``)."""

    title: str | None = attrs.field(default=None, validator=_TEXT)
    """The new session's title, instead of one generated from the first prompt (``initialize``
    ``title``; a resumed session keeps its own: use :func:`~trio_claude.rename_session`)."""

    tool_aliases: dict[str, str] | None = attrs.field(default=None, converter=field_tool_aliases)
    """Tool name → the tool that runs instead when the model calls it, e.g. ``{"Bash":
    "mcp__workspace__bash"}`` (``initialize`` ``toolAliases``; one hop, no chains)."""

    tool_config: ToolConfig | None = attrs.field(default=None, converter=field_tool_config)
    """Configuration of built-in tools, :class:`ToolConfig` or
    ``{"askUserQuestion": {"previewFormat": "html"}}`` (env ``CLAUDE_CODE_QUESTION_PREVIEW_FORMAT``)."""

    prompt_suggestions: bool = attrs.field(default=False, validator=_BOOL)
    """After each turn, deliver a :class:`~trio_claude.model.PromptSuggestionMessage` with a predicted next
    prompt (``initialize`` ``promptSuggestions``)."""

    agent_progress_summaries: bool = attrs.field(default=False, validator=_BOOL)
    """Deliver periodic summaries of running subagents' progress (``initialize``
    ``agentProgressSummaries``)."""

    per_task_stop_affordance: bool = attrs.field(default=False, validator=_BOOL)
    """Let the model offer to stop one background task rather than the whole turn (``initialize``
    ``perTaskStopAffordance``; CLI ≥ 2.1.330)."""

    verbatim_prompts: bool = attrs.field(default=False, validator=_BOOL)
    """Deliver every prompt as written, with no ``@path`` expansion, no slash-command dispatch, no turn-start
    attachments (each user line gets ``client_composed: true`` unless the
    :class:`~trio_claude.model.UserMessage` sets it; CLI ≥ 2.1.330)."""

    debug: bool = attrs.field(default=False, validator=_BOOL)
    """The CLI's debug logging (``--debug``), to ``debug_file`` or stderr (see ``stderr``)."""

    executable: Literal["node", "bun", "deno"] | None = attrs.field(
        default=None, validator=validator(field_executable, optional=True)
    )
    """The JavaScript runtime for a CLI that is a script (``cli_path`` ending in ``.js``, ``.mjs``…):
    ``"node"`` (the default), ``"bun"`` or ``"deno"``.  A native ``claude`` executable ignores it."""

    executable_args: Sequence[str] = attrs.field(default=(), converter=field_executable_args)
    """Arguments for the JavaScript runtime of a CLI that is a script, before the script (e.g.
    ``["--max-old-space-size=4096"]``).  A native ``claude`` executable ignores them too."""

    def __attrs_post_init__(self) -> None:
        _check_combinations(self)
        if self.extra_initialize:
            check_initialize(self)


def _combination(option: str, problem: str) -> ValueError:
    return ValueError(f"{_W}{option}: {problem}")


def _check_combinations(options: ClaudeAgentOptions) -> None:
    """Raise :class:`ValueError` for options that contradict each other."""
    if options.can_use_tool is not None and options.permission_prompt_tool_name is not None:
        raise _combination(
            "can_use_tool",
            "cannot be combined with permission_prompt_tool_name (both answer permission prompts)",
        )
    if options.supported_dialog_kinds and options.on_user_dialog is None:
        raise _combination("supported_dialog_kinds", "needs on_user_dialog (the callback that shows them)")
    app = options.env.get("CLAUDE_AGENT_SDK_CLIENT_APP")
    if options.client_app is not None and app is not None and app != options.client_app:
        raise _combination("client_app", "differs from env['CLAUDE_AGENT_SDK_CLIENT_APP'] (set one of them)")
    if options.fallback_model is not None and options.fallback_model == options.model:
        raise _combination("fallback_model", "must differ from model")
    if options.continue_conversation and options.resume is not None:
        raise _combination("continue_conversation", "cannot be combined with resume")
    resuming = options.continue_conversation or options.resume is not None
    if options.session_id is not None and resuming and not options.fork_session:
        raise _combination("session_id", "with resume or continue_conversation needs fork_session=True")
    if options.resume_session_at is not None and not resuming:
        raise _combination("resume_session_at", "needs resume (or continue_conversation)")
    if options.resume_drops_turn is not None and options.resume_session_at is None:
        raise _combination("resume_drops_turn", "needs resume_session_at")
    if options.session_store is not None:
        _check_store_combinations(options)
    if (
        options.sandbox is not None
        and options.settings is not None
        and not isinstance(options.settings, dict)
    ):
        try:
            parsed: object = orjson.loads(os.fspath(options.settings))
        except orjson.JSONDecodeError:
            parsed = None
        if not isinstance(parsed, dict):
            raise _combination(
                "sandbox",
                "cannot be merged into a settings file path (or text that is not a JSON object): put the "
                "sandbox settings in the file, or pass settings as a mapping",
            )


def _check_store_combinations(options: ClaudeAgentOptions) -> None:
    if not options.persist_session:
        raise _combination(
            "persist_session",
            "False cannot be combined with session_store (the CLI mirrors only what it writes to its local "
            "file; without it nothing reaches the store)",
        )
    if options.enable_file_checkpointing:
        raise _combination(
            "enable_file_checkpointing",
            "cannot be combined with session_store (checkpoints stay on the local disk and would diverge "
            "from the mirrored transcript)",
        )
    if (
        options.continue_conversation
        and options.resume is None
        and not store_implements(options.session_store, "list_sessions")
    ):
        raise _combination(
            "continue_conversation",
            "with session_store needs a store with list_sessions() (to find the latest session); pass "
            "resume=<session id> instead",
        )


explain_unknown_keywords(ClaudeAgentOptions, OFFICIAL_NAMES_ELSEWHERE)
explain_unknown_keywords(AgentDefinition, {})
