"""Port of the official SDK's ``examples/streaming_mode_trio.py``: a three-turn conversation under Trio, each
answer building on the last.

Written in our words; what differs from official code: the imports, and ``async with
open_session(options=...) as client:`` where the official example writes ``async with
ClaudeSDKClient(options=...) as client:`` (it already runs under ``trio.run``).
"""

import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    Message,
    ResultMessage,
    SystemMessage,
    TextBlock,
    UserMessage,
    open_session,
)


def show(message: Message) -> None:
    if isinstance(message, UserMessage):
        for block in message.content:
            if isinstance(block, TextBlock):
                print(f"User: {block.text}")
    elif isinstance(message, AssistantMessage):
        for block in message.content:
            if isinstance(block, TextBlock):
                print(f"Claude: {block.text}")
    elif isinstance(message, SystemMessage):
        pass
    elif isinstance(message, ResultMessage):
        print("Result ended")


async def conversation() -> None:
    async with open_session(options=ClaudeAgentOptions(model="claude-sonnet-4-5")) as client:
        for prompt in ["What is 12 * 3?", "Add 6 to that", "Now halve it"]:
            print(f"User: {prompt}")
            await client.query(prompt)
            async for message in client.receive_response():
                show(message)
        print("Conversation complete")


if __name__ == "__main__":
    trio.run(conversation)
