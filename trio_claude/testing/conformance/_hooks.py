"""Conformance scenarios: hook callbacks (their typed inputs; typed and dict outputs; fail-closed) and a
request the CLI cancels."""

from __future__ import annotations

import trio

from ... import (
    HookCallback,
    HookContext,
    HookJSONOutput,
    HookMatcher,
    HookOutput,
    PermissionResultAllow,
    ToolPermissionContext,
)
from ...model import (
    HookInput,
    JSONObject,
    PermissionRequestHookSpecificOutput,
    PreToolUseHookSpecificOutput,
    SyncHookOutput,
    UnknownHookInput,
)
from ._basics import result_of
from ._permissions import TOUCH, bash_turns, tool_result
from ._probe import Probe, Scenario, expect

EVENTS = ("UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop")
"""The hook events a turn with one allowed Bash call triggers on every supported CLI."""


async def allow(name: str, tool_input: JSONObject, context: ToolPermissionContext) -> PermissionResultAllow:
    return PermissionResultAllow()


async def hook_inputs(probe: Probe) -> None:
    seen: list[HookInput] = []

    async def note(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        seen.append(hook_input)

    hooks = {event: [HookMatcher(hooks=[note])] for event in EVENTS}
    async with probe.workspace(*bash_turns()) as workspace:
        async with probe.session(probe.options(workspace, hooks=hooks, can_use_tool=allow)) as session:
            messages = await probe.turn(session, "create a file")
        expect((workspace.project / "created.txt").exists(), "no opinion from the hooks: the command ran")
    untyped = [hook_input for hook_input in seen if isinstance(hook_input, UnknownHookInput)]
    expect(not untyped, f"every hook input typed: {untyped!r}")
    names = {hook_input["hook_event_name"] for hook_input in seen}
    expect(names == set(EVENTS), f"every event called: {sorted(names)}")
    expect(all(hook_input["session_id"] == result_of(messages).session_id for hook_input in seen), "ids")


async def _deny_once(probe: Probe, hook: HookCallback, needle: str) -> None:
    """The model runs :data:`TOUCH`; a ``PreToolUse`` hook ``hook`` must stop it, the tool result naming
    ``needle``, and the permission callback never be asked."""
    asked: list[str] = []

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow:
        asked.append(name)
        return PermissionResultAllow()

    hooks = {"PreToolUse": [HookMatcher(matcher="Bash", hooks=[hook], timeout=10)]}
    async with probe.workspace(*bash_turns("Blocked, fine.")) as workspace:
        async with probe.session(probe.options(workspace, hooks=hooks, can_use_tool=can_use_tool)) as session:
            messages = await probe.turn(session, "create a file")
        expect(not (workspace.project / "created.txt").exists(), f"the hook's deny held ({TOUCH!r} ran)")
        expect(asked == [], f"the permission callback was not asked: {asked}")
        text, is_error = tool_result(workspace, messages)
        expect(is_error and needle in text, f"the deny reached the model: {text!r}")


async def hook_typed_deny(probe: Probe) -> None:
    async def deny(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookOutput:
        decision = PreToolUseHookSpecificOutput(
            permission_decision="deny", permission_decision_reason="typed"
        )
        return SyncHookOutput(hook_specific_output=decision)

    await _deny_once(probe, deny, "typed")


async def hook_dict_deny(probe: Probe) -> None:
    async def deny(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
        return {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": "as a dict",
            }
        }

    await _deny_once(probe, deny, "as a dict")


async def hook_fail_closed(probe: Probe) -> None:
    async def fails(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        raise RuntimeError("policy service down")

    await _deny_once(probe, fails, "policy service down")


async def cancelled_request(probe: Probe) -> None:
    """A ``PermissionRequest`` hook answers while ``can_use_tool`` is still thinking: the CLI cancels its
    ``can_use_tool`` request (``control_cancel_request``), and the callback is cancelled."""
    started, cancelled = trio.Event(), trio.Event()

    async def slow(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow:
        started.set()
        try:
            await trio.sleep_forever()
        finally:
            cancelled.set()

    async def permission_request(
        hook_input: HookInput, tool_use_id: str | None, context: HookContext
    ) -> HookOutput:
        await started.wait()  # can_use_tool is in flight: the hook wins the race
        decision = PermissionRequestHookSpecificOutput(decision=PermissionResultAllow())
        return SyncHookOutput(hook_specific_output=decision)

    hooks = {"PermissionRequest": [HookMatcher(hooks=[permission_request])]}
    async with probe.workspace(*bash_turns()) as workspace:
        async with probe.session(probe.options(workspace, hooks=hooks, can_use_tool=slow)) as session:
            messages = await probe.turn(session, "create a file")
        expect(cancelled.is_set(), "the CLI cancelled its can_use_tool request")
        expect((workspace.project / "created.txt").exists(), "the hook's allow held")
        expect(not result_of(messages).is_error, "a successful turn")


SCENARIOS = (
    Scenario("hook: typed inputs (5 events)", hook_inputs),
    Scenario("hook: typed output (PreToolUse deny)", hook_typed_deny),
    Scenario("hook: dict output (PreToolUse deny)", hook_dict_deny),
    Scenario("hook: fail-closed (a raising hook denies)", hook_fail_closed),
    Scenario("cancelled request (can_use_tool)", cancelled_request),
)
