"""Options → the CLI's command line, environment and ``initialize`` request.  Pure functions."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

import attrs

from ._errors import CLINotFoundError
from ._mcp import McpBridge
from ._options import ClaudeAgentOptions, SystemPromptPreset
from ._version import __version__
from .model import HookMatcherConfig, InitializeRequest

ENTRYPOINT = "sdk-py-trio"
"""``CLAUDE_CODE_ENTRYPOINT``: how the CLI reports who drives it."""

OLDEST_TESTED_CLI = (2, 1, 197)
"""The oldest CLI version the test suite runs against."""

BASE_FLAGS = ("--output-format", "stream-json", "--verbose", "--input-format", "stream-json")

_FLAG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
_JS_SUFFIXES = (".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx")


@attrs.frozen(kw_only=True)
class CLICommand:
    """How to start the CLI: ``argv`` (executable first), the full environment, and the working directory."""

    argv: tuple[str, ...]
    env: Mapping[str, str]
    cwd: str | None


def find_cli(cli_path: str | os.PathLike[str] | None) -> str:
    """Locate the ``claude`` executable: ``cli_path``, then ``claude`` on ``PATH``, then the usual install
    places (npm's global bin, ``~/.claude/local``…).

    Raises :class:`CLINotFoundError` with install instructions when none exists.
    """
    if cli_path is not None:
        path = Path(cli_path).expanduser()
        if not path.exists():
            raise CLINotFoundError(f"Claude Code CLI not found at {path}", cli_path=str(path))
        return str(path)
    found = shutil.which("claude")
    if found:
        return found
    home = Path.home()
    for candidate in (
        home / ".npm-global" / "bin" / "claude",
        Path("/usr/local/bin/claude"),
        home / ".local" / "bin" / "claude",
        home / "node_modules" / ".bin" / "claude",
        home / ".yarn" / "bin" / "claude",
        home / ".claude" / "local" / "claude",
    ):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    raise CLINotFoundError(
        "Claude Code CLI not found. Install it with:\n"
        "    npm install -g @anthropic-ai/claude-code\n"
        "or pass ClaudeAgentOptions(cli_path=...)."
    )


def _flag(name: str, value: str | None = None) -> str:
    if not _FLAG_NAME.match(name):
        raise ValueError(f"invalid CLI flag name {name!r}")
    return f"--{name}" if value is None else f"--{name}={value}"


def build_flags(options: ClaudeAgentOptions) -> list[str]:
    """The CLI flags for ``options`` (after :data:`BASE_FLAGS`), each a single ``--flag=value`` token so no
    value can be read as another flag."""
    flags: list[str] = []
    if options.model is not None:
        flags.append(_flag("model", options.model))
    if options.permission_mode is not None:
        flags.append(_flag("permission-mode", options.permission_mode))
    if options.allowed_tools:
        flags.append(_flag("allowedTools", ",".join(options.allowed_tools)))
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
    flags.extend(McpBridge(options.mcp_servers).flags())
    for name, value in options.extra_args.items():
        flags.append(_flag(name, value))
    return flags


def build_env(options: ClaudeAgentOptions, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The CLI's environment: ``base`` (default: this process's) with ``options.env`` on top, plus what the
    SDK needs (entrypoint, SDK version, session-state frames)."""
    env = dict(os.environ if base is None else base)
    env.pop("CLAUDECODE", None)  # set inside Claude Code; would make the child refuse to nest
    env.pop("NODE_OPTIONS", None)
    env.update(options.env)
    env.setdefault("CLAUDE_CODE_ENTRYPOINT", ENTRYPOINT)
    env["CLAUDE_AGENT_SDK_VERSION"] = __version__
    if not any(k.upper() == "CLAUDE_CODE_SDK_READS_SESSION_STATE" for k in env):
        env["CLAUDE_CODE_SDK_READS_SESSION_STATE"] = "1"
    if options.cwd is not None:
        env["PWD"] = str(options.cwd)
    return env


def build_command(options: ClaudeAgentOptions, cli_path: str) -> CLICommand:
    """The full command for ``options`` with the executable at ``cli_path`` (a ``.js`` entry point runs with
    ``node``)."""
    prefix = ["node", cli_path] if cli_path.endswith(_JS_SUFFIXES) else [cli_path]
    return CLICommand(
        argv=(*prefix, *BASE_FLAGS, *build_flags(options)),
        env=build_env(options),
        cwd=None if options.cwd is None else str(options.cwd),
    )


def build_initialize(
    options: ClaudeAgentOptions, *, hooks: dict[str, tuple[HookMatcherConfig, ...]] | None = None
) -> InitializeRequest:
    """The ``initialize`` request for ``options``, registering ``hooks`` (callback ids by event).

    The system prompt goes here, not on the command line: ``None`` → an empty custom prompt, a string →
    that prompt, :class:`SystemPromptPreset` → Claude Code's prompt (plus ``append``).
    """
    prompt = options.system_prompt
    extra = dict(options.extra_initialize)
    sdk_mcp_servers = McpBridge(options.mcp_servers).initialize_names()
    if isinstance(prompt, SystemPromptPreset):
        return InitializeRequest(
            hooks=hooks,
            sdk_mcp_servers=sdk_mcp_servers,
            append_system_prompt=prompt.append,
            exclude_dynamic_sections=prompt.exclude_dynamic_sections,
            extra=extra,
        )
    return InitializeRequest(
        hooks=hooks,
        sdk_mcp_servers=sdk_mcp_servers,
        system_prompt=("" if prompt is None else prompt,),
        extra=extra,
    )


def parse_version(text: str | None) -> tuple[int, ...] | None:
    """``"2.1.330 (Claude Code)"`` → ``(2, 1, 330)``; ``None`` when unreadable."""
    if not text:
        return None
    match = re.match(r"(\d+)\.(\d+)\.(\d+)", text.strip())
    return tuple(int(part) for part in match.groups()) if match else None
