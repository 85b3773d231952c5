"""Per-tool policies (:class:`~trio_claude.McpServerToolPolicy`) and the tool-call timeout on a server of
the ``mcp`` package (:class:`~trio_claude.McpPackageServerConfig`, or the TypeScript
``{"type": "sdk", "instance": …, "tools": […]}``) against the real CLI.  As for
``create_sdk_mcp_server``, they go in ``initialize.sdkMcpServerConfigs`` / the ``mcp_set_servers`` entry:
CLI 2.1.197 ignores them, so the session refuses to start there."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
import trio
from _mcp_package import MCPServer

from trio_claude import (
    ClaudeAgentOptions,
    McpPackageServerConfig,
    McpServerToolPolicy,
    UnsupportedOptionError,
    open_session,
)
from trio_claude.model import Message
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import AllowAndNote, block_text, collect, connected, result_of
from .test_mcp_server_settings import NEWER, refused_by_an_old_cli

pytestmark = pytest.mark.real_cli


def _server(calls: list[str]) -> MCPServer[Any]:
    app: MCPServer[Any] = MCPServer("db")

    @app.tool(structured_output=False)
    async def drop_table() -> str:
        """Drop the whole table."""
        calls.append("drop_table")
        return "table dropped"

    @app.tool(structured_output=False)
    async def count_rows() -> str:
        """Count the rows."""
        calls.append("count_rows")
        return "3 rows"

    @app.tool(structured_output=False)
    async def vacuum() -> str:
        """Compact the table (slow)."""
        calls.append("vacuum")
        await trio.sleep(30)
        return "compacted"

    return app


ALLOWED = ["mcp__db__drop_table", "mcp__db__count_rows", "mcp__db__vacuum"]


def _denying(calls: list[str], name: str) -> McpPackageServerConfig:
    """The server, its tool ``name`` under an ``always_deny`` policy."""
    policy = McpServerToolPolicy(name=name, permission_policy="always_deny")
    return McpPackageServerConfig(_server(calls), tool_policies=[policy])


async def _turn(options: ClaudeAgentOptions, version: tuple[int, ...], prompt: str) -> list[Message] | None:
    """The messages of one turn with ``prompt``, or ``None`` where the CLI is too old for the options and
    the session is refused (:func:`refused_by_an_old_cli`)."""
    if await refused_by_an_old_cli(options, version):
        return None
    async with open_session(options) as session:
        await session.send(prompt)
        return await collect(session.receive_response())


async def test_always_deny_keeps_an_allowed_tool_from_running(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    calls: list[str] = []
    messages_api.add_steps(tool_turn("mcp__db__drop_table", {}), text_turn("Denied, then."))
    server = _denying(calls, "drop_table")
    options = attrs.evolve(offline_options, mcp_servers={"db": server}, allowed_tools=ALLOWED)
    messages = await _turn(options, claude_cli_version, "drop the table")
    if messages is None:
        return
    block = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert block is not None and block.get("is_error") is True
    assert "No such tool available: mcp__db__drop_table" in block_text(block)
    assert calls == []
    assert not result_of(messages).is_error


async def test_always_ask_in_the_typescript_form_asks_although_allowed(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    calls: list[str] = []
    can_use_tool = AllowAndNote()
    messages_api.add_steps(tool_turn("mcp__db__count_rows", {}), text_turn("Three."))
    server = {
        "type": "sdk",
        "name": "db",
        "instance": _server(calls),
        "tools": [{"name": "count_rows", "permission_policy": "always_ask"}],
    }
    options = attrs.evolve(  # (always_ask: allowed_tools does not shadow can_use_tool, no warning)
        offline_options,
        mcp_servers={"db": server},
        allowed_tools=["mcp__db__count_rows"],
        can_use_tool=can_use_tool,
    )
    assert isinstance(options.mcp_servers["db"], McpPackageServerConfig)  # type: ignore[index]
    if await _turn(options, claude_cli_version, "count the rows") is None:
        return
    assert can_use_tool.asked == ["mcp__db__count_rows"]
    assert calls == ["count_rows"]
    assert block_text(messages_api.script_requests[1].tool_result("toolu_fake_1")) == "3 rows"


async def test_a_timeout_ends_a_slow_call(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    calls: list[str] = []
    messages_api.add_steps(tool_turn("mcp__db__vacuum", {}), text_turn("It timed out."))
    server = McpPackageServerConfig(_server(calls), timeout=1.5)
    options = attrs.evolve(offline_options, mcp_servers={"db": server}, allowed_tools=ALLOWED)
    with trio.fail_after(20):
        if await _turn(options, claude_cli_version, "vacuum") is None:
            return
    block = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert block is not None and block.get("is_error") is True
    assert calls == ["vacuum"]


async def test_a_misspelt_policy_fails_the_listing_so_no_tool_runs(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    # "drop_tabel" names no tool: rather than deny nothing (and let drop_table run), the bridge refuses
    # the CLI the server's tool listing, and the CLI offers none of its tools.
    calls: list[str] = []
    messages_api.add_steps(tool_turn("mcp__db__drop_table", {}), text_turn("No such tool."))
    server = _denying(calls, "drop_tabel")
    options = attrs.evolve(offline_options, mcp_servers={"db": server}, allowed_tools=ALLOWED)
    if await _turn(options, claude_cli_version, "drop the table") is None:
        return
    assert calls == []
    assert not any(name.startswith("mcp__db__") for name in messages_api.script_requests[0].tool_names)
    block = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert block is not None and block.get("is_error") is True


async def test_set_mcp_servers_sends_the_policies(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    calls: list[str] = []
    messages_api.add_steps(tool_turn("mcp__db__drop_table", {}), text_turn("Denied, then."))
    server = _denying(calls, "drop_table")
    options = attrs.evolve(offline_options, allowed_tools=ALLOWED)
    async with open_session(options) as session:
        if claude_cli_version < NEWER:
            # 2.1.197 would ignore the policy (drop_table would run): refused, nothing sent.
            with pytest.raises(UnsupportedOptionError, match=r"set_mcp_servers\(servers\)\['db'\]"):
                await session.set_mcp_servers({"db": server})
            assert (await session.mcp_status()).mcp_servers == ()
            return
        response = await session.set_mcp_servers({"db": server})
        assert response.added == ("db",)
        await connected(session)
        await session.send("drop the table")
        await collect(session.receive_response())
    block = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert block is not None and block.get("is_error") is True
    assert calls == []


@pytest.mark.parametrize("form", ["config", "typescript", None])
async def test_always_load_offers_every_tool_up_front_on_both_clis(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_cli_version: tuple[int, ...],
    form: str | None,
) -> None:
    # It travels in the server's tools/list (each tool's _meta), not in the settings: CLI 2.1.197 takes it
    # too.  Without it (None, the control) CLI 2.1.330 keeps the server's tools behind ToolSearch; 2.1.197
    # offers every MCP tool up front anyway.
    messages_api.add_steps(text_turn("Nothing to do."))
    app = _server([])
    server: Any = {
        "config": McpPackageServerConfig(app, always_load=True),
        "typescript": {"type": "sdk", "name": "db", "instance": app, "alwaysLoad": True},
        None: app,
    }[form]
    options = attrs.evolve(offline_options, mcp_servers={"db": server})
    async with open_session(options) as session:
        await session.send("hello")
        assert result_of(await collect(session.receive_response())).result == "Nothing to do."
    names = messages_api.script_requests[0].tool_names
    offered = sorted(name for name in names if name.startswith("mcp__db__"))
    if form is None and claude_cli_version >= NEWER:
        assert offered == [] and "ToolSearch" in names
    else:
        assert offered == ["mcp__db__count_rows", "mcp__db__drop_table", "mcp__db__vacuum"]
