"""open_workspace: a throw-away HOME and project, scripted offline unless the real API is asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

from trio_claude import open_query
from trio_claude.model import AssistantMessage, ResultMessage, TextBlock
from trio_claude.testing import open_workspace, text_turn


async def test_offline_by_default_without_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("TRIO_CLAUDE_REAL_API", raising=False)
    async with open_workspace([text_turn("hi")], prefix="tc-ws-") as workspace:
        assert workspace.offline and workspace.api is not None
        assert workspace.home.is_dir() and workspace.project.is_dir()
        assert not any(workspace.project.iterdir())
        assert workspace.home.parent.name.startswith("tc-ws-")
        assert workspace.env["ANTHROPIC_BASE_URL"] == workspace.api.base_url
        assert workspace.env["HOME"] == str(workspace.home)
        assert workspace.env["CLAUDE_CODE_MAX_RETRIES"] == "0"
        scratch = workspace.home.parent
    assert not scratch.exists()  # removed on exit


async def test_a_key_alone_does_not_switch_to_the_real_api(monkeypatch: pytest.MonkeyPatch) -> None:
    # A key exported for other tools must not make an example spend money or write into ~/.claude.
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    monkeypatch.delenv("TRIO_CLAUDE_REAL_API", raising=False)
    async with open_workspace([text_turn("served")]) as workspace:
        assert workspace.offline and workspace.api is not None
        assert workspace.env["HOME"] == str(workspace.home)
        assert workspace.env["ANTHROPIC_API_KEY"] != "sk-test"


@pytest.mark.parametrize("value", ["1", "true", "YES"])
async def test_the_real_api_when_asked(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("TRIO_CLAUDE_REAL_API", value)
    async with open_workspace([text_turn("never served")]) as workspace:
        assert not workspace.offline and workspace.api is None
        assert workspace.env == {}
        workspace.add_steps(text_turn("ignored"))  # nothing to add to
    async with open_workspace(real_api=False) as workspace:
        assert workspace.offline
    monkeypatch.delenv("TRIO_CLAUDE_REAL_API")
    async with open_workspace(real_api=True) as workspace:
        assert not workspace.offline


@pytest.mark.parametrize("value", ["", "0", "false", "No"])
async def test_offline_when_the_variable_says_so(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("TRIO_CLAUDE_REAL_API", value)
    async with open_workspace() as workspace:
        assert workspace.offline


async def test_an_unreadable_real_api_variable_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRIO_CLAUDE_REAL_API", "please")
    with pytest.raises(ValueError, match="TRIO_CLAUDE_REAL_API='please': set it to 1"):
        async with open_workspace():
            pass


def test_options_run_the_cli_in_the_project(tmp_path: Path) -> None:
    from trio_claude.testing import Workspace

    workspace = Workspace(home=tmp_path / "h", project=tmp_path / "p", env={"A": "1"}, api=None)
    options = workspace.options(model="opus", env={"B": "2"})
    assert options.cli_path is None  # found as always: find_cli reads $TRIO_CLAUDE_CLI
    assert options.cwd == tmp_path / "p"
    assert options.model == "opus"
    assert dict(options.env) == {"B": "2"}  # an override wins
    assert dict(workspace.options().env) == {"A": "1"}


@pytest.mark.real_cli
async def test_a_real_cli_turn_in_a_workspace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRIO_CLAUDE_REAL_API", raising=False)
    async with open_workspace() as workspace:
        workspace.add_steps(text_turn("Hello from the workspace."))
        async with open_query("hello", workspace.options()) as messages:
            collected = [message async for message in messages]
        assert workspace.api is not None
        assert len(workspace.api.requests) >= 1
    texts = [
        block.text
        for message in collected
        if isinstance(message, AssistantMessage)
        for block in message.content
        if isinstance(block, TextBlock)
    ]
    assert texts == ["Hello from the workspace."]
    assert isinstance(collected[-1], ResultMessage)
