"""What the session does with the CLI's byte streams: bad stdout lines, stderr, and prompts fed by an async
iterable (``open_query``)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence

import pytest
import trio
import trio.testing

from trio_claude import (
    ClaudeAgentOptions,
    ClaudeSession,
    CLICommand,
    CLIConnectionError,
    ProcessError,
    open_query,
    open_session,
)
from trio_claude.model import (
    AssistantMessage,
    InitMessage,
    ResultMessage,
    TextBlock,
    UnknownMessage,
    UserMessage,
    UserMessageParam,
)
from trio_claude.protocol import LineTooLongError
from trio_claude.testing import (
    Crash,
    FakeAction,
    RawLine,
    Say,
    Sleep,
    Stderr,
    open_fake_cli,
)

from ._support import LaggingStderr, delivered, read_turn, result_of


def texts(messages: Sequence[object]) -> list[str]:
    return [
        block.text
        for message in messages
        if isinstance(message, AssistantMessage)
        for block in message.content
        if isinstance(block, TextBlock)
    ]


# --------------------------------------------------------------------------------------------------------
# Stdout
# --------------------------------------------------------------------------------------------------------


async def test_a_line_over_max_line_bytes_ends_the_session_with_a_typed_error(
    autojump_clock: trio.testing.MockClock,
) -> None:
    limit = 8192
    huge = b'{"type":"fake_padding","data":"' + b"x" * (limit * 2) + b'"}\n'
    script: list[list[FakeAction]] = [[Say(text="before"), RawLine(data=huge), Say(text="after")]]
    async with open_fake_cli(script) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, max_line_bytes=limit)
        async with open_session(options) as session:
            await session.send("go")
            seen: list[object] = []
            with pytest.raises(LineTooLongError) as info:
                async for message in session.receive_messages():
                    seen.append(message)
            assert texts(seen) == ["before"]  # what came before the bad line was delivered
            assert info.value.limit == limit and info.value.size > limit
            with pytest.raises(LineTooLongError):
                await session.get_context_usage()
        # The session stopped the CLI rather than reading on without bound; it was reaped.
        assert fake.process.returncode is not None
        assert [number for number, _ in fake.process.signals][:1] == [15]


async def test_a_non_json_line_is_skipped_and_logged(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    script: list[list[FakeAction]] = [
        [Say(text="one"), RawLine(data=b"Warning: this is not JSON {\n"), Say(text="two")]
    ]
    caplog.set_level(logging.WARNING, logger="trio_claude")
    async with open_fake_cli(script) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            await session.send("go")
            messages = await read_turn(session)
            assert texts(messages) == ["one", "two"]
            assert result_of(messages).result == "two"
            assert session.statistics().invalid_lines == 1
        assert messages == delivered(fake.process)  # nothing lost around the bad line
    [record] = [record for record in caplog.records if "not protocol" in record.getMessage()]
    assert "Warning: this is not JSON {" in record.getMessage()


async def test_an_unknown_message_type_is_delivered_raw(autojump_clock: trio.testing.MockClock) -> None:
    script: list[list[FakeAction]] = [[RawLine(data=b'{"type":"from_the_future","x":1}\n'), Say(text="ok")]]
    async with open_fake_cli(script) as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        await session.send("go")
        messages = await read_turn(session)
    [unknown] = [message for message in messages if isinstance(message, UnknownMessage)]
    assert unknown.type == "from_the_future" and unknown.raw == {"type": "from_the_future", "x": 1}


# --------------------------------------------------------------------------------------------------------
# Stderr
# --------------------------------------------------------------------------------------------------------


async def test_the_stderr_callback_gets_every_line(autojump_clock: trio.testing.MockClock) -> None:
    lines: list[str] = []
    script: list[list[FakeAction]] = [
        [Stderr(text="debug: one\ndebug: two"), Say(text="ok"), Stderr(text="debug: three")]
    ]
    async with open_fake_cli(script) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn, stderr=lines.append)) as session:
            await session.send("go")
            await read_turn(session)
        assert lines == ["debug: one", "debug: two", "debug: three"]
        assert session.stderr_tail == "debug: one\ndebug: two\ndebug: three"


async def test_stderr_written_just_before_exit_still_reaches_the_callback(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # The stderr pipe is read late (a busy machine): closing the session still waits for its last lines.
    lines: list[str] = []
    async with open_fake_cli([[Say(text="ok"), Stderr(text="goodbye")]]) as fake:

        async def spawn(command: CLICommand) -> LaggingStderr:
            return LaggingStderr(await fake.spawn(command), lag=0.2)

        async with open_session(ClaudeAgentOptions(spawn=spawn, stderr=lines.append)) as session:
            await session.send("go")
            await read_turn(session)
    assert lines == ["goodbye"]


async def test_a_raising_stderr_callback_is_logged_and_reading_goes_on(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    lines: list[str] = []

    def callback(line: str) -> None:
        lines.append(line)
        if line == "bad":
            raise ValueError(line)

    caplog.set_level(logging.ERROR, logger="trio_claude")
    async with (
        open_fake_cli([[Stderr(text="bad\ngood"), Say(text="ok")]]) as fake,
        open_session(ClaudeAgentOptions(spawn=fake.spawn, stderr=callback)) as session,
    ):
        await session.send("go")
        assert result_of(await read_turn(session)).result == "ok"
    assert lines == ["bad", "good"]
    assert any("stderr callback" in record.getMessage() for record in caplog.records)


# --------------------------------------------------------------------------------------------------------
# open_query with an async iterable of prompts
# --------------------------------------------------------------------------------------------------------


async def test_open_query_with_an_async_iterable_prompt(autojump_clock: trio.testing.MockClock) -> None:
    sent_at: list[float] = []

    async def prompts() -> AsyncIterator[str | UserMessage]:
        sent_at.append(trio.current_time())
        yield "first"
        await trio.sleep(5)  # the CLI is idle meanwhile; stdin must stay open
        sent_at.append(trio.current_time())
        yield UserMessage(message=UserMessageParam(content="second"), session_id="")

    script: list[list[FakeAction]] = [[Say(text="one")], [Sleep(seconds=1), Say(text="two")]]
    async with open_fake_cli(script) as fake:
        start = trio.current_time()
        async with open_query(prompts(), ClaudeAgentOptions(spawn=fake.spawn)) as messages:
            received = [message async for message in messages]
        # The stream ended by itself once the last prompt had its result and the CLI was idle.
        assert trio.current_time() - start == pytest.approx(5 + 1)
        process = fake.process
    assert [result.result for result in received if isinstance(result, ResultMessage)] == ["one", "two"]
    assert sum(isinstance(message, InitMessage) for message in received) == 2
    assert [prompt.content for prompt in process.prompts] == ["first", "second"]
    assert process.eof_at == pytest.approx(start + 6)
    assert process.returncode == 0 and process.signals == []
    assert received == delivered(process)


async def test_open_query_ends_when_the_prompts_end_early(autojump_clock: trio.testing.MockClock) -> None:
    async def no_prompts() -> AsyncIterator[str]:
        return
        yield  # pragma: no cover

    async with open_fake_cli() as fake:
        async with open_query(no_prompts(), ClaudeAgentOptions(spawn=fake.spawn)) as messages:
            assert [message async for message in messages] == []
        assert fake.process.prompts == [] and fake.process.returncode == 0


# --------------------------------------------------------------------------------------------------------
# receive_batches
# --------------------------------------------------------------------------------------------------------


async def test_receive_batches_yields_every_message_once_in_order(
    autojump_clock: trio.testing.MockClock,
) -> None:
    script: list[list[FakeAction]] = [[Say(text=str(n)) for n in range(50)]] * 2
    async with open_fake_cli(script) as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        await session.send("go")
        first = await session.receive_message()  # shares the buffer: not delivered again
        await trio.sleep(10)  # the mock clock jumps once every task waits: the fake has written the turn
        batches: list[tuple[object, ...]] = []
        async for batch in session.receive_batches():
            assert batch  # never empty
            batches.append(batch)
            if any(isinstance(message, ResultMessage) for message in batch):
                break
        received = [first, *(message for batch in batches for message in batch)]
        assert texts(received) == [str(n) for n in range(50)]
        assert len(batches) == 1  # what arrived while the consumer was away comes in one step
        assert isinstance(received[-1], ResultMessage)
        # The same objects as receive_messages() gives, on a second turn.
        await session.send("again")
        one_by_one = await read_turn(session)
    assert texts(one_by_one) == [str(n) for n in range(50)]


async def test_receive_batches_ends_with_the_session_and_raises_a_crash(
    autojump_clock: trio.testing.MockClock,
) -> None:
    script: list[list[FakeAction]] = [[Say(text="last words"), Crash(stderr="boom", exit_code=3)]]
    async with open_fake_cli(script) as fake:
        seen: list[object] = []
        opened: list[ClaudeSession] = []
        with pytest.raises(ProcessError) as info:
            async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
                opened.append(session)
                await session.send("go")
                async for batch in session.receive_batches():
                    seen.extend(batch)
        assert info.value.exit_code == 3
        assert texts(seen) == ["last words"]  # what came before the crash was delivered
        with pytest.raises(ProcessError):  # after the block: what send() raises then
            await opened[0].receive_batches().__anext__()


async def test_receive_batches_ends_when_the_cli_exits(autojump_clock: trio.testing.MockClock) -> None:
    async with (
        open_fake_cli([[Say(text="only")]]) as fake,
        open_query("go", ClaudeAgentOptions(spawn=fake.spawn)) as query,
    ):
        seen = [message async for batch in query.receive_batches() for message in batch]
        assert texts(seen) == ["only"] and isinstance(seen[-1], ResultMessage)
        stream = query.receive_batches()
        with pytest.raises(StopAsyncIteration):  # the session has ended: nothing more comes
            await stream.__anext__()
    with pytest.raises(CLIConnectionError, match="block was left"):
        await query.receive_batches().__anext__()
