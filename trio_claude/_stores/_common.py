"""What every store of this package shares: key checks, entry encoding, the write clock, and running
blocking database calls in a worker thread without losing cancellation."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

import trio

from .._config._store import (
    SessionKey,
    SessionListSubkeysKey,
    SessionStoreEntry,
    check_key_text,
    check_session_key,
)
from .._errors import SessionStoreError

T = TypeVar("T")

MAIN = ""
"""The ``subpath`` column of a main transcript (so that the primary key has no NULL)."""


def key_columns(key: SessionKey) -> tuple[str, str, str]:
    """``(project_key, session_id, subpath)`` of a checked key, ``subpath`` :data:`MAIN` for the main
    transcript."""
    checked = check_session_key(key)
    return checked["project_key"], checked["session_id"], checked.get("subpath", MAIN)


def session_columns(key: SessionListSubkeysKey | SessionKey) -> tuple[str, str]:
    """``(project_key, session_id)`` of a checked key without ``subpath``."""
    checked = check_session_key(dict(key), subpath_allowed=False)
    return checked["project_key"], checked["session_id"]


def encode_entry(entry: SessionStoreEntry | Mapping[str, Any]) -> tuple[str, str | None]:
    """``(json text, uuid)`` of one entry.  Raises :class:`SessionStoreError` for an entry that is not a
    JSON object with a string ``type``, that JSON cannot represent exactly (NaN, a non-string key, an
    object of another type), or whose ``uuid`` has a NUL or a lone surrogate: a store never keeps what it
    could not give back."""
    if not isinstance(cast(object, entry), Mapping):
        raise SessionStoreError(f"a transcript entry is a JSON object, not {type(entry).__name__}")
    fields = cast("Mapping[str, Any]", entry)
    if not isinstance(fields.get("type"), str):
        raise SessionStoreError(f"a transcript entry needs a string 'type', got {fields.get('type')!r}")
    try:
        text = json.dumps(fields, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise SessionStoreError(f"a transcript entry is not plain JSON: {exc}") from exc
    uuid = fields.get("uuid")
    if not isinstance(uuid, str):
        return text, None
    if uuid:  # the idempotency key: kept exactly, like the key parts, or not at all
        try:
            check_key_text("uuid", uuid)
        except ValueError as exc:
            raise SessionStoreError(f"a transcript entry's {exc}") from None
    return text, uuid


def decode_entry(text: str) -> SessionStoreEntry:
    return cast("SessionStoreEntry", json.loads(text))


def now_ms() -> int:
    """The store's write clock: wall-clock milliseconds since the epoch."""
    return time.time_ns() // 1_000_000


async def run_interruptible(fn: Callable[[], T], interrupt: Callable[[], None]) -> T:
    """Run the blocking ``fn`` in a worker thread and return what it returns (or raise what it raises).

    If the caller is cancelled meanwhile, ``interrupt`` (which must be thread-safe, such as
    :meth:`sqlite3.Connection.interrupt`) is called to make ``fn`` stop early; this waits for ``fn`` to end,
    so it never runs on behind the caller's back, and then raises :class:`trio.Cancelled`.
    """
    box: list[tuple[bool, Any]] = []

    def call() -> None:
        try:
            box.append((True, fn()))
        except BaseException as exc:  # handed to the awaiting task below
            box.append((False, exc))

    done = trio.Event()

    async def worker() -> None:
        await trio.to_thread.run_sync(call)  # not abandoned on cancel: the thread always finishes
        done.set()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(worker)
        try:
            await done.wait()
        except trio.Cancelled:
            interrupt()
            raise
    ok, value = box[0]
    if ok:
        return cast("T", value)
    raise value


def pages(items: Sequence[T], size: int) -> list[Sequence[T]]:
    return [items[i : i + size] for i in range(0, len(items), size)]
