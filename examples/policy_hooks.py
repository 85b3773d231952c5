"""A Bash policy as a ``PreToolUse`` hook written in the official SDK's style — and what happens when the
policy itself fails.

Run it with ``python examples/policy_hooks.py``.  Without ``ANTHROPIC_API_KEY`` it runs offline: the real
``claude`` CLI (``$TRIO_CLAUDE_CLI`` or ``PATH``) talks to the scripted Messages API of
:mod:`trio_claude.testing`, whose model runs three commands.

The hook reads its input by wire key (``input_data["tool_input"]``) and answers with the CLI's JSON as a
dict, exactly as hooks written for the official Python SDK do; typed inputs and outputs work the same.
It asks a policy service, which allows the first command, forbids the second, and is down for the
third: the hook raises, and the session answers the CLI with a deny that names the error (a failed
``PreToolUse`` hook fails closed), so the command does not run either.  The turn goes on.
"""

from __future__ import annotations

import trio

from trio_claude import HookContext, HookJSONOutput, HookMatcher, open_session
from trio_claude.model import HookInput, ToolResultBlock, UserMessage
from trio_claude.testing import open_workspace, text_turn, tool_turn


class PolicyService:
    """A stand-in for a remote policy service: it forbids ``sudo``, and fails on its third question."""

    def __init__(self) -> None:
        self.questions = 0

    async def allows(self, command: str) -> bool:
        self.questions += 1
        await trio.sleep(0.01)  # a network round trip, in real life
        if self.questions == 3:
            raise ConnectionError("policy service unreachable")
        return not command.startswith("sudo")


def bash_policy(service: PolicyService) -> HookMatcher:
    """A ``PreToolUse`` matcher for Bash that lets ``service`` decide."""

    async def check_command(
        input_data: HookInput, tool_use_id: str | None, context: HookContext
    ) -> HookJSONOutput:
        command = input_data["tool_input"].get("command", "")
        if await service.allows(command):  # raises when the service is down
            print(f"policy: allowed {command}")
            return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}
        print(f"policy: forbidden {command}")
        return {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": f"The policy forbids: {command}",
            }
        }

    return HookMatcher(matcher="Bash", hooks=[check_command], timeout=10)


async def main() -> None:
    async with open_workspace() as workspace:
        # What the scripted model does offline (without ANTHROPIC_API_KEY): three commands, then answer.
        commands = ["touch allowed.txt", "sudo touch forbidden.txt", "touch during-outage.txt"]
        workspace.add_steps(
            *(tool_turn("Bash", {"command": command, "description": "Make a file"}) for command in commands),
            text_turn("One file made; two commands were refused."),
        )
        options = workspace.options(hooks={"PreToolUse": [bash_policy(PolicyService())]})
        async with open_session(options) as session:
            await session.send("Run: " + "; ".join(commands))
            async for message in session.receive_response():
                if isinstance(message, UserMessage) and not isinstance(message.content, str):
                    for block in message.content:
                        if isinstance(block, ToolResultBlock):
                            print(f"model reads: {block.content}")
        for name in ("allowed.txt", "forbidden.txt", "during-outage.txt"):
            print(f"{name} exists: {(workspace.project / name).exists()}")


if __name__ == "__main__":
    trio.run(main)
