"""The state of one fake CLI process, shared by its parts: its session, and the turn being played."""

from __future__ import annotations

from collections import deque
from typing import Any, Literal

import attrs
import trio

from ...model import PermissionDenial, UserMessage
from ...protocol import Turns
from .frames import ToolUse
from .script import FakeCLIBehavior, SentRequest

__all__ = ["Abort", "ProcessState", "StreamState", "Turn"]


@attrs.define
class StreamState:
    """A :class:`~trio_claude.testing.Stream` in progress: what an interrupt must close."""

    message_id: str
    text: str = ""
    started: bool = False
    block_open: bool = False


@attrs.define
class Abort:
    """Why a turn ends early: an interrupt while the model streamed, or while tools waited (``tool``: the
    one waiting for its permission)."""

    kind: Literal["streaming", "tools"]
    tool: ToolUse | None = None


class Turn:
    """The turn being played (what an interrupt needs to know, and what its ``result`` reports)."""

    def __init__(self, start: float) -> None:
        self.start = start
        self.scope = trio.CancelScope()
        self.pending: dict[str, SentRequest] = {}
        self.pending_tool: ToolUse | None = None
        self.abort: Abort | None = None
        self.stream: StreamState | None = None
        self.message_id: str | None = None
        self.api_calls = 0
        self.last_text: str | None = None
        self.denials: list[PermissionDenial] = []


@attrs.define
class ProcessState:
    """What a fake CLI process knows about its session; its parts read and change it."""

    behavior: FakeCLIBehavior
    legacy: bool
    """Whether it answers like 2.1.197 (``claude_code_version`` below 2.1.330)."""
    model: str
    permission_mode: str
    mcp_servers: dict[str, Any]
    """The dynamic MCP servers, by name."""
    turns: Turns = attrs.field(factory=lambda: Turns(state="idle"))
    """Prompts read, results written and the session state: when the run is over."""
    queue: deque[UserMessage] = attrs.field(factory=deque[UserMessage])
    """Prompts read and not played yet."""
    turn: Turn | None = None
    started: int = 0
    """How many turns started (the next one plays the script's turn of that index)."""
    messages: int = 0
    tool_uses: int = 0
    initialized: int = 0
    total_cost: float = 0.0
    last_is_error: bool = False
    thinking_display: str | None = None
    spare: Literal["parked", "claimed", "let_go"] | None = None
    """A process started with ``--await-claim``: parked until ``claim_session``, then claimed, or let go
    (a refused claim, or a prompt before any claim: every prompt gets the ``not_claimed`` result)."""
    skip_permissions_allowed: bool = False
    """``--allow-dangerously-skip-permissions``: ``bypassPermissions`` may be claimed."""
    """The thinking display the host set last (``set_max_thinking_tokens``)."""
