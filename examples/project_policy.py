"""A permission policy in Python: the agent may write inside its project, never outside it.

Run it with ``python examples/project_policy.py``.  It runs offline (``TRIO_CLAUDE_REAL_API=1``: the real
API): the real ``claude`` CLI (``$TRIO_CLAUDE_CLI`` or ``PATH``) talks to the scripted Messages API of
:mod:`trio_claude.testing`, whose model tries one write inside the project and one outside it.
"""

from __future__ import annotations

import os
from pathlib import Path

import trio

from trio_claude import (
    CanUseTool,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    ToolPermissionContext,
    open_session,
)
from trio_claude.model import JSONObject
from trio_claude.testing import open_workspace, text_turn, tool_turn

#: The tools that write files, and the input field naming the file.
WRITING_TOOLS = {
    "Write": "file_path",
    "Edit": "file_path",
    "MultiEdit": "file_path",
    "NotebookEdit": "notebook_path",
}


def inside(path: str | os.PathLike[str], root: Path) -> bool:
    """Whether ``path`` (relative paths count from ``root``) is ``root`` or below it, links resolved."""
    resolved = (root / path).resolve()
    return resolved == root or root in resolved.parents


def project_policy(root: Path) -> CanUseTool:
    """A ``can_use_tool`` callback that denies every write outside ``root`` and allows the rest."""
    root = root.resolve()

    async def can_use_tool(
        tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        target = tool_input.get(WRITING_TOOLS.get(tool_name, ""))
        if isinstance(target, str) and not inside(target, root):
            print(f"policy: denied {tool_name} {target}")
            return PermissionResultDeny(message=f"Writing outside the project ({root}) is not allowed.")
        # Other tools (Bash…): the CLI names the path that made it ask, if any.
        if context.blocked_path is not None and not inside(context.blocked_path, root):
            print(f"policy: denied {tool_name} (touches {context.blocked_path})")
            return PermissionResultDeny(message="That touches files outside the project.")
        print(f"policy: allowed {tool_name} {target or ''}".rstrip())
        return PermissionResultAllow()

    return can_use_tool


async def main() -> None:
    async with open_workspace() as workspace:
        project, elsewhere = workspace.project, workspace.home.parent / "elsewhere"
        elsewhere.mkdir()
        inside_file, outside_file = project / "notes.txt", elsewhere / "stolen.txt"
        # What the scripted model does offline (the default): one write in, one out.
        workspace.add_steps(
            tool_turn("Write", {"file_path": str(inside_file), "content": "project notes\n"}),
            tool_turn("Write", {"file_path": str(outside_file), "content": "should not exist\n"}),
            text_turn("I wrote notes.txt; the other write was refused."),
        )
        async with open_session(workspace.options(can_use_tool=project_policy(project))) as session:
            await session.send(f"Write notes.txt here, then write {outside_file}.")
            async for message in session.receive_response():
                if isinstance(message, ResultMessage):
                    denied = [d.tool_name for d in message.permission_denials or ()]
                    print(f"result: {message.subtype}, denied: {denied}")
        print(f"notes.txt exists: {inside_file.exists()}")
        print(f"stolen.txt exists: {outside_file.exists()}")


if __name__ == "__main__":
    trio.run(main)
