"""The session functions over a store: listing (summaries, stale ones, no summaries), subagents, imports,
and their errors."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from trio_claude import (
    InMemorySessionStore,
    SessionKey,
    SessionStoreEntry,
    delete_session_via_store,
    fork_session_via_store,
    get_session_info_from_store,
    get_session_messages_from_store,
    get_subagent_messages,
    get_subagent_messages_from_store,
    import_session_to_store,
    list_sessions_from_store,
    list_subagents,
    list_subagents_from_store,
    project_key_for_directory,
    rename_session_via_store,
)

PROJECT = "/srv/app/project"


def _conversation(session_id: str, prompt: str, *, start: int = 0) -> list[Any]:
    user, assistant = str(uuid.uuid4()), str(uuid.uuid4())
    stamp = f"2024-01-01T00:00:{start:02d}.000Z"
    return [
        {
            "type": "user",
            "uuid": user,
            "parentUuid": None,
            "sessionId": session_id,
            "timestamp": stamp,
            "cwd": PROJECT,
            "message": {"role": "user", "content": prompt},
        },
        {
            "type": "assistant",
            "uuid": assistant,
            "parentUuid": user,
            "sessionId": session_id,
            "timestamp": stamp,
            "message": {"role": "assistant", "content": [{"type": "text", "text": f"re: {prompt}"}]},
        },
    ]


def _key(session_id: str) -> SessionKey:
    return {"project_key": project_key_for_directory(PROJECT), "session_id": session_id}


class NoSummaries(InMemorySessionStore):
    list_session_summaries = None  # type: ignore[assignment]


class StaleSummaries(InMemorySessionStore):
    """Keeps every summary from the first append only: they go stale."""

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        before = dict(self._summaries)
        await super().append(key, entries)
        for session, summary in before.items():
            self._summaries[session] = summary


@pytest.mark.parametrize("store_class", [InMemorySessionStore, NoSummaries, StaleSummaries])
async def test_listing_gives_the_same_answer_with_or_without_summaries(
    store_class: type[InMemorySessionStore],
) -> None:
    store = store_class()
    ids = [str(uuid.uuid4()) for _ in range(5)]
    for n, session_id in enumerate(ids):
        await store.append(_key(session_id), _conversation(session_id, f"prompt {n}", start=n))
    await rename_session_via_store(store, ids[1], "titled", PROJECT)
    sidechain = str(uuid.uuid4())
    side: Any = {**_conversation(sidechain, "sub")[0], "isSidechain": True}
    await store.append(_key(sidechain), [side])
    listed = await list_sessions_from_store(store, PROJECT)
    assert [i.session_id for i in listed] == [ids[1], ids[4], ids[3], ids[2], ids[0]]  # newest write first
    assert listed[0].summary == "titled" and listed[1].summary == "prompt 4"
    assert all(i.cwd == PROJECT and i.first_prompt and i.file_size is None for i in listed)
    page = await list_sessions_from_store(store, PROJECT, limit=2, offset=1)
    assert [i.session_id for i in page] == [ids[4], ids[3]]
    other = await list_sessions_from_store(store, project_key="another-project")
    assert other == []


async def test_listing_needs_a_listing_method() -> None:
    class Minimal:
        async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None: ...

        async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
            return None

    with pytest.raises(ValueError, match="cannot be listed"):
        await list_sessions_from_store(Minimal(), PROJECT)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="subagents cannot be listed"):
        await list_subagents_from_store(Minimal(), str(uuid.uuid4()), PROJECT)  # type: ignore[arg-type]
    minimal: Any = Minimal()
    await delete_session_via_store(minimal, str(uuid.uuid4()), PROJECT)  # no delete(): nothing to do


async def test_invalid_arguments_fail_at_once() -> None:
    store = InMemorySessionStore()
    with pytest.raises(ValueError, match="session_id"):
        await get_session_messages_from_store(store, "not-a-uuid", PROJECT)
    with pytest.raises(ValueError, match="session_id"):  # checked whole: no trailing newline (issue 22)
        await get_session_messages_from_store(store, str(uuid.uuid4()) + "\n", PROJECT)
    with pytest.raises(ValueError, match="title"):
        await rename_session_via_store(store, str(uuid.uuid4()), "  ", PROJECT)
    with pytest.raises(FileNotFoundError):
        await fork_session_via_store(store, str(uuid.uuid4()), PROJECT)
    with pytest.raises(ValueError, match="negative"):
        await list_sessions_from_store(store, PROJECT, limit=-1)
    assert await get_session_info_from_store(store, str(uuid.uuid4()), PROJECT) is None


def _write_session_on_disk(config: Path) -> tuple[str, Path]:
    session_id = str(uuid.uuid4())
    folder = config / "projects" / project_key_for_directory(PROJECT)
    folder.mkdir(parents=True)
    lines = _conversation(session_id, "main prompt")
    (folder / f"{session_id}.jsonl").write_text("".join(json.dumps(e) + "\n" for e in lines) + "not json\n")
    agents = folder / session_id / "subagents"
    agents.mkdir(parents=True)
    sub = [{**e, "isSidechain": True, "agentId": "abc"} for e in _conversation(session_id, "sub prompt")]
    (agents / "agent-abc.jsonl").write_text("".join(json.dumps(e) + "\n" for e in sub))
    (agents / "agent-abc.meta.json").write_text(
        json.dumps({"agentType": "general-purpose", "toolUseId": "toolu_1"})
    )
    return session_id, folder


async def test_import_brings_the_session_and_its_subagents(tmp_path: Path) -> None:
    config = tmp_path / "config"
    session_id, _ = _write_session_on_disk(config)
    store = InMemorySessionStore()
    await import_session_to_store(session_id, store, config_dir=config, batch_size=1)
    assert (
        await list_subagents_from_store(store, session_id, PROJECT)
        == ["abc"]
        == list_subagents(session_id, config_dir=config)
    )
    from_store = await get_subagent_messages_from_store(store, session_id, "abc", PROJECT)
    on_disk = get_subagent_messages(session_id, "abc", config_dir=config)
    assert [(m.uuid, m.message, m.parent_tool_use_id) for m in from_store] == [
        (m.uuid, m.message, m.parent_tool_use_id) for m in on_disk
    ]
    assert from_store[0].parent_tool_use_id == "toolu_1"
    metadata = await store.load({**_key(session_id), "subpath": "subagents/agent-abc"})
    assert metadata is not None and metadata[-1] == {
        "type": "agent_metadata",
        "agentType": "general-purpose",
        "toolUseId": "toolu_1",
    }
    messages = await get_session_messages_from_store(store, session_id, PROJECT)
    assert [m.message["content"] for m in messages if m.type == "user"] == ["main prompt"]
    await delete_session_via_store(store, session_id, PROJECT)
    assert await store.list_subkeys(_key(session_id)) == []
    with pytest.raises(FileNotFoundError):
        await import_session_to_store(str(uuid.uuid4()), store, config_dir=config)
    with pytest.raises(ValueError, match="batch_size"):
        await import_session_to_store(session_id, store, config_dir=config, batch_size=0)
