"""Session stores (in memory, SQLite, PostgreSQL) and the session functions that work on any store."""

from __future__ import annotations

from ._changing import (
    delete_session_via_store as delete_session_via_store,
    fork_session_via_store as fork_session_via_store,
    import_session_to_store as import_session_to_store,
    rename_session_via_store as rename_session_via_store,
    tag_session_via_store as tag_session_via_store,
)
from ._memory import InMemorySessionStore as InMemorySessionStore
from ._postgres import PostgresSessionStore as PostgresSessionStore
from ._reading import (
    get_session_info_from_store as get_session_info_from_store,
    get_session_messages_from_store as get_session_messages_from_store,
    get_subagent_messages_from_store as get_subagent_messages_from_store,
    list_sessions_from_store as list_sessions_from_store,
    list_subagents_from_store as list_subagents_from_store,
)
from ._sqlite import SQLiteSessionStore as SQLiteSessionStore
