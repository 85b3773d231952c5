"""Properties of the wire format, under hypothesis, for every class reachable from the tag tables.

* Every generated object round-trips: ``structure(unstructure(x), cls) == x``; a frame also round-trips
  through one line (``decode_line(encode_line(x)) == x``).
* Nothing is ever lost: for any JSON value ``v`` (arbitrary, frame-like, or a mutated real frame),
  decoding never raises and re-encoding gives back ``v`` exactly.  "Exactly" means equal canonical JSON
  bytes (keys sorted), stronger than ``==``, which takes ``1``, ``1.0`` and ``True`` for one another;
  only key order may change.  The same holds for ``structure(v, cls)`` whenever it does not raise
  :class:`MalformedError`.
* A line that is not JSON raises :class:`DecodeError` carrying the raw line.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, get_args

import attrs
import orjson
import pytest
from hypothesis import example, given, settings, strategies as st

from trio_claude import model as m
from trio_claude.testing.strategies import (
    control_frames,
    frames,
    json_objects,
    json_values,
    messages,
    strategy_for,
)
from trio_claude.wire import (
    DecodeError,
    MalformedError,
    converter,
    decode_line,
    decode_value,
    encode_line,
    encode_value,
    structure,
    unstructure,
)
from trio_claude.wire._tags import (
    TAG_TABLES,
    tags,
    wire_name,
)

TABLES: tuple[Mapping[str, type], ...] = tuple(table for table, _ in TAG_TABLES)

FRAME_CLASSES: tuple[type, ...] = get_args(m.Frame)

#: The union aliases the converter dispatches, by name.
ALIASES: dict[str, Any] = {
    "ContentBlock": m.ContentBlock,
    "ControlRequestPayload": m.ControlRequestPayload,
    "PermissionUpdate": m.PermissionUpdate,
    "PermissionResult": m.PermissionResult,
    "ControlSuccess|ControlError": m.ControlSuccess | m.ControlError,
    "SyncHookOutput|AsyncHookOutput": m.SyncHookOutput | m.AsyncHookOutput,
    "HookInput": m.HookInput,
    "HookSpecificOutput": m.HookSpecificOutput,
}

#: ``Unknown*`` classes below the top level have no structure function of their own: they come out of
#: their union's dispatcher.
UNKNOWN_VIA: dict[type, Any] = {
    m.UnknownBlock: m.ContentBlock,
    m.UnknownControlRequest: m.ControlRequestPayload,
    m.UnknownPermissionUpdate: m.PermissionUpdate,
    m.UnknownHookInput: m.HookInput,
    m.UnknownHookSpecificOutput: m.HookSpecificOutput,
}


def _reachable() -> list[type]:
    """Every attrs class reachable from the tag tables, the response types and the frame union."""
    todo: list[Any] = [
        *(cls for table in TABLES for cls in table.values()),
        *converter.response_types.values(),
        *FRAME_CLASSES,
    ]
    seen: dict[type, None] = {}
    while todo:
        tp = todo.pop()
        if isinstance(tp, type) and attrs.has(tp):
            if tp not in seen:
                seen[tp] = None
                hints = typing.get_type_hints(tp)
                todo.extend(hints[f.name] for f in attrs.fields(tp) if f.name != "extra")
        elif tp is m.PermissionUpdate:
            todo.extend(get_args(m.AnyPermissionUpdate))  # a base class standing for its variants
        else:
            todo.extend(get_args(tp))
    return sorted(seen, key=lambda cls: cls.__name__)


CLASSES = _reachable()

#: Examples per class: a tenth of the profile's, since every class gets its own test (and the tests over
#: all frames use the profile's full count).
PER_CLASS_EXAMPLES = max(5, settings().max_examples // 10)

#: Every wire key, tag key and tag value, to make generated JSON look like frames.
KNOWN_KEYS: list[str] = sorted(
    {wire_name(cls, f.name) for cls in CLASSES for f in attrs.fields(cls) if f.name != "extra"}
    | {key for cls in CLASSES for key in tags(cls)}
    | {"type", "subtype", "behavior", "async"}
)
KNOWN_TAGS: list[str] = sorted({tag for table in TABLES for tag in table} | {"system"})


def _canonical(value: Any) -> bytes:
    """Canonical JSON bytes: equal only for the very same JSON (``1``, ``1.0`` and ``true`` differ)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _structure(value: Any, cls: type) -> Any:
    """Type ``value`` as ``cls`` the way the converter would meet it."""
    if cls in (m.UnknownMessage, m.UnknownSystemMessage):
        return decode_value(value)
    return structure(value, UNKNOWN_VIA.get(cls, cls))


# --------------------------------------------------------------------------------------------------
# Arbitrary and mutated JSON
# --------------------------------------------------------------------------------------------------

_KEYS = st.one_of(st.sampled_from(KNOWN_KEYS), st.text(max_size=8))
_REPLACEMENTS = st.one_of(json_values(), st.sampled_from(KNOWN_TAGS), st.sampled_from(KNOWN_KEYS))


def _frame_like(tag: Any, rest: dict[str, Any]) -> dict[str, Any]:
    return rest if tag is None else {**rest, "type": tag}


_FRAME_LIKE = st.builds(
    _frame_like,
    st.one_of(st.none(), st.sampled_from(KNOWN_TAGS), json_values()),
    st.dictionaries(_KEYS, _REPLACEMENTS, max_size=5),
)


def _containers(value: Any) -> Iterator[Any]:
    """Every object and array inside ``value`` (itself included)."""
    is_object = isinstance(value, dict)
    if not (is_object or isinstance(value, list)):
        return
    yield value
    for child in typing.cast("Iterable[Any]", value.values() if is_object else value):
        yield from _containers(child)


@st.composite
def _mutated(draw: st.DrawFn, value: Any) -> Any:
    """``value`` (a JSON value) with one to three random edits: a key dropped, a key added or replaced
    (often by a tag or a known key), an array item replaced, or the whole value replaced."""
    holder: list[Any] = [orjson.loads(orjson.dumps(value))]  # a private copy, plain JSON
    for _ in range(draw(st.integers(1, 3))):
        target = draw(st.sampled_from([holder, *_containers(holder[0])]))
        if isinstance(target, dict):
            obj = typing.cast("dict[str, Any]", target)
            drop = draw(st.booleans())
            if obj and drop:
                del obj[draw(st.sampled_from(sorted(obj)))]
            else:
                obj[draw(_KEYS)] = draw(_REPLACEMENTS)
        else:
            array = typing.cast("list[Any]", target)
            if array:
                array[draw(st.integers(0, len(array) - 1))] = draw(_REPLACEMENTS)
    return holder[0]


def _mutated_frames() -> st.SearchStrategy[Any]:
    return frames().map(encode_value).flatmap(_mutated)


def _assert_lossless(value: Any) -> None:
    """Decoding ``value`` (as a parsed value and as a line) never raises and loses nothing."""
    frame = decode_value(value)
    assert _canonical(encode_value(frame)) == _canonical(value)
    line = encode_line(frame)
    assert _canonical(orjson.loads(line)) == _canonical(value)
    assert decode_line(orjson.dumps(value)) == frame


# --------------------------------------------------------------------------------------------------
# Generated objects round-trip
# --------------------------------------------------------------------------------------------------


def test_every_reachable_class_is_typed_and_generated() -> None:
    assert len(CLASSES) > 100
    for cls in CLASSES:
        if cls not in UNKNOWN_VIA and cls not in (m.UnknownMessage, m.UnknownSystemMessage):
            assert callable(converter.wire_structure_hook(cls)), cls  # generated by cattrs, on first use
        strategy_for(cls)  # raises TypeError for a class the strategies cannot derive


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
@settings(max_examples=PER_CLASS_EXAMPLES)
@given(data=st.data())
def test_class_round_trips(cls: type[Any], data: st.DataObject) -> None:
    obj = data.draw(strategy_for(cls), label="obj")
    value = unstructure(obj)
    back = _structure(value, cls)
    assert back == obj
    assert type(back) is cls
    assert _canonical(unstructure(back)) == _canonical(value)
    if cls in FRAME_CLASSES:
        assert encode_value(obj) == value
        line = encode_line(obj)
        assert line.endswith(b"\n")
        assert line.count(b"\n") == 1 and b"\r" not in line
        assert _canonical(orjson.loads(line)) == _canonical(value)
        assert decode_line(line) == obj
        assert decode_line(line.decode()) == obj

    # Any edit of the JSON either does not fit ``cls`` or is kept whole.
    mutant = data.draw(_mutated(value), label="mutant")
    try:
        typed = _structure(mutant, cls)
    except MalformedError as exc:
        assert exc.value is mutant
        assert cls not in UNKNOWN_VIA and cls not in (m.UnknownMessage, m.UnknownSystemMessage)
    else:
        assert _canonical(unstructure(typed)) == _canonical(mutant)


@pytest.mark.parametrize("name", ALIASES)
@given(data=st.data())
def test_union_round_trips(name: str, data: st.DataObject) -> None:
    alias = ALIASES[name]
    obj = data.draw(strategy_for(alias), label="obj")
    assert isinstance(obj, get_args(alias) or alias)  # (PermissionUpdate is the base class of its variants)
    assert structure(unstructure(obj), alias) == obj


@given(frames())
def test_frames_round_trip_through_a_line(frame: m.Frame) -> None:
    assert isinstance(frame, FRAME_CLASSES)
    line = encode_line(frame)
    assert line.count(b"\n") == 1 and line.endswith(b"\n")
    assert decode_line(line) == frame


@given(messages())
def test_messages_are_not_control_frames(message: m.Message) -> None:
    assert isinstance(message, get_args(m.Message))
    assert not isinstance(message, get_args(m.ControlFrame))


@given(control_frames())
def test_control_frames_round_trip(frame: m.ControlFrame) -> None:
    assert isinstance(frame, get_args(m.ControlFrame))
    assert decode_line(encode_line(frame)) == frame


def test_strategy_for_rejects_a_non_wire_type() -> None:
    with pytest.raises(TypeError):
        strategy_for(int)
    with pytest.raises(TypeError):
        strategy_for(m.TextBlock | None)


# --------------------------------------------------------------------------------------------------
# Arbitrary JSON: decoding never raises and never loses anything
# --------------------------------------------------------------------------------------------------


@given(json_values())
def test_any_json_value_decodes_losslessly(value: Any) -> None:
    _assert_lossless(value)


@given(json_objects())
def test_any_json_object_decodes_losslessly(value: dict[str, Any]) -> None:
    _assert_lossless(value)


@given(_FRAME_LIKE)
@example({"type": []})  # an unhashable tag
@example({"type": "system", "subtype": {}})
def test_frame_like_objects_decode_losslessly(value: dict[str, Any]) -> None:
    _assert_lossless(value)


@given(_mutated_frames())
def test_mutated_frames_decode_losslessly(value: Any) -> None:
    _assert_lossless(value)


def test_a_tag_of_the_wrong_json_type_makes_an_unknown_object() -> None:
    assert isinstance(decode_value({"type": []}), m.UnknownMessage)
    assert isinstance(decode_value({"type": "system", "subtype": {}}), m.UnknownSystemMessage)
    frame = decode_value(
        {
            "type": "user",
            "message": {"role": "user", "content": [{"type": ["text"], "text": "hi"}]},
            "parent_tool_use_id": None,
        }
    )
    assert isinstance(frame, m.UserMessage)
    assert frame.content == (m.UnknownBlock(raw={"type": ["text"], "text": "hi"}),)


def test_a_nested_control_request_keeps_its_unknown_keys_and_its_tag() -> None:
    # ``pending_permission_requests`` holds ControlRequest objects directly (not through a union), so
    # their ``type`` tag must be checked there too.
    for pending in (
        {"request_id": "r", "request": {"subtype": "interrupt"}, "foo": 1},  # no "type"
        {"type": "keep_alive", "request_id": "r", "request": {"subtype": "interrupt"}},  # wrong "type"
    ):
        value = {
            "type": "control_response",
            "response": {"subtype": "success", "request_id": "a"},
            "pending_permission_requests": [pending],
        }
        assert _canonical(encode_value(decode_value(value))) == _canonical(value)


def test_an_unknown_permission_mode_decodes_and_round_trips() -> None:
    """``SetPermissionModeRequest.mode`` is typed ``PermissionMode``; a mode this SDK does not know still
    decodes (kept as the string), so a newer CLI or SDK peer never makes a line undecodable."""
    value = {
        "type": "control_request",
        "request_id": "r",
        "request": {"subtype": "set_permission_mode", "mode": "someFutureMode"},
    }
    frame = decode_value(value)
    assert isinstance(frame, m.ControlRequest)
    assert isinstance(frame.request, m.SetPermissionModeRequest)
    assert str(frame.request.mode) == "someFutureMode"
    assert _canonical(encode_value(frame)) == _canonical(value)


def test_a_deeply_nested_line_does_not_raise_recursion_error() -> None:
    inner = '{"type":"text","text":"x"}'
    for _ in range(500):
        inner = '{"type":"tool_result","tool_use_id":"t","content":[' + inner + "]}"
    line = '{"type":"user","message":{"role":"user","content":[' + inner + "]}}"
    orjson.loads(line)  # valid JSON, within orjson's depth limit
    decode_line(line)  # so it decodes (to a typed or an unknown frame), whatever the recursion limit


# --------------------------------------------------------------------------------------------------
# Lines that are not JSON
# --------------------------------------------------------------------------------------------------


@given(st.one_of(st.binary(max_size=40), st.text(max_size=40)))
@example(b"")
@example(b"{")
@example(b"\xff")
@example('{"type": "assistant"')
def test_a_line_decodes_iff_it_is_json(line: bytes | str) -> None:
    try:
        value = orjson.loads(line)
    except orjson.JSONDecodeError:
        with pytest.raises(DecodeError) as info:
            decode_line(line)
        assert info.value.line == (line.encode() if isinstance(line, str) else line)
    else:
        assert _canonical(encode_value(decode_line(line))) == _canonical(value)


@given(frames(), st.integers(min_value=2))
def test_a_truncated_line_raises_decode_error_with_the_line(frame: m.Frame, cut: int) -> None:
    line = encode_line(frame)
    truncated = line[: max(0, len(line) - cut)]
    with pytest.raises(DecodeError) as info:
        decode_line(truncated)
    assert info.value.line == truncated
