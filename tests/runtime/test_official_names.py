"""What official-SDK code does with a session: ``send()``/``query()`` with the official user-message dict,
``get_server_info()``, ``get_mcp_status()``, and the names we do not have failing with a pointer to ours."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

import trio_claude
from trio_claude import ClaudeAgentOptions, ClaudeSession, open_query, open_session, wire
from trio_claude.model import (
    AssistantMessage,
    ImageBlock,
    ResultMessage,
    TextBlock,
    UserMessage,
    UserMessageParam,
)
from trio_claude.testing import Say, open_fake_cli


def official_message(content: Any, session_id: str = "qa-session") -> dict[str, Any]:
    return {
        "type": "user",
        "message": {"role": "user", "content": content},
        "parent_tool_use_id": None,
        "session_id": session_id,
    }


IMAGE = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw=="}}


async def test_send_takes_the_official_user_message_dict(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli([[Say(text="one")], [Say(text="two")]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            await session.send(official_message("Hello!"))
            [_ async for _ in session.receive_response()]
            await session.send(official_message([{"type": "text", "text": "Look:"}, IMAGE]))
            [_ async for _ in session.receive_response()]
        prompts = fake.process.prompts
    assert prompts[0] == UserMessage(
        message=UserMessageParam(content="Hello!"), parent_tool_use_id=None, session_id="qa-session"
    )
    assert prompts[1].content == (
        TextBlock(text="Look:"),
        ImageBlock(source={"type": "base64", "media_type": "image/png", "data": "iVBORw=="}),
    )


async def test_send_takes_content_blocks_as_dicts(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli([[Say(text="one")]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            await session.send([{"type": "text", "text": "Look:"}, IMAGE])
            [_ async for _ in session.receive_response()]
        (prompt,) = fake.process.prompts
    assert prompt.content == (
        TextBlock(text="Look:"),
        ImageBlock(source={"type": "base64", "media_type": "image/png", "data": "iVBORw=="}),
    )


@pytest.mark.parametrize(
    ("prompt", "message"),
    [
        ({"type": "assistant", "message": {}}, r"send\(\) takes .*not a 'assistant' message"),
        ({"role": "user", "content": "hi"}, r"not a None message"),
        (official_message(42), r"send\(\) takes .*UserMessageParam.content"),
        (official_message([{"type": "text"}]), r"content\[0\]: TextBlock.text: missing key text"),
        ([{"type": "text", "txt": "hi"}], r"content\[0\]: TextBlock.text: missing key text"),
        ([TextBlock(text="a"), 3], r"content\[1\] must be a content block, not 3"),
        (b"hello", r"send\(\) takes a string, content blocks, a UserMessage or .* not bytes"),
        (42, r"send\(\) takes a string, content blocks, a UserMessage or .* not int"),
        (official_message("hi") | {"parent_tool_use_id": 7}, r"parent_tool_use_id"),
        (official_message([{"type": "text", "text": Path("x")}]), r"TextBlock.text: expected str"),
        (
            UserMessage(message=UserMessageParam(content="x"), tool_use_result={"p": Path("x")}),
            r"the prompt is not JSON: .*PosixPath",
        ),
    ],
)
async def test_send_refuses_anything_else_at_once(
    prompt: Any, message: str, autojump_clock: trio.testing.MockClock
) -> None:
    async with open_fake_cli([[Say(text="one")]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            with pytest.raises(TypeError, match=message):
                await session.send(prompt)
            # Nothing was written and the session goes on.
            await session.send("hello")
            messages = [m async for m in session.receive_response()]
        assert [p.content for p in fake.process.prompts] == ["hello"]
    assert isinstance(messages[-1], ResultMessage)


async def test_parent_tool_use_id_beside_a_whole_message_is_refused(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with open_fake_cli() as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        for prompt in (official_message("hi"), UserMessage(message=UserMessageParam(content="hi"))):
            with pytest.raises(TypeError, match="carries its own parent_tool_use_id"):
                await session.send(prompt, parent_tool_use_id="toolu_1")


async def test_a_missing_parent_tool_use_id_is_null(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli([[Say(text="one")]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            await session.send({"type": "user", "message": {"role": "user", "content": "hi"}})
            [_ async for _ in session.receive_response()]
        (prompt,) = fake.process.prompts
    assert prompt.parent_tool_use_id is None and prompt.content == "hi"


async def test_query_is_send_and_streams_an_async_iterable(autojump_clock: trio.testing.MockClock) -> None:
    async def stream() -> AsyncIterator[Mapping[str, Any]]:
        yield official_message("first")
        yield {"type": "user", "message": {"role": "user", "content": "second"}, "parent_tool_use_id": None}

    script = [[Say(text="one")], [Say(text="two")], [Say(text="three")]]
    async with open_fake_cli(script) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            await session.query("zero", session_id="default")
            [_ async for _ in session.receive_response()]
            await session.query(stream())
            [_ async for _ in session.receive_response()]
            [_ async for _ in session.receive_response()]
        prompts = fake.process.prompts
    assert [(p.content, p.session_id) for p in prompts] == [
        ("zero", "default"),
        ("first", "qa-session"),
        ("second", "default"),  # as the official query() does: the session_id of the call
    ]


async def test_open_query_takes_official_dicts(autojump_clock: trio.testing.MockClock) -> None:
    async def prompts() -> AsyncIterator[Mapping[str, Any]]:
        yield official_message("first")

    async with open_fake_cli([[Say(text="one")]]) as fake:
        async with open_query(prompts(), ClaudeAgentOptions(spawn=fake.spawn)) as messages:
            received = [message async for message in messages]
        assert [p.content for p in fake.process.prompts] == ["first"]
    assert isinstance(received[-1], ResultMessage)
    # A single prompt of any form too (not only a string).
    async with open_fake_cli([[Say(text="one")]]) as fake:
        async with open_query(official_message("only"), ClaudeAgentOptions(spawn=fake.spawn)) as messages:
            [message async for message in messages]
        assert [p.content for p in fake.process.prompts] == ["only"]


async def test_open_query_with_a_bad_prompt_fails_with_the_type_error(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async def prompts() -> AsyncIterator[Any]:
        yield official_message("first")
        yield {"type": "user", "message": "not a message"}

    async with open_fake_cli([[Say(text="one")]]) as fake:
        with pytest.raises(TypeError, match=r"send\(\) takes"):
            async with open_query(prompts(), ClaudeAgentOptions(spawn=fake.spawn)) as messages:
                [message async for message in messages]
    async with open_fake_cli() as fake:
        with pytest.raises(TypeError, match=r"send\(\) takes .* not int"):
            async with open_query(42, ClaudeAgentOptions(spawn=fake.spawn)):  # type: ignore[arg-type]
                pass  # pragma: no cover
        with pytest.raises(LookupError, match="not been spawned"):
            fake.process  # noqa: B018 - refused before the CLI was started


async def test_get_server_info_is_the_initialize_response_as_json(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with open_fake_cli() as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        info = await session.get_server_info()
        assert info is not None and session.server_info is not None
        assert isinstance(info, dict)
        assert info == wire.unstructure(session.server_info)
        assert info.get("commands", []) == [wire.unstructure(c) for c in session.server_info.commands or ()]


async def test_get_mcp_status_is_the_mcp_status_as_json(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli() as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        status = await session.get_mcp_status()
        typed = await session.mcp_status()
    assert status == wire.unstructure(typed)
    assert "mcpServers" in status


async def test_connect_and_disconnect_point_at_open_session(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli() as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        for name in ("connect", "disconnect"):
            with pytest.raises(AttributeError, match=r"async with open_session\(options\) as session"):
                getattr(session, name)
        with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
            getattr(session, "nonsense")  # noqa: B009
    assert not hasattr(ClaudeSession, "connect")


def test_the_official_entry_points_point_at_ours() -> None:
    with pytest.raises(ImportError, match=r"ClaudeSDKClient.*open_session"):
        from trio_claude import ClaudeSDKClient  # type: ignore[attr-defined]  # noqa: F401
    with pytest.raises(ImportError, match=r"no query.*open_query"):
        from trio_claude import query  # type: ignore[attr-defined]  # noqa: F401
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        trio_claude.nonsense  # type: ignore[attr-defined]  # noqa: B018


# The fields official-SDK code reads on messages and blocks (the official SDK's dataclasses, by name).
OFFICIAL_FIELDS: dict[str, tuple[str, ...]] = {
    "ResultMessage": (
        "subtype", "duration_ms", "duration_api_ms", "is_error", "num_turns", "session_id", "stop_reason",
        "total_cost_usd", "usage", "result", "structured_output", "model_usage", "permission_denials",
        "deferred_tool_use", "errors", "api_error_status", "uuid", "terminal_reason", "origin",
    ),
    "AssistantMessage": (
        "content", "model", "parent_tool_use_id", "error", "usage", "message_id", "stop_reason",
        "session_id", "uuid",
    ),
    "UserMessage": ("content", "uuid", "parent_tool_use_id", "tool_use_result", "origin"),
}  # fmt: skip

RESULT_LINE = (
    '{"type":"result","subtype":"success","is_error":false,"duration_ms":5,"duration_api_ms":4,"num_turns":1,'
    '"result":"hi","session_id":"s","total_cost_usd":0.5,"usage":{"input_tokens":3},'
    '"origin":{"kind":"human"},"uuid":"u"}'
)
ASSISTANT_LINE = (
    '{"type":"assistant","message":{"id":"msg_1","model":"m","role":"assistant","stop_reason":"end_turn",'
    '"content":[{"type":"text","text":"hi"}],"usage":{"output_tokens":2}},"parent_tool_use_id":null,'
    '"session_id":"s","uuid":"u"}'
)
USER_LINE = '{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null}'


def test_messages_have_the_official_field_names() -> None:
    decoded: dict[str, object] = {
        type(message).__name__: message
        for message in map(wire.decode_line, (RESULT_LINE, ASSISTANT_LINE, USER_LINE))
    }
    for name, fields in OFFICIAL_FIELDS.items():
        missing = [field for field in fields if not hasattr(decoded[name], field)]
        assert missing == [], name
    result = decoded["ResultMessage"]
    assert isinstance(result, ResultMessage) and result.origin == {"kind": "human"}
    assistant = decoded["AssistantMessage"]
    assert isinstance(assistant, AssistantMessage)
    assert assistant.usage == {"output_tokens": 2}
    assert assistant.message_id == "msg_1" and assistant.stop_reason == "end_turn"
