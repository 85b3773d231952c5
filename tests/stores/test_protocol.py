"""The pure parts of the store contract: keys, file paths, optional-method detection, the summary fold."""

from __future__ import annotations

from typing import Any, Protocol

import pytest

from trio_claude import (
    InMemorySessionStore,
    SessionKey,
    SessionStore,
    SessionStoreEntry,
    fold_session_summary,
    session_key_for_file,
    store_implements,
)
from trio_claude._config._store import check_session_key


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("/c/projects/p/s.jsonl", {"project_key": "p", "session_id": "s"}),
        (
            "/c/projects/p/s/subagents/agent-1.jsonl",
            {"project_key": "p", "session_id": "s", "subpath": "subagents/agent-1"},
        ),
        (
            "/c/projects/p/s/subagents/workflows/r/agent-2.jsonl",
            {"project_key": "p", "session_id": "s", "subpath": "subagents/workflows/r/agent-2"},
        ),
        ("/c/projects/p/s/custom-title.json", None),
        ("/c/projects/p/s/x.jsonl", None),  # a file right in the session folder is not a transcript
        ("/c/projects/s.jsonl", None),
        ("/elsewhere/p/s.jsonl", None),
        ("/c/projects/p/.jsonl", None),
        ("/c/projects/p\x00q/s.jsonl", None),  # no valid key part: dropped, never cut to "p"
        ("/c/projects/p\udcff/s.jsonl", None),  # an undecodable byte of a folder name
        ("/c/projects/p/s\ud800.jsonl", None),
        ("/c/projects/p/s/subagents/agent-\x001.jsonl", None),
    ],
)
def test_session_key_for_file(path: str, key: SessionKey | None) -> None:
    assert session_key_for_file(path, "/c/projects") == key


def test_session_keys_are_checked() -> None:
    assert check_session_key({"project_key": "p", "session_id": "s"}) == {
        "project_key": "p",
        "session_id": "s",
    }
    for bad in (
        {"project_key": "", "session_id": "s"},
        {"project_key": "p"},
        {"project_key": "p", "session_id": "s", "subpath": ""},
        {"project_key": "p", "session_id": "s", "other": 1},
        {"project_key": "p", "session_id": 3},
    ):
        with pytest.raises(ValueError):
            check_session_key(bad)
    with pytest.raises(TypeError):
        check_session_key(("p", "s"))


class OfficialLikeProtocol(Protocol):
    """Stands for the official SDK's SessionStore: another Protocol with raising defaults."""

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None: ...

    async def delete(self, key: SessionKey) -> None:
        raise NotImplementedError


class FromOfficial(OfficialLikeProtocol):
    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None: ...


class FromOurs(SessionStore):
    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None: ...

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        return None

    async def list_subkeys(self, key: Any) -> list[str]:
        return []


class DuckTyped:
    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None: ...


def test_store_implements_tells_real_methods_from_protocol_defaults() -> None:
    assert all(
        store_implements(InMemorySessionStore(), m) for m in ("list_sessions", "delete", "list_subkeys")
    )
    ours: Any = FromOurs  # (type checkers call a subclass that leaves out optional methods abstract)
    official: Any = FromOfficial
    assert store_implements(ours(), "list_subkeys")
    assert not store_implements(ours(), "delete")  # inherited default that raises
    assert not store_implements(official(), "delete")  # another SDK's protocol default
    assert not store_implements(DuckTyped(), "list_sessions")
    duck = DuckTyped()

    async def delete(key: SessionKey) -> None: ...

    duck.delete = delete  # type: ignore[attr-defined]
    assert store_implements(duck, "delete")
    with pytest.raises(ValueError, match="optional"):
        store_implements(duck, "append")


def _any(value: dict[str, Any]) -> Any:
    return value


def _user(text: Any, **more: Any) -> Any:
    return {"type": "user", "message": {"role": "user", "content": text}, **more}


def test_the_fold() -> None:
    key: SessionKey = {"project_key": "p", "session_id": "s"}
    first = fold_session_summary(
        None,
        key,
        [
            _user([{"type": "tool_result", "content": "x"}]),
            _user("  <local-command-stdout>ignored"),
            _user("the  first\nprompt", timestamp="2024-01-01T00:00:00.000Z", cwd="/w", gitBranch="main"),
            _user("later"),
            _any({"type": "tag", "tag": "blue"}),
        ],
    )
    assert first["mtime"] == 0 and first["session_id"] == "s"
    data = first["data"]
    assert data["first_prompt"] == "the first prompt" and data["first_prompt_locked"]
    assert (data["created_at"], data["cwd"], data["git_branch"], data["tag"]) == (
        1704067200000,
        "/w",
        "main",
        "blue",
    )
    assert data["is_sidechain"] is False
    stamped: Any = {**first, "mtime": 123}
    second = fold_session_summary(
        stamped, key, [_any({"type": "tag", "tag": ""}), _any({"customTitle": "T"})]
    )
    assert second["mtime"] == 123 and "tag" not in second["data"] and second["data"]["custom_title"] == "T"
    assert first["data"]["tag"] == "blue"  # prev is not changed
