"""The official examples made of one-shot queries (quick_start, system_prompt, tools_option), ported, run
against the real CLI offline: what each prints, and what reached the model."""

from __future__ import annotations

from pathlib import Path

import pytest

from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from . import quick_start, system_prompt, tools_option

pytestmark = pytest.mark.real_cli


def system_texts(api: MessagesAPI, index: int) -> list[str]:
    """The system prompt blocks of the ``index``-th scripted request."""
    return [block["text"] for block in api.script_requests[index].body["system"]]


async def test_quick_start(
    official_env: MessagesAPI, claude_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    greeting = claude_project / "greeting.txt"
    official_env.add_steps(
        text_turn("Eight."),
        text_turn("A program that translates programs."),
        tool_turn("Write", {"file_path": str(greeting), "content": "hi there"}),
        text_turn("Written."),
    )
    await quick_start.main()
    out = capsys.readouterr().out
    assert "Claude: Eight.\n" in out and "Claude: A program that translates programs.\n" in out
    assert "Claude: Written.\nCost: $" in out
    assert greeting.read_text() == "hi there"  # allowed_tools let the Write run
    assert system_texts(official_env, 1)[-1] == "Answer like a patient teacher, in one sentence."
    assert system_texts(official_env, 2)[-1] == "You look after files."
    official_env.assert_script_done()


async def test_system_prompt(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(*(text_turn(f"{prime}.") for prime in (2, 3, 5, 7)))
    await system_prompt.main()
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if line.startswith("Claude:")] == [
        "Claude: 2.",
        "Claude: 3.",
        "Claude: 5.",
        "Claude: 7.",
    ]
    plain, string, preset, appended = (system_texts(official_env, index) for index in range(4))
    # No system prompt: a short one (as the official SDK's); the preset: the CLI's long one.
    assert len("".join(plain)) < 500 < 5000 < len("".join(preset))
    assert string[-1] == "You are a ship's cook. Talk about soup."
    assert len("".join(appended)) > 5000
    assert appended[-1].endswith("Finish every answer with a haiku.")
    official_env.assert_script_done()


async def test_tools_option(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("Read, Glob, Grep."), text_turn("None."), text_turn("Many."))
    await tools_option.main()
    out = capsys.readouterr().out
    assert "Tools in init: 3: ['Glob', 'Grep', 'Read']\n" in out
    assert "Tools in init: 0: []\n" in out
    # (CLI 2.1.330 adds a placeholder for the tools it defers.)
    offered = [
        set(request.tool_names) - {"DeferredToolPlaceholder"} for request in official_env.script_requests
    ]
    assert offered[0] == {"Read", "Glob", "Grep"}
    assert offered[1] == set()
    assert {"Bash", "Read", "Write", "Edit"} <= offered[2]
    official_env.assert_script_done()
