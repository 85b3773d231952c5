"""The transcript mirror alone (no session, no CLI): batching, eager flushing, retries, timeouts, the bounded
buffer and closing, on Trio's autojump clock so backoffs and timeouts cost no real time."""

from __future__ import annotations

from typing import Any

import pytest
import trio
import trio.testing

from trio_claude import InMemorySessionStore, SessionKey, SessionStoreEntry
from trio_claude._config._store import MAX_PENDING_ENTRIES
from trio_claude._runtime._mirror import MIRROR_CLOSE_GRACE, TranscriptMirror, finish_mirror
from trio_claude.model import MirrorErrorMessage, TranscriptMirrorMessage

PROJECTS = "/cfg/projects"
SID = "0b0c2d9e-1111-4222-8333-444455556666"
MAIN: SessionKey = {"project_key": "p", "session_id": SID}
SUB: SessionKey = {"project_key": "p", "session_id": SID, "subpath": "subagents/agent-a1"}


def frame(*uuids: str, sub: bool = False) -> TranscriptMirrorMessage:
    path = f"{PROJECTS}/p/{SID}/subagents/agent-a1.jsonl" if sub else f"{PROJECTS}/p/{SID}.jsonl"
    return TranscriptMirrorMessage(file_path=path, entries=tuple({"type": "user", "uuid": u} for u in uuids))


class RecordingStore(InMemorySessionStore):
    """An in-memory store that records each append (time, key, uuids) and can fail or hang."""

    def __init__(self, *, fail: int = 0, hang: bool = False) -> None:
        super().__init__()
        self.calls: list[tuple[float, SessionKey, list[str]]] = []
        self.fail = fail
        self.hang = hang
        self.cancelled = 0

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        self.calls.append((trio.current_time(), key, [str(e.get("uuid")) for e in entries]))
        if self.hang:
            try:
                await trio.sleep_forever()
            except trio.Cancelled:
                self.cancelled += 1
                raise
        if self.fail:
            self.fail -= 1
            raise OSError("the database is down")
        await super().append(key, entries)


async def uuids(store: InMemorySessionStore, key: SessionKey) -> list[str]:
    return [str(e.get("uuid")) for e in await store.load(key) or []]


def make(store: RecordingStore, **kwargs: Any) -> tuple[TranscriptMirror, list[MirrorErrorMessage]]:
    errors: list[MirrorErrorMessage] = []
    return TranscriptMirror(store, PROJECTS, report=errors.append, **kwargs), errors


async def test_batched_flushes_at_turn_end_one_append_per_transcript(
    autojump_clock: trio.testing.MockClock,
) -> None:
    store = RecordingStore()
    mirror, errors = make(store)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        mirror.add(frame("a", "b"))
        mirror.add(frame("s1", sub=True))
        mirror.add(frame("c"))
        await trio.sleep(5)
        assert store.calls == []  # batched: nothing before the turn ends
        mirror.turn_ended()
        await trio.sleep(0.01)
        assert [(k, u) for _, k, u in store.calls] == [(MAIN, ["a", "b", "c"]), (SUB, ["s1"])]
        mirror.turn_ended()  # nothing waits: no append(key, [])
        await trio.sleep(0.01)
        assert len(store.calls) == 2
        mirror.close()
    assert errors == []


async def test_batched_flushes_past_the_pending_limit(autojump_clock: trio.testing.MockClock) -> None:
    store = RecordingStore()
    mirror, _ = make(store)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        for i in range(MAX_PENDING_ENTRIES + 1):
            mirror.add(frame(str(i)))
        await trio.sleep(0.01)
        assert len(store.calls) == 1 and len(store.calls[0][2]) == MAX_PENDING_ENTRIES + 1
        mirror.close()


async def test_eager_flushes_each_frame_and_coalesces_during_a_flush(
    autojump_clock: trio.testing.MockClock,
) -> None:
    gate = trio.Event()

    class Slow(RecordingStore):
        async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
            await super().append(key, entries)
            await gate.wait()

    store = Slow()
    mirror, _ = make(store, flush="eager")
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        mirror.add(frame("a"))
        await trio.sleep(0.01)
        mirror.add(frame("b"))
        mirror.add(frame("c"))  # both arrive while "a" is being appended
        gate.set()
        await trio.sleep(0.01)
        assert [u for _, _, u in store.calls] == [["a"], ["b", "c"]]
        mirror.close()
    assert await uuids(store, MAIN) == ["a", "b", "c"]


async def test_a_failing_append_is_tried_three_times_then_reported(
    autojump_clock: trio.testing.MockClock,
) -> None:
    store = RecordingStore(fail=10)
    mirror, errors = make(store)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        start = trio.current_time()
        mirror.add(frame("a"))
        mirror.turn_ended()
        await trio.sleep(5)
        assert [round(t - start, 3) for t, _, _ in store.calls] == [0, 0.2, 1.0]  # backoff 0.2 s, then 0.8 s
        [error] = errors
        assert error.key is not None and (error.key.project_key, error.key.session_id) == ("p", SID)
        assert "OSError: the database is down" in error.error and error.session_id == SID and error.uuid
        # the mirror goes on: the next batch reaches the store once it works again
        store.fail = 0
        mirror.add(frame("b"))
        mirror.close()
    assert await uuids(store, MAIN) == ["b"]


async def test_a_flaky_append_succeeds_on_a_retry(autojump_clock: trio.testing.MockClock) -> None:
    store = RecordingStore(fail=2)
    mirror, errors = make(store)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        mirror.add(frame("a"))
        mirror.close()
    assert len(store.calls) == 3 and errors == [] and await uuids(store, MAIN) == ["a"]


async def test_a_timeout_is_not_retried(autojump_clock: trio.testing.MockClock) -> None:
    store = RecordingStore(hang=True)
    mirror, errors = make(store)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        mirror.add(frame("a"))
        mirror.turn_ended()
        await trio.sleep(61)
        assert len(store.calls) == 1 and store.cancelled == 1
        [error] = errors
        assert "timed out after 60 s (not retried)" in error.error
        mirror.close()


async def test_the_buffer_is_bounded_and_overflow_is_reported_once(
    autojump_clock: trio.testing.MockClock,
) -> None:
    store = RecordingStore(hang=True)
    mirror, errors = make(store, flush="eager", max_buffered_entries=10)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        mirror.add(frame("first"))
        await trio.sleep(0.01)  # the flusher hangs in append("first")
        for i in range(30):
            mirror.add(frame(f"{i}a", f"{i}b"))  # never blocks
        assert mirror.statistics.buffered_entries == 10 and mirror.statistics.dropped == 50
        [error] = errors
        assert "mirror buffer is full" in error.error
        nursery.cancel_scope.cancel()
    assert store.cancelled == 1


async def test_one_frame_bigger_than_the_buffer_is_still_taken(
    autojump_clock: trio.testing.MockClock,
) -> None:
    store = RecordingStore()
    mirror, errors = make(store, max_buffered_bytes=10)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        mirror.add(frame("a-long-uuid-longer-than-ten-bytes"))
        mirror.close()
    assert errors == [] and len(store.calls) == 1


async def test_frames_outside_the_projects_dir_are_dropped(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    store = RecordingStore()
    mirror, errors = make(store)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        mirror.add(TranscriptMirrorMessage(file_path="/elsewhere/p/x.jsonl", entries=({"type": "user"},)))
        mirror.close()
    assert store.calls == [] and errors == [] and "dropping a transcript_mirror frame" in caplog.text


async def test_close_flushes_what_waits_and_finish_is_bounded(autojump_clock: trio.testing.MockClock) -> None:
    store = RecordingStore()
    mirror, _ = make(store)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        mirror.add(frame("a"))
        mirror.close()
        await finish_mirror(mirror)
        assert await uuids(store, MAIN) == ["a"]

    hanging = RecordingStore(hang=True)
    mirror, _ = make(hanging)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(mirror.run)
        mirror.add(frame("a"))
        mirror.close()
        start = trio.current_time()
        await finish_mirror(mirror)
        assert trio.current_time() - start == pytest.approx(MIRROR_CLOSE_GRACE)
        nursery.cancel_scope.cancel()
    assert hanging.cancelled == 1
