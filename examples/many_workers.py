"""Many agents at once, their CLIs started through a command prefix (``ssh``, ``docker exec``...).

Usage: ``python examples/many_workers.py [COUNT] [PREFIX...]``

* ``COUNT`` sessions (default 3) run side by side in one nursery, one question each.
* ``PREFIX`` starts each CLI, e.g. ``ssh -o BatchMode=yes build-host`` or ``docker exec -i box``
  (``TRIO_CLAUDE_REMOTE_CLI`` names the CLI there; default ``claude``).  Without one, each CLI runs here
  behind ``env -i``: a far side with an empty environment, as on another host.  Either way the session's
  variables (the API's address and key...) reach the CLI through its stdin, never on a command line.

Offline against the scripted model unless ``TRIO_CLAUDE_REAL_API=1`` (the scripted model listens on this
machine's loopback interface, so over ``ssh`` it answers only when the "host" is this machine).
"""

from __future__ import annotations

import os
import sys

import trio

from trio_claude import ResultMessage, find_cli, open_query, prefixed_spawn
from trio_claude.testing import open_workspace, text_turn


async def main(count: int, prefix: list[str]) -> None:
    if prefix:
        spawn = prefixed_spawn(*prefix, shell_quote=prefix[0] == "ssh")  # ssh hands one line to a shell
        cli_path = os.environ.get("TRIO_CLAUDE_REMOTE_CLI", "claude")
    else:
        spawn = prefixed_spawn("env", "-i", f"PATH={os.environ.get('PATH', os.defpath)}")
        cli_path = find_cli()
    script = [text_turn(f"Report {n + 1} is ready.") for n in range(count)]
    results: list[ResultMessage] = []
    async with open_workspace(script) as workspace:
        options = workspace.options(spawn=spawn, cli_path=cli_path)

        async def worker(n: int) -> None:
            async with open_query(f"Write report {n + 1}.", options) as messages:
                async for message in messages:
                    if isinstance(message, ResultMessage):
                        results.append(message)

        async with trio.open_nursery() as nursery:
            for n in range(count):
                nursery.start_soon(worker, n)
    for result in sorted(results, key=lambda r: r.result or ""):
        print(f"{result.result}  ({result.duration_ms} ms, session {result.session_id})")
    print(f"{len(results)} of {count} workers finished")


if __name__ == "__main__":
    trio.run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 3, sys.argv[2:])
