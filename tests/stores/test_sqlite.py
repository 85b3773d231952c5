"""SQLiteSessionStore beyond the kit: cancellation, errors, several processes on one file."""

from __future__ import annotations

import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import trio

from trio_claude import SessionKey, SessionStoreClosedError, SessionStoreError, SQLiteSessionStore

KEY: SessionKey = {"project_key": "proj", "session_id": "sess"}


async def test_a_cancelled_call_is_interrupted_and_rolled_back(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    async with SQLiteSessionStore(path, busy_timeout=30) as store:
        await store.append(KEY, [{"type": "x", "uuid": "first"}])
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another writer holds the lock: the append waits up to 30 s
        started = time.monotonic()
        with trio.move_on_after(0.3) as scope:
            await store.append(KEY, [{"type": "x", "uuid": "blocked"}])
        assert scope.cancelled_caught and time.monotonic() - started < 5
        other.execute("ROLLBACK")
        other.close()
        assert await store.load(KEY) == [{"type": "x", "uuid": "first"}]
        await store.append(KEY, [{"type": "x", "uuid": "after"}])  # and it works on
        assert len(await store.load(KEY) or []) == 2


async def test_errors_are_typed(tmp_path: Path) -> None:
    store = SQLiteSessionStore(tmp_path / "missing-dir" / "s.db")
    with pytest.raises(SessionStoreError, match="unable to open"):
        await store.load(KEY)
    async with SQLiteSessionStore(tmp_path / "s.db") as store:
        with pytest.raises(SessionStoreError, match="not plain JSON"):
            nan: Any = {"type": "x", "n": float("nan")}
            await store.append(KEY, [nan])
        with pytest.raises(SessionStoreError, match="string 'type'"):
            await store.append(KEY, [{"uuid": "no type"}])  # type: ignore[typeddict-item]
        assert await store.load(KEY) is None  # nothing of a rejected batch was stored
        with pytest.raises(ValueError, match="subpath"):
            await store.load({**KEY, "subpath": ""})
    with pytest.raises(SessionStoreClosedError):
        await store.load(KEY)
    await store.aclose()  # closing twice is fine
    with pytest.raises(ValueError):
        SQLiteSessionStore("")


_WRITER = """
import sys, trio
from trio_claude import SQLiteSessionStore
async def main():
    async with SQLiteSessionStore(sys.argv[1]) as store:
        for batch in range(30):
            entries = [{"type": "x", "uuid": f"{sys.argv[2]}-{batch}-{n}"} for n in range(5)]
            await store.append({"project_key": "proj", "session_id": "shared"}, entries)
            await store.append({"project_key": "proj", "session_id": "shared"}, entries)
trio.run(main)
"""


async def test_several_processes_append_to_one_file(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    processes = [
        await trio.lowlevel.open_process([sys.executable, "-c", _WRITER, path, str(w)]) for w in range(3)
    ]
    with trio.fail_after(120):
        for process in processes:
            assert await process.wait() == 0
    async with SQLiteSessionStore(path) as store:
        loaded = await store.load({"project_key": "proj", "session_id": "shared"}) or []
    assert len(loaded) == 3 * 30 * 5
