"""Port of the official SDK's ``examples/max_budget_usd.py``: the same kind of query without a budget,
with a roomy ``max_budget_usd`` and with one too small for a single call, printing the cost and how each
ended (``error_max_budget_usd`` when the budget ran out).

Written in our words; what differs from official code: the imports, ``open_query`` for the official
``query()`` generator, and ``trio.run``.
"""

import trio

from trio_claude import AssistantMessage, ClaudeAgentOptions, ResultMessage, TextBlock, open_query


async def run(prompt: str, options: ClaudeAgentOptions | None = None) -> None:
    async with open_query(prompt=prompt, options=options) as messages:
        async for message in messages:
            if isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")
            elif isinstance(message, ResultMessage):
                if message.total_cost_usd:
                    print(f"Cost: ${message.total_cost_usd:.4f}")
                print(f"Ended: {message.subtype}")
                if message.subtype == "error_max_budget_usd":
                    print("The budget ran out.")


async def main() -> None:
    print("--- no budget ---")
    await run("What is 3 + 4?")
    print("--- a budget of 10 cents ---")
    await run("What is 3 + 4?", ClaudeAgentOptions(max_budget_usd=0.10))
    print("--- a budget of a hundredth of a cent ---")
    await run("Read notes.txt and sum it up", ClaudeAgentOptions(max_budget_usd=0.0001))


if __name__ == "__main__":
    trio.run(main)
