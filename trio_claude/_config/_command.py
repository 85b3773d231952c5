"""Options → the CLI's command line (flags) and environment, and the CLI versions some flags need."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Any, cast

import attrs
import orjson

from .._errors import UnsupportedOptionError
from .._record import Record
from .._redact import redacted_repr
from .._version import __version__
from ._discovery import JS_SUFFIXES
from ._fields import FLAG_NAME
from ._initialize import _json_schema, mcp_servers_in_initialize, plugins_in_initialize
from ._mcp_servers import has_secrets, mcp_config_flags, sdk_server_configs
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


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CLICommand(Record):
    """How to start the CLI: ``argv`` (executable first), the full environment, and the working directory.

    Its repr hides the secrets of ``argv`` and ``env`` (the value of a variable whose name looks secret,
    an MCP server's ``env`` and ``headers``…) behind ``'<redacted>'``, so that a ``spawn`` may log it."""

    argv: tuple[str, ...] = attrs.field(repr=redacted_repr)
    env: Mapping[str, str] = attrs.field(repr=redacted_repr)
    cwd: str | None


def _flag(name: str, value: str | None = None) -> str:
    if not FLAG_NAME.fullmatch(name):
        raise ValueError(f"invalid CLI flag name {name!r}")
    if value is not None and "\0" in value:
        raise ValueError(f"the value of --{name} contains a NUL character")
    return f"--{name}" if value is None else f"--{name}={value}"


def _json(value: object) -> str:
    return orjson.dumps(value).decode()


def _settings_value(options: ClaudeAgentOptions) -> str | None:
    """The ``--settings`` value: ``settings`` as given, with ``sandbox`` merged in as JSON (the options
    checked that a ``settings`` string is then JSON text, not a file path)."""
    settings, sandbox = options.settings, options.sandbox
    if sandbox is None:
        if settings is None:
            return None
        return _json(settings) if isinstance(settings, dict) else os.fspath(settings)
    if settings is None:
        merged: dict[str, Any] = {}
    elif isinstance(settings, dict):
        merged = dict(settings)
    else:
        merged = cast("dict[str, Any]", orjson.loads(os.fspath(settings)))  # a JSON object: checked
    merged["sandbox"] = merge_sandbox(merged.get("sandbox"), sandbox)
    return _json(merged)


_UNION_LISTS = frozenset(
    {
        "filesystem.denyRead",
        "filesystem.denyWrite",
        "network.deniedDomains",
        "credentials.files",
        "credentials.envVars",
    }
)
"""Sandbox lists that the option adds to (deny lists only grow), as the TypeScript SDK merges them."""

_REPLACED_WHOLE = frozenset({"ripgrep", "network.tlsTerminate"})
"""Sandbox objects that the option replaces rather than merges."""


def _as_list(value: object) -> list[Any] | None:
    return cast("list[Any]", value) if isinstance(value, list) else None  # type: ignore[redundant-cast]


def _as_dict(value: object) -> dict[str, Any] | None:
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


def _union(old: list[Any], new: list[Any]) -> list[Any]:
    out: list[Any] = []
    seen: set[object] = set()
    for entry in (*old, *new):
        item: object = entry
        plain = isinstance(item, (str, int, float, bool)) or item is None
        key: object = (type(item).__name__, item) if plain else id(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _merge(base: object, given: Mapping[str, Any], path: str = "") -> dict[str, Any]:
    out: dict[str, Any] = dict(_as_dict(base) or {})
    for key, value in given.items():
        at = f"{path}.{key}" if path else key
        old: object = out.get(key)
        old_list, new_list = _as_list(old), _as_list(value)
        old_dict, new_dict = _as_dict(old), _as_dict(value)
        if at in _UNION_LISTS and old_list is not None and new_list is not None:
            out[key] = _union(old_list, new_list)
        elif old_dict is not None and new_dict is not None and at not in _REPLACED_WHOLE:
            out[key] = _merge(old_dict, new_dict, at)
        else:
            out[key] = value
    return out


def merge_sandbox(settings_sandbox: object, sandbox: Mapping[str, Any]) -> dict[str, Any]:
    """The ``sandbox`` option merged into the ``sandbox`` key of the inline settings, key by key as the
    TypeScript SDK does: objects merge, deny lists grow (union), other values are replaced; a filesystem
    or network restriction given here lifts the settings' ``filesystem.disabled`` / proxy ports; and
    ``enabled`` implies ``failIfUnavailable`` unless set."""
    merged = _merge(settings_sandbox, sandbox)
    filesystem = _as_dict(sandbox.get("filesystem"))
    files = _as_list((_as_dict(sandbox.get("credentials")) or {}).get("files")) or []
    denies_files = any((_as_dict(entry) or {}).get("mode") == "deny" for entry in files)
    lifted = (filesystem is not None or denies_files) and (filesystem or {}).get("disabled") is None
    kept = _as_dict(merged.get("filesystem"))
    if lifted and kept is not None and kept.get("disabled") is True:
        merged["filesystem"] = {k: v for k, v in kept.items() if k != "disabled"}
    network = _as_dict(sandbox.get("network")) or {}
    restricts_network = (
        network.get("allowedDomains") is not None
        or bool(network.get("deniedDomains"))
        or network.get("strictAllowlist") is True
    )
    kept_network = _as_dict(merged.get("network"))
    if restricts_network and kept_network is not None:
        dropped = {port for port in ("httpProxyPort", "socksProxyPort") if network.get(port) is None}
        merged["network"] = {k: v for k, v in kept_network.items() if k not in dropped}
    if sandbox.get("enabled") is True and "failIfUnavailable" not in merged:
        merged["failIfUnavailable"] = True
    return merged


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
    settings = _settings_value(options)
    if settings is not None:
        flags.append(_flag("settings", settings))
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
    if mcp_servers_in_initialize(options) or plugins_in_initialize(options):
        flags.append(_flag("await-initialize"))
    if options.managed_settings is not None:
        flags.append(_flag("managed-settings", _json(options.managed_settings)))
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
    if cli_path.endswith(JS_SUFFIXES):
        prefix = [options.executable or "node", *options.executable_args, cli_path]
    else:
        prefix = [cli_path]
    return CLICommand(
        argv=(*prefix, *BASE_FLAGS, *build_flags(options)),
        env=build_env(options),
        cwd=None if options.cwd is None else str(options.cwd),
    )


NEWER_CLI = (2, 1, 330)

VERSIONED_FLAGS: Mapping[str, tuple[str, tuple[int, ...]]] = {
    "resume-drops-turn": ("resume_drops_turn", NEWER_CLI),
    "project-config-root": ("project_config_root", NEWER_CLI),
    "permission-prompts": ("permission_prompts", NEWER_CLI),
    "await-initialize": ("mcp_servers_delivery", NEWER_CLI),  # or plugin_delivery: see _gated
}
"""Flags that older CLIs reject as unknown: flag → (option, oldest CLI version known to accept it).

The versions are the oldest *verified* (the test suite runs 2.1.197 and 2.1.330; these flags are missing in
2.1.197), so a CLI in between may be refused although it would accept the flag: ``extra_args`` is never
checked and gets through.
"""


def _gated(options: ClaudeAgentOptions) -> list[tuple[str, str, tuple[int, ...]]]:
    """What ``options`` use that older CLIs lack: (option, flag or ``initialize`` field, oldest CLI)."""
    gated: list[tuple[str, str, tuple[int, ...]]] = []
    for flag in _option_flags(options):
        name = _flag_name(flag)
        if name in VERSIONED_FLAGS:
            option, required = VERSIONED_FLAGS[name]
            if name == "await-initialize" and not mcp_servers_in_initialize(options):
                option = "plugin_delivery"
            gated.append((option, f"--{name}", required))
    # 2.1.197 ignores these fields without a word
    if options.per_task_stop_affordance:
        gated.append(("per_task_stop_affordance", "initialize perTaskStopAffordance", NEWER_CLI))
    if options.verbatim_prompts:
        gated.append(("verbatim_prompts", "user message client_composed", NEWER_CLI))
    if sdk_server_configs(options.mcp_servers):  # an ignored "always_deny" would let the tool run
        gated.append(("mcp_servers", "initialize sdkMcpServerConfigs", NEWER_CLI))
    return gated


def needs_cli_version(options: ClaudeAgentOptions) -> bool:
    """Whether ``options`` use a flag or ``initialize`` field that some supported CLI versions do not know
    (so the CLI's version must be checked before it is started)."""
    return bool(_gated(options))


def check_cli_version(options: ClaudeAgentOptions, version: tuple[int, ...]) -> None:
    """Raise :class:`UnsupportedOptionError` if CLI ``version`` does not know a flag or field ``options``
    need."""
    for option, flag, required in _gated(options):
        if version < required:
            raise UnsupportedOptionError(
                option=option, flag=flag, cli_version=version, required_version=required
            )


def adapt_to_cli(options: ClaudeAgentOptions, version: tuple[int, ...]) -> ClaudeAgentOptions:
    """``options`` as CLI ``version`` can take them, or :class:`UnsupportedOptionError`.

    The one adaptation: ``mcp_servers_delivery`` left unset means ``"initialize"``; a CLI too old for it
    gets ``"argv"`` instead, but only if no external server has ``env`` or ``headers`` (no secret goes on
    a command line unless the caller asked for ``"argv"``).
    """
    if options.mcp_servers_delivery is None and mcp_servers_in_initialize(options) and version < NEWER_CLI:
        if has_secrets(options.mcp_servers):
            raise UnsupportedOptionError(
                option="mcp_servers_delivery",
                flag="--await-initialize",
                cli_version=version,
                required_version=NEWER_CLI,
                hint="an older CLI takes MCP servers only on its command line, where every local user can "
                "read their env and headers: pass mcp_servers_delivery='argv' to accept that",
            )
        logger.info(
            "CLI %s is older than %s: the MCP servers go on its command line (mcp_servers_delivery='argv')",
            ".".join(map(str, version)),
            ".".join(map(str, NEWER_CLI)),
        )
        options = attrs.evolve(options, mcp_servers_delivery="argv")
    check_cli_version(options, version)
    return options


def _flag_name(token: str) -> str:
    return token[2:].split("=", 1)[0]


def version_command(command: CLICommand) -> CLICommand:
    """The command that asks the same CLI (same executable, environment and directory) for its
    ``--version``."""
    executable = command.argv[: command.argv.index(BASE_FLAGS[0])]
    return attrs.evolve(command, argv=(*executable, "--version"))


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
