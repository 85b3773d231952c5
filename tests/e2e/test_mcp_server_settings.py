"""The TypeScript ``createSdkMcpServer`` settings of an in-process server against the real CLI:
server-wide ``always_load``, a tool-call ``timeout``, per-tool ``tool_policies``
(:class:`~trio_claude.McpServerToolPolicy`).  ``timeout`` and the policies need CLI ≥ 2.1.330 (2.1.197
ignores ``sdkMcpServerConfigs``: the session refuses to start)."""

from __future__ import annotations

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    McpServerToolPolicy,
    create_sdk_mcp_server,
    open_session,
    tool,
)
from trio_claude.model import ResultMessage
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import AllowAndNote, block_text, refused_below

pytestmark = pytest.mark.real_cli

NEWER = (2, 1, 330)


@tool("add", "Add two integers")
async def add(a: int, b: int) -> str:
    return str(a + b)


@tool("slow", "Take a long time")
async def slow() -> str:
    await trio.sleep(30)
    return "finally"


async def test_server_wide_always_load_offers_every_tool_up_front(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("Nothing to do."))
    server = create_sdk_mcp_server("calc", tools=[add, slow], always_load=True)
    options = attrs.evolve(offline_options, mcp_servers={"calc": server})
    async with open_session(options) as session:
        await session.send("hello")
        async for _ in session.receive_response():
            pass
    names = messages_api.script_requests[0].tool_names
    assert "mcp__calc__add" in names and "mcp__calc__slow" in names


async def refused_by_an_old_cli(options: ClaudeAgentOptions, version: tuple[int, ...]) -> bool:
    """CLI 2.1.197 does not know the server-wide settings and would ignore them (an ignored ``always_deny``
    would let the tool run): there the session is refused before it starts, and the test ends."""
    return await refused_below(version, NEWER, open_session(options), "mcp_servers")


async def test_an_always_deny_policy_denies_an_allowed_tool(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    calls: list[int] = []

    @tool("add", "Add two integers")
    async def counted_add(a: int, b: int) -> str:
        calls.append(a + b)
        return str(a + b)

    messages_api.add_steps(tool_turn("mcp__calc__add", {"a": 2, "b": 3}), text_turn("Denied, then."))
    server = create_sdk_mcp_server(
        "calc",
        tools=[counted_add],
        tool_policies=[McpServerToolPolicy(name="add", permission_policy="always_deny")],
    )
    options = attrs.evolve(offline_options, mcp_servers={"calc": server}, allowed_tools=["mcp__calc__add"])
    if await refused_by_an_old_cli(options, claude_cli_version):
        return
    async with open_session(options) as session:
        await session.send("add 2 and 3")
        messages = [message async for message in session.receive_response()]
    # The CLI takes a denied tool out of the model's tools (as a deny rule does): the call fails unrun.
    block = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert block is not None and block.get("is_error") is True
    assert "No such tool available: mcp__calc__add" in block_text(block)
    assert calls == []
    result = messages[-1]
    assert isinstance(result, ResultMessage) and not result.is_error


async def test_an_always_ask_policy_asks_although_allowed_tools_covers_it(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    messages_api.add_steps(tool_turn("mcp__calc__add", {"a": 2, "b": 3}), text_turn("The sum is 5."))
    can_use_tool = AllowAndNote()

    server = create_sdk_mcp_server(
        "calc", tools=[add], tool_policies=[{"name": "add", "permission_policy": "always_ask"}]
    )
    options = attrs.evolve(
        offline_options,
        mcp_servers={"calc": server},
        allowed_tools=["mcp__calc__add"],
        can_use_tool=can_use_tool,
    )
    if await refused_by_an_old_cli(options, claude_cli_version):
        return
    async with open_session(options) as session:
        await session.send("add 2 and 3")
        async for _ in session.receive_response():
            pass
    assert can_use_tool.asked == ["mcp__calc__add"]
    assert block_text(messages_api.script_requests[1].tool_result("toolu_fake_1")) == "5"


async def test_a_server_timeout_ends_a_slow_call(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    messages_api.add_steps(tool_turn("mcp__calc__slow", {}), text_turn("It timed out."))
    server = create_sdk_mcp_server("calc", tools=[slow], timeout=1.5)
    options = attrs.evolve(offline_options, mcp_servers={"calc": server}, allowed_tools=["mcp__calc__slow"])
    if await refused_by_an_old_cli(options, claude_cli_version):
        return
    with trio.fail_after(20):
        async with open_session(options) as session:
            start = trio.current_time()
            await session.send("be slow")
            async for _ in session.receive_response():
                pass
            elapsed = trio.current_time() - start
    block = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert block is not None and block.get("is_error") is True
    assert elapsed < 15
