"""Hook, permission and elicitation handlers on the in-memory fake CLI: wire spelling, typed inputs,
errors, timeouts and cancellation (the real CLI's behaviour is covered by tests/e2e)."""

from __future__ import annotations

import math
from typing import Any, get_args

import attrs
import pytest
import trio

from trio_claude import (
    CanUseToolShadowedWarning,
    ClaudeAgentOptions,
    HookContext,
    HookEvent,
    HookMatcher,
    HookOutput,
    PermissionResultAllow,
    PermissionResultDeny,
    ToolPermissionContext,
    open_session,
)
from trio_claude._config._hooks import HOOK_TIMEOUT_MARGIN
from trio_claude._handlers._dispatch import InboundHandlers
from trio_claude._handlers._hooks import HookRegistry
from trio_claude.model import (
    HOOK_INPUT_CLASSES,
    AddRulesUpdate,
    AsyncHookOutput,
    ControlError,
    ControlRequest,
    ControlResponse,
    ControlSuccess,
    ElicitationRequest,
    ElicitationResponse,
    HookInput,
    InterruptRequest,
    JSONObject,
    PermissionRuleValue,
    PreToolUseHookInput,
    PreToolUseHookSpecificOutput,
    SyncHookOutput,
    UnknownHookInput,
)
from trio_claude.testing import AskPermission, CallHook, FakeCLI, SendRequest, open_fake_cli

PRE_TOOL_USE: dict[str, Any] = {
    "session_id": "s-1",
    "transcript_path": "/tmp/s-1.jsonl",
    "cwd": "/work",
    "permission_mode": "default",
    "effort": {"level": "medium"},
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": {"command": "ls"},
    "tool_use_id": "toolu_1",
    "brand_new_field": 7,
}


def _options(fake: FakeCLI, **kwargs: Any) -> ClaudeAgentOptions:
    return ClaudeAgentOptions(spawn=fake.spawn, **kwargs)


async def _run_turn(options: ClaudeAgentOptions) -> None:
    async with open_session(options) as session:
        await session.send("go")
        async for _ in session.receive_response():
            pass


def _answer(fake: FakeCLI, index: int = 0) -> ControlSuccess | ControlError | None:
    return fake.process.requests[index].response


def _success(fake: FakeCLI, index: int = 0) -> JSONObject:
    response = _answer(fake, index)
    assert isinstance(response, ControlSuccess), response
    return response.response or {}


def _error(fake: FakeCLI, index: int = 0) -> str:
    response = _answer(fake, index)
    assert isinstance(response, ControlError), response
    return response.error


# -- hooks --------------------------------------------------------------------------------------------


def test_every_typed_input_class_is_a_hook_event() -> None:
    assert {cls.hook_event_name for cls in HOOK_INPUT_CLASSES} == set(get_args(HookEvent))


def test_registry_ids_and_initialize_config() -> None:
    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        return None

    registry = HookRegistry(
        {
            "PreToolUse": [HookMatcher(matcher="Bash", hooks=[hook, hook], timeout=30, on_failure="block")],
            "Stop": [HookMatcher(hooks=[hook])],
        }
    )
    config = registry.initialize_config
    assert config is not None
    (pre,) = config["PreToolUse"]
    assert pre.hook_callback_ids == ("hook_0", "hook_1") and pre.matcher == "Bash"
    assert pre.timeout == 30 + HOOK_TIMEOUT_MARGIN and pre.on_failure == "block"
    assert config["Stop"][0].hook_callback_ids == ("hook_2",) and config["Stop"][0].timeout is None
    assert HookRegistry(None).initialize_config is None


async def test_typed_input_and_wire_spelling_of_the_output() -> None:
    seen: list[tuple[HookInput, str | None, HookContext]] = []

    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookOutput:
        seen.append((hook_input, tool_use_id, context))
        return SyncHookOutput(
            continue_=False,
            stop_reason="enough",
            hook_specific_output=PreToolUseHookSpecificOutput(
                permission_decision="deny", permission_decision_reason="no", updated_input={"a": 1}
            ),
        )

    script = [[CallHook(callback_id="hook_0", input=PRE_TOOL_USE, tool_use_id="toolu_1")]]
    async with open_fake_cli(script) as fake:
        await _run_turn(_options(fake, hooks={"PreToolUse": [HookMatcher(hooks=[hook])]}))
        answer = _success(fake)
    ((hook_input, tool_use_id, context),) = seen
    assert isinstance(hook_input, PreToolUseHookInput)
    assert hook_input.tool_input == {"command": "ls"} and hook_input.effort is not None
    assert hook_input.extra == {"brand_new_field": 7}  # unknown fields are kept
    assert tool_use_id == "toolu_1" and context.callback_id == "hook_0"
    assert answer == {
        "continue": False,
        "stopReason": "enough",
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "no",
            "updatedInput": {"a": 1},
        },
    }


@pytest.mark.parametrize(
    ("output", "wire"),
    [(None, {}), (AsyncHookOutput(async_timeout=5000), {"async": True, "asyncTimeout": 5000})],
)
async def test_none_and_async_outputs(output: HookOutput | None, wire: JSONObject) -> None:
    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookOutput | None:
        return output

    async with open_fake_cli([[CallHook(callback_id="hook_0", input=PRE_TOOL_USE)]]) as fake:
        await _run_turn(_options(fake, hooks={"PreToolUse": [HookMatcher(hooks=[hook])]}))
        assert _success(fake) == wire


async def test_unknown_events_arrive_raw() -> None:
    seen: list[HookInput] = []

    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        seen.append(hook_input)

    raw = {"session_id": "s", "hook_event_name": "BrandNewEvent", "x": [1]}
    misfit = {**PRE_TOOL_USE, "tool_name": 42}
    script = [[CallHook(callback_id="hook_0", input=raw), CallHook(callback_id="hook_0", input=misfit)]]
    async with open_fake_cli(script) as fake:
        await _run_turn(_options(fake, hooks={"BrandNewEvent": [HookMatcher(hooks=[hook])]}))
    assert seen == [UnknownHookInput(raw=raw), UnknownHookInput(raw=misfit)]
    assert isinstance(seen[0], UnknownHookInput) and seen[0].hook_event_name == "BrandNewEvent"
    assert isinstance(seen[1], UnknownHookInput) and seen[1].error and "tool_name" in seen[1].error


async def test_errors_are_answered_and_the_turn_goes_on() -> None:
    # Outside the permission events a failed hook is "no opinion": an error answer.
    async def raising(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        raise RuntimeError("hook exploded")

    async def wrong(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookOutput:
        return 42  # type: ignore[return-value]

    post = {**PRE_TOOL_USE, "hook_event_name": "PostToolUse", "tool_response": "ok"}
    script = [
        [
            CallHook(callback_id="hook_0", input=post),
            CallHook(callback_id="hook_1", input=post),
            CallHook(callback_id="hook_9", input=post),
        ]
    ]
    hooks = {"PostToolUse": [HookMatcher(hooks=[raising, wrong])]}
    async with open_fake_cli(script) as fake:
        await _run_turn(_options(fake, hooks=hooks))
        assert _error(fake, 0) == "hook exploded"
        assert "must return SyncHookOutput, AsyncHookOutput, a dict in the CLI's JSON form or None" in _error(
            fake, 1
        )
        assert _error(fake, 2) == "No hook callback found for ID: hook_9"


async def test_timeout_cancels_the_callback_and_answers_an_error(autojump_clock: trio.abc.Clock) -> None:
    cancelled_at: list[float] = []

    async def stuck(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        try:
            await trio.sleep_forever()
        finally:
            cancelled_at.append(trio.current_time())

    hooks = {"PreToolUse": [HookMatcher(hooks=[stuck], timeout=30, on_failure="continue")]}
    async with open_fake_cli([[CallHook(callback_id="hook_0", input=PRE_TOOL_USE)]]) as fake:
        start = trio.current_time()
        await _run_turn(_options(fake, hooks=hooks))
        assert "timed out after 30 s" in _error(fake)
    assert cancelled_at and math.isclose(cancelled_at[0] - start, 30, abs_tol=0.1)


def _stuck_hooks(started: trio.Event, cancelled: trio.Event) -> dict[HookEvent, list[HookMatcher]]:
    """A ``PreToolUse`` hook that sets ``started``, then blocks until cancelled (and sets ``cancelled``)."""

    async def stuck(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        started.set()
        try:
            await trio.sleep_forever()
        except trio.Cancelled:
            cancelled.set()
            raise

    return {"PreToolUse": [HookMatcher(hooks=[stuck])]}


async def test_interrupt_cancels_a_pending_hook_and_nothing_is_answered() -> None:
    started, cancelled = trio.Event(), trio.Event()
    async with open_fake_cli([[CallHook(callback_id="hook_0", input=PRE_TOOL_USE)]]) as fake:
        async with open_session(_options(fake, hooks=_stuck_hooks(started, cancelled))) as session:
            await session.send("go")
            await started.wait()
            await session.interrupt()
            assert cancelled.is_set()
            async for _ in session.receive_response():
                pass
        (request,) = fake.process.requests
        assert request.cancelled and request.response is None
        received = fake.process.received
        assert [f.request_id for f in received if isinstance(f, ControlResponse)] == []
        assert any(
            isinstance(f, ControlRequest) and isinstance(f.request, InterruptRequest) for f in received
        )


async def test_leaving_the_session_cancels_a_pending_hook() -> None:
    started, cancelled = trio.Event(), trio.Event()
    async with open_fake_cli([[CallHook(callback_id="hook_0", input=PRE_TOOL_USE)]]) as fake:
        async with open_session(_options(fake, hooks=_stuck_hooks(started, cancelled))) as session:
            await session.send("go")
            await started.wait()
        assert cancelled.is_set()
        assert fake.process.requests[0].response is None


# -- permissions --------------------------------------------------------------------------------------


async def test_allow_always_sends_updated_input_and_typed_permissions() -> None:
    rule = AddRulesUpdate(
        rules=(PermissionRuleValue(tool_name="Bash", rule_content="ls"),),
        behavior="allow",
        destination="session",
    )

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        return PermissionResultAllow(updated_permissions=(rule,))

    script = [[AskPermission(tool_name="Bash", input={"command": "ls"})]]
    async with open_fake_cli(script) as fake:
        await _run_turn(_options(fake, can_use_tool=can_use_tool))
        assert _success(fake) == {
            "behavior": "allow",
            "updatedInput": {"command": "ls"},
            "updatedPermissions": [
                {
                    "type": "addRules",
                    "rules": [{"toolName": "Bash", "ruleContent": "ls"}],
                    "behavior": "allow",
                    "destination": "session",
                }
            ],
        }


async def test_no_permission_callback_is_a_deny() -> None:
    async with open_fake_cli([[AskPermission(tool_name="Bash", input={"command": "ls"})]]) as fake:
        await _run_turn(_options(fake))
        assert _success(fake) == {
            "behavior": "deny",
            "message": "Denied: the can_use_tool callback failed (LookupError: canUseTool callback is not "
            "provided.)",
        }


@pytest.mark.parametrize(
    ("allowed", "mode", "shadowed"),
    [
        (["Bash", "Read(./src/**)"], None, "Bash"),
        ([], "bypassPermissions", "bypassPermissions"),
        (["Bash(git status:*)"], "acceptEdits", None),
    ],
)
def test_shadowed_permission_callback_warns(allowed: list[str], mode: Any, shadowed: str | None) -> None:
    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        return PermissionResultAllow()

    options = ClaudeAgentOptions(can_use_tool=can_use_tool, allowed_tools=allowed, permission_mode=mode)
    if shadowed is None:
        InboundHandlers(options)  # filterwarnings = error: any warning fails the test
        return
    with pytest.warns(CanUseToolShadowedWarning, match=shadowed):
        InboundHandlers(options)
    InboundHandlers(attrs.evolve(options, can_use_tool=None))  # without a callback, nothing to warn about


# -- elicitation --------------------------------------------------------------------------------------

ELICIT = ElicitationRequest(
    mcp_server_name="tickets",
    message="Which project?",
    mode="form",
    requested_schema={"type": "object", "properties": {"project": {"type": "string"}}},
)


async def test_elicitation_default_is_decline() -> None:
    async with open_fake_cli([[SendRequest(request=ELICIT)]]) as fake:
        await _run_turn(_options(fake))
        assert _success(fake) == {"action": "decline"}


async def test_elicitation_callback_answers() -> None:
    seen: list[ElicitationRequest] = []

    async def on_elicitation(request: ElicitationRequest) -> ElicitationResponse:
        seen.append(request)
        return ElicitationResponse(action="accept", content={"project": "apollo"})

    async def wrong(request: ElicitationRequest) -> ElicitationResponse:
        return {"action": "accept"}  # type: ignore[return-value]

    async with open_fake_cli([[SendRequest(request=ELICIT)]]) as fake:
        await _run_turn(_options(fake, on_elicitation=on_elicitation))
        assert _success(fake) == {"action": "accept", "content": {"project": "apollo"}}
        assert seen == [ELICIT]
        await _run_turn(_options(fake, on_elicitation=wrong))
        assert "must return an ElicitationResponse" in _error(fake)
