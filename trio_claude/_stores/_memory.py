"""InMemorySessionStore: a complete session store in a dict, for tests and for one process."""

from __future__ import annotations

import copy
from typing import Any

import trio

from .._config._store import (
    SessionKey,
    SessionListSubkeysKey,
    SessionStore,
    SessionStoreEntry,
    SessionStoreListEntry,
    SessionSummaryEntry,
    check_project_key,
)
from .._history._summary import fold_session_summary
from ._common import MAIN, encode_entry, key_columns, now_ms, session_columns

_Key = tuple[str, str, str]


class InMemorySessionStore(SessionStore):
    """A session store in memory: every method of :class:`~trio_claude.SessionStore`, with the same rules
    as the database stores (``uuid`` idempotency, summaries, cascading delete), and nothing kept when the
    process ends.  For tests and development, like the official SDK's class of the same name.

    Entries are checked and deep-copied on the way in and out, so changing a loaded entry never changes the
    store.
    """

    def __init__(self) -> None:
        self._entries: dict[_Key, list[SessionStoreEntry]] = {}
        self._uuids: dict[_Key, set[str]] = {}
        self._mtimes: dict[_Key, int] = {}
        self._summaries: dict[tuple[str, str], SessionSummaryEntry] = {}
        self._clock = 0

    def _tick(self) -> int:
        # Strictly increasing, so two appends in the same millisecond still tell apart which came last.
        self._clock = max(self._clock + 1, now_ms())
        return self._clock

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        await trio.lowlevel.checkpoint()
        columns = key_columns(key)
        for entry in entries:
            encode_entry(entry)  # reject what could not be stored as JSON before storing anything
        if not entries:
            return
        stored = self._entries.setdefault(columns, [])
        seen = self._uuids.setdefault(columns, set())
        added: list[SessionStoreEntry] = []
        for entry in entries:
            uuid: Any = entry.get("uuid")
            if isinstance(uuid, str):
                if uuid in seen:
                    continue
                seen.add(uuid)
            added.append(copy.deepcopy(entry))
        stored.extend(added)
        mtime = self._mtimes[columns] = self._tick()
        if columns[2] == MAIN:
            session = columns[:2]
            summary = fold_session_summary(self._summaries.get(session), key, added)
            summary["mtime"] = mtime
            self._summaries[session] = summary

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        await trio.lowlevel.checkpoint()
        entries = self._entries.get(key_columns(key))
        return None if entries is None else copy.deepcopy(entries)

    async def list_sessions(self, project_key: str) -> list[SessionStoreListEntry]:
        await trio.lowlevel.checkpoint()
        check_project_key(project_key)
        return [
            {"session_id": session, "mtime": mtime}
            for (project, session, subpath), mtime in self._mtimes.items()
            if project == project_key and subpath == MAIN
        ]

    async def list_session_summaries(self, project_key: str) -> list[SessionSummaryEntry]:
        await trio.lowlevel.checkpoint()
        check_project_key(project_key)
        return [copy.deepcopy(s) for (project, _), s in self._summaries.items() if project == project_key]

    async def delete(self, key: SessionKey) -> None:
        await trio.lowlevel.checkpoint()
        project, session, subpath = key_columns(key)
        doomed = [
            k for k in self._entries if k[:2] == (project, session) and (subpath == MAIN or k[2] == subpath)
        ]
        for k in doomed:
            del self._entries[k], self._mtimes[k]
            self._uuids.pop(k, None)
        if subpath == MAIN:
            self._summaries.pop((project, session), None)

    async def list_subkeys(self, key: SessionListSubkeysKey) -> list[str]:
        await trio.lowlevel.checkpoint()
        project, session = session_columns(key)
        return [k[2] for k in self._entries if k[:2] == (project, session) and k[2] != MAIN]
