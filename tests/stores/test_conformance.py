"""Every store we maintain passes the conformance kit; the kit itself catches broken stores."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any, cast

import pytest

from trio_claude import (
    InMemorySessionStore,
    SessionKey,
    SessionStoreEntry,
    SQLiteSessionStore,
    check_project_key,
)
from trio_claude.testing import run_session_store_conformance


async def test_in_memory_store_conforms() -> None:
    await run_session_store_conformance(InMemorySessionStore)


async def test_sqlite_store_conforms(tmp_path: Path) -> None:
    await run_session_store_conformance(lambda: SQLiteSessionStore(tmp_path / f"{uuid.uuid4()}.db"))


class _Duplicating(InMemorySessionStore):
    """Broken on purpose: ignores uuid idempotency."""

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        await super().append(key, entries)
        self._uuids.clear()  # forgets which uuids it has


class _Unordered(InMemorySessionStore):
    """Broken on purpose: stores each batch reversed."""

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        await super().append(key, list(reversed(entries)))


class _LeakySubpaths(InMemorySessionStore):
    """Broken on purpose: lists subpaths as sessions' subkeys of every session."""

    async def list_subkeys(self, key: Any) -> list[str]:
        await super().list_subkeys(key)  # which checks the key
        return sorted({k[2] for k in self._entries if k[2]})


class _MappedKeys(InMemorySessionStore):
    """Broken on purpose: appends and loads under ``_map(part)`` of each key part."""

    @staticmethod
    def _map(part: str) -> str:
        raise NotImplementedError

    def _mapped(self, key: SessionKey) -> SessionKey:
        parts = cast("dict[str, str]", key)
        return cast(SessionKey, {name: self._map(value) for name, value in parts.items()})

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        await super().append(self._mapped(key), entries)

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        return await super().load(self._mapped(key))


class _CutAtNul(_MappedKeys):
    """Cuts every key part at its first NUL, as libpq does with a text parameter."""

    @staticmethod
    def _map(part: str) -> str:
        return part.split("\x00")[0]


class _CaseFolding(_MappedKeys):
    """Case-insensitive, as a ``citext`` column or a ``NOCASE`` collation makes a store."""

    @staticmethod
    def _map(part: str) -> str:
        return part.casefold()


class _LikeListing(InMemorySessionStore):
    """Broken on purpose: lists with ``project_key LIKE ?``."""

    async def list_sessions(self, project_key: str) -> list[Any]:
        check_project_key(project_key)
        pattern = re.compile(re.escape(project_key).replace("%", ".*").replace("_", "."), re.DOTALL)
        return [
            {"session_id": session, "mtime": mtime}
            for (project, session, subpath), mtime in self._mtimes.items()
            if pattern.fullmatch(project) and not subpath
        ]


@pytest.mark.parametrize(
    ("broken", "contract"),
    [
        (_Duplicating, "uuid is an idempotency key"),
        (_Unordered, "append then load returns the entries in order"),
        (_LeakySubpaths, "list_subkeys lists a session's subpaths"),
        (_CutAtNul, "a key part no store can hold exactly is refused"),
        (_CaseFolding, "key parts are compared exactly"),
        (_LikeListing, "key parts are compared exactly"),
    ],
)
async def test_the_kit_fails_a_broken_store(broken: type[InMemorySessionStore], contract: str) -> None:
    with pytest.raises(AssertionError, match=contract):
        await run_session_store_conformance(broken)


async def test_optional_methods_are_skipped_when_absent() -> None:
    class Minimal:
        def __init__(self) -> None:
            self.inner = InMemorySessionStore()

        async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
            await self.inner.append(key, entries)

        async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
            return await self.inner.load(key)

    await run_session_store_conformance(Minimal)
    with pytest.raises(ValueError, match="unknown optional"):
        await run_session_store_conformance(Minimal, skip_optional=frozenset({"nope"}))
