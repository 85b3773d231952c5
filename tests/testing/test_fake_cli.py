"""Tests of the scripted fake CLI: driven by a raw ``Connection(Role.SDK)``, as a subprocess, and under a
real :func:`trio_claude.open_session`."""

from __future__ import annotations

import os
import random
import signal
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from trio_claude import ClaudeAgentOptions, ProcessError, ToolPermissionContext, open_session, wire
from trio_claude._config._command import CLICommand
from trio_claude.model import (
    AddRulesUpdate,
    AssistantMessage,
    CanUseToolRequest,
    ContextUsageResponse,
    ControlError,
    ControlRequestPayload,
    ControlResponse,
    ControlSuccess,
    GetContextUsageRequest,
    HookCallbackRequest,
    InitializeRequest,
    InitializeResponse,
    InitMessage,
    InterruptRequest,
    JSONObject,
    McpMessageRequest,
    McpStatusRequest,
    McpToggleRequest,
    Message,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    SessionStateChangedMessage,
    SetMaxThinkingTokensRequest,
    SetModelRequest,
    SetPermissionModeRequest,
    StatusMessage,
    StopTaskRequest,
    StreamEvent,
    TextBlock,
    ThinkingBlock,
    ThinkingTokensMessage,
    ToolResultBlock,
    ToolUseBlock,
    UnknownControlRequest,
    UnknownHookInput,
    UserMessage,
    UserMessageParam,
    WireObject,
)
from trio_claude.protocol import (
    NEED_DATA,
    CancelReceived,
    Connection,
    EndOfStream,
    Event,
    InvalidLine,
    MessageReceived,
    RequestReceived,
    ResponseReceived,
    Role,
)
from trio_claude.testing import (
    SCENARIOS,
    AskPermission,
    CallHook,
    Crash,
    FakeAction,
    FakeCLIProcess,
    FakeCLIScript,
    RawLine,
    Say,
    SendRequest,
    Sleep,
    Stream,
    Think,
    fake_cli_command,
    open_fake_cli,
    write_fake_cli_executable,
)
from trio_claude.testing.fake_cli import main

ROOT = Path(__file__).resolve().parents[2]
BASH = {"command": "touch hi.txt && echo hi", "description": "Touch and print"}


# --------------------------------------------------------------------------------------------------------
# The host side: a sans-IO SDK connection over the fake's memory streams
# --------------------------------------------------------------------------------------------------------


class Host:
    """The SDK end of a fake CLI process, with no session: a ``Connection(Role.SDK)`` and the raw streams."""

    def __init__(self, process: FakeCLIProcess) -> None:
        self.process = process
        self.conn = Connection(Role.SDK, rng=random.Random(0))

    async def write(self, data: bytes | None) -> None:
        assert data is not None
        await self.process.stdin.send_all(data)

    async def prompt(self, *texts: str, uuid: str | None = None) -> None:
        """Send prompts, all in one write (so the fake reads them together, before it plays any)."""
        messages = [
            UserMessage(message=UserMessageParam(content=text), session_id="", uuid=uuid) for text in texts
        ]
        await self.write(b"".join(self.conn.send(message) for message in messages))

    async def request(self, payload: ControlRequestPayload) -> str:
        request_id, data = self.conn.send_request(payload)
        await self.write(data)
        return request_id

    async def answer(self, request_id: str, payload: WireObject | None) -> None:
        await self.write(self.conn.send_response(request_id, payload))

    async def close(self) -> None:
        await self.process.stdin.aclose()

    async def next_event(self) -> Event:
        while True:
            event = self.conn.next_event()
            if event is not NEED_DATA:
                return event
            self.conn.receive_data(bytes(await self.process.stdout.receive_some()))

    async def until(self, predicate: Callable[[Event], bool]) -> list[Event]:
        """The events up to and including the first one ``predicate`` accepts (fails at EOF)."""
        events: list[Event] = []
        while True:
            event = await self.next_event()
            events.append(event)
            if predicate(event):
                return events
            assert not isinstance(event, EndOfStream), f"EOF before the expected event: {kinds(events)}"

    async def until_kind(self, kind: str) -> list[Event]:
        return await self.until(lambda event: describe(event) == kind)

    async def rest(self) -> list[Event]:
        """Every event up to EOF (included)."""
        return await self.until(lambda event: isinstance(event, EndOfStream))

    async def initialize(self) -> InitializeResponse:
        request_id = await self.request(InitializeRequest(system_prompt=("",)))
        events = await self.until(lambda event: isinstance(event, ResponseReceived))
        response = events[-1]
        assert isinstance(response, ResponseReceived) and response.request_id == request_id
        assert isinstance(response.response, ControlSuccess)
        return wire.structure(response.response.response, InitializeResponse)


def describe(event: Event) -> str:
    """A short name for an event, to assert frame orders."""
    if isinstance(event, MessageReceived):
        message = event.message
        if isinstance(message, SessionStateChangedMessage):
            return f"state:{message.state}"
        if isinstance(message, StreamEvent):
            return f"stream:{message.event_type}"
        if isinstance(message, UserMessage):
            content = message.content
            block = content[0] if isinstance(content, list) else None
            if isinstance(block, ToolResultBlock):
                return "user:tool_result"
            if isinstance(block, TextBlock) and block.text.startswith("[Request interrupted"):
                return "user:interrupted"
            return "user"
        if isinstance(message, AssistantMessage):
            return f"assistant:{type(message.content[0]).__name__}"
        if isinstance(message, ResultMessage):
            return f"result:{message.subtype}"
        return type(message).__name__
    if isinstance(event, RequestReceived):
        return f"request:{wire.converter.control_subtypes.get(type(event.request), '?')}"
    if isinstance(event, ResponseReceived):
        return "response" if isinstance(event.response, ControlSuccess) else "error"
    if isinstance(event, CancelReceived):
        return "cancel"
    if isinstance(event, InvalidLine):
        return "invalid"
    return "eof"


def kinds(events: Sequence[Event]) -> list[str]:
    return [describe(event) for event in events]


def message_of(event: Event) -> Message:
    assert isinstance(event, MessageReceived)
    return event.message


def result_of(events: Sequence[Event]) -> ResultMessage:
    results = [event.message for event in events if isinstance(event, MessageReceived)]
    found = [message for message in results if isinstance(message, ResultMessage)]
    assert len(found) == 1, kinds(events)
    return found[0]


def request_of(event: Event) -> RequestReceived:
    assert isinstance(event, RequestReceived)
    return event


def response_of(event: Event) -> ControlSuccess | ControlError:
    assert isinstance(event, ResponseReceived)
    return event.response


# --------------------------------------------------------------------------------------------------------
# In memory, driven by a bare Connection
# --------------------------------------------------------------------------------------------------------


async def test_initialize_answer_is_shaped_like_the_real_one() -> None:
    async with open_fake_cli() as fake:
        host = Host(await fake.spawn())
        request_id = await host.request(InitializeRequest(system_prompt=("",)))
        event = (await host.until(lambda event: isinstance(event, ResponseReceived)))[-1]
        assert isinstance(event, ResponseReceived) and event.request_id == request_id
        success = event.response
        assert isinstance(success, ControlSuccess)
        assert (success.pending_permission_requests, success.pending_user_dialog_requests) == ((), ())
        assert success.pending_elicitation_requests is None and not success.extra
        info = wire.structure(success.response, InitializeResponse)
        assert info.commands == () and info.agents == ()
        assert info.models and info.models[0].value == "default"
        assert info.account is not None and info.account.api_key_source == "ANTHROPIC_API_KEY"
        assert info.pid == fake.process.pid == 90001
        assert info.claude_code_version == "2.1.330"
        assert info.session_state == "idle"
        assert fake.process.host_requests[0].request == InitializeRequest(system_prompt=("",))


async def test_a_text_turn_writes_the_real_frame_order() -> None:
    async with open_fake_cli([[Say(text="Hello")]]) as fake:
        host = Host(await fake.spawn())
        await host.initialize()
        await host.prompt("hi")
        events = await host.until_kind("state:idle")
        assert kinds(events) == [
            "state:running",
            "InitMessage",
            "assistant:TextBlock",
            "result:success",
            "state:idle",
        ]
        init = message_of(events[1])
        assert isinstance(init, InitMessage) and init.claude_code_version == "2.1.330"
        assistant = message_of(events[2])
        assert isinstance(assistant, AssistantMessage)
        assert assistant.content == (TextBlock(text="Hello"),) and assistant.message.stop_reason is None
        result = result_of(events)
        assert (result.result, result.is_error, result.num_turns) == ("Hello", False, 1)
        assert (result.terminal_reason, result.result_index) == ("completed", 0)
        assert result.session_id == init.session_id == assistant.session_id
        await host.close()
        assert kinds(await host.rest()) == ["eof"]
        assert await fake.process.wait() == 0
        assert [prompt.content for prompt in fake.process.prompts] == ["hi"]


async def test_prompts_sent_during_a_turn_are_queued_without_idle_between() -> None:
    async with open_fake_cli([[Say(text="one")], [Say(text="two")]], emit_session_state=True) as fake:
        host = Host(await fake.spawn())
        await host.prompt("first", "second")
        events = await host.until_kind("state:idle")
        assert kinds(events) == [
            "state:running",
            "InitMessage",
            "assistant:TextBlock",
            "result:success",
            "InitMessage",
            "assistant:TextBlock",
            "result:success",
            "state:idle",
        ]
        assert [result.result_index for result in fake.process.results] == [0, 1]


async def test_thinking_and_the_2_1_197_mode_without_state_frames() -> None:
    script: list[list[FakeAction]] = [[Think(thinking="hmm"), Say(text="Thought.")]]
    async with open_fake_cli(script, emit_session_state=False, claude_code_version="2.1.197") as fake:
        host = Host(await fake.spawn())
        await host.prompt("think")
        events = await host.until_kind("result:success")
        assert kinds(events) == [
            "InitMessage",
            "ThinkingTokensMessage",
            "assistant:ThinkingBlock",
            "assistant:TextBlock",
            "result:success",
        ]
        assert isinstance(message_of(events[1]), ThinkingTokensMessage)
        thinking = message_of(events[2])
        assert isinstance(thinking, AssistantMessage)
        assert thinking.content == (ThinkingBlock(thinking="hmm", signature="c2lnLWZha2U="),)
        request_id = await host.request(InterruptRequest())
        event = await host.next_event()
        assert isinstance(event, ResponseReceived) and event.request_id == request_id
        assert isinstance(event.response, ControlSuccess) and event.response.response is None  # 197: no body


async def test_a_permission_round_trip() -> None:
    script: list[list[FakeAction]] = [
        [
            Say(text="Let me run it."),
            AskPermission(tool_name="Bash", input=BASH, output="hi-updated"),
            Say(text="Tool finished."),
        ]
    ]
    async with open_fake_cli(script) as fake:
        host = Host(await fake.spawn())
        await host.prompt("run it")
        events = await host.until(lambda event: isinstance(event, RequestReceived))
        assert kinds(events) == [
            "state:running",
            "InitMessage",
            "assistant:TextBlock",
            "assistant:ToolUseBlock",
            "state:requires_action",
            "request:can_use_tool",
        ]
        tool_use = message_of(events[3])
        assert isinstance(tool_use, AssistantMessage)
        assert tool_use.content == (ToolUseBlock(id="toolu_fake_1", name="Bash", input=BASH),)
        request = request_of(events[-1])
        body = request.request
        assert isinstance(body, CanUseToolRequest)
        assert (body.tool_name, body.display_name, body.input, body.tool_use_id) == (
            "Bash",
            "Bash",
            BASH,
            "toolu_fake_1",
        )
        assert body.description == "Touch and print"
        assert body.permission_suggestions is not None
        assert isinstance(body.permission_suggestions[0], AddRulesUpdate)
        updated = {"command": "echo hi-updated"}
        await host.answer(request.request_id, PermissionResultAllow(updated_input=updated))
        events = await host.until_kind("state:idle")
        assert kinds(events) == [
            "state:running",
            "user:tool_result",
            "assistant:TextBlock",
            "result:success",
            "state:idle",
        ]
        tool_result = message_of(events[1])
        assert isinstance(tool_result, UserMessage)
        assert tool_result.content == (
            ToolResultBlock(tool_use_id="toolu_fake_1", content="hi-updated", is_error=False),
        )
        result = result_of(events)
        assert (result.result, result.num_turns, result.permission_denials) == ("Tool finished.", 2, ())
        [sent] = fake.process.requests
        assert sent.request_id == request.request_id and sent.answered and not sent.cancelled
        assert isinstance(sent.response, ControlSuccess)
        assert sent.response.response == {"behavior": "allow", "updatedInput": updated}


async def test_a_denied_permission_continues_the_turn() -> None:
    async with open_fake_cli([[AskPermission(tool_name="Bash", input=BASH), Say(text="Okay.")]]) as fake:
        host = Host(await fake.spawn())
        await host.prompt("run it")
        request = request_of((await host.until_kind("request:can_use_tool"))[-1])
        await host.answer(request.request_id, PermissionResultDeny(message="Not allowed by test"))
        events = await host.until_kind("state:idle")
        assert kinds(events) == [
            "state:running",
            "user:tool_result",
            "assistant:TextBlock",
            "result:success",
            "state:idle",
        ]
        tool_result = message_of(events[1])
        assert isinstance(tool_result, UserMessage)
        assert tool_result.content == (
            ToolResultBlock(tool_use_id="toolu_fake_1", content="Not allowed by test", is_error=True),
        )
        result = result_of(events)
        assert not result.is_error and result.permission_denials is not None
        assert [denial.tool_input for denial in result.permission_denials] == [BASH]


async def test_deny_with_interrupt_ends_the_turn_and_eof_then_exits_1() -> None:
    async with open_fake_cli([[AskPermission(tool_name="Bash", input=BASH), Say(text="never said")]]) as fake:
        host = Host(await fake.spawn())
        await host.prompt("run it")
        request = request_of((await host.until_kind("request:can_use_tool"))[-1])
        await host.answer(request.request_id, PermissionResultDeny(message="Stop everything", interrupt=True))
        await host.close()
        events = await host.rest()
        assert kinds(events) == [
            "state:running",
            "user:tool_result",
            "user:interrupted",
            "result:error_during_execution",
            "state:idle",
            "eof",
        ]
        interrupted = message_of(events[2])
        assert isinstance(interrupted, UserMessage)
        assert interrupted.content == (TextBlock(text="[Request interrupted by user for tool use]"),)
        result = result_of(events)
        assert (result.is_error, result.terminal_reason, result.stop_reason) == (
            True,
            "aborted_tools",
            "tool_use",
        )
        assert await fake.process.wait() == 1


async def test_interrupt_while_sleeping(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli([[Sleep(seconds=60), Say(text="too late")]]) as fake:
        host = Host(await fake.spawn())
        await host.prompt("count slowly", uuid="u-1")
        await host.until_kind("InitMessage")
        await trio.sleep(1)
        await host.prompt("queued", uuid="u-2")
        request_id = await host.request(InterruptRequest())
        events = await host.until_kind("result:error_during_execution")
        assert kinds(events) == ["response", "user:interrupted", "result:error_during_execution"]
        response = response_of(events[0])
        assert isinstance(response, ControlSuccess) and response.request_id == request_id
        assert response.response == {"still_queued": ["u-2"]}
        result = result_of(events)
        assert (result.is_error, result.terminal_reason, result.stop_reason) == (
            True,
            "aborted_streaming",
            None,
        )
        assert result.errors and result.errors[0].startswith("[ede_diagnostic]")
        assert trio.current_time() < 2  # the sleep was cut short
        # The queued prompt then runs normally, and a success after an error exits 0.
        await host.close()
        events = await host.rest()
        assert kinds(events) == ["InitMessage", "assistant:TextBlock", "result:success", "state:idle", "eof"]
        assert await fake.process.wait() == 0
        assert fake.process.cancels_sent == []


async def test_interrupt_while_streaming_with_partial_messages(
    autojump_clock: trio.testing.MockClock,
) -> None:
    script = [[Stream(text="one two six.", chunks=3, delay=1.0)]]
    async with open_fake_cli(script, include_partial_messages=True) as fake:
        host = Host(await fake.spawn())
        await host.prompt("count slowly")
        events = await host.until(lambda event: describe(event) == "stream:content_block_delta")
        events += await host.until(lambda event: describe(event) == "stream:content_block_delta")
        assert kinds(events) == [
            "state:running",
            "InitMessage",
            "StatusMessage",
            "stream:message_start",
            "stream:content_block_start",
            "stream:content_block_delta",
            "stream:content_block_delta",
        ]
        await host.request(InterruptRequest())
        events = await host.until_kind("state:idle")
        assert kinds(events) == [
            "response",
            "assistant:TextBlock",
            "user:interrupted",
            "stream:content_block_stop",
            "stream:message_delta",
            "stream:message_stop",
            "result:error_during_execution",
            "state:idle",
        ]
        partial = message_of(events[1])
        assert isinstance(partial, AssistantMessage) and partial.aborted is True
        assert partial.content == (TextBlock(text="one two "),)
        assert result_of(events).terminal_reason == "aborted_streaming"


async def test_a_stream_without_partial_messages_writes_only_the_assistant_frame(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with open_fake_cli([[Stream(text="abc", chunks=3, delay=1.0)]]) as fake:
        host = Host(await fake.spawn())
        await host.prompt("go")
        events = await host.until_kind("state:idle")
        assert kinds(events) == [
            "state:running",
            "InitMessage",
            "assistant:TextBlock",
            "result:success",
            "state:idle",
        ]
        assert trio.current_time() == pytest.approx(3.0)
        assert result_of(events).result == "abc"


async def test_interrupt_while_a_permission_is_pending_cancels_it_first() -> None:
    async with open_fake_cli([[AskPermission(tool_name="Bash", input=BASH)]]) as fake:
        host = Host(await fake.spawn())
        await host.prompt("run it")
        request = request_of((await host.until_kind("request:can_use_tool"))[-1])
        interrupt_id = await host.request(InterruptRequest())
        events = await host.until_kind("state:idle")
        assert kinds(events) == [
            "cancel",
            "response",
            "state:running",
            "user:tool_result",
            "user:interrupted",
            "result:error_during_execution",
            "state:idle",
        ]
        cancel = events[0]
        assert isinstance(cancel, CancelReceived) and cancel.request_id == request.request_id
        response = events[1]
        assert isinstance(response, ResponseReceived) and response.request_id == interrupt_id
        rejected = message_of(events[3])
        assert isinstance(rejected, UserMessage) and isinstance(rejected.content, list)
        block = rejected.content[0]
        assert isinstance(block, ToolResultBlock) and block.is_error
        assert isinstance(block.content, str) and block.content.startswith("The user doesn't want to proceed")
        result = result_of(events)
        assert (result.terminal_reason, result.stop_reason) == ("aborted_tools", "tool_use")
        assert result.permission_denials is not None and len(result.permission_denials) == 1
        # A late answer (the host's connection would drop it, so write it raw) is ignored.
        late = ControlResponse(
            response=ControlSuccess(request_id=request.request_id, response={"behavior": "allow"})
        )
        await host.write(wire.encode_line(late))
        await host.close()
        assert kinds(await host.rest()) == ["eof"]
        assert await fake.process.wait() == 1
        [sent] = fake.process.requests
        assert sent.cancelled and sent.response is None
        assert fake.process.cancels_sent == [request.request_id]
        assert fake.process.received[-1] == late


async def test_interrupt_while_a_hook_or_request_is_pending() -> None:
    hook = CallHook(callback_id="hook_0", input={"hook_event_name": "PreToolUse"}, tool_use_id="toolu_x")
    mcp = SendRequest(
        request={"subtype": "mcp_message", "server_name": "calc", "message": {"jsonrpc": "2.0"}}
    )
    async with open_fake_cli([[hook], [mcp]]) as fake:
        host = Host(await fake.spawn())
        await host.prompt("one")
        request = request_of((await host.until_kind("request:hook_callback"))[-1])
        assert request.request == HookCallbackRequest(
            callback_id="hook_0",
            input=UnknownHookInput(raw={"hook_event_name": "PreToolUse"}),  # too little for a typed input
            tool_use_id="toolu_x",
        )
        await host.request(InterruptRequest())
        events = await host.until_kind("state:idle")
        assert kinds(events) == [
            "cancel",
            "response",
            "user:interrupted",
            "result:error_during_execution",
            "state:idle",
        ]
        await host.prompt("two")
        request = request_of((await host.until_kind("request:mcp_message"))[-1])
        assert isinstance(request.request, McpMessageRequest) and request.request.server_name == "calc"
        await host.request(InterruptRequest())
        events = await host.until_kind("state:idle")
        assert kinds(events)[:2] == ["cancel", "response"]
        assert [sent.cancelled for sent in fake.process.requests] == [True, True]


async def test_answers_to_hooks_and_requests_are_recorded() -> None:
    script: list[list[FakeAction]] = [
        [
            CallHook(callback_id="hook_0", input={}),
            SendRequest(request={"subtype": "frobnicate"}),
            Say(text="x"),
        ]
    ]
    async with open_fake_cli(script) as fake:
        host = Host(await fake.spawn())
        await host.prompt("go")
        hook = request_of((await host.until_kind("request:hook_callback"))[-1])
        assert isinstance(hook.request, HookCallbackRequest) and hook.request.tool_use_id  # a random UUID
        await host.write(host.conn.send_error(hook.request_id, "hook exploded"))
        unknown = request_of((await host.until_kind("request:?"))[-1])
        assert isinstance(unknown.request, UnknownControlRequest) and unknown.request.subtype == "frobnicate"
        await host.answer(unknown.request_id, None)
        await host.until_kind("state:idle")
        first, second = fake.process.requests
        assert isinstance(first.response, ControlError) and first.response.error == "hook exploded"
        assert isinstance(second.response, ControlSuccess) and second.response.response is None


async def test_a_cancelled_slow_request_is_never_answered(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli(context_usage_delay=None) as fake:
        host = Host(await fake.spawn())
        request_id = await host.request(GetContextUsageRequest())
        await trio.sleep(5)
        await host.write(host.conn.send_cancel(request_id))
        await trio.sleep(5)
        await host.close()
        assert kinds(await host.rest()) == ["eof"]
        assert fake.process.cancels_received == [request_id]
        assert request_id not in fake.process.responses_sent


async def test_a_slow_request_is_answered_after_its_delay(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli(context_usage_delay=3.0) as fake:
        host = Host(await fake.spawn())
        request_id = await host.request(GetContextUsageRequest())
        event = await host.next_event()
        assert trio.current_time() == pytest.approx(3.0)
        response = response_of(event)
        assert isinstance(response, ControlSuccess) and response.request_id == request_id
        usage = wire.structure(response.response, ContextUsageResponse)
        assert usage.max_tokens == 1000000 and usage.categories


async def test_control_requests_are_answered_like_the_real_cli() -> None:
    cases: list[tuple[ControlRequestPayload, JSONObject | None, str | None]] = [
        (SetModelRequest(model="claude-sonnet-4-5"), {"model": "claude-sonnet-4-5"}, None),
        (SetModelRequest(model="default"), {"model": "claude-opus-5-5"}, None),
        (SetPermissionModeRequest(mode="acceptEdits"), {"mode": "acceptEdits"}, None),
        (SetMaxThinkingTokensRequest(max_thinking_tokens=4096), None, None),
        (McpToggleRequest(server_name="calc", enabled=False), None, None),
        (StopTaskRequest(task_id="nope"), {}, None),
        (McpStatusRequest(), {"mcpServers": []}, None),
        # A mode this SDK does not know (the type says no; the wire still carries it).
        (SetPermissionModeRequest(mode="bogusMode"), None, "invalid_mode"),  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]
        (UnknownControlRequest(raw={"subtype": "frobnicate_the_widget"}), None, "unsupported_request"),
        (UnknownControlRequest(raw={}), None, "unsupported_request"),
        (CanUseToolRequest(tool_name="Bash", input={}), None, "unsupported_request"),
    ]
    async with open_fake_cli() as fake:
        host = Host(await fake.spawn())
        for payload, expected, error_code in cases:
            request_id = await host.request(payload)
            response = response_of(await host.next_event())
            assert response.request_id == request_id
            if error_code is None:
                assert isinstance(response, ControlSuccess), payload
                assert response.response == expected, payload
            else:
                assert isinstance(response, ControlError) and response.error_code == error_code, payload
            if isinstance(payload, SetPermissionModeRequest) and error_code is None:
                status = message_of(await host.next_event())
                assert isinstance(status, StatusMessage) and status.permission_mode == "acceptEdits"
        errors = [
            response
            for response in fake.process.responses_sent.values()
            if isinstance(response, ControlError)
        ]
        assert [error.error for error in errors][1:] == [
            "Unsupported control request subtype: frobnicate_the_widget",
            "Unsupported control request subtype: undefined",
            "Unsupported control request subtype: can_use_tool",
        ]
        # The new model shows in the next turn's init.
        await host.request(SetModelRequest(model="claude-sonnet-4-5"))
        await host.prompt("hi")
        init = message_of((await host.until_kind("InitMessage"))[-1])
        assert isinstance(init, InitMessage) and (init.model, init.permission_mode) == (
            "claude-sonnet-4-5",
            "acceptEdits",
        )


async def test_stdin_eof_finishes_the_turn_then_exits_0(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli([[Sleep(seconds=5), Say(text="done")]], exit_delay=2.0) as fake:
        host = Host(await fake.spawn())
        await host.prompt("hi")
        await host.close()
        events = await host.rest()
        assert kinds(events) == [
            "state:running",
            "InitMessage",
            "assistant:TextBlock",
            "result:success",
            "state:idle",
            "eof",
        ]
        assert await fake.process.wait() == 0
        assert trio.current_time() == pytest.approx(7.0)
        with pytest.raises(trio.ClosedResourceError):
            await host.write(b"{}\n")  # the host's end was closed by the host itself


async def test_eof_fails_requests_still_pending() -> None:
    async with open_fake_cli(
        [[AskPermission(tool_name="Write", input={"file_path": "x"}), Say(text="after")]]
    ) as fake:
        host = Host(await fake.spawn())
        await host.prompt("write")
        await host.until_kind("request:can_use_tool")
        await host.close()
        events = await host.rest()
        assert kinds(events) == [
            "state:running",
            "user:tool_result",
            "assistant:TextBlock",
            "result:success",
            "state:idle",
            "eof",
        ]
        tool_result = message_of(events[1])
        assert isinstance(tool_result, UserMessage) and isinstance(tool_result.content, list)
        block = tool_result.content[0]
        assert (
            isinstance(block, ToolResultBlock)
            and block.content == "Tool permission request failed: Error: Stream closed"
        )
        assert fake.process.requests[0].failed


async def test_terminate_kill_and_their_ignoring(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli(exit_on_eof=False) as fake:
        host = Host(await fake.spawn())
        await host.close()
        await trio.sleep(100)
        assert fake.process.returncode is None
        fake.process.terminate()
        assert await fake.process.wait() == 143
        assert kinds(await host.rest()) == ["eof"]
    async with open_fake_cli(exit_on_eof=False, ignore_sigterm=True) as fake:
        process = await fake.spawn()
        process.terminate()
        await trio.sleep(100)
        assert process.returncode is None
        process.kill()
        assert await process.wait() == -9
        with pytest.raises(trio.BrokenResourceError):
            await process.stdin.send_all(b"{}\n")


async def test_leaving_the_block_kills_processes_still_running() -> None:
    async with open_fake_cli(exit_on_eof=False) as fake:
        process = await fake.spawn()
    assert process.returncode == -9
    with pytest.raises(RuntimeError):
        await fake.spawn()


async def test_an_exception_in_the_block_propagates_unwrapped() -> None:
    with pytest.raises(KeyError):
        async with open_fake_cli() as fake:
            await fake.spawn()
            raise KeyError("boom")


async def test_crash_writes_stderr_and_exits_without_a_result() -> None:
    async with open_fake_cli([[Say(text="partial"), Crash(exit_code=3, stderr="boom: it broke")]]) as fake:
        host = Host(await fake.spawn())
        await host.prompt("hi")
        assert kinds(await host.rest()) == ["state:running", "InitMessage", "assistant:TextBlock", "eof"]
        assert await fake.process.wait() == 3
        assert fake.process.stderr_text == "boom: it broke\n"
        assert await fake.process.stderr.receive_some() == b"boom: it broke\n"
        assert fake.process.results == []
        with pytest.raises(trio.BrokenResourceError):
            await host.prompt("anyone?")


async def test_resume_of_a_missing_session(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli(resume_missing=True) as fake:
        process = await fake.spawn(CLICommand(argv=("claude", "--resume=abc-123"), env={}, cwd="/p"))
        host = Host(process)
        await host.request(InitializeRequest())
        events = await host.rest()
        assert kinds(events) == ["result:error_during_execution", "eof"]
        result = result_of(events)
        message = "No conversation found with session ID: abc-123"
        assert (result.session_id, result.num_turns, result.errors) == ("abc-123", 0, (message,))
        assert await process.wait() == 1
        assert process.stderr_text == message + "\n"
        assert process.responses_sent == {}


async def test_bad_input_is_fatal_like_the_real_cli() -> None:
    async with open_fake_cli() as fake:
        host = Host(await fake.spawn())
        await host.write(b"\n   \n")  # blank lines are ignored (2.1.330)
        await host.write(b'{"type": "bogus_type"}\n[1,2,3]\n')  # ignored too
        await host.write(b'{"type": "user", "message": {oops\n')
        assert kinds(await host.rest()) == ["eof"]
        assert await fake.process.wait() == 1
        assert (
            fake.process.stderr_text
            == "Error parsing streaming input line (type=user, 33 chars): SyntaxError\n"
        )
        assert fake.process.invalid_lines == [b'{"type": "user", "message": {oops']
    async with open_fake_cli() as fake:
        host = Host(await fake.spawn())
        await host.write(b'{"type":"user"}\n')
        assert kinds(await host.rest()) == ["eof"]
        assert await fake.process.wait() == 1
        assert fake.process.stderr_text == "Error: Expected message role 'user', got 'undefined'\n"


async def test_an_exhausted_script_uses_the_default_turn_or_fails_loudly() -> None:
    async with open_fake_cli([[Say(text="first")]]) as fake:
        host = Host(await fake.spawn())
        await host.prompt("1", "2")
        await host.until_kind("state:idle")
        assert [result.result for result in fake.process.results] == ["first", "ok"]
    async with open_fake_cli(FakeCLIScript(turns=[[Say(text="first")]], default_turn=None)) as fake:
        host = Host(await fake.spawn())
        await host.prompt("1", "2")
        await host.rest()
        assert await fake.process.wait() == 1
        assert "no turn left for prompt #2" in fake.process.stderr_text


async def test_raw_lines_reach_the_host_verbatim() -> None:
    huge = b'{"type":"fake_padding","data":"' + b"x" * 100_000 + b'"}\n'
    async with open_fake_cli(
        [[RawLine(data=b"this is not json\n"), RawLine(data=huge), Say(text="ok")]]
    ) as fake:
        host = Host(await fake.spawn())
        await host.prompt("go")
        events = await host.until_kind("result:success")
        assert kinds(events) == [
            "state:running",
            "InitMessage",
            "invalid",
            "UnknownMessage",
            "assistant:TextBlock",
            "result:success",
        ]
        assert fake.process.sent_lines[2:4] == [b"this is not json\n", huge]
        assert len(fake.process.sent) == len(fake.process.sent_lines) - 2


@pytest.mark.parametrize("version", ["2.1.330", "2.1.197"])
@pytest.mark.parametrize("partial", [True, False])
async def test_every_frame_recorded_is_what_its_line_decodes_to(
    version: str, partial: bool, autojump_clock: trio.testing.MockClock
) -> None:
    """The fake builds its frames as typed objects: each one it records as sent must be exactly what its
    written line decodes to, whatever frame it is (explicit nulls and typed sub-objects included)."""
    script: list[list[FakeAction]] = [
        [
            Think(thinking="hmm"),
            Say(text="Let me."),
            AskPermission(tool_name="Bash", input=BASH),
            AskPermission(tool_name="Read", input={"file_path": "a"}),
            AskPermission(tool_name="Write", input={"file_path": "b"}),
            CallHook(callback_id="hook_0", input={"hook_event_name": "Stop"}),
            SendRequest(request={"subtype": "no_such_subtype"}),
            Stream(text="streamed", chunks=2),
        ],
        [Stream(text="cut short", chunks=3, delay=1.0)],
        [AskPermission(tool_name="Bash", input=BASH)],
    ]
    answers: list[WireObject] = [
        PermissionResultAllow(),
        PermissionResultDeny(message="no"),
    ]
    async with open_fake_cli(script, claude_code_version=version, include_partial_messages=partial) as fake:
        host = Host(await fake.spawn())
        await host.initialize()
        await host.initialize()
        await host.request(SetPermissionModeRequest(mode="plan"))
        await host.request(GetContextUsageRequest())
        await host.prompt("go")
        for answer in [*answers, None, None, None]:
            request = request_of((await host.until(lambda event: isinstance(event, RequestReceived)))[-1])
            if answer is None:
                await host.write(host.conn.send_error(request.request_id, "no handler"))
            else:
                await host.answer(request.request_id, answer)
        await host.until_kind("result:success")
        await host.prompt("interrupted")
        await trio.sleep(1.5)  # mid-stream
        await host.request(InterruptRequest())
        await host.until_kind("result:error_during_execution")
        await host.prompt("denied with interrupt")
        request = request_of((await host.until_kind("request:can_use_tool"))[-1])
        await host.answer(request.request_id, PermissionResultDeny(message="stop", interrupt=True))
        await host.close()
        await host.rest()
        assert await fake.process.wait() == 1
        process = fake.process
    assert len(process.sent) == len(process.sent_lines) > 30
    assert [wire.decode_line(line) for line in process.sent_lines] == process.sent
    kinds_sent = {type(frame).__name__ for frame in process.sent}
    assert {"StatusMessage", "ThinkingTokensMessage", "ControlRequest", "ControlResponse"} <= kinds_sent
    assert ("StreamEvent" in kinds_sent) == partial


@pytest.mark.parametrize(
    "answer",
    [
        {"behavior": "maybe"},
        {"behavior": "deny"},
        {"behavior": "allow", "updatedInput": "not an object"},
        {"behavior": "allow", "updatedPermissions": "not a list"},
        {"behavior": "allow", "toolUseID": 5},
        {"behavior": "deny", "message": "no", "interrupt": "yes"},
    ],
)
async def test_a_permission_answer_that_does_not_fit_the_schema_is_invalid(answer: JSONObject) -> None:
    """Like the real CLI, which checks the answer against its schema (its error text names it)."""
    async with open_fake_cli([[AskPermission(tool_name="Bash", input=BASH)]]) as fake:
        host = Host(await fake.spawn())
        await host.prompt("run it")
        request = request_of((await host.until_kind("request:can_use_tool"))[-1])
        raw = ControlResponse(response=ControlSuccess(request_id=request.request_id, response=answer))
        await host.write(wire.encode_line(raw))
        events = await host.until_kind("user:tool_result")
        result = message_of(events[-1])
        assert isinstance(result, UserMessage) and isinstance(result.content, list)
        block = result.content[0]
        assert isinstance(block, ToolResultBlock) and block.is_error
        assert isinstance(block.content, str)
        assert block.content.startswith("The canUseTool callback returned an invalid permission result.")
        await host.close()
        await host.rest()


# --------------------------------------------------------------------------------------------------------
# As a subprocess
# --------------------------------------------------------------------------------------------------------


class Child:
    """A fake CLI subprocess with an SDK connection on its pipes; always reaped."""

    def __init__(self, process: trio.Process) -> None:
        self.process = process
        self.conn = Connection(Role.SDK)
        assert process.stdin is not None and process.stdout is not None and process.stderr is not None
        self.stdin = process.stdin
        self.stdout = process.stdout
        self.stderr = process.stderr

    async def send(self, data: bytes | None) -> None:
        assert data is not None
        await self.stdin.send_all(data)

    async def events(self, stop: Callable[[Event], bool]) -> list[Event]:
        events: list[Event] = []
        while True:
            event = self.conn.next_event()
            if event is NEED_DATA:
                self.conn.receive_data(bytes(await self.stdout.receive_some()))
                continue
            events.append(event)
            if stop(event) or isinstance(event, EndOfStream):
                return events

    async def read_stderr(self) -> bytes:
        chunks: list[bytes] = []
        while chunk := await self.stderr.receive_some():
            chunks.append(bytes(chunk))
        return b"".join(chunks)


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


async def run_child(argv: Sequence[str], body: Callable[[Child], Any]) -> int:
    """Start ``argv`` with three pipes, run ``body``, and always reap the child."""
    process = await trio.lowlevel.open_process(
        list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env()
    )
    try:
        with trio.fail_after(15):
            await body(Child(process))
            return await process.wait()
    finally:
        with trio.CancelScope(shield=True):
            if process.returncode is None:
                process.kill()
            await process.wait()
            for stream in (process.stdin, process.stdout, process.stderr):
                if stream is not None:
                    await stream.aclose()


async def test_subprocess_plain_scenario() -> None:
    async def body(child: Child) -> None:
        _, data = child.conn.send_request(InitializeRequest())
        await child.send(data)
        await child.send(child.conn.send(UserMessage(message=UserMessageParam(content="hi"))))
        events = await child.events(lambda event: describe(event) == "state:idle")
        assert kinds(events) == [
            "response",
            "state:running",
            "InitMessage",
            "assistant:TextBlock",
            "result:success",
            "state:idle",
        ]
        info = response_of(events[0])
        assert isinstance(info, ControlSuccess) and info.response is not None
        assert info.response["pid"] == child.process.pid
        assert result_of(events).result == "hey there"
        await child.stdin.aclose()
        assert kinds(await child.events(lambda event: False)) == ["eof"]

    argv = [
        *fake_cli_command("plain", text="hey there"),
        "--output-format",
        "stream-json",
        "--verbose",
        "--model=m-1",
    ]
    assert await run_child(argv, body) == 0


async def test_subprocess_crash_scenario() -> None:
    async def body(child: Child) -> None:
        await child.send(child.conn.send(UserMessage(message=UserMessageParam(content="hi"))))
        events = await child.events(lambda event: False)
        assert kinds(events) == ["state:running", "InitMessage", "assistant:TextBlock", "eof"]
        assert await child.read_stderr() == b"kaboom\n"

    assert await run_child(fake_cli_command("crash", exit_code=7, stderr="kaboom"), body) == 7


async def test_subprocess_sigterm_exits_143_unless_ignored() -> None:
    async def interrupted(child: Child) -> None:
        await child.send(child.conn.send(UserMessage(message=UserMessageParam(content="hi"))))
        await child.events(lambda event: describe(event) == "InitMessage")
        child.process.send_signal(signal.SIGTERM)
        assert kinds(await child.events(lambda event: False)) == ["eof"]

    assert await run_child(fake_cli_command("slow", sleep=60), interrupted) == 143

    async def ignored(child: Child) -> None:
        await child.send(child.conn.send(UserMessage(message=UserMessageParam(content="hi"))))
        await child.events(lambda event: describe(event) == "state:idle")
        await child.stdin.aclose()
        child.process.terminate()
        await trio.sleep(0.3)
        assert child.process.returncode is None
        child.process.kill()

    assert await run_child(fake_cli_command("ignore-sigterm"), ignored) == -signal.SIGKILL


def test_main_version_and_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version", "--cli-version", "2.1.197"]) == 0
    assert capsys.readouterr().out == "2.1.197 (Claude Code)\n"
    with pytest.raises(SystemExit):
        main([])
    assert set(SCENARIOS) >= {"plain", "slow", "permission", "crash", "ignore-eof", "ignore-sigterm"}
    assert set(SCENARIOS) >= {"resume-missing", "huge-line", "not-json"}
    with pytest.raises(ValueError, match="unknown fake CLI option"):
        fake_cli_command("plain", colour="red")
    with pytest.raises(ValueError, match="unknown fake CLI scenario"):
        fake_cli_command("nope")
    argv = fake_cli_command("slow", sleep=2.5, ignore_eof=True, no_session_state=False)
    assert argv[1:] == [
        "-m",
        "trio_claude.testing.fake_cli",
        "--scenario",
        "slow",
        "--sleep=2.5",
        "--ignore-eof",
    ]


# --------------------------------------------------------------------------------------------------------
# Under a real session
# --------------------------------------------------------------------------------------------------------


async def test_session_plain_turn(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli([[Say(text="Hello from the fake")]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn, model="claude-test")) as session:
            assert session.server_info is not None and session.cli_version == "2.1.330"
            assert session.pid == fake.process.pid
            await session.send("hi")
            messages = [message async for message in session.receive_response()]
            assert [type(message) for message in messages] == [InitMessage, AssistantMessage, ResultMessage]
            init, assistant, result = messages
            assert isinstance(init, InitMessage) and init.model == "claude-test"
            assert isinstance(assistant, AssistantMessage) and assistant.content == (
                TextBlock(text="Hello from the fake"),
            )
            assert isinstance(result, ResultMessage) and result.result == "Hello from the fake"
            assert session.session_id == init.session_id
        assert fake.process.returncode == 0
        [command] = fake.commands
        assert command.argv[1:6] == (
            "--output-format",
            "stream-json",
            "--verbose",
            "--input-format",
            "stream-json",
        )
        assert command.env["CLAUDE_CODE_SDK_READS_SESSION_STATE"] == "1"
        assert [prompt.content for prompt in fake.process.prompts] == ["hi"]


async def test_session_permission_callback(autojump_clock: trio.testing.MockClock) -> None:
    seen: list[tuple[str, JSONObject, ToolPermissionContext]] = []

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        seen.append((name, tool_input, context))
        return PermissionResultAllow()

    script: list[list[FakeAction]] = [
        [AskPermission(tool_name="Bash", input=BASH, output="hi"), Say(text="Tool finished.")]
    ]
    async with open_fake_cli(script) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, can_use_tool=can_use_tool)
        async with open_session(options) as session:
            await session.send("run it")
            messages = [message async for message in session.receive_response()]
            result = messages[-1]
            assert (
                isinstance(result, ResultMessage)
                and result.result == "Tool finished."
                and not result.is_error
            )
        [(name, tool_input, context)] = seen
        assert (name, tool_input, context.tool_use_id, context.description) == (
            "Bash",
            BASH,
            "toolu_fake_1",
            "Touch and print",
        )
        assert "--permission-prompt-tool=stdio" in fake.commands[0].argv
        [sent] = fake.process.requests
        assert isinstance(sent.response, ControlSuccess)
        assert sent.response.response == {"behavior": "allow", "updatedInput": BASH}


async def test_session_interrupt_while_a_permission_is_pending(
    autojump_clock: trio.testing.MockClock,
) -> None:
    asked = trio.Event()

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        asked.set()
        await trio.sleep_forever()
        raise AssertionError("unreachable")

    async with open_fake_cli([[AskPermission(tool_name="Bash", input=BASH)]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn, can_use_tool=can_use_tool)) as session:
            await session.send("run it")
            await asked.wait()
            await session.interrupt()
            messages = [message async for message in session.receive_response()]
            result = messages[-1]
            assert isinstance(result, ResultMessage) and result.terminal_reason == "aborted_tools"
        assert fake.process.cancels_sent == [fake.process.requests[0].request_id]
        assert fake.process.requests[0].response is None  # the session never answered the cancelled request
        assert fake.process.returncode == 1


async def test_session_sees_a_crash_as_process_error(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli(
        [[Say(text="working"), Crash(exit_code=3, stderr="fatal: out of cheese")]]
    ) as fake:
        with pytest.raises(ProcessError) as info:
            async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
                await session.send("hi")
                async for _ in session.receive_response():
                    pass
        assert info.value.exit_code == 3
        assert "out of cheese" in info.value.stderr


async def test_session_resume_of_a_missing_session(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli(resume_missing=True) as fake:
        with pytest.raises(ProcessError) as info:
            async with open_session(ClaudeAgentOptions(spawn=fake.spawn, resume="gone-1")):
                pass  # pragma: no cover
        assert info.value.exit_code == 1
        assert info.value.result is not None
        assert info.value.result.errors == ("No conversation found with session ID: gone-1",)
        assert "No conversation found" in info.value.stderr


async def test_session_runs_the_fake_as_cli_path(tmp_path: Path) -> None:
    cli = write_fake_cli_executable(tmp_path, "plain", text="from a subprocess")
    # The fake exits on EOF; a loaded machine may take longer than the default 2 s grace to run its exit
    # (a SIGTERM then made the exit code -15): the grace is a bound, waited for only as long as it takes.
    options = ClaudeAgentOptions(cli_path=cli, cwd=tmp_path, shutdown_grace=60)
    with trio.fail_after(120):
        async with open_session(options) as session:
            await session.send("hi")
            messages = [message async for message in session.receive_response()]
            assert isinstance(messages[-1], ResultMessage) and messages[-1].result == "from a subprocess"
            pid = session.pid
        assert session.returncode == 0 and pid is not None


async def test_session_handler_is_cancelled_by_the_clis_cancel(
    autojump_clock: trio.testing.MockClock,
) -> None:
    asked, cancelled = trio.Event(), trio.Event()

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        asked.set()
        try:
            await trio.sleep_forever()
        finally:
            cancelled.set()
        raise AssertionError("unreachable")

    async with open_fake_cli([[AskPermission(tool_name="Bash", input=BASH)]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn, can_use_tool=can_use_tool)) as session:
            await session.send("run it")
            await asked.wait()
            # A raw interrupt, not session.interrupt(): only the CLI's cancel stops the handler.
            await session.request(InterruptRequest())
            await cancelled.wait()
            messages = [message async for message in session.receive_response()]
            assert isinstance(messages[-1], ResultMessage) and messages[-1].terminal_reason == "aborted_tools"
        [sent] = fake.process.requests
        assert sent.cancelled and sent.response is None


async def test_session_cancelled_request_sends_a_cancel(autojump_clock: trio.testing.MockClock) -> None:
    async with (
        open_fake_cli(context_usage_delay=None) as fake,
        open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session,
    ):
        with trio.move_on_after(1) as scope:
            await session.get_context_usage()
        assert scope.cancelled_caught
        await trio.sleep(1)
        [request] = [
            frame for frame in fake.process.host_requests if isinstance(frame.request, GetContextUsageRequest)
        ]
        assert fake.process.cancels_received == [request.request_id]
        assert request.request_id not in fake.process.responses_sent


@pytest.mark.parametrize(("ignore_sigterm", "code", "elapsed"), [(False, 143, 2.0), (True, -9, 4.0)])
async def test_session_shutdown_escalates_for_a_cli_that_ignores_eof(
    autojump_clock: trio.testing.MockClock, ignore_sigterm: bool, code: int, elapsed: float
) -> None:
    async with open_fake_cli(exit_on_eof=False, ignore_sigterm=ignore_sigterm) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, shutdown_grace=2.0, terminate_grace=2.0)
        start = trio.current_time()
        async with open_session(options):
            pass
        assert fake.process.returncode == code
        assert trio.current_time() - start == pytest.approx(elapsed)
