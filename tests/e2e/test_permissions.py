"""The permission callback against the real CLI: every outcome of wire REPORT §b, checked on the typed
messages and on the API requests the CLI sent afterwards."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    PermissionRequestNotPendingError,
    PermissionResultAllow,
    PermissionResultDeferred,
    PermissionResultDeny,
    PermissionRuleValue,
    PermissionUpdate,
    ToolPermissionContext,
    open_session,
)
from trio_claude.model import AddRulesUpdate, JSONObject, SetModeUpdate
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import TOUCH, Stuck, collect, result_of, result_text, texts, tool_results, tool_use

pytestmark = pytest.mark.real_cli

Asked = list[tuple[str, JSONObject, ToolPermissionContext]]


def _with_callback(
    options: ClaudeAgentOptions, asked: Asked, answer: PermissionResultAllow | PermissionResultDeny
) -> ClaudeAgentOptions:
    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        asked.append((name, tool_input, context))
        return answer

    return attrs.evolve(options, can_use_tool=can_use_tool)


async def test_allow_with_a_typed_context(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn("Done.")
    )
    asked: Asked = []
    options = _with_callback(offline_options, asked, PermissionResultAllow())
    async with open_session(options) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    ((name, tool_input, context),) = asked
    call = tool_use(messages)
    assert name == "Bash" and tool_input == {"command": TOUCH, "description": "Create a file"}
    assert context.tool_use_id == call.id
    assert context.request.tool_name == "Bash"
    assert context.blocked_path == str(claude_project / "created.txt")
    rules = [s for s in context.suggestions if isinstance(s, AddRulesUpdate)]
    assert rules and rules[0].rules[0].tool_name == "Bash" and rules[0].behavior == "allow"
    assert any(isinstance(s, SetModeUpdate) and s.mode == "acceptEdits" for s in context.suggestions)
    assert (claude_project / "created.txt").exists()
    text, is_error = result_text(messages_api.script_requests[1], call.id)
    assert "made" in text and not is_error
    assert texts(messages) == ["Done."]
    assert not result_of(messages).is_error


async def test_allow_with_updated_input_runs_the_new_input(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn("Done.")
    )
    asked: Asked = []
    updated = {"command": "touch replaced.txt && echo replaced-output"}
    options = _with_callback(offline_options, asked, PermissionResultAllow(updated_input=updated))
    async with open_session(options) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    assert len(asked) == 1
    assert (claude_project / "replaced.txt").exists()
    assert not (claude_project / "created.txt").exists()
    call = tool_use(messages)
    text, is_error = result_text(messages_api.script_requests[1], call.id)
    assert "replaced-output" in text and not is_error
    assert [r.is_error for r in tool_results(messages)] == [False]


async def test_deny_goes_on_with_the_message_as_an_error_result(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn("Understood.")
    )
    asked: Asked = []
    options = _with_callback(offline_options, asked, PermissionResultDeny(message="Not allowed by policy"))
    async with open_session(options) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    assert not (claude_project / "created.txt").exists()
    call = tool_use(messages)
    text, is_error = result_text(messages_api.script_requests[1], call.id)
    assert "Not allowed by policy" in text and is_error
    result = result_of(messages)
    assert result.subtype == "success" and not result.is_error
    assert [d.tool_use_id for d in result.permission_denials or ()] == [call.id]
    assert texts(messages) == ["Understood."]


async def test_deny_with_interrupt_ends_the_turn(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    messages_api.add_steps(tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}))
    asked: Asked = []
    deny = PermissionResultDeny(message="Stop right there", interrupt=True)
    options = _with_callback(offline_options, asked, deny)
    async with open_session(options) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    result = result_of(messages)
    assert result.subtype == "error_during_execution" and result.is_error
    assert result.terminal_reason == "aborted_tools"
    assert "[Request interrupted by user for tool use]" in str(messages)
    (rejected,) = tool_results(messages)
    assert rejected.is_error and "doesn't want to proceed" in str(rejected.content)
    assert len(messages_api.script_requests) == 1  # no second model call
    assert not (claude_project / "created.txt").exists()


async def test_a_raising_callback_is_a_deny_and_the_turn_goes_on(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn("Oh well.")
    )

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        raise RuntimeError("callback exploded")

    options = attrs.evolve(offline_options, can_use_tool=can_use_tool)
    async with open_session(options) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    call = tool_use(messages)
    text, is_error = result_text(messages_api.script_requests[1], call.id)
    assert text == "Denied: the can_use_tool callback failed (RuntimeError: callback exploded)" and is_error
    assert not (claude_project / "created.txt").exists()
    assert texts(messages) == ["Oh well."]
    assert not result_of(messages).is_error


async def test_interrupt_cancels_a_pending_callback(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}))
    stuck = Stuck()
    async with open_session(attrs.evolve(offline_options, can_use_tool=stuck.can_use_tool)) as session:
        await session.send("create a file")
        with trio.fail_after(10):
            await stuck.started.wait()
        await session.interrupt()
        assert stuck.cancelled.is_set()  # cancelled before interrupt() returned
        messages = await collect(session.receive_response())
    result = result_of(messages)
    assert result.is_error and result.terminal_reason == "aborted_tools"


async def test_leaving_the_session_cancels_a_pending_callback(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}))
    stuck = Stuck()
    async with open_session(attrs.evolve(offline_options, can_use_tool=stuck.can_use_tool)) as session:
        await session.send("create a file")
        with trio.fail_after(10):
            await stuck.started.wait()
    assert stuck.cancelled.is_set()
    assert session.returncode is not None


async def test_set_permission_mode_accept_edits_stops_asking_for_writes(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    target = claude_project / "notes.txt"
    messages_api.add_steps(
        tool_turn("Write", {"file_path": str(target), "content": "hello"}), text_turn("Written.")
    )
    asked: Asked = []
    options = _with_callback(offline_options, asked, PermissionResultDeny(message="no"))
    async with open_session(options) as session:
        answer = await session.set_permission_mode("acceptEdits")
        await session.send("write a note")
        messages = await collect(session.receive_response())
    if answer.mode is not None:  # CLI 2.1.197 answers without a body
        assert answer.mode == "acceptEdits"
    assert asked == []
    assert target.read_text() == "hello"
    assert not result_of(messages).is_error


async def test_official_update_forms_are_applied(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    """A callback written for the official SDK: the updates the CLI suggested, rebuilt with the official
    constructors, stop the CLI asking about the same command in the next turn."""
    command = {"command": TOUCH, "description": "Create a file"}
    messages_api.add_steps(tool_turn("Bash", command), text_turn("Done."))
    messages_api.add_steps(tool_turn("Bash", command), text_turn("Done again."))
    asked: Asked = []

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        asked.append((name, tool_input, context))
        # What the CLI suggests (a rule for the command, acceptEdits for the file), rebuilt in the official
        # SDK's forms: the constructor with the rule values, and from_dict of the wire form.
        updates: list[PermissionUpdate] = []
        for suggested in context.suggestions:
            if isinstance(suggested, AddRulesUpdate):
                rules = [
                    PermissionRuleValue(tool_name=r.tool_name, rule_content=r.rule_content)
                    for r in suggested.rules
                ]
                updates.append(
                    PermissionUpdate(type="addRules", rules=rules, behavior="allow", destination="session")
                )
            elif suggested.type == "setMode":
                updates.append(PermissionUpdate.from_dict(suggested.to_dict()))
        return PermissionResultAllow(behavior="allow", updated_input=tool_input, updated_permissions=updates)

    options = attrs.evolve(offline_options, can_use_tool=can_use_tool)
    async with open_session(options) as session:
        await session.query("create a file")
        first = await collect(session.receive_response())
        await session.query("create it again")
        second = await collect(session.receive_response())
    assert len(asked) == 1  # the second call was allowed by the updates
    assert [r.is_error for r in tool_results(first) + tool_results(second)] == [False, False]
    assert (claude_project / "created.txt").exists()


async def test_a_deferred_question_is_answered_out_of_band(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    # can_use_tool returns PermissionResultDeferred; another task answers by the request id later.
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn("Done.")
    )
    questions: list[ToolPermissionContext] = []
    asked = trio.Event()

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultDeferred:
        questions.append(context)
        asked.set()
        return PermissionResultDeferred()

    options = attrs.evolve(offline_options, can_use_tool=can_use_tool)
    async with open_session(options) as session, trio.open_nursery() as nursery:

        async def approve_later() -> None:
            await asked.wait()
            await trio.sleep(0.5)  # the CLI waits: nothing answered, the tool has not run
            assert not (claude_project / "created.txt").exists()
            request_id = questions[0].request_id
            assert request_id is not None
            session.respond_to_permission(request_id, PermissionResultAllow())
            with pytest.raises(PermissionRequestNotPendingError):
                session.respond_to_permission(request_id, PermissionResultDeny(message="late"))

        nursery.start_soon(approve_later)
        await session.send("create a file")
        messages = await collect(session.receive_response())
    assert (claude_project / "created.txt").exists()
    text, is_error = result_text(messages_api.script_requests[1], tool_use(messages).id)
    assert "made" in text and not is_error
    assert not result_of(messages).is_error
