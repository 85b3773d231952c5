"""``mcp_call`` against the real CLI: a tool's own error result comes back typed when the request sets
``soft_error_result`` (CLI ≥ 2.1.332, which says ``mcp_call_soft_error_result_v1``), with its ``_meta`` less
the CLI-reserved keys; without it, the CLI answers with an error holding the text alone; a CLI that does not
say the capability is never sent the field (it would ignore it)."""

from __future__ import annotations

import sys
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import ClaudeAgentOptions, ControlRequestError, UnsupportedCapabilityError, open_session
from trio_claude.model import McpCallRequest, McpCallResponse

pytestmark = pytest.mark.real_cli

SERVER = Path(__file__).with_name("error_tool_server.py")


def _options(offline_options: ClaudeAgentOptions) -> ClaudeAgentOptions:
    server = {"type": "stdio", "command": sys.executable, "args": [str(SERVER)]}
    return attrs.evolve(offline_options, mcp_servers={"records": server})


async def test_a_soft_error_result_is_the_tools_own_error(
    offline_options: ClaudeAgentOptions, claude_cli_version: tuple[int, ...]
) -> None:
    call = McpCallRequest(tool="mcp__records__check", arguments={}, soft_error_result=True)
    async with open_session(_options(offline_options)) as session:
        with trio.fail_after(60):
            if claude_cli_version < (2, 1, 332):
                with pytest.raises(
                    UnsupportedCapabilityError, match="mcp_call_soft_error_result_v1"
                ) as raised:
                    await session.request(call)
                assert raised.value.field == "soft_error_result" and raised.value.subtype == "mcp_call"
                return
            assert session.server_info is not None
            assert "mcp_call_soft_error_result_v1" in (session.server_info.capabilities or ())
            answer = await session.request(call)
            assert isinstance(answer, McpCallResponse)
            assert answer.is_error is True
            assert answer.content == ({"type": "text", "text": "the record is locked"},)
            assert answer.structured_content == {"code": "locked"}
            assert answer.meta == {"trace": "t-1"}  # without the com.anthropic/ key
            assert not answer.extra
            # Without the field: the CLI's error, with the text alone.
            with pytest.raises(ControlRequestError, match="the record is locked"):
                await session.request(attrs.evolve(call, soft_error_result=None))
