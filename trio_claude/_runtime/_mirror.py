"""The transcript mirror: ``transcript_mirror`` frames from the CLI, buffered and appended to a session store
by one flusher task in the session's nursery.

The router calls :meth:`TranscriptMirror.add` (synchronous, never awaits the store) and
:meth:`TranscriptMirror.turn_ended`; :meth:`TranscriptMirror.run` is the flusher task.  The rules:

* Batched (the default): a flush when a turn ends, when more than :data:`MAX_PENDING_ENTRIES` entries or
  :data:`MAX_PENDING_BYTES` bytes wait, and at the end of the session.  Eager: a flush after each frame;
  frames arriving during a flush are coalesced into the next one.  One flush at a time (order), one
  ``append`` per transcript per flush, never ``append(key, [])``.
* Each ``append``: :data:`MIRROR_APPEND_ATTEMPTS` attempts with :data:`MIRROR_APPEND_BACKOFF` between them,
  each bounded by :data:`MIRROR_APPEND_TIMEOUT`; a timeout is not retried (the call may still land).  After
  the last failure the batch is dropped and a :class:`~trio_claude.model.MirrorErrorMessage` reported.
* The buffer is bounded (:data:`MIRROR_BUFFER_ENTRIES`, :data:`MIRROR_BUFFER_BYTES`): while a slow store
  holds the flusher, frames wait; a frame that would overflow the buffer is dropped (never the router
  blocked) and reported once per transcript until the buffer drains.  The CLI's local file keeps it all.
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

import orjson
import trio

from .._config._home import config_home_of
from .._config._store import (
    MAX_PENDING_BYTES,
    MAX_PENDING_ENTRIES,
    MIRROR_APPEND_ATTEMPTS,
    MIRROR_APPEND_BACKOFF,
    MIRROR_APPEND_TIMEOUT,
    SessionKey,
    SessionStore,
    SessionStoreEntry,
    SessionStoreFlushMode,
    session_key_for_file,
)
from ..model import MirrorErrorKey, MirrorErrorMessage

if TYPE_CHECKING:
    from .._config._options import ClaudeAgentOptions
    from ..model import TranscriptMirrorMessage

__all__ = [
    "MIRROR_BUFFER_BYTES",
    "MIRROR_BUFFER_ENTRIES",
    "MIRROR_CLOSE_GRACE",
    "MirrorStatistics",
    "TranscriptMirror",
    "finish_mirror",
    "mirror_for",
]

logger = logging.getLogger("trio_claude.stores")

MIRROR_BUFFER_ENTRIES = 20_000
"""At most this many mirrored entries wait for the store; a frame beyond it is dropped and reported."""
MIRROR_BUFFER_BYTES = 32 << 20
"""...and at most this many bytes of their JSON (32 MiB).  A single frame is always taken into an empty
buffer, however big."""
MIRROR_CLOSE_GRACE = 10.0
"""Seconds the final flush may take when the session's block is left (after the CLI has exited and its
stdout is drained); what is still waiting then is dropped, with a warning in the log."""

_KeyId = tuple[str, str, str | None]


class MirrorStatistics:
    """Counters of a :class:`TranscriptMirror` (for tests and monitoring)."""

    __slots__ = ("appended", "buffered_bytes", "buffered_entries", "dropped", "failed_batches", "flushes")

    def __init__(self) -> None:
        self.buffered_entries = 0
        self.buffered_bytes = 0
        self.appended = 0
        self.dropped = 0
        self.failed_batches = 0
        self.flushes = 0


class TranscriptMirror:
    """Buffers ``transcript_mirror`` frames and appends them to ``store`` from :meth:`run`.

    ``projects_dir`` is the CLI's ``<config dir>/projects`` (as the CLI spells it); ``report``
    gets each :class:`~trio_claude.model.MirrorErrorMessage` (the session queues it for the consumer).
    """

    def __init__(
        self,
        store: SessionStore,
        projects_dir: str | os.PathLike[str],
        *,
        flush: SessionStoreFlushMode = "batched",
        report: Callable[[MirrorErrorMessage], None],
        max_buffered_entries: int = MIRROR_BUFFER_ENTRIES,
        max_buffered_bytes: int = MIRROR_BUFFER_BYTES,
        append_timeout: float = MIRROR_APPEND_TIMEOUT,
        backoff: Sequence[float] = MIRROR_APPEND_BACKOFF,
    ) -> None:
        self._store = store
        self._projects_dir = os.fspath(projects_dir)
        self._eager = flush == "eager"
        self._report = report
        self._max_entries = max_buffered_entries
        self._max_bytes = max_buffered_bytes
        self._append_timeout = append_timeout
        self._backoff = tuple(backoff)
        self._pending: list[tuple[SessionKey, list[SessionStoreEntry], int]] = []
        self._overflowing: set[_KeyId] = set()
        self._flush_wanted = False
        self._closing = False
        self._wake = trio.Event()
        self._stopped = trio.Event()
        self.statistics = MirrorStatistics()

    # -- the router's side (synchronous: never waits for the store) ---------------------------------

    def add(self, frame: TranscriptMirrorMessage) -> None:
        """Buffer ``frame``'s entries for the store (dropped with a report when the buffer is full)."""
        if not frame.entries:
            return
        key = session_key_for_file(frame.file_path, self._projects_dir)
        if key is None:
            logger.warning(
                "dropping a transcript_mirror frame: %r is not a transcript under %r, or its name is no "
                "valid key part (does the CLI run elsewhere, with a HOME or CLAUDE_CONFIG_DIR of its own?)",
                frame.file_path,
                self._projects_dir,
            )
            return
        entries = cast("list[SessionStoreEntry]", [dict(entry) for entry in frame.entries])
        size = len(orjson.dumps(entries))
        stats = self.statistics
        if self._pending and (
            stats.buffered_entries + len(entries) > self._max_entries
            or stats.buffered_bytes + size > self._max_bytes
        ):
            self._drop(key, len(entries))
            return
        self._pending.append((key, entries, size))
        stats.buffered_entries += len(entries)
        stats.buffered_bytes += size
        if (
            self._eager
            or stats.buffered_entries > MAX_PENDING_ENTRIES
            or stats.buffered_bytes > MAX_PENDING_BYTES
        ):
            self._want_flush()

    def turn_ended(self) -> None:
        """A ``result`` arrived: flush what is waiting."""
        if self._pending:
            self._want_flush()

    def close(self) -> None:
        """The CLI has exited and its stdout is drained: flush what is waiting, then stop :meth:`run`."""
        self._closing = True
        self._want_flush()

    async def wait_stopped(self) -> None:
        """Until :meth:`run` has flushed everything after :meth:`close` (or ended)."""
        await self._stopped.wait()

    @property
    def pending_entries(self) -> int:
        return self.statistics.buffered_entries

    # -- the flusher task ----------------------------------------------------------------------------

    async def run(self) -> None:
        """The flusher: one flush at a time, until :meth:`close` and the buffer is empty."""
        try:
            while True:
                await self._wake.wait()
                self._wake = trio.Event()
                while self._flush_wanted and self._pending:
                    self._flush_wanted = False
                    batch, self._pending = self._pending, []
                    self.statistics.buffered_entries = 0
                    self.statistics.buffered_bytes = 0
                    self._overflowing.clear()
                    await self._flush(batch)
                if self._closing:
                    return
        finally:
            self._stopped.set()

    def _want_flush(self) -> None:
        self._flush_wanted = True
        self._wake.set()

    async def _flush(self, batch: list[tuple[SessionKey, list[SessionStoreEntry], int]]) -> None:
        self.statistics.flushes += 1
        by_key: dict[_KeyId, tuple[SessionKey, list[SessionStoreEntry]]] = {}
        for key, entries, _ in batch:
            slot = by_key.setdefault(_key_id(key), (key, []))
            slot[1].extend(entries)
        for key, entries in by_key.values():
            if entries:
                await self._append(key, entries)

    async def _append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        """One transcript's batch: retried on failure, not on timeout; reported when it is dropped."""
        error = ""
        for attempt in range(MIRROR_APPEND_ATTEMPTS):
            if attempt:
                await trio.sleep(self._backoff[min(attempt, len(self._backoff)) - 1])
            with trio.move_on_after(self._append_timeout) as scope:
                try:
                    await self._store.append(key, entries)
                except Exception as exc:  # the store is user code: any failure is the store's
                    error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
                    logger.debug("SessionStore.append attempt %d failed: %s", attempt + 1, error)
                    continue
            if scope.cancelled_caught:
                error = f"SessionStore.append timed out after {self._append_timeout:g} s (not retried)"
                break
            self.statistics.appended += len(entries)
            return
        self.statistics.failed_batches += 1
        logger.error("mirroring %d entries of %s to the session store failed: %s", len(entries), key, error)
        self._report(_mirror_error(key, f"{error} ({len(entries)} entries dropped from the store)"))

    def _drop(self, key: SessionKey, count: int) -> None:
        self.statistics.dropped += count
        key_id = _key_id(key)
        if key_id in self._overflowing:
            return
        self._overflowing.add(key_id)
        logger.error("the session store is too slow: the mirror buffer is full, dropping entries of %s", key)
        self._report(
            _mirror_error(
                key,
                f"the mirror buffer is full ({self._max_entries} entries or {self._max_bytes} bytes wait for "
                "a slow session store): entries dropped from the store until it catches up",
            )
        )


def _key_id(key: SessionKey) -> _KeyId:
    return key["project_key"], key["session_id"], key.get("subpath")


def _mirror_error(key: SessionKey, error: str) -> MirrorErrorMessage:
    return MirrorErrorMessage(
        error=error,
        key=MirrorErrorKey(
            project_key=key["project_key"], session_id=key["session_id"], subpath=key.get("subpath")
        ),
        session_id=key["session_id"],
        uuid=str(uuid.uuid4()),
    )


def mirror_for(
    options: ClaudeAgentOptions, report: Callable[[MirrorErrorMessage], None]
) -> TranscriptMirror | None:
    """The mirror of a session started with ``options`` (``None`` without a ``session_store``); its frames
    name files under the CLI's ``<config dir>/projects`` (the materialised one on a resume), the config dir
    worked out from the environment the CLI gets."""
    if options.session_store is None:
        return None
    return TranscriptMirror(
        options.session_store,
        os.path.join(config_home_of(options), "projects"),
        flush=options.session_store_flush,
        report=report,
        append_timeout=MIRROR_APPEND_TIMEOUT,
    )


async def finish_mirror(mirror: TranscriptMirror | None, grace: float = MIRROR_CLOSE_GRACE) -> None:
    """Flush what the mirror still holds (call after :meth:`TranscriptMirror.close`), for at most ``grace``
    seconds.  Not shielded: a cancelled caller cancels the store calls in flight."""
    if mirror is None:
        return
    with trio.move_on_after(grace):
        await mirror.wait_stopped()
    if mirror.pending_entries:
        logger.warning(
            "the session store did not take the last %d mirrored entries within %g s; they are only in the "
            "CLI's local transcript",
            mirror.pending_entries,
            grace,
        )
