"""Options so far only unit-tested, against the real CLI offline: what each changes that can be seen —
the ``system/init`` message, the requests the CLI sends to the scripted Messages API, its control
requests.  (Run against the pinned CLI and again against the oldest supported one.)"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from trio_claude import (
    ClaudeAgentOptions,
    ResultMessage,
    UnsupportedOptionError,
    get_session_info,
    open_session,
)
from trio_claude.model import InitMessage, Message
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import TOUCH, AllowAndNote

pytestmark = pytest.mark.real_cli


async def _turn(options: ClaudeAgentOptions, prompt: str = "hello") -> list[Message]:
    async with open_session(options) as session:
        await session.send(prompt)
        return [message async for message in session.receive_response()]


async def test_client_app_names_the_app_in_the_user_agent(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("hi"))
    await _turn(attrs.evolve(offline_options, client_app="my-app/1.2.3"))
    agents = {request.headers.get("user-agent", "") for request in messages_api.script_requests}
    assert agents and all("client-app/my-app/1.2.3" in agent for agent in agents), agents


async def test_title_names_the_new_session(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path, claude_project: Path
) -> None:
    messages_api.add_steps(text_turn("hi"))
    messages = await _turn(attrs.evolve(offline_options, title="Quarterly report"))
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    info = get_session_info(result.session_id, claude_project, config_dir=claude_home / ".claude")
    assert info is not None and info.custom_title == "Quarterly report"
    assert info.summary == "Quarterly report"


async def test_managed_settings_apply_as_policy(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("hi"), text_turn("hi again"))
    [plain] = [m for m in await _turn(offline_options) if isinstance(m, InitMessage)]
    assert "Bash" in (plain.tools or ())
    managed = attrs.evolve(offline_options, managed_settings={"permissions": {"deny": ["Bash"]}})
    [init] = [m for m in await _turn(managed) if isinstance(m, InitMessage)]
    assert "Bash" not in (init.tools or ()) and "Read" in (init.tools or ())


async def test_permission_prompts_none_denies_without_asking(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_cli_version: tuple[int, ...]
) -> None:
    can_use_tool = AllowAndNote()

    options = attrs.evolve(offline_options, can_use_tool=can_use_tool, permission_prompts="none")
    if claude_cli_version < (2, 1, 330):
        with pytest.raises(UnsupportedOptionError, match="permission_prompts"):
            await _turn(options)
        return
    messages_api.add_steps(tool_turn("Bash", {"command": TOUCH}), text_turn("Denied."))
    await _turn(options)
    block = messages_api.script_requests[1].tool_result("toolu_fake_1")
    assert can_use_tool.asked == [] and block is not None and block.get("is_error") is True
    assert "no approval surface" in str(block.get("content"))
