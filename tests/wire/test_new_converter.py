"""A converter made by ``make_converter()`` converts like the package's own: every captured line, the
union aliases, the request tables, the misfits.

The package's converter is built when ``trio_claude.wire`` is imported; these tests build a new one inside
the test, so that what the constructor sets up (the tag dispatchers, the value hooks, the request tables)
is checked where it runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from trio_claude import model as m
from trio_claude.wire import WireConverter, converter, make_converter
from trio_claude.wire._converter import Malformed
from trio_claude.wire._tags import CONTROL_SUBTYPES

WIRE = Path(__file__).resolve().parents[1] / "data" / "wire"
TRANSCRIPTS = sorted((WIRE / "transcripts").glob("*.[0-9][0-9][0-9].jsonl"))


def captured_frames() -> list[Any]:
    frames = []
    for path in TRANSCRIPTS:
        for line in path.read_bytes().splitlines():
            record = orjson.loads(line)
            if record.get("dir") in ("sdk->cli", "cli->sdk") and "msg" in record:
                frames.append(record["msg"])
    return frames


@pytest.fixture
def new() -> WireConverter:
    made = make_converter()
    assert isinstance(made, WireConverter) and made is not converter
    return made


def test_a_new_converter_types_every_captured_line_like_the_packages(new: WireConverter) -> None:
    frames = captured_frames()
    assert len(frames) > 1000
    for msg in frames:
        frame = new.structure_frame(msg)
        assert frame == converter.structure_frame(msg), msg
        assert type(frame) is type(converter.structure_frame(msg))
        assert new.unstructure_frame(frame) == msg
        assert new.structure(msg, m.Frame) == frame
        assert new.unstructure(frame, m.Frame) == msg


def test_a_new_converter_knows_each_requests_subtype_and_answer_type(new: WireConverter) -> None:
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
    new: WireConverter,
    alias: Any,
    value: dict[str, Any],
    member: type,
    odd: dict[str, Any],
    unknown: type | None,
) -> None:
    assert alias in new.unions
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
        assert type(kept) is unknown and kept.raw == odd
        assert new.unstructure(kept, alias) == odd


def test_a_new_converter_tells_sync_from_async_hook_outputs(new: WireConverter) -> None:
    alias = m.SyncHookOutput | m.AsyncHookOutput
    assert new.structure({"async": True, "asyncTimeout": 5}, alias) == m.AsyncHookOutput(async_timeout=5)
    assert new.structure({"decision": "block"}, alias) == m.SyncHookOutput(decision="block")
    assert new.structure({"async": False}, alias) == m.SyncHookOutput(extra={"async": False})
    with pytest.raises(Malformed):
        new.structure({"decision": 3}, alias)


def test_a_new_converter_keeps_values_exactly_as_parsed(new: WireConverter) -> None:
    value = {"type": "tool_progress", "tool_use_id": "t", "tool_name": "Bash", "elapsed_time_seconds": 2}
    frame = new.structure_frame(value)
    assert frame.elapsed_time_seconds == 2 and type(frame.elapsed_time_seconds) is int
    misfit = new.structure_frame({**value, "elapsed_time_seconds": "2"})
    assert isinstance(misfit, m.UnknownMessage)
    assert misfit.error == "ToolProgressMessage.elapsed_time_seconds: expected a number, got str"


def test_a_new_converter_refuses_what_is_not_a_wire_class(new: WireConverter) -> None:
    with pytest.raises(TypeError, match=r"^<class 'int'> is not a wire class$"):
        new.wire_structure_hook(int)
    assert new.wire_structure_hook(m.TextBlock)(BLOCK, m.TextBlock) == m.TextBlock(text="hi")
