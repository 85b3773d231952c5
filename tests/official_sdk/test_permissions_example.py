"""The official ``examples/tool_permission_callback.py``, ported, run against the real CLI offline: each
branch of its callback decides what really happens to the files."""

from __future__ import annotations

from pathlib import Path

import pytest

from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from . import tool_permission_callback as example

pytestmark = pytest.mark.real_cli


async def test_tool_permission_callback(
    official_env: MessagesAPI,
    claude_project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    notes = claude_project / "notes.txt"
    notes.write_text("old\n")
    questions: list[str] = []

    def answer(prompt: str) -> str:
        questions.append(prompt)
        return "y"

    monkeypatch.setattr("builtins.input", answer)
    monkeypatch.setattr(example, "requests_seen", [])
    official_env.add_steps(
        tool_turn("Bash", {"command": "ls"}, id="toolu_ls"),
        tool_turn("Write", {"file_path": "/srv/app/hello.py", "content": "print('hello')\n"}, id="toolu_w"),
        tool_turn("Bash", {"command": "python3 safe_output/hello.py"}, id="toolu_run"),
        tool_turn("Bash", {"command": "rm -rf build"}, id="toolu_rm"),
        tool_turn("Read", {"file_path": str(notes)}),  # (a file is read before it is edited)
        tool_turn("Edit", {"file_path": str(notes), "old_string": "old", "new_string": "new"}, id="toolu_e"),
        text_turn("All done."),
    )
    await example.main()
    out = capsys.readouterr().out
    # updated_input moved the write into ./safe_output (relative to cwd=".": the project).
    assert (claude_project / "safe_output" / "hello.py").read_text() == "print('hello')\n"
    results = official_env.script_requests
    assert results[3].tool_result("toolu_run")["content"] == "hello"  # type: ignore[index]
    denied = results[4].tool_result("toolu_rm")
    assert denied is not None and denied["is_error"] is True
    assert denied["content"] == "Dangerous command pattern detected: rm -rf"
    # Anything else was asked on the terminal, and the answer decided.
    assert questions == ["Allow Edit? (y/N): "] and notes.read_text() == "new\n"
    assert "Claude: All done.\nDone in " in out
    asked = [request["tool"] for request in example.requests_seen]
    assert asked == ["Write", "Bash", "Bash", "Edit"]  # (`ls` is read-only: the CLI does not ask)
    assert "   suggestions: [" in out  # what the CLI proposed, typed
