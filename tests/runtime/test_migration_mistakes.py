"""What code ported from the official SDK by renaming gets wrong, caught at once with an error that says what
to write instead: ``query()`` iterated (``async for message in open_query(...)``), the official client's
``connect()`` / ``query()`` called on ``open_session(...)`` itself, and a list of official user-message dicts
given where one prompt (or an async iterable of them) goes."""

from __future__ import annotations

import asyncio
from typing import Any

import anyio
import pytest
import trio
import trio.testing

from trio_claude import ClaudeAgentOptions, CLIConnectionError, open_query, open_session
from trio_claude.testing import Say, open_fake_cli


async def _spawn_nothing(command: Any) -> Any:
    raise AssertionError("no CLI may start")


NO_CLI = ClaudeAgentOptions(spawn=_spawn_nothing)


async def test_iterating_open_query_says_to_enter_it() -> None:
    with pytest.raises(TypeError, match=r"async with open_query\(.*\) as query:"):
        async for _ in open_query("hi", NO_CLI):  # type: ignore[attr-defined]
            pass
    with pytest.raises(TypeError, match=r"async with open_query"):
        await open_query("hi", NO_CLI)  # type: ignore[misc]


async def test_using_open_session_as_the_client_says_to_enter_it() -> None:
    client = open_session(NO_CLI)
    with pytest.raises(AttributeError, match=r"connect\(\).*async with open_session\(options\) as session:"):
        await client.connect()  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match=r"query\(\).*async with open_session"):
        await client.query("hi")  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"async with open_session"):
        await open_session(NO_CLI)  # type: ignore[misc]
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        client.nonsense  # type: ignore[attr-defined]  # noqa: B018


async def test_entering_them_still_works(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli([[Say(text="one")], [Say(text="two")]]) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn)
        async with open_query("hi", options) as messages:
            assert [type(m).__name__ async for m in messages][-1] == "ResultMessage"
        async with open_session(options) as session:
            await session.send("again")
            assert [type(m).__name__ async for m in session.receive_response()][-1] == "ResultMessage"


def official_message(content: str) -> dict[str, Any]:
    return {"type": "user", "message": {"role": "user", "content": content}, "parent_tool_use_id": None}


async def test_a_list_of_user_messages_is_not_a_list_of_blocks(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with open_fake_cli([[Say(text="one")]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            with pytest.raises(TypeError, match=r"content\[0\] is a whole 'user' message.*async iterable"):
                await session.send([official_message("hello")])
            with pytest.raises(TypeError, match=r"content\[1\] is a whole 'user' message"):
                await session.query([{"type": "text", "text": "a"}, official_message("b")])
            with pytest.raises(TypeError, match=r"content\[0\] is a whole 'assistant' message"):
                await session.send([{"type": "assistant", "message": {"content": []}}])
            assert fake.process.prompts == []  # nothing was sent
            # A block of a type this version does not know still goes as it is.
            await session.send([{"type": "brand_new_block", "x": 1}])
            [_ async for _ in session.receive_response()]
        assert len(fake.process.prompts) == 1


@pytest.mark.parametrize("runner", ["asyncio", "anyio"])
def test_running_under_asyncio_says_to_use_trio(runner: str) -> None:
    # The official examples start with asyncio.run(main()) or anyio.run(main) (asyncio by default).
    async def main() -> None:
        async with open_query("hi", NO_CLI) as messages:
            async for _ in messages:
                pass

    with pytest.raises(RuntimeError, match=r"trio_claude runs under Trio: .*trio\.run\(main\)"):
        if runner == "asyncio":
            asyncio.run(main())
        else:
            anyio.run(main)


async def test_a_sync_with_says_to_use_async_with() -> None:
    with (
        pytest.raises(TypeError, match=r"open_session\(\).*use `async with`, not `with`"),
        open_session(NO_CLI),  # type: ignore[attr-defined]
    ):
        pass
    with (
        pytest.raises(TypeError, match=r"open_query\(\).*use `async with`, not `with`"),
        open_query("hi", NO_CLI),  # type: ignore[attr-defined]
    ):
        pass


async def test_reading_after_the_block_raises_as_sending_does(autojump_clock: trio.testing.MockClock) -> None:
    # The official client after `async with ClaudeSDKClient() as client:` raises on receive_response() too.
    async with (
        open_fake_cli([[Say(text="one")], [Say(text="two")]]) as fake,
        open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session,
    ):
        await session.query("hi")
        stream = session.receive_response()
    with pytest.raises(CLIConnectionError, match=r"block was left") as sent:
        await session.send("again")
    for read in (stream, session.receive_response(), session.receive_messages()):
        with pytest.raises(CLIConnectionError) as received:
            async for _ in read:
                pass
        assert str(received.value) == str(sent.value)
    with pytest.raises(CLIConnectionError, match=r"block was left"):
        await session.receive_message()
