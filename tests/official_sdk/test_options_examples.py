"""The official examples about a budget, stderr and streaming events (max_budget_usd,
stderr_callback_example, include_partial_messages), ported, run against the real CLI offline."""

from __future__ import annotations

from pathlib import Path

import pytest

from trio_claude.testing import MessagesAPI, ModelTurn, Text, Thinking, Usage, text_turn, tool_turn

from . import include_partial_messages, max_budget_usd, stderr_callback

pytestmark = pytest.mark.real_cli


async def test_max_budget_usd(
    official_env: MessagesAPI, claude_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (claude_project / "notes.txt").write_text("Buy milk.\n")
    official_env.add_steps(
        text_turn("7."),
        text_turn("Seven."),
        tool_turn("Read", {"file_path": str(claude_project / "notes.txt")}, usage=Usage(input_tokens=5000)),
    )
    await max_budget_usd.main()
    out = capsys.readouterr().out
    assert out.count("Ended: success\n") == 2
    assert "Ended: error_max_budget_usd\nThe budget ran out.\n" in out
    official_env.assert_script_done()  # the model was not asked again once the budget was spent


async def test_stderr_callback(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("6."), text_turn("Six."))
    assert await stderr_callback.main() == []  # a quiet CLI writes nothing on stderr
    # With the CLI's debug output on stderr, the callback gets each line.
    lines = await stderr_callback.main({"debug-to-stderr": None})
    assert len(lines) > 5 and all("\n" not in line for line in lines)
    out = capsys.readouterr().out
    assert "Content: 1\n" in out  # the assistant message's one block
    assert f"{len(lines)} stderr lines\n" in out


async def test_include_partial_messages(
    official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]
) -> None:
    riddle: list[Text | Thinking] = [
        Thinking(thinking="A riddle about keys."),
        Text(text="What has keys but no locks?"),
    ]
    official_env.add_steps(ModelTurn(blocks=riddle))
    await include_partial_messages.main()
    out = capsys.readouterr().out
    assert out.count("StreamEvent(") > 5
    assert "'type': 'content_block_delta'" in out
    assert "ThinkingBlock(" in out and "TextBlock(text='What has keys but no locks?')" in out
    assert out.rstrip().splitlines()[-1].startswith("ResultMessage(subtype='success'")
    [request] = official_env.script_requests
    assert request.model == "claude-sonnet-4-5"
    assert request.body.get("thinking", {}).get("budget_tokens") == 4000
