"""Reading sessions from a store: the ``*_from_store`` counterparts of the functions that read the CLI's
session files, with the official SDK's names and the same answers as the disk versions."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from typing import Any, cast

import trio

from .. import wire
from .._config._store import (
    SessionKey,
    SessionStore,
    SessionStoreEntry,
    SessionStoreListEntry,
    check_project_key,
    store_implements,
)
from .._history._paths import _AGENT_ID, _check_uuid, project_key_for_directory
from .._history._read import (
    LITE_READ_BYTES,
    SDKSessionInfo,
    SessionMessage,
    _check_page,
    _page,
    lite_session_info,
    stream_messages,
)
from .._history._summary import summary_to_info

__all__ = [
    "get_session_info_from_store",
    "get_session_messages_from_store",
    "get_subagent_messages_from_store",
    "list_sessions_from_store",
    "list_subagents_from_store",
]

LOAD_CONCURRENCY = 16
"""At most this many :meth:`~trio_claude.SessionStore.load` calls run at once while listing."""

Directory = str | os.PathLike[str] | None


def _scope(directory: Directory, project_key: str | None) -> tuple[str, str]:
    """``(project key, project path)``: the key given, else the directory's (default: the current one).
    Raises :class:`ValueError` for a key no store can keep exactly, before any store sees it."""
    chosen: str = os.fspath(directory) if directory is not None else os.getcwd()
    path = os.path.realpath(chosen)
    key = project_key if project_key is not None else project_key_for_directory(path)
    return check_project_key(key), path


def _jsonl(entries: Sequence[SessionStoreEntry]) -> bytes:
    # ``type`` first, as the CLI writes it (a store may return keys in another order).
    return b"".join(wire.dumps({"type": e.get("type"), **cast("dict[str, Any]", e)}) + b"\n" for e in entries)


def _info(session_id: str, entries: Sequence[SessionStoreEntry], mtime: int) -> SDKSessionInfo | None:
    data = _jsonl(entries)
    head = data[:LITE_READ_BYTES]
    cut = len(data) > LITE_READ_BYTES
    tail = data[-LITE_READ_BYTES:] if cut else head
    return lite_session_info(session_id, head, tail, cut, mtime, None)


def _last_timestamp(entries: Sequence[SessionStoreEntry]) -> int:
    from .._history._read import _millis

    for entry in reversed(entries):
        if (millis := _millis(entry.get("timestamp"))) is not None:
            return millis
    return 0


async def _infos_by_loading(
    store: SessionStore, project_key: str, listing: Sequence[SessionStoreListEntry]
) -> dict[str, SDKSessionInfo | None]:
    """Each listed session's info, from its loaded entries (:data:`LOAD_CONCURRENCY` loads at a time)."""
    limiter = trio.CapacityLimiter(LOAD_CONCURRENCY)
    found: dict[str, SDKSessionInfo | None] = {}

    async def one(item: SessionStoreListEntry) -> None:
        async with limiter:
            entries = await store.load({"project_key": project_key, "session_id": item["session_id"]})
        found[item["session_id"]] = _info(item["session_id"], entries, item["mtime"]) if entries else None

    async with trio.open_nursery() as nursery:
        for item in listing:
            nursery.start_soon(one, item)
    return found


async def list_sessions_from_store(
    session_store: SessionStore,
    directory: Directory = None,
    limit: int | None = None,
    offset: int = 0,
    *,
    project_key: str | None = None,
) -> list[SDKSessionInfo]:
    """The sessions in ``session_store`` of project ``directory`` (default: the current directory; or the
    store's ``project_key`` given directly), newest first, as :func:`~trio_claude.list_sessions` describes
    sessions on disk (``file_size`` is ``None``).

    With :meth:`~trio_claude.SessionStore.list_session_summaries` this is one call for the summaries plus,
    with :meth:`~trio_claude.SessionStore.list_sessions`, one for the sessions' current times: only sessions
    whose summary is missing or older than the session are loaded, and only those on the requested page.
    Without summaries every session is loaded (at most 16 at once).  Subagent sessions and sessions without
    a prompt or title are left out before ``offset``/``limit`` apply.

    Raises :class:`ValueError` for a negative ``limit``/``offset``, or a store with neither method.
    """
    _check_page(limit, offset)
    key, path = _scope(directory, project_key)
    has_listing = store_implements(session_store, "list_sessions")
    if store_implements(session_store, "list_session_summaries"):
        summaries = await session_store.list_session_summaries(key)
        listing = await session_store.list_sessions(key) if has_listing else None
        known = {item["session_id"]: item["mtime"] for item in listing or ()}
        slots: list[tuple[int, str, SDKSessionInfo | None]] = []
        fresh: set[str] = set()
        for summary in summaries:
            sid = summary["session_id"]
            if listing is not None and (sid not in known or summary["mtime"] < known[sid]):
                continue  # deleted since, or a stale summary: load it below
            fresh.add(sid)
            info = summary_to_info(summary, path)
            if info is not None:
                slots.append((summary["mtime"], sid, info))
        slots.extend((mtime, sid, None) for sid, mtime in known.items() if sid not in fresh)
        slots.sort(key=lambda slot: (-slot[0], slot[1]))
        page = _page(slots, limit, offset)
        missing = [{"session_id": sid, "mtime": mtime} for mtime, sid, info in page if info is None]
        loaded = await _infos_by_loading(session_store, key, cast("list[SessionStoreListEntry]", missing))
        return [info for info in (info or loaded.get(sid) for _, sid, info in page) if info is not None]
    if not has_listing:
        raise ValueError(
            "this session store has neither list_session_summaries() nor list_sessions(): its sessions "
            "cannot be listed"
        )
    listing = await session_store.list_sessions(key)
    infos = await _infos_by_loading(session_store, key, listing)
    ordered = sorted(
        (i for i in infos.values() if i is not None), key=lambda i: (-i.last_modified, i.session_id)
    )
    return _page(ordered, limit, offset)


async def get_session_info_from_store(
    session_store: SessionStore,
    session_id: str,
    directory: Directory = None,
    *,
    project_key: str | None = None,
) -> SDKSessionInfo | None:
    """The :class:`~trio_claude.SDKSessionInfo` of one session in the store, or ``None`` if it is unknown
    (or a subagent's, or has no prompt yet).  ``last_modified`` is the last entry's timestamp.  Raises
    :class:`ValueError` if ``session_id`` is not a UUID."""
    _check_uuid(session_id, "session_id")
    key, _ = _scope(directory, project_key)
    entries = await session_store.load({"project_key": key, "session_id": session_id})
    return _info(session_id, entries, _last_timestamp(entries)) if entries else None


async def get_session_messages_from_store(
    session_store: SessionStore,
    session_id: str,
    directory: Directory = None,
    limit: int | None = None,
    offset: int = 0,
    *,
    project_key: str | None = None,
) -> list[SessionMessage]:
    """The user and assistant messages of a session in the store, oldest first, exactly as
    :func:`~trio_claude.get_session_messages` reads them from disk.  ``[]`` for an unknown session; raises
    :class:`ValueError` for a ``session_id`` that is not a UUID or a negative ``limit``/``offset``."""
    _check_uuid(session_id, "session_id")
    _check_page(limit, offset)
    key, _ = _scope(directory, project_key)
    entries = await session_store.load({"project_key": key, "session_id": session_id})
    return stream_messages(io.BytesIO(_jsonl(entries)), limit, offset) if entries else []


def _agent_id(subpath: str) -> str | None:
    last = subpath.rsplit("/", 1)[-1]
    if subpath.startswith("subagents/") and last.startswith("agent-") and len(last) > len("agent-"):
        return last[len("agent-") :]
    return None


def _require_subkeys(store: SessionStore) -> None:
    if not store_implements(store, "list_subkeys"):
        raise ValueError("this session store has no list_subkeys(): its subagents cannot be listed")


async def list_subagents_from_store(
    session_store: SessionStore,
    session_id: str,
    directory: Directory = None,
    *,
    project_key: str | None = None,
) -> list[str]:
    """The ids of the subagents stored with session ``session_id`` (from its ``subagents/.../agent-<id>``
    subpaths).  Raises :class:`ValueError` for a non-UUID ``session_id`` or a store without
    :meth:`~trio_claude.SessionStore.list_subkeys`."""
    _check_uuid(session_id, "session_id")
    _require_subkeys(session_store)
    key, _ = _scope(directory, project_key)
    subkeys = await session_store.list_subkeys({"project_key": key, "session_id": session_id})
    return sorted({agent for subpath in subkeys if (agent := _agent_id(subpath))})


async def get_subagent_messages_from_store(
    session_store: SessionStore,
    session_id: str,
    agent_id: str,
    directory: Directory = None,
    limit: int | None = None,
    offset: int = 0,
    *,
    project_key: str | None = None,
) -> list[SessionMessage]:
    """A subagent's messages from the store, oldest first; ``parent_tool_use_id`` is the ``Agent`` tool call
    that started it, from its ``agent_metadata`` entry (the store's copy of the ``.meta.json`` file).  The
    subagent is found with :meth:`~trio_claude.SessionStore.list_subkeys` when the store has it (the
    shallowest of its subpaths, as on disk), else at ``subagents/agent-<agent_id>``.  ``[]`` when unknown.
    Raises :class:`ValueError` for an ``agent_id`` that :func:`~trio_claude.get_subagent_messages` refuses
    too (anything but 1 to 128 of ``[A-Za-z0-9_-]``)."""
    _check_uuid(session_id, "session_id")
    _check_page(limit, offset)
    if not _AGENT_ID.fullmatch(agent_id):
        raise ValueError(f"invalid agent id {agent_id!r}")
    key, _ = _scope(directory, project_key)
    subpath: str | None = f"subagents/agent-{agent_id}"
    if store_implements(session_store, "list_subkeys"):
        subkeys = await session_store.list_subkeys({"project_key": key, "session_id": session_id})
        found = [s for s in subkeys if _agent_id(s) == agent_id]
        subpath = min(found, key=lambda s: (s.count("/"), s), default=None)
    if subpath is None:
        return []
    sub: SessionKey = {"project_key": key, "session_id": session_id, "subpath": subpath}
    entries = await session_store.load(sub) or []
    metadata = [e for e in entries if e.get("type") == "agent_metadata"]
    transcript = [e for e in entries if e.get("type") != "agent_metadata"]
    parent = cast("dict[str, Any]", metadata[-1]).get("toolUseId") if metadata else None
    return stream_messages(
        io.BytesIO(_jsonl(transcript)),
        limit,
        offset,
        parent_tool_use_id=parent if isinstance(parent, str) else None,
    )
