"""Options → the CLI's command line (flags) and environment, and the CLI versions some flags need."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import attrs
import orjson

from .._errors import UnknownCLIVersionError, UnsupportedOptionError
from .._record import Record
from .._redact import redact, redacted_repr
from .._version import __version__
from ._discovery import JS_SUFFIXES, parse_version
from ._fields import FLAG_NAME
from ._initialize import (
    _json_schema,
    launch_fields_in_initialize,
    mcp_servers_in_initialize,
    plugins_in_initialize,
)
from ._inline_settings import inline_settings, settings_path
from ._mcp_servers import has_secrets, mcp_config_flags, policy_decided_tools, sdk_server_configs
from ._options import (
    ClaudeAgentOptions,
    SystemPromptFile,
    ThinkingConfig,
    ThinkingConfigDisabled,
    ThinkingConfigEnabled,
    ToolsPreset,
)
from ._trace import trace_env

logger = logging.getLogger("trio_claude.config")

ENTRYPOINT = "sdk-py-trio"
"""``CLAUDE_CODE_ENTRYPOINT``: how the CLI reports who drives it."""


BASE_FLAGS = ("--output-format", "stream-json", "--verbose", "--input-format", "stream-json")


def byte_count(data: bytes) -> str:
    return f"<{len(data)} bytes>"


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CLICommand(Record):
    """How to start the CLI: ``argv`` (executable first), the full environment, the working directory, and
    ``stdin_prelude``, the bytes the CLI must find first on its stdin: the ``initialize`` request (one line).

    A ``spawn`` writes ``stdin_prelude`` into the CLI's stdin before the CLI can read anything, and before
    it returns: into the pipe before the CLI starts where it can, as the default spawn and
    :func:`~trio_claude.prefixed_spawn` do (the CLI then cannot act before it has read it: run a resumed
    tool before the hooks are registered, for one).  The session writes everything after it.

    Its repr hides the secrets of ``argv`` and ``env`` (the value of a variable whose name looks secret,
    an MCP server's ``env`` and ``headers``…) behind ``'<redacted>'``, and shows only the size of
    ``stdin_prelude``, so that a ``spawn`` may log it."""

    argv: tuple[str, ...] = attrs.field(repr=redacted_repr)
    env: Mapping[str, str] = attrs.field(repr=redacted_repr)
    cwd: str | None
    stdin_prelude: bytes = attrs.field(default=b"", repr=byte_count)


def _flag(name: str, value: str | None = None) -> str:
    if not FLAG_NAME.fullmatch(name):
        raise ValueError(f"invalid CLI flag name {name!r}")
    if value is not None and "\0" in value:
        raise ValueError(f"the value of --{name} contains a NUL character")
    return f"--{name}" if value is None else f"--{name}={value}"


def _json(value: object) -> str:
    return orjson.dumps(value).decode()


def _thinking_flags(thinking: ThinkingConfig) -> list[str]:
    if isinstance(thinking, ThinkingConfigDisabled):
        return [_flag("thinking", "disabled")]
    if isinstance(thinking, ThinkingConfigEnabled) and thinking.budget_tokens is not None:
        flags = [_flag("max-thinking-tokens", str(int(thinking.budget_tokens)))]
    else:  # adaptive, or enabled without a budget
        flags = [_flag("thinking", "adaptive")]
    if thinking.display is not None:
        flags.append(_flag("thinking-display", thinking.display))
    return flags


def skill_rules(options: ClaudeAgentOptions) -> tuple[str, ...]:
    """The ``allowedTools`` entries ``skills`` adds: ``Skill`` for ``"all"``, ``Skill(<name>)`` per name."""
    skills = options.skills
    if skills is None:
        return ()
    return ("Skill",) if skills == "all" else tuple(f"Skill({name})" for name in skills)


def _option_flags(options: ClaudeAgentOptions) -> list[str]:
    """The flags that come from typed options (everything but ``extra_args``)."""
    flags: list[str] = []
    if options.model is not None:
        flags.append(_flag("model", options.model))
    if options.permission_mode is not None:
        flags.append(_flag("permission-mode", options.permission_mode))
    allowed = list(options.allowed_tools)
    for rule in skill_rules(options):
        if rule not in allowed:
            allowed.append(rule)
    if allowed:
        flags.append(_flag("allowedTools", ",".join(allowed)))
    if options.disallowed_tools:
        flags.append(_flag("disallowedTools", ",".join(options.disallowed_tools)))
    if options.max_turns:
        flags.append(_flag("max-turns", str(options.max_turns)))
    if options.include_partial_messages:
        flags.append(_flag("include-partial-messages"))
    if options.resume is not None:
        flags.append(_flag("resume", options.resume))
    if options.can_use_tool is not None:
        flags.append(_flag("permission-prompt-tool", "stdio"))
    if not mcp_servers_in_initialize(options):
        flags.extend(mcp_config_flags(options.mcp_servers))
    # the other options, in the order of ClaudeAgentOptions
    tools = options.tools
    if isinstance(tools, ToolsPreset):
        flags.append(_flag("tools", "default"))
    elif tools is not None:
        flags.append(_flag("tools", ",".join(tools)))
    if options.permission_prompt_tool_name is not None:
        flags.append(_flag("permission-prompt-tool", options.permission_prompt_tool_name))
    if options.allow_dangerously_skip_permissions:
        flags.append(_flag("allow-dangerously-skip-permissions"))
    if isinstance(options.system_prompt, SystemPromptFile):
        flags.append(_flag("system-prompt-file", os.fspath(options.system_prompt.path)))
    if options.fallback_model is not None:
        flags.append(_flag("fallback-model", options.fallback_model))
    if options.effort is not None:
        flags.append(_flag("effort", options.effort))
    if options.thinking is not None:
        flags.extend(_thinking_flags(options.thinking))
    if options.max_budget_usd is not None:
        flags.append(_flag("max-budget-usd", repr(float(options.max_budget_usd))))
    if options.task_budget is not None:
        flags.append(_flag("task-budget", str(int(options.task_budget.total))))
    if options.betas:
        flags.append(_flag("betas", ",".join(options.betas)))
    if options.continue_conversation:
        flags.append(_flag("continue"))
    if options.resume_session_at is not None:
        flags.append(_flag("resume-session-at", options.resume_session_at))
    if options.resume_drops_turn is not None:
        flags.append(_flag("resume-drops-turn", options.resume_drops_turn))
    if options.fork_session:
        flags.append(_flag("fork-session"))
    if options.session_id is not None:
        flags.append(_flag("session-id", options.session_id))
    if not options.persist_session:
        flags.append(_flag("no-session-persistence"))
    if options.session_store is not None:
        flags.append(_flag("session-mirror"))  # a hidden flag, in every supported CLI (2.1.197 too)
    flags.extend(_flag("add-dir", os.fspath(directory)) for directory in options.add_dirs)
    path = settings_path(options)
    if path is not None:
        flags.append(_flag("settings", path))
    elif inline_settings(options) is not None:  # in initialize: never on a command line
        flags.append(_flag("initialize-fields", "settings"))
    sources = options.setting_sources
    if sources is None and options.skills is not None:
        sources = ("user", "project")  # so the CLI finds the installed skills
    if sources is not None:
        flags.append(_flag("setting-sources", ",".join(sources)))
    for plugin in () if plugins_in_initialize(options) else options.plugins:
        name = "plugin-dir-no-mcp" if plugin.skip_mcp_discovery else "plugin-dir"
        flags.append(_flag(name, os.fspath(plugin.path)))
    if options.agent is not None:
        flags.append(_flag("agent", options.agent))
    schema = _json_schema(options)
    if schema is not None:
        flags.append(_flag("json-schema", _json(schema)))
    if options.include_hook_events:
        flags.append(_flag("include-hook-events"))
    if options.strict_mcp_config:
        flags.append(_flag("strict-mcp-config"))
    if options.debug_file is not None:
        flags.append(_flag("debug-file", os.fspath(options.debug_file)))
    if launch_fields_in_initialize(options):
        flags.append(_flag("await-initialize"))
    if options.managed_settings is not None:  # in initialize: never on a command line
        flags.append(_flag("managed-settings-in-initialize"))
    if options.project_config_root is not None:
        flags.append(_flag("project-config-root", os.fspath(options.project_config_root)))
    if options.permission_prompts is not None:
        flags.append(_flag("permission-prompts", options.permission_prompts))
    if options.debug:
        flags.append(_flag("debug"))
    return flags


def build_flags(options: ClaudeAgentOptions) -> list[str]:
    """The CLI flags for ``options`` (after :data:`BASE_FLAGS`), each a single ``--flag=value`` token so no
    value can be read as another flag.

    The options were checked when they were built, so this does not raise.
    """
    flags = _option_flags(options)
    for name, value in options.extra_args.items():
        flags.append(_flag(name, value))
    return flags


def build_env(options: ClaudeAgentOptions, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The CLI's environment: ``base`` (default: this process's) with ``options.env`` on top, plus what the
    SDK needs (entrypoint, SDK version, session-state frames)."""
    env = dict(os.environ if base is None else base)
    env.pop("CLAUDECODE", None)  # set inside Claude Code; would make the child refuse to nest
    env.pop("NODE_OPTIONS", None)
    for name, value in trace_env().items():  # the caller's OpenTelemetry trace, unless env sets one
        if name not in options.env:
            env[name] = value
    env.update(options.env)
    if options.client_app is not None:
        env["CLAUDE_AGENT_SDK_CLIENT_APP"] = options.client_app
    if options.enable_file_checkpointing:
        env["CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING"] = "true"
    question = options.tool_config and options.tool_config.ask_user_question
    if question and question.preview_format is not None:
        env["CLAUDE_CODE_QUESTION_PREVIEW_FORMAT"] = question.preview_format
    env.setdefault("CLAUDE_CODE_ENTRYPOINT", ENTRYPOINT)
    env["CLAUDE_AGENT_SDK_VERSION"] = __version__
    if not any(k.upper() == "CLAUDE_CODE_SDK_READS_SESSION_STATE" for k in env):
        env["CLAUDE_CODE_SDK_READS_SESSION_STATE"] = "1"
    if options.cwd is not None:
        env["PWD"] = str(options.cwd)
    return env


def build_command(options: ClaudeAgentOptions, cli_path: str) -> CLICommand:
    """The full command for ``options`` with the executable at ``cli_path``: a script (``.js``…) runs with
    ``executable`` (default ``node``) given the ``executable_args``; a native executable runs by itself."""
    return CLICommand(
        argv=(*_executable(options, cli_path), *BASE_FLAGS, *build_flags(options)),
        env=build_env(options),
        cwd=None if options.cwd is None else str(options.cwd),
    )


def _executable(options: ClaudeAgentOptions, cli_path: str) -> tuple[str, ...]:
    if cli_path.endswith(JS_SUFFIXES):
        return (options.executable or "node", *options.executable_args, cli_path)
    return (cli_path,)


NEWER_CLI = (2, 1, 330)

VERSIONED_FLAGS: Mapping[str, tuple[str, tuple[int, ...]]] = {
    "resume-drops-turn": ("resume_drops_turn", NEWER_CLI),
    "project-config-root": ("project_config_root", NEWER_CLI),
    "permission-prompts": ("permission_prompts", NEWER_CLI),
    "await-initialize": ("mcp_servers_delivery", NEWER_CLI),  # or what else goes in initialize: see gated
    "initialize-fields": ("settings", NEWER_CLI),
    "managed-settings-in-initialize": ("managed_settings", NEWER_CLI),
}
"""Flags that older CLIs reject as unknown: flag → (option, oldest CLI version known to accept it).

The versions are the oldest *verified* (the test suite runs 2.1.197 and 2.1.330; these flags are missing in
2.1.197), so a CLI in between may be refused although it would accept the flag: ``extra_args`` is never
checked and gets through.
"""


class Gate(NamedTuple):
    """Something ``options`` use that older CLIs lack: the option, its flag or ``initialize`` field, the
    oldest CLI known to take it, and ``if_ignored``: what an older CLI that ignores it without a word lets
    through (``""``: an older CLI refuses it loudly, or ignoring it permits nothing)."""

    option: str
    flag: str
    required: tuple[int, ...]
    if_ignored: str = ""


def gated(options: ClaudeAgentOptions) -> list[Gate]:
    """What ``options`` use that older CLIs lack."""
    gates: list[Gate] = []
    # An unknown flag: an older CLI exits at once ("error: unknown option", checked on 2.1.197), before it
    # reads its stdin or runs anything.  Loud, so an unreadable version can let it through.
    for flag in _option_flags(options):
        name = _flag_name(flag)
        if name in VERSIONED_FLAGS:
            option, required = VERSIONED_FLAGS[name]
            if name == "await-initialize":
                option = _await_initialize_option(options)
            gates.append(Gate(option, f"--{name}", required))
    # Fields and values that 2.1.197 ignores without a word.
    if options.per_task_stop_affordance:  # an offer to the model: ignoring it permits nothing
        gates.append(Gate("per_task_stop_affordance", "initialize perTaskStopAffordance", NEWER_CLI))
    if options.verbatim_prompts:  # what it exists to prevent happens: security-relevant
        ignored = "a prompt's @path would be read into it, and a leading /command run"
        gates.append(Gate("verbatim_prompts", "user message client_composed", NEWER_CLI, ignored))
    if sdk_server_configs(options.mcp_servers):  # a timeout ignored permits nothing; a tool policy does
        ignored = "a tool under always_deny would run, one under always_ask unasked" * bool(
            policy_decided_tools(options.mcp_servers)
        )
        gates.append(Gate("mcp_servers", "initialize sdkMcpServerConfigs", NEWER_CLI, ignored))
    return gates


def _await_initialize_option(options: ClaudeAgentOptions) -> str:
    """The option that puts what the CLI reads at launch in ``initialize`` (``--await-initialize``)."""
    if mcp_servers_in_initialize(options):
        return "mcp_servers_delivery"
    if plugins_in_initialize(options):
        return "plugin_delivery"
    return "settings" if inline_settings(options) is not None else "managed_settings"


def needs_cli_version(options: ClaudeAgentOptions) -> bool:
    """Whether ``options`` use a flag or ``initialize`` field that some supported CLI versions do not know,
    or resume with hooks (see :func:`hooks_first`), so the CLI's version must be checked before it is
    started."""
    return bool(gated(options)) or resumes_with_hooks(options)


def resumes_with_hooks(options: ClaudeAgentOptions) -> bool:
    """Whether ``options`` resume a session (``resume``, ``continue_conversation``) and register hooks."""
    return (options.resume is not None or options.continue_conversation) and bool(options.hooks)


def hooks_first(options: ClaudeAgentOptions, version: tuple[int, ...] | None) -> ClaudeAgentOptions | None:
    """``options`` with which CLI ``version`` (``None``: unknown) registers the session's hooks before it can
    run anything, or ``None`` when it cannot.

    A resumed session whose last turn ended with a tool use a ``PreToolUse`` hook deferred runs that tool
    as the CLI starts, consulting the hooks only if ``initialize`` (which registers them) was read by then;
    even with the ``initialize`` line in its stdin before it starts, the CLI often runs the tool first.  A
    CLI from 2.1.330 on reads ``initialize`` at boot with ``--await-initialize`` (added here to a resume
    with hooks, as the TypeScript SDK does; a CLI of unknown version gets it too, since an older one
    refuses it loudly).  An older CLI cannot: ``None``, and the caller refuses a resume whose transcript
    ends in a deferred tool use."""
    if not resumes_with_hooks(options) or launch_fields_in_initialize(options):
        return options
    if version is not None and version < NEWER_CLI:
        return None
    return attrs.evolve(options, extra_args={**options.extra_args, "await-initialize": None})


def check_cli_version(options: ClaudeAgentOptions, version: tuple[int, ...]) -> None:
    """Raise :class:`UnsupportedOptionError` if CLI ``version`` does not know a flag or field ``options``
    need."""
    for gate in gated(options):
        if version < gate.required:
            raise UnsupportedOptionError(
                option=gate.option, flag=gate.flag, cli_version=version, required_version=gate.required
            )


def check_unknown_cli_version(options: ClaudeAgentOptions, read: str) -> None:
    """Raise :class:`UnknownCLIVersionError` if ``options`` use something an older CLI would ignore to the
    user's harm (see :class:`Gate`), now that the CLI's version could not be read (``read``: what was read
    instead).  What an older CLI refuses loudly can go ahead."""
    for gate in gated(options):
        if gate.if_ignored:
            raise UnknownCLIVersionError(
                option=gate.option,
                flag=gate.flag,
                required_version=gate.required,
                read=read,
                hint=gate.if_ignored,
            )


def check_reported_version(options: ClaudeAgentOptions, reported: str | None, where: str) -> None:
    """Check the version the running CLI reports (``where``: its ``initialize`` answer, its ``system/init``)
    against what ``options`` use that an older CLI would ignore to the user's harm: raise
    :class:`UnsupportedOptionError` when it is older than needed (its ``--version`` said otherwise), and
    :class:`UnknownCLIVersionError` when it names none (CLIs from 2.1.330 on name theirs in both)."""
    version = parse_version(reported)
    for gate in gated(options):
        if not gate.if_ignored:
            continue
        if version is None:
            read = f"{where} names {'no version' if reported is None else repr(reported)}"
            raise UnknownCLIVersionError(
                option=gate.option,
                flag=gate.flag,
                required_version=gate.required,
                read=read,
                hint=gate.if_ignored,
            )
        if version < gate.required:
            raise UnsupportedOptionError(
                option=gate.option,
                flag=gate.flag,
                cli_version=version,
                required_version=gate.required,
                hint=f"as {where} says, whatever its --version said: {gate.if_ignored}",
            )


SettingsFile = Callable[[Mapping[str, Any]], str]
"""Writes settings to a private file and returns its path (see :func:`adapt_to_cli`)."""


def adapt_to_cli(
    options: ClaudeAgentOptions, version: tuple[int, ...], settings_file: SettingsFile | None = None
) -> ClaudeAgentOptions:
    """``options`` as CLI ``version`` can take them, or :class:`UnsupportedOptionError`.

    A CLI older than 2.1.330 reads nothing at launch from ``initialize``, so (no secret goes on a command
    line unless the caller asked for it):

    * ``mcp_servers_delivery`` left unset means ``"argv"`` instead of ``"initialize"``, unless an external
      server has ``env`` or ``headers`` (refused: pass ``"argv"`` to accept that);
    * inline ``settings`` (with ``sandbox``) go in a file that ``settings_file`` writes (0600, in a 0700
      directory), passed by path; without ``settings_file`` (the CLI may not see this host's files) on the
      command line, unless they hold a secret (refused);
    * ``managed_settings`` go on the command line, the one way such a CLI takes them, unless they hold a
      secret (refused).

    The last two are moved to ``extra_args`` (flags passed as given).
    """
    if version < NEWER_CLI:
        options = _for_older_cli(options, version, settings_file)
    check_cli_version(options, version)
    return options


def _for_older_cli(
    options: ClaudeAgentOptions, version: tuple[int, ...], settings_file: SettingsFile | None
) -> ClaudeAgentOptions:
    changes: dict[str, Any] = {}
    extra_args = dict(options.extra_args)
    if options.mcp_servers_delivery is None and mcp_servers_in_initialize(options):
        if has_secrets(options.mcp_servers):
            raise _secret_on_argv(
                "mcp_servers_delivery", "their env and headers", "pass mcp_servers_delivery='argv'", version
            )
        logger.info(
            "CLI %s is older than %s: the MCP servers go on its command line (mcp_servers_delivery='argv')",
            ".".join(map(str, version)),
            ".".join(map(str, NEWER_CLI)),
        )
        changes["mcp_servers_delivery"] = "argv"
    settings = inline_settings(options)
    if settings is not None:
        changes.update(settings=None, sandbox=None)
        if settings_file is not None:
            changes["settings"] = settings_file(settings)
        elif redact(settings) != settings:
            raise _secret_on_argv(
                "settings", "their secrets", "pass extra_args={'settings': <json>}", version
            )
        else:
            extra_args["settings"] = _json(settings)
    managed = options.managed_settings
    if managed is not None:
        if redact(managed) != managed:
            raise _secret_on_argv(
                "managed_settings", "their secrets", "pass extra_args={'managed-settings': <json>}", version
            )
        changes["managed_settings"] = None
        extra_args["managed-settings"] = _json(managed)
    if not changes:
        return options
    return attrs.evolve(options, **changes, extra_args=extra_args)


_KEPT_OFF_ARGV = {
    "mcp_servers_delivery": ("MCP servers", "--await-initialize"),
    "settings": ("settings", "--initialize-fields"),
    "managed_settings": ("managed settings", "--managed-settings-in-initialize"),
}


def _secret_on_argv(option: str, what: str, accept: str, version: tuple[int, ...]) -> UnsupportedOptionError:
    noun, flag = _KEPT_OFF_ARGV[option]
    return UnsupportedOptionError(
        option=option,
        flag=flag,
        cli_version=version,
        required_version=NEWER_CLI,
        hint=f"an older CLI takes {noun} only on its command line, where every local user can read {what}: "
        f"{accept} to accept that",
    )


def _flag_name(token: str) -> str:
    return token[2:].split("=", 1)[0]


def version_command(options: ClaudeAgentOptions, cli_path: str) -> CLICommand:
    """The command that asks the CLI :func:`build_command` starts (same executable, environment and
    directory) for its ``--version``."""
    return CLICommand(
        argv=(*_executable(options, cli_path), "--version"),
        env=build_env(options),
        cwd=None if options.cwd is None else str(options.cwd),
    )


SPARE_FLAG = "await-claim"
"""The flag that starts the CLI as a parked spare (``prewarm()``); CLI 2.1.197 does not know it."""

STARTUP_MARKS_ENV = "CLAUDE_CODE_SDK_READS_STARTUP_MARKS"
"""Set for a spare, as the TypeScript SDK's ``prewarm()`` does: the CLI reports its start-up checkpoints in
``keep_alive`` lines (``startup_mark``) before it answers ``initialize``."""


def spare_options(options: ClaudeAgentOptions, park: str | os.PathLike[str]) -> ClaudeAgentOptions:
    """``options`` for a spare parked in ``park``: ``--await-claim`` and the start-up marks."""
    return attrs.evolve(
        options,
        cwd=park,
        extra_args={**options.extra_args, SPARE_FLAG: None},
        env={**options.env, STARTUP_MARKS_ENV: "1"},
    )


def is_spare(options: ClaudeAgentOptions) -> bool:
    """Whether ``options`` start a spare (see :func:`spare_options`)."""
    return SPARE_FLAG in options.extra_args


def check_spare_cli(version: tuple[int, ...]) -> None:
    """Raise :class:`UnsupportedOptionError` if CLI ``version`` cannot be a spare."""
    if version < NEWER_CLI:
        raise UnsupportedOptionError(
            option="prewarm",
            subject="prewarm()",
            flag=f"--{SPARE_FLAG}",
            cli_version=version,
            required_version=NEWER_CLI,
            hint="start the session with open_query() or open_session() instead",
        )
