"""The wire face's functions for values written by hand, and what their errors say.

``structure_strict`` (a hook's dict answer), ``check`` (a wire object built in Python), the permission
update's ``from_dict``/``to_dict``, and the encode errors: each names the class it met and keeps the raw
value or the cause.
"""

from __future__ import annotations

import pytest

from trio_claude import model as m, wire
from trio_claude.wire import EncodeError, MalformedError

# --- structure_strict -------------------------------------------------------------------------------------


def test_structure_strict_takes_the_python_spelling_of_keyword_keys() -> None:
    obj = wire.structure_strict({"continue_": False, "decision": "block"}, m.SyncHookOutput)
    assert obj == m.SyncHookOutput(continue_=False, decision="block")
    assert obj.extra == {}
    assert wire.structure_strict({"continue": True}, m.SyncHookOutput) == m.SyncHookOutput(continue_=True)


def test_structure_strict_names_an_unknown_key_and_keeps_the_value() -> None:
    value = {"continue_": False, "bogus": 1}
    with pytest.raises(MalformedError) as caught:
        wire.structure_strict(value, m.SyncHookOutput)
    assert str(caught.value).startswith("bogus: unknown key (known: continue, decision, hookSpecificOutput")
    assert caught.value.value is value


def test_structure_strict_joins_every_problem() -> None:
    value = {"decision": "maybe", "typo": 1, "other": 2}
    with pytest.raises(MalformedError) as caught:
        wire.structure_strict(value, m.SyncHookOutput)
    problems = str(caught.value).split("; ")
    assert len(problems) == 3
    assert problems[0].startswith("typo: unknown key")
    assert problems[1].startswith("other: unknown key")
    assert problems[2] == "decision: 'maybe' is not one of 'approve', 'block'"
    assert caught.value.value is value


def test_structure_strict_refuses_a_key_given_in_both_spellings() -> None:
    value = {"continue_": False, "continue": True}
    with pytest.raises(MalformedError, match=r"^both 'continue' and 'continue' given$") as caught:
        wire.structure_strict(value, m.SyncHookOutput)
    assert caught.value.value is value


def test_structure_strict_reports_a_misfit_like_structure() -> None:
    value = {"continue": "yes"}
    with pytest.raises(
        MalformedError, match=r"^SyncHookOutput\.continue_: expected bool, got str$"
    ) as caught:
        wire.structure_strict(value, m.SyncHookOutput)
    assert caught.value.value is value


def test_structure_strict_refuses_a_class_that_is_not_a_wire_class() -> None:
    with pytest.raises(TypeError, match=r"^<class 'int'> is not a wire class$"):
        wire.structure_strict({}, int)


# --- check ------------------------------------------------------------------------------------------------


def test_check_accepts_a_good_object_with_extra_keys_and_unknown_parts() -> None:
    wire.check(m.SyncHookOutput(decision="block", extra={"newer": 1}))  # no error
    wire.check(m.UserMessageParam(content=(m.UnknownBlock(raw={"type": "newer"}),)))  # no error


def test_check_names_a_bad_literal_and_keeps_the_json() -> None:
    with pytest.raises(MalformedError) as caught:
        wire.check(m.SyncHookOutput(decision="maybe", reason="r"))  # type: ignore[arg-type]
    assert str(caught.value) == "decision: 'maybe' is not one of 'approve', 'block'"
    assert caught.value.value == {"decision": "maybe", "reason": "r"}


def test_check_joins_every_bad_literal() -> None:
    output = m.SyncHookOutput(
        decision="maybe",  # type: ignore[arg-type]
        hook_specific_output=m.PreToolUseHookSpecificOutput(permission_decision="perhaps"),  # type: ignore[arg-type]
    )
    with pytest.raises(MalformedError) as caught:
        wire.check(output)
    assert str(caught.value).split("; ") == [
        "decision: 'maybe' is not one of 'approve', 'block'",
        "hookSpecificOutput.permissionDecision: 'perhaps' is not one of 'allow', 'deny', 'ask', 'defer'",
    ]


def test_check_reports_a_field_that_decoding_would_refuse() -> None:
    with pytest.raises(MalformedError, match=r"^SyncHookOutput\.continue_: expected bool, got str$"):
        wire.check(m.SyncHookOutput(continue_="yes"))  # type: ignore[arg-type]


def test_check_refuses_what_is_not_a_wire_object() -> None:
    with pytest.raises(TypeError, match=r"^3 is not a wire object$"):
        wire.check(3)
    with pytest.raises(TypeError, match=r"^\{'decision': 'block'\} is not a wire object$"):
        wire.check({"decision": "block"})


# --- permission updates -----------------------------------------------------------------------------------


def test_permission_updates_read_and_write_their_wire_form() -> None:
    wire_form = {"type": "setMode", "mode": "plan", "destination": "session"}
    update = m.PermissionUpdate.from_dict(wire_form)
    assert update == m.PermissionUpdate(type="setMode", mode="plan", destination="session")
    assert update.to_dict() == wire_form
    with pytest.raises(
        ValueError, match=r"^not a permission update: SetModeUpdate\.mode: expected str, got int$"
    ):
        m.PermissionUpdate.from_dict({"type": "setMode", "mode": 3})


# --- encode errors ----------------------------------------------------------------------------------------

BAD_FRAME = m.ControlResponse(response=3)  # type: ignore[arg-type]
CAUSE = "<class 'int'> is not a wire class"


@pytest.mark.parametrize("encode", [wire.encode_line, wire.encode_value, wire.unstructure])
def test_an_encode_error_names_the_frame_and_its_cause(encode: object) -> None:
    with pytest.raises(EncodeError) as caught:
        encode(BAD_FRAME)  # type: ignore[operator]
    assert str(caught.value) == f"cannot encode ControlResponse: {CAUSE}"
    assert isinstance(caught.value.__cause__, TypeError)
    assert str(caught.value.__cause__) == CAUSE


def test_unstructure_refuses_what_is_not_a_wire_object() -> None:
    with pytest.raises(EncodeError, match=r"^int is not a wire object$"):
        wire.unstructure(3)
    with pytest.raises(EncodeError, match=r"^dict is not a wire object$"):
        wire.unstructure({})


def test_encode_line_writes_one_line_of_the_frame() -> None:
    assert wire.encode_line(m.KeepAlive()) == b'{"type":"keep_alive"}\n'
    assert wire.encode_line(m.ControlCancelRequest(request_id="r")) == (
        b'{"type":"control_cancel_request","request_id":"r"}\n'
    )
