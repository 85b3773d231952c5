"""Typed tool inputs and outputs: a permission policy that reads ``BashInput`` and ``FileWriteInput``
instead of dict keys, and the tools' results read as ``BashOutput`` and ``FileWriteOutput``.

Run it with ``python examples/typed_tools.py``.  Without ``ANTHROPIC_API_KEY`` it runs offline: the real
``claude`` CLI (``$TRIO_CLAUDE_CLI`` or ``PATH``) talks to the scripted Messages API of
:mod:`trio_claude.testing`, whose model writes a file, tries to delete the project, and reads the file back.

``can_use_tool`` still receives the tool's input as a dict (the official SDK's form); the context's
``typed_input()`` gives the tool's class, matched here by keyword.  The ``rm`` command is rewritten into a
harmless one through ``updated_input`` (``tool_json`` of the edited typed input); a tool this version does
not know would arrive as ``UnknownToolInput`` with its raw dict.
"""

from __future__ import annotations

from typing import Any

import attrs
import trio

from trio_claude import PermissionResultAllow, PermissionResultDeny, ToolPermissionContext, open_session
from trio_claude.model import AssistantMessage, ToolResultBlock, ToolUseBlock, UserMessage
from trio_claude.model.tools import (
    BashInput,
    BashOutput,
    FileWriteInput,
    FileWriteOutput,
    UnknownToolInput,
    parse_tool_output,
    tool_json,
)
from trio_claude.testing import open_workspace, text_turn, tool_turn


async def policy(
    tool_name: str, tool_input: dict[str, Any], context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    match context.typed_input():
        case BashInput(command=command) as bash if command.startswith("rm "):
            print(f"policy: rewrote {command!r}")
            safe = attrs.evolve(bash, command="echo 'not deleting anything'")
            return PermissionResultAllow(updated_input=tool_json(safe))
        case FileWriteInput(file_path=path, content=content):
            print(f"policy: allowed writing {len(content)} characters to {path.rsplit('/', 1)[-1]}")
            return PermissionResultAllow()
        case UnknownToolInput(raw=raw):
            return PermissionResultDeny(message=f"unknown tool {tool_name} with {sorted(raw)}")
        case typed:
            print(f"policy: allowed {type(typed).__name__}")
            return PermissionResultAllow()


async def main() -> None:
    async with open_workspace() as workspace:
        notes = str(workspace.project / "notes.txt")
        workspace.add_steps(
            tool_turn("Write", {"file_path": notes, "content": "buy milk\n"}),
            tool_turn("Bash", {"command": "rm -rf .", "description": "Clean up"}),
            tool_turn("Bash", {"command": "cat notes.txt", "description": "Read the notes"}),
            text_turn("Done."),
        )
        names: dict[str, str] = {}  # tool_use id -> tool name, to type each result
        async with open_session(workspace.options(can_use_tool=policy)) as session:
            await session.send("Write a note, clean up, read the note.")
            async for message in session.receive_response():
                if isinstance(message, AssistantMessage):
                    for block in message.content:
                        if isinstance(block, ToolUseBlock):
                            names[block.id] = block.name
                            print(f"model calls: {block.typed_input()!r}")
                elif isinstance(message, UserMessage) and message.tool_use_result is not None:
                    match parse_tool_output(names[_answered(message)], message.tool_use_result):
                        case BashOutput(stdout=stdout, interrupted=interrupted):
                            print(f"Bash printed {stdout!r} (interrupted: {interrupted})")
                        case FileWriteOutput(type=kind, file_path=path):
                            print(f"Write: {kind} {path.rsplit('/', 1)[-1]}")
                        case other:
                            print(f"other result: {other!r}")
        print(f"notes.txt exists: {(workspace.project / 'notes.txt').exists()}")


def _answered(message: UserMessage) -> str:
    """The id of the tool call a tool result message answers."""
    blocks = () if isinstance(message.content, str) else message.content
    return next(block.tool_use_id for block in blocks if isinstance(block, ToolResultBlock))


if __name__ == "__main__":
    trio.run(main)
