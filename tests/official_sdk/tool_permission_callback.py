"""Port of the official SDK's ``examples/tool_permission_callback.py``: a ``can_use_tool`` callback that
logs every request, allows read-only tools, denies writes to system directories, redirects other writes
into ``./safe_output/`` through ``updated_input``, screens Bash commands, and asks on the terminal about
anything else.

Written in our words; what differs from official code: the imports, ``open_session`` for the official
``ClaudeSDKClient``, and ``trio.run``.
"""

import json
from typing import Any

import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    TextBlock,
    ToolPermissionContext,
    open_session,
)

requests_seen: list[dict[str, Any]] = []


async def check_tool(
    tool_name: str, input_data: dict[str, Any], context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    requests_seen.append({"tool": tool_name, "input": input_data, "suggestions": context.suggestions})
    print(f"Asked about {tool_name}: {json.dumps(input_data)}")

    if tool_name in ["Read", "Glob", "Grep"]:
        return PermissionResultAllow()

    if tool_name in ["Write", "Edit", "MultiEdit"]:
        file_path = input_data.get("file_path", "")
        if file_path.startswith(("/etc/", "/usr/")):
            print(f"  denied: {file_path} is a system path")
            return PermissionResultDeny(message=f"Cannot write to system directory: {file_path}")
        if not file_path.startswith(("/tmp/", "./")):
            safe_path = f"./safe_output/{file_path.split('/')[-1]}"
            print(f"  redirected to {safe_path}")
            changed = input_data.copy()
            changed["file_path"] = safe_path
            return PermissionResultAllow(updated_input=changed)

    if tool_name == "Bash":
        command = input_data.get("command", "")
        for pattern in ["rm -rf", "sudo", "chmod 777", "mkfs"]:
            if pattern in command:
                print(f"  denied: {pattern!r}")
                return PermissionResultDeny(message=f"Dangerous command pattern detected: {pattern}")
        print("  allowed")
        return PermissionResultAllow()

    # (blocks the event loop while the user types, as in the official example)
    answer = input(f"Allow {tool_name}? (y/N): ").strip().lower()  # noqa: ASYNC250
    if answer in ("y", "yes"):
        return PermissionResultAllow()
    return PermissionResultDeny(message="User denied permission")


async def main() -> None:
    options = ClaudeAgentOptions(
        can_use_tool=check_tool,
        permission_mode="default",
        cwd=".",
    )
    async with open_session(options) as client:
        await client.query("List the files here, write a hello-world script to hello.py, then run it")
        count = 0
        async for message in client.receive_response():
            count += 1
            if isinstance(message, AssistantMessage):
                for block in message.content:
                    if isinstance(block, TextBlock):
                        print(f"Claude: {block.text}")
            elif isinstance(message, ResultMessage):
                print(f"Done in {message.duration_ms} ms after {count} messages")
    for number, request in enumerate(requests_seen, 1):
        print(f"{number}. {request['tool']}: {json.dumps(request['input'])}")
        if request["suggestions"]:
            print(f"   suggestions: {request['suggestions']}")


if __name__ == "__main__":
    trio.run(main)
