"""Port of the official SDK's ``examples/system_prompt.py``: the same question under each form of
``system_prompt`` (none, a string, the ``claude_code`` preset as a dict, the preset with ``append``).

Written in our words; what differs from official code: the imports, ``open_query`` for the official
``query()`` generator, and ``trio.run``.
"""

import trio

from trio_claude import AssistantMessage, ClaudeAgentOptions, TextBlock, open_query

QUESTION = "Name a prime number."


async def print_answer(options: ClaudeAgentOptions | None = None) -> None:
    async with open_query(prompt=QUESTION, options=options) as messages:
        async for message in messages:
            if isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")


async def no_system_prompt() -> None:
    print("--- no system prompt ---")
    await print_answer()


async def string_system_prompt() -> None:
    print("--- a string ---")
    await print_answer(ClaudeAgentOptions(system_prompt="You are a ship's cook. Talk about soup."))


async def preset_system_prompt() -> None:
    print("--- the claude_code preset ---")
    await print_answer(ClaudeAgentOptions(system_prompt={"type": "preset", "preset": "claude_code"}))


async def preset_with_append() -> None:
    print("--- the preset with an addition ---")
    options = ClaudeAgentOptions(
        system_prompt={
            "type": "preset",
            "preset": "claude_code",
            "append": "Finish every answer with a haiku.",
        },
    )
    await print_answer(options)


async def main() -> None:
    await no_system_prompt()
    await string_system_prompt()
    await preset_system_prompt()
    await preset_with_append()


if __name__ == "__main__":
    trio.run(main)
