"""Forward compatibility (docs/architecture.rst, "Newer than this version"): what the CLI sends that this
version does not know is kept and passed on; what a user answers to something it does not know reaches
the CLI as written, never refused for being new; every permission-shaped path fails closed even when the
event is unknown.  Properties over generated hook events, answer fields and control subtypes."""

from __future__ import annotations

from typing import Any, cast, get_args

import attrs
import pytest
import trio
from hypothesis import assume, given, strategies as st

from trio_claude import ClaudeAgentOptions, HookContext, HookMatcher, InvalidHookAnswerError, wire
from trio_claude._config._hooks import FAIL_CLOSED_EVENTS, HookEvent, failure_policy, is_known_event
from trio_claude._handlers._dispatch import InboundHandlers, Unsupported
from trio_claude._handlers._hooks import HookRegistry
from trio_claude.model import (
    HOOK_SPECIFIC_OUTPUT_CLASSES,
    PERMISSION_DECISION_FIELDS,
    ControlRequest,
    ControlResponse,
    ControlSuccess,
    HookCallbackRequest,
    HookInput,
    SyncHookOutput,
    UnknownControlRequest,
    UnknownHookInput,
)
from trio_claude.testing.strategies import json_objects, json_values

BASE = {"session_id": "s-1", "transcript_path": "/tmp/s-1.jsonl", "cwd": "/work"}

#: Names of hook events this version does not know (none is close to a known one).
NEW_EVENTS = st.from_regex(r"Zz[A-Z][a-z]{2,10}(Command|Change|Event)?", fullmatch=True)
#: Answer keys no answer has today (prefixed, so they never name a known field).
NEW_KEYS = st.from_regex(r"x[A-Z][A-Za-z]{0,8}", fullmatch=True)
#: Control request subtypes this version does not know.
NEW_SUBTYPES = st.from_regex(r"zz_[a-z_]{1,12}", fullmatch=True)


@st.composite
def answers_to(draw: st.DrawFn, event: str) -> dict[str, Any]:
    """A dict answer to a hook of ``event`` as a user could write it from a newer CLI's docs: the keys
    every answer has (with values of their types; a new ``decision`` too), new keys, and an event-specific
    part of any shape."""
    answer: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "continue": st.booleans(),
                "suppressOutput": st.booleans(),
                "stopReason": st.text(max_size=8),
                "decision": st.sampled_from(["approve", "block", "deny", "later"]),
                "systemMessage": st.text(max_size=8),
                "reason": st.text(max_size=8),
            },
        )
    )
    answer.update(draw(st.dictionaries(NEW_KEYS, json_values(), max_size=3)))
    if draw(st.booleans()):
        specific = draw(
            st.dictionaries(st.one_of(NEW_KEYS, st.sampled_from(["permissionDecision"])), json_values())
        )
        answer["hookSpecificOutput"] = {"hookEventName": event, **specific}
    return answer


def _registry(event: str, hook: Any, on_failure: Any = None) -> HookRegistry:
    return HookRegistry({event: [HookMatcher(hooks=[hook], on_failure=on_failure)]})


def _request(event: str, fields: dict[str, Any] | None = None) -> HookCallbackRequest:
    hook_input = wire.structure({**BASE, "hook_event_name": event, **(fields or {})}, cast(Any, HookInput))
    return HookCallbackRequest(callback_id="hook_0", input=hook_input)


def _answered(event: str, answer: object) -> Any:
    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> Any:
        return answer

    return trio.run(_registry(event, hook).answer, _request(event))


# -- hooks of events this version does not know ------------------------------------------------------


@given(data=st.data(), event=NEW_EVENTS)
def test_a_dict_answer_to_an_unknown_event_reaches_the_cli_as_written(
    data: st.DataObject, event: str
) -> None:
    assert not is_known_event(event)
    answer = data.draw(answers_to(event))
    request = _request(event, data.draw(st.dictionaries(NEW_KEYS, json_values(), max_size=3)))
    assert isinstance(request.input, UnknownHookInput)  # its input is kept as the CLI sent it
    assert wire.unstructure(_answered(event, answer)) == answer


@given(data=st.data(), event=NEW_EVENTS, other=NEW_EVENTS)
def test_an_unknown_event_may_be_answered_in_another_events_shape(
    data: st.DataObject, event: str, other: str
) -> None:
    # CLI 2.1.332 takes a PreToolUse-shaped answer to PreSkillShellCommand: for an event it does not know,
    # this version cannot tell what the CLI takes, so it sends the answer and lets the CLI judge it.
    answer = {"hookSpecificOutput": {"hookEventName": data.draw(st.sampled_from(["PreToolUse", other]))}}
    answer["hookSpecificOutput"]["permissionDecision"] = "deny"
    assert wire.unstructure(_answered(event, answer)) == answer


def test_the_documented_pre_skill_shell_command_deny_is_sent_as_written() -> None:
    # The issue's case: CLI 2.1.332's new event, answered with the dict its docs show.
    answer = {
        "hookSpecificOutput": {
            "hookEventName": "PreSkillShellCommand",
            "permissionDecision": "deny",
            "permissionDecisionReason": "no shell from skills",
        }
    }
    fields = {
        "tool_name": "Bash",
        "tool_input": {"command": "echo hi"},
        "tool_use_id": "u1",
        "command_name": "x",
        "invoked_by": "user",
    }

    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> Any:
        return answer

    output = trio.run(
        _registry("PreSkillShellCommand", hook).answer, _request("PreSkillShellCommand", fields)
    )
    assert wire.unstructure(output) == answer


@given(event=NEW_EVENTS)
def test_a_failed_hook_of_an_unknown_event_fails_closed(event: str) -> None:
    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        raise RuntimeError("policy service down")

    registry = _registry(event, hook)
    assert failure_policy(event, None) == "block"
    config = registry.initialize_config
    assert config is not None and config[event][0].on_failure == "block"  # the CLI blocks on the error
    request = _request(event)
    with pytest.raises(RuntimeError) as raised:
        trio.run(registry.answer, request)
    assert registry.failure_answer(request, raised.value) is None  # an error answer, never "no opinion"


@given(event=NEW_EVENTS)
def test_a_wrongly_typed_answer_to_an_unknown_event_fails(event: str) -> None:
    # Only a value that cannot be what its key always is fails a newer event's answer.
    with pytest.raises(InvalidHookAnswerError, match="continue"):
        _answered(event, {"continue": "no", "hookSpecificOutput": {"hookEventName": event}})


# -- permission-shaped answers fail closed whatever their event and on_failure ----------------------------

DECIDING_EVENTS = sorted(FAIL_CLOSED_EVENTS)


@given(
    event=st.sampled_from(DECIDING_EVENTS),
    decision=st.text(max_size=8).filter(lambda d: d not in ("allow", "deny", "ask", "defer")),
    where=st.sampled_from(["specific", "top"]),
)
def test_an_invalid_decision_denies_even_with_on_failure_continue(
    event: str, decision: str, where: str
) -> None:
    answer: dict[str, Any] = (
        {"hookSpecificOutput": {"hookEventName": event, "permissionDecision": decision}}
        if where == "specific"
        else {"decision": decision}
    )
    assume(answer != {"decision": "approve"} and answer != {"decision": "block"})

    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> Any:
        return answer

    registry = _registry(event, hook, on_failure="continue")
    request = HookCallbackRequest(
        callback_id="hook_0", input=UnknownHookInput(raw={"hook_event_name": event})
    )
    with pytest.raises(InvalidHookAnswerError) as raised:
        trio.run(registry.answer, request)
    assert raised.value.decides
    denied = registry.failure_answer(request, raised.value)
    assert isinstance(denied, SyncHookOutput)
    sent = wire.unstructure(denied)["hookSpecificOutput"]
    assert sent["hookEventName"] == event
    assert "deny" in (sent.get("permissionDecision"), sent.get("decision", {}).get("behavior"))


def test_the_fail_closed_events_are_those_whose_answer_can_decide() -> None:
    deciding = {
        cls.hook_event_name
        for cls in HOOK_SPECIFIC_OUTPUT_CLASSES
        if any(field.name in PERMISSION_DECISION_FIELDS for field in attrs.fields(cls))
    }
    assert deciding == FAIL_CLOSED_EVENTS
    blocking = {event for event in get_args(HookEvent) if failure_policy(event, None) == "block"}
    assert blocking == FAIL_CLOSED_EVENTS


# -- control requests of subtypes this version does not know ------------------------------------------


@given(subtype=NEW_SUBTYPES, fields=json_objects(), answer=json_objects())
def test_an_unknown_control_subtype_and_its_answer_pass_unchanged(
    subtype: str, fields: dict[str, Any], answer: dict[str, Any]
) -> None:
    body = {**fields, "subtype": subtype}
    # Ours, sent as written; the CLI's answer handed back as it came (no class to type it as).
    sent = wire.loads(
        wire.encode_line(ControlRequest(request_id="r1", request=UnknownControlRequest(raw=body)))
    )
    assert sent["request"] == body
    assert wire.converter.response_types.get(UnknownControlRequest) is None
    reply = {
        "type": "control_response",
        "response": {"subtype": "success", "request_id": "r1", "response": answer},
    }
    decoded = wire.decode_line(wire.dumps(reply))
    assert isinstance(decoded, ControlResponse) and isinstance(decoded.response, ControlSuccess)
    assert decoded.response.response == answer
    # The CLI's: kept whole, answered "unsupported" (which grants nothing), never a crash.
    frame = wire.decode_line(wire.dumps({"type": "control_request", "request_id": "c1", "request": body}))
    assert isinstance(frame, ControlRequest) and isinstance(frame.request, UnknownControlRequest)
    assert frame.request.raw == body and frame.request.subtype == subtype
    handlers = InboundHandlers(ClaudeAgentOptions())
    assert isinstance(trio.run(handlers.answer, frame.request, subtype), Unsupported)
    assert (
        wire.encode_line(frame)
        == wire.dumps({"type": "control_request", "request_id": "c1", "request": body}) + b"\n"
    )
