"""The official Python SDK's hook example patterns (``official_hooks``: dict inputs read by wire key, dict
answers) against the real CLI, unchanged: each scenario of its ``examples/hooks.py``, with the scripted
model doing what the example's prompt asks."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
import trio
from official_hooks import (
    add_custom_instructions,
    add_prompt_context,
    check_bash_command,
    review_tool_output,
    stop_on_error_hook,
    strict_approval_hook,
)

from trio_claude import ClaudeAgentOptions, HookCallback, HookMatcher, open_session
from trio_claude.model import Message
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import body_text, collect, result_of, result_text, texts, tool_use

pytestmark = pytest.mark.real_cli


def _options(
    options: ClaudeAgentOptions, event: str, matcher: str | None, hook: HookCallback, allowed: list[str]
) -> ClaudeAgentOptions:
    """Like the official example: ``allowed_tools`` and one matcher."""
    return attrs.evolve(
        options, allowed_tools=allowed, hooks={event: [HookMatcher(matcher=matcher, hooks=[hook])]}
    )


async def _turn(options: ClaudeAgentOptions, *prompts: str) -> list[list[Message]]:
    async with open_session(options) as session:
        turns: list[list[Message]] = []
        for prompt in prompts:
            await session.send(prompt)
            with trio.fail_after(30):
                turns.append(await collect(session.receive_response()))
    return turns


async def test_pre_tool_use_blocks_one_command_and_not_another(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": "./foo.sh --help > foo.sh.out", "description": "Run foo"}),
        text_turn("That command was blocked."),
        tool_turn(
            "Bash", {"command": "echo 'Hello from hooks example!' > hello.txt", "description": "Say hi"}
        ),
        text_turn("Done."),
    )
    options = _options(offline_options, "PreToolUse", "Bash", check_bash_command, ["Bash"])
    first, second = await _turn(options, "Run the bash command: ./foo.sh --help", "Run: echo 'Hello'")
    text, is_error = result_text(messages_api.script_requests[1], tool_use(first).id)
    assert is_error and "Command contains invalid pattern: foo.sh" in text
    assert not (claude_project / "foo.sh.out").exists()
    assert (claude_project / "hello.txt").read_text() == "Hello from hooks example!\n"
    assert texts(second) == ["Done."] and not result_of(second).is_error


async def test_decision_fields_deny_one_write_and_allow_another(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    important, regular = claude_project / "important_config.txt", claude_project / "regular_file.txt"
    messages_api.add_steps(
        tool_turn("Write", {"file_path": str(important), "content": "test data"}),
        text_turn("Blocked."),
        tool_turn("Write", {"file_path": str(regular), "content": "test data"}),
        text_turn("Written."),
    )
    # No allowed_tools and no can_use_tool: only the hook's explicit "allow" lets the second Write run.
    options = _options(offline_options, "PreToolUse", "Write", strict_approval_hook, [])
    first, _ = await _turn(options, "Write to important_config.txt", "Write to regular_file.txt")
    text, is_error = result_text(messages_api.script_requests[1], tool_use(first).id)
    assert is_error and "Security policy blocks writes to important files" in text
    assert not important.exists() and regular.read_text() == "test data"


async def test_post_tool_use_review_adds_context_for_the_model(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": "echo 'error: disk full'", "description": "Check"}), text_turn("I see.")
    )
    options = _options(offline_options, "PostToolUse", "Bash", review_tool_output, ["Bash"])
    [turn] = await _turn(options, "Run this command")
    assert "The command encountered an error. Try a different approach." in body_text(
        messages_api.script_requests[1]
    )
    assert texts(turn) == ["I see."]


async def test_continue_false_stops_the_agent(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": "echo 'CRITICAL ERROR: system failure'", "description": "Fail"})
    )
    options = _options(offline_options, "PostToolUse", "Bash", stop_on_error_hook, ["Bash"])
    [turn] = await _turn(options, "Run this bash command")
    assert result_of(turn).terminal_reason == "hook_stopped"
    assert len(messages_api.script_requests) == 1  # no model call after the tool


async def test_continue_true_goes_on(offline_options: ClaudeAgentOptions, messages_api: MessagesAPI) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": "echo fine", "description": "Fine"}), text_turn("Fine.")
    )
    options = _options(offline_options, "PostToolUse", "Bash", stop_on_error_hook, ["Bash"])
    [turn] = await _turn(options, "Run this bash command")
    assert texts(turn) == ["Fine."] and not result_of(turn).is_error


async def test_user_prompt_submit_context(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("Hot pink."))
    [turn] = await _turn(
        _options(offline_options, "UserPromptSubmit", None, add_prompt_context, []),
        "What's my favorite color?",
    )
    assert "My favorite color is hot pink" in body_text(messages_api.script_requests[0])
    assert texts(turn) == ["Hot pink."]


async def test_user_prompt_submit_with_a_session_start_answer_is_rejected_not_fatal(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    # The official example answers UserPromptSubmit with a SessionStart output: the real CLI exits with
    # code 1 on it.  Here the answer is rejected (no opinion) and both turns go on.
    messages_api.add_steps(text_turn("I don't know."), text_turn("Still here."))
    options = _options(offline_options, "UserPromptSubmit", None, add_custom_instructions, [])
    first, second = await _turn(options, "What's my favorite color?", "Hello?")
    assert "hot pink" not in body_text(messages_api.script_requests[0])
    assert texts(first) == ["I don't know."] and texts(second) == ["Still here."]
