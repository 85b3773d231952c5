"""PostgreSQL connections for Trio: libpq (through psycopg's ``pq`` module) driven by Trio's I/O waits, and a
small pool of them.

Queries never block the event loop: they are sent and read in libpq's non-blocking mode, waiting for the
socket with :func:`trio.lowlevel.wait_readable`.  Only connecting (DNS, TLS set-up) and the cancel request
use a worker thread.  Cancelling a query sends PostgreSQL a cancel request, so the server stops it, and
closes the connection: no half-read answer or open transaction is ever reused.

Parameters go in binary format with their types (``text`` or ``text[]``) and lengths, so libpq never cuts
one at a NUL (a text-format parameter is a C string), and text travels as UTF-8 both ways to a database that
stores it unconverted (UTF8 or SQL_ASCII): no two different strings can reach the server as the same one.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import AsyncGenerator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import trio

from .._errors import SessionStoreClosedError, SessionStoreError

if TYPE_CHECKING:
    from psycopg.pq.abc import PGconn

CANCEL_GRACE = 5.0
"""Seconds a cancelled query's cancel request may take before the connection is simply closed."""

Row = tuple[str | None, ...]
Param = str | Sequence[str | None] | None
"""A statement parameter: a ``text`` (a string), a one-dimensional ``text[]`` (a sequence), or NULL."""

_TEXT, _TEXT_ARRAY = 25, 1009  # the type OIDs
_BINARY = 1
_UNCONVERTED = (b"UTF8", b"SQL_ASCII")
"""The server encodings that store UTF-8 text as sent.  Converting it to another (EUC_JP...) can map two
characters to the same bytes: U+00A6 and U+FFE4 both become 0x8FA2C3 in EUC_JP."""


def import_pq() -> None:
    """Import psycopg's libpq wrapper, or raise :class:`ImportError` saying how to install it."""
    try:
        from psycopg import pq
    except ImportError as exc:
        raise ImportError(
            "PostgresSessionStore needs psycopg 3: pip install 'trio_claude[postgres]' "
            f"(importing psycopg failed: {exc})"
        ) from exc
    del pq


class PgConnection:
    """One libpq connection in non-blocking mode, used by one task at a time."""

    def __init__(self, pgconn: PGconn) -> None:
        self._pg = pgconn
        self._closed = False

    @classmethod
    async def connect(cls, conninfo: str) -> PgConnection:
        """Connect in a worker thread.  If the caller is cancelled meanwhile, it returns at once and the
        connection, when it is made, is closed by the thread."""
        from psycopg import Error, pq
        from psycopg.conninfo import make_conninfo

        lock = threading.Lock()
        abandoned: list[bool] = []
        made: list[PGconn] = []

        def connect() -> PGconn:
            pgconn = pq.PGconn.connect(make_conninfo(conninfo, client_encoding="UTF8").encode())
            with lock:
                if abandoned:
                    pgconn.finish()
                else:
                    made.append(pgconn)
            return pgconn

        try:
            pgconn = await trio.to_thread.run_sync(connect, abandon_on_cancel=True)
        except Error as exc:  # a conninfo that cannot be parsed
            raise SessionStoreError(f"cannot connect to PostgreSQL: {exc}") from exc
        except trio.Cancelled:
            with lock:
                abandoned.append(True)
            for pgconn in made:  # connected before the thread saw the abandon
                pgconn.finish()
            raise
        if pgconn.status != pq.ConnStatus.OK:
            message = pgconn.get_error_message()
            pgconn.finish()
            raise SessionStoreError(f"cannot connect to PostgreSQL: {message}")
        server = pgconn.parameter_status(b"server_encoding")
        client = pgconn.parameter_status(b"client_encoding")
        if server not in _UNCONVERTED or client != b"UTF8":
            database = _text(pgconn.db)
            pgconn.finish()
            raise SessionStoreError(
                f"PostgresSessionStore needs a database in UTF8 (or SQL_ASCII), which stores its keys as "
                f"sent; {database!r} is in {_text(server)} (client {_text(client)}), and converting text to "
                f"it can turn two different keys into one (CREATE DATABASE ... ENCODING 'UTF8')"
            )
        pgconn.nonblocking = 1
        return cls(pgconn)

    @property
    def idle(self) -> bool:
        """Open, healthy and outside any transaction: fit to go back to the pool."""
        from psycopg import pq

        return (
            not self._closed
            and self._pg.status == pq.ConnStatus.OK
            and self._pg.transaction_status == pq.TransactionStatus.IDLE
        )

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._pg.finish()

    async def execute(self, sql: str, params: Sequence[Param] = ()) -> list[Row]:
        """Run one statement (``$1``, ``$2``... are ``params``, sent in binary format: see :data:`Param`)
        and return its rows as text.

        Raises :class:`SessionStoreError` for an error of the server or of the connection (then closed).
        If the caller is cancelled, the server is asked to cancel the statement and the connection is
        closed before :class:`trio.Cancelled` propagates.
        """
        from psycopg import Error, pq

        if self._closed:
            raise SessionStoreError("the PostgreSQL connection is closed")
        try:
            return await self._execute(sql, params)
        except trio.Cancelled:
            await self._cancel()
            raise
        except Error as exc:
            self.close()
            raise SessionStoreError(f"PostgreSQL connection failed: {exc}") from exc
        except BaseException:
            if self._pg.transaction_status == pq.TransactionStatus.ACTIVE:
                self.close()
            raise

    async def _execute(self, sql: str, params: Sequence[Param]) -> list[Row]:
        from psycopg import pq

        pg = self._pg
        encoded = [_binary(param) for param in params]
        values, types = [value for value, _ in encoded], [oid for _, oid in encoded]
        pg.send_query_params(sql.encode(), values, types, [_BINARY] * len(encoded))
        while pg.flush() == 1:  # the rest of the query waits for the socket
            await trio.lowlevel.wait_writable(pg.socket)
        rows: list[Row] = []
        error: SessionStoreError | None = None
        while True:
            while pg.is_busy():
                await trio.lowlevel.wait_readable(pg.socket)
                pg.consume_input()
            result = pg.get_result()
            if result is None:
                break
            if result.status == pq.ExecStatus.TUPLES_OK:
                rows.extend(
                    tuple(_text(result.get_value(r, c)) for c in range(result.nfields))
                    for r in range(result.ntuples)
                )
            elif result.status != pq.ExecStatus.COMMAND_OK and error is None:
                sqlstate = result.error_field(pq.DiagnosticField.SQLSTATE)
                message = _text(result.error_message) or "unknown error"
                error = SessionStoreError(
                    f"PostgreSQL: {message.strip()}", sqlstate=_text(sqlstate) if sqlstate else None
                )
        if error is not None:
            raise error
        return rows

    async def _cancel(self) -> None:
        """Ask the server to stop the running statement (bounded by :data:`CANCEL_GRACE`), then close."""
        from psycopg import Error, pq

        try:
            if self._pg.transaction_status == pq.TransactionStatus.ACTIVE:
                cancel = self._pg.get_cancel()
                with trio.CancelScope(shield=True), trio.move_on_after(CANCEL_GRACE):
                    await trio.to_thread.run_sync(cancel.cancel, abandon_on_cancel=True)
        except Error:
            pass  # closing the connection below is all that is left to do
        finally:
            self.close()


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.decode()


def _binary(value: Param) -> tuple[bytes | None, int]:
    """``value`` in PostgreSQL's binary format, and its type's OID."""
    if value is None or isinstance(value, str):
        return (None if value is None else value.encode()), _TEXT
    items = [None if item is None else item.encode() for item in value]
    if not items:
        return struct.pack("!iii", 0, 0, _TEXT), _TEXT_ARRAY  # no dimensions
    # dimensions, has NULLs, element type, then the dimension's length and lower bound, then the elements
    data = [struct.pack("!iiiii", 1, None in items, _TEXT, len(items), 1)]
    for item in items:
        data.append(struct.pack("!i", -1) if item is None else struct.pack("!i", len(item)) + item)
    return b"".join(data), _TEXT_ARRAY


class PgPool:
    """Up to ``size`` connections to ``conninfo``, opened when needed and kept while idle."""

    def __init__(self, conninfo: str, size: int) -> None:
        self._conninfo = conninfo
        self._limiter = trio.Semaphore(size)
        self._idle: list[PgConnection] = []
        self._closed = False

    @asynccontextmanager
    async def connection(self) -> AsyncGenerator[PgConnection, None]:
        """A connection for the block; it goes back to the pool afterwards if it is idle, else it closes."""
        if self._closed:
            raise SessionStoreClosedError("the PostgreSQL session store is closed")
        async with self._limiter:
            connection = self._idle.pop() if self._idle else await PgConnection.connect(self._conninfo)
            try:
                yield connection
            finally:
                if connection.idle and not self._closed:
                    self._idle.append(connection)
                else:
                    connection.close()

    def close(self) -> None:
        """Close the idle connections now and the others when their block ends."""
        self._closed = True
        while self._idle:
            self._idle.pop().close()


@asynccontextmanager
async def transaction(connection: PgConnection) -> AsyncGenerator[None, None]:
    """``BEGIN`` ... ``COMMIT``, or ``ROLLBACK`` when the block raises (a cancelled connection is closed
    instead: the server rolls back)."""
    await connection.execute("BEGIN")
    try:
        yield
    except BaseException:
        if connection.idle is False and not connection._closed:
            with trio.CancelScope(shield=True), trio.move_on_after(CANCEL_GRACE):
                try:
                    await connection.execute("ROLLBACK")
                except SessionStoreError:
                    connection.close()
        raise
    await connection.execute("COMMIT")
