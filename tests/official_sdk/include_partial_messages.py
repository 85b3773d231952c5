"""Port of the official SDK's ``examples/include_partial_messages.py``: with
``include_partial_messages=True`` the raw streaming events arrive as ``StreamEvent`` messages between
the complete ones; the example prints every message of the response.

Written in our words; what differs from official code: the imports, and ``async with open_session(options)
as client:`` where the official example builds ``ClaudeSDKClient(options)`` and calls ``connect()`` and
(in ``finally``) ``disconnect()``; ``trio.run``.
"""

import trio

from trio_claude import ClaudeAgentOptions, open_session


async def main() -> None:
    options = ClaudeAgentOptions(
        include_partial_messages=True,
        model="claude-sonnet-4-5",
        max_turns=2,
        env={"MAX_THINKING_TOKENS": "4000"},
    )
    async with open_session(options) as client:
        await client.query("Think of two riddles, then tell one")
        async for message in client.receive_response():
            print(message)


if __name__ == "__main__":
    trio.run(main)
