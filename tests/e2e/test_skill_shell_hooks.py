"""``PreSkillShellCommand`` hooks against the real CLI (2.1.332 added the event): a slash command's
embedded shell command (``!`cmd``` in ``.claude/commands/x.md``) is stopped by a hook's deny in every form
a user writes it (the dict its docs show, the typed output), and by a hook that fails; nothing of it
reaches the model.  The command would run otherwise (the session's ``acceptEdits`` mode lets it write its
file), as the hook that gives no opinion shows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio

from trio_claude import ClaudeAgentOptions, HookContext, HookJSONOutput, HookMatcher, open_session
from trio_claude.model import (
    HookInput,
    PreSkillShellCommandHookInput,
    PreSkillShellCommandHookSpecificOutput,
    SyncHookOutput,
)
from trio_claude.testing import MessagesAPI, text_turn

from ._helpers import collect

pytestmark = pytest.mark.real_cli

#: The command's output, which is nowhere in its text: only running it makes it.
MARKER = "MARK42"
SHELL = "printf 'MARK%s' 42 > marker.txt && cat marker.txt"
REASON = "no shell commands from skills"


async def _dict_deny(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreSkillShellCommand",
            "permissionDecision": "deny",
            "permissionDecisionReason": REASON,
        }
    }


async def _typed_deny(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
    return SyncHookOutput(
        hook_specific_output=PreSkillShellCommandHookSpecificOutput(
            permission_decision="deny", permission_decision_reason=REASON
        )
    )


async def _raises(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
    raise RuntimeError("policy service down")


async def _no_opinion(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
    return None


async def _run(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, project: Path, hook: Any
) -> list[HookInput]:
    """Run ``/x``, whose text embeds :data:`SHELL`, with ``hook`` on ``PreSkillShellCommand``; return the
    inputs the hook got."""
    commands = project / ".claude" / "commands"
    commands.mkdir(parents=True)
    (commands / "x.md").write_text(f"Say what this printed: !`{SHELL}`\n", encoding="utf-8")
    messages_api.add_steps(text_turn("ok"))
    seen: list[HookInput] = []

    async def recording(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> Any:
        seen.append(hook_input)
        return await hook(hook_input, tool_use_id, context)

    options = attrs.evolve(
        offline_options,
        permission_mode="acceptEdits",
        hooks={"PreSkillShellCommand": [HookMatcher(hooks=[recording])]},
    )
    async with open_session(options) as session:
        await session.send("/x")
        with trio.fail_after(60):
            await collect(session.receive_response())
    return seen


@pytest.mark.parametrize("hook", [_dict_deny, _typed_deny, _raises], ids=["dict", "typed", "failing"])
async def test_a_deny_stops_the_embedded_shell_command(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_cli_version: tuple[int, ...],
    hook: Any,
) -> None:
    if claude_cli_version < (2, 1, 332):
        pytest.skip("PreSkillShellCommand is new in CLI 2.1.332")
    seen = await _run(offline_options, messages_api, claude_project, hook)
    [hook_input] = seen
    assert isinstance(hook_input, PreSkillShellCommandHookInput)
    assert hook_input.tool_name == "Bash" and hook_input.tool_input == {"command": SHELL}
    assert hook_input.command_name == "x" and hook_input.invoked_by == "user"
    assert not (claude_project / "marker.txt").exists()
    assert MARKER not in json.dumps([request.body for request in messages_api.requests])


async def test_without_a_deny_the_command_runs(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    # What the tests above would see if the deny did not hold.
    if claude_cli_version < (2, 1, 332):
        pytest.skip("PreSkillShellCommand is new in CLI 2.1.332")
    assert len(await _run(offline_options, messages_api, claude_project, _no_opinion)) == 1
    assert (claude_project / "marker.txt").read_text() == MARKER
    assert MARKER in json.dumps([request.body for request in messages_api.requests])
