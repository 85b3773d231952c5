"""Fail closed on the permission paths (fake CLI): a ``PreToolUse`` or ``PermissionRequest`` hook, or
``can_use_tool``, that raises, times out or answers something invalid is answered with a deny that names
the error; ``on_failure="continue"`` gives the CLI's behaviour back (an error answer, "no opinion"); other
events keep the error answer.  The real CLI's side is in tests/e2e/test_fail_closed.py."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any, cast

import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    HookContext,
    HookFailurePolicy,
    HookJSONOutput,
    HookMatcher,
    PermissionResultAllow,
    PermissionResultDeny,
    ToolPermissionContext,
    open_session,
    wire,
)
from trio_claude._handlers._dispatch import InboundHandlers
from trio_claude._handlers._hooks import HookRegistry
from trio_claude.model import (
    CanUseToolRequest,
    ControlError,
    ControlSuccess,
    HookCallbackRequest,
    HookInput,
    JSONObject,
    McpMessageRequest,
    PermissionRequestHookSpecificOutput,
    PostToolUseHookSpecificOutput,
    PreToolUseHookSpecificOutput,
    SyncHookOutput,
    UnknownHookInput,
)
from trio_claude.testing import AskPermission, CallHook, open_fake_cli

BASE = {"session_id": "s-1", "transcript_path": "/tmp/s-1.jsonl", "cwd": "/work"}
TOOL = {"tool_name": "Bash", "tool_input": {"command": "touch x"}}
INPUTS: dict[str, dict[str, Any]] = {
    "PreToolUse": {**BASE, **TOOL, "hook_event_name": "PreToolUse", "tool_use_id": "toolu_1"},
    "PermissionRequest": {**BASE, **TOOL, "hook_event_name": "PermissionRequest"},
    "PostToolUse": {
        **BASE,
        **TOOL,
        "hook_event_name": "PostToolUse",
        "tool_use_id": "toolu_1",
        "tool_response": "ok",
    },
    "Stop": {**BASE, "hook_event_name": "Stop", "stop_hook_active": False},
}

Hook = Callable[[HookInput, str | None, HookContext], Awaitable[HookJSONOutput | None]]


async def _raises(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
    raise RuntimeError("policy service down")


async def _hangs(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
    await trio.sleep_forever()


async def _not_an_output(
    hook_input: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    return 42  # type: ignore[return-value]


async def _bad_dict(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
    return {"hookSpecificOutput": {"hookEventName": hook_input.hook_event_name, "bogus": "deny"}}


async def _bad_typed(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
    return SyncHookOutput(decision="deny")  # type: ignore[arg-type]  # not one of approve/block


async def _wrong_event(
    hook_input: HookInput, tool_use_id: str | None, context: HookContext
) -> HookJSONOutput:
    return SyncHookOutput(hook_specific_output=PostToolUseHookSpecificOutput(additional_context="x"))


FAILURES: dict[str, tuple[Hook, str]] = {
    "raises": (_raises, "RuntimeError: policy service down"),
    "times out": (_hangs, "HookTimeoutError: hook _hangs (hook_0) timed out after 5 s"),
    "returns 42": (_not_an_output, "TypeError: hook _not_an_output (hook_0) must return SyncHookOutput"),
    "invalid dict": (_bad_dict, "hookSpecificOutput.bogus: unknown key"),
    "invalid typed output": (_bad_typed, "decision: 'deny' is not one of 'approve', 'block'"),
    "wrong event": (
        _wrong_event,
        "InvalidHookAnswerError: hook _wrong_event (hook_0) answered a PostToolUse",
    ),
}


async def _answer(
    event: str, hook: Hook, on_failure: HookFailurePolicy | None
) -> ControlSuccess | ControlError:
    matcher = HookMatcher(hooks=[hook], timeout=5, on_failure=on_failure)
    async with open_fake_cli([[CallHook(callback_id="hook_0", input=INPUTS[event])]]) as fake:
        options = ClaudeAgentOptions(spawn=fake.spawn, hooks={event: [matcher]})
        async with open_session(options) as session:
            await session.send("go")
            async for _ in session.receive_response():
                pass
        (request,) = fake.process.requests
    assert request.response is not None
    return request.response


def _deny_reason(event: str, answer: ControlSuccess | ControlError) -> str:
    assert isinstance(answer, ControlSuccess), answer
    specific = (answer.response or {})["hookSpecificOutput"]
    assert specific["hookEventName"] == event
    if event == "PreToolUse":
        assert specific["permissionDecision"] == "deny"
        return str(specific["permissionDecisionReason"])
    assert specific["decision"]["behavior"] == "deny"
    return str(specific["decision"]["message"])


@pytest.mark.parametrize("failure", list(FAILURES))
@pytest.mark.parametrize("event", ["PreToolUse", "PermissionRequest"])
@pytest.mark.parametrize("on_failure", [None, "block"])
async def test_a_failed_permission_hook_is_a_deny_naming_the_error(
    autojump_clock: trio.abc.Clock, failure: str, event: str, on_failure: HookFailurePolicy | None
) -> None:
    hook, error = FAILURES[failure]
    reason = _deny_reason(event, await _answer(event, hook, on_failure))
    assert reason.startswith(f"Denied: the {event} hook failed (") and error in reason


@pytest.mark.parametrize("failure", list(FAILURES))
@pytest.mark.parametrize("event", ["PreToolUse", "PermissionRequest"])
async def test_on_failure_continue_gives_the_clis_behaviour_back(
    autojump_clock: trio.abc.Clock, failure: str, event: str
) -> None:
    hook, error = FAILURES[failure]
    answer = await _answer(event, hook, "continue")
    if failure == "invalid typed output":  # it carries a decision: it was meant to decide, so it denies
        assert isinstance(answer, ControlSuccess) and answer.response
        reason = json.dumps(answer.response)
        assert "Denied: the" in reason and error in reason
        return
    assert isinstance(answer, ControlError)  # the CLI's "no opinion"
    assert error.split(": ", 1)[-1] in answer.error


@pytest.mark.parametrize("failure", list(FAILURES))
@pytest.mark.parametrize("event", ["PostToolUse", "Stop"])
@pytest.mark.parametrize("on_failure", [None, "continue", "block"])
async def test_other_events_keep_the_error_answer(
    autojump_clock: trio.abc.Clock, failure: str, event: str, on_failure: HookFailurePolicy | None
) -> None:
    hook, _ = FAILURES[failure]
    if failure == "wrong event" and event == "PostToolUse":
        return  # that output is right for PostToolUse
    assert isinstance(await _answer(event, hook, on_failure), ControlError)


def test_initialize_tells_the_cli_the_policy() -> None:
    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        return None

    config = HookRegistry(
        {
            "PreToolUse": [HookMatcher(hooks=[hook]), HookMatcher(hooks=[hook], on_failure="continue")],
            "PermissionRequest": [HookMatcher(hooks=[hook])],
            "PostToolUse": [HookMatcher(hooks=[hook]), HookMatcher(hooks=[hook], on_failure="block")],
        }
    ).initialize_config
    assert config is not None
    assert [m.on_failure for m in config["PreToolUse"]] == ["block", "continue"]
    assert [m.on_failure for m in config["PermissionRequest"]] == ["block"]
    assert [m.on_failure for m in config["PostToolUse"]] == [None, "block"]


# -- can_use_tool ---------------------------------------------------------------------------------------


async def _policy_raises(
    name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    raise RuntimeError("policy service down")


async def _policy_garbage(
    name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    return "yes"  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("policy", "error"),
    [
        (_policy_raises, "RuntimeError: policy service down"),
        (
            _policy_garbage,
            "TypeError: can_use_tool must return PermissionResultAllow or PermissionResultDeny",
        ),
    ],
)
async def test_a_failed_permission_callback_is_a_deny(policy: Any, error: str) -> None:
    async with open_fake_cli([[AskPermission(tool_name="Bash", input={"command": "touch x"})]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn, can_use_tool=policy)) as session:
            await session.send("go")
            async for _ in session.receive_response():
                pass
        (request,) = fake.process.requests
    assert isinstance(request.response, ControlSuccess)
    answer = request.response.response or {}
    assert answer["behavior"] == "deny"
    assert (
        answer["message"].startswith("Denied: the can_use_tool callback failed (")
        and error in answer["message"]
    )


# -- answer_failure, the interface the session calls (also for answers that cannot be encoded) ------------


def _handlers(**hooks: list[HookMatcher]) -> InboundHandlers:
    return InboundHandlers(ClaudeAgentOptions(hooks=hooks))


def _hook_request(event: str, callback_id: str) -> HookCallbackRequest:
    return HookCallbackRequest(
        callback_id=callback_id, input=wire.structure(INPUTS[event], cast(Any, HookInput))
    )


def test_answer_failure_policy_table() -> None:
    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        return None

    handlers = _handlers(
        PreToolUse=[HookMatcher(hooks=[hook])],
        PermissionRequest=[HookMatcher(hooks=[hook], on_failure="continue")],
        PostToolUse=[HookMatcher(hooks=[hook], on_failure="block")],
    )
    unencodable = TypeError("Type is not JSON serializable: PosixPath")
    pre = handlers.answer_failure(_hook_request("PreToolUse", "hook_0"), unencodable)
    assert pre == SyncHookOutput(
        hook_specific_output=PreToolUseHookSpecificOutput(
            permission_decision="deny",
            permission_decision_reason="Denied: the PreToolUse hook failed (TypeError: Type is not JSON "
            "serializable: PosixPath)",
        )
    )
    assert handlers.answer_failure(_hook_request("PermissionRequest", "hook_1"), unencodable) is None
    assert handlers.answer_failure(_hook_request("PostToolUse", "hook_2"), unencodable) is None
    # An id nobody registered: the event's default.
    unknown = handlers.answer_failure(_hook_request("PermissionRequest", "hook_9"), LookupError("hook_9"))
    assert unknown == SyncHookOutput(
        hook_specific_output=PermissionRequestHookSpecificOutput(
            decision=PermissionResultDeny(
                message="Denied: the PermissionRequest hook failed (LookupError: hook_9)"
            )
        )
    )
    # An input that did not fit its class still names its event.
    misfit = HookCallbackRequest(
        callback_id="hook_0", input=UnknownHookInput(raw={**INPUTS["PreToolUse"], "tool_name": 1})
    )
    assert isinstance(handlers.answer_failure(misfit, RuntimeError()), SyncHookOutput)
    # can_use_tool always denies; other requests get an error answer.
    ask = CanUseToolRequest(tool_name="Write", input={"file_path": "x"})
    assert handlers.answer_failure(ask, unencodable) == PermissionResultDeny(
        message=f"Denied: the can_use_tool callback failed (TypeError: {unencodable})"
    )
    mcp = McpMessageRequest(server_name="calc", message={"jsonrpc": "2.0", "id": 1, "method": "x"})
    assert handlers.answer_failure(mcp, RuntimeError("x")) is None
