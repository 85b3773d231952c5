"""PostgresSessionStore: sessions in PostgreSQL, shared by every worker of a fleet."""

from __future__ import annotations

import json
import re
from types import TracebackType
from typing import cast

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
from .._errors import SessionStoreClosedError
from .._history._summary import fold_session_summary
from ._common import MAIN, decode_entry, encode_entry, key_columns, session_columns
from ._pg import PgConnection, PgPool, import_pq, transaction

_TABLE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,50}")  # fullmatch
_NOW_MS = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint"


class PostgresSessionStore(SessionStore):
    """A session store in a PostgreSQL database (``conninfo`` is a libpq connection string or URI), with
    every optional method of :class:`~trio_claude.SessionStore`.  Needs the ``postgres`` extra
    (``pip install 'trio_claude[postgres]'``, psycopg 3).

    * Trio-native: statements are sent and read without blocking the event loop (libpq in non-blocking
      mode, waiting on its socket); only connecting uses a worker thread.
    * Cancellable: cancelling a call sends PostgreSQL a cancel request, so the server stops the statement,
      and drops the connection; its transaction is rolled back.
    * A pool of up to ``max_connections`` connections, opened on demand: many sessions append at once.
    * Safe with several processes on one database: ``uuid`` idempotency is a unique index, appends to one
      session are serialised by a row lock, and each session's summary is folded in the same transaction
      as its entries.
    * Entries are stored as ``json`` (their exact text, with ``\\u0000`` and key order kept), one row each.
    * Keys are compared exactly: parameters go in binary format (never cut at a NUL), as UTF-8, to a
      database in ``UTF8`` or ``SQL_ASCII`` (another encoding is refused when connecting: converting text
      to it can turn two keys into one).

    Tables ``<table>`` (entries) and ``<table>_keys`` (one row per transcript: write time and summary) are
    created on first use if missing.  The constructor does no I/O; close with :meth:`aclose` or use the
    store as an async context manager.  Database errors are raised as
    :class:`~trio_claude.SessionStoreError` (with the server's ``sqlstate``).
    """

    def __init__(
        self, conninfo: str, *, table: str = "claude_session_store", max_connections: int = 10
    ) -> None:
        import_pq()  # fail now, not at the first append, when the extra is missing
        if not isinstance(cast(object, conninfo), str):
            raise TypeError(f"conninfo must be a libpq connection string, not {type(conninfo).__name__}")
        if not _TABLE_NAME.fullmatch(table):
            raise ValueError(
                f"table must be a plain SQL name ([A-Za-z_][A-Za-z0-9_]*, up to 51 chars), not {table!r}"
            )
        if max_connections < 1:
            raise ValueError(f"max_connections must be at least 1, not {max_connections!r}")
        self._table = table
        self._entries = f'"{table}"'
        self._keys = f'"{table}_keys"'
        self._pool = PgPool(conninfo, max_connections)
        self._schema_ready = False
        self._schema_lock = trio.Lock()
        self._closed = False

    @property
    def table(self) -> str:
        """The entries table (the other one is ``<table>_keys``)."""
        return self._table

    def __repr__(self) -> str:
        return f"PostgresSessionStore(table={self._table!r})"

    async def __aenter__(self) -> PostgresSessionStore:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connections (those in use when their call ends).  Later calls raise
        :class:`~trio_claude.SessionStoreClosedError`; closing again does nothing."""
        self._closed = True
        self._pool.close()
        await trio.lowlevel.checkpoint()

    async def create_schema(self) -> None:
        """Create the tables and indexes if they do not exist (done on first use anyway).  Safe to run from
        several processes at once."""
        async with self._pool.connection() as db:
            await self._create_schema(db)

    async def _create_schema(self, db: PgConnection) -> None:
        async with transaction(db):
            # CREATE ... IF NOT EXISTS races with itself across processes: take turns.
            await db.execute("SELECT pg_advisory_xact_lock(hashtext($1))", [f"trio_claude:{self._table}"])
            await db.execute(
                f"CREATE TABLE IF NOT EXISTS {self._keys} ("
                " project_key text NOT NULL, session_id text NOT NULL, subpath text NOT NULL,"
                " mtime bigint NOT NULL, summary json,"
                " PRIMARY KEY (project_key, session_id, subpath))"
            )
            await db.execute(
                f"CREATE TABLE IF NOT EXISTS {self._entries} ("
                " seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
                " project_key text NOT NULL, session_id text NOT NULL, subpath text NOT NULL,"
                " uuid text, entry json NOT NULL)"
            )
            await db.execute(
                f'CREATE UNIQUE INDEX IF NOT EXISTS "{self._table}_uuid" ON {self._entries} '
                "(project_key, session_id, subpath, uuid) WHERE uuid IS NOT NULL"
            )
            await db.execute(
                f'CREATE INDEX IF NOT EXISTS "{self._table}_order" ON {self._entries} '
                "(project_key, session_id, subpath, seq)"
            )
        self._schema_ready = True

    def _db(self) -> _Connection:
        if self._closed:
            raise SessionStoreClosedError(f"{self!r} is closed")
        return _Connection(self)

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        columns = key_columns(key)
        encoded = [encode_entry(entry) for entry in entries]
        if not encoded:
            await trio.lowlevel.checkpoint()
            return
        async with self._db() as db, transaction(db):
            # The key's row first: it locks the transcript until commit, so appends to one session take
            # turns and its summary is read, folded and written by one transaction at a time.
            ((mtime, previous),) = await db.execute(
                f"INSERT INTO {self._keys} (project_key, session_id, subpath, mtime) VALUES ($1, "
                f"$2, $3, {_NOW_MS}) "
                f"ON CONFLICT (project_key, session_id, subpath) DO UPDATE "
                f"SET mtime = GREATEST({self._keys}.mtime + 1, EXCLUDED.mtime) RETURNING mtime, summary",
                columns,
            )
            added = await db.execute(
                f"INSERT INTO {self._entries} (project_key, session_id, subpath, uuid, entry) "
                # (JSON is never parsed by the server: that would fail on a \\u0000 in any string)
                "SELECT $1, $2, $3, u, e::json FROM unnest($4::text[], $5::text[]) WITH "
                "ORDINALITY AS b(e, u, n) "
                "ORDER BY n "
                "ON CONFLICT (project_key, session_id, subpath, uuid) WHERE uuid IS NOT NULL DO NOTHING "
                "RETURNING seq, entry",
                [*columns, [text for text, _ in encoded], [uuid for _, uuid in encoded]],
            )
            if columns[2] != MAIN:
                return
            prev = cast("SessionSummaryEntry | None", json.loads(previous) if previous else None)
            stored = [
                decode_entry(cast(str, text)) for _, text in sorted(added, key=lambda row: int(row[0] or 0))
            ]
            summary = fold_session_summary(prev, key, stored)
            summary["mtime"] = int(cast(str, mtime))
            await db.execute(
                f"UPDATE {self._keys} SET summary = $4::json WHERE project_key = $1 AND session_id = $2 "
                "AND subpath = $3",
                [*columns, json.dumps(summary)],
            )

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        columns = key_columns(key)
        async with self._db() as db:
            rows = await db.execute(
                f"SELECT entry FROM {self._entries} WHERE project_key = $1 AND session_id = $2 "
                "AND subpath = $3 "
                "ORDER BY seq",
                columns,
            )
        return [decode_entry(cast(str, text)) for (text,) in rows] or None

    async def list_sessions(self, project_key: str) -> list[SessionStoreListEntry]:
        check_project_key(project_key)
        async with self._db() as db:
            rows = await db.execute(
                f"SELECT session_id, mtime FROM {self._keys} WHERE project_key = $1 AND subpath = ''",
                [project_key],
            )
        return [{"session_id": cast(str, session), "mtime": int(cast(str, mtime))} for session, mtime in rows]

    async def list_session_summaries(self, project_key: str) -> list[SessionSummaryEntry]:
        check_project_key(project_key)
        async with self._db() as db:
            rows = await db.execute(
                f"SELECT summary FROM {self._keys} WHERE project_key = $1 AND subpath = '' AND "
                "summary IS NOT NULL",
                [project_key],
            )
        return [cast("SessionSummaryEntry", json.loads(cast(str, text))) for (text,) in rows]

    async def delete(self, key: SessionKey) -> None:
        project, session, subpath = key_columns(key)
        # Without a subpath, the whole session goes: every subpath with it.
        where = "project_key = $1 AND session_id = $2" + ("" if subpath == MAIN else " AND subpath = $3")
        params = [project, session] if subpath == MAIN else [project, session, subpath]
        async with self._db() as db:
            await db.execute(
                f"WITH gone AS (DELETE FROM {self._entries} WHERE {where}) DELETE FROM "
                f"{self._keys} WHERE {where}",
                params,
            )

    async def list_subkeys(self, key: SessionListSubkeysKey) -> list[str]:
        columns = session_columns(key)
        async with self._db() as db:
            rows = await db.execute(
                f"SELECT subpath FROM {self._keys} WHERE project_key = $1 AND session_id = $2 AND "
                "subpath <> '' "
                "ORDER BY subpath",
                columns,
            )
        return [cast(str, subpath) for (subpath,) in rows]


class _Connection:
    """``async with store._db() as db``: a pooled connection, with the schema created on first use."""

    def __init__(self, store: PostgresSessionStore) -> None:
        self._store = store
        self._context = store._pool.connection()

    async def __aenter__(self) -> PgConnection:
        db = await self._context.__aenter__()
        store = self._store
        if not store._schema_ready:
            try:
                async with store._schema_lock:
                    if not store._schema_ready:
                        await store._create_schema(db)
            except BaseException as exc:
                await self._context.__aexit__(type(exc), exc, exc.__traceback__)
                raise
        return db

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool | None:
        return await self._context.__aexit__(exc_type, exc, tb)
