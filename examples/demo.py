"""A small agent session: streamed text, a Bash tool that asks permission in Python, a readable transcript.

Run it with ``./dev demo``.  It runs offline: the real ``claude`` CLI talks to the scripted Messages API
of :mod:`trio_claude.testing` on 127.0.0.1, in a throw-away ``HOME`` (nothing touches your ``~/.claude``).
With ``TRIO_CLAUDE_REAL_API=1`` it talks to the real API as you (your login or ``ANTHROPIC_API_KEY``).
Options: ``--yes`` approves tools without asking (the default when stdin is not a terminal).
"""

from __future__ import annotations

import os
import sys

import trio

from trio_claude import (
    AssistantMessage,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    StreamEvent,
    TextBlock,
    ToolPermissionContext,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    open_session,
)
from trio_claude.model import JSONObject
from trio_claude.testing import Step, open_workspace, text_turn, tool_turn

PROMPT = "Create a file hello.txt with a friendly greeting, using Bash, then tell me what you did."
COMMAND = "printf 'Hello from trio_claude!\\n' > hello.txt && cat hello.txt"

_COLOUR = sys.stdout.isatty() and os.environ.get("NO_COLOR") is None


def style(text: str, code: str) -> str:
    """``text`` in an ANSI colour when the terminal supports it."""
    return f"\033[{code}m{text}\033[0m" if _COLOUR else text


def say(label: str, text: str, code: str) -> None:
    print(f"{style(label, code + ';1')} {style(text, code)}", flush=True)


def scripted_model() -> list[Step]:
    """What the offline model answers: a tool call, then a summary."""
    return [
        tool_turn(
            "Bash",
            {"command": COMMAND, "description": "Write hello.txt and show it"},
            text="I'll write the greeting with a single shell command.",
            chunk_delay=0.02,
        ),
        text_turn(
            "Done: hello.txt now says 'Hello from trio_claude!'. I wrote it with printf and read it back.",
            chunk_delay=0.02,
        ),
    ]


async def main() -> None:
    approve_all = "--yes" in sys.argv or not sys.stdin.isatty()

    async def can_use_tool(
        tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        say("permission?", f"{tool_name}: {tool_input.get('command', tool_input)}", "33")
        if approve_all:
            answer = "y"
        else:
            answer = await trio.to_thread.run_sync(input, style("  allow? [y/N] ", "33"))
        if answer.strip().lower().startswith("y"):
            say("permission", "allowed", "32")
            return PermissionResultAllow()
        say("permission", "denied", "31")
        return PermissionResultDeny(message="The user said no.")

    # Offline (the default) the real CLI talks to the scripted model; with TRIO_CLAUDE_REAL_API=1, to the API.
    async with open_workspace(scripted_model(), prefix="trio-claude-demo-") as workspace:
        if workspace.offline:
            say("mode", "offline: the real claude CLI against trio_claude.testing's scripted model", "35")
        else:
            say("mode", "the real Anthropic API (TRIO_CLAUDE_REAL_API=1)", "35")
        project = workspace.project
        options = workspace.options(can_use_tool=can_use_tool, include_partial_messages=True)
        async with open_session(options) as session:
            say("session", f"claude {session.cli_version} (pid {session.pid}) in {project}", "90")
            say("you", PROMPT, "36")
            await session.send(PROMPT)
            streaming = False
            async for message in session.receive_response():
                if isinstance(message, StreamEvent):
                    delta: JSONObject = message.event.get("delta") or {}
                    if delta.get("type") == "text_delta":
                        if not streaming:
                            print(style("claude ", "34;1"), end="", flush=True)
                            streaming = True
                        print(style(delta["text"], "34"), end="", flush=True)
                elif isinstance(message, AssistantMessage):
                    for block in message.content:
                        if isinstance(block, TextBlock) and streaming:
                            print(flush=True)
                            streaming = False
                        elif isinstance(block, ToolUseBlock):
                            say("tool", f"{block.name} {dict(block.input)}", "33")
                elif isinstance(message, UserMessage) and not isinstance(message.content, str):
                    for block in message.content:
                        if isinstance(block, ToolResultBlock):
                            outcome = "error" if block.is_error else "result"
                            say(f"tool {outcome}", str(block.content).strip(), "90")
                elif isinstance(message, ResultMessage):
                    cost = f"${message.total_cost_usd:.4f}" if message.total_cost_usd else "$0"
                    summary = f"{message.num_turns} model turns, {message.duration_ms} ms, {cost}"
                    say("done", f"{message.subtype}, {summary}", "31" if message.is_error else "32")
        written = trio.Path(project, "hello.txt")
        if await written.exists():
            say("file", f"hello.txt: {(await written.read_text()).strip()}", "32")


if __name__ == "__main__":
    trio.run(main)
