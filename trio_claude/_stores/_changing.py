"""Changing sessions in a store: the ``*_via_store`` counterparts of rename, tag, delete and fork, and
:func:`import_session_to_store` for sessions already on disk."""

from __future__ import annotations

import os
import uuid as uuid_module
from collections.abc import Generator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, cast

import trio

from .. import wire
from .._config._store import (
    MAX_PENDING_BYTES,
    MAX_PENDING_ENTRIES,
    SessionKey,
    SessionStore,
    SessionStoreEntry,
    check_project_key,
    check_session_key,
    store_implements,
)
from .._history._chain import transcript_lines
from .._history._paths import _check_uuid, session_file_path
from .._history._write import Fork, ForkSessionResult
from ._reading import Directory, _info, _scope

__all__ = [
    "delete_session_via_store",
    "fork_session_via_store",
    "import_session_to_store",
    "rename_session_via_store",
    "tag_session_via_store",
]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _key(session_id: str, directory: Directory, project_key: str | None) -> SessionKey:
    _check_uuid(session_id, "session_id")
    return {"project_key": _scope(directory, project_key)[0], "session_id": session_id}


def _entry(fields: dict[str, Any]) -> SessionStoreEntry:
    # A uuid of its own, so that a retried append of this entry is not stored twice.
    return cast("SessionStoreEntry", {**fields, "uuid": str(uuid_module.uuid4()), "timestamp": _now()})


async def rename_session_via_store(
    session_store: SessionStore,
    session_id: str,
    title: str,
    directory: Directory = None,
    *,
    project_key: str | None = None,
) -> None:
    """Give a stored session a title: appends a ``custom-title`` entry, as
    :func:`~trio_claude.rename_session` does on disk.  Raises :class:`ValueError` for an empty title or a
    ``session_id`` that is not a UUID."""
    title = title.strip()
    if not title:
        raise ValueError("the title must not be empty")
    key = _key(session_id, directory, project_key)
    await session_store.append(
        key, [_entry({"type": "custom-title", "customTitle": title, "sessionId": session_id})]
    )


async def tag_session_via_store(
    session_store: SessionStore,
    session_id: str,
    tag: str | None,
    directory: Directory = None,
    *,
    project_key: str | None = None,
) -> None:
    """Tag a stored session (``None`` or ``""`` clears the tag): appends a ``tag`` entry."""
    key = _key(session_id, directory, project_key)
    await session_store.append(
        key, [_entry({"type": "tag", "tag": (tag or "").strip(), "sessionId": session_id})]
    )


async def delete_session_via_store(
    session_store: SessionStore,
    session_id: str,
    directory: Directory = None,
    *,
    project_key: str | None = None,
) -> None:
    """Delete a session from the store, its subagent transcripts included (for a store without
    :meth:`~trio_claude.SessionStore.delete` this does nothing, as for append-only storage)."""
    key = _key(session_id, directory, project_key)
    if store_implements(session_store, "delete"):
        await session_store.delete(key)
    else:
        await trio.lowlevel.checkpoint()


async def fork_session_via_store(
    session_store: SessionStore,
    session_id: str,
    directory: Directory = None,
    up_to_message_id: str | None = None,
    title: str | None = None,
    *,
    project_key: str | None = None,
) -> ForkSessionResult:
    """Copy a stored session into a new one in the same store (new session id and message uuids, same
    links, ``forkedFrom`` on each entry), up to and including ``up_to_message_id`` if given, as
    :func:`~trio_claude.fork_session` does on disk.  Resume it with the store and
    ``resume=result.session_id``.

    Raises :class:`FileNotFoundError` for a session the store does not have, :class:`ValueError` if
    ``up_to_message_id`` is not in it or there is nothing to copy.
    """
    if up_to_message_id is not None:
        _check_uuid(up_to_message_id, "up_to_message_id")
    key = _key(session_id, directory, project_key)
    entries = await session_store.load(key)
    if not entries:
        raise FileNotFoundError(f"no session {session_id} in the store (project {key['project_key']!r})")
    fork = Fork(session_id, str(uuid_module.uuid4()), up_to_message_id)
    copied = list(fork.copy(cast("dict[str, Any]", entry) for entry in entries))
    fork.check()
    original = _info(session_id, entries, 0)
    copied.append(
        cast("dict[str, Any]", _entry(fork.title_entry(title, original.summary if original else None)))
    )
    new_key: SessionKey = {"project_key": key["project_key"], "session_id": fork.new_id}
    await session_store.append(new_key, cast("list[SessionStoreEntry]", copied))
    return ForkSessionResult(session_id=fork.new_id)


def _batches(path: Path, batch_size: int) -> Generator[list[SessionStoreEntry], None, None]:
    """The JSON lines of ``path`` in batches of at most ``batch_size`` entries or about 1 MiB."""
    batch: list[SessionStoreEntry] = []
    size = 0
    with path.open("rb") as stream:
        for _, value in transcript_lines(stream):
            batch.append(cast("SessionStoreEntry", value))
            size += len(wire.dumps(value))
            if len(batch) >= batch_size or size >= MAX_PENDING_BYTES:
                yield batch
                batch, size = [], 0
    if batch:
        yield batch


async def _append_file(store: SessionStore, key: SessionKey, path: Path, batch_size: int) -> None:
    batches = _batches(path, batch_size)
    try:
        while (batch := await trio.to_thread.run_sync(next, batches, None)) is not None:
            await store.append(key, batch)
    finally:
        batches.close()


async def import_session_to_store(
    session_id: str,
    store: SessionStore,
    *,
    directory: Directory = None,
    include_subagents: bool = True,
    batch_size: int = MAX_PENDING_ENTRIES,
    config_dir: str | os.PathLike[str] | None = None,
) -> None:
    """Copy a session the CLI wrote to disk into ``store``: its transcript (and, with ``include_subagents``,
    each subagent's transcript and ``.meta.json``) appended in batches of at most ``batch_size`` entries.

    The session is found as :func:`~trio_claude.get_session_messages` finds it (``directory``'s project, else
    every project; ``config_dir`` default ``CLAUDE_CONFIG_DIR``, else ``$HOME/.claude``).  It is stored under
    its project folder's name, the key the CLI's mirror uses, so an imported session is like a mirrored one.
    Lines that are not JSON are skipped.  Importing again adds nothing new: entries with a ``uuid`` are
    idempotent in the stores of this SDK (entries without one, such as titles, are appended again).

    Raises :class:`ValueError` for a ``session_id`` that is not a UUID, a ``batch_size`` below 1 or a
    folder name that is no valid key part (:func:`~trio_claude.check_session_key`), and
    :class:`FileNotFoundError` for a session that is not on disk.
    """
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size!r}")
    path = await trio.to_thread.run_sync(
        lambda: session_file_path(session_id, directory, config_dir=config_dir)
    )
    if path is None:
        raise FileNotFoundError(f"no session {session_id} on disk")
    project_key = check_project_key(path.parent.name)
    await _append_file(store, {"project_key": project_key, "session_id": session_id}, path, batch_size)
    if not include_subagents:
        return
    session_dir = path.parent / session_id

    def find() -> list[tuple[str, Path, bytes | None]]:
        found: list[tuple[str, Path, bytes | None]] = []
        for file in sorted((session_dir / "subagents").rglob("*.jsonl")):
            subpath = file.relative_to(session_dir).with_suffix("").as_posix()
            meta = file.with_name(file.name[: -len(".jsonl")] + ".meta.json")
            found.append((subpath, file, meta.read_bytes() if meta.is_file() else None))
        return found

    for subpath, file, meta in await trio.to_thread.run_sync(find):
        key = check_session_key({"project_key": project_key, "session_id": session_id, "subpath": subpath})
        await _append_file(store, key, file, batch_size)
        try:
            metadata: object = wire.loads(meta) if meta is not None else None
        except wire.DecodeError:
            metadata = None
        if isinstance(metadata, dict):  # the mirror sends the sidecar as an ``agent_metadata`` entry
            fields = cast("dict[str, Any]", metadata)
            await store.append(key, [cast("SessionStoreEntry", {**fields, "type": "agent_metadata"})])
