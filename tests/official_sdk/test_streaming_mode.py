"""The official ``examples/streaming_mode.py``, ported, run against the real CLI offline: each example on
its own, with what the scripted model answers and what the example must observe."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from . import streaming_mode

pytestmark = pytest.mark.real_cli


def claude_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("Claude:")]


async def test_basic_streaming(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("10."))
    await streaming_mode.main("basic_streaming")
    assert capsys.readouterr().out == "Claude: 10.\nResult ended\n"


async def test_multi_turn_conversation(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("Jupiter."), text_turn("Ninety-five."))
    await streaming_mode.main("multi_turn_conversation")
    assert capsys.readouterr().out == "Claude: Jupiter.\nResult ended\nClaude: Ninety-five.\nResult ended\n"
    assert "Jupiter." in str(official_env.script_requests[1].messages)  # one conversation


async def test_concurrent_responses(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("2."), text_turn("4."), text_turn("6."))
    await streaming_mode.main("concurrent_responses")
    out = capsys.readouterr().out
    assert claude_lines(out) == ["Claude: 2.", "Claude: 4.", "Claude: 6."]
    assert out.count("Result ended") == 3
    official_env.assert_script_done()


async def test_with_interrupt(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("1, 2, 3, 4", stall=True), text_turn("Why did the chicken..."))
    started = time.monotonic()
    await streaming_mode.main("with_interrupt")
    assert time.monotonic() - started < 15
    out = capsys.readouterr().out
    assert "[interrupting]\n" in out
    # The interrupted turn ended with its result, and the next turn was answered.
    assert out.endswith("Result ended\nClaude: Why did the chicken...\nResult ended\n"), out
    assert len(official_env.dropped) == 1


async def test_manual_message_handling(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("The Nile flows north, the Amazon east and the Danube east."))
    await streaming_mode.main("manual_message_handling")
    assert capsys.readouterr().out.endswith("Result ended\nRivers: ['Nile', 'Amazon', 'Danube']\n")


async def test_with_options(
    official_env: MessagesAPI, claude_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hello = claude_project / "hello.txt"
    write = tool_turn("Write", {"file_path": str(hello), "content": "Hi!"})
    official_env.add_steps(write, text_turn("Done."))
    await streaming_mode.main("with_options")
    assert capsys.readouterr().out.endswith("Claude: Done.\nResult ended\nTools used: Write\n")
    assert hello.read_text() == "Hi!"  # allowed_tools
    first = official_env.script_requests[0]
    assert first.model == "claude-sonnet-4-5"  # env reached the CLI
    assert first.body["system"][-1]["text"] == "You are a careful programming assistant."


async def test_async_iterable_prompt(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("Go ahead."), text_turn("Lima."), text_turn("5."))
    await streaming_mode.main("async_iterable_prompt")
    out = capsys.readouterr().out
    # Every prompt reached the model (the CLI may answer queued prompts together).
    asked = " ".join(" ".join(request.texts()) for request in official_env.script_requests)
    for prompt in ["Hello! Two questions.", "What is the capital of Peru?", "What is 10% of 50?"]:
        assert f"User: {prompt}\n" in out and prompt in asked
    assert out.count("Result ended") == len(official_env.script_requests)


async def test_bash_command(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(
        tool_turn("Bash", {"command": "echo 'hello from bash'"}, id="toolu_echo"), text_turn("It said hello.")
    )
    await streaming_mode.main("bash_command")
    out = capsys.readouterr().out
    assert "Tool use: Bash (toolu_echo)\n  Command: echo 'hello from bash'\n" in out
    assert "Tool result (toolu_echo): hello from bash" in out
    assert "Claude: It said hello.\nResult ended\n" in out
    assert "Kinds: ['AssistantMessage', 'InitMessage', 'ResultMessage', 'UserMessage']" in out


async def test_control_protocol(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("1, 2, 3", stall=True), text_turn("Hello!"))
    await streaming_mode.main("control_protocol")
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Commands: ") and int(lines[0].split()[1]) > 3
    assert lines[1] == "Output style: default"
    assert lines[2].startswith("Output styles: default, ")
    assert all(line.startswith("  /") for line in lines[3:6])
    assert "Interrupt sent\n" in out and out.endswith("Claude: Hello!\n")


async def test_error_handling(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("Waiting for the command", stall=True))
    started = time.monotonic()
    await streaming_mode.main("error_handling")
    assert time.monotonic() - started < 15
    out = capsys.readouterr().out
    assert out.startswith(f"Timed out after {streaming_mode.PATIENCE} s with ")
    assert "error" not in out.lower()
