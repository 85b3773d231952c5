"""Port of the official SDK's ``examples/plugin_example.py``: a local plugin given as the official dict
``{"type": "local", "path": ...}`` is loaded and listed in the ``init`` message.

Written in our words; what differs from official code: the imports, ``open_query`` for the official
``query()`` generator, and ``trio.run``.
"""

from pathlib import Path

import trio

from trio_claude import ClaudeAgentOptions, SystemMessage, open_query

PLUGIN = Path(__file__).parent / "plugins" / "hello-plugin"


async def main() -> None:
    options = ClaudeAgentOptions(
        plugins=[{"type": "local", "path": str(PLUGIN)}],
        max_turns=1,
    )
    async with open_query(prompt="Hi!", options=options) as messages:
        async for message in messages:
            if isinstance(message, SystemMessage) and message.subtype == "init":
                print(f"Init keys: {sorted(message.data.keys())}")
                for plugin in message.data.get("plugins", []):
                    print(f"Plugin: {plugin.get('name')} at {plugin.get('path')}")
                print(f"Commands: {sorted(message.data.get('slash_commands', []))}")


if __name__ == "__main__":
    trio.run(main)
