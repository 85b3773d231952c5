"""How the fake CLI plays one turn of its script: each action's frames, and the turn's ending."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import trio

from ... import wire
from ...model import (
    AbandonedBlocks,
    ControlError,
    ControlRequestPayload,
    HookCallbackRequest,
    HookInput,
    JSONObject,
    PermissionResult,
    PermissionResultAllow,
    PermissionResultDeny,
    TextBlock,
    ThinkingBlock,
    ToolPermissionDecision,
    UserMessage,
)
from . import events
from .frames import Frames, ToolUse, bash_output, chunks
from .output import Output
from .requests import HostRequests
from .script import (
    AskPermission,
    CallHook,
    Crash,
    FakeAction,
    FakeCLIScript,
    RawLine,
    Say,
    SendRequest,
    SentRequest,
    Sleep,
    Stderr,
    Stream,
    Think,
    Together,
)
from .state import Abort, ProcessState, StreamState, Turn

__all__ = ["TurnPlayer"]

_REJECTED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a "
    "file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the "
    "user to tell you how to proceed."
)
_INTERRUPTED = "[Request interrupted by user]"
_INTERRUPTED_FOR_TOOL = "[Request interrupted by user for tool use]"
_INVALID_PERMISSION = (
    "The canUseTool callback returned an invalid permission result. Expected {behavior: 'allow', "
    "updatedInput?: object} or {behavior: 'deny', message: string}. updatedPermissions may hold at most "
    "4096 updates, rules and directories in all."
)
_USER_REJECTED = "user-rejected"
_PERMISSION_RULE = "permission-rule"
_CONFIG_REJECT = ToolPermissionDecision(decision="reject", source="config", reason_type="other")


class TurnPlayer:
    """Plays the script's turns, one prompt at a time, writing what the real CLI would.

    ``finish(code)`` ends the process (a :class:`Crash`); ``fatal(message)`` ends it with an error on stderr.
    """

    def __init__(
        self,
        script: FakeCLIScript,
        state: ProcessState,
        output: Output,
        frames: Frames,
        host_requests: HostRequests,
        *,
        partial: bool,
        finish: Callable[[int], None],
        fatal: Callable[[str], None],
    ) -> None:
        self._script = script
        self._state = state
        self._output = output
        self._frames = frames
        self._host_requests = host_requests
        self._partial = partial
        self._finish = finish
        self._fatal = fatal

    # -- a turn -----------------------------------------------------------------------------------------

    def _next_actions(self) -> tuple[FakeAction, ...] | None:
        index = self._state.started
        self._state.started += 1
        if index < len(self._script.turns):
            return self._script.turns[index]
        return self._script.default_turn

    async def play(self, prompt: UserMessage) -> None:
        """Play the turn of ``prompt``: ``system/init``, its actions, and one ``result``."""
        state = self._state
        actions = self._next_actions()
        if actions is None:
            self._fatal(f"fake CLI: the script has no turn left for prompt #{state.started}")
            await trio.sleep_forever()
        turn = Turn(trio.current_time())
        state.turn = turn
        self._set_state("running")
        self._output.frame(self._frames.init(model=state.model, permission_mode=state.permission_mode))
        with turn.scope:
            for action in actions:
                if await self._play(turn, action):
                    break
                await trio.lowlevel.checkpoint()
        state.turn = None
        abort = turn.abort
        if abort is None:
            calls = max(turn.api_calls, 1)
            self._result(
                turn, "success", num_turns=calls, stop_reason="end_turn", terminal_reason="completed"
            )
        elif abort.kind == "streaming":
            self._end_streaming(turn)
        else:
            self._end_tools(turn, abort.tool)
        if not state.queue:
            self._set_state("idle")

    def _set_state(self, session_state: str) -> None:
        """Enter ``session_state``, with its ``session_state_changed`` frame if the behavior writes those."""
        state = self._state
        if session_state != state.turns.state:
            state.turns.set_state(session_state)
            if state.behavior.emit_session_state:
                self._output.frame(self._frames.session_state(session_state))

    def _message_id(self, turn: Turn) -> str:
        """The id of the model's current message (a new API call starts one)."""
        if turn.message_id is None:
            self._state.messages += 1
            turn.api_calls += 1
            turn.message_id = f"msg_fake_{self._state.messages:03d}"
        return turn.message_id

    def _result(
        self,
        turn: Turn,
        subtype: str,
        *,
        num_turns: int,
        stop_reason: str | None,
        terminal_reason: str,
        errors: Sequence[str] | None = None,
    ) -> None:
        state = self._state
        calls = max(turn.api_calls, 1)
        cost = 0.0001 * calls
        state.total_cost += cost
        is_error = subtype != "success"
        frame = self._frames.result(
            subtype=subtype,
            is_error=is_error,
            duration_ms=round((trio.current_time() - turn.start) * 1000),
            num_turns=num_turns,
            api_calls=calls,
            cost=cost,
            total_cost=state.total_cost,
            model=state.model,
            stop_reason=stop_reason,
            terminal_reason=terminal_reason,
            denials=turn.denials,
            result_index=state.turns.results,
            text=turn.last_text,
            errors=errors,
        )
        state.turns.add_result()
        state.last_is_error = is_error
        self._output.frame(frame)

    def _end_streaming(self, turn: Turn) -> None:
        """The ending of a turn interrupted while the model streamed (or slept)."""
        frames, stream = self._frames, turn.stream
        if stream is not None and stream.text:
            block = TextBlock(text=stream.text)
            model = self._state.model
            self._output.frame(
                frames.assistant(block, message_id=stream.message_id, model=model, aborted=True)
            )
        self._output.frame(frames.user_text(_INTERRUPTED))
        if stream is not None and stream.started:
            if stream.block_open:
                self._stream_event(stream.message_id, events.block_stop())
            self._stream_event(stream.message_id, events.message_delta(None, output_tokens=1))
            abandoned = AbandonedBlocks(api_message_id=stream.message_id, from_block_index=1)
            self._stream_event(stream.message_id, events.message_stop(), abandoned_blocks=abandoned)
        self._result(
            turn,
            "error_during_execution",
            num_turns=max(turn.api_calls, 1) + 1,
            stop_reason=None,
            terminal_reason="aborted_streaming",
            errors=["[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null"],
        )

    def _end_tools(self, turn: Turn, tool: ToolUse | None) -> None:
        """The ending of a turn interrupted while a tool waited (or denied with ``interrupt``)."""
        self._set_state("running")
        if tool is not None:
            result = self._frames.tool_result(
                tool,
                _REJECTED,
                is_error=True,
                use_result="User rejected tool use",
                non_execution_kind=_USER_REJECTED,
            )
            self._output.frame(result)
            if tool.denial() not in turn.denials:
                turn.denials.append(tool.denial())
        self._output.frame(self._frames.user_text(_INTERRUPTED_FOR_TOOL))
        self._result(
            turn,
            "error_during_execution",
            num_turns=max(turn.api_calls, 1) + 2,
            stop_reason="tool_use",
            terminal_reason="aborted_tools",
            errors=["[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=tool_use"],
        )

    # -- actions ------------------------------------------------------------------------------------------

    async def _play(self, turn: Turn, action: FakeAction) -> bool:
        """Play one action; return whether it ended the turn."""
        frames, output = self._frames, self._output
        match action:
            case Say(text=text):
                output.frame(
                    frames.assistant(
                        TextBlock(text=text), message_id=self._message_id(turn), model=self._state.model
                    )
                )
                turn.last_text = text
            case Think(thinking=thinking, signature=signature):
                output.frame(frames.thinking_tokens(max(1, len(thinking) // 4)))
                block = ThinkingBlock(thinking=thinking, signature=signature)
                message_id = self._message_id(turn)
                output.frame(
                    frames.assistant(block, message_id=message_id, model=self._state.model, thinking=True)
                )
            case Stream():
                await self._stream(turn, action)
            case AskPermission():
                return await self._ask_permission(turn, action)
            case CallHook(callback_id=callback_id, input=hook_input, tool_use_id=tool_use_id):
                request = HookCallbackRequest(
                    callback_id=callback_id,
                    input=_structure(hook_input, HookInput),
                    tool_use_id=tool_use_id or frames.uuid(),
                )
                await self._ask(turn, request, cancel_after=action.cancel_after)
            case SendRequest(request=request, cancel_after=cancel_after, park=park):
                if isinstance(request, Mapping):  # raw JSON (an unknown subtype stays raw)
                    request = _structure(request, ControlRequestPayload)
                await self._ask(turn, request, cancel_after=cancel_after, park=park)
            case Together(actions=actions):
                return await self._together(turn, actions)
            case Stderr(text=text):
                output.stderr(text)
            case Sleep(seconds=seconds):
                await trio.sleep(seconds)
            case Crash(exit_code=exit_code, stderr=stderr):
                output.stderr(stderr)
                self._finish(exit_code)
                await trio.sleep_forever()
            case RawLine(data=data):
                output.raw(data)
        return False

    async def _ask(
        self,
        turn: Turn,
        request: ControlRequestPayload,
        *,
        cancel_after: float | None = None,
        park: bool = False,
    ) -> SentRequest:
        return await self._host_requests.ask(
            request, pending=turn.pending, cancel_after=cancel_after, park=park
        )

    def _stream_event(self, message_id: str, event: JSONObject, **fields: Any) -> None:
        self._output.frame(self._frames.stream_event(message_id, event, **fields))

    async def _stream(self, turn: Turn, action: Stream) -> None:
        turn.message_id = None
        message_id = self._message_id(turn)
        stream = turn.stream = StreamState(message_id)
        model = self._state.model
        if self._partial:
            self._output.frame(self._frames.requesting())
            self._stream_event(message_id, events.message_start(message_id, model), ttft_ms=12)
            stream.started = True
            self._stream_event(message_id, events.text_block_start())
            stream.block_open = True
        for chunk in chunks(action.text, action.chunks):
            if action.delay:
                await trio.sleep(action.delay)
            stream.text += chunk
            if self._partial:
                self._stream_event(message_id, events.text_delta(chunk))
        block = TextBlock(text=action.text)
        self._output.frame(self._frames.assistant(block, message_id=message_id, model=model))
        if self._partial:
            self._stream_event(message_id, events.block_stop())
            stream.block_open = False
            self._stream_event(message_id, events.message_delta("end_turn", output_tokens=7))
            self._stream_event(message_id, events.message_stop())
        turn.stream = None
        turn.message_id = None
        turn.last_text = action.text

    async def _together(self, turn: Turn, actions: Sequence[FakeAction]) -> bool:
        """Play ``actions`` concurrently; return whether one of them ended the turn."""
        ended = False

        async def play(action: FakeAction) -> None:
            nonlocal ended
            if await self._play(turn, action):
                ended = True

        async with trio.open_nursery() as nursery:
            for action in actions:
                nursery.start_soon(play, action)
        return ended

    async def _ask_permission(self, turn: Turn, action: AskPermission) -> bool:
        """The model calls a tool and the CLI asks the host; return whether the answer ended the turn."""
        state, frames, output = self._state, self._frames, self._output
        state.tool_uses += 1
        tool = ToolUse(
            action.tool_use_id or f"toolu_fake_{state.tool_uses}", action.tool_name, dict(action.input)
        )
        output.frame(frames.assistant(tool.block(), message_id=self._message_id(turn), model=state.model))
        request = frames.can_use_tool(tool)
        self._set_state("requires_action")
        turn.pending_tool = tool
        answer = await self._ask(turn, request)
        turn.pending_tool = None
        self._set_state("running")
        turn.message_id = None  # the tool result goes back to the model: a new API call follows
        response = answer.response
        if response is None or isinstance(response, ControlError):
            reason = "Stream closed" if response is None else response.error
            text = f"Tool permission request failed: Error: {reason}"
            self._rejected(tool, text, _CONFIG_REJECT)
            return False
        try:
            result: PermissionResult | None = _structure(response.response or {}, PermissionResult)
        except wire.MalformedError:
            result = None
        match result:
            case PermissionResultAllow():
                use_result = bash_output(action.output) if tool.name == "Bash" else action.output
                decision = ToolPermissionDecision(decision="accept", source="user_temporary")
                output.frame(
                    frames.tool_result(
                        tool, action.output, is_error=False, use_result=use_result, decision=decision
                    )
                )
            case PermissionResultDeny(message=message, interrupt=interrupt):
                turn.denials.append(tool.denial())
                if interrupt is True:
                    turn.abort = Abort(kind="tools", tool=tool)
                    return True
                self._rejected(tool, message, ToolPermissionDecision(decision="reject", source="user_reject"))
            case None:
                self._rejected(tool, _INVALID_PERMISSION, _CONFIG_REJECT)
        return False

    def _rejected(self, tool: ToolUse, text: str, decision: ToolPermissionDecision) -> None:
        """The error result of a tool that did not run for a permission rule."""
        frame = self._frames.tool_result(
            tool,
            text,
            is_error=True,
            use_result=f"Error: {text}",
            non_execution_kind=_PERMISSION_RULE,
            decision=decision,
        )
        self._output.frame(frame)


def _structure(value: JSONObject, union: Any) -> Any:
    """``value`` typed as one of the classes of ``union`` (an unknown tag becomes its ``Unknown*`` class
    where the union has one).  Raises :class:`~trio_claude.wire.MalformedError`."""
    return wire.structure(dict(value), union)
