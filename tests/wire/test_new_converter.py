"""A converter made by ``make_converter()`` converts like the package's own: every captured line, the
union aliases, the request tables, the misfits.

The package's converter is built when ``trio_claude.wire`` is imported; these tests build a new one inside
the test, so that what the constructor sets up (the tag dispatchers, the value hooks, the request tables)
is checked where it runs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import orjson
import pytest

from trio_claude import model as m
from trio_claude.wire import WireConverter, converter as package_converter, make_converter
from trio_claude.wire._converter import Malformed
from trio_claude.wire._tags import CONTROL_SUBTYPES

#: The package's converter (typed loosely: the tests pass union aliases and read fields of any frame).
converter: Any = package_converter

WIRE = Path(__file__).resolve().parents[1] / "data" / "wire"
TRANSCRIPTS = sorted((WIRE / "transcripts").glob("*.[0-9][0-9][0-9].jsonl"))


def captured_frames() -> list[Any]:
    frames: list[Any] = []
    for path in TRANSCRIPTS:
        for line in path.read_bytes().splitlines():
            record = orjson.loads(line)
            if record.get("dir") in ("sdk->cli", "cli->sdk") and "msg" in record:
                frames.append(record["msg"])
    return frames


@pytest.fixture
def new() -> WireConverter:
    made = make_converter()
    assert isinstance(made, WireConverter) and made is not package_converter
    return made


def test_a_new_converter_types_every_captured_line_like_the_packages(new: Any) -> None:
    frames = captured_frames()
    assert len(frames) > 1000
    for msg in frames:
        frame = new.structure_frame(msg)
        assert frame == converter.structure_frame(msg), msg
        assert type(frame) is type(converter.structure_frame(msg))
        assert new.unstructure_frame(frame) == msg
        assert new.structure(msg, m.Frame) == frame
        assert new.unstructure(frame, m.Frame) == msg


def test_a_new_converter_knows_each_requests_subtype_and_answer_type(new: Any) -> None:
    assert new.control_subtypes == {cls: subtype for subtype, cls in CONTROL_SUBTYPES.items()}
    assert new.control_subtypes[m.InitializeRequest] == "initialize"
    assert new.response_types == converter.response_types
    assert new.response_types[m.InitializeRequest] is m.InitializeResponse
    assert new.response_types[m.McpStatusRequest] is m.McpStatusResponse
    assert m.InterruptRequest in new.response_types
    assert m.CanUseToolRequest in new.response_types


BLOCK = {"type": "text", "text": "hi"}
UPDATE = {"type": "setMode", "mode": "plan", "destination": "session"}
HOOK_INPUT = {
    "hook_event_name": "Stop",
    "session_id": "s",
    "transcript_path": "/t",
    "cwd": "/",
    "stop_hook_active": False,
}

#: Each union alias, a value of a known member, that member, and a value of no known member.
UNIONS: list[tuple[Any, dict[str, Any], type, dict[str, Any], type | None]] = [
    (m.ContentBlock, BLOCK, m.TextBlock, {"type": "newer_block"}, m.UnknownBlock),
    (
        m.ControlRequestPayload,
        {"subtype": "interrupt"},
        m.InterruptRequest,
        {"subtype": "x"},
        m.UnknownControlRequest,
    ),
    (m.PermissionUpdate, UPDATE, m.SetModeUpdate, {"type": "newerUpdate"}, m.UnknownPermissionUpdate),
    (m.HookInput, HOOK_INPUT, m.StopHookInput, {"hook_event_name": "Newer"}, m.UnknownHookInput),
    (
        m.HookSpecificOutput,
        {"hookEventName": "PreToolUse", "permissionDecision": "deny"},
        m.PreToolUseHookSpecificOutput,
        {"hookEventName": "Newer"},
        m.UnknownHookSpecificOutput,
    ),
    (m.PermissionResult, {"behavior": "allow"}, m.PermissionResultAllow, {"behavior": "maybe"}, None),
    (
        m.ControlSuccess | m.ControlError,
        {"subtype": "error", "request_id": "r", "error": "e"},
        m.ControlError,
        {"subtype": "later"},
        None,
    ),
]


@pytest.mark.parametrize(("alias", "value", "member", "odd", "unknown"), UNIONS, ids=lambda x: "")
def test_a_new_converter_dispatches_each_union_alias(
    new: Any,
    alias: Any,
    value: dict[str, Any],
    member: type,
    odd: dict[str, Any],
    unknown: type | None,
) -> None:
    assert any(is_alias(alias) for is_alias in new._is_union)
    obj = new.structure(value, alias)
    assert type(obj) is member
    assert obj == converter.structure(value, alias)
    assert new.unstructure(obj, alias) == value
    assert new.wire_structure_hook(alias)(value, alias) == obj
    if unknown is None:
        with pytest.raises(Malformed):
            new.structure(odd, alias)
    else:
        kept = new.structure(odd, alias)
        assert (type(kept), kept.raw) == (unknown, odd)
        assert new.unstructure(kept, alias) == odd


def test_a_new_converter_tells_sync_from_async_hook_outputs(new: Any) -> None:
    alias = m.SyncHookOutput | m.AsyncHookOutput
    assert new.structure({"async": True, "asyncTimeout": 5}, alias) == m.AsyncHookOutput(async_timeout=5)
    assert new.structure({"decision": "block"}, alias) == m.SyncHookOutput(decision="block")
    assert new.structure({"async": False}, alias) == m.SyncHookOutput(extra={"async": False})
    with pytest.raises(Malformed):
        new.structure({"decision": 3}, alias)


def test_a_new_converter_keeps_an_unknown_system_subtype_and_a_misfit_hot_frame_raw(new: Any) -> None:
    odd = {"type": "system", "subtype": "newer", "x": 1}
    kept = new.structure_frame(odd)
    assert (type(kept), kept.raw, kept.error) == (m.UnknownSystemMessage, odd, None)
    # an assistant message is typed by a hand-tuned function: a missing key is named all the same
    broken = {"type": "assistant", "session_id": "s", "parent_tool_use_id": None}
    misfit = new.structure_frame(broken)
    assert (type(misfit), misfit.raw) == (m.UnknownMessage, broken)
    assert misfit.error == "AssistantMessage.message: missing key message"


def test_a_new_converter_keeps_a_part_its_class_refuses_raw_with_the_reason(new: Any) -> None:
    sideways = {"type": "setMode", "mode": "sideways", "destination": "session"}
    modes = "'default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk', 'auto'"
    for _ in range(2):  # the first value of a tag binds its functions; the second takes them as bound
        kept = new.structure(sideways, m.PermissionUpdate)
        assert (type(kept), kept.raw) == (m.UnknownPermissionUpdate, sideways)
        assert kept.error == f"SetModeUpdate: mode must be one of {modes}, not 'sideways'"


def test_a_new_converter_keeps_values_exactly_as_parsed(new: Any) -> None:
    value = {"type": "tool_progress", "tool_use_id": "t", "tool_name": "Bash", "elapsed_time_seconds": 2}
    frame = new.structure_frame(value)
    assert frame.elapsed_time_seconds == 2 and type(frame.elapsed_time_seconds) is int
    misfit = new.structure_frame({**value, "elapsed_time_seconds": "2"})
    assert isinstance(misfit, m.UnknownMessage)
    assert misfit.error == "ToolProgressMessage.elapsed_time_seconds: expected a number, got str"


def test_a_new_converter_refuses_what_is_not_a_wire_class(new: Any) -> None:
    with pytest.raises(TypeError, match=r"^<class 'int'> is not a wire class$"):
        new.wire_structure_hook(int)
    assert new.wire_structure_hook(m.TextBlock)(BLOCK, m.TextBlock) == m.TextBlock(text="hi")


RESULT = {
    "type": "result",
    "subtype": "success",
    "is_error": False,
    "duration_ms": 1,
    "duration_api_ms": 1.5,
    "num_turns": 1,
    "session_id": "s",
}


@pytest.mark.parametrize(
    ("edit", "error"),
    [
        ({"subtype": 3}, "ResultMessage.subtype: expected str, got int"),
        ({"subtype": None}, "ResultMessage.subtype: expected str, got NoneType"),
        ({"is_error": 1}, "ResultMessage.is_error: expected bool, got int"),
        ({"num_turns": True}, "ResultMessage.num_turns: expected int, got bool"),
        ({"num_turns": 1.0}, "ResultMessage.num_turns: expected int, got float"),
        ({"duration_ms": "1"}, "ResultMessage.duration_ms: expected a number, got str"),
        ({"duration_ms": None}, "ResultMessage.duration_ms: expected a number, got NoneType"),
        ({"duration_ms": True}, "ResultMessage.duration_ms: expected a number, got bool"),
        ({"total_cost_usd": "x"}, "ResultMessage.total_cost_usd: expected a number, got str"),
        ({"stop_reason": 3}, "ResultMessage.stop_reason: expected str, got int"),
        ({"errors": ["a", 3]}, "ResultMessage.errors[]: expected str, got int"),
    ],
)
def test_a_scalar_of_the_wrong_json_type_is_named(new: Any, edit: dict[str, Any], error: str) -> None:
    for conv in (new, converter):
        frame = conv.structure_frame({**RESULT, **edit})
        assert isinstance(frame, m.UnknownMessage)
        assert frame.error == error


@pytest.mark.parametrize(
    "edit",
    [
        {},
        {"total_cost_usd": None, "stop_reason": None},  # explicit nulls of optional fields
        {"total_cost_usd": 2, "duration_ms": 2.5, "num_turns": 0},
        {"stop_reason": "end_turn", "is_error": True, "errors": ["e"]},
    ],
)
def test_scalars_of_the_right_json_type_are_kept_as_parsed(new: Any, edit: dict[str, Any]) -> None:
    value = {**RESULT, **edit}
    frame = new.structure_frame(value)
    assert isinstance(frame, m.ResultMessage)
    assert frame == converter.structure_frame(value)
    for key, item in value.items():
        if key != "type" and item is not None:
            assert type(getattr(frame, key)) is (m.FrozenList if isinstance(item, list) else type(item)), key
    assert new.unstructure_frame(frame) == value


AGENT = {"description": "d", "prompt": "p"}


@pytest.mark.parametrize(
    ("edit", "field", "typed"),
    [
        ({"effort": 3}, "effort", 3),
        ({"effort": "high"}, "effort", "high"),
        (
            {"mcpServers": ["a", {"b": {"command": "x"}}]},
            "mcp_servers",
            m.FrozenList(["a", {"b": {"command": "x"}}]),
        ),
    ],
)
def test_a_union_field_takes_each_of_its_json_types(
    new: Any, edit: dict[str, Any], field: str, typed: object
) -> None:
    agent = new.structure({**AGENT, **edit}, m.AgentDefinitionConfig)
    assert getattr(agent, field) == typed
    assert type(getattr(agent, field)) is type(typed)
    assert new.unstructure(agent) == {**AGENT, **edit}


@pytest.mark.parametrize(
    ("edit", "error"),
    [
        ({"effort": True}, "AgentDefinitionConfig.effort: unexpected bool"),
        ({"effort": 1.5}, "AgentDefinitionConfig.effort: unexpected float"),
        ({"mcpServers": ["a", 3]}, "AgentDefinitionConfig.mcp_servers[]: unexpected int"),
        ({"mcpServers": "a"}, "AgentDefinitionConfig.mcp_servers: expected an array"),
    ],
)
def test_a_union_field_refuses_other_json_types(new: Any, edit: dict[str, Any], error: str) -> None:
    with pytest.raises(Malformed, match=rf"^{re.escape(error)}$"):
        new.structure({**AGENT, **edit}, m.AgentDefinitionConfig)


def test_unions_of_scalars_arrays_and_classes_can_be_written_no_others(new: Any) -> None:
    from trio_claude.wire._values import union_unhook

    lookup = new.get_unstructure_hook
    assert union_unhook(str | int, lookup)("x") == "x"
    block = m.TextBlock(text="hi")
    either = union_unhook(m.TextBlock | str, lookup)
    assert (either("x"), either(block)) == ("x", {"type": "text", "text": "hi"})
    many = union_unhook(tuple[m.TextBlock, ...] | m.TextBlock, lookup)
    assert many((block,)) == [{"type": "text", "text": "hi"}]
    assert many(block) == {"type": "text", "text": "hi"}
    tp = dict[str, m.TextBlock] | str  # a mapping of classes: nothing tells which alternative a value is
    with pytest.raises(TypeError, match=rf"^unsupported union {re.escape(repr(tp))}$"):
        union_unhook(tp, lookup)


INIT = {"subtype": "initialize"}


@pytest.mark.parametrize(
    ("edit", "error"),
    [
        ({"toolAliases": 3}, "InitializeRequest.tool_aliases: expected an object"),
        ({"toolAliases": {"a": "b", "c": 3}}, "InitializeRequest.tool_aliases[]: expected str, got int"),
        ({"hooks": {"PreToolUse": 3}}, "InitializeRequest.hooks[]: expected an array"),
        (
            {"hooks": {"Stop": [{"hookCallbackIds": [1]}]}},
            "HookMatcherConfig.hook_callback_ids[]: expected str, got int",
        ),
    ],
)
def test_an_object_field_names_where_inside_it_a_value_misfits(
    new: Any, edit: dict[str, Any], error: str
) -> None:
    with pytest.raises(Malformed, match=rf"^{re.escape(error)}$"):
        new.structure({**INIT, **edit}, m.InitializeRequest)


def test_object_fields_type_their_values(new: Any) -> None:
    value = {
        **INIT,
        "toolAliases": {"a": "b"},
        "hooks": {"Stop": [{"hookCallbackIds": ["h"]}]},
        "sdkMcpServers": None,
    }
    request = new.structure(value, m.InitializeRequest)
    assert request.tool_aliases == {"a": "b"}
    assert request.hooks == {"Stop": (m.HookMatcherConfig(hook_callback_ids=("h",)),)}
    assert request.extra == {"sdkMcpServers": None}
    assert new.unstructure(request) == value


def test_a_required_object_field_refuses_null(new: Any) -> None:
    request = {"subtype": "can_use_tool", "tool_name": "Bash", "input": None}
    frame = new.structure_frame({"type": "control_request", "request_id": "r", "request": request})
    assert isinstance(frame, m.ControlRequest)
    assert isinstance(frame.request, m.UnknownControlRequest)
    assert frame.request.raw == request
    assert frame.request.error == "CanUseToolRequest.input: expected an object"


@pytest.mark.parametrize(
    ("content", "typed"),
    [
        ("hi", "hi"),
        ([{"type": "text", "text": "a"}], m.FrozenList([m.TextBlock(text="a")])),
        ([{"type": "newer"}], m.FrozenList([m.UnknownBlock(raw={"type": "newer"})])),
    ],
)
def test_a_string_or_array_field_types_each_form(new: Any, content: Any, typed: object) -> None:
    value = {"type": "user", "message": {"role": "user", "content": content}, "parent_tool_use_id": None}
    frame = new.structure_frame(value)
    assert isinstance(frame, m.UserMessage)
    assert frame.message.content == typed
    assert type(frame.message.content) is type(typed)
    assert new.unstructure_frame(frame) == value
    odd = new.structure_frame({**value, "message": {"role": "user", "content": 3}})
    assert isinstance(odd, m.UnknownMessage)
    assert odd.error == "UserMessageParam.content: unexpected int"


def test_a_union_of_unsupported_members_is_refused_when_its_hook_is_made(new: Any) -> None:
    from trio_claude.wire._values import union_hook

    with pytest.raises(TypeError, match=r"^unsupported union member <class 'float'>$"):
        union_hook(str | float, new.get_structure_hook)
