"""``wire.loads`` / ``wire.dumps``: JSON text ↔ Python values, and what a refusal says."""

from __future__ import annotations

import dataclasses
import json
import sys

import orjson
import pytest

from trio_claude import wire
from trio_claude.wire import _json as wire_json
from trio_claude.wire._json import _empty_arrays_count


def orjson_error(text: bytes | str) -> str:
    with pytest.raises(orjson.JSONDecodeError) as info:
        orjson.loads(text)
    return str(info.value)


@pytest.mark.parametrize(
    ("text", "raw"),
    [
        (b'{"a": }', b'{"a": }'),
        ('{"a": ]', b'{"a": ]'),
        ('["\ud83d" x', '["\ud83d" x'.encode("utf-8", "surrogatepass")),  # a str with a raw lone surrogate
        (b"NaN", b"NaN"),
    ],
)
def test_loads_names_the_parsers_error_and_keeps_the_raw_text(text: bytes | str, raw: bytes) -> None:
    with pytest.raises(wire.DecodeError) as info:
        wire.loads(text)
    # orjson's own words (where it stopped), not the fallback parser's
    assert str(info.value) == f"not JSON: {orjson_error(text)}"
    assert "line 1 column" in str(info.value)
    assert info.value.line == raw
    assert isinstance(info.value.line, bytes)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (b'{"a": [1, 2.5, "x", null, true, false]}', {"a": [1, 2.5, "x", None, True, False]}),
        ('"\ud83d"', "\ud83d"),
        (b'["\\ud83d", 18446744073709551616]', ["\ud83d", 18446744073709551616.0]),
    ],
)
def test_loads_reads_json_lone_surrogates_included(text: bytes | str, value: object) -> None:
    assert wire.loads(text) == value


@pytest.mark.parametrize("surrogate", ["", "\\ud83d"])
def test_loads_reads_integers_of_64_bits_as_ints_and_larger_ones_as_floats(surrogate: str) -> None:
    numbers = "-9223372036854775808, 18446744073709551615, -9223372036854775809, 18446744073709551616"
    text = f'["{surrogate}", {numbers}]'
    value = wire.loads(text)
    assert value[0] == ("\ud83d" if surrogate else "")
    assert value[1:] == orjson.loads(text.replace(surrogate, ""))[1:]
    assert [type(x) for x in value[1:]] == [int, int, float, float]
    assert value[1:] == [-(2**63), 2**64 - 1, -(2.0**63), 2.0**64]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ({"a": [1, 2.5, "x", None, True, False]}, b'{"a":[1,2.5,"x",null,true,false]}'),
        (["\ud83d", None, True, False], b'["\\ud83d",null,true,false]'),
        ({"k": "\udc00", "b": True}, b'{"k":"\\udc00","b":true}'),
        (("\ud83d", ("x", "\udc00")), b'["\\ud83d",["x","\\udc00"]]'),  # tuples are arrays
    ],
)
def test_dumps_writes_compact_json_lone_surrogates_escaped(value: object, text: bytes) -> None:
    assert wire.dumps(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (["\ud83d", True, False, None, 1], b'["\\ud83d",true,false,null,1]'),
        (["\ud83d", float("inf"), float("-inf"), float("nan"), 1.5], b'["\\ud83d",null,null,null,1.5]'),
        (["\ud83d", 2**64 - 1, -(2**63)], b'["\\ud83d",18446744073709551615,-9223372036854775808]'),
    ],
)
def test_dumps_writes_lone_surrogates_with_every_other_value_as_orjson_does(
    value: object, text: bytes
) -> None:
    assert wire.dumps(value) == text
    assert wire.dumps(value[1:]) == orjson.dumps(value[1:])  # type: ignore[index]


def deep(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("value", [2**64, -(2**63) - 1, {1: "a"}, {("a",): 1}, object(), deep(5000)])
def test_dumps_refuses_what_orjson_refuses_in_orjsons_words(value: object) -> None:
    with pytest.raises(orjson.JSONEncodeError) as expected:
        orjson.dumps(value)
    with pytest.raises(wire.EncodeError) as info:
        wire.dumps(["\ud83d", value])  # the lone surrogate makes the fallback write it
    assert str(info.value) == str(expected.value)
    assert isinstance(info.value, TypeError)


def nest(depth: int, leaf: object, mark: str = "?") -> object:
    """``leaf`` inside ``depth`` arrays and objects, alternating, each of which also holds ``mark``."""
    value = leaf
    for level in range(depth):
        value = {"k": value, "m": mark} if level % 2 else [value, mark]
    return value


@dataclasses.dataclass
class Box:
    items: list[object]


@pytest.mark.parametrize("depth", [1, 252, 253, 254, 255, 256, 300, 900])
@pytest.mark.parametrize(("leaf", "levels"), [("x", 0), (1, 0), ([], 1), ({}, 1), (Box([]), 2)])
def test_dumps_nests_arrays_and_objects_exactly_as_deep_as_orjson_with_or_without_lone_surrogates(
    depth: int, leaf: object, levels: int
) -> None:
    try:
        expected: bytes | None = orjson.dumps(nest(depth, leaf))
    except orjson.JSONEncodeError as exc:
        assert str(exc) == "Recursion limit reached"
        expected = None
    if not _empty_arrays_count():  # orjson before 3.12 writes an empty array one level past its limit,
        if leaf == []:
            levels = 0
        elif isinstance(leaf, Box):  # and a dataclass holding one at any depth: not followed 255 deep
            levels = 1
            if depth == 254:
                assert expected is not None
                return
    assert (expected is None) == (depth + levels > 254)  # orjson's limit
    # A lone surrogate in every array and object makes the standard library write them: the same limit.
    value = nest(depth, leaf, mark="\ud83d")
    if expected is None:
        for refused in (nest(depth, leaf), value):
            with pytest.raises(wire.EncodeError, match=r"^Recursion limit reached$"):
                wire.dumps(refused)
    else:
        assert wire.dumps(nest(depth, leaf)) == expected
        written = wire.dumps(value)
        assert written == expected.replace(b'"?"', b'"\\ud83d"')
        assert wire.loads(written) == json.loads(written)  # what dumps writes, loads reads back


@pytest.mark.parametrize("leaf", [(), ("x", ("y",))])
def test_the_fallback_counts_a_tuple_as_an_array(leaf: tuple[object, ...]) -> None:
    # (orjson itself does not count tuples consistently, and crashes on thousands of nested ones.)
    written = wire.dumps(nest(253 - (len(leaf) > 1), leaf, mark="\ud83d"))
    assert wire.loads(written) == json.loads(written)
    with pytest.raises(wire.EncodeError, match=r"^Recursion limit reached$"):
        wire.dumps(nest(254 - (len(leaf) > 1), leaf, mark="\ud83d"))


@pytest.mark.parametrize("counts", [True, False])
def test_an_empty_array_past_the_limit_is_written_as_this_orjson_writes_it(
    counts: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """orjson 3.12 and newer refuse an empty array 255 deep, older ones write it: the fallback follows the
    installed one (``_empty_arrays_count``, probed once)."""
    monkeypatch.setattr(wire_json, "_empty_arrays_count", lambda: counts)
    deepest = nest(254, [], mark="\ud83d")
    if counts:
        with pytest.raises(wire.EncodeError, match=r"^Recursion limit reached$"):
            wire.dumps(deepest)
    else:
        assert wire.loads(wire.dumps(deepest)) == json.loads(wire.dumps(deepest))
    for refused in (nest(254, {}, mark="\ud83d"), nest(254, ["x"], mark="\ud83d")):
        with pytest.raises(wire.EncodeError, match=r"^Recursion limit reached$"):
            wire.dumps(refused)


def test_the_probe_agrees_with_the_installed_orjson() -> None:
    wire_json._empty_arrays_count.cache_clear()
    try:
        orjson.dumps(nest(254, []))
    except orjson.JSONEncodeError:
        assert _empty_arrays_count()
    else:
        assert not _empty_arrays_count()


def stack_depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1  # type: ignore[assignment]
    return depth


def test_dumps_with_little_stack_left_refuses_a_deep_value_as_too_deep_not_with_a_recursion_error() -> None:
    value = nest(200, 1, mark="\ud83d")  # within orjson's limit, but it takes the standard library's path
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(stack_depth() + 100)
    try:
        with pytest.raises(wire.EncodeError, match=r"^Recursion limit reached$"):
            wire.dumps(value)
    finally:
        sys.setrecursionlimit(limit)
    assert wire.loads(wire.dumps(value)) == json.loads(wire.dumps(value))  # with the stack back
