"""What the real CLI does with ``--session-mirror`` (the facts the session stores are built on), and the
store functions giving the same answers as the disk functions for a session the real CLI wrote.

These tests pass the flag with ``extra_args`` (no ``session_store``, so the frames reach the consumer) and
read the ``transcript_mirror`` frames themselves; ``test_store_resume.py`` runs the ``session_store`` option.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    InMemorySessionStore,
    Message,
    ResultMessage,
    SessionKey,
    SQLiteSessionStore,
    fork_session_via_store,
    get_session_info,
    get_session_info_from_store,
    get_session_messages,
    get_session_messages_from_store,
    import_session_to_store,
    list_sessions,
    list_sessions_from_store,
    open_session,
    project_key_for_directory,
    rename_session_via_store,
    session_key_for_file,
    tag_session_via_store,
)
from trio_claude.model import RenameSessionRequest, TranscriptMirrorMessage
from trio_claude.testing import MessagesAPI, text_turn

pytestmark = pytest.mark.real_cli


async def _mirrored_session(options: ClaudeAgentOptions) -> tuple[str, list[Message]]:
    """Two turns and a rename, with ``--session-mirror``: the session id and every message seen."""
    seen: list[Message] = []
    async with open_session(options) as session:
        await session.send("first prompt")
        seen += [m async for m in session.receive_response()]
        await session.request(RenameSessionRequest(title="Mirrored"))
        await session.send("second prompt")
        seen += [m async for m in session.receive_response()]
    result = seen[-1]
    assert isinstance(result, ResultMessage)
    return result.session_id, seen


def _disk_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


async def test_session_mirror_frames_carry_each_local_write(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path, claude_project: Path
) -> None:
    messages_api.add_steps(text_turn("one"), text_turn("two"))
    options = attrs.evolve(offline_options, extra_args={"session-mirror": None})
    session_id, seen = await _mirrored_session(options)
    frames = [m for m in seen if isinstance(m, TranscriptMirrorMessage)]
    assert frames, "no transcript_mirror frame"
    projects = claude_home / ".claude" / "projects"
    main = projects / project_key_for_directory(claude_project) / f"{session_id}.jsonl"
    expected: SessionKey = {
        "project_key": project_key_for_directory(claude_project),
        "session_id": session_id,
    }
    for frame in frames:
        assert frame.file_path == str(main)  # as CLAUDE_CONFIG_DIR was given, not resolved
        assert frame.entries and session_key_for_file(frame.file_path, projects) == expected
        assert not frame.extra  # filePath and entries only: no session_id, no uuid
    mirrored = [dict(e) for frame in frames for e in frame.entries]
    on_disk = _disk_lines(main)
    # Every mirrored entry is a line of the file, in file order; the conversation is all there.  (CLI
    # 2.1.330 writes api-request* bookkeeping lines that it does not mirror.)
    remaining = iter(on_disk)
    assert all(any(entry == line for line in remaining) for entry in mirrored)
    conversation = [line for line in on_disk if line.get("type") in ("user", "assistant")]
    assert [e for e in mirrored if e.get("type") in ("user", "assistant")] == conversation
    assert {"type": "custom-title", "customTitle": "Mirrored", "sessionId": session_id} in mirrored
    with_uuid = [e["uuid"] for e in mirrored if "uuid" in e]
    assert len(with_uuid) == len(set(with_uuid))
    assert any("uuid" not in e for e in mirrored)  # queue-operation, last-prompt, titles: no uuid


async def test_no_frames_without_the_flag_or_without_persistence(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("one"), text_turn("two"), text_turn("three"), text_turn("four"))
    for options in (
        offline_options,
        attrs.evolve(offline_options, extra_args={"session-mirror": None}, persist_session=False),
    ):
        _, seen = await _mirrored_session(options)
        assert not [m for m in seen if isinstance(m, TranscriptMirrorMessage)]


async def test_a_session_resumes_from_mirrored_entries_alone_in_another_directory(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, tmp_path: Path
) -> None:
    messages_api.add_steps(text_turn("one"), text_turn("two"), text_turn("three"))
    options = attrs.evolve(offline_options, extra_args={"session-mirror": None})
    session_id, seen = await _mirrored_session(options)
    projects = Path(options.env["CLAUDE_CONFIG_DIR"]) / "projects"
    store = InMemorySessionStore()
    for frame in (m for m in seen if isinstance(m, TranscriptMirrorMessage)):
        key = session_key_for_file(frame.file_path, projects)
        assert key is not None
        await store.append(key, [dict(e) for e in frame.entries])  # type: ignore[misc]
    # Another machine: a new HOME, a config dir holding nothing but the materialised transcript, and a
    # working directory at another path (so under another project key).
    elsewhere, home, config = tmp_path / "elsewhere", tmp_path / "home2", tmp_path / "materialised"
    for folder in (elsewhere, home):
        folder.mkdir()
    entries = await store.load(
        {"project_key": project_key_for_directory(options.cwd), "session_id": session_id}
    )
    assert entries
    target = config / "projects" / project_key_for_directory(elsewhere) / f"{session_id}.jsonl"
    target.parent.mkdir(parents=True)
    target.write_text("".join(json.dumps(e) + "\n" for e in entries))
    requests_before = len(messages_api.script_requests)
    env = {**messages_api.cli_env(home), "CLAUDE_CONFIG_DIR": str(config)}
    resumed = attrs.evolve(offline_options, cwd=elsewhere, env=env, resume=session_id)
    async with open_session(resumed) as session:
        await session.send("third prompt")
        after = [m async for m in session.receive_response()]
    assert isinstance(after[-1], ResultMessage) and after[-1].session_id == session_id
    request = messages_api.script_requests[requests_before]
    texts = json.dumps(request.body["messages"])
    for said in ("first prompt", "one", "second prompt", "two", "third prompt"):
        assert said in texts, f"{said!r} missing from the resumed request"


async def test_store_functions_read_a_real_session_as_the_disk_functions_do(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_home: Path,
    claude_project: Path,
    tmp_path: Path,
) -> None:
    messages_api.add_steps(text_turn("one"), text_turn("two"))
    session_id, _ = await _mirrored_session(offline_options)
    config = claude_home / ".claude"
    async with SQLiteSessionStore(tmp_path / "sessions.db") as store:
        await import_session_to_store(session_id, store, directory=claude_project, config_dir=config)
        await import_session_to_store(session_id, store, directory=claude_project, config_dir=config)  # again

        def disk() -> tuple[Any, ...]:
            return (
                list_sessions(claude_project, config_dir=config),
                get_session_info(session_id, claude_project, config_dir=config),
                get_session_messages(session_id, claude_project, config_dir=config),
            )

        listed, info, messages = await trio.to_thread.run_sync(disk)
        (from_store,) = await list_sessions_from_store(store, claude_project)
        one = await get_session_info_from_store(store, session_id, claude_project)
        for got in (from_store, one):
            assert got is not None
            for field in (
                "session_id",
                "summary",
                "custom_title",
                "first_prompt",
                "cwd",
                "tag",
                "created_at",
            ):
                assert getattr(got, field) == getattr(info, field), field
        assert listed[0].summary == "Mirrored"
        stored_messages = await get_session_messages_from_store(store, session_id, claude_project)
        assert [(m.uuid, m.type, m.message) for m in stored_messages] == [
            (m.uuid, m.type, m.message) for m in messages
        ]

        await rename_session_via_store(store, session_id, "Renamed in the store", claude_project)
        await tag_session_via_store(store, session_id, "blue", claude_project)
        (renamed,) = await list_sessions_from_store(store, claude_project)
        assert (renamed.summary, renamed.tag) == ("Renamed in the store", "blue")
        fork = await fork_session_via_store(
            store, session_id, claude_project, up_to_message_id=messages[1].uuid
        )
        forked = await get_session_messages_from_store(store, fork.session_id, claude_project)
        assert [m.message for m in forked] == [m.message for m in messages[:2]]
        assert {s.session_id for s in await list_sessions_from_store(store, claude_project)} == {
            session_id,
            fork.session_id,
        }
