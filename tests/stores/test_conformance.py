"""Every store we maintain passes the conformance kit; the kit itself catches broken stores."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from trio_claude import InMemorySessionStore, SessionKey, SessionStoreEntry, SQLiteSessionStore
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
        return sorted({k[2] for k in self._entries if k[2]})


@pytest.mark.parametrize(
    ("broken", "contract"),
    [
        (_Duplicating, "uuid is an idempotency key"),
        (_Unordered, "append then load returns the entries in order"),
        (_LeakySubpaths, "list_subkeys lists a session's subpaths"),
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
