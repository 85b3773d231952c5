"""Hook code written for the official Python SDK, on the in-memory fake CLI: inputs read by wire key,
answers given as the CLI's JSON dict (checked strictly by the converter), and the official example
bodies of ``official_hooks`` run unchanged.  The real CLI runs them in tests/e2e/test_official_hooks.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import orjson
import pytest
from hypothesis import given, strategies as st
from official_hooks import (
    add_custom_instructions,
    add_prompt_context,
    check_bash_command,
    review_tool_output,
    stop_on_error_hook,
    strict_approval_hook,
)

from trio_claude import (
    ClaudeAgentOptions,
    HookCallback,
    HookContext,
    HookJSONOutput,
    HookMatcher,
    HookOutput,
    open_session,
    wire,
)
from trio_claude._config._hooks import check_hook_event
from trio_claude._handlers._hooks import HookRegistry, checked_output
from trio_claude.model import (
    HookCallbackRequest,
    HookInput,
    JSONObject,
    PermissionRequestHookInput,
    PreToolUseHookSpecificOutput,
    SyncHookOutput,
    UnknownHookInput,
)
from trio_claude.testing import CallHook, FakeCLI, open_fake_cli, strategies

BASE = {
    "session_id": "s-1",
    "transcript_path": "/tmp/s-1.jsonl",
    "cwd": "/work",
    "permission_mode": "default",
}


def pre_tool_use(tool_name: str, tool_input: JSONObject) -> dict[str, Any]:
    return {
        **BASE,
        "hook_event_name": "PreToolUse",
        "tool_name": tool_name,
        "tool_input": dict(tool_input),
        "tool_use_id": "toolu_1",
    }


def post_tool_use(tool_response: object) -> dict[str, Any]:
    return {
        **pre_tool_use("Bash", {"command": "x"}),
        "hook_event_name": "PostToolUse",
        "tool_response": tool_response,
    }


PROMPT = {**BASE, "hook_event_name": "UserPromptSubmit", "prompt": "What's my favorite color?"}


async def _answers(event: str, callback: HookCallback, *inputs: JSONObject, **matcher: Any) -> list[Any]:
    """Run ``callback`` as the ``event`` hook on each input (fake CLI); the answers (a dict for a success,
    the error text for an error)."""
    script = [[CallHook(callback_id="hook_0", input=dict(i)) for i in inputs]]
    async with open_fake_cli(script) as fake:
        options = ClaudeAgentOptions(
            spawn=fake.spawn, hooks={event: [HookMatcher(hooks=[callback], **matcher)]}
        )
        async with open_session(options) as session:
            await session.send("go")
            async for _ in session.receive_response():
                pass
        return _responses(fake)


def _responses(fake: FakeCLI) -> list[Any]:
    out: list[Any] = []
    for request in fake.process.requests:
        response = request.response
        assert response is not None
        out.append(getattr(response, "response", None) or getattr(response, "error", None) or {})
    return out


# -- inputs read by wire key ------------------------------------------------------------------------------


def test_an_input_reads_like_the_cli_json() -> None:
    raw = {
        **BASE,
        "hook_event_name": "PermissionRequest",
        "tool_name": "Bash",
        "tool_input": {"command": "touch x"},
        "permission_suggestions": [
            {
                "type": "addRules",
                "rules": [{"toolName": "Bash"}],
                "behavior": "allow",
                "destination": "session",
            }
        ],
        "brand_new": 1,
    }
    typed: HookInput = wire.structure(raw, cast(Any, HookInput))
    assert isinstance(typed, PermissionRequestHookInput)
    assert typed["tool_name"] == "Bash" and typed.get("tool_input") == {"command": "touch x"}
    assert "tool_name" in typed and "tool_use_id" not in typed and typed.get("tool_use_id") is None
    assert typed["permission_suggestions"] == raw["permission_suggestions"]  # JSON, not typed objects
    assert typed["brand_new"] == 1 and typed["hook_event_name"] == "PermissionRequest"
    assert dict(typed) == raw and dict(typed.items()) == raw and set(typed.keys()) == set(raw)
    assert isinstance(typed, Mapping) and len(typed) == len(raw)
    with pytest.raises(KeyError):
        typed["nope"]
    match typed:  # mapping patterns work too
        case {"tool_name": "Bash", "tool_input": {"command": command}}:
            assert command == "touch x"
        case _:
            pytest.fail("no match")


def test_an_unknown_input_reads_its_raw_json() -> None:
    raw = {"hook_event_name": "BrandNewEvent", "x": [1]}
    assert dict(UnknownHookInput(raw=raw)) == raw and UnknownHookInput(raw=raw)["x"] == [1]
    assert dict(UnknownHookInput(raw=[1, 2])) == {}


@given(strategies.strategy_for(HookInput))
def test_mapping_access_is_the_converter_json(hook_input: HookInput) -> None:
    expected = wire.unstructure(hook_input)
    assert dict(hook_input) == (expected if isinstance(expected, dict) else {})
    for key, value in dict(hook_input).items():
        assert hook_input[key] == value and key in hook_input


# -- answers given as dicts ---------------------------------------------------------------------------------

VALID_DICTS: list[tuple[str, JSONObject, JSONObject]] = [
    ("PreToolUse", {}, {}),
    (
        "PreToolUse",
        {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": "no",
            }
        },
        {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": "no",
            }
        },
    ),
    ("PreToolUse", {"continue": False, "stopReason": "enough"}, {"continue": False, "stopReason": "enough"}),
    ("PreToolUse", {"continue_": False, "stopReason": "enough"}, {"continue": False, "stopReason": "enough"}),
    ("PreToolUse", {"async_": True, "asyncTimeout": 5000}, {"async": True, "asyncTimeout": 5000}),
    ("PreToolUse", {"async": True}, {"async": True}),
    ("PreToolUse", {"decision": "block", "reason": "policy"}, {"decision": "block", "reason": "policy"}),
    (
        "PermissionRequest",
        {
            "hookSpecificOutput": {
                "hookEventName": "PermissionRequest",
                "decision": {"behavior": "deny", "message": "no"},
            }
        },
        {
            "hookSpecificOutput": {
                "hookEventName": "PermissionRequest",
                "decision": {"behavior": "deny", "message": "no"},
            }
        },
    ),
    ("Stop", {"decision": "block", "reason": "go on"}, {"decision": "block", "reason": "go on"}),
]


@pytest.mark.parametrize(("event", "answer", "sent"), VALID_DICTS)
async def test_a_dict_answer_is_sent_in_wire_form(event: str, answer: JSONObject, sent: JSONObject) -> None:
    async def hook(input_data: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
        return answer

    hook_input = {
        **pre_tool_use("Bash", {"command": "ls"}),
        "hook_event_name": event,
        "stop_hook_active": False,
    }
    if event == "PermissionRequest":
        del hook_input["tool_use_id"]
    assert await _answers(event, hook, hook_input) == [sent]


#: Invalid answers to a PreToolUse hook: the problem named, and whether the answer carries a permission
#: decision (a ``decision`` or ``permissionDecision`` key: it then fails closed whatever ``on_failure`` says).
INVALID_DICTS: list[tuple[JSONObject, str, bool]] = [
    (
        {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "Deny"}},
        "'Deny' is not one of",
        True,
    ),
    (
        {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permisionDecision": "deny"}},
        "permisionDecision: unknown key",
        False,
    ),
    ({"hookSpecificOutput": {"permissionDecision": "deny"}}, "no tag key", True),
    (
        {"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "x"}},
        "a PostToolUse hookSpecificOutput to a PreToolUse event",
        False,
    ),
    ({"hookSpecificOutput": {"hookEventName": "Nope"}}, "unknown hookEventName 'Nope'", False),
    ({"continue": "no"}, "continue_: expected bool", False),
    ({"continue": False, "continue_": True}, "both 'continue' and 'continue_'", False),
    ({"decision": "deny"}, "decision: 'deny' is not one of 'approve', 'block'", True),
    ({"permissionDecision": "deny"}, "permissionDecision: unknown key", True),
    ({"async": True, "continue": False}, "continue: unknown key", False),
]


@pytest.mark.parametrize(("answer", "problem", "decides"), INVALID_DICTS)
async def test_an_invalid_dict_is_a_failed_hook(answer: JSONObject, problem: str, decides: bool) -> None:
    async def hook(input_data: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
        return answer

    # PreToolUse fails closed: a deny that names the problem.
    [denied] = await _answers("PreToolUse", hook, pre_tool_use("Bash", {"command": "ls"}))
    specific = denied["hookSpecificOutput"]
    assert specific["permissionDecision"] == "deny"
    assert specific["permissionDecisionReason"].startswith(
        "Denied: the PreToolUse hook failed (InvalidHookAnswerError: hook "
    )
    assert problem in specific["permissionDecisionReason"]
    # With the CLI's behaviour chosen, an error answer names it; but an answer meant to decide denies.
    [error] = await _answers(
        "PreToolUse", hook, pre_tool_use("Bash", {"command": "ls"}), on_failure="continue"
    )
    if decides:
        assert error == denied
    else:
        assert isinstance(error, str) and problem in error


@given(strategies.strategy_for(HookOutput))
def test_strict_typing_of_a_json_answer_is_exact_or_an_error(output: HookOutput) -> None:
    # No silent misread: the JSON of any output is either typed back exactly, or rejected.
    value = wire.unstructure(output)
    try:
        typed = wire.structure_strict(value, HookOutput)
    except wire.MalformedError:
        return
    assert typed == output and wire.unstructure(typed) == value


@given(strategies.json_objects())
def test_strict_typing_of_any_dict_keeps_every_key_or_fails(value: dict[str, Any]) -> None:
    try:
        typed = wire.structure_strict(value, HookOutput)
    except wire.MalformedError:
        return
    assert wire.unstructure(typed) == value


# -- the official example bodies, unchanged -------------------------------------------------------------


async def test_official_check_bash_command() -> None:
    answers = await _answers(
        "PreToolUse",
        check_bash_command,
        pre_tool_use("Bash", {"command": "./foo.sh --help"}),
        pre_tool_use("Bash", {"command": "echo 'Hello from hooks example!'"}),
        pre_tool_use("Read", {"file_path": "/x"}),
    )
    assert answers == [
        {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": "Command contains invalid pattern: foo.sh",
            }
        },
        {},
        {},
    ]


async def test_official_strict_approval_hook() -> None:
    answers = await _answers(
        "PreToolUse",
        strict_approval_hook,
        pre_tool_use("Write", {"file_path": "important_config.txt", "content": "x"}),
        pre_tool_use("Write", {"file_path": "regular_file.txt", "content": "x"}),
    )
    assert [a["hookSpecificOutput"]["permissionDecision"] for a in answers] == ["deny", "allow"]
    assert answers[0]["systemMessage"] == "Write operation blocked by security policy"


async def test_official_review_tool_output_and_stop_on_error() -> None:
    [review, quiet] = await _answers(
        "PostToolUse",
        review_tool_output,
        post_tool_use({"stderr": "ls: No such file: error"}),
        post_tool_use("ok"),
    )
    assert review["hookSpecificOutput"]["additionalContext"].startswith("The command encountered")
    assert quiet == {}
    [stop, go_on] = await _answers(
        "PostToolUse",
        stop_on_error_hook,
        post_tool_use({"stdout": "CRITICAL ERROR: system failure"}),
        post_tool_use({"stdout": "fine"}),
    )
    assert stop == {
        "continue": False,
        "stopReason": "Critical error detected in tool output - execution halted for safety",
        "systemMessage": "Execution stopped due to critical error",
    }
    assert go_on == {"continue": True}


async def test_official_add_custom_instructions_mismatch_is_rejected() -> None:
    # The official example answers a UserPromptSubmit event with a SessionStart output, which kills the
    # real CLI; here it is a failed hook (an error answer: no opinion for UserPromptSubmit).
    [error] = await _answers("UserPromptSubmit", add_custom_instructions, PROMPT)
    assert isinstance(error, str) and "a SessionStart hookSpecificOutput to a UserPromptSubmit event" in error
    [context] = await _answers("UserPromptSubmit", add_prompt_context, PROMPT)
    assert context == {
        "hookSpecificOutput": {
            "hookEventName": "UserPromptSubmit",
            "additionalContext": "My favorite color is hot pink",
        }
    }


# -- HookMatcher accepts the official forms and rejects the rest at once ------------------------------------


def test_hook_matcher_positional_like_the_official_dataclass() -> None:
    matcher = HookMatcher("Bash", [check_bash_command], 30)
    assert matcher == HookMatcher(matcher="Bash", hooks=(check_bash_command,), timeout=30)


def _sync_hook(input_data: HookInput, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
    return {}


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"hooks": check_bash_command}, TypeError, "takes a list of async callbacks"),
        ({"hooks": "check"}, TypeError, "takes a list of async callbacks"),
        ({"hooks": [42]}, TypeError, "42 is not callable"),
        ({"hooks": [_sync_hook]}, TypeError, "_sync_hook must be an async function"),
        ({"matcher": 3}, TypeError, "'matcher' must be <class 'str'>"),
        ({"timeout": 0}, ValueError, "positive number of seconds"),
        ({"timeout": float("inf")}, ValueError, "positive number of seconds"),
        ({"timeout": "30"}, ValueError, "positive number of seconds"),
        ({"on_failure": "deny"}, ValueError, "'on_failure' must be in"),
    ],
)
def test_hook_matcher_rejects_bad_values(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        HookMatcher(**kwargs)


@pytest.mark.parametrize("event", ["PretoolUse", "pre_tool_use", "PreToolUses", "permissionrequest", "Stopp"])
def test_a_misspelt_event_fails_at_once(event: str) -> None:
    # The CLI silently ignores an event name it does not know: a policy hook under a typo would never run.
    with pytest.raises(ValueError, match=f"hooks key: unknown event {event!r}; did you mean"):
        ClaudeAgentOptions(hooks={event: [HookMatcher(hooks=[check_bash_command])]})


def test_unknown_event_names_of_newer_clis_pass() -> None:
    check_hook_event("BrandNewEvent")
    with pytest.raises(TypeError, match="an event name is a string"):
        check_hook_event(3)  # type: ignore[arg-type]


@st.composite
def _perturbed_answers(draw: st.DrawFn) -> object:
    """The JSON of a valid hook output with one key misspelt or one value replaced."""
    value = wire.unstructure(draw(strategies.strategy_for(HookOutput)))
    assert isinstance(value, dict)
    answer = dict(cast("dict[str, Any]", value))
    if not answer:
        return answer
    key = draw(st.sampled_from(sorted(answer)))
    if draw(st.booleans()):
        answer[key + draw(st.sampled_from(["_", "s", "X"]))] = answer.pop(key)
    else:
        answer[key] = draw(strategies.json_values())
    return answer


_PRE_TOOL_USE_REQUEST = HookCallbackRequest(
    callback_id="hook_0", input=wire.structure(pre_tool_use("Bash", {"command": "ls"}), cast(Any, HookInput))
)


@given(
    st.one_of(
        strategies.strategy_for(HookOutput),
        _perturbed_answers(),
        strategies.json_values(),
        strategies.json_objects(),
    )
)
def test_any_answer_of_a_pre_tool_use_hook_is_sent_exactly_or_denied(answer: object) -> None:
    # No silent misread: whatever a PreToolUse hook returns is either sent as it is (a dict: key for key,
    # every key known) or a failed hook, which is a deny.
    registry = HookRegistry({"PreToolUse": [HookMatcher(hooks=[check_bash_command])]})
    try:
        output = checked_output(answer, _PRE_TOOL_USE_REQUEST, "hook")
    except (TypeError, ValueError) as exc:
        denied = registry.failure_answer(_PRE_TOOL_USE_REQUEST, exc)
        assert isinstance(denied, SyncHookOutput)
        assert isinstance(denied.hook_specific_output, PreToolUseHookSpecificOutput)
        assert denied.hook_specific_output.permission_decision == "deny"
        return
    sent = wire.unstructure(output)
    orjson.dumps(sent)
    if isinstance(answer, Mapping):
        given_items = cast("Mapping[str, object]", answer).items()
        renamed = {{"continue_": "continue", "async_": "async"}.get(k, k): v for k, v in given_items}
        assert sent == renamed
        wire.structure_strict(sent, HookOutput)  # and every key of it is one the CLI documents
    else:
        assert answer is None or sent == wire.unstructure(answer)
