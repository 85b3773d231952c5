"""The official ``examples/hooks.py``, ported (dict inputs by wire key, dict answers), run against the real
CLI offline: what each hook decided really happened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trio_claude.testing import MessagesAPI, RecordedRequest, text_turn, tool_turn

from . import hooks

pytestmark = pytest.mark.real_cli


def result_of(request: RecordedRequest, tool_use_id: str) -> tuple[str, bool]:
    block = request.tool_result(tool_use_id)
    assert block is not None, tool_use_id
    content = block["content"]
    return (content if isinstance(content, str) else json.dumps(content)), block.get("is_error") is True


async def test_pre_tool_use(
    official_env: MessagesAPI, claude_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    official_env.add_steps(
        tool_turn("Bash", {"command": "./deploy.sh --dry-run > deployed"}, id="toolu_deploy"),
        text_turn("That was blocked."),
        tool_turn("Bash", {"command": "echo 'hooks are working' > echoed"}, id="toolu_echo"),
        text_turn("Done."),
    )
    await hooks.main("PreToolUse")
    text, is_error = result_of(official_env.script_requests[1], "toolu_deploy")
    assert is_error and "Commands running deploy.sh are not allowed" in text
    assert not (claude_project / "deployed").exists()
    assert (claude_project / "echoed").read_text() == "hooks are working\n"
    assert capsys.readouterr().out.count("Result ended") == 2


async def test_user_prompt_submit(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("Ada."))
    await hooks.main("UserPromptSubmit")
    assert "The user's name is Ada" in json.dumps(official_env.script_requests[0].body)
    assert "Claude: Ada.\nResult ended\n" in capsys.readouterr().out


async def test_post_tool_use(official_env: MessagesAPI) -> None:
    official_env.add_steps(
        # (a command that fails is a PostToolUseFailure: this one succeeds, printing the error)
        tool_turn("Bash", {"command": "ls /no/such/place 2>&1; true"}, id="toolu_ls"),
        text_turn("It is not there."),
    )
    await hooks.main("PostToolUse")
    assert "That path does not exist; list the directory first." in json.dumps(
        official_env.script_requests[1].body
    )


async def test_decision_fields(
    official_env: MessagesAPI, claude_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret, notes = claude_project / "secret_keys.txt", claude_project / "notes.txt"
    official_env.add_steps(
        tool_turn("Write", {"file_path": str(secret), "content": "x"}, id="toolu_secret"),
        text_turn("Blocked."),
        tool_turn("Write", {"file_path": str(notes), "content": "x"}, id="toolu_notes"),
        text_turn("Written."),
    )
    await hooks.main("DecisionFields")
    text, is_error = result_of(official_env.script_requests[1], "toolu_secret")
    assert is_error and "Policy: no writes to secret files" in text
    assert not secret.exists() and notes.read_text() == "x"
    assert official_env.script_requests[0].model == "claude-sonnet-4-5"


async def test_continue_control(
    official_env: MessagesAPI, claude_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    official_env.add_steps(tool_turn("Bash", {"command": "echo 'FATAL: disk on fire'"}), text_turn("Never."))
    await hooks.main("ContinueControl")
    out = capsys.readouterr().out
    assert "Claude: Never." not in out and out.endswith("Result ended\n")  # the run stopped after the tool
    assert len(official_env.script_requests) == 1
