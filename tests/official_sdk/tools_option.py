"""Port of the official SDK's ``examples/tools_option.py``: the ``tools`` option as a list, as an empty
list (no built-in tools) and as the ``claude_code`` preset dict, each checked in the ``init`` message.

Written in our words; what differs from official code: the imports, ``open_query`` for the official
``query()`` generator, and ``trio.run``.
"""

import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    SystemMessage,
    TextBlock,
    open_query,
)

PROMPT = "Which tools can you use? Be brief."


async def show_tools(options: ClaudeAgentOptions) -> None:
    async with open_query(prompt=PROMPT, options=options) as messages:
        async for message in messages:
            if isinstance(message, SystemMessage) and message.subtype == "init":
                tools = message.data.get("tools", [])
                print(f"Tools in init: {len(tools)}: {sorted(tools)[:6]}")
            elif isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")
            elif isinstance(message, ResultMessage) and message.total_cost_usd:
                print(f"Cost: ${message.total_cost_usd:.4f}")


async def tools_list() -> None:
    print("--- tools=['Read', 'Glob', 'Grep'] ---")
    await show_tools(ClaudeAgentOptions(tools=["Read", "Glob", "Grep"], max_turns=1))


async def no_tools() -> None:
    print("--- tools=[] ---")
    await show_tools(ClaudeAgentOptions(tools=[], max_turns=1))


async def tools_preset() -> None:
    print("--- tools preset ---")
    await show_tools(ClaudeAgentOptions(tools={"type": "preset", "preset": "claude_code"}, max_turns=1))


async def main() -> None:
    await tools_list()
    await no_tools()
    await tools_preset()


if __name__ == "__main__":
    trio.run(main)
