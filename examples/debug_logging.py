"""See the conversation on the wire: trio_claude's DEBUG log of one offline turn.

Run it with ``python examples/debug_logging.py`` (add ``--lines`` to see each whole line too, at level 5).
It runs offline: the real ``claude`` CLI (``$TRIO_CLAUDE_CLI`` or ``PATH``) talks to the scripted Messages
API of :mod:`trio_claude.testing`.  The log goes to stderr; the answer to stdout.
"""

from __future__ import annotations

import logging
import sys

import trio

from trio_claude import ResultMessage, open_query
from trio_claude.testing import open_workspace, text_turn

TRACE = 5  # the level of trio_claude.wire's whole lines


async def main() -> None:
    async with open_workspace() as workspace:
        workspace.add_steps(text_turn("Hello from the scripted model."))
        async with open_query("Say hello.", workspace.options()) as query:
            async for message in query:
                if isinstance(message, ResultMessage):
                    print(message.result)


if __name__ == "__main__":
    # Your application's records as usual; trio_claude's from DEBUG up (from TRACE with --lines).
    logging.basicConfig(
        level=logging.WARNING, format="%(relativeCreated)6.0f %(name)s %(levelname)s %(message)s"
    )
    logging.getLogger("trio_claude").setLevel(TRACE if "--lines" in sys.argv else logging.DEBUG)
    trio.run(main)
