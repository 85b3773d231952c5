"""The session users hold: :class:`ClaudeSession`, a face over the engine (``_core``) that
``open_session`` runs for an ``async with`` block: prompts, control requests, messages and state."""

from __future__ import annotations

from collections.abc import AsyncIterable
from typing import TYPE_CHECKING, NoReturn, TypeVar, cast

import attrs

from .. import wire
from .._config._mcp_servers import McpServers
from ..model import (
    ControlRequestBody,
    GetContextUsageRequest,
    InitializeResponse,
    InterruptRequest,
    InterruptResponse,
    JSONObject,
    McpReconnectRequest,
    McpSetServersResponse,
    McpStatusRequest,
    McpStatusResponse,
    McpToggleRequest,
    Message,
    PermissionMode,
    RewindFilesRequest,
    RewindFilesResponse,
    SetMaxThinkingTokensRequest,
    SetModelRequest,
    SetModelResponse,
    SetPermissionModeRequest,
    SetPermissionModeResponse,
    StopTaskRequest,
)
from ..model._control import ContextUsageResponse
from ._buffer import MessageStream
from ._core import SessionCore
from ._prompts import NOT_ON_A_SESSION, Prompt, outgoing

R = TypeVar("R")


@attrs.frozen(kw_only=True)
class SessionStatistics:
    """A snapshot of a session's queues (see :meth:`ClaudeSession.statistics`)."""

    buffered_messages: int
    """Messages received and not yet consumed."""
    pending_requests: int
    """Our control requests waiting for an answer."""
    handlers_in_flight: int
    """The CLI's requests being handled."""
    invalid_lines: int
    """Stdout lines that were not JSON (logged and skipped)."""
    late_responses: int = 0
    """Answers dropped because their request was no longer waiting (its caller was cancelled)."""


class ClaudeSession:
    """A running Claude Code CLI and the conversation with it.

    Get one from :func:`open_session`; it is valid until that ``async with`` block ends.  Send prompts
    with :meth:`send`, read with :meth:`receive_response` / :meth:`receive_messages`, and control the CLI
    with the request methods.
    """

    def __init__(self, core: SessionCore) -> None:
        self._core = core

    # -- public state --------------------------------------------------------------------------------

    @property
    def server_info(self) -> InitializeResponse | None:
        """The CLI's answer to ``initialize`` (commands, agents, models, account…)."""
        return self._core.server_info

    async def get_server_info(self) -> JSONObject | None:
        """The official SDK's spelling of :attr:`server_info`: the CLI's answer to ``initialize`` as the
        official SDK returns it, a JSON dict with wire keys (``info.get("commands", [])``)."""
        if self._core.server_info is None:
            return None
        return cast(JSONObject, wire.unstructure(self._core.server_info))

    if not TYPE_CHECKING:  # type checkers keep reporting unknown attributes as usual

        def __getattr__(self, name: str) -> NoReturn:
            hint = NOT_ON_A_SESSION.get(name)
            if hint is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            raise AttributeError(f"ClaudeSession has no {name}(): {hint}")

    @property
    def session_id(self) -> str | None:
        """The conversation's id (known after the first ``init`` message; at once when resuming)."""
        return self._core.session_id

    @property
    def pid(self) -> int | None:
        """The CLI's process id (``None`` for a CLI that is not a local process)."""
        return self._core.process.pid

    @property
    def returncode(self) -> int | None:
        """The CLI's exit code once it has exited, else ``None``.  A negative code ``-N`` means signal N."""
        return self._core.process.returncode

    @property
    def cli_version(self) -> str | None:
        """The CLI's version, as it reported it."""
        return self._core.cli_version

    @property
    def state(self) -> str | None:
        """The CLI's last reported state (``idle``, ``running`` or ``requires_action``; CLI ≥ 2.1.330)."""
        return self._core.turns.state

    @property
    def stderr_tail(self) -> str:
        """The last lines the CLI wrote on stderr."""
        return self._core.stderr.tail

    def statistics(self) -> SessionStatistics:
        """Queue sizes, for diagnostics and tests."""
        return SessionStatistics(
            buffered_messages=len(self._core.buffer.messages),
            pending_requests=len(self._core.conn.pending_slots),
            handlers_in_flight=len(self._core.inbound),
            invalid_lines=self._core.conn.statistics.invalid_lines,
            late_responses=self._core.conn.statistics.late_responses,
        )

    # -- sending -------------------------------------------------------------------------------------

    async def send(self, prompt: Prompt, *, parent_tool_use_id: str | None = None) -> None:
        """Send a prompt: a string, content blocks (typed, or as dicts), a whole
        :class:`~trio_claude.model.UserMessage`, or the official SDK's user-message dict (decoded by the
        wire converter; a missing ``parent_tool_use_id`` is ``None``).

        Returns once the line is written to the CLI.  A prompt sent during a turn is queued by the CLI
        and answered after it.  Raises ``TypeError`` at once, writing nothing, for any other value, a
        malformed dict (naming the offending part) or a prompt holding a value that is not JSON; raises
        :class:`CLIConnectionError` when the session has ended.
        """
        message, data = outgoing(prompt, parent_tool_use_id=parent_tool_use_id)
        await self._core.send_line(message, data)

    async def query(self, prompt: Prompt | AsyncIterable[Prompt], session_id: str = "default") -> None:
        """The official SDK's ``ClaudeSDKClient.query``: :meth:`send` one prompt, or each prompt of an
        async iterable in turn (e.g. official user-message dicts).  ``session_id`` goes into the messages
        that have none, as the official SDK does (the CLI does not read it).  Raises as :meth:`send`.
        """
        if isinstance(prompt, AsyncIterable):
            async for item in prompt:
                await self._core.send_line(*outgoing(item, session_id=session_id))
        else:
            await self._core.send_line(*outgoing(prompt, session_id=session_id))

    async def request(self, body: ControlRequestBody[R]) -> R:
        """Send a control request and return its typed answer.

        Raises :class:`ControlRequestError` when the CLI answers with an error,
        :class:`CLIConnectionError` (or :class:`ProcessError`) when the session ends first, and
        :class:`TypeError` (:class:`~trio_claude.wire.EncodeError`) at once when ``body`` holds a value
        that is not JSON.  On
        cancellation the CLI is sent a ``control_cancel_request`` and the late answer is dropped.
        """
        return await self._core.request(body)

    async def interrupt(self) -> InterruptResponse:
        """Stop the current turn: cancel our in-flight handlers of the turn (permission checks, hooks, tool
        calls) and send ``interrupt``.  The turn then ends with an ``error_during_execution`` result."""
        self._core.inbound.abandon_turn()
        return await self.request(InterruptRequest())

    async def set_permission_mode(self, mode: PermissionMode) -> SetPermissionModeResponse:
        """Change the permission mode."""
        return await self.request(SetPermissionModeRequest(mode=mode))

    async def set_model(self, model: str | None = None) -> SetModelResponse:
        """Change the model (``None``: the default model)."""
        return await self.request(SetModelRequest(model=model))

    async def set_max_thinking_tokens(self, max_thinking_tokens: int | None) -> None:
        """Limit the thinking tokens (``None`` clears the limit)."""
        await self.request(SetMaxThinkingTokensRequest(max_thinking_tokens=max_thinking_tokens))

    async def rewind_files(self, user_message_id: str, *, dry_run: bool = False) -> RewindFilesResponse:
        """Restore files to their state at the user message ``user_message_id`` (needs file
        checkpointing)."""
        return await self.request(
            RewindFilesRequest(user_message_id=user_message_id, dry_run=dry_run or None)
        )

    async def mcp_status(self) -> McpStatusResponse:
        """The MCP servers and their state."""
        return await self.request(McpStatusRequest())

    async def get_mcp_status(self) -> JSONObject:
        """The official SDK's spelling of :meth:`mcp_status`: the same answer as the official SDK returns
        it, a JSON dict with wire keys (``status["mcpServers"][0]["name"]``)."""
        return cast(JSONObject, wire.unstructure(await self.mcp_status()))

    async def reconnect_mcp_server(self, server_name: str) -> None:
        """Reconnect the MCP server ``server_name``."""
        await self.request(McpReconnectRequest(server_name=server_name))

    async def toggle_mcp_server(self, server_name: str, enabled: bool) -> None:
        """Enable or disable the MCP server ``server_name``."""
        await self.request(McpToggleRequest(server_name=server_name, enabled=enabled))

    async def set_mcp_servers(self, servers: McpServers) -> McpSetServersResponse:
        """Replace the dynamic MCP servers: in-process ones (:class:`SdkMcpServer`) are served by this
        session from now on, external ones are JSON configs."""
        return await self._core.handlers.mcp.set_servers(servers, self.request)

    async def get_context_usage(self) -> ContextUsageResponse:
        """How the context window is used."""
        return await self.request(GetContextUsageRequest())

    async def stop_task(self, task_id: str) -> None:
        """Stop the background task ``task_id``."""
        await self.request(StopTaskRequest(task_id=task_id))

    # -- receiving -----------------------------------------------------------------------------------

    def receive_messages(self) -> MessageStream:
        """Every message until the session ends (then iteration stops, or raises :class:`ProcessError` if
        the CLI died).  Each message is delivered once, to whichever iterator asks first."""
        return MessageStream(self._core.buffer, until_result=False)

    def receive_response(self) -> MessageStream:
        """The messages up to and including the next :class:`~trio_claude.model.ResultMessage`."""
        return MessageStream(self._core.buffer, until_result=True)

    async def receive_message(self) -> Message:
        """The next message.  Raises :class:`CLIConnectionError` when the session has ended and every
        message was read (:class:`ProcessError` if the CLI died)."""
        return await self._core.buffer.get()


__all__ = ["ClaudeSession", "SessionStatistics"]
