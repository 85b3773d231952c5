"""The session store contract: the :class:`SessionStore` protocol, its keys and entries, and the constants of
the transcript mirror that feeds it.  Pure data and typing (no I/O, no Trio), so any layer can import it.

The names and the semantics are the official Python SDK's, so a store written for either SDK works with the
other: only :meth:`~SessionStore.append` and :meth:`~SessionStore.load` are required; the other methods are
optional, and callers find out whether a store has one with :func:`store_implements`.
"""

from __future__ import annotations

import inspect
import os
from pathlib import PurePosixPath
from typing import Any, Literal, Protocol, TypedDict

__all__ = [
    "DEFAULT_LOAD_TIMEOUT_MS",
    "MAX_PENDING_BYTES",
    "MAX_PENDING_ENTRIES",
    "MIRROR_APPEND_ATTEMPTS",
    "MIRROR_APPEND_BACKOFF",
    "MIRROR_APPEND_TIMEOUT",
    "OPTIONAL_METHODS",
    "SessionKey",
    "SessionListSubkeysKey",
    "SessionStore",
    "SessionStoreEntry",
    "SessionStoreFlushMode",
    "SessionStoreListEntry",
    "SessionSummaryEntry",
    "check_key_text",
    "check_project_key",
    "check_session_key",
    "check_session_store",
    "session_key_for_file",
    "store_implements",
]

# -- the mirror's batching and retry contract (used by the session runtime) -------------------------

MAX_PENDING_ENTRIES = 500
"""Batched flushing also flushes when more entries than this are waiting (besides at each turn's end)."""
MAX_PENDING_BYTES = 1 << 20
"""...or when the waiting entries' JSON is longer than this (1 MiB)."""
MIRROR_APPEND_ATTEMPTS = 3
"""A failed :meth:`SessionStore.append` is tried this many times in all before the batch is dropped and
reported as a ``mirror_error`` system message."""
MIRROR_APPEND_BACKOFF = (0.2, 0.8)
"""Seconds to wait before the second and the third attempt."""
MIRROR_APPEND_TIMEOUT = 60.0
"""Seconds one :meth:`SessionStore.append` may take.  A timeout is not retried: the call may still land."""
DEFAULT_LOAD_TIMEOUT_MS = 60_000
"""How long each ``load``/``list_subkeys``/``list_sessions`` call may take while a resume is materialised."""

SessionStoreFlushMode = Literal["batched", "eager"]
"""When mirrored entries reach the store: ``"batched"`` (once per turn, or past the pending limits) or
``"eager"`` (after every ``transcript_mirror`` frame; frames arriving while a flush is running are
coalesced into the next one)."""


class _SessionKeyRequired(TypedDict):
    project_key: str
    """Scope of the session: by default the escaped working directory
    (:func:`~trio_claude.project_key_for_directory`); a tenant or project name works too."""
    session_id: str


class SessionKey(_SessionKeyRequired, total=False):
    """Names one transcript in a store: a session's main transcript, or (with ``subpath``) a file beside
    it, such as a subagent's transcript ``"subagents/agent-<id>"``."""

    subpath: str
    """Left out for the main transcript, and never empty.  Opaque to stores, which use it as part of the
    key and nothing more."""


class SessionListSubkeysKey(TypedDict):
    """The argument of :meth:`SessionStore.list_subkeys`: a session, without ``subpath``."""

    project_key: str
    session_id: str


class _SessionStoreEntryRequired(TypedDict):
    type: str


class SessionStoreEntry(_SessionStoreEntryRequired, total=False):
    """One line of a transcript: a JSON object with a string ``type``, most with a ``uuid`` and an ISO
    ``timestamp``.  Every other key is opaque and must be stored as is; what :meth:`SessionStore.load`
    returns must be equal (``==``) to what was appended, not byte-for-byte identical."""

    uuid: str
    timestamp: str


class SessionStoreListEntry(TypedDict):
    """One session of :meth:`SessionStore.list_sessions`."""

    session_id: str
    mtime: int
    """When the store last wrote the session, in milliseconds since the epoch."""


class SessionSummaryEntry(TypedDict):
    """A session's summary, kept up to date by the store with :func:`~trio_claude.fold_session_summary`
    inside :meth:`SessionStore.append` and returned by :meth:`SessionStore.list_session_summaries`."""

    session_id: str
    mtime: int
    """When the store wrote this summary (milliseconds since the epoch), on the same clock as
    :meth:`SessionStore.list_sessions`'s ``mtime``; never derived from the entries' timestamps."""
    data: dict[str, Any]
    """The SDK's state, which stores keep verbatim and never interpret."""


class SessionStore(Protocol):
    """Where mirrored session transcripts are kept, so that any machine can list, read and resume them.

    The CLI still writes its own copy to local disk; the store gets a second one.  The SDK never deletes
    from a store unless :func:`~trio_claude.delete_session_via_store` is called: retention is the store's
    business.

    Only :meth:`append` and :meth:`load` are required.  The other methods are optional: a store may leave
    them out (or inherit these defaults, which raise :class:`NotImplementedError`), and callers check with
    :func:`store_implements` before calling them; a store does not need to subclass this class.
    """

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        """Add ``entries`` at the end of ``key``'s transcript.

        Called after the CLI wrote them to its local file, in batches.  Within one process, entries must
        be kept in call order; across processes, in the order the store commits them.  An entry's
        ``uuid``, when it has one, is an idempotency key: an entry whose ``uuid`` is already stored under
        ``key`` is skipped, so a retried or replayed batch never duplicates anything.  Entries without a
        ``uuid`` (titles, tags, mode markers...) are always appended.  ``append(key, [])`` does nothing.
        """
        ...

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        """All entries of ``key``'s transcript, in order; ``None`` if nothing was ever appended to it."""
        ...

    async def list_sessions(self, project_key: str) -> list[SessionStoreListEntry]:
        """The sessions of ``project_key`` (main transcripts only, never subpaths), in any order.

        Optional: without it, listing the sessions of a store is impossible and ``continue`` cannot pick
        the latest session."""
        raise NotImplementedError

    async def list_session_summaries(self, project_key: str) -> list[SessionSummaryEntry]:
        """The summary of every session of ``project_key``, kept by :meth:`append` with
        :func:`~trio_claude.fold_session_summary` (main transcripts only: a subpath never changes its
        session's summary).  A store must serialise the read-fold-write of concurrent appends to one
        session (a transaction, a lock).

        Optional: without it, listing loads every session."""
        raise NotImplementedError

    async def delete(self, key: SessionKey) -> None:
        """Delete ``key``'s transcript.  Without ``subpath`` it deletes the whole session, every subpath
        and its summary included; with one, only that subpath.  Deleting what does not exist does nothing.

        Optional: without it, deleting is a no-op (for append-only storage)."""
        raise NotImplementedError

    async def list_subkeys(self, key: SessionListSubkeysKey) -> list[str]:
        """The subpaths stored under a session (e.g. ``"subagents/agent-<id>"``), never the main transcript.

        Optional: without it, a resume restores only the main transcript."""
        raise NotImplementedError


OPTIONAL_METHODS = frozenset({"list_sessions", "list_session_summaries", "delete", "list_subkeys"})
"""The methods of :class:`SessionStore` a store may leave out."""


def store_implements(store: object, method: str) -> bool:
    """Whether ``store`` has the optional ``method`` of :class:`SessionStore`: defined by the store itself,
    not missing and not the protocol's default that raises :class:`NotImplementedError` (this SDK's
    protocol, the official SDK's, or any other ``Protocol`` the store inherits it from)."""
    if method not in OPTIONAL_METHODS:
        raise ValueError(
            f"{method!r} is not an optional SessionStore method ({', '.join(sorted(OPTIONAL_METHODS))})"
        )
    instance_dict: dict[str, Any] = getattr(store, "__dict__", {})
    if method in instance_dict:
        return callable(instance_dict[method])
    for klass in type(store).__mro__:
        if method in vars(klass):
            return callable(vars(klass)[method]) and not getattr(klass, "_is_protocol", False)
    return False


def check_session_store(where: str, store: object) -> object:
    """``store`` if it can be a :class:`SessionStore` (async ``append`` and ``load`` methods); else
    :class:`TypeError` naming ``where`` and what a store needs."""
    if isinstance(store, type):
        raise TypeError(
            f"{where}: expected a SessionStore instance, got the class {store.__name__} (pass "
            f"{store.__name__}(...))"
        )
    missing = [
        name
        for name in ("append", "load")
        if not callable(getattr(store, name, None)) or not _is_async_method(getattr(store, name))
    ]
    if missing:
        raise TypeError(
            f"{where}: expected a SessionStore (an object with async append(key, entries) and load(key), "
            f"e.g. InMemorySessionStore(), SQLiteSessionStore(path), PostgresSessionStore(conninfo)), got "
            f"{type(store).__name__} without async {' and '.join(missing)}()"
        )
    return store


def _is_async_method(method: object) -> bool:
    """Whether calling ``method`` gives an awaitable, as far as can be told without calling it: a plain
    (not ``async``) function or method does not; other callables are let through."""
    plain = inspect.isfunction(method) or inspect.ismethod(method)
    return inspect.iscoroutinefunction(method) or not plain


def check_key_text(what: str, value: object) -> str:
    """``value`` if it is a non-empty string that every store keeps exactly; else :class:`ValueError`
    naming ``what``.  Refused: a NUL (PostgreSQL ``text`` cannot hold it, and C strings such as libpq's text
    parameters end at it, so ``"victim\\x00attacker"`` would be read as ``"victim"``) and a lone surrogate
    (it has no UTF-8 encoding)."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} must be a non-empty string, not {value!r}")
    if "\x00" in value:
        raise ValueError(
            f"{what} must not contain NUL (\\x00): no store can hold it exactly (PostgreSQL text cannot, and "
            f"a C string ends there), got {value!r}"
        )
    try:
        value.encode()
    except UnicodeEncodeError:
        raise ValueError(
            f"{what} must be valid Unicode text, without a lone surrogate (it has no UTF-8 encoding), got "
            f"{value!r}"
        ) from None
    return value


def check_project_key(project_key: object) -> str:
    """``project_key`` if it can name a project in every store (see :func:`check_session_key`); else
    :class:`ValueError` naming what is wrong.  Stores call it in ``list_sessions`` and
    ``list_session_summaries``."""
    return check_key_text("project_key", project_key)


def check_session_key(key: object, *, subpath_allowed: bool = True) -> SessionKey:
    """``key`` if it is a valid :class:`SessionKey`; else :class:`ValueError` (or :class:`TypeError` for
    a non-mapping) naming the part that is wrong.

    Valid: ``project_key`` and ``session_id``, and ``subpath`` unless it is left out (for the main
    transcript) or not allowed, each a non-empty string without NUL (``\\x00``) and without a lone
    surrogate, so that every store keeps it exactly and no two keys can become one; no other keys.  Every
    store of this package checks its keys with it, and a store of your own can too (the conformance kit,
    :func:`~trio_claude.testing.run_session_store_conformance`, holds it to the same refusals).
    """
    if not isinstance(key, dict):
        raise TypeError(f"a session key is a dict with project_key and session_id, not {type(key).__name__}")
    fields: dict[str, object] = key  # pyright: ignore[reportUnknownVariableType]
    allowed = {"project_key", "session_id", "subpath"} if subpath_allowed else {"project_key", "session_id"}
    unknown = set(fields) - allowed
    if unknown:
        raise ValueError(f"unknown session key field(s): {', '.join(sorted(map(str, unknown)))}")
    for name in ("project_key", "session_id"):
        check_key_text(f"session key {name}", fields.get(name))
    if "subpath" in fields:
        subpath = fields["subpath"]
        if not isinstance(subpath, str) or not subpath:
            raise ValueError(
                f"session key subpath must be a non-empty string (leave it out for the main "
                f"transcript), not {subpath!r}"
            )
        check_key_text("session key subpath", subpath)
    return key  # type: ignore[return-value]


def session_key_for_file(
    file_path: str | os.PathLike[str], projects_dir: str | os.PathLike[str]
) -> SessionKey | None:
    """The store key of a transcript file the CLI wrote under ``projects_dir`` (``<config dir>/projects``),
    as a ``transcript_mirror`` frame's ``filePath`` names it; ``None`` for a file elsewhere, of another
    shape, or with a name that is no valid key part (see :func:`check_session_key`).

    ``<project>/<session>.jsonl`` is a main transcript; ``<project>/<session>/<sub/path>.jsonl`` (e.g.
    ``subagents/agent-<id>.jsonl``) has the subpath ``sub/path``, ``/``-separated on every platform.  The
    paths are compared as given, not resolved: the CLI names files under its config dir exactly as that was
    given (``CLAUDE_CONFIG_DIR`` as set, else ``$HOME/.claude``).
    """
    try:
        relative = os.path.relpath(os.fspath(file_path), os.fspath(projects_dir))
    except ValueError:  # another drive (Windows)
        return None
    parts = PurePosixPath(relative.replace(os.sep, "/")).parts
    if (
        len(parts) < 2
        or parts[0] in ("..", ".")
        or os.path.isabs(relative)
        or not parts[-1].endswith(".jsonl")
    ):
        return None
    stem = parts[-1][: -len(".jsonl")]
    if not stem or len(parts) == 3:
        return None
    key: SessionKey = {"project_key": parts[0], "session_id": stem}
    if len(parts) > 3:
        key = {"project_key": parts[0], "session_id": parts[1], "subpath": "/".join((*parts[2:-1], stem))}
    try:
        return check_session_key(key)
    except ValueError:  # a NUL, or a lone surrogate standing for an undecodable byte of the name
        return None
