"""The face of the wire layer (``trio_claude.wire``): lines in and out, values typed as a class, and the
errors that carry the raw input."""

from __future__ import annotations

import sys
from collections.abc import Generator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import orjson
import pytest

from trio_claude import model as m
from trio_claude.wire import (
    DecodeError,
    MalformedError,
    decode_line,
    decode_value,
    encode_line,
    encode_value,
    structure,
    unstructure,
)

USER_LINE = b'{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null}'


def test_a_line_decodes_from_bytes_or_text_to_the_same_frame() -> None:
    frame = decode_line(USER_LINE)
    assert isinstance(frame, m.UserMessage)
    assert frame.content == "hi"
    assert decode_line(USER_LINE.decode()) == frame
    assert decode_line(USER_LINE + b"\n") == frame  # the newline of a whole line is fine too
    assert decode_value(orjson.loads(USER_LINE)) == frame


def test_a_frame_encodes_as_one_compact_line_ending_in_a_newline() -> None:
    frame = decode_line(USER_LINE)
    line = encode_line(frame)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert b" " not in line  # compact: no space after ":" or ","
    assert orjson.loads(line) == encode_value(frame) == orjson.loads(USER_LINE)
    assert encode_line(m.KeepAlive()) == b'{"type":"keep_alive"}\n'


@pytest.mark.parametrize("line", [b"npm WARN old lockfile", "npm WARN old lockfile", b'{"type":"user"'])
def test_a_line_that_is_not_json_raises_decode_error_with_the_raw_bytes(line: bytes | str) -> None:
    with pytest.raises(DecodeError) as info:
        decode_line(line)
    raw = line.encode() if isinstance(line, str) else line
    assert info.value.line == raw
    assert isinstance(info.value.line, bytes)
    message = str(info.value)
    assert message.startswith("not a JSON line: ")  # what is wrong, then the parser's own words
    assert "line 1 column" in message
    assert isinstance(info.value, ValueError)


def _frame_depth() -> int:
    frame: FrameType | None = sys._getframe()
    depth = 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


@contextmanager
def _little_stack(frames: int) -> Generator[None]:
    """Only ``frames`` more Python frames are allowed inside the block (so nesting runs out of stack)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(_frame_depth() + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def _nested_user_line(levels: int) -> bytes:
    block = b'{"type":"text","text":"x"}'
    for _ in range(levels):
        block = b'{"type":"tool_result","tool_use_id":"t","content":[' + block + b"]}"
    return b'{"type":"user","message":{"role":"user","content":[' + block + b']},"parent_tool_use_id":null}'


def test_a_value_nested_deeper_than_the_stack_stays_raw_json_and_encodes_back_unchanged() -> None:
    line = _nested_user_line(60)
    value = orjson.loads(line)
    assert isinstance(decode_line(line), m.UserMessage)  # with the usual stack, it types
    with _little_stack(40):
        from_line = decode_line(line)
        from_value = decode_value(value)
    expected = m.UnknownMessage(raw=value, error="nested too deeply to type")
    assert from_line == expected
    assert from_value == expected
    # (error takes no part in ==)
    assert isinstance(from_line, m.UnknownMessage) and isinstance(from_value, m.UnknownMessage)
    assert from_line.error == from_value.error == "nested too deeply to type"
    assert encode_line(from_line) == line + b"\n"


def test_structure_types_a_json_value_as_the_class_asked_for() -> None:
    value: dict[str, Any] = {"behavior": "allow", "updatedInput": {"command": "ls"}}
    result = structure(value, m.PermissionResultAllow)
    assert result == m.PermissionResultAllow(updated_input={"command": "ls"})
    assert unstructure(result) == value
    assert structure({"message": "no", "behavior": "deny"}, m.PermissionResultDeny) == m.PermissionResultDeny(
        message="no"
    )


def test_structure_checks_the_tag_of_the_class_asked_for() -> None:
    """A value tagged as another class is refused, not silently typed as the class asked for."""
    deny = {"behavior": "deny", "message": "no"}
    with pytest.raises(MalformedError) as info:
        structure(deny, m.PermissionResultAllow)
    assert info.value.value is deny  # the raw JSON, never lost
    assert "behavior" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_structure_of_a_value_that_does_not_fit_raises_malformed_error_with_the_value() -> None:
    value = {"behavior": "deny"}  # no message
    with pytest.raises(MalformedError) as info:
        structure(value, m.PermissionResultDeny)
    assert info.value.value is value
    assert "message" in str(info.value)


def test_structure_refuses_a_class_that_is_not_a_wire_class() -> None:
    with pytest.raises(TypeError, match=r"^<class 'int'> is not a wire class$"):
        structure({}, int)


def test_unstructure_gives_the_json_value_of_any_wire_object() -> None:
    assert unstructure(m.PermissionResultDeny(message="no", interrupt=True)) == {
        "behavior": "deny",
        "message": "no",
        "interrupt": True,
    }
    assert unstructure(m.KeepAlive()) == {"type": "keep_alive"}
