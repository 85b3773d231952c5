"""Port of the official SDK's ``examples/filesystem_agents.py``: an agent defined in the project's
``.claude/agents/`` is loaded with ``setting_sources=["project"]`` and listed in the ``init`` message.

Written in our words; what differs from official code: the imports, ``open_session`` for the official
``ClaudeSDKClient``, and ``trio.run``.  (The message kinds it lists are our typed classes' names:
``InitMessage`` where the official SDK has one ``SystemMessage`` class.)
"""

from pathlib import Path

import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    SystemMessage,
    TextBlock,
    open_session,
)

PROJECT = Path(__file__).parent / "project"


async def main() -> None:
    options = ClaudeAgentOptions(setting_sources=["project"], cwd=PROJECT)
    kinds: list[str] = []
    agents: list[str] = []
    async with open_session(options=options) as client:
        await client.query("Greet me in three words")
        async for message in client.receive_response():
            kinds.append(type(message).__name__)
            if isinstance(message, SystemMessage) and message.subtype == "init":
                agents = [
                    a if isinstance(a, str) else a.get("name", "") for a in message.data.get("agents", [])
                ]
                print(f"Agents: {agents}")
            elif isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")
            elif isinstance(message, ResultMessage):
                print(f"Result: {message.subtype}, cost ${message.total_cost_usd or 0:.4f}")
    print(f"Message kinds: {kinds}")
    print("test-agent loaded" if "test-agent" in agents else "test-agent NOT loaded")


if __name__ == "__main__":
    trio.run(main)
