"""A pre-warmed spare: start the CLI before the user has picked a folder, then claim it for the session.

Run it with ``python examples/prewarm.py``.  It runs offline: the real ``claude`` CLI (``$TRIO_CLAUDE_CLI``
or ``PATH``, 2.1.330 or newer) talks to the scripted Messages API of :mod:`trio_claude.testing`.
"""

from __future__ import annotations

from pathlib import Path

import trio

from trio_claude import ClaimOptions, ClaimRefusedError, ResultMessage, open_query, prewarm
from trio_claude.testing import open_workspace, text_turn


async def main() -> None:
    async with open_workspace() as workspace:
        workspace.add_steps(text_turn("Hello from a warm start."), text_turn("Hello from a cold start."))
        host_options = workspace.options(cwd=None)  # what the host knows before any folder is picked
        async with prewarm(host_options) as spare:
            # The spare has started, loaded its tools and answered initialize; it waits, parked.
            print(f"parked under: {Path(spare.park).parent.relative_to(workspace.home)}")
            folder = workspace.project  # ...until the user picks a folder
            async with spare.claim("Say hello.", ClaimOptions(cwd=folder, title="greeting")) as query:
                assert spare.claimed is not None
                print(f"claimed: {Path(spare.claimed.cwd).name}")
                async for message in query:
                    if isinstance(message, ResultMessage):
                        print(f"result: {message.result}")

        # A claim the spare cannot honour raises ClaimRefusedError: the prompt did not run, so fall back
        # to a cold start.
        async with prewarm(host_options) as spare:
            try:
                async with spare.claim("Say hello.", ClaimOptions(cwd=folder / "missing")) as query:
                    pass
            except ClaimRefusedError as refused:
                print(f"refused: {refused.reason}")
                async with open_query("Say hello.", workspace.options()) as query:
                    async for message in query:
                        if isinstance(message, ResultMessage):
                            print(f"result: {message.result}")


if __name__ == "__main__":
    trio.run(main)
