"""No key reaches another key's data: every key part (project key, session id, subpath, agent id) that a store
could not keep exactly is refused before any store sees it, by the stores and by the functions over them
(issue 22).  The stores themselves are held to it by the conformance kit; PostgreSQL in test_postgres.py."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from trio_claude import (
    InMemorySessionStore,
    SessionKey,
    SessionStoreEntry,
    SessionStoreError,
    SQLiteSessionStore,
    check_project_key,
    check_session_key,
    delete_session_via_store,
    fork_session_via_store,
    get_session_info_from_store,
    get_session_messages_from_store,
    get_subagent_messages_from_store,
    import_session_to_store,
    list_sessions_from_store,
    list_subagents_from_store,
    rename_session_via_store,
    tag_session_via_store,
)

SESSION = "0b5c6a3e-39c6-4b8e-9d1c-6c8f3c1f2a11"
UNHOLDABLE = ["victim\x00attacker", "victim\ud800", "victim\udcff"]


@pytest.mark.parametrize("bad", UNHOLDABLE)
@pytest.mark.parametrize("part", ["project_key", "session_id", "subpath"])
def test_every_key_part_refuses_what_a_store_cannot_keep(part: str, bad: str) -> None:
    key: dict[str, str] = {"project_key": "p", "session_id": "s", "subpath": "subagents/agent-1", part: bad}
    with pytest.raises(ValueError, match=f"session key {part} must"):
        check_session_key(key)
    with pytest.raises(ValueError, match="project_key must"):
        check_project_key(bad)


class Recording:
    """A store of the user's own that checks nothing: it records what it is asked."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        self.calls.append(("append", key))

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        self.calls.append(("load", key))
        return None

    async def list_sessions(self, project_key: str) -> list[Any]:
        self.calls.append(("list_sessions", project_key))
        return []

    async def list_session_summaries(self, project_key: str) -> list[Any]:
        self.calls.append(("list_session_summaries", project_key))
        return []

    async def delete(self, key: SessionKey) -> None:
        self.calls.append(("delete", key))

    async def list_subkeys(self, key: Any) -> list[str]:
        self.calls.append(("list_subkeys", key))
        return []


Call = Callable[[Any, str], Awaitable[object]]
CALLS: dict[str, Call] = {
    "list_sessions_from_store": lambda s, p: list_sessions_from_store(s, project_key=p),
    "get_session_info_from_store": lambda s, p: get_session_info_from_store(s, SESSION, project_key=p),
    "get_session_messages_from_store": lambda s, p: get_session_messages_from_store(
        s, SESSION, project_key=p
    ),
    "list_subagents_from_store": lambda s, p: list_subagents_from_store(s, SESSION, project_key=p),
    "get_subagent_messages_from_store": lambda s, p: get_subagent_messages_from_store(
        s, SESSION, "a1", project_key=p
    ),
    "rename_session_via_store": lambda s, p: rename_session_via_store(s, SESSION, "t", project_key=p),
    "tag_session_via_store": lambda s, p: tag_session_via_store(s, SESSION, "t", project_key=p),
    "delete_session_via_store": lambda s, p: delete_session_via_store(s, SESSION, project_key=p),
    "fork_session_via_store": lambda s, p: fork_session_via_store(s, SESSION, project_key=p),
}


@pytest.mark.parametrize("bad", UNHOLDABLE)
@pytest.mark.parametrize("function", list(CALLS))
async def test_the_session_functions_refuse_a_bad_project_key_before_any_store_call(
    function: str, bad: str
) -> None:
    store = Recording()
    with pytest.raises(ValueError, match="project_key"):
        await CALLS[function](store, bad)
    assert store.calls == []


@pytest.mark.parametrize("agent_id", ["1\x00x", "../1", "1/2", "1\n", ""])
async def test_a_subagent_id_is_checked_as_on_disk(agent_id: str) -> None:
    store = Recording()
    with pytest.raises(ValueError, match="agent"):
        await get_subagent_messages_from_store(store, SESSION, agent_id, project_key="p")  # pyright: ignore[reportArgumentType]
    assert store.calls == []


async def test_the_shallowest_subagent_of_an_id_is_read_whatever_the_store_order() -> None:
    # as on disk: subagents/agent-1 before subagents/workflows/<run>/agent-1, in any listing order
    store = InMemorySessionStore()
    deep: SessionKey = {"project_key": "p", "session_id": SESSION, "subpath": "subagents/workflows/r/agent-1"}
    shallow: SessionKey = {"project_key": "p", "session_id": SESSION, "subpath": "subagents/agent-1"}
    for key, text in ((deep, "deep"), (shallow, "shallow")):
        entry: Any = {
            "type": "user",
            "uuid": str(uuid.uuid4()),
            "parentUuid": None,
            "sessionId": SESSION,
            "isSidechain": True,
            "message": {"role": "user", "content": text},
        }
        await store.append(key, [entry])
    (message,) = await get_subagent_messages_from_store(store, SESSION, "1", project_key="p")
    assert message.message == {"role": "user", "content": "shallow"}


async def test_an_import_refuses_a_project_folder_no_store_can_name(tmp_path: Path) -> None:
    folder = tmp_path / "projects" / "p\udcff"  # an undecodable byte in the folder's name
    folder.mkdir(parents=True)
    (folder / f"{SESSION}.jsonl").write_text('{"type":"user","uuid":"u1"}\n')
    store = Recording()
    with pytest.raises(ValueError, match="project_key"):
        await import_session_to_store(SESSION, store, config_dir=tmp_path)  # pyright: ignore[reportArgumentType]
    assert store.calls == []


@pytest.mark.parametrize("bad", ["u\x00", "u\ud800"])
@pytest.mark.parametrize("kind", ["memory", "sqlite"])
async def test_an_entry_uuid_no_store_can_keep_is_refused(tmp_path: Path, kind: str, bad: str) -> None:
    # the uuid is the idempotency key: "u\x00" must not be taken for "u" (PostgreSQL refuses it too)
    store = InMemorySessionStore() if kind == "memory" else SQLiteSessionStore(tmp_path / "s.db")
    key: SessionKey = {"project_key": "p", "session_id": "s"}
    try:
        with pytest.raises(SessionStoreError, match="uuid must"):
            await store.append(key, [{"type": "x", "uuid": "ok"}, {"type": "x", "uuid": bad}])
        assert await store.load(key) is None
    finally:
        if isinstance(store, SQLiteSessionStore):
            await store.aclose()  # (Python 3.13 warns of a connection left open)
