"""An audit log built from hooks: every prompt, tool call, tool result and stop, as JSON lines.

Run it with ``python examples/audit_hooks.py [LOG]``.  It runs offline (``TRIO_CLAUDE_REAL_API=1``: the
real API): the real ``claude`` CLI (``$TRIO_CLAUDE_CLI`` or ``PATH``) talks to the scripted Messages API of
:mod:`trio_claude.testing`, whose model runs one Bash command.  The hooks only observe (they return
``None``, "no opinion"); the permission callback allows everything.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import trio

from trio_claude import (
    HookContext,
    HookMatcher,
    PermissionResultAllow,
    PermissionResultDeny,
    ToolPermissionContext,
    open_session,
)
from trio_claude.model import (
    HookInput,
    JSONObject,
    PostToolUseHookInput,
    PreToolUseHookInput,
    StopHookInput,
    UnknownHookInput,
    UserPromptSubmitHookInput,
)
from trio_claude.testing import open_workspace, text_turn, tool_turn


class AuditLog:
    """Appends one JSON line per hook event to ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = trio.Path(path)

    async def hook(self, hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        """The hook callback: record the event, express no opinion."""
        entry: dict[str, Any] = {"event": hook_input.hook_event_name}
        match hook_input:
            case UserPromptSubmitHookInput(prompt=prompt):
                entry["prompt"] = prompt
            case PreToolUseHookInput(tool_name=tool, tool_input=tool_input):
                entry.update(tool=tool, input=dict(tool_input), tool_use_id=tool_use_id)
            case PostToolUseHookInput(tool_name=tool, tool_response=response, duration_ms=duration):
                entry.update(tool=tool, response=response, duration_ms=duration, tool_use_id=tool_use_id)
            case StopHookInput(last_assistant_message=last):
                entry["last_message"] = last
            case UnknownHookInput(raw=raw):
                entry["raw"] = raw  # an event this version of trio_claude does not know
            case _:
                pass
        async with await self.path.open("a") as log:
            await log.write(json.dumps(entry) + "\n")

    def hooks(self) -> dict[str, list[HookMatcher]]:
        """The ``hooks`` option: this log on every event it understands."""
        events = ("UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop")
        return {event: [HookMatcher(hooks=[self.hook])] for event in events}


async def allow_all(
    tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    return PermissionResultAllow()


async def main() -> None:
    # What the scripted model does offline (the default): run one command, then answer.
    script = [
        tool_turn("Bash", {"command": "touch report.txt && echo report ready", "description": "Report"}),
        text_turn("The report is ready."),
    ]
    async with open_workspace(script) as workspace:
        log_path = Path(sys.argv[1]) if len(sys.argv) > 1 else workspace.home / "audit.jsonl"
        audit = AuditLog(log_path)
        async with open_session(workspace.options(hooks=audit.hooks(), can_use_tool=allow_all)) as session:
            await session.send("Prepare the report with Bash.")
            async for _ in session.receive_response():
                pass
        for line in (await trio.Path(log_path).read_text()).splitlines():
            entry = json.loads(line)
            details = entry.get("tool") or entry.get("prompt") or entry.get("last_message")
            print(f"audit: {entry['event']} {details}")


if __name__ == "__main__":
    trio.run(main)
