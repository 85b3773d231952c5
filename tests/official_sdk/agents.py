"""Port of the official SDK's ``examples/agents.py``: subagents defined inline with
``AgentDefinition(description, prompt, tools, model)``, one at a time and two together (with
``setting_sources``), each asked for by name in the prompt.

Written in our words; what differs from official code: the imports, ``open_query`` for the official
``query()`` generator, and ``trio.run``.
"""

import trio

from trio_claude import (
    AgentDefinition,
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    TextBlock,
    open_query,
)


async def run(prompt: str, options: ClaudeAgentOptions) -> None:
    async with open_query(prompt=prompt, options=options) as messages:
        async for message in messages:
            if isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")
            elif isinstance(message, ResultMessage) and message.total_cost_usd and message.total_cost_usd > 0:
                print(f"Cost: ${message.total_cost_usd:.4f}")


async def reviewer() -> None:
    print("--- one reviewer ---")
    options = ClaudeAgentOptions(
        agents={
            "style-reviewer": AgentDefinition(
                description="Checks code for style problems",
                prompt="You review code style. List each problem on its own line.",
                tools=["Read", "Grep"],
                model="sonnet",
            ),
        },
    )
    await run("Ask the style-reviewer agent to look at main.py", options)


async def two_agents() -> None:
    print("--- two agents ---")
    options = ClaudeAgentOptions(
        agents={
            "finder": AgentDefinition(
                description="Finds files",
                prompt="You find files and list their paths.",
                tools=["Read", "Glob"],
            ),
            "writer": AgentDefinition(
                description="Writes short notes",
                prompt="You write short notes.",
                tools=["Read", "Write"],
                model="sonnet",
            ),
        },
        setting_sources=["user", "project"],
    )
    await run("Ask the finder agent for every Python file", options)


async def main() -> None:
    await reviewer()
    await two_agents()


if __name__ == "__main__":
    trio.run(main)
