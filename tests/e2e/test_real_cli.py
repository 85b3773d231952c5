"""End-to-end tests: the real Claude Code CLI, offline, against the scripted Messages API.

They run against the pinned CLI (``$TRIO_CLAUDE_CLI``, set by ``./dev test``); the same tests run again
against the oldest supported CLI (``./dev test`` runs ``pytest -m real_cli`` with 2.1.197).
"""

from __future__ import annotations

import os
import signal
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest
import trio
from _timing import slack

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    CLINotFoundError,
    PermissionResultAllow,
    PermissionResultDeny,
    ProcessError,
    ResultMessage,
    StreamEvent,
    ThinkingBlock,
    ToolPermissionContext,
    open_query,
    open_session,
)
from trio_claude.model import InitMessage, JSONObject, ToolResultBlock, ToolUseBlock, UserMessage
from trio_claude.testing import APIError, MessagesAPI, ModelTurn, Text, Thinking, text_turn, tool_turn

from ._helpers import collect, result_of, texts

pytestmark = pytest.mark.real_cli


def _process_gone(pid: int | None) -> bool:
    assert pid is not None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_plain_text_turn(offline_options: ClaudeAgentOptions, messages_api: MessagesAPI) -> None:
    messages_api.add_steps(text_turn("Hello from the scripted model."))
    async with open_session(offline_options) as session:
        assert session.server_info is not None
        assert session.pid is not None
        await session.send("Say hello")
        messages = await collect(session.receive_response())
    assert isinstance(messages[0], InitMessage)
    assert texts(messages) == ["Hello from the scripted model."]
    result = result_of(messages)
    assert result.subtype == "success" and not result.is_error
    assert result.result == "Hello from the scripted model."
    assert session.session_id == result.session_id
    assert session.returncode == 0
    (request,) = messages_api.script_requests
    assert "Say hello" in " ".join(request.texts())
    system = str(request.body["system"])
    assert "Claude Agent SDK" in system  # the default is an empty custom prompt, not Claude Code's


async def test_thinking(offline_options: ClaudeAgentOptions, messages_api: MessagesAPI) -> None:
    messages_api.add_steps(ModelTurn(blocks=(Thinking(thinking="Let me think."), Text(text="42"))))
    async with open_session(offline_options) as session:
        await session.send("What is the answer?")
        messages = await collect(session.receive_response())
    blocks = [b for m in messages if isinstance(m, AssistantMessage) for b in m.content]
    thinking = [b for b in blocks if isinstance(b, ThinkingBlock)]
    assert [b.thinking for b in thinking] == ["Let me think."]
    assert thinking[0].signature
    assert texts(messages) == ["42"]


async def test_partial_messages(offline_options: ClaudeAgentOptions, messages_api: MessagesAPI) -> None:
    messages_api.add_steps(text_turn("streamed in small pieces", chunk_size=4))
    options = attrs.evolve(offline_options, include_partial_messages=True)
    async with open_session(options) as session:
        await session.send("stream please")
        messages = await collect(session.receive_response())
    events = [m for m in messages if isinstance(m, StreamEvent)]
    kinds = [e.event_type for e in events]
    assert kinds[0] == "message_start" and "message_stop" in kinds
    deltas = "".join(
        e.event["delta"]["text"]
        for e in events
        if e.event_type == "content_block_delta" and e.event["delta"]["type"] == "text_delta"
    )
    assert deltas == "streamed in small pieces"
    assert len([e for e in events if e.event_type == "content_block_delta"]) > 1
    assert texts(messages) == ["streamed in small pieces"]


async def test_two_turns_on_one_session(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("first answer"), text_turn("second answer"))
    async with open_session(offline_options) as session:
        await session.send("first question")
        first = await collect(session.receive_response())
        await session.send("second question")
        second = await collect(session.receive_response())
    assert texts(first) == ["first answer"] and texts(second) == ["second answer"]
    assert result_of(first).session_id == result_of(second).session_id
    history = " ".join(messages_api.script_requests[1].texts())
    assert "first question" in history and "first answer" in history and "second question" in history


async def test_interrupt_while_streaming(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("one two three four five six", chunk_size=4, stall=True))
    messages_api.add_steps(text_turn("after the interrupt"))
    async with open_session(offline_options) as session:
        await session.send("talk slowly")
        await messages_api.wait_for_requests(1)
        await trio.sleep(0.3)  # let some of the stream arrive
        await session.interrupt()
        interrupted = await collect(session.receive_response())
        result = result_of(interrupted)
        assert result.subtype == "error_during_execution" and result.is_error
        assert result.terminal_reason == "aborted_streaming"
        assert any(
            isinstance(m, UserMessage) and "[Request interrupted by user]" in str(m.content)
            for m in interrupted
        )
        await session.send("are you there?")
        after = await collect(session.receive_response())
    assert texts(after) == ["after the interrupt"]
    assert not result_of(after).is_error


async def test_resume_after_the_process_ended(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("I will remember the word PAPAYA."), text_turn("The word was PAPAYA."))
    async with open_session(offline_options) as session:
        await session.send("remember PAPAYA")
        first = result_of(await collect(session.receive_response()))
    assert session.returncode == 0
    async with open_session(attrs.evolve(offline_options, resume=first.session_id)) as resumed:
        assert resumed.session_id == first.session_id
        await resumed.send("what was the word?")
        second = result_of(await collect(resumed.receive_response()))
    assert second.session_id == first.session_id
    history = " ".join(messages_api.script_requests[1].texts())
    assert "remember PAPAYA" in history and "I will remember the word PAPAYA." in history


async def test_resume_of_a_missing_session_fails_fast(offline_options: ClaudeAgentOptions) -> None:
    missing = str(uuid.uuid4())
    started = time.monotonic()
    with pytest.raises(ProcessError) as info:
        async with open_session(attrs.evolve(offline_options, resume=missing)):
            pytest.fail("the session must not start")
    assert time.monotonic() - started < 10
    assert info.value.exit_code == 1
    assert info.value.result is not None
    assert any(missing in error for error in info.value.result.errors or ())
    assert missing in str(info.value)


async def test_string_prompt_query(offline_options: ClaudeAgentOptions, messages_api: MessagesAPI) -> None:
    messages_api.add_steps(text_turn("query answer"))
    async with open_query("one question", offline_options) as messages:
        collected = [message async for message in messages]
    assert texts(collected) == ["query answer"]
    assert isinstance(collected[-1], ResultMessage) and not collected[-1].is_error


async def test_async_iterable_prompt_query(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("answer one"), text_turn("answer two"))

    async def prompts() -> AsyncIterator[str]:
        yield "question one"
        yield "question two"

    async with open_query(prompts(), offline_options) as messages:
        collected = [message async for message in messages]
    assert texts(collected) == ["answer one", "answer two"]
    assert len([m for m in collected if isinstance(m, ResultMessage)]) == 2


@pytest.mark.parametrize(
    ("status", "error"), [(500, "server_error"), (401, "authentication_failed")], ids=["500", "401"]
)
async def test_api_errors(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_cli_version: tuple[int, ...],
    status: int,
    error: str,
) -> None:
    messages_api.add_steps(APIError(status=status), text_turn("recovered"))
    async with open_session(offline_options) as session:
        await session.send("hello?")
        failed = await collect(session.receive_response())
        await session.send("again")
        after = await collect(session.receive_response())
    result = result_of(failed)
    assert result.is_error and result.subtype == "success"
    assert result.api_error_status == status
    if claude_cli_version >= (2, 1, 330):
        assert result.terminal_reason == "api_error"
    (synthetic,) = [m for m in failed if isinstance(m, AssistantMessage)]
    assert synthetic.error == error
    assert str(status) in (result.result or "")
    assert texts(after) == ["recovered"] and not result_of(after).is_error


async def test_permission_callback(offline_options: ClaudeAgentOptions, messages_api: MessagesAPI) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": "touch created.txt && echo made", "description": "Create a file"}),
        text_turn("The file is there."),
    )
    asked: list[tuple[str, JSONObject, ToolPermissionContext]] = []

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        asked.append((name, tool_input, context))
        return PermissionResultAllow()

    options = attrs.evolve(offline_options, can_use_tool=can_use_tool)
    async with open_session(options) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    (name, tool_input, context) = asked[0]
    assert name == "Bash" and tool_input["command"] == "touch created.txt && echo made"
    tool_use = next(b for m in messages if isinstance(m, AssistantMessage) for b in m.content)
    assert isinstance(tool_use, ToolUseBlock) and context.tool_use_id == tool_use.id
    assert context.suggestions  # the CLI proposes rules
    assert "created.txt" in os.listdir(str(offline_options.cwd))
    results = [
        b
        for m in messages
        if isinstance(m, UserMessage) and not isinstance(m.content, str)
        for b in m.content
    ]
    assert any(isinstance(b, ToolResultBlock) and not b.is_error for b in results)
    assert messages_api.script_requests[1].tool_result(tool_use.id) is not None
    assert texts(messages) == ["The file is there."]


async def test_cli_killed_from_outside(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("never finishes", stall=True))
    pids: list[int | None] = []
    with pytest.raises(ProcessError) as info:
        async with open_session(offline_options) as session:
            pids.append(session.pid)
            await session.send("work")
            await messages_api.wait_for_requests(1)
            assert session.pid is not None
            os.kill(session.pid, signal.SIGKILL)
            async for _ in session.receive_messages():
                pass
    assert info.value.exit_code == -signal.SIGKILL
    assert _process_gone(pids[0])


async def test_leaving_midcollect(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path
) -> None:
    messages_api.add_steps(text_turn("this takes forever", stall=True))
    async with open_session(offline_options) as session:
        await session.send("a long task")
        async for message in session.receive_messages():
            if isinstance(message, InitMessage):
                break
        await messages_api.wait_for_requests(1)
        left = time.monotonic()
    elapsed = time.monotonic() - left
    assert elapsed < slack(), elapsed  # rule 5: a CLI that honours interrupt and EOF exits at once
    assert _process_gone(session.pid)
    session_id = session.session_id
    assert session_id is not None
    files = list((claude_home / ".claude" / "projects").glob(f"*/{session_id}.jsonl"))
    assert files, "the session file was written"
    # The session file is intact: the conversation resumes.
    messages_api.add_steps(text_turn("resumed fine"))
    async with open_session(attrs.evolve(offline_options, resume=session_id)) as resumed:
        await resumed.send("still there?")
        after = await collect(resumed.receive_response())
    assert texts(after) == ["resumed fine"]
    assert "a long task" in " ".join(messages_api.script_requests[-1].texts())


async def test_missing_cli_is_a_typed_error(tmp_path: Path) -> None:
    with pytest.raises(CLINotFoundError, match="not found"):
        async with open_session(ClaudeAgentOptions(cli_path=tmp_path / "no-such-claude")):
            pass
