"""Controlling a one-shot query: what the session offers, a permission mode changed mid-run, an interrupt.

Run it with ``python examples/query_control.py``.  It runs offline: the real ``claude`` CLI
(``$TRIO_CLAUDE_CLI`` or ``PATH``) talks to the scripted Messages API of :mod:`trio_claude.testing`, whose
model writes a file (slowly), then starts an answer that never ends — until the program interrupts it.
"""

from __future__ import annotations

import trio

from trio_claude import ResultMessage, open_query
from trio_claude.model import ToolResultBlock, UserMessage
from trio_claude.testing import open_workspace, text_turn, tool_turn


async def main() -> None:
    async with open_workspace() as workspace:
        plan = workspace.project / "plan.md"
        workspace.add_steps(
            # The Write call streams slowly: the mode changes before the CLI decides on it.
            tool_turn(
                "Write", {"file_path": str(plan), "content": "# Plan\n"}, chunk_delay=0.2, chunk_size=4
            ),
            text_turn("Written. And now a long, long explanation...", chunk_size=4, stall=True),
        )
        async with open_query("Write the plan, then explain it.", workspace.options()) as query:
            # The query is also the session's control surface: what it offers, kept current...
            print(f"models offered: {[model.value for model in query.supported_models()][:1]}")
            # ...and control while it runs.  In "default" mode, with no one to ask, the CLI would refuse
            # the write; in "acceptEdits" it writes.
            await query.set_permission_mode("acceptEdits")
            print("permission mode: acceptEdits")
            async for message in query:
                if isinstance(message, UserMessage) and not isinstance(message.content, str):
                    for block in message.content:
                        if isinstance(block, ToolResultBlock):
                            print(f"tool result: {'refused' if block.is_error else 'written'}")
                            await query.interrupt()  # the next answer would stream forever: stop it
                            print("interrupted")
                elif isinstance(message, ResultMessage):
                    print(f"result: {message.subtype}")
        print(f"plan.md exists: {plan.exists()}")


if __name__ == "__main__":
    trio.run(main)
