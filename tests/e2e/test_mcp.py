"""End-to-end: in-process MCP tools served to the real CLI, offline, against the scripted Messages API.

On CLI 2.1.330 in-process tools are deferred behind ``ToolSearch`` (not in the API's ``tools`` list) unless
``always_load``; the scripted model calls them by name anyway, which the CLI accepts.
"""

from __future__ import annotations

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    ToolContext,
    ToolPermissionContext,
    create_sdk_mcp_server,
    open_session,
    tool,
)
from trio_claude.model import InitMessage, JSONObject, Message
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import block_text

pytestmark = pytest.mark.real_cli


async def _turn(messages: object) -> list[Message]:
    return [message async for message in messages]  # type: ignore[attr-defined]


def _result(messages: list[Message]) -> ResultMessage:
    result = messages[-1]
    assert isinstance(result, ResultMessage), messages
    return result


class _Permissions:
    """A permission callback that allows everything and remembers what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, ToolPermissionContext]] = []

    async def __call__(
        self, name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        self.asked.append((name, context))
        return PermissionResultAllow()


async def test_the_model_calls_an_in_process_tool(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    calls: list[tuple[int, int, ToolContext]] = []

    @tool("add", "Add two integers")
    async def add(a: int, b: int, context: ToolContext) -> str:
        calls.append((a, b, context))
        return str(a + b)

    messages_api.add_steps(tool_turn("mcp__calc__add", {"a": 2, "b": 3}), text_turn("The sum is 5."))
    permissions = _Permissions()
    options = attrs.evolve(
        offline_options,
        mcp_servers={"calc": create_sdk_mcp_server("calc", tools=[add])},
        can_use_tool=permissions,
    )
    async with open_session(options) as session:
        await session.send("add 2 and 3")
        messages = await _turn(session.receive_response())
        status = await session.mcp_status()
    init = next(m for m in messages if isinstance(m, InitMessage))
    assert [(s.name, s.status) for s in init.mcp_servers or ()] == [("calc", "connected")]
    assert not _result(messages).is_error
    # The permission callback saw the MCP tool (2.1.197 does not name the server separately).
    ((name, context),) = permissions.asked
    assert name == "mcp__calc__add"
    if claude_cli_version >= (2, 1, 330):
        assert context.mcp_server is not None and context.mcp_server.name == "calc"
    # The tool ran with converted arguments and its context.
    ((a, b, tool_context),) = calls
    assert (a, b) == (2, 3)
    assert tool_context.server_name == "calc" and tool_context.tool_name == "add"
    assert tool_context.tool_use_id == "toolu_fake_1" == context.tool_use_id
    assert tool_context.progress_token is not None
    # The result reached the model.
    assert block_text(messages_api.script_requests[1].tool_result("toolu_fake_1")) == "5"
    (server,) = status.mcp_servers
    assert server.name == "calc" and server.status == "connected"
    assert [t.name for t in server.tools or ()] == ["add"]


async def test_a_raising_tool_is_an_error_result(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    @tool("divide", "Divide a by b")
    async def divide(a: float, b: float) -> float:
        if b == 0:
            raise ZeroDivisionError("cannot divide by zero")
        return a / b

    messages_api.add_steps(tool_turn("mcp__calc__divide", {"a": 1, "b": 0}), text_turn("Oops."))
    options = attrs.evolve(
        offline_options,
        mcp_servers={"calc": create_sdk_mcp_server("calc", tools=[divide])},
        can_use_tool=_Permissions(),
    )
    async with open_session(options) as session:
        await session.send("divide 1 by 0")
        messages = await _turn(session.receive_response())
    assert not _result(messages).is_error  # the session goes on; only the tool call failed
    block = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert block is not None and block.get("is_error") is True
    assert "cannot divide by zero" in block_text(block)


async def test_invalid_arguments_are_explained_to_the_model(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    calls: list[int] = []

    @tool("add", "Add two integers", always_load=True)
    async def add(a: int, b: int) -> int:
        calls.append(a)
        return a + b

    messages_api.add_steps(
        tool_turn("mcp__calc__add", {"a": "two", "b": 3}),
        tool_turn("mcp__calc__add", {"a": 2, "b": 3}, id="toolu_retry"),
        text_turn("5"),
    )
    options = attrs.evolve(
        offline_options,
        mcp_servers={"calc": create_sdk_mcp_server("calc", tools=[add])},
        can_use_tool=_Permissions(),
    )
    async with open_session(options) as session:
        await session.send("add two and 3")
        messages = await _turn(session.receive_response())
    assert not _result(messages).is_error
    assert "mcp__calc__add" in messages_api.script_requests[0].tool_names  # always_load
    block = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert block is not None and block.get("is_error") is True
    assert "a: expected an integer" in block_text(block)
    assert calls == [2]  # only the corrected call ran
    assert block_text(messages_api.script_requests[2].tool_result("toolu_retry")) == "5"


async def test_interrupt_cancels_a_slow_tool(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    started = trio.Event()
    cancelled: list[bool] = []

    @tool("wait", "Wait for a long time")
    async def wait() -> str:
        started.set()
        try:
            await trio.sleep_forever()
        except trio.Cancelled:
            cancelled.append(True)
            raise
        return "never"  # pragma: no cover

    messages_api.add_steps(tool_turn("mcp__slow__wait", {}), text_turn("after the interrupt"))
    options = attrs.evolve(
        offline_options,
        mcp_servers={"slow": create_sdk_mcp_server("slow", tools=[wait])},
        can_use_tool=_Permissions(),
    )
    async with open_session(options) as session:
        await session.send("wait")
        with trio.fail_after(20):
            await started.wait()
        await session.interrupt()
        interrupted = await _turn(session.receive_response())
        assert cancelled == [True]
        result = _result(interrupted)
        assert result.is_error and result.subtype == "error_during_execution"
        await session.send("still there?")
        after = await _turn(session.receive_response())
    assert not _result(after).is_error
    assert session.statistics().handlers_in_flight == 0


async def test_set_mcp_servers_adds_a_server_mid_session(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    @tool("add", "Add two integers")
    async def add(a: int, b: int) -> int:
        return a + b

    @tool("mul", "Multiply two integers")
    async def mul(a: int, b: int) -> int:
        return a * b

    calc = create_sdk_mcp_server("calc", tools=[add])
    more = create_sdk_mcp_server("more", tools=[mul])
    messages_api.add_steps(text_turn("ready"), tool_turn("mcp__more__mul", {"a": 6, "b": 7}), text_turn("42"))
    permissions = _Permissions()
    options = attrs.evolve(offline_options, mcp_servers={"calc": calc}, can_use_tool=permissions)
    async with open_session(options) as session:
        await session.send("hello")
        await _turn(session.receive_response())
        # The CLI replaces all dynamic servers, including those given at start.
        changed = await session.set_mcp_servers({"calc": calc, "more": more})
        assert "more" in changed.added and not changed.removed
        await session.send("multiply 6 by 7")
        messages = await _turn(session.receive_response())
        status = await session.mcp_status()
        removed = await session.set_mcp_servers({"calc": calc})
    assert not _result(messages).is_error
    assert [name for name, _ in permissions.asked] == ["mcp__more__mul"]
    assert block_text(messages_api.script_requests[2].tool_result("toolu_fake_1")) == "42"
    assert {s.name: s.status for s in status.mcp_servers} == {"calc": "connected", "more": "connected"}
    assert removed.removed == ("more",)
