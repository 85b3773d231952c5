"""Fail closed against the real CLI: a permission hook or callback that raises, times out or answers
garbage means the tool does not run (its file is not created), the model reads the error, and the session
goes on; ``on_failure="continue"`` gives the CLI's own behaviour back (the tool runs)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    CanUseTool,
    ClaudeAgentOptions,
    HookContext,
    HookFailurePolicy,
    HookJSONOutput,
    HookMatcher,
    PermissionResultAllow,
    PermissionResultDeny,
    ToolPermissionContext,
    open_session,
)
from trio_claude.model import HookInput, JSONObject
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import TOUCH, collect, result_of, result_text, texts, tool_use

pytestmark = pytest.mark.real_cli


async def _raises(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
    raise RuntimeError("policy service down")


async def _bad_dict(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
    # "Deny" is not a decision: the CLI itself would ignore it and run the tool.
    return {
        "hookSpecificOutput": {"hookEventName": hook_input["hook_event_name"], "permissionDecision": "Deny"}
    }


async def _garbage(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
    return "deny"  # type: ignore[return-value]


async def _hangs(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
    await trio.sleep_forever()


FAILING_HOOKS = {
    "raises": (_raises, "RuntimeError: policy service down"),
    "invalid dict": (_bad_dict, "returned an invalid answer: hookSpecificOutput.permissionDecision: "),
    "returns garbage": (_garbage, "TypeError: hook _garbage (hook_0) must return"),
    "times out": (_hangs, "HookTimeoutError: hook _hangs (hook_0) timed out after 0.5 s"),
}


def _script(messages_api: MessagesAPI) -> None:
    """A turn that runs a Bash command creating ``created.txt``, and a second plain turn."""
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}),
        text_turn("Could not create it."),
        text_turn("Still here."),
    )


class Permissions:
    """A permission callback that records who asked and allows — after ``delay`` seconds (so that a
    ``PermissionRequest`` hook answers first)."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self.asked: list[str] = []
        self.cancelled = False

    async def can_use_tool(
        self, name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        self.asked.append(name)
        try:
            await trio.sleep(self.delay)
        except trio.Cancelled:
            self.cancelled = True
            raise
        return PermissionResultAllow()


async def _two_turns(options: ClaudeAgentOptions, messages_api: MessagesAPI) -> str:
    """Run the scripted turns; return the tool result the model read.  The second turn proves the session
    went on."""
    async with open_session(options) as session:
        await session.send("create a file")
        with trio.fail_after(30):
            messages = await collect(session.receive_response())
        assert not result_of(messages).is_error
        await session.send("are you there?")
        with trio.fail_after(30):
            assert texts(await collect(session.receive_response())) == ["Still here."]
    text, is_error = result_text(messages_api.script_requests[1], tool_use(messages).id)
    assert is_error
    return text


@pytest.mark.parametrize("failure", list(FAILING_HOOKS))
async def test_a_failed_pre_tool_use_hook_denies_the_tool(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path, failure: str
) -> None:
    _script(messages_api)
    hook, error = FAILING_HOOKS[failure]
    permissions = Permissions()
    options = attrs.evolve(
        offline_options,
        can_use_tool=permissions.can_use_tool,
        hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[hook], timeout=0.5)]},
    )
    text = await _two_turns(options, messages_api)
    assert not (claude_project / "created.txt").exists()
    assert permissions.asked == []  # the hook's deny came first
    assert "Denied: the PreToolUse hook failed (" in text and error in text


@pytest.mark.parametrize("failure", ["raises", "invalid dict"])
async def test_a_failed_permission_request_hook_denies_the_tool(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path, failure: str
) -> None:
    _script(messages_api)
    hook, error = FAILING_HOOKS[failure]
    permissions = Permissions(delay=3)  # would allow, if the hook's failure were "no opinion"
    options = attrs.evolve(
        offline_options,
        can_use_tool=permissions.can_use_tool,
        hooks={"PermissionRequest": [HookMatcher(hooks=[hook])]},
    )
    text = await _two_turns(options, messages_api)
    assert not (claude_project / "created.txt").exists()
    assert permissions.cancelled  # the CLI took the hook's deny and withdrew the question
    assert "Denied: the PermissionRequest hook failed (" in text and error in text


async def _policy_raises(
    name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    raise RuntimeError("policy service down")


async def _policy_garbage(
    name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    return "allow"  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("policy", "error"),
    [(_policy_raises, "RuntimeError: policy service down"), (_policy_garbage, "'allow'")],
)
async def test_a_failed_permission_callback_denies_the_tool(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    policy: CanUseTool,
    error: str,
) -> None:
    _script(messages_api)
    text = await _two_turns(attrs.evolve(offline_options, can_use_tool=policy), messages_api)
    assert not (claude_project / "created.txt").exists()
    assert text.startswith("Denied: the can_use_tool callback failed (") and error in text


@pytest.mark.parametrize("event", ["PreToolUse", "PermissionRequest"])
async def test_on_failure_continue_lets_the_tool_run(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_cli_version: tuple[int, ...],
    event: str,
) -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn("Created.")
    )
    permissions = Permissions(delay=1 if event == "PermissionRequest" else 0)
    policy: HookFailurePolicy = "continue"
    options = attrs.evolve(
        offline_options,
        can_use_tool=permissions.can_use_tool,
        hooks={event: [HookMatcher(hooks=[_raises], on_failure=policy)]},
    )
    async with open_session(options) as session:
        await session.send("create a file")
        with trio.fail_after(30):
            messages = await collect(session.receive_response())
    assert (claude_project / "created.txt").exists()  # "no opinion": the permission callback decided
    assert permissions.asked == ["Bash"] and not permissions.cancelled
    text, is_error = result_text(messages_api.script_requests[1], tool_use(messages).id)
    assert text == "made" and not is_error
