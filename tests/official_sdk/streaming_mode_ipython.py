"""Port of the official SDK's ``examples/streaming_mode_ipython.py``: the snippets it offers for pasting
into IPython, each as a function here (a module cannot ``await`` at the top level): one question; a helper
that sends and prints; one client for several questions; an interrupt while a task reads; a timeout around
a response; an async iterable of official user-message dicts; the messages collected into a list.

Written in our words; what differs from official code: the imports; ``async with open_session() as
client:`` where the official snippets write ``async with ClaudeSDKClient() as client:`` or call
``connect()`` and ``disconnect()`` by hand; a nursery where they call ``asyncio.create_task``;
``trio.sleep``; ``trio.fail_after`` and ``trio.TooSlowError`` where they use ``asyncio.timeout`` and
``asyncio.TimeoutError``.
"""

from collections.abc import AsyncIterator
from typing import Any

import trio

from trio_claude import AssistantMessage, Message, ResultMessage, TextBlock, open_session

#: Seconds before the interrupt, and the timeout of the error-handling snippet.
PAUSE = 1.0
TIMEOUT = 2.0


def print_texts(message: Message) -> None:
    if isinstance(message, AssistantMessage):
        for block in message.content:
            if isinstance(block, TextBlock):
                print(f"Claude: {block.text}")


async def one_question() -> None:
    async with open_session() as client:
        await client.query("What is 7 * 6?")
        async for message in client.receive_response():
            print_texts(message)


async def send_and_receive_helper() -> None:
    async with open_session() as client:

        async def ask(prompt: str) -> None:
            print(f"User: {prompt}")
            await client.query(prompt)
            async for message in client.receive_response():
                print_texts(message)

        await ask("Tell me a short joke")
        await ask("Now a fun fact")


async def one_client_many_questions() -> None:
    async with open_session() as client:

        async def answer() -> None:
            async for message in client.receive_response():
                print_texts(message)

        await client.query("What's 3 + 3?")
        await answer()
        await client.query("What's 9 * 9?")
        await answer()


async def interrupt_while_reading() -> None:
    async with open_session() as client:
        await client.query("Count to a hundred, sleeping a second between numbers")
        received: list[Message] = []
        interrupted = False

        async def consume() -> None:
            async for message in client.receive_messages():
                received.append(message)
                print_texts(message)
                if isinstance(message, ResultMessage) and interrupted:
                    break

        async with trio.open_nursery() as nursery:
            nursery.start_soon(consume)
            await trio.sleep(PAUSE)
            print("--- interrupting ---")
            interrupted = True
            await client.interrupt()

        await client.query("Just say 'I was interrupted.'")
        async for message in client.receive_response():
            print_texts(message)


async def timeout_around_a_response() -> None:
    try:
        async with open_session() as client:
            await client.query("Run 'sleep 60'")
            messages: list[Message] = []
            with trio.fail_after(TIMEOUT):
                async for message in client.receive_response():
                    messages.append(message)
                    print_texts(message)
    except trio.TooSlowError:
        print(f"Timed out after {TIMEOUT} seconds")
    except Exception as error:
        print(f"Error: {error}")


async def async_iterable_of_messages() -> None:
    async def questions() -> AsyncIterator[dict[str, Any]]:
        for text in ["Two questions.", "What is 25 * 4?", "What is 100 / 5?"]:
            print(f"User: {text}")
            yield {
                "type": "user",
                "message": {"role": "user", "content": text},
                "parent_tool_use_id": None,
                "session_id": "math",
            }

    async with open_session() as client:
        await client.query(questions())
        async for message in client.receive_response():
            print_texts(message)


async def collect_into_a_list() -> None:
    async with open_session() as client:
        await client.query("Name the primary colours")
        messages = [message async for message in client.receive_response()]
        for message in messages:
            print_texts(message)
            if isinstance(message, ResultMessage):
                print(f"{len(messages)} messages")


SNIPPETS = [
    one_question,
    send_and_receive_helper,
    one_client_many_questions,
    interrupt_while_reading,
    timeout_around_a_response,
    async_iterable_of_messages,
    collect_into_a_list,
]
