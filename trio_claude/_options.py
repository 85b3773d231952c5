"""``ClaudeAgentOptions``: how a session's CLI is started and what the session answers for it."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

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

    system_prompt: str | SystemPromptPreset | None = None
    """A custom system prompt, or :class:`SystemPromptPreset` for Claude Code's own.  ``None`` (the default,
    as in the official SDKs): an empty custom prompt."""

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
