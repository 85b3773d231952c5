"""Hook callbacks written the way the official Python SDK's hook examples (``examples/hooks.py`` of
claude-agent-sdk-python) write them: they read the input as a dict by wire key and answer with the CLI's
JSON as a dict, ``continue_`` spelling included.  Written here in our words, one per pattern of that file;
only the imports differ from official code.  The unit tests (fake CLI) and the real-CLI tests run them
unchanged.
"""

from __future__ import annotations

from trio_claude import HookContext, HookJSONOutput
from trio_claude.model import HookInput

BLOCKED_PATTERN = "foo.sh"


async def check_bash_command(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    """PreToolUse: deny Bash commands that mention a blocked script."""
    tool_name = input_data["tool_name"]
    tool_input = input_data["tool_input"]
    if tool_name != "Bash":
        return {}
    command = tool_input.get("command", "")
    if BLOCKED_PATTERN in command:
        return {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": f"Command contains invalid pattern: {BLOCKED_PATTERN}",
            }
        }
    return {}


async def add_custom_instructions(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    """Registered for UserPromptSubmit in the official example, but answering with a *SessionStart*
    ``hookEventName``: the real CLI (2.1.330 and 2.1.197) exits with code 1 on that mismatch.  trio_claude
    rejects the answer instead (a failed hook: no opinion for this event) and the session goes on."""
    return {
        "hookSpecificOutput": {
            "hookEventName": "SessionStart",
            "additionalContext": "My favorite color is hot pink",
        }
    }


async def add_prompt_context(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    """UserPromptSubmit: the same context with the event's own name."""
    return {
        "hookSpecificOutput": {
            "hookEventName": input_data["hook_event_name"],
            "additionalContext": "My favorite color is hot pink",
        }
    }


async def review_tool_output(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    """PostToolUse: when the tool's output mentions an error, tell the user and add context for the model."""
    tool_response = input_data.get("tool_response", "")
    if "error" in str(tool_response).lower():
        return {
            "systemMessage": "The command produced an error",
            "reason": "Tool execution failed - consider checking the command syntax",
            "hookSpecificOutput": {
                "hookEventName": "PostToolUse",
                "additionalContext": "The command encountered an error. Try a different approach.",
            },
        }
    return {}


async def strict_approval_hook(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    """PreToolUse on Write: deny writes to files named "important", explicitly allow everything else."""
    tool_name = input_data.get("tool_name")
    tool_input = input_data.get("tool_input", {})
    if tool_name == "Write":
        file_path = tool_input.get("file_path", "")
        if "important" in file_path.lower():
            return {
                "reason": "Writes to files containing 'important' in the name are not allowed",
                "systemMessage": "Write operation blocked by security policy",
                "hookSpecificOutput": {
                    "hookEventName": "PreToolUse",
                    "permissionDecision": "deny",
                    "permissionDecisionReason": "Security policy blocks writes to important files",
                },
            }
    return {
        "reason": "Tool use approved after security review",
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "allow",
            "permissionDecisionReason": "Tool passed security checks",
        },
    }


async def stop_on_error_hook(
    input_data: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    """PostToolUse: stop the agent when the tool's output reports a critical error (``continue_``)."""
    tool_response = input_data.get("tool_response", "")
    if "critical" in str(tool_response).lower():
        return {
            "continue_": False,
            "stopReason": "Critical error detected in tool output - execution halted for safety",
            "systemMessage": "Execution stopped due to critical error",
        }
    return {"continue_": True}
