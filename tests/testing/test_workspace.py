"""open_workspace: a throw-away HOME and project, scripted offline or the real API when there is a key."""

from __future__ import annotations

from pathlib import Path

import pytest

from trio_claude import open_query
from trio_claude.model import AssistantMessage, ResultMessage, TextBlock
from trio_claude.testing import open_workspace, text_turn


async def test_offline_by_default_without_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
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


async def test_the_real_api_when_a_key_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    async with open_workspace([text_turn("never served")]) as workspace:
        assert not workspace.offline and workspace.api is None
        assert workspace.env == {}
        workspace.add_steps(text_turn("ignored"))  # nothing to add to
    async with open_workspace(real_api=False) as workspace:
        assert workspace.offline


def test_options_run_the_pinned_cli_in_the_project(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from trio_claude.testing import Workspace

    monkeypatch.setenv("TRIO_CLAUDE_CLI", "/opt/claude")
    workspace = Workspace(home=tmp_path / "h", project=tmp_path / "p", env={"A": "1"}, api=None)
    options = workspace.options(model="opus", env={"B": "2"})
    assert options.cli_path == "/opt/claude"
    assert options.cwd == tmp_path / "p"
    assert options.model == "opus"
    assert dict(options.env) == {"B": "2"}  # an override wins
    assert dict(workspace.options().env) == {"A": "1"}


@pytest.mark.real_cli
async def test_a_real_cli_turn_in_a_workspace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
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
