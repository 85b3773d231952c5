"""Lone UTF-16 surrogates: valid JSON that orjson refuses, read and written losslessly.

Node's ``JSON.stringify`` writes a string cut inside a surrogate pair as ``"\\ud83d"``: the line is valid
JSON and must decode (in order, typed like any other line), and what the SDK writes back — or writes from a
Python string holding a lone surrogate — must be valid UTF-8 JSON that reads back to the same string.

The lines here are written by two writers independent of the SDK: the standard library's ``json.dumps``
with ``ensure_ascii=True`` (every non-ASCII character escaped) and a Node-like one (only lone surrogates
escaped).  A Python string may hold a high and a low surrogate side by side; JSON cannot tell that from the
character they encode, so expected values are normalised through the standard library first.
"""

from __future__ import annotations

import datetime
import decimal
import enum
import json
import re
import uuid
from pathlib import Path
from typing import Any, NamedTuple

import orjson
import pytest
from hypothesis import example, given, strategies as st

from trio_claude import model as m, wire
from trio_claude.wire._json import dumps_lone_surrogates, loads_lone_surrogates

# (built from code points: hypothesis would merge two character strategies and apply the codec to both)
_SURROGATES = st.integers(min_value=0xD800, max_value=0xDFFF).map(chr)
TEXT = st.lists(st.one_of(st.characters(codec="utf-8"), _SURROGATES), max_size=8).map("".join)
"""Strings where a good share of the characters are lone surrogates."""

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    TEXT,
)
JSON = st.recursive(
    _SCALARS,
    lambda children: st.one_of(st.lists(children, max_size=3), st.dictionaries(TEXT, children, max_size=3)),
    max_leaves=8,
)


def node_line(value: Any) -> bytes:
    """``value`` as Node's ``JSON.stringify`` writes it: UTF-8, only lone surrogates escaped."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return re.sub("[\ud800-\udfff]", lambda match: f"\\u{ord(match.group()):04x}", text).encode()


def ascii_line(value: Any) -> bytes:
    """``value`` with every non-ASCII character escaped (surrogate pairs as two escapes)."""
    return json.dumps(value).encode()


def normalised(value: Any) -> Any:
    """What JSON makes of ``value``: adjacent high and low surrogates become the character they encode."""
    return json.loads(json.dumps(value))


def canonical(value: Any) -> str:
    """Equal only for the very same JSON (``1``, ``1.0`` and ``true`` differ; key order does not)."""
    return json.dumps(value, sort_keys=True)


def assert_written_back(frame: m.Frame, expected: Any) -> None:
    """``frame`` encodes to one valid UTF-8 JSON line holding ``expected``, which decodes to ``frame``."""
    line = wire.encode_line(frame)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    text = line.decode("utf-8")  # strict: no surrogate ever reaches the bytes
    assert canonical(json.loads(text)) == canonical(expected)
    assert wire.decode_line(line) == frame


# --------------------------------------------------------------------------------------------------------
# The defect: a line with a lone surrogate escape
# --------------------------------------------------------------------------------------------------------

RESULT = (
    b'{"type":"result","subtype":"success","is_error":false,"duration_ms":5,"duration_api_ms":4,'
    b'"num_turns":1,"result":"the output was cut here: \\ud83d","session_id":"s1","total_cost_usd":0.1}'
)


def test_a_result_line_with_a_lone_surrogate_decodes_and_writes_back() -> None:
    frame = wire.decode_line(RESULT)
    assert isinstance(frame, m.ResultMessage)
    assert frame.result == "the output was cut here: \ud83d"
    line = wire.encode_line(frame)
    assert b'"the output was cut here: \\ud83d"' in line
    assert_written_back(frame, json.loads(RESULT))


def test_a_permission_request_with_a_lone_surrogate_decodes() -> None:
    line = (
        b'{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool",'
        b'"tool_name":"Bash","input":{"command":"echo \\udc80"},"tool_use_id":"t1"}}'
    )
    frame = wire.decode_line(line)
    assert isinstance(frame, m.ControlRequest) and isinstance(frame.request, m.CanUseToolRequest)
    assert frame.request.input == {"command": "echo \udc80"}
    assert_written_back(frame, json.loads(line))


def test_an_answer_holding_a_lone_surrogate_is_written_as_an_escape() -> None:
    # What a permission callback answers with, e.g. an input it cut itself.
    payload = wire.unstructure(m.PermissionResultAllow(updated_input={"command": "echo \ud83d"}))
    frame = m.ControlResponse(response=m.ControlSuccess(request_id="r1", response=payload))
    line = wire.encode_line(frame)
    assert b'"echo \\ud83d"' in line
    assert_written_back(frame, json.loads(line))


def test_a_prompt_holding_a_lone_surrogate_is_written_as_an_escape() -> None:
    prompt = m.UserMessage(message=m.UserMessageParam(content="\udfff cut"), parent_tool_use_id=None)
    line = wire.encode_line(prompt)
    assert b'"content":"\\udfff cut"' in line
    assert json.loads(line)["message"]["content"] == "\udfff cut"


@pytest.mark.parametrize(
    "line",
    [
        b'"\\ud83d',  # cut before its closing quote
        b'"\\ud83g"',  # not an escape
        b'"\xed\xa0\xbd"',  # a surrogate encoded as bytes (CESU-8): not UTF-8
        b"\xef\xbb\xbf{}",  # a byte order mark
        b'["\\ud83d", NaN]',
        b'["\\ud83d", Infinity]',
        b'["\\ud83d", 1e400]',
        b'["\\ud83d", -' + b"9" * 400 + b"]",
        b'["\\ud83d"] x',
        b'["\\ud83d", "a\tb"]',  # a raw control character in a string
        b'["\\ud83d",' + b"[" * 5000 + b"]" * 5000 + b"]",
    ],
)
def test_a_line_with_a_lone_surrogate_that_is_not_json_still_raises(line: bytes) -> None:
    with pytest.raises(wire.DecodeError) as info:
        wire.decode_line(line)
    assert info.value.line == line
    with pytest.raises(wire.DecodeError):
        wire.loads(line)


def test_a_str_line_holding_a_raw_surrogate_keeps_it_in_the_error() -> None:
    with pytest.raises(wire.DecodeError) as info:
        wire.decode_line('{"a": "\ud83d')
    assert info.value.line == '{"a": "\ud83d'.encode("utf-8", "surrogatepass")


# --------------------------------------------------------------------------------------------------------
# Properties: any JSON with lone surrogates, both directions
# --------------------------------------------------------------------------------------------------------


@given(JSON)
@example({"\ud83d": ["\udc00\ud83d", "\ud83d\ude00"]})
def test_any_json_with_lone_surrogates_decodes_and_writes_back(value: Any) -> None:
    expected = normalised(value)
    for line in (node_line(value), ascii_line(value)):
        frame = wire.decode_line(line)
        assert canonical(wire.encode_value(frame)) == canonical(expected)
        assert canonical(wire.loads(line)) == canonical(expected)
        assert_written_back(frame, expected)
        assert canonical(json.loads(wire.dumps(wire.loads(line)).decode("utf-8"))) == canonical(expected)


_TEMPLATES: dict[str, tuple[type[m.Frame], Any]] = {
    "result": (
        m.ResultMessage,
        {
            "type": "result",
            "subtype": "success",
            "is_error": False,
            "duration_ms": 1,
            "duration_api_ms": 1,
            "num_turns": 1,
            "session_id": "s",
        },
    ),
    "assistant": (
        m.AssistantMessage,
        {
            "type": "assistant",
            "message": {
                "id": "m",
                "model": "claude",
                "role": "assistant",
                "content": [],
                "stop_reason": None,
            },
            "parent_tool_use_id": None,
            "session_id": "s",
        },
    ),
    "can_use_tool": (
        m.ControlRequest,
        {
            "type": "control_request",
            "request_id": "r",
            "request": {"subtype": "can_use_tool", "tool_use_id": "t"},
        },
    ),
    "hook_callback": (
        m.ControlRequest,
        {
            "type": "control_request",
            "request_id": "r",
            "request": {"subtype": "hook_callback", "callback_id": "hook_0", "tool_use_id": None},
        },
    ),
}


@st.composite
def typed_frames(draw: st.DrawFn) -> tuple[type[m.Frame], Any]:
    """A frame of a known type whose strings (typed fields, free-form JSON, unknown keys) hold lone
    surrogates."""
    kind = draw(st.sampled_from(sorted(_TEMPLATES)))
    cls, template = _TEMPLATES[kind]
    value = json.loads(json.dumps(template))
    if kind == "result":
        value["result"] = draw(TEXT)
        value["session_id"] = draw(TEXT)
    elif kind == "assistant":
        value["message"]["content"] = [
            {"type": "text", "text": draw(TEXT)},
            {
                "type": "tool_use",
                "id": draw(TEXT),
                "name": "Bash",
                "input": draw(st.dictionaries(TEXT, JSON)),
            },
        ]
    elif kind == "can_use_tool":
        value["request"].update(tool_name=draw(TEXT), input=draw(st.dictionaries(TEXT, JSON, max_size=3)))
    else:
        value["request"]["input"] = {"hook_event_name": "Stop", "last_assistant_message": draw(TEXT)}
    value["x-unknown-" + draw(TEXT)] = draw(JSON)
    return cls, value


@given(typed_frames())
def test_typed_frames_with_lone_surrogates_stay_typed(drawn: tuple[type[m.Frame], Any]) -> None:
    cls, value = drawn
    expected = normalised(value)
    for line in (node_line(value), ascii_line(value)):
        frame = wire.decode_line(line)
        assert type(frame) is cls
        assert canonical(wire.encode_value(frame)) == canonical(expected)
        assert_written_back(frame, expected)


@given(JSON)
def test_python_values_with_lone_surrogates_are_written_as_json(value: Any) -> None:
    # Values the SDK writes from Python: an answer's free-form JSON, a prompt's text.
    answer = m.ControlResponse(response=m.ControlSuccess(request_id="r", response={"value": value}))
    line = wire.encode_line(answer)
    assert canonical(json.loads(line.decode("utf-8"))["response"]["response"]) == canonical(
        {"value": normalised(value)}
    )
    text = value if isinstance(value, str) else json.dumps(value)
    prompt = m.UserMessage(message=m.UserMessageParam(content=text), parent_tool_use_id=None)
    written = json.loads(wire.encode_line(prompt).decode("utf-8"))
    assert written["message"]["content"] == normalised(text)


# --------------------------------------------------------------------------------------------------------
# The fallback behaves exactly as orjson for everything but lone surrogates
# --------------------------------------------------------------------------------------------------------

_JSONISH = st.sampled_from(list('{}[]",:0123456789.-+eEtrufalsn \\u'))


@st.composite
def near_json(draw: st.DrawFn) -> bytes:
    """Valid JSON (no lone surrogates) with a few characters inserted, deleted or replaced."""
    text = orjson.dumps(
        draw(JSON.filter(lambda v: not re.search("[\ud800-\udfff]", json.dumps(v, ensure_ascii=False))))
    ).decode()
    chars = list(text)
    for _ in range(draw(st.integers(0, 3))):
        position = draw(st.integers(0, len(chars)))
        edit = draw(st.sampled_from(["insert", "delete", "replace"]))
        if edit == "insert" or position == len(chars):
            chars.insert(position, draw(_JSONISH))
        elif edit == "delete":
            del chars[position]
        else:
            chars[position] = draw(_JSONISH)
    return "".join(chars).encode()


@given(near_json())
@example(b"18446744073709551616")
@example(b"-9223372036854775809")
@example(b"1e309")
@example(b"[1.5e308, -0, 0.0]")
def test_the_fallback_parser_accepts_what_orjson_accepts(line: bytes) -> None:
    try:
        expected = orjson.loads(line)
    except orjson.JSONDecodeError:
        if b"\\u" not in line:  # no escape, so no lone surrogate: the fallback refuses it too
            with pytest.raises((ValueError, RecursionError)):
                loads_lone_surrogates(line)
    else:
        assert canonical(loads_lone_surrogates(line)) == canonical(expected)


class Colour(enum.Enum):
    RED = "red"


class Level(enum.IntEnum):
    HIGH = 3


class Name(str):
    pass


class Ratio(float):
    pass


class Pair(NamedTuple):
    a: Any
    b: Any


_PYTHON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),
    st.text(st.characters(codec="utf-8"), max_size=5),
    st.builds(Name, st.text(max_size=3)),
    st.builds(Ratio, st.floats()),
    st.sampled_from([Colour.RED, Level.HIGH, Path("x"), b"bytes", {1, 2}, frozenset(), object(), 1j]),
    st.sampled_from([decimal.Decimal("1.5"), datetime.date(2024, 1, 2), uuid.UUID(int=7)]),
)
PYTHON_VALUES = st.recursive(
    _PYTHON_SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.lists(children, max_size=3).map(tuple),
        st.builds(Pair, children, children),
        st.dictionaries(
            st.one_of(st.text(max_size=3), st.integers(), st.builds(Name, st.text(max_size=2))),
            children,
            max_size=3,
        ),
    ),
    max_leaves=6,
)


@given(PYTHON_VALUES)
def test_the_fallback_writer_accepts_and_refuses_what_orjson_does(value: Any) -> None:
    try:
        expected = orjson.loads(orjson.dumps(value))
    except orjson.JSONEncodeError:
        with pytest.raises(wire.EncodeError):
            dumps_lone_surrogates(value)
    else:
        assert canonical(json.loads(dumps_lone_surrogates(value))) == canonical(expected)


def test_values_that_are_not_json_raise_encode_error() -> None:
    values: list[Any] = [{"p": Path("x")}, {1: "a"}, {"n": [2**64]}, {"s": {1}}]
    for value in values:
        frame = m.ControlResponse(response=m.ControlSuccess(request_id="r", response=value))
        with pytest.raises(wire.EncodeError):
            wire.encode_line(frame)
        with pytest.raises(TypeError):  # what orjson raised before: callers catching TypeError still work
            wire.dumps(value)
    cycle: list[Any] = []
    cycle.append(cycle)
    with pytest.raises(wire.EncodeError):
        wire.dumps(["\ud83d", cycle])


def test_a_typed_field_holding_something_else_raises_encode_error() -> None:
    prompt = m.UserMessage(
        message=m.UserMessageParam(content=(Path("x"),)),  # type: ignore[arg-type]
        parent_tool_use_id=None,
    )
    with pytest.raises(wire.EncodeError, match="PosixPath"):
        wire.encode_line(prompt)
    with pytest.raises(wire.EncodeError, match="not a wire object"):
        wire.unstructure(Path("x"))
