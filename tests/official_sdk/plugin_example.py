"""Port of the official SDK's ``examples/plugin_example.py``: a local plugin given as the official dict
``{"type": "local", "path": ...}`` is loaded and listed in the ``init`` message.

Written in our words; what differs from official code: the imports, ``open_query`` for the official
``query()`` generator, ``trio.run``, and the ``init`` message's typed ``plugins`` (with ``.name`` and
``.path``) where the official SDK reads ``message.data.get("plugins", [])`` and ``plugin.get("name")``.
"""

from pathlib import Path

import trio

from trio_claude import ClaudeAgentOptions, open_query
from trio_claude.model import InitMessage

PLUGIN = Path(__file__).parent / "plugins" / "hello-plugin"


async def main() -> None:
    options = ClaudeAgentOptions(
        plugins=[{"type": "local", "path": str(PLUGIN)}],
        max_turns=1,
    )
    async with open_query(prompt="Hi!", options=options) as messages:
        async for message in messages:
            if isinstance(message, InitMessage):
                for plugin in message.plugins or ():
                    print(f"Plugin: {plugin.name} at {plugin.path}")
                print(f"Commands: {sorted(message.slash_commands or ())}")


if __name__ == "__main__":
    trio.run(main)
