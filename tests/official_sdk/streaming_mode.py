"""Port of the official SDK's ``examples/streaming_mode.py``: a long-lived client, used the ways that file
shows: one turn, several turns, reading in a background task while sending, interrupting, stopping at the
result by hand, options, an async iterable of official user-message dicts, tool blocks, the server info
and interrupt, and a receive bounded by a timeout.

Written in our words; what differs from official code, and only where the concept differs:

* the imports; ``trio.run``;
* ``async with open_session(...) as client:`` where the official example writes ``async with
  ClaudeSDKClient(...) as client:`` or calls ``connect()`` / ``disconnect()`` around a ``try``;
* a background task is started in a nursery (``nursery.start_soon``) where the official example calls
  ``asyncio.create_task``, and cancelled with ``nursery.cancel_scope.cancel()`` where it calls
  ``task.cancel()``; waiting for it is the end of the ``async with`` block;
* ``trio.sleep`` for ``asyncio.sleep``, and ``trio.move_on_after`` (checking ``cancelled_caught``) where
  the official example catches ``asyncio.TimeoutError`` from ``asyncio.timeout``.
"""

import sys
from collections.abc import AsyncIterator
from typing import Any

import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    CLIConnectionError,
    Message,
    ResultMessage,
    SystemMessage,
    TextBlock,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    open_session,
)

#: Seconds between the prompts of the concurrent example, and before an interrupt.
PAUSE = 1.0
#: How long the iterable-prompt example waits for one more result, and the timeout example for its turn.
PATIENCE = 2.0


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


async def basic_streaming() -> None:
    async with open_session() as client:
        await client.query("What is 5 + 5?")
        async for message in client.receive_response():
            show(message)


async def multi_turn_conversation() -> None:
    async with open_session() as client:
        await client.query("Which planet is the largest?")
        async for message in client.receive_response():
            show(message)
        await client.query("And how many moons has it?")
        async for message in client.receive_response():
            show(message)


async def concurrent_responses() -> None:
    async with open_session() as client:

        async def receive_all() -> None:
            async for message in client.receive_messages():
                show(message)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(receive_all)
            for question in ["What is 1 + 1?", "What is 2 + 2?", "What is 3 + 3?"]:
                print(f"User: {question}")
                await client.query(question)
                await trio.sleep(PAUSE)
            await trio.sleep(PAUSE)
            nursery.cancel_scope.cancel()


async def with_interrupt() -> None:
    async with open_session() as client:
        await client.query("Count to one thousand, slowly")
        received: list[Message] = []

        async def consume() -> None:
            async for message in client.receive_response():
                received.append(message)
                show(message)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(consume)
            await trio.sleep(PAUSE)
            print("[interrupting]")
            await client.interrupt()
        await client.query("Never mind: tell me a joke")
        async for message in client.receive_response():
            show(message)


async def manual_message_handling() -> None:
    async with open_session() as client:
        await client.query("Name three rivers and where they flow")
        rivers: list[str] = []
        async for message in client.receive_messages():
            if isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")
                        for river in ["Nile", "Amazon", "Danube", "Rhine"]:
                            if river in block.text and river not in rivers:
                                rivers.append(river)
            elif isinstance(message, ResultMessage):
                show(message)
                print(f"Rivers: {rivers}")
                break


async def with_options() -> None:
    options = ClaudeAgentOptions(
        allowed_tools=["Read", "Write"],
        system_prompt="You are a careful programming assistant.",
        env={"ANTHROPIC_MODEL": "claude-sonnet-4-5"},
    )
    async with open_session(options=options) as client:
        await client.query("Write a greeting into hello.txt")
        tools_used: list[str] = []
        async for message in client.receive_response():
            if isinstance(message, AssistantMessage):
                show(message)
                for block in message.content:
                    if hasattr(block, "name") and not isinstance(block, TextBlock):
                        tools_used.append(getattr(block, "name", ""))
            else:
                show(message)
        print(f"Tools used: {', '.join(tools_used)}")


async def async_iterable_prompt() -> None:
    async def questions() -> AsyncIterator[dict[str, Any]]:
        for text in ["Hello! Two questions.", "What is the capital of Peru?", "What is 10% of 50?"]:
            print(f"User: {text}")
            yield {
                "type": "user",
                "message": {"role": "user", "content": text},
                "parent_tool_use_id": None,
                "session_id": "two-questions",
            }

    async with open_session() as client:
        await client.query(questions())
        # The CLI may answer several queued prompts in one turn: read results until none comes.
        while True:
            with trio.move_on_after(PATIENCE) as waited:
                async for message in client.receive_response():
                    show(message)
            if waited.cancelled_caught:
                break


async def bash_command() -> None:
    async with open_session() as client:
        await client.query("Run a bash echo saying 'hello from bash'")
        kinds: list[str] = []
        async for message in client.receive_messages():
            kinds.append(type(message).__name__)
            if isinstance(message, UserMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"User: {block.text}")
                    elif isinstance(block, ToolResultBlock):
                        shown = block.content[:100] if block.content else "None"
                        print(f"Tool result ({block.tool_use_id}): {shown}")
            elif isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")
                    elif isinstance(block, ToolUseBlock):
                        print(f"Tool use: {block.name} ({block.id})")
                        if block.name == "Bash":
                            print(f"  Command: {block.input.get('command', '')}")
            elif isinstance(message, ResultMessage):
                print("Result ended")
                break
        print(f"Kinds: {sorted(set(kinds))}")


async def control_protocol() -> None:
    async with open_session() as client:
        info = await client.get_server_info()
        if info:
            print(f"Commands: {len(info.get('commands', []))}")
            print(f"Output style: {info.get('output_style', 'unknown')}")
            styles = info.get("available_output_styles", [])
            if styles:
                print(f"Output styles: {', '.join(styles)}")
            for command in info.get("commands", [])[:3]:
                if isinstance(command, dict):
                    print(f"  /{command.get('name', 'unknown')}")  # pyright: ignore[reportUnknownMemberType]
        else:
            print("No server info")

        await client.query("Count to fifty, slowly")

        async def consume() -> None:
            async for message in client.receive_response():
                if isinstance(message, AssistantMessage):
                    for block in message.content:
                        if isinstance(block, TextBlock):
                            print(f"Claude: {block.text[:40]}...")
                            break
                if isinstance(message, ResultMessage):
                    break

        async with trio.open_nursery() as nursery:
            nursery.start_soon(consume)
            await trio.sleep(PAUSE)
            try:
                await client.interrupt()
                print("Interrupt sent")
            except Exception as error:
                print(f"Interrupt failed: {error}")

        await client.query("Just say 'Hello!'")
        async for message in client.receive_response():
            if isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")


async def error_handling() -> None:
    try:
        async with open_session() as client:
            await client.query("Run 'sleep 5' in the foreground")
            received: list[Message] = []
            with trio.move_on_after(PATIENCE) as waited:
                async for message in client.receive_response():
                    received.append(message)
                    if isinstance(message, AssistantMessage):
                        for block in message.content:
                            if isinstance(block, TextBlock):
                                print(f"Claude: {block.text[:40]}...")
                    elif isinstance(message, ResultMessage):
                        show(message)
                        break
            if waited.cancelled_caught:
                print(f"Timed out after {PATIENCE} s with {len(received)} messages")
    except CLIConnectionError as error:
        print(f"Connection error: {error}")
    except Exception as error:
        print(f"Unexpected error: {error}")


EXAMPLES = {
    "basic_streaming": basic_streaming,
    "multi_turn_conversation": multi_turn_conversation,
    "concurrent_responses": concurrent_responses,
    "with_interrupt": with_interrupt,
    "manual_message_handling": manual_message_handling,
    "with_options": with_options,
    "async_iterable_prompt": async_iterable_prompt,
    "bash_command": bash_command,
    "control_protocol": control_protocol,
    "error_handling": error_handling,
}


async def main(name: str) -> None:
    if name == "all":
        for example in EXAMPLES.values():
            await example()
    else:
        await EXAMPLES[name]()


if __name__ == "__main__":
    trio.run(main, sys.argv[1] if len(sys.argv) > 1 else "all")
