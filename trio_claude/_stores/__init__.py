"""Session stores (in memory, SQLite, PostgreSQL) and the session functions that work on any store."""

from __future__ import annotations

from ._memory import InMemorySessionStore as InMemorySessionStore
from ._postgres import PostgresSessionStore as PostgresSessionStore
from ._sqlite import SQLiteSessionStore as SQLiteSessionStore
