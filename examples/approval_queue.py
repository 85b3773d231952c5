"""Permission questions answered out of band: ``can_use_tool`` hands each question to an approver task
(standing in for a person in a web UI) and returns ``PermissionResultDeferred``; the approver answers later
with ``session.respond_to_permission(request_id, result)``.

Run it with ``python examples/approval_queue.py``.  It runs offline (``TRIO_CLAUDE_REAL_API=1``: the real
API): the real ``claude`` CLI (``$TRIO_CLAUDE_CLI`` or ``PATH``) talks to the scripted Messages API of
:mod:`trio_claude.testing`, whose model writes one file inside the project and one outside it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import trio

from trio_claude import (
    ClaudeSession,
    PermissionResultAllow,
    PermissionResultDeferred,
    PermissionResultDeny,
    ResultMessage,
    ToolPermissionContext,
    open_session,
)
from trio_claude.testing import open_workspace, text_turn, tool_turn

Question = tuple[str, str, dict[str, Any]]
"""What the approver sees: the request id, the tool's name, its input."""


async def approver(
    session: ClaudeSession, questions: trio.MemoryReceiveChannel[Question], root: Path
) -> None:
    """Works through the questions one by one, taking its time, as a person would."""
    async for request_id, tool_name, tool_input in questions:
        await trio.sleep(0.2)  # thinking it over: the CLI waits
        target = Path(str(tool_input.get("file_path", "")))
        if target.is_relative_to(root):
            print(f"approver: allowed {tool_name} {target.name}")
            session.respond_to_permission(request_id, PermissionResultAllow())
        else:
            print(f"approver: denied {tool_name} {target.name}")
            session.respond_to_permission(
                request_id, PermissionResultDeny(message="Not outside the project.")
            )


async def main() -> None:
    async with open_workspace() as workspace:
        project, elsewhere = workspace.project, workspace.home.parent / "elsewhere"
        elsewhere.mkdir()
        inside_file, outside_file = project / "notes.txt", elsewhere / "stolen.txt"
        workspace.add_steps(
            tool_turn("Write", {"file_path": str(inside_file), "content": "project notes\n"}),
            tool_turn("Write", {"file_path": str(outside_file), "content": "should not exist\n"}),
            text_turn("I wrote notes.txt; the other write was refused."),
        )
        send_question, questions = trio.open_memory_channel[Question](16)

        async def can_use_tool(
            tool_name: str, tool_input: dict[str, Any], context: ToolPermissionContext
        ) -> PermissionResultDeferred:
            assert context.request_id is not None
            await send_question.send((context.request_id, tool_name, tool_input))
            return PermissionResultDeferred()  # the approver answers

        async with (
            open_session(workspace.options(can_use_tool=can_use_tool)) as session,
            trio.open_nursery() as nursery,
        ):
            nursery.start_soon(approver, session, questions, project)
            await session.send(f"Write notes.txt here, then write {outside_file}.")
            async for message in session.receive_response():
                if isinstance(message, ResultMessage):
                    denied = [d.tool_name for d in message.permission_denials or ()]
                    print(f"result: {message.subtype}, denied: {denied}")
            nursery.cancel_scope.cancel()  # the approver's work is done
        print(f"notes.txt exists: {inside_file.exists()}")
        print(f"stolen.txt exists: {outside_file.exists()}")


if __name__ == "__main__":
    trio.run(main)
