"""Conformance scenarios: the permission callback's answers (allow, deny, updated input, deferred)."""

from __future__ import annotations

import json

import trio

from ... import (
    AssistantMessage,
    PermissionResultAllow,
    PermissionResultDeferred,
    PermissionResultDeny,
    ToolPermissionContext,
)
from ...model import JSONObject, Message, ToolUseBlock
from .._workspace import Workspace
from ..messages_api.script import Step, text_turn, tool_turn
from ._basics import result_of
from ._probe import Probe, Scenario, expect

TOUCH = "touch created.txt && echo made"
"""A Bash command the CLI asks permission for (``echo`` alone is allowed as read-only)."""

Answer = PermissionResultAllow | PermissionResultDeny | PermissionResultDeferred


def bash_turns(after: str = "Done.") -> tuple[Step, ...]:
    """The model runs :data:`TOUCH`, then says ``after``."""
    return (tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn(after))


def tool_use_id(messages: list[Message]) -> str:
    """The id of the turn's first tool call."""
    for message in messages:
        if isinstance(message, AssistantMessage):
            for block in message.content:
                if isinstance(block, ToolUseBlock):
                    return block.id
    raise AssertionError(f"no tool call in {messages!r}")


def tool_result(workspace: Workspace, messages: list[Message]) -> tuple[str, bool]:
    """The text of the tool result the model read (the CLI's second request to it), and its ``is_error``."""
    assert workspace.api is not None
    requests = workspace.api.script_requests
    expect(len(requests) >= 2, f"the CLI asked the model again after the tool ({len(requests)} requests)")
    block: JSONObject | None = requests[1].tool_result(tool_use_id(messages))
    expect(block is not None, "the tool result reached the model")
    assert block is not None
    content = block.get("content")
    return (content if isinstance(content, str) else json.dumps(content)), block.get("is_error") is True


async def permission_allow(probe: Probe) -> None:
    async with probe.workspace(*bash_turns()) as workspace:
        contexts: list[ToolPermissionContext] = []

        async def can_use_tool(name: str, tool_input: JSONObject, context: ToolPermissionContext) -> Answer:
            contexts.append(context)
            return PermissionResultAllow()

        async with probe.session(probe.options(workspace, can_use_tool=can_use_tool)) as session:
            messages = await probe.turn(session, "create a file")
        expect(len(contexts) == 1 and contexts[0].tool_use_id == tool_use_id(messages), "asked once, typed")
        expect((workspace.project / "created.txt").exists(), "the allowed command ran")
        text, is_error = tool_result(workspace, messages)
        expect("made" in text and not is_error, f"its output reached the model: {text!r}")
        expect(not result_of(messages).is_error, "a successful turn")


async def permission_deny(probe: Probe) -> None:
    async with probe.workspace(*bash_turns("Understood.")) as workspace:

        async def can_use_tool(name: str, tool_input: JSONObject, context: ToolPermissionContext) -> Answer:
            return PermissionResultDeny(message="Not allowed by policy")

        async with probe.session(probe.options(workspace, can_use_tool=can_use_tool)) as session:
            messages = await probe.turn(session, "create a file")
        expect(not (workspace.project / "created.txt").exists(), "the denied command did not run")
        text, is_error = tool_result(workspace, messages)
        expect("Not allowed by policy" in text and is_error, f"the deny reached the model: {text!r}")
        denials = result_of(messages).permission_denials or ()
        expect([d.tool_use_id for d in denials] == [tool_use_id(messages)], f"the denial noted: {denials}")


async def permission_updated_input(probe: Probe) -> None:
    updated = {"command": "touch replaced.txt && echo replaced-output"}
    async with probe.workspace(*bash_turns()) as workspace:

        async def can_use_tool(name: str, tool_input: JSONObject, context: ToolPermissionContext) -> Answer:
            return PermissionResultAllow(updated_input=updated)

        async with probe.session(probe.options(workspace, can_use_tool=can_use_tool)) as session:
            messages = await probe.turn(session, "create a file")
        expect((workspace.project / "replaced.txt").exists(), "the updated command ran")
        expect(not (workspace.project / "created.txt").exists(), "the model's command did not")
        text, is_error = tool_result(workspace, messages)
        expect("replaced-output" in text and not is_error, f"its output reached the model: {text!r}")


async def permission_deferred(probe: Probe) -> None:
    async with probe.workspace(*bash_turns()) as workspace:
        questions: list[ToolPermissionContext] = []
        asked = trio.Event()

        async def can_use_tool(name: str, tool_input: JSONObject, context: ToolPermissionContext) -> Answer:
            questions.append(context)
            asked.set()
            return PermissionResultDeferred()

        options = probe.options(workspace, can_use_tool=can_use_tool)
        async with probe.session(options) as session, trio.open_nursery() as nursery:

            async def approve_later() -> None:
                await asked.wait()
                expect(not (workspace.project / "created.txt").exists(), "nothing runs before the answer")
                request_id = questions[0].request_id
                expect(request_id is not None, "the deferred question's request id")
                assert request_id is not None
                session.respond_to_permission(request_id, PermissionResultAllow())

            nursery.start_soon(approve_later)
            messages = await probe.turn(session, "create a file")
        expect((workspace.project / "created.txt").exists(), "the command answered out of band ran")
        expect(not result_of(messages).is_error, "a successful turn")


SCENARIOS = (
    Scenario("permission: allow", permission_allow),
    Scenario("permission: deny", permission_deny),
    Scenario("permission: updated input", permission_updated_input),
    Scenario("permission: deferred", permission_deferred),
)
