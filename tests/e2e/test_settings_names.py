"""The section I helpers against the real CLI: ``resolve_settings`` agrees with the CLI's own ``get_settings``
answer; the tools of an ``init`` message are built-in tools the constants name.

Run against the pinned CLI and again against the oldest supported one (``./dev test``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import trio

from trio_claude import (
    BUILTIN_TOOL_NAMES,
    LEGACY_TOOL_NAME_ALIASES,
    ClaudeAgentOptions,
    open_session,
    resolve_settings,
)
from trio_claude.model import GetSettingsRequest, InitMessage
from trio_claude.testing import MessagesAPI, text_turn

pytestmark = pytest.mark.real_cli


def _write(path: Path, settings: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings), encoding="utf-8")


async def test_resolve_settings_agrees_with_the_cli(
    offline_options: ClaudeAgentOptions, claude_home: Path, claude_project: Path
) -> None:
    _write(
        claude_home / ".claude" / "settings.json",
        {"permissions": {"allow": ["Read", "Grep"], "deny": ["WebFetch"]}, "env": {"FROM_USER": "1"}},
    )
    _write(
        claude_project / ".claude" / "settings.json",
        {
            "permissions": {"allow": ["Bash(ls:*)", "Read"]},
            "env": {"FROM_PROJECT": "1"},
            "cleanupPeriodDays": 7,
        },
    )
    _write(
        claude_project / ".claude" / "settings.local.json",
        {"permissions": {"ask": ["Write"]}, "env": {"FROM_USER": "local"}, "cleanupPeriodDays": 9},
    )
    with trio.fail_after(60):
        async with open_session(offline_options) as session:
            answer = await session.request(GetSettingsRequest())
    resolved = resolve_settings(cwd=claude_project, config_dir=claude_home / ".claude")
    assert answer.effective == resolved.effective
    assert resolved.effective["env"] == {"FROM_USER": "local", "FROM_PROJECT": "1"}
    assert resolved.provenance["cleanupPeriodDays"].source == "local"
    # The CLI names its tiers userSettings, projectSettings...; the order and the settings are the same.
    cli_sources: list[object] = list(answer.sources or ())
    assert cli_sources == [
        {"source": f"{s.source}Settings", "settings": s.settings} for s in resolved.sources
    ]


async def test_the_init_tools_are_builtin_tool_names(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    messages_api.add_steps(text_turn("Hi."))
    with trio.fail_after(60):
        async with open_session(offline_options) as session:
            await session.send("hello")
            messages = [message async for message in session.receive_response()]
    [init] = [message for message in messages if isinstance(message, InitMessage)]
    tools = set(init.tools or ())
    assert tools, init
    # The CLI still reports the subagent tool by its former name, "Task": the aliases map it.
    current = {LEGACY_TOOL_NAME_ALIASES.get(tool, tool) for tool in tools}
    unknown = current - set(BUILTIN_TOOL_NAMES)
    if claude_cli_version >= (2, 1, 330):
        assert unknown == set()
        assert "Agent" in current
    else:  # the oldest supported CLI has a tool removed since
        assert unknown <= {"TaskOutput"}
