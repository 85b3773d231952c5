"""Options so far only unit-tested, against the real CLI offline: what each changes that can be seen —
the ``system/init`` message, the requests the CLI sends to the scripted Messages API, its control
requests.  (Run against the pinned CLI and again against the oldest supported one.)"""

from __future__ import annotations

import attrs
import pytest

from trio_claude import ClaudeAgentOptions, open_session
from trio_claude.model import Message
from trio_claude.testing import MessagesAPI, text_turn

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
