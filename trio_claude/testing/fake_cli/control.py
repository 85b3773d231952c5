"""How the fake CLI answers the host's control requests, as the real CLI does."""

from __future__ import annotations

import attrs
import trio

from ... import wire
from ...model import (
    ClaimSessionRequest,
    ControlRequestPayload,
    EmptyResponse,
    GetContextUsageRequest,
    InitializeRequest,
    InitializeResponse,
    InterruptRequest,
    InterruptResponse,
    JSONObject,
    McpSetServersRequest,
    McpSetServersResponse,
    McpStatusRequest,
    McpStatusResponse,
    McpToggleRequest,
    SetMaxThinkingTokensRequest,
    SetModelRequest,
    SetModelResponse,
    SetPermissionModeRequest,
    SetPermissionModeResponse,
    StopTaskRequest,
    UnknownControlRequest,
)
from .claim import answer_claim
from .frames import Frames, context_usage
from .output import Output
from .requests import HostRequests
from .settings import SettingsAnswers, error_answer, is_legacy_gap
from .state import Abort, ProcessState

__all__ = ["ControlAnswers"]

_PERMISSION_MODES = ("acceptEdits", "auto", "bypassPermissions", "default", "dontAsk", "plan")


class ControlAnswers:
    """Answers the host's control requests and changes the process's state accordingly.

    An ``interrupt`` aborts the turn being played (its requests to the host cancelled first); a slow
    ``get_context_usage`` answer runs in the process's nursery, and the host can cancel it.
    """

    def __init__(
        self,
        state: ProcessState,
        output: Output,
        frames: Frames,
        host_requests: HostRequests,
        *,
        pid: int | None,
        cwd: str,
    ) -> None:
        self.settings = SettingsAnswers(state, cwd)
        """The answers about settings, files, plugins and usage (and what they changed)."""
        self._state = state
        self._output = output
        self._frames = frames
        self._host_requests = host_requests
        self._pid = pid
        self._delayed: dict[str, trio.CancelScope] = {}

    def answer(self, request_id: str, request: ControlRequestPayload, nursery: trio.Nursery) -> None:
        """Answer the host's request ``request_id`` (at once, or later from ``nursery``)."""
        state, frames = self._state, self._frames
        if state.legacy and is_legacy_gap(request):
            self._unsupported(request_id, wire.converter.control_subtypes.get(type(request), "undefined"))
            return
        answer = self.settings.answer(request)
        if isinstance(answer, str):
            self._output.answer(error_answer(request_id, answer))
            return
        if answer is not None:
            self._output.answer(frames.success(request_id, answer))
            return
        match request:
            case InitializeRequest():
                self._initialize(request_id, request)
            case ClaimSessionRequest() if not state.legacy:
                self._claim(request_id, request)
            case InterruptRequest():
                self._interrupt(request_id, request)
            case SetModelRequest(model=model) if model in state.behavior.refused_models:
                self._output.answer(
                    frames.error(request_id, f"Cannot switch to model {model}", "invalid_model")
                )
            case SetModelRequest(model=model):
                state.model = state.behavior.model if model in (None, "default") else model
                payload = None if state.legacy else SetModelResponse(model=state.model)
                self._output.answer(frames.success(request_id, payload))
            case SetPermissionModeRequest(mode=mode):
                if mode not in _PERMISSION_MODES and not state.legacy:
                    error = "Cannot set permission mode: must be one of " + ", ".join(_PERMISSION_MODES)
                    self._output.answer(frames.error(request_id, error, "invalid_mode"))
                    return
                state.permission_mode = mode
                self._output.answer(frames.success(request_id, SetPermissionModeResponse(mode=mode)))
                self._output.frame(frames.mode_changed(mode))
            case SetMaxThinkingTokensRequest(thinking_display=display):
                state.thinking_display = display
                self._output.answer(frames.success(request_id))
            case McpToggleRequest():
                self._output.answer(frames.success(request_id))
            case StopTaskRequest():
                self._output.answer(frames.success(request_id, EmptyResponse()))
            case McpStatusRequest():
                self._output.answer(frames.success(request_id, McpStatusResponse(mcp_servers=())))
            case McpSetServersRequest(servers=servers):
                self._output.answer(frames.success(request_id, self._set_mcp_servers(servers)))
            case GetContextUsageRequest():
                delay = state.behavior.context_usage_delay
                if delay == 0:
                    self._output.answer(frames.success(request_id, context_usage(state.model)))
                else:
                    scope = trio.CancelScope()
                    self._delayed[request_id] = scope
                    nursery.start_soon(self._answer_later, request_id, scope, delay)
            case UnknownControlRequest():
                self._unsupported(request_id, request.subtype or "undefined")
            case _:
                self._unsupported(request_id, wire.converter.control_subtypes.get(type(request), "undefined"))

    def cancelled(self, request_id: str) -> None:
        """The host cancelled its request ``request_id``: a slow answer stops (unless the behavior says the
        answer wins the race)."""
        scope = self._delayed.get(request_id)
        if scope is not None and not self._state.behavior.answer_after_cancel:
            scope.cancel()

    def _unsupported(self, request_id: str, subtype: str) -> None:
        error = f"Unsupported control request subtype: {subtype}"
        self._output.answer(self._frames.error(request_id, error, "unsupported_request"))

    def _set_mcp_servers(self, servers: JSONObject) -> McpSetServersResponse:
        """Replace the dynamic servers (those of ``--mcp-config`` and ``initialize`` included), as the real
        CLI does: a name already there is neither added nor removed."""
        previous, self._state.mcp_servers = self._state.mcp_servers, dict(servers)
        return McpSetServersResponse(
            added=tuple(name for name in servers if name not in previous),
            removed=tuple(name for name in previous if name not in servers),
            errors={},
        )

    async def _answer_later(self, request_id: str, scope: trio.CancelScope, delay: float | None) -> None:
        """Answer ``get_context_usage`` after ``delay`` (never if ``None``), unless the host cancels it."""
        try:
            with scope:
                if delay is None:
                    await trio.sleep_forever()
                await trio.sleep(delay)
                answer = self._frames.success(request_id, context_usage(self._state.model))
                if not self._output.answer(answer):
                    # the host cancelled it, and we answer anyway (answer_after_cancel): a late answer
                    self._output.late_answer(answer)
        finally:
            self._delayed.pop(request_id, None)

    def _initialize(self, request_id: str, request: InitializeRequest) -> None:
        state = self._state
        if state.behavior.resume_missing:
            return  # the real CLI never answers it: it exits first
        state.initialized += 1
        if (
            state.initialized == 1
        ):  # external servers sent in initialize: read at launch only, as --mcp-config
            for name, config in (request.mcp_servers or {}).items():
                state.mcp_servers.setdefault(name, config)
        for name in request.sdk_mcp_servers or ():
            state.mcp_servers.setdefault(name, {"type": "sdk", "name": name})
        payload = self._initialize_response(hooks_applied=bool(request.hooks))
        if not state.legacy:  # the settings a CLI >= 2.1.330 takes at launch from initialize, confirmed
            payload = attrs.evolve(
                payload,
                settings_applied=True if request.settings is not None else None,
                managed_settings_applied=True if request.managed_settings is not None else None,
            )
        waiting = self._host_requests.waiting_lists()
        self._output.answer(self._frames.success(request_id, payload, pending=True, waiting=waiting))
        if state.initialized > 1 and not state.legacy:
            self._output.frame(self._frames.background_tasks_changed())

    def _claim(self, request_id: str, request: ClaimSessionRequest) -> None:
        state, frames = self._state, self._frames
        answer = answer_claim(
            state,
            frames,
            request,
            parked_ms=int(frames.elapsed_ms()),
            initialize=lambda: self._initialize_response(hooks_applied=False),
        )
        if isinstance(answer, str):
            self._output.answer(frames.error(request_id, answer, "claim_refused"))
        else:
            self._output.answer(frames.success(request_id, answer))

    def _initialize_response(self, *, hooks_applied: bool) -> InitializeResponse:
        state = self._state
        return self._frames.initialize_response(
            default_model=state.behavior.model,
            permission_mode=state.permission_mode,
            state=state.turns.state,
            pid=self._pid,
            hooks_applied=hooks_applied,
        )

    def _interrupt(self, request_id: str, request: InterruptRequest) -> None:
        """Cancel the turn's pending requests (before answering, like the real CLI), answer, then let the
        turn write its interrupted ending."""
        state = self._state
        turn = state.turn
        if turn is not None and turn.abort is None:
            for pending in list(turn.pending.values()):
                if state.behavior.cancel_on_interrupt:
                    self._host_requests.cancel(pending)
            waiting = bool(turn.pending) or turn.pending_tool is not None
            turn.abort = Abort(kind="tools" if waiting else "streaming", tool=turn.pending_tool)
            turn.scope.cancel()
        queued = tuple(prompt.uuid for prompt in state.queue if prompt.uuid)
        cancelled: tuple[str, ...] | None = None
        if request.cancel_queued:
            cancelled, queued = queued, ()
            state.turns.drop_prompts(len(state.queue))
            state.queue.clear()
        payload = None if state.legacy else InterruptResponse(still_queued=queued, cancelled=cancelled)
        self._output.answer(self._frames.success(request_id, payload))
