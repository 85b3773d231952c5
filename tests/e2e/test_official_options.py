"""End-to-end: options written as official-SDK code writes them (dict forms) do what they say on the real CLI.

These forms used to be misread: the tools preset dict gave the agent no tools at all, the preset system
prompt dict reached the CLI as a custom prompt, and the thinking, agents and plugins dicts raised while the
command line was built.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from trio_claude import ClaudeAgentOptions, create_sdk_mcp_server, open_session, tool
from trio_claude.model import InitMessage, Message
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import result_of

pytestmark = pytest.mark.real_cli


async def _one_turn(options: ClaudeAgentOptions, prompt: str = "hi") -> list[Message]:
    async with open_session(options) as session:
        await session.send(prompt)
        return [message async for message in session.receive_response()]


async def test_official_dict_forms_on_the_real_cli(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("Bonjour."))
    options = attrs.evolve(
        offline_options,
        tools={"type": "preset", "preset": "claude_code"},
        system_prompt={"type": "preset", "preset": "claude_code", "append": "Always answer in French."},
        thinking={"type": "disabled"},
        agents={
            "reviewer": {
                "description": "Reviews code",
                "prompt": "You review.",
                "disallowedTools": ["Bash"],
                "maxTurns": 2,
            }
        },
    )
    messages = await _one_turn(options)
    init = messages[0]
    assert isinstance(init, InitMessage)
    assert init.tools is not None and {"Bash", "Read", "Edit", "Write"} <= set(init.tools)
    assert init.agents is not None and "reviewer" in init.agents
    assert not result_of(messages).is_error
    (request,) = messages_api.script_requests
    system = [block["text"] for block in request.body["system"]]
    assert any("You are Claude Code" in text for text in system)  # the preset, not a custom prompt
    assert system[-1].endswith("Always answer in French.")
    assert {"Bash", "Read"} <= {tool["name"] for tool in request.body["tools"]}


async def test_the_official_sdk_server_form(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    """``{"type": "sdk", "name": ..., "instance": server}`` (what the official ``create_sdk_mcp_server``
    returns) is served in-process."""
    calls: list[dict[str, Any]] = []

    @tool("add", "Add two integers")
    async def add(a: int, b: int) -> str:
        calls.append({"a": a, "b": b})
        return str(a + b)

    server = create_sdk_mcp_server("calc", tools=[add])
    messages_api.add_steps(tool_turn("mcp__calc__add", {"a": 2, "b": 3}), text_turn("5"))
    options = attrs.evolve(
        offline_options,
        mcp_servers={"calc": {"type": "sdk", "name": "calc", "instance": server}},
        allowed_tools=["mcp__calc__add"],
    )
    messages = await _one_turn(options, "add 2 and 3")
    assert calls == [{"a": 2, "b": 3}]
    assert not result_of(messages).is_error
