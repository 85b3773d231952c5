"""The ``session_store`` option in a session (the fake CLI, the autojump clock): the router peels the
``transcript_mirror`` frames off for the store; a slow, failing or hanging store never stalls control
traffic or messages, never ends the session, and is cancelled with the caller."""

from __future__ import annotations

import json

import pytest
import trio
import trio.testing

from trio_claude import ClaudeAgentOptions, InMemorySessionStore, SessionKey, SessionStoreEntry, open_session
from trio_claude._runtime._mirror import MIRROR_CLOSE_GRACE
from trio_claude.model import MirrorErrorMessage, TranscriptMirrorMessage
from trio_claude.testing import FakeAction, RawLine, Say, open_fake_cli

from ._support import read_turn, result_of

CONFIG = "/cfg"
SID = "0b0c2d9e-1111-4222-8333-444455556666"
MAIN: SessionKey = {"project_key": "-work", "session_id": SID}


def mirror_line(*uuids: str, config: str = CONFIG) -> RawLine:
    frame = {
        "type": "transcript_mirror",
        "filePath": f"{config}/projects/-work/{SID}.jsonl",
        "entries": [{"type": "user", "uuid": u, "sessionId": SID} for u in uuids],
    }
    return RawLine(data=json.dumps(frame).encode() + b"\n")


class Store(InMemorySessionStore):
    """Records appends; ``fail`` makes that many raise, ``hang`` makes them wait until cancelled."""

    def __init__(self, *, fail: int = 0, hang: bool = False) -> None:
        super().__init__()
        self.fail = fail
        self.hang = hang
        self.calls = 0
        self.cancelled = 0

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        self.calls += 1
        if self.hang:
            try:
                await trio.sleep_forever()
            except trio.Cancelled:
                self.cancelled += 1
                raise
        if self.fail:
            self.fail -= 1
            raise RuntimeError("store down")
        await super().append(key, entries)


def options_for(spawn: object, store: object, **more: object) -> ClaudeAgentOptions:
    return ClaudeAgentOptions(
        spawn=spawn,  # type: ignore[arg-type]
        session_store=store,  # type: ignore[arg-type]
        env={"CLAUDE_CONFIG_DIR": CONFIG},
        **more,  # type: ignore[arg-type]
    )


async def stored(store: InMemorySessionStore) -> list[str]:
    return [str(e.get("uuid")) for e in await store.load(MAIN) or []]


async def test_frames_go_to_the_store_not_to_the_consumer(autojump_clock: trio.testing.MockClock) -> None:
    script: list[list[FakeAction]] = [
        [mirror_line("u1"), Say(text="one"), mirror_line("a1")],
        [mirror_line("u2")],
    ]
    store = Store()
    async with open_fake_cli(script) as fake:
        async with open_session(options_for(fake.spawn, store)) as session:
            await session.send("go")
            messages = await read_turn(session)
            assert not [m for m in messages if isinstance(m, TranscriptMirrorMessage)]
            await trio.sleep(0.01)
            assert await stored(store) == ["u1", "a1"]  # flushed when the turn ended
            await session.send("again")
            await read_turn(session)
        assert "--session-mirror" in fake.process.command.argv
    assert await stored(store) == ["u1", "a1", "u2"]


async def test_the_frames_are_under_the_home_options_env_gives(
    autojump_clock: trio.testing.MockClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No ``CLAUDE_CONFIG_DIR`` anywhere, ``HOME`` only in ``options.env``: the CLI writes (and names in its
    frames) its files under that home's ``.claude``, not this process's."""
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.setenv("HOME", "/this-process-home")
    store = Store()
    async with open_fake_cli([[mirror_line("u1", config="/worker-home/.claude"), Say(text="one")]]) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, session_store=store, env={"HOME": "/worker-home"})
        async with open_session(options) as session:
            await session.send("go")
            await read_turn(session)
    assert await stored(store) == ["u1"]


async def test_without_a_store_the_frames_reach_the_consumer(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli([[mirror_line("u1"), Say(text="one")]]) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, extra_args={"session-mirror": None})
        async with open_session(options) as session:
            await session.send("go")
            assert [m for m in await read_turn(session) if isinstance(m, TranscriptMirrorMessage)]


async def test_a_hanging_store_stalls_neither_control_traffic_nor_messages(
    autojump_clock: trio.testing.MockClock,
) -> None:
    """Measured on the virtual clock: with every append hanging, 200 control round trips and two turns of
    frames take no time at all (a router that awaited the store would wait 60 s per flush)."""
    turn = [mirror_line(*(f"{t}-{i}" for i in range(5))) for t in range(20)]
    script: list[list[FakeAction]] = [[*turn, Say(text="one")], [*turn, Say(text="two")]]
    store = Store(hang=True)
    async with open_fake_cli(script) as fake:
        async with open_session(options_for(fake.spawn, store, session_store_flush="eager")) as session:
            start = trio.current_time()
            await session.send("go")
            assert result_of(await read_turn(session)).result == "one"
            for _ in range(200):
                await session.mcp_status()
            await session.send("again")
            assert result_of(await read_turn(session)).result == "two"
            assert trio.current_time() - start < 0.001
            assert store.calls == 1  # one flush hangs; the rest wait in the bounded buffer
            leaving = trio.current_time()
        # Leaving waits for the final flush at most MIRROR_CLOSE_GRACE, then cancels the hanging append.
        assert trio.current_time() - leaving <= MIRROR_CLOSE_GRACE + 2 * 2.0 + 1
    assert store.cancelled == 1


async def test_a_failing_store_yields_mirror_error_and_the_session_goes_on(
    autojump_clock: trio.testing.MockClock,
) -> None:
    script: list[list[FakeAction]] = [
        [mirror_line("u1"), Say(text="one")],
        [mirror_line("u2"), Say(text="two")],
    ]
    store = Store(fail=3)
    async with open_fake_cli(script) as fake, open_session(options_for(fake.spawn, store)) as session:
        await session.send("go")
        await read_turn(session)
        await trio.sleep(2)  # three attempts: 0 s, 0.2 s, 1.0 s
        error = await session.receive_message()
        assert isinstance(error, MirrorErrorMessage) and "store down" in error.error
        assert error.key is not None and error.key.session_id == SID
        await session.send("again")
        assert result_of(await read_turn(session)).result == "two"
    assert store.calls == 4 and await stored(store) == ["u2"]


async def test_cancelling_the_caller_cancels_the_store_call(autojump_clock: trio.testing.MockClock) -> None:
    store = Store(hang=True)
    async with open_fake_cli([[mirror_line("u1"), Say(text="one")]]) as fake:
        with trio.move_on_after(5) as scope:
            async with open_session(options_for(fake.spawn, store)) as session:
                await session.send("go")
                await read_turn(session)
                await trio.sleep_forever()
        cancelled_at = trio.current_time()
    assert scope.cancelled_caught and store.cancelled == 1
    assert cancelled_at < 5 + 2 * 2.0 + 1  # the CLI's shutdown graces, not the store's 10 s or 60 s
