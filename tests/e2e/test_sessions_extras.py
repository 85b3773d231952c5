"""End to end with the real CLI: the session files it writes, read with ``include_system_messages`` and
archived / unarchived (the mark beside the transcript, as the TypeScript SDK keeps it)."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import attrs
import pytest

from trio_claude import (
    ClaudeAgentOptions,
    Message,
    ResultMessage,
    archive_session,
    get_session_info,
    get_session_messages,
    list_sessions,
    open_session,
    unarchive_session,
)
from trio_claude.testing import MessagesAPI, text_turn

from ._helpers import collect

pytestmark = pytest.mark.real_cli


async def _ask(options: ClaudeAgentOptions, *prompts: str) -> str:
    messages: list[Message] = []
    async with open_session(options) as session:
        for prompt in prompts:
            await session.send(prompt)
            messages = await collect(session.receive_response())
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    return result.session_id


async def test_system_messages_of_a_compacted_session(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path, claude_project: Path
) -> None:
    # the answer, the summary /compact asks for, and the turn the CLI runs after it
    messages_api.add_steps(text_turn("one"), text_turn("Summary of the talk."), text_turn("two"))
    session_id = await _ask(offline_options, "hello", "/compact")
    config = claude_home / ".claude"
    plain = get_session_messages(session_id, claude_project, config_dir=config)
    every = get_session_messages(session_id, claude_project, config_dir=config, include_system_messages=True)
    assert all(m.type in ("user", "assistant") for m in plain)
    (system,) = [m for m in every if m.type == "system"]
    raw = cast("dict[str, object]", system.raw)
    assert isinstance(raw, dict)
    # CLI 2.1.330 compacts (a boundary); 2.1.197 finds too little to compact and records its output
    assert raw.get("subtype") in ("compact_boundary", "local_command")
    assert [m.uuid for m in every if m.type != "system"] == [m.uuid for m in plain]
    assert all(m.parent_agent_id is None for m in every)


async def test_archive_and_unarchive(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path, claude_project: Path
) -> None:
    messages_api.add_steps(text_turn("one"), text_turn("two"))
    config = claude_home / ".claude"
    session_id = await _ask(offline_options, "hello")

    def archived() -> bool | None:
        info = get_session_info(session_id, claude_project, config_dir=config)
        assert info is not None
        (listed,) = list_sessions(claude_project, config_dir=config)
        assert listed.archived == info.archived
        return info.archived

    assert archived() is None  # never archived
    archive_session(session_id, claude_project, config_dir=config)
    assert archived() is True
    (mark,) = config.glob(f"projects/*/{session_id}/archived.json")  # beside the transcript
    assert mark.stat().st_mode & 0o777 == 0o600
    unarchive_session(session_id, claude_project, config_dir=config)
    assert archived() is False
    archive_session(session_id, claude_project, config_dir=config)
    assert archived() is True
    # a prompt sent in the session afterwards unarchives it
    await _ask(attrs.evolve(offline_options, resume=session_id), "again")
    assert archived() is False
    with pytest.raises(FileNotFoundError):
        archive_session("8d1f0a57-3c1e-4b7a-9f1e-2a6c0d5e4b21", config_dir=config)
