"""Typed tool inputs and outputs against the real CLI: built-in tools (Write, Read, Edit, Bash, CronCreate,
CronList), run for real, type without a fallback and encode back to exactly
what the CLI sent, wherever users meet them (tool_use blocks, tool_use_result, can_use_tool, the hooks)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from trio_claude import (
    ClaudeAgentOptions,
    HookContext,
    HookMatcher,
    PermissionResultAllow,
    PermissionResultDeny,
    ToolPermissionContext,
    open_session,
)
from trio_claude.model import (
    AssistantMessage,
    HookInput,
    PostToolUseHookInput,
    PreToolUseHookInput,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    WireObject,
)
from trio_claude.model.tools import (
    BashInput,
    BashOutput,
    CronCreateInput,
    CronCreateOutput,
    CronListInput,
    CronListOutput,
    FileEditInput,
    FileEditOutput,
    FileReadInput,
    FileReadOutputText,
    FileWriteInput,
    FileWriteOutput,
    UnknownToolInput,
    UnknownToolOutput,
    parse_tool_output,
    tool_json,
)
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import collect

pytestmark = pytest.mark.real_cli

STEPS: list[tuple[str, dict[str, Any], type, type]] = [
    ("Write", {"file_path": "notes.txt", "content": "alpha\nbeta\n"}, FileWriteInput, FileWriteOutput),
    ("Read", {"file_path": "notes.txt"}, FileReadInput, FileReadOutputText),
    (
        "Edit",
        {"file_path": "notes.txt", "old_string": "beta", "new_string": "gamma", "replace_all": False},
        FileEditInput,
        FileEditOutput,
    ),
    ("Bash", {"command": "cat notes.txt", "description": "Show the notes"}, BashInput, BashOutput),
    (
        "CronCreate",
        {"cron": "0 9 * * 1", "prompt": "Review the notes", "recurring": True},
        CronCreateInput,
        CronCreateOutput,
    ),
    ("CronList", {}, CronListInput, CronListOutput),
]


async def test_the_built_in_tools_type_where_users_meet_them(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    steps = [
        dict(step, file_path=str(claude_project / "notes.txt")) if "file_path" in step else step
        for _, step, _, _ in STEPS
    ]
    messages_api.add_steps(
        *(tool_turn(name, step) for (name, _, _, _), step in zip(STEPS, steps, strict=True)),
        text_turn("Done."),
    )
    asked: list[Any] = []
    hooked: list[HookInput] = []

    async def can_use_tool(
        name: str, tool_input: dict[str, Any], context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        asked.append((name, tool_input, context.typed_input()))
        return PermissionResultAllow()

    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> dict[str, Any]:
        hooked.append(hook_input)
        return {}

    options = attrs.evolve(
        offline_options,
        can_use_tool=can_use_tool,
        hooks={
            "PreToolUse": [HookMatcher(hooks=[hook])],
            "PostToolUse": [HookMatcher(hooks=[hook])],
        },
    )
    async with open_session(options) as session:
        await session.send("work on the notes")
        messages = await collect(session.receive_response())

    calls = [
        block
        for message in messages
        if isinstance(message, AssistantMessage)
        for block in message.content
        if isinstance(block, ToolUseBlock)
    ]
    assert [call.name for call in calls] == [name for name, _, _, _ in STEPS]
    names = {call.id: call.name for call in calls}
    for call, (_, _, input_class, _) in zip(calls, STEPS, strict=True):
        typed = call.typed_input()
        assert isinstance(typed, input_class) and isinstance(typed, WireObject), typed
        assert typed.extra == {} and tool_json(typed) == call.input

    # tool_use_result: the CLI's structured result of each call, typed by the tool's name.
    results = [m for m in messages if isinstance(m, UserMessage) and m.tool_use_result is not None]
    assert len(results) == len(STEPS)
    for message, (name, _, _, output_type) in zip(results, STEPS, strict=True):
        assert not isinstance(message.content, str)
        (tool_use_id,) = {
            block.tool_use_id for block in message.content if isinstance(block, ToolResultBlock)
        }
        assert names[tool_use_id] == name
        typed_output = parse_tool_output(name, message.tool_use_result)
        assert isinstance(typed_output, output_type), typed_output
        assert tool_json(typed_output) == message.tool_use_result
    edit = parse_tool_output("Edit", results[2].tool_use_result)
    assert isinstance(edit, FileEditOutput) and edit.old_string == "beta" and edit.new_string == "gamma"
    bash = parse_tool_output("Bash", results[3].tool_use_result)
    assert isinstance(bash, BashOutput) and bash.stdout.splitlines() == ["alpha", "gamma"]
    created = parse_tool_output("CronCreate", results[4].tool_use_result)
    listed = parse_tool_output("CronList", results[5].tool_use_result)
    assert isinstance(created, CronCreateOutput) and isinstance(listed, CronListOutput)
    assert [job.id for job in listed.jobs] == [created.id] and created.recurring is True

    # can_use_tool: the callback's dict is the official SDK's form; the context types it.
    for name, tool_input, typed in asked:
        assert not isinstance(typed, UnknownToolInput) and tool_json(typed) == tool_input, name
    assert [type(typed) for _, _, typed in asked][:2] == [FileWriteInput, FileEditInput], asked

    # The tool hooks: PreToolUse's tool_input and PostToolUse's tool_response.
    pre = [h for h in hooked if isinstance(h, PreToolUseHookInput)]
    post = [h for h in hooked if isinstance(h, PostToolUseHookInput)]
    assert [h.tool_name for h in pre] == [h.tool_name for h in post] == [name for name, _, _, _ in STEPS]
    for h, (_, _, input_class, output_type) in zip(post, STEPS, strict=True):
        assert isinstance(h.typed_tool_input(), input_class)
        response = h.typed_tool_response()
        assert isinstance(response, output_type) and not isinstance(response, UnknownToolOutput), response
        assert tool_json(response) == h.tool_response
    assert all(not isinstance(h.typed_tool_input(), UnknownToolInput) for h in pre)
