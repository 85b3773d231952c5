"""SQLiteSessionStore: sessions in one SQLite file, the embedded store for one machine."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from types import TracebackType
from typing import TypeVar, cast

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
from .._errors import SessionStoreClosedError, SessionStoreError
from .._files import open_private
from .._history._summary import fold_session_summary
from ._common import (
    MAIN,
    decode_entry,
    encode_entry,
    key_columns,
    now_ms,
    run_interruptible,
    session_columns,
)

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS session_keys (
    project_key TEXT NOT NULL,
    session_id  TEXT NOT NULL,
    subpath     TEXT NOT NULL,
    mtime       INTEGER NOT NULL,
    summary     TEXT,
    PRIMARY KEY (project_key, session_id, subpath)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS session_entries (
    seq         INTEGER PRIMARY KEY,
    project_key TEXT NOT NULL,
    session_id  TEXT NOT NULL,
    subpath     TEXT NOT NULL,
    uuid        TEXT,
    entry       TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS session_entries_uuid
    ON session_entries (project_key, session_id, subpath, uuid) WHERE uuid IS NOT NULL;
CREATE INDEX IF NOT EXISTS session_entries_order
    ON session_entries (project_key, session_id, subpath, seq);
"""


class SQLiteSessionStore(SessionStore):
    """A session store in the SQLite database file ``path`` (created 0600 when missing), with every optional
    method of :class:`~trio_claude.SessionStore`.

    * Never blocks the Trio loop: the standard library's ``sqlite3`` runs in a worker thread.
    * One connection, one writer: calls take turns, each in its own transaction.  Other processes may use
      the same file (the database is in WAL mode; a writer waits up to ``busy_timeout`` seconds for another).
    * Cancellable: cancelling a call interrupts its statement and rolls its transaction back before the
      :class:`trio.Cancelled` propagates, so nothing half-done is left and no thread runs on.
    * ``uuid`` idempotent: an entry whose ``uuid`` is already stored under its key is skipped.
    * Summaries are folded in the same transaction as the entries they summarise.

    The constructor does no I/O: the file is opened on first use.  Close it with :meth:`aclose`, or use the
    store as an async context manager.  Errors of the database are raised as
    :class:`~trio_claude.SessionStoreError`.
    """

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout: float = 30.0) -> None:
        self._path = os.fspath(path)
        if not self._path:
            raise ValueError("SQLiteSessionStore needs a database path")
        if busy_timeout < 0:
            raise ValueError(f"busy_timeout must not be negative, not {busy_timeout!r}")
        self._busy_timeout = busy_timeout
        self._connection: sqlite3.Connection | None = None
        self._lock = trio.Lock()
        self._closed = False

    @property
    def path(self) -> str:
        """The database file."""
        return self._path

    def __repr__(self) -> str:
        return f"SQLiteSessionStore({self._path!r})"

    async def __aenter__(self) -> SQLiteSessionStore:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the database (waiting for a call in progress to end).  Calls made afterwards raise
        :class:`~trio_claude.SessionStoreClosedError`; closing again does nothing."""
        self._closed = True
        with trio.CancelScope(shield=True):
            async with self._lock:
                connection, self._connection = self._connection, None
                if connection is not None:
                    await trio.to_thread.run_sync(connection.close)

    def _open(self) -> sqlite3.Connection:
        _create_private(self._path)
        connection = sqlite3.connect(self._path, timeout=0, isolation_level=None, check_same_thread=False)
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.executescript(_SCHEMA)
        except BaseException:
            connection.close()
            raise
        return connection

    async def _run(self, operation: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``operation`` on the connection in a worker thread, one call at a time."""
        async with self._lock:
            if self._closed:
                raise SessionStoreClosedError(f"{self!r} is closed")
            if self._connection is None:
                self._connection = await self._retry_busy(self._open, _no_op)
            connection = self._connection
            return await self._retry_busy(lambda: operation(connection), connection.interrupt)

    async def _retry_busy(self, call: Callable[[], T], interrupt: Callable[[], None]) -> T:
        """``call()`` in a worker thread, again while another process holds the write lock (up to
        ``busy_timeout``).  SQLite's own busy wait cannot be interrupted; this one can be cancelled.  Each
        operation is one transaction, rolled back when it fails, so trying again is safe."""
        deadline = trio.current_time() + self._busy_timeout
        delay = 0.001
        while True:
            try:
                return await run_interruptible(lambda: _guarded(call, self._path), interrupt)
            except _Busy as busy:
                if trio.current_time() + delay > deadline:
                    raise SessionStoreError(
                        f"SQLite session store {self._path!r}: still locked by another writer after "
                        f"{self._busy_timeout} s"
                    ) from busy.__cause__
                await trio.sleep(delay)
                delay = min(delay * 2, 0.05)

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        columns = key_columns(key)
        encoded = [encode_entry(entry) for entry in entries]
        if not encoded:
            await trio.lowlevel.checkpoint()
            return

        def write(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(
                    "INSERT INTO session_keys (project_key, session_id, subpath, mtime) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT DO UPDATE SET mtime = max(mtime + 1, excluded.mtime)",
                    (*columns, now_ms()),
                )
                added: list[str] = []
                for text, uuid in encoded:
                    cursor = db.execute(
                        "INSERT OR IGNORE INTO session_entries (project_key, session_id, "
                        "subpath, uuid, entry) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (*columns, uuid, text),
                    )
                    if cursor.rowcount == 1:
                        added.append(text)
                if columns[2] != MAIN:
                    return
                mtime, previous = db.execute(
                    "SELECT mtime, summary FROM session_keys WHERE project_key = ? AND session_id = ? "
                    "AND subpath = ?",
                    columns,
                ).fetchone()
                prev = cast("SessionSummaryEntry | None", json.loads(previous) if previous else None)
                summary = fold_session_summary(prev, key, [decode_entry(text) for text in added])
                summary["mtime"] = mtime
                db.execute(
                    "UPDATE session_keys SET summary = ? WHERE project_key = ? AND session_id = "
                    "? AND subpath = ?",
                    (json.dumps(summary), *columns),
                )

        await self._run(write)

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        columns = key_columns(key)

        def read(db: sqlite3.Connection) -> list[str] | None:
            with _transaction(db, "BEGIN"):
                known = db.execute(
                    "SELECT 1 FROM session_keys WHERE project_key = ? AND session_id = ? AND subpath = ?",
                    columns,
                ).fetchone()
                if known is None:
                    return None
                rows = db.execute(
                    "SELECT entry FROM session_entries WHERE project_key = ? AND session_id = ? "
                    "AND subpath = ? "
                    "ORDER BY seq",
                    columns,
                ).fetchall()
            return [row[0] for row in rows]

        texts = await self._run(read)
        return None if texts is None else [decode_entry(text) for text in texts]

    async def list_sessions(self, project_key: str) -> list[SessionStoreListEntry]:
        check_project_key(project_key)
        rows = await self._run(
            lambda db: db.execute(
                "SELECT session_id, mtime FROM session_keys WHERE project_key = ? AND subpath = ''",
                (project_key,),
            ).fetchall()
        )
        return [{"session_id": session, "mtime": mtime} for session, mtime in rows]

    async def list_session_summaries(self, project_key: str) -> list[SessionSummaryEntry]:
        check_project_key(project_key)
        rows = await self._run(
            lambda db: db.execute(
                "SELECT summary FROM session_keys WHERE project_key = ? AND subpath = '' AND "
                "summary IS NOT NULL",
                (project_key,),
            ).fetchall()
        )
        return [cast("SessionSummaryEntry", json.loads(row[0])) for row in rows]

    async def delete(self, key: SessionKey) -> None:
        project, session, subpath = key_columns(key)
        # Without a subpath, the whole session goes: every subpath with it.
        where = "project_key = ? AND session_id = ?" + ("" if subpath == MAIN else " AND subpath = ?")
        params = (project, session) if subpath == MAIN else (project, session, subpath)

        def remove(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(f"DELETE FROM session_entries WHERE {where}", params)
                db.execute(f"DELETE FROM session_keys WHERE {where}", params)

        await self._run(remove)

    async def list_subkeys(self, key: SessionListSubkeysKey) -> list[str]:
        columns = session_columns(key)
        rows = await self._run(
            lambda db: db.execute(
                "SELECT subpath FROM session_keys WHERE project_key = ? AND session_id = ? AND subpath != '' "
                "ORDER BY subpath",
                columns,
            ).fetchall()
        )
        return [row[0] for row in rows]


class _transaction:
    """``with _transaction(db):`` runs the block in one transaction: committed at the end, rolled back on
    any exception (an interrupt included)."""

    def __init__(self, db: sqlite3.Connection, begin: str = "BEGIN IMMEDIATE") -> None:
        self._db = db
        self._begin = begin

    def __enter__(self) -> None:
        self._db.execute(self._begin)

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if exc_type is None:
            self._db.execute("COMMIT")
        elif self._db.in_transaction:
            self._db.execute("ROLLBACK")


_SQLITE_BUSY = 5


class _Busy(Exception):
    """Another connection holds the write lock (``SQLITE_BUSY``)."""


def _guarded(call: Callable[[], T], path: str) -> T:
    try:
        return call()
    except sqlite3.OperationalError as exc:
        if getattr(exc, "sqlite_errorcode", None) == _SQLITE_BUSY or "database is locked" in str(exc):
            raise _Busy() from exc
        raise SessionStoreError(f"SQLite session store {path!r}: {exc}") from exc
    except sqlite3.Error as exc:
        raise SessionStoreError(f"SQLite session store {path!r}: {exc}") from exc


def _create_private(path: str) -> None:
    """Create the database file 0600 when it is missing: SQLite gives its ``-wal``, ``-shm`` and
    ``-journal`` files the database file's mode, and would create the database itself 0644."""
    if path == ":memory:":
        return
    try:
        open_private(path, "xb").close()
    except FileExistsError:
        pass
    except OSError as exc:
        raise SessionStoreError(
            f"SQLite session store {path!r}: unable to open database file ({exc.strerror or exc})"
        ) from exc


def _no_op() -> None:
    pass
