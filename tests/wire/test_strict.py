"""``structure_strict`` on nested values: where each problem is, named by its wire path, and what it is.

(The top-level cases are in test_api_errors.py.)
"""

from __future__ import annotations

from typing import Any

import pytest

from trio_claude import model as m, wire
from trio_claude.wire import MalformedError

MODES = "'default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk', 'auto'"


def problems(value: Any, cls: Any) -> list[str]:
    with pytest.raises(MalformedError) as caught:
        wire.structure_strict(value, cls)
    assert caught.value.value is value
    return str(caught.value).split("; ")


@pytest.mark.parametrize(
    ("value", "cls", "expected"),
    [
        # an unknown part, at the top and nested: its tag, or why it is not one
        ({"type": "newerBlock"}, m.ContentBlock, ["value: unknown type 'newerBlock'"]),
        ({"hookEventName": "Newer"}, m.HookSpecificOutput, ["value: unknown hookEventName 'Newer'"]),
        (
            {"hookSpecificOutput": {"hookEventName": "Newer", "additionalContext": "c"}},
            m.SyncHookOutput,
            ["hookSpecificOutput: unknown hookEventName 'Newer'"],
        ),
        (
            # the first tag key that is there names the part
            {"hookSpecificOutput": {"type": "t", "subtype": "s", "behavior": "b"}},
            m.SyncHookOutput,
            ["hookSpecificOutput: unknown type 't'"],
        ),
        (
            {"hookSpecificOutput": {"subtype": "s", "behavior": "b"}},
            m.SyncHookOutput,
            ["hookSpecificOutput: unknown subtype 's'"],
        ),
        ({"behavior": "maybe", "x": 1}, m.PermissionUpdate, ["value: unknown behavior 'maybe'"]),
        (
            {"hookSpecificOutput": {"additionalContext": "c"}},
            m.SyncHookOutput,
            ["hookSpecificOutput: no tag key (hookEventName, type, subtype or behavior)"],
        ),
        (
            {"role": "user", "content": ["text"]},
            m.UserMessageParam,
            ["content[0]: expected an object, got str"],
        ),
        # a part of a known tag that does not fit: why not
        (
            {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": 3}},
            m.SyncHookOutput,
            ["hookSpecificOutput: PreToolUseHookSpecificOutput.permission_decision: expected str, got int"],
        ),
        # inside arrays: the index; the known keys include the tags
        (
            {
                "role": "user",
                "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b", "bogus": 1}],
            },
            m.UserMessageParam,
            ["content[1].bogus: unknown key (known: citations, text, type)"],
        ),
        (
            {"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "newer"}]},
            m.UserMessageParam,
            ["content[1]: unknown type 'newer'"],
        ),
        # a Literal field (required, not optional) holding another value
        (
            {"action": "maybe"},
            m.ElicitationResponse,
            ["action: 'maybe' is not one of 'accept', 'decline', 'cancel'"],
        ),
        ({"behavior": "x"}, m.UserDialogResponse, ["behavior: 'x' is not one of 'completed', 'cancelled'"]),
    ],
)
def test_each_problem_is_named_by_its_wire_path(value: Any, cls: Any, expected: list[str]) -> None:
    assert problems(value, cls) == expected


def test_the_keyword_spellings_of_a_union_of_hook_outputs_are_taken() -> None:
    alias = m.SyncHookOutput | m.AsyncHookOutput
    assert wire.structure_strict({"async_": True, "asyncTimeout": 5}, alias) == m.AsyncHookOutput(
        async_timeout=5
    )
    assert wire.structure_strict({"continue_": False}, alias) == m.SyncHookOutput(continue_=False)


def test_only_keyword_keys_have_a_python_spelling() -> None:
    # suppress_output is the Python name of suppressOutput, but not a keyword: a typo, not an alias
    assert problems({"suppress_output": True}, m.SyncHookOutput)[0].startswith("suppress_output: unknown key")


# --- values the model's own validators refuse --------------------------------------------------------------

SIDEWAYS = {"type": "setMode", "mode": "sideways", "destination": "session"}
REFUSED = f"SetModeUpdate: mode must be one of {MODES}, not 'sideways'"


def test_a_line_holding_a_value_a_model_class_refuses_decodes_to_an_unknown_part() -> None:
    # A newer CLI's permission mode in a suggestion: the line still decodes, the update is kept raw.
    line = (
        b'{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool","tool_name":"Bash",'
        b'"input":{},"permission_suggestions":[{"type":"setMode","mode":"sideways","destination":"session"}]}}'
    )
    frame = wire.decode_line(line)
    assert isinstance(frame, m.ControlRequest) and isinstance(frame.request, m.CanUseToolRequest)
    suggestions = frame.request.permission_suggestions
    assert suggestions is not None and len(suggestions) == 1
    update = suggestions[0]
    assert isinstance(update, m.UnknownPermissionUpdate)
    assert update == m.UnknownPermissionUpdate(raw=SIDEWAYS)
    assert update.error == REFUSED
    assert wire.encode_line(frame) == line + b"\n"
    assert wire.decode_value(SIDEWAYS) == m.UnknownMessage(raw=SIDEWAYS)  # (not a frame)


def test_a_value_a_model_class_refuses_is_a_malformed_error_where_its_class_is_asked_for() -> None:
    for structure in (wire.structure, wire.structure_strict):
        with pytest.raises(MalformedError, match=rf"^{REFUSED}$") as caught:
            structure(SIDEWAYS, m.SetModeUpdate)
        assert caught.value.value is SIDEWAYS
    # the union keeps it as an unknown update; the strict reading refuses that
    assert wire.structure(SIDEWAYS, m.PermissionUpdate) == m.UnknownPermissionUpdate(raw=SIDEWAYS)
    assert problems(SIDEWAYS, m.PermissionUpdate) == [f"value: {REFUSED}"]
    with pytest.raises(ValueError, match=rf"^not a permission update: {REFUSED}$"):
        m.PermissionUpdate.from_dict(SIDEWAYS)
