"""The frames the fake CLI writes, built as typed model objects shaped like the real CLI's.

Shapes and values follow the golden transcripts of ``claude`` 2.1.330 (and 2.1.197 for ``legacy``): which
fields each frame has, and the canned values of the fake model and account.  Each frame draws one uuid, so
with a seeded random source the same script gives the same frames.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta, timezone
from types import MappingProxyType
from typing import Any

import attrs

from ... import wire
from ...model import (
    AbandonedBlocks,
    AccountInfo,
    AddRulesUpdate,
    APIMessage,
    AssistantMessage,
    BackgroundTasksChangedMessage,
    CanUseToolRequest,
    ContentBlock,
    ContextCategory,
    ContextUsageResponse,
    ControlError,
    ControlRequest,
    ControlSuccess,
    InitializeResponse,
    InitMessage,
    JSONObject,
    JSONValue,
    ModelInfo,
    ModelUsage,
    PermissionDenial,
    PermissionRuleValue,
    PermissionUpdate,
    ResultMessage,
    SessionStateChangedMessage,
    SetModeUpdate,
    StatusMessage,
    StreamEvent,
    TextBlock,
    ThinkingTokensMessage,
    ToolPermissionDecision,
    ToolResultBlock,
    ToolResultMeta,
    ToolUseBlock,
    UserMessage,
    UserMessageParam,
    WireObject,
)
from .events import usage

__all__ = ["Frames", "ToolUse", "bash_output", "chunks", "context_usage", "permission_suggestions"]

_TOOLS = ("Task", "Bash", "Edit", "Read", "Write", "WebFetch", "WebSearch")
_INIT_CAPABILITIES = ("interrupt_receipt_v1", "interrupt_cancel_queued_v1", "msg_lifecycle_v1")
_INITIALIZE_CAPABILITIES = ("ui_surface_v1", "get_usage_detached_v1")
_API_KEY_SOURCE = "ANTHROPIC_API_KEY"


def _nulls(*wire_keys: str) -> JSONObject:
    """The ``extra`` of a frame whose ``wire_keys`` the real CLI writes as explicit ``null``s.

    A field that is ``None`` is left out of the JSON; the model keeps an explicit null in ``extra``, under the
    field's wire key, so that these few keys are spelled here.
    """
    return MappingProxyType(dict.fromkeys(wire_keys))


_STOP_NULLS = _nulls("stop_sequence", "context_management")


@attrs.frozen
class ToolUse:
    """A tool call of the fake model: its id, tool name and input."""

    id: str
    name: str
    input: dict[str, Any]

    def block(self) -> ToolUseBlock:
        """The ``tool_use`` content block of the call."""
        return ToolUseBlock(id=self.id, name=self.name, input=self.input)

    def denial(self) -> PermissionDenial:
        """The call as a denied tool use of a ``result``."""
        return PermissionDenial(tool_name=self.name, tool_use_id=self.id, tool_input=self.input)


class Frames:
    """Builds the frames of one fake CLI process: its session id, its clock and its random source.

    ``legacy`` leaves out what 2.1.197 does not write; ``now`` is the process's clock (seconds), whose value
    at :meth:`start` becomes the wall-clock time of creation in the ``timestamp`` fields.
    """

    def __init__(
        self,
        *,
        rng: random.Random,
        legacy: bool,
        version: str,
        cwd: str,
        now: Callable[[], float],
    ) -> None:
        self._rng = rng
        self._legacy = legacy
        self._version = version
        self._cwd = cwd
        self._now = now
        self._t0 = 0.0
        self._t0_wall = datetime.now(timezone.utc)
        self.session_id = ""
        """The session id every frame carries (set by the process once it knows it)."""

    def move_to(self, cwd: str) -> None:
        """The session's working directory is ``cwd`` from now on (a claimed spare)."""
        self._cwd = cwd

    def start(self) -> None:
        """The process starts now: the zero of :meth:`timestamp` and of the durations."""
        self._t0 = self._now()

    def elapsed_ms(self) -> float:
        """Milliseconds since :meth:`start`."""
        return (self._now() - self._t0) * 1000

    def uuid(self) -> str:
        """A new uuid (from the process's random source)."""
        return str(uuid.UUID(int=self._rng.getrandbits(128), version=4))

    def timestamp(self) -> str:
        """Now, as the CLI writes it (``2026-01-02T03:04:05.678Z``)."""
        moment = self._t0_wall + timedelta(seconds=self._now() - self._t0)
        return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"

    # -- system frames -----------------------------------------------------------------------------

    def session_state(self, state: str) -> SessionStateChangedMessage:
        return SessionStateChangedMessage(
            state=state, sdk_host_only=True, uuid=self.uuid(), session_id=self.session_id
        )

    def requesting(self) -> StatusMessage:
        """``system/status`` ``requesting``: an API call started (with partial messages)."""
        return StatusMessage(status="requesting", uuid=self.uuid(), session_id=self.session_id)

    def mode_changed(self, mode: str) -> StatusMessage:
        """``system/status`` after a permission mode change."""
        return StatusMessage(
            permission_mode=mode, uuid=self.uuid(), session_id=self.session_id, extra=_nulls("status")
        )

    def thinking_tokens(self, estimate: int) -> ThinkingTokensMessage:
        return ThinkingTokensMessage(
            estimated_tokens=estimate,
            estimated_tokens_delta=estimate,
            uuid=self.uuid(),
            session_id=self.session_id,
        )

    def background_tasks_changed(self) -> BackgroundTasksChangedMessage:
        return BackgroundTasksChangedMessage(tasks=(), uuid=self.uuid(), session_id=self.session_id)

    def init(self, *, model: str, permission_mode: str) -> InitMessage:
        """``system/init``, written at the start of every turn."""
        newer: dict[str, Any] = {}
        if not self._legacy:
            newer = {
                "terminal_slash_commands": (),
                "capabilities": _INIT_CAPABILITIES,
                "analytics_disabled": True,
                "original_cwd": self._cwd,
                "additional_directories": (),
            }
        return InitMessage(
            session_id=self.session_id,
            cwd=self._cwd,
            tools=_TOOLS,
            mcp_servers=(),
            model=model,
            permission_mode=permission_mode,
            slash_commands=(),
            api_key_source=_API_KEY_SOURCE,
            claude_code_version=self._version,
            output_style="default",
            agents=(),
            skills=(),
            plugins=(),
            fast_mode_state="off",
            **newer,
            uuid=self.uuid(),
        )

    # -- conversation frames -----------------------------------------------------------------------

    def assistant(
        self,
        block: ContentBlock,
        *,
        message_id: str,
        model: str,
        aborted: bool | None = None,
        thinking: bool = False,
    ) -> AssistantMessage:
        """One completed content block of the model (``thinking``: a thinking block, with the CLI's
        thinking fields)."""
        message = APIMessage(
            id=message_id,
            type="message",
            role="assistant",
            model=model,
            content=(block,),
            stop_reason=None,
            usage=usage(11, 1, short=True),
            extra=_STOP_NULLS,
        )
        newer: dict[str, Any] = {}
        if thinking and not self._legacy:
            newer = {"thinking_duration_ms": 1, "thinking_display": "updates"}
        return AssistantMessage(
            message=message,
            parent_tool_use_id=None,
            session_id=self.session_id,
            uuid=self.uuid(),
            request_id="req_fake_" + message_id.rsplit("_", 1)[-1].lstrip("0"),
            aborted=aborted,
            **newer,
            timestamp=None if self._legacy else self.timestamp(),
        )

    def user_text(self, text: str) -> UserMessage:
        """A ``user`` frame of the CLI's own (``[Request interrupted by user]``…)."""
        return self._user(TextBlock(text=text))

    def tool_result(
        self,
        tool: ToolUse,
        content: str,
        *,
        is_error: bool,
        use_result: JSONValue,
        non_execution_kind: str | None = None,
        decision: ToolPermissionDecision | None = None,
    ) -> UserMessage:
        """The ``user`` frame with the result of ``tool`` (``use_result`` is the tool's own output)."""
        meta = None
        if not self._legacy:
            meta = (
                ToolResultMeta(
                    id=tool.id, non_execution_kind=non_execution_kind, permission_decision=decision
                ),
            )
        block = ToolResultBlock(tool_use_id=tool.id, content=content, is_error=is_error)
        return self._user(block, tool_use_result=use_result, tool_result_meta=meta)

    def _user(
        self,
        block: ContentBlock,
        *,
        tool_use_result: JSONValue = None,
        tool_result_meta: tuple[ToolResultMeta, ...] | None = None,
    ) -> UserMessage:
        return UserMessage(
            message=UserMessageParam(role="user", content=(block,)),
            parent_tool_use_id=None,
            session_id=self.session_id,
            uuid=self.uuid(),
            timestamp=self.timestamp(),
            tool_use_result=tool_use_result,
            tool_result_meta=tool_result_meta,
        )

    def stream_event(
        self,
        message_id: str,
        event: JSONObject,
        *,
        ttft_ms: float | None = None,
        abandoned_blocks: AbandonedBlocks | None = None,
    ) -> StreamEvent:
        """A ``stream_event`` frame of message ``message_id`` (``event`` is the Anthropic streaming event,
        which the model keeps as JSON)."""
        return StreamEvent(
            event=event,
            session_id=self.session_id,
            parent_tool_use_id=None,
            uuid=self.uuid(),
            ttft_ms=ttft_ms,
            abandoned_blocks=abandoned_blocks,
            api_message_id=None if self._legacy else message_id,
        )

    def result(
        self,
        *,
        subtype: str,
        is_error: bool,
        duration_ms: int,
        num_turns: int,
        api_calls: int,
        cost: float,
        total_cost: float,
        model: str,
        stop_reason: str | None,
        terminal_reason: str,
        denials: Sequence[PermissionDenial],
        result_index: int,
        text: str | None = None,
        errors: Sequence[str] | None = None,
    ) -> ResultMessage:
        """The ``result`` frame that ends a turn of ``api_calls`` calls to the fake model."""
        model_usage = ModelUsage(
            input_tokens=11 * api_calls,
            output_tokens=7 * api_calls,
            cache_read_input_tokens=0,
            cache_creation_input_tokens=0,
            web_search_requests=0,
            cost_usd=cost,
            context_window=1000000,
            max_output_tokens=128000,
        )
        return ResultMessage(
            subtype=subtype,
            is_error=is_error,
            duration_ms=duration_ms,
            duration_api_ms=duration_ms,
            num_turns=num_turns,
            stop_reason=stop_reason,
            session_id=self.session_id,
            total_cost_usd=total_cost,
            usage=usage(11 * api_calls, 7 * api_calls),
            model_usage={model: model_usage},
            permission_denials=tuple(denials),
            terminal_reason=terminal_reason,
            fast_mode_state="off",
            uuid=self.uuid(),
            result=None if is_error else text or "",
            errors=None if errors is None else tuple(errors),
            queued_turn_count=None if self._legacy else 0,
            result_index=None if self._legacy else result_index,
            extra=_nulls("api_error_status") if stop_reason else _nulls("api_error_status", "stop_reason"),
        )

    def missing_session_result(self, message: str) -> ResultMessage:
        """The ``result`` of a ``--resume`` of a session that does not exist (and of a prompt to a spare
        that was not claimed: the same shape)."""
        return ResultMessage(
            subtype="error_during_execution",
            duration_ms=0,
            duration_api_ms=0,
            is_error=True,
            num_turns=0,
            session_id=self.session_id,
            total_cost_usd=0,
            usage=usage(0, 0),
            model_usage={},
            permission_denials=(),
            uuid=self.uuid(),
            errors=(message,),
            result_index=0,
            extra=_nulls("stop_reason"),
        )

    # -- control ----------------------------------------------------------------------------------

    def success(
        self,
        request_id: str,
        payload: WireObject | None = None,
        *,
        pending: bool = False,
        waiting: tuple[tuple[ControlRequest, ...], ...] = (),
    ) -> ControlSuccess:
        """The answer to the host's request ``request_id`` with ``payload``; ``pending``: with the lists of
        requests already waiting that the real CLI adds to its ``initialize`` answer (``waiting``: the
        permissions, the user dialogs and the elicitations; empty by default)."""
        permissions, dialogs, elicitations = (*waiting, (), (), ())[:3]
        listed = pending and not self._legacy
        return ControlSuccess(
            request_id=request_id,
            response=None if payload is None else wire.unstructure(payload),
            pending_permission_requests=permissions if listed else None,
            pending_user_dialog_requests=dialogs if listed else None,
            pending_elicitation_requests=(elicitations or None) if listed else None,
        )

    def error(self, request_id: str, error: str, code: str) -> ControlError:
        """The error answer to the host's request ``request_id`` (2.1.197 writes no ``error_code``)."""
        return ControlError(request_id=request_id, error=error, error_code=None if self._legacy else code)

    def initialize_response(
        self,
        *,
        default_model: str,
        permission_mode: str,
        state: str | None,
        pid: int | None,
        hooks_applied: bool,
    ) -> InitializeResponse:
        models = (
            ModelInfo(
                value="default",
                resolved_model=default_model,
                display_name="Default (recommended)",
                description=f"Use the default model ({default_model})",
                supports_effort=True,
                supported_effort_levels=("low", "medium", "high", "xhigh", "max"),
                supports_adaptive_thinking=True,
                supports_fast_mode=True,
                supports_auto_mode=True,
                supports_thinking_off=False,
            ),
        )
        account = AccountInfo(token_source="none", api_key_source=_API_KEY_SOURCE, api_provider="firstParty")
        newer: dict[str, Any] = {}
        if not self._legacy:
            newer = {
                "claude_code_version": self._version,
                "current_permission_mode": permission_mode,
                "hooks_applied": True if hooks_applied else None,
                "hook_on_failure_supported": True,
                "analytics_disabled": True,
                "fast_mode_state": "off",
                "session_state": state,
                "capabilities": _INITIALIZE_CAPABILITIES,
            }
        return InitializeResponse(
            commands=(),
            agents=(),
            output_style="default",
            available_output_styles=("default",),
            models=models,
            account=account,
            pid=pid,
            **newer,
        )

    def can_use_tool(self, tool: ToolUse) -> CanUseToolRequest:
        """The ``can_use_tool`` request asking the host whether ``tool`` may run."""
        description = tool.input.get("description")
        return CanUseToolRequest(
            tool_name=tool.name,
            display_name=tool.name,
            input=tool.input,
            description=description if isinstance(description, str) else None,
            permission_suggestions=permission_suggestions(tool.name, tool.input),
            tool_use_id=tool.id,
        )


def bash_output(stdout: str) -> JSONObject:
    """The ``Bash`` tool's own output (a ``user`` frame's ``tool_use_result``, which the model keeps as JSON:
    each tool has its own shape) for a command that printed ``stdout``."""
    return {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False, "noOutputExpected": False}


def permission_suggestions(tool_name: str, tool_input: Mapping[str, Any]) -> tuple[PermissionUpdate, ...]:
    """What the CLI suggests with a ``can_use_tool`` request: allow the tool (this command of ``Bash``) in
    the local settings, or accept edits for the session."""
    command = tool_input.get("command")
    rule = PermissionRuleValue(
        tool_name=tool_name, rule_content=command if isinstance(command, str) else None
    )
    return (
        AddRulesUpdate(rules=(rule,), behavior="allow", destination="localSettings"),
        SetModeUpdate(mode="acceptEdits", destination="session"),
    )


def context_usage(model: str) -> ContextUsageResponse:
    """The answer to ``get_context_usage``: a small, fixed context of ``model``."""
    categories = (
        ContextCategory(
            id="system_tools_deferred",
            name="System tools (deferred)",
            tokens=9542,
            color="inactive",
            is_deferred=True,
            kind="deferred",
        ),
        ContextCategory(id="messages", name="Messages", tokens=1234, color="purple", kind="used"),
        ContextCategory(id="free_space", name="Free space", tokens=998766, color="promptBorder", kind="free"),
    )
    return ContextUsageResponse(
        categories=categories,
        total_tokens=1234,
        max_tokens=1000000,
        raw_max_tokens=1000000,
        autocompact_source="model-default",
        percentage=0,
        grid_rows=(),
        model=model,
        memory_files=(),
        mcp_tools=(),
        agents=(),
        is_auto_compact_enabled=True,
        extra=_nulls("apiUsage"),
    )


def chunks(text: str, count: int) -> list[str]:
    """``text`` in ``count`` nearly equal pieces (at least one; no empty pieces)."""
    count = max(1, min(count, len(text))) if text else 1
    size, rest = divmod(len(text), count)
    pieces: list[str] = []
    start = 0
    for index in range(count):
        end = start + size + (1 if index < rest else 0)
        pieces.append(text[start:end])
        start = end
    return pieces
