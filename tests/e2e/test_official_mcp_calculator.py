"""End-to-end: the official SDK's MCP calculator example (tests/official_sdk/mcp_calculator.py), unchanged but
for its imports and ``ClaudeSDKClient`` → ``open_session``, runs its ``main()`` against the real CLI, offline.

The example builds its own options (no CLI path, working directory or environment), so the test gives
those as a user's shell would: ``PATH`` finds the pinned CLI, the environment points it at the scripted
Messages API, and the working directory is a throw-away project.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from official_sdk import mcp_calculator as example

from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import block_text

pytestmark = pytest.mark.real_cli

# One session per prompt, as the example runs them: what the scripted model does in each.
SCRIPT = [
    # "List your tools"
    text_turn("add, subtract, multiply, divide, sqrt and power."),
    # "Calculate 15 + 27"
    tool_turn("mcp__calc__add", {"a": 15, "b": 27}, id="toolu_add"),
    text_turn("42."),
    # "What is 100 divided by 7?" (a first call by zero, which the tool reports as an error)
    tool_turn("mcp__calc__divide", {"a": 100, "b": 0}, id="toolu_div0"),
    tool_turn("mcp__calc__divide", {"a": 100, "b": 7}, id="toolu_div7"),
    text_turn("About 14.29."),
    # "Calculate the square root of 144"
    tool_turn("mcp__calc__sqrt", {"n": 144}, id="toolu_sqrt"),
    text_turn("12."),
    # "What is 2 raised to the power of 8?"
    tool_turn("mcp__calc__power", {"base": 2, "exponent": 8}, id="toolu_pow"),
    text_turn("256."),
    # "Calculate (12 + 8) * 3 - 10"
    tool_turn("mcp__calc__add", {"a": 12, "b": 8}, id="toolu_add2"),
    tool_turn("mcp__calc__multiply", {"a": 20, "b": 3}, id="toolu_mul"),
    tool_turn("mcp__calc__subtract", {"a": 60, "b": 10}, id="toolu_sub"),
    text_turn("50."),
]


async def test_the_official_calculator_example_runs_unchanged(
    messages_api: MessagesAPI,
    claude_cli: Path,
    claude_home: Path,
    claude_project: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for key, value in messages_api.cli_env(claude_home).items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("PATH", f"{claude_cli.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("TRIO_CLAUDE_CLI", str(claude_cli))
    monkeypatch.chdir(claude_project)
    messages_api.add_steps(*SCRIPT)

    await example.main()  # type: ignore[no-untyped-call]

    out = capsys.readouterr().out
    assert out.count("Result ended") == 6, out
    assert "Claude: add, subtract, multiply, divide, sqrt and power." in out
    assert "Using tool: mcp__calc__add\n  Input: {'a': 15, 'b': 27}" in out
    assert "Claude: 50." in out
    # What the tools answered reached the model, errors marked as errors.
    answers = [
        (2, "toolu_add", "15 + 27 = 42"),
        (4, "toolu_div0", "Error: Division by zero is not allowed"),
        (5, "toolu_div7", "100 ÷ 7 = 14.285714285714286"),
        (7, "toolu_sqrt", "√144 = 12.0"),
        (9, "toolu_pow", "2^8 = 256"),
        (11, "toolu_add2", "12 + 8 = 20"),
        (12, "toolu_mul", "20 × 3 = 60"),  # noqa: RUF001 - the example prints a multiplication sign
        (13, "toolu_sub", "60 - 10 = 50"),
    ]
    for index, tool_use_id, text in answers:
        block = messages_api.script_requests[index].tool_result(tool_use_id)
        assert block is not None, tool_use_id
        # (CLI 2.1.330 appends a ToolSearch hint to an error of a deferred tool.)
        assert block_text(block).startswith(text), block
        assert (block.get("is_error") is True) is (tool_use_id == "toolu_div0"), block
