"""The session users hold: :class:`ClaudeSession`, a face over the engine (``_core``) that
``open_session`` runs for an ``async with`` block: prompts, control requests, messages and state."""

from __future__ import annotations

import os
from collections.abc import AsyncIterable, Mapping, Sequence
from typing import TYPE_CHECKING, NoReturn, TypeVar, cast

import attrs

from .. import (
    model,  # the requests, answers and permission results asked for on demand: loaded on first use
    wire,
)
from .._config._mcp_servers import McpServers
from .._config._values import SdkPluginConfig
from .._record import Record
from ..model import (
    AccountInfo,
    AgentInfo,
    ContextUsageDetail,
    ControlRequestBody,
    ElicitationResponse,
    FrozenList,
    InitializeResponse,
    InterruptRequest,
    InterruptResponse,
    JSONObject,
    JSONValue,
    McpPermissionModeOverride,
    ModelInfo,
    PermissionMode,
    ReadFileEncoding,
    SetModelRequest,
    SetPermissionModeRequest,
    SettingsSource,
    SlashCommand,
    ThinkingDisplay,
    UserDialogResponse,
)
from ._buffer import BatchStream, MessageStream
from ._core import SessionCore
from ._prompts import NOT_ON_A_SESSION, Prompt, outgoing

R = TypeVar("R")


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SessionStatistics(Record):
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

    def respond_to_permission(
        self, request_id: str, result: model.PermissionResultAllow | model.PermissionResultDeny
    ) -> None:
        """Answer the CLI's ``can_use_tool`` request ``request_id`` (a
        :class:`~trio_claude.ToolPermissionContext`'s ``request_id``) with ``result``, out of band: after
        ``can_use_tool`` returned :class:`~trio_claude.PermissionResultDeferred`, or while it still runs
        (the first answer wins, and the callback is cancelled).  The session writes the answer (an allow
        without ``updated_input`` runs the tool with its original input).

        Raises :class:`TypeError` at once when ``result`` is not a permission result (the request stays
        open), :class:`~trio_claude.PermissionRequestNotPendingError` when no request waits under
        ``request_id``: unknown, already answered, withdrawn by the CLI, dropped by :meth:`interrupt` or
        by the end of the session.
        """
        self._core.handlers.permissions.respond(request_id, result)

    def respond_to_elicitation(self, request_id: str, response: ElicitationResponse) -> None:
        """Answer the CLI's ``elicitation`` request ``request_id`` (an
        :class:`~trio_claude.ElicitationContext`'s ``request_id``) with ``response``, out of band: after
        ``on_elicitation`` returned :class:`~trio_claude.ElicitationResponseDeferred`, or while it still
        runs (the first answer wins, and the callback is cancelled).

        Raises :class:`TypeError` at once when ``response`` is not an
        :class:`~trio_claude.model.ElicitationResponse` (the request stays open),
        :class:`~trio_claude.ElicitationRequestNotPendingError` when no request waits under
        ``request_id``: unknown, already answered, withdrawn by the CLI, dropped by :meth:`interrupt` or by
        the end of the session.
        """
        self._core.handlers.elicitations.respond(request_id, response)

    def respond_to_user_dialog(self, request_id: str, response: UserDialogResponse) -> None:
        """Answer the CLI's ``request_user_dialog`` request ``request_id`` (a
        :class:`~trio_claude.UserDialogContext`'s ``request_id``) with ``response``, out of band: after
        ``on_user_dialog`` returned :class:`~trio_claude.UserDialogResponseDeferred`, or while it still
        runs (the first answer wins, and the callback is cancelled).

        Raises :class:`TypeError` at once when ``response`` is not a
        :class:`~trio_claude.model.UserDialogResponse` (the dialog stays open),
        :class:`~trio_claude.UserDialogRequestNotPendingError` when no dialog waits under ``request_id``:
        unknown, already answered, withdrawn by the CLI, dropped by :meth:`interrupt` or by the end of
        the session.
        """
        self._core.handlers.user_dialogs.respond(request_id, response)

    async def interrupt(self) -> InterruptResponse:
        """Stop the current turn: cancel our in-flight handlers of the turn (permission checks, hooks, tool
        calls) and send ``interrupt``.  The turn then ends with an ``error_during_execution`` result."""
        self._core.inbound.abandon_turn()
        return await self.request(InterruptRequest())

    async def set_permission_mode(self, mode: PermissionMode) -> model.SetPermissionModeResponse:
        """Change the permission mode."""
        return await self.request(SetPermissionModeRequest(mode=mode))

    async def set_model(self, model: str | None = None) -> model.SetModelResponse:
        """Change the model (``None``: the default model)."""
        return await self.request(SetModelRequest(model=model))

    async def set_max_thinking_tokens(
        self, max_thinking_tokens: int | None, thinking_display: ThinkingDisplay | None = None
    ) -> None:
        """Limit the thinking tokens (``None`` clears the limit); ``thinking_display`` (``summarized``,
        ``omitted`` or ``highlights``) also says how thinking is shown."""
        await self.request(
            model.SetMaxThinkingTokensRequest(
                max_thinking_tokens=max_thinking_tokens, thinking_display=thinking_display
            )
        )

    async def set_mcp_permission_mode_override(
        self, server_name: str, mode: McpPermissionModeOverride | None
    ) -> model.SetMcpPermissionModeOverrideResponse:
        """How the tools of the MCP server ``server_name`` are permitted: ``"default"`` (ask per action),
        ``"auto"`` (the auto-mode classifier), or ``None`` to clear the override.  Raises
        :class:`ControlRequestError` when the CLI refuses (e.g. auto mode is unavailable for the model)."""
        request = model.SetMcpPermissionModeOverrideRequest(server_name=server_name, mode=mode)
        return await self.request(request)

    async def apply_flag_settings(self, settings: Mapping[str, JSONValue]) -> None:
        """Apply settings as if given on the command line (``--settings``) for the rest of the session; a
        ``None`` value clears that key."""
        await self.request(model.ApplyFlagSettingsRequest(settings=dict(settings)))

    async def update_settings(self, source: SettingsSource, settings: Mapping[str, JSONValue]) -> None:
        """Write ``settings`` to the settings file ``source`` (``"localSettings"`` or ``"userSettings"``);
        the CLI accepts only some keys (e.g. ``outputStyle``) and raises :class:`ControlRequestError` for
        others.  CLI ≥ 2.1.330 (older: :class:`UnsupportedRequestError`)."""
        await self.request(model.UpdateSettingsRequest(source=source, settings=dict(settings)))

    async def reinitialize(self) -> InitializeResponse:
        """Send ``initialize`` again, with this session's options and hooks, and return the fresh answer
        (which :attr:`server_info` then holds).  The CLI re-registers the hooks; a hook callback it was
        still waiting on is resolved by the CLI itself.  The permission questions, user dialogs and
        elicitations the answer lists as still waiting go to their callbacks (not twice: one being
        answered is left alone)."""
        response = await self.request(self._core.plan.initialize)
        self._core.server_info = response
        return response

    async def rewind_files(self, user_message_id: str, *, dry_run: bool = False) -> model.RewindFilesResponse:
        """Restore files to their state at the user message ``user_message_id`` (needs
        :attr:`~trio_claude.ClaudeAgentOptions.enable_file_checkpointing`).

        Check :attr:`~trio_claude.model.RewindFilesResponse.can_rewind`: where the files cannot be rewound
        (checkpointing is off — on CLI ≥ 2.1.332 also by an administrator's managed
        ``fileCheckpointingEnabled: false`` — or no file differs) the CLI answers a dry run with
        ``can_rewind=False`` and its reason in ``error``, and a rewind with an error:
        :class:`~trio_claude.ControlRequestError` (``"File rewinding is not enabled."``)."""
        return await self.request(
            model.RewindFilesRequest(user_message_id=user_message_id, dry_run=dry_run or None)
        )

    async def mcp_status(self) -> model.McpStatusResponse:
        """The MCP servers and their state."""
        return await self.request(model.McpStatusRequest())

    async def get_mcp_status(self) -> JSONObject:
        """The official SDK's spelling of :meth:`mcp_status`: the same answer as the official SDK returns
        it, a JSON dict with wire keys (``status["mcpServers"][0]["name"]``)."""
        return cast(JSONObject, wire.unstructure(await self.mcp_status()))

    async def reconnect_mcp_server(self, server_name: str) -> None:
        """Reconnect the MCP server ``server_name``."""
        await self.request(model.McpReconnectRequest(server_name=server_name))

    async def toggle_mcp_server(self, server_name: str, enabled: bool) -> None:
        """Enable or disable the MCP server ``server_name``."""
        await self.request(model.McpToggleRequest(server_name=server_name, enabled=enabled))

    async def set_mcp_servers(self, servers: McpServers) -> model.McpSetServersResponse:
        """Replace the dynamic MCP servers: in-process ones (:class:`SdkMcpServer`) are served by this
        session from now on, external ones are JSON configs.

        Raises :class:`UnsupportedOptionError`, sending nothing, for an in-process server with a timeout or
        tool policies on a CLI older than 2.1.330 (or one that has not said its version yet, as 2.1.197
        before its first turn): it would ignore them."""
        return await self._core.handlers.mcp.set_servers(servers, self.request, self._core.cli_version)

    async def get_context_usage(self, detail: ContextUsageDetail | None = None) -> model.ContextUsageResponse:
        """How the context window is used; ``detail="summary"`` skips the costly parts (the grid…),
        ``"full"`` asks for everything."""
        return await self.request(model.GetContextUsageRequest(detail=detail))

    async def usage(self, *, skip_behaviors: bool | None = None) -> model.UsageResponse:
        """The session's cost and durations, and the account's rate limits and behaviours (the TypeScript
        SDK's experimental ``usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET``: the CLI may
        change its shape).  ``skip_behaviors`` leaves out the behaviour analysis."""
        return await self.request(model.GetUsageRequest(skip_behaviors=skip_behaviors))

    async def read_file(
        self,
        path: str | os.PathLike[str],
        *,
        max_bytes: int | None = None,
        encoding: ReadFileEncoding | None = None,
    ) -> model.ReadFileResponse:
        """Read a file through the CLI, under the same read-permission rules as its Read tool (relative
        paths are resolved against the session's ``cwd``).  ``max_bytes`` caps the size (the CLI's
        default is 1 MB), ``encoding="base64"`` reads binary files.  Raises :class:`ControlRequestError`
        when the read is denied or the file is missing (the TypeScript SDK returns ``null``)."""
        return await self.request(
            model.ReadFileRequest(path=os.fspath(path), max_bytes=max_bytes, encoding=encoding)
        )

    async def seed_read_state(self, path: str | os.PathLike[str], mtime: float) -> None:
        """Tell the CLI that the file ``path`` was already read when it had modification time ``mtime``
        (seconds), so its Edit tool accepts edits without reading it first."""
        await self.request(model.SeedReadStateRequest(path=os.fspath(path), mtime=mtime))

    async def reload_plugins(
        self,
        *,
        hold_on_cache_impact: bool | None = None,
        add_plugins: Sequence[SdkPluginConfig] | None = None,
        refuse_if_busy: bool | None = None,
    ) -> model.ReloadPluginsResponse:
        """Reload plugins from disk; the answer's commands and agents become :meth:`supported_commands` /
        :meth:`supported_agents`.  ``hold_on_cache_impact``: apply nothing when it would change the tools
        the prompt cache depends on (the answer says ``held``); ``add_plugins``: load these too;
        ``refuse_if_busy``: reload nothing during a turn (:class:`ControlRequestError`, CLI ≥ 2.1.330)."""
        plugins = None
        if add_plugins is not None:
            plugins = tuple(_plugin_json(plugin) for plugin in add_plugins)
        response = await self.request(
            model.ReloadPluginsRequest(
                hold_on_cache_impact=hold_on_cache_impact, add_plugins=plugins, refuse_if_busy=refuse_if_busy
            )
        )
        if not response.held:
            changes = {"commands": response.commands, "agents": response.agents}
            self._core.update_server_info(**{k: v for k, v in changes.items() if v is not None})
        return response

    async def reload_skills(self) -> model.ReloadSkillsResponse:
        """Reload skills from disk and return them."""
        return await self.request(model.ReloadSkillsRequest())

    async def reload_output_styles(self) -> model.ReloadOutputStylesResponse:
        """Re-read the output-style directories and return the style names (CLI ≥ 2.1.330)."""
        response = await self.request(model.ReloadOutputStylesRequest())
        if response.available_output_styles is not None:
            self._core.update_server_info(available_output_styles=response.available_output_styles)
        return response

    async def read_mcp_resource(self, server_name: str, uri: str) -> model.McpReadResourceResponse:
        """Read the resource ``uri`` (``ui://…``) of the MCP server ``server_name`` (CLI ≥ 2.1.330)."""
        return await self.request(model.McpReadResourceRequest(server_name=server_name, uri=uri))

    async def background_tasks(self, tool_use_id: str | None = None) -> bool:
        """Move the running foreground tasks to the background (what Ctrl+B does in the terminal), or
        only the one started by the tool call ``tool_use_id``.  Returns ``False`` only when
        ``tool_use_id`` matched no foreground task."""
        response = await self.request(model.BackgroundTasksRequest(tool_use_id=tool_use_id))
        return response.backgrounded is not False

    # -- what the session offers, kept current ----------------------------------------------------------

    def supported_commands(self) -> Sequence[SlashCommand]:
        """The slash commands and skills, as of the latest ``commands_changed`` message or
        :meth:`reload_plugins` (at first, the ``initialize`` answer's)."""
        info = self._core.server_info
        return (None if info is None else info.commands) or FrozenList()

    def supported_models(self) -> Sequence[ModelInfo]:
        """The models the session can switch to (:meth:`set_model`)."""
        info = self._core.server_info
        return (None if info is None else info.models) or FrozenList()

    def supported_agents(self) -> Sequence[AgentInfo]:
        """The subagents, as of the latest :meth:`reload_plugins` (at first, the ``initialize`` answer's)."""
        info = self._core.server_info
        return (None if info is None else info.agents) or FrozenList()

    def account_info(self) -> AccountInfo | None:
        """The authenticated account (``None`` when the CLI did not say)."""
        info = self._core.server_info
        return None if info is None else info.account

    async def stop_task(self, task_id: str) -> None:
        """Stop the background task ``task_id``."""
        await self.request(model.StopTaskRequest(task_id=task_id))

    # -- receiving -----------------------------------------------------------------------------------

    def receive_messages(self) -> MessageStream:
        """Every message until the session ends (then iteration stops, or raises :class:`ProcessError` if
        the CLI died).  Each message is delivered once, to whichever iterator asks first.  Once the
        session's block is left, iterating raises what :meth:`send` raises then."""
        return MessageStream(self._core.buffer, until_result=False)

    def receive_response(self) -> MessageStream:
        """The messages up to and including the next :class:`~trio_claude.model.ResultMessage` (after the
        session's block, iterating raises what :meth:`send` raises then)."""
        return MessageStream(self._core.buffer, until_result=True)

    def receive_batches(self) -> BatchStream:
        """Every message until the session ends, as :meth:`receive_messages` gives them, but a batch at a
        time: each step yields a tuple of every message received and not yet read (at least one, oldest
        first), so a consumer that keeps up with a fast stream pays one ``async for`` step per chunk of
        the CLI's output rather than one per message.  Each message is still delivered once, to whichever
        iterator asks first.  After the session's block, iterating raises what :meth:`send` raises then."""
        return BatchStream(self._core.buffer)

    async def receive_message(self) -> model.Message:
        """The next message.  Raises :class:`CLIConnectionError` when the session has ended and every
        message was read (:class:`ProcessError` if the CLI died)."""
        return await self._core.buffer.get()


def _plugin_json(plugin: SdkPluginConfig) -> JSONObject:
    """A plugin as ``initialize`` and ``reload_plugins`` spell it (the CLI needs an absolute path)."""
    if not isinstance(cast(object, plugin), SdkPluginConfig):
        raise TypeError(f"add_plugins takes SdkPluginConfig values, not {plugin!r}")
    return {"type": "local", "path": os.path.abspath(os.fspath(plugin.path))}


__all__ = ["ClaudeSession", "SessionStatistics"]
