"""Port of the official SDK's ``examples/quick_start.py``: three one-shot queries (no options; a system
prompt and a turn limit; allowed tools), printing the model's text and the cost.

Written in our words; what differs from official code, and nothing else: the imports name trio_claude, a
query is ``async with open_query(...) as messages:`` where the official ``query()`` is an async generator,
and ``trio.run`` runs it.
"""

import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    TextBlock,
    open_query,
)


async def ask_plainly() -> None:
    print("--- plain question ---")
    async with open_query(prompt="How many legs has a spider?") as messages:
        async for message in messages:
            if isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")


async def ask_with_options() -> None:
    print("--- with a system prompt and one turn ---")
    options = ClaudeAgentOptions(
        system_prompt="Answer like a patient teacher, in one sentence.",
        max_turns=1,
    )
    async with open_query(prompt="What is a compiler?", options=options) as messages:
        async for message in messages:
            if isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")


async def ask_with_tools() -> None:
    print("--- with tools ---")
    options = ClaudeAgentOptions(
        allowed_tools=["Read", "Write"],
        system_prompt="You look after files.",
    )
    async with open_query(prompt="Write 'hi there' into greeting.txt", options=options) as messages:
        async for message in messages:
            if isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")
            elif isinstance(message, ResultMessage) and message.total_cost_usd > 0:  # type: ignore[operator]
                print(f"Cost: ${message.total_cost_usd:.4f}")


async def main() -> None:
    await ask_plainly()
    await ask_with_options()
    await ask_with_tools()


if __name__ == "__main__":
    trio.run(main)
