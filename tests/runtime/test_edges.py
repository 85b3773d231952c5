"""The session at its edges: lines with lone surrogates, answers that cannot be encoded (rule 4), a CLI that
exits with code 0 in the middle of things (rule 6), and when a one-shot query closes the CLI's input.

In-memory tests run the fake CLI under the autojump clock; the subprocess ones run a stand-in as a child.
"""

from __future__ import annotations

import datetime
import enum
import json
import logging
import sys
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio
import trio.testing
from hypothesis import given, settings, strategies as st

from trio_claude import (
    CallToolResult,
    ClaudeAgentOptions,
    HookMatcher,
    ProcessError,
    TextContent,
    create_sdk_mcp_server,
    model as m,
    open_query,
    open_session,
    tool,
    wire,
)
from trio_claude.testing import (
    AskPermission,
    CallHook,
    Crash,
    FakeAction,
    RawLine,
    Say,
    SendRequest,
    Sleep,
    open_fake_cli,
    write_fake_cli_executable,
)

from ._support import BASH, Recorder, read_turn, result_of

CUT = "the output was cut here: \ud83d"
"""A string cut inside a surrogate pair, as Node's JSON.stringify writes it: ``"…\\ud83d"``."""


def result_line(text: str, session_id: str = "s1") -> bytes:
    """A ``result`` line as the CLI (Node) writes it: lone surrogates as escapes, the rest as is."""
    value = {
        "type": "result",
        "subtype": "success",
        "is_error": False,
        "duration_ms": 5,
        "duration_api_ms": 4,
        "num_turns": 1,
        "result": text,
        "session_id": session_id,
        "total_cost_usd": 0.0,
    }
    line = json.dumps(value, ensure_ascii=False).encode("utf-8", "backslashreplace")
    assert b"\\ud83d" in line or "\ud83d" not in text
    return line + b"\n"


def request_line(request_id: str, body: m.ControlRequestPayload) -> bytes:
    return wire.encode_line(m.ControlRequest(request_id=request_id, request=body))


LATE_HOOK = m.HookCallbackRequest(
    callback_id="hook_0",
    input=m.StopHookInput(session_id="s", transcript_path="/t", cwd="/", stop_hook_active=False),
)
"""A Stop hook request, as the CLI sends it at the end of a turn."""


def assert_failure_answer(response: m.ControlSuccess | m.ControlError | None, problem: str) -> None:
    """``response`` answers a failed request and names ``problem``: an error response, or the answer the
    handlers give for that failure (a deny for a permission path), whose JSON names it."""
    if isinstance(response, m.ControlError):
        assert problem in response.error
    else:
        assert isinstance(response, m.ControlSuccess) and problem in json.dumps(response.response)
        assert "deny" in json.dumps(response.response)


def answers_to(process: Any, request_id: str) -> list[m.ControlSuccess | m.ControlError]:
    return [response for response in process.responses_received if response.request_id == request_id]


# --------------------------------------------------------------------------------------------------------
# Lone surrogates
# --------------------------------------------------------------------------------------------------------


async def test_a_result_with_a_lone_surrogate_ends_receive_response(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # The CLI's own result comes 30 s later: receive_response must end at the cut one, at once.
    script: list[list[FakeAction]] = [[RawLine(data=result_line(CUT)), Sleep(seconds=30)]]
    async with open_fake_cli(script) as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        start = trio.current_time()
        await session.send("go")
        result = result_of(await read_turn(session))
        assert result.result == CUT
        assert trio.current_time() - start < 1
        assert session.statistics().invalid_lines == 0


async def test_requests_with_lone_surrogates_are_answered(autojump_clock: trio.testing.MockClock) -> None:
    seen: list[Any] = []

    async def can_use_tool(name: str, tool_input: m.JSONObject, context: Any) -> m.PermissionResultAllow:
        seen.append(tool_input)
        return m.PermissionResultAllow(updated_input={"command": tool_input["command"] + " \udc80"})

    async def hook(hook_input: m.HookInput, tool_use_id: str | None, context: Any) -> m.SyncHookOutput:
        seen.append(hook_input)
        return m.SyncHookOutput(system_message="seen \ud83d")

    script: list[list[FakeAction]] = [
        [
            CallHook(
                callback_id="hook_0",
                input={
                    "hook_event_name": "Stop",
                    "session_id": "s",
                    "transcript_path": "/t",
                    "cwd": "/",
                    "stop_hook_active": False,
                    "last_assistant_message": CUT,
                },
            ),
            AskPermission(tool_name="Bash", input={"command": "echo \ud83d"}),
            Say(text=CUT),
        ]
    ]
    options = ClaudeAgentOptions(can_use_tool=can_use_tool, hooks={"Stop": [HookMatcher(hooks=[hook])]})
    async with open_fake_cli(script) as fake:
        async with open_session(attrs.evolve(options, spawn=fake.spawn)) as session:
            await session.send("go")
            assert result_of(await read_turn(session)).result == CUT
        process = fake.process
    assert seen[1] == {"command": "echo \ud83d"}
    assert isinstance(seen[0], m.StopHookInput) and seen[0].last_assistant_message == CUT
    hook_answer, permission = (sent.response for sent in process.requests)
    assert isinstance(hook_answer, m.ControlSuccess) and hook_answer.response == {
        "systemMessage": "seen \ud83d"
    }
    assert isinstance(permission, m.ControlSuccess)
    assert permission.response == {"behavior": "allow", "updatedInput": {"command": "echo \ud83d \udc80"}}
    assert process.invalid_lines == []


STAND_IN = r"""
import json, sys

def write(value):
    # Like Node: every non-ASCII character is fine as is, a lone surrogate is written as its escape.
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()

for line in sys.stdin:
    frame = json.loads(line)
    if frame["type"] == "control_request" and frame["request"]["subtype"] == "initialize":
        write({"type": "control_response", "response": {"subtype": "success",
               "request_id": frame["request_id"], "response": {}}})
    elif frame["type"] == "user":
        text = frame["message"]["content"] + " \ud83d"
        write({"type": "assistant", "message": {"id": "m1", "model": "stand-in", "role": "assistant",
               "content": [{"type": "text", "text": text}], "stop_reason": None},
               "parent_tool_use_id": None, "session_id": "s1"})
        write({"type": "result", "subtype": "success", "is_error": False, "duration_ms": 1,
               "duration_api_ms": 1, "num_turns": 1, "result": text, "session_id": "s1"})
"""


async def test_a_stand_in_cli_writing_lone_surrogates_ends_a_query(tmp_path: Path) -> None:
    script = tmp_path / "stand_in.py"
    script.write_text(STAND_IN)
    cli = tmp_path / "claude"
    cli.write_text(f'#!/bin/sh\nexec {sys.executable} {script} "$@"\n')
    cli.chmod(0o755)
    with trio.fail_after(20):
        async with open_query("cut", ClaudeAgentOptions(cli_path=cli, cwd=tmp_path)) as messages:
            received = [message async for message in messages]
    assert [type(message) for message in received] == [m.AssistantMessage, m.ResultMessage]
    assert result_of(received).result == "cut \ud83d"


async def test_in_process_tools_read_and_return_lone_surrogates() -> None:
    # The model's arguments and a tool's JSON result may hold a string cut inside a surrogate pair.
    @tool("count", "Count")
    async def count(n: int) -> str:
        return "counted"

    @tool("echo", "Echo")
    async def echo(text: str) -> dict[str, str]:
        return {"text": text}

    server = create_sdk_mcp_server("tools", tools=[count, echo])

    async def call(name: str, arguments: m.JSONObject) -> Any:
        message = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": name, "arguments": arguments},
        }
        reply = await server.handle(message)
        assert reply is not None
        return reply["result"]

    invalid = await call("count", {"n": "cut \ud83d"})  # a wrong type: the model is told, with the value
    assert invalid["isError"] is True and "cut \\ud83d" in invalid["content"][0]["text"]
    echoed = await call("echo", {"text": "cut \ud83d"})
    assert "isError" not in echoed
    assert json.loads(echoed["content"][0]["text"]) == {"text": "cut \ud83d"}


# --------------------------------------------------------------------------------------------------------
# Rule 4: an answer that cannot be encoded is still an answer
# --------------------------------------------------------------------------------------------------------


async def test_rule4_a_permission_answer_that_is_not_json_is_an_error_answer(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    async def can_use_tool(name: str, tool_input: m.JSONObject, context: Any) -> m.PermissionResultAllow:
        return m.PermissionResultAllow(updated_input={"path": Path("x")})

    script: list[list[FakeAction]] = [
        [AskPermission(tool_name="Bash", input=BASH), Say(text="I could not run it.")],
        [Say(text="next turn")],
    ]
    caplog.set_level(logging.ERROR, logger="trio_claude")
    async with open_fake_cli(script) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn, can_use_tool=can_use_tool)) as session:
            await session.send("run it")
            assert result_of(await read_turn(session)).result == "I could not run it."
            await session.send("again")
            assert result_of(await read_turn(session)).result == "next turn"
        process = fake.process
    [sent] = process.requests
    assert_failure_answer(sent.response, "PosixPath")
    assert len(answers_to(process, sent.request_id)) == 1
    [record] = [record for record in caplog.records if record.name == "trio_claude.protocol"]
    assert "can_use_tool" in record.getMessage() and isinstance(record.exc_info[1], TypeError)  # type: ignore[index]


async def test_rule4_a_hook_output_that_is_not_json_is_an_error_answer(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async def hook(hook_input: m.HookInput, tool_use_id: str | None, context: Any) -> m.SyncHookOutput:
        output = m.PreToolUseHookSpecificOutput(updated_input={"when": {1, 2}})
        return m.SyncHookOutput(hook_specific_output=output)

    script: list[list[FakeAction]] = [
        [CallHook(callback_id="hook_0", input={"hook_event_name": "PreToolUse"}), Say(text="went on")]
    ]
    options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[hook])]})
    async with open_fake_cli(script) as fake:
        async with open_session(attrs.evolve(options, spawn=fake.spawn)) as session:
            await session.send("go")
            assert result_of(await read_turn(session)).result == "went on"
        [sent] = fake.process.requests
    assert_failure_answer(sent.response, "set")


async def test_rule4_a_tool_result_that_is_not_json_is_an_error_result_for_the_model(
    autojump_clock: trio.testing.MockClock,
) -> None:
    @tool("report", "Report the time")
    async def report() -> CallToolResult:
        return CallToolResult(content=[], structured_content={"when": object()})

    server = create_sdk_mcp_server("clock", tools=[report])
    call: m.JSONObject = {
        "jsonrpc": "2.0",
        "id": 3,
        "method": "tools/call",
        "params": {"name": "report", "arguments": {}},
    }
    script: list[list[FakeAction]] = [
        [SendRequest(request=m.McpMessageRequest(server_name="clock", message=call)), Say(text="done")]
    ]
    options = ClaudeAgentOptions(mcp_servers={"clock": server})
    async with open_fake_cli(script) as fake:
        async with open_session(attrs.evolve(options, spawn=fake.spawn)) as session:
            await session.send("go")
            assert result_of(await read_turn(session)).result == "done"
        [sent] = fake.process.requests
    assert isinstance(sent.response, m.ControlSuccess) and sent.response.response is not None
    reply = sent.response.response["mcp_response"]
    assert reply["id"] == 3 and reply["result"]["isError"] is True
    [block] = reply["result"]["content"]
    assert "report" in block["text"] and "object" in block["text"]


def test_rule4_a_tool_schema_that_is_not_json_fails_at_once() -> None:
    # Refused where it is written: the decorator checks the schema before any server exists.
    with pytest.raises(TypeError, match=r"pick.*PosixPath"):

        @tool(
            "pick", "Pick one", input_schema={"type": "object", "properties": {"p": {"default": Path("x")}}}
        )
        async def pick(**kwargs: Any) -> str:
            return "picked"


async def test_rule4_an_elicitation_answer_that_is_not_json_is_an_error_answer(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async def on_elicitation(request: m.ElicitationRequest) -> m.ElicitationResponse:
        return m.ElicitationResponse(action="accept", content={"file": Path("x")})

    ask = m.ElicitationRequest(mcp_server_name="files", message="Which file?")
    script: list[list[FakeAction]] = [[SendRequest(request=ask), Say(text="asked")]]
    async with open_fake_cli(script) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, on_elicitation=on_elicitation)
        async with open_session(options) as session:
            await session.send("go")
            assert result_of(await read_turn(session)).result == "asked"
        [sent] = fake.process.requests
    assert isinstance(sent.response, m.ControlError) and "PosixPath" in sent.response.error


async def test_send_raises_type_error_at_once_for_a_prompt_that_is_not_json(
    autojump_clock: trio.testing.MockClock,
) -> None:
    bad = m.UserMessage(
        message=m.UserMessageParam(content=(m.TextBlock(text=Path("x")),)),  # type: ignore[arg-type]
        parent_tool_use_id=None,
    )
    async with open_fake_cli() as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        with pytest.raises(TypeError, match="PosixPath"):
            await session.send(bad)
        await session.send("fine")
        assert result_of(await read_turn(session)).result == "ok"
        assert fake.process.prompts[0].content == "fine"
    # Nothing was counted for the failed prompt: leaving found no turn in flight to interrupt.
    assert fake.process.host_requests[-1].request.__class__ is m.InitializeRequest


async def test_a_request_that_is_not_json_raises_type_error_and_leaves_nothing_pending(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with open_fake_cli() as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        with pytest.raises(TypeError, match="PosixPath"):
            await session.set_mcp_servers({"files": {"command": Path("server")}})
        assert session.statistics().pending_requests == 0
        assert session._core.conn.pending_requests == frozenset()  # pyright: ignore[reportPrivateUsage]
        assert (await session.set_model("m")).model == "m"


# --------------------------------------------------------------------------------------------------------
# Rule 6: exit code 0 with work unfinished is a ProcessError
# --------------------------------------------------------------------------------------------------------


async def test_rule6_exit_0_in_the_middle_of_a_turn_is_a_process_error(
    autojump_clock: trio.testing.MockClock,
) -> None:
    script: list[list[FakeAction]] = [
        [Say(text="first")],
        [Say(text="working"), Sleep(seconds=1), Crash(exit_code=0, stderr="quitting early")],
    ]
    async with open_fake_cli(script) as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        await session.send("one")
        first = result_of(await read_turn(session))
        await session.send("two")
        with pytest.raises(ProcessError) as info:
            async for _ in session.receive_messages():
                pass
        with pytest.raises(ProcessError):
            await session.send("three")
    error = info.value
    assert error.exit_code == 0
    assert error.stderr == "quitting early"
    assert error.result == first
    assert "turn" in str(error)


async def test_rule6_exit_0_with_a_request_pending_is_a_process_error(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # The turn has its result; then the CLI exits 0 while our get_context_usage waits for an answer.
    script: list[list[FakeAction]] = [
        [RawLine(data=result_line("done")), Sleep(seconds=1), Crash(exit_code=0)]
    ]
    async with (
        open_fake_cli(script, context_usage_delay=None) as fake,
        open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session,
    ):
        await session.send("go")
        assert result_of(await read_turn(session)).result == "done"
        with pytest.raises(ProcessError) as info:
            await session.get_context_usage()
    assert info.value.exit_code == 0 and "get_context_usage" in str(info.value)


async def test_rule6_exit_0_with_nothing_unfinished_just_ends_the_stream(
    autojump_clock: trio.testing.MockClock,
) -> None:
    script: list[list[FakeAction]] = [[RawLine(data=result_line("done")), Crash(exit_code=0)]]
    async with open_fake_cli(script) as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        await session.send("go")
        messages = [message async for message in session.receive_messages()]
    assert result_of(messages).result == "done"
    assert session.returncode == 0


async def test_rule6_subprocess_exit_0_mid_turn_is_a_process_error(tmp_path: Path) -> None:
    cli = write_fake_cli_executable(tmp_path, "crash", exit_code=0, stderr="bye for now")
    with trio.fail_after(20), pytest.raises(ProcessError) as info:
        async with open_query("go", ClaudeAgentOptions(cli_path=cli, cwd=tmp_path)) as messages:
            async for message in messages:
                assert not isinstance(message, m.ResultMessage)
    assert info.value.exit_code == 0
    assert info.value.stderr.splitlines()[-1] == "bye for now"


# --------------------------------------------------------------------------------------------------------
# open_query closes the CLI's input only once every request of the CLI is answered
# --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("state_frames", [True, False], ids=["2.1.330", "2.1.197"])
async def test_open_query_answers_a_request_sent_just_before_the_result(
    autojump_clock: trio.testing.MockClock, state_frames: bool
) -> None:
    # The CLI writes a hook request and goes on without waiting: result (and idle) follow at once, while
    # the hook takes 1 s.  The answer must be written before stdin closes.
    recorder = Recorder(delay=1)
    script: list[list[FakeAction]] = [[Say(text="bye"), RawLine(data=request_line("late-1", LATE_HOOK))]]
    options = ClaudeAgentOptions(hooks={"Stop": [HookMatcher(hooks=[recorder.hook])]})
    async with open_fake_cli(script, emit_session_state=state_frames) as fake:
        start = trio.current_time()
        async with open_query("go", attrs.evolve(options, spawn=fake.spawn)) as messages:
            received = [message async for message in messages]
        process = fake.process
    assert result_of(received).result == "bye"
    assert recorder.events() == ["hook_0 started", "hook_0 answered"]
    [answer] = answers_to(process, "late-1")
    assert isinstance(answer, m.ControlSuccess) and answer.response == {"continue": True}
    assert process.eof_at == pytest.approx(start + 1)
    assert process.returncode == 0 and process.signals == []


async def test_open_query_answers_a_request_right_after_the_last_result(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # Without state frames (CLI 2.1.197) the run is over at the last result; a request that comes with it
    # is still answered before the input closes.
    recorder = Recorder(delay=1)
    script: list[list[FakeAction]] = [
        [RawLine(data=result_line("first") + request_line("late-2", LATE_HOOK)), Sleep(seconds=5)]
    ]
    options = ClaudeAgentOptions(hooks={"Stop": [HookMatcher(hooks=[recorder.hook])]})
    async with open_fake_cli(script, emit_session_state=False) as fake:
        start = trio.current_time()
        async with open_query("go", attrs.evolve(options, spawn=fake.spawn)) as messages:
            received = [message async for message in messages]
        process = fake.process
    assert next(r.result for r in received if isinstance(r, m.ResultMessage)) == "first"
    [answer] = answers_to(process, "late-2")
    assert isinstance(answer, m.ControlSuccess)
    assert process.eof_at == pytest.approx(start + 1)


async def test_open_query_with_prompts_waits_for_answers_too(autojump_clock: trio.testing.MockClock) -> None:
    recorder = Recorder(delay=2)

    async def prompts() -> AsyncIterator[str]:
        yield "only"

    script: list[list[FakeAction]] = [[Say(text="bye"), RawLine(data=request_line("late-3", LATE_HOOK))]]
    options = ClaudeAgentOptions(hooks={"Stop": [HookMatcher(hooks=[recorder.hook])]})
    async with open_fake_cli(script) as fake:
        async with open_query(prompts(), attrs.evolve(options, spawn=fake.spawn)) as messages:
            assert result_of([message async for message in messages]).result == "bye"
        [answer] = answers_to(fake.process, "late-3")
    assert isinstance(answer, m.ControlSuccess)


# --------------------------------------------------------------------------------------------------------
# Rule 4, as a property: whatever the callbacks return, every request gets exactly one answer
# --------------------------------------------------------------------------------------------------------


class Colour(enum.Enum):
    RED = "red"


class Unprintable(Exception):
    """An exception whose message cannot even be read."""

    def __str__(self) -> str:
        raise RuntimeError("no message for you")


RAISE = object()
"""Drawn instead of a value: the callback raises :class:`Unprintable`."""

_ODD: list[object] = [
    Path("x"),
    {1, 2},
    frozenset(),
    b"bytes",
    object(),
    1j,
    float("nan"),
    2**70,
    datetime.date(2024, 1, 2),
    uuid.UUID(int=7),
    Colour.RED,
    "cut \ud83d",
    m.TextBlock(text="a wire object in a JSON field"),
]
VALUES = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5), st.sampled_from(_ODD)
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.tuples(children, children),
        st.dictionaries(st.one_of(st.text(max_size=3), st.integers()), children, max_size=3),
    ),
    max_leaves=5,
)
"""Python values mixing JSON and values JSON has no form for."""


def _as_it_is(value: object) -> object:
    return value


def _answers(*makers: Callable[[Any], object]) -> st.SearchStrategy[Callable[[], object]]:
    """A callback's behaviour: return a drawn value as it is or wrapped by one of ``makers`` (inside the
    callback, so a maker that rejects the value raises there), or raise."""

    def behaviour(make: Callable[[Any], object], value: object) -> Callable[[], object]:
        def run() -> object:
            if value is RAISE:
                raise Unprintable
            return make(value)

        return run

    return st.builds(behaviour, st.sampled_from([_as_it_is, *makers]), st.one_of(VALUES, st.just(RAISE)))


PERMISSION_ANSWERS = _answers(
    lambda v: m.PermissionResultAllow(updated_input=v),
    lambda v: m.PermissionResultAllow(updated_permissions=v),
    lambda v: m.PermissionResultDeny(message=v),
)
HOOK_ANSWERS = _answers(
    lambda v: m.SyncHookOutput(reason=v),
    lambda v: m.SyncHookOutput(hook_specific_output=v),
    lambda v: m.SyncHookOutput(hook_specific_output=m.PreToolUseHookSpecificOutput(updated_input=v)),
    lambda v: m.AsyncHookOutput(async_timeout=v),
)
TOOL_ANSWERS = _answers(
    lambda v: CallToolResult(structured_content=v),
    lambda v: CallToolResult(content=[v]),
    lambda v: CallToolResult(meta=v, is_error=v),
    lambda v: TextContent(text=v),
    lambda v: [TextContent(text=v)],
)
ELICITATION_ANSWERS = _answers(
    lambda v: m.ElicitationResponse(action="accept", content=v),
    lambda v: m.ElicitationResponse(action=v),
)


async def _a_session_with_odd_callbacks(
    permission: Callable[[], object],
    hook: Callable[[], object],
    tool_answer: Callable[[], object],
    elicitation: Callable[[], object],
) -> None:
    async def can_use_tool(name: str, tool_input: m.JSONObject, context: Any) -> Any:
        return permission()

    async def hook_callback(hook_input: m.HookInput, tool_use_id: str | None, context: Any) -> Any:
        return hook()

    @tool("odd", "Return something odd")
    async def odd() -> Any:
        return tool_answer()

    async def on_elicitation(request: m.ElicitationRequest) -> Any:
        return elicitation()

    call: m.JSONObject = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "odd", "arguments": {}},
    }
    script: list[list[FakeAction]] = [
        [
            AskPermission(tool_name="Bash", input=BASH),
            CallHook(callback_id="hook_0", input={"hook_event_name": "PreToolUse"}),
            SendRequest(request=m.McpMessageRequest(server_name="odd", message=call)),
            SendRequest(request=m.ElicitationRequest(mcp_server_name="odd", message="Which?")),
            Say(text="the turn went on"),
        ],
        [Say(text="and the session too")],
    ]
    options = ClaudeAgentOptions(
        can_use_tool=can_use_tool,
        hooks={"PreToolUse": [HookMatcher(hooks=[hook_callback])]},
        mcp_servers={"odd": create_sdk_mcp_server("odd", tools=[odd])},
        on_elicitation=on_elicitation,
    )
    with trio.fail_after(60):
        async with open_fake_cli(script) as fake:
            async with open_session(attrs.evolve(options, spawn=fake.spawn)) as session:
                await session.send("go")
                assert result_of(await read_turn(session)).result == "the turn went on"
                await session.send("again")
                assert result_of(await read_turn(session)).result == "and the session too"
            process = fake.process
    assert len(process.requests) == 4
    for sent in process.requests:
        assert sent.response is not None and not sent.cancelled
        assert len(answers_to(process, sent.request_id)) == 1  # exactly one answer each
    assert process.invalid_lines == []


@settings(max_examples=max(10, settings().max_examples // 2))
@given(PERMISSION_ANSWERS, HOOK_ANSWERS, TOOL_ANSWERS, ELICITATION_ANSWERS)
def test_rule4_callbacks_returning_anything_never_end_the_session(
    permission: Callable[[], object],
    hook: Callable[[], object],
    tool_answer: Callable[[], object],
    elicitation: Callable[[], object],
) -> None:
    logger = logging.getLogger("trio_claude")
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)  # each failure is logged; thousands of tracebacks
    try:
        trio.run(
            _a_session_with_odd_callbacks,
            permission,
            hook,
            tool_answer,
            elicitation,
            clock=trio.testing.MockClock(autojump_threshold=0),
        )
    finally:
        logger.setLevel(level)
