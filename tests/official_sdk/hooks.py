"""Port of the official SDK's ``examples/hooks.py``: hook callbacks that read their input as a dict by wire
key and answer with the CLI's JSON as a dict, registered with ``HookMatcher`` in ``ClaudeAgentOptions``:
a PreToolUse hook that blocks some Bash commands, a UserPromptSubmit hook that adds context, a PostToolUse
hook that reviews output (``reason``, ``systemMessage``, ``additionalContext``), a PreToolUse hook that
decides with ``permissionDecision``, and a PostToolUse hook that stops the run with ``continue_=False``.

Written in our words; what differs from official code: the imports (``trio_claude`` for
``claude_agent_sdk`` and ``claude_agent_sdk.types``), ``open_session`` for the official ``ClaudeSDKClient``,
and ``trio.run``.
"""

import logging
import sys

import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    HookContext,
    HookInput,
    HookJSONOutput,
    HookMatcher,
    Message,
    ResultMessage,
    TextBlock,
    open_session,
)

logger = logging.getLogger(__name__)


def show(message: Message) -> None:
    if isinstance(message, AssistantMessage):
        for block in message.content:
            if isinstance(block, TextBlock):
                print(f"Claude: {block.text}")
    elif isinstance(message, ResultMessage):
        print("Result ended")


async def block_scripts(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    if input_data["tool_name"] != "Bash":
        return {}
    command = input_data["tool_input"].get("command", "")
    for pattern in ["deploy.sh"]:
        if pattern in command:
            logger.warning(f"Blocked: {command}")
            return {
                "hookSpecificOutput": {
                    "hookEventName": "PreToolUse",
                    "permissionDecision": "deny",
                    "permissionDecisionReason": f"Commands running {pattern} are not allowed",
                }
            }
    return {}


async def add_user_facts(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    return {
        "hookSpecificOutput": {
            "hookEventName": "UserPromptSubmit",
            "additionalContext": "The user's name is Ada and she likes short answers.",
        }
    }


async def review_output(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    output = input_data.get("tool_response", "")
    if "no such file" in str(output).lower():
        return {
            "systemMessage": "The command failed",
            "reason": "The tool reported an error",
            "hookSpecificOutput": {
                "hookEventName": "PostToolUse",
                "additionalContext": "That path does not exist; list the directory first.",
            },
        }
    return {}


async def guard_secrets(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    tool_name = input_data.get("tool_name")
    tool_input = input_data.get("tool_input", {})
    if tool_name == "Write" and "secret" in tool_input.get("file_path", "").lower():
        return {
            "reason": "Files named like secrets are off limits",
            "systemMessage": "Write blocked by policy",
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": "Policy: no writes to secret files",
            },
        }
    return {
        "reason": "Checked",
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "allow",
            "permissionDecisionReason": "Passed the policy check",
        },
    }


async def halt_on_fatal(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    if "fatal" in str(input_data.get("tool_response", "")).lower():
        logger.error("Fatal output: stopping")
        return {
            "continue_": False,
            "stopReason": "The command reported a fatal error",
            "systemMessage": "Stopped after a fatal error",
        }
    return {"continue_": True}


async def run(options: ClaudeAgentOptions, *prompts: str) -> None:
    async with open_session(options=options) as client:
        for prompt in prompts:
            print(f"User: {prompt}")
            await client.query(prompt)
            async for message in client.receive_response():
                show(message)


async def pre_tool_use() -> None:
    options = ClaudeAgentOptions(
        allowed_tools=["Bash"],
        hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[block_scripts])]},
    )
    await run(options, "Run ./deploy.sh --dry-run", "Run: echo 'hooks are working'")


async def user_prompt_submit() -> None:
    options = ClaudeAgentOptions(
        hooks={"UserPromptSubmit": [HookMatcher(matcher=None, hooks=[add_user_facts])]}
    )
    await run(options, "What is my name?")


async def post_tool_use() -> None:
    options = ClaudeAgentOptions(
        allowed_tools=["Bash"],
        hooks={"PostToolUse": [HookMatcher(matcher="Bash", hooks=[review_output])]},
    )
    await run(options, "Run: ls /no/such/place 2>&1; true")


async def decision_fields() -> None:
    options = ClaudeAgentOptions(
        allowed_tools=["Write", "Bash"],
        model="claude-sonnet-4-5",
        hooks={"PreToolUse": [HookMatcher(matcher="Write", hooks=[guard_secrets])]},
    )
    await run(options, "Write 'x' to secret_keys.txt", "Write 'x' to notes.txt")


async def continue_control() -> None:
    options = ClaudeAgentOptions(
        allowed_tools=["Bash"],
        hooks={"PostToolUse": [HookMatcher(matcher="Bash", hooks=[halt_on_fatal])]},
    )
    await run(options, "Run: echo 'FATAL: disk on fire'")


EXAMPLES = {
    "PreToolUse": pre_tool_use,
    "UserPromptSubmit": user_prompt_submit,
    "PostToolUse": post_tool_use,
    "DecisionFields": decision_fields,
    "ContinueControl": continue_control,
}


async def main(name: str) -> None:
    if name == "all":
        for example in EXAMPLES.values():
            await example()
    else:
        await EXAMPLES[name]()


if __name__ == "__main__":
    trio.run(main, sys.argv[1] if len(sys.argv) > 1 else "all")
