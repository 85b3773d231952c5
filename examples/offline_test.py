"""Test an agent offline against the real CLI with trio_claude's pytest plugin.

Usage: ``pytest -p trio_claude examples/offline_test.py`` (needs ``trio_claude[testing]`` and the ``claude``
CLI: ``--claude-cli``, ``$TRIO_CLAUDE_CLI`` or ``PATH``).  The fixtures ``offline_options`` and
``messages_api`` come from the plugin.
"""

from __future__ import annotations

import attrs
import pytest

from trio_claude import (
    ClaudeAgentOptions,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    ToolPermissionContext,
    open_query,
)
from trio_claude.model import JSONObject
from trio_claude.testing import MessagesAPI, text_turn, tool_turn


async def no_deletions(
    tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    """The policy under test: never let the agent run ``rm``."""
    if tool_name == "Bash" and "rm " in str(tool_input.get("command", "")):
        return PermissionResultDeny(message="Deleting files is not allowed.")
    return PermissionResultAllow()


@pytest.mark.trio
async def test_the_agent_cannot_delete(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": "rm -rf build", "description": "Clean up"}),
        text_turn("I was not allowed to delete the build directory."),
    )
    options = attrs.evolve(offline_options, can_use_tool=no_deletions)
    async with open_query("clean up the build directory", options) as messages:
        collected = [message async for message in messages]
    result = collected[-1]
    assert isinstance(result, ResultMessage) and not result.is_error
    # The model was told why: the CLI sent our message back as an error tool result.
    tool_result = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert tool_result is not None and tool_result.get("is_error") is True
    assert "Deleting files is not allowed." in str(tool_result.get("content"))
