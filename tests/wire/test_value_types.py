"""The converter's JSON-shaped field types, asked for directly (``converter.structure(value, type)``):
unions whose members the JSON type of the value chooses, literals, arrays, optionals, and the types it
refuses when asked for their hooks.

Each test builds a new converter, so that the hooks it asks for are made inside the test.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal, NamedTuple

import pytest

from trio_claude import model as m
from trio_claude.wire import WireConverter, make_converter
from trio_claude.wire._converter import Malformed

TEXT = {"type": "text", "text": "hi"}


@pytest.fixture
def new() -> Any:
    made = make_converter()
    assert isinstance(made, WireConverter)
    return made


def test_a_scalar_misfit_says_what_it_expected(new: Any) -> None:
    with pytest.raises(Malformed) as info:
        new.structure(3, str)
    assert str(info.value) == "expected str, got int"


@pytest.mark.parametrize(("tp", "value"), [(str, "x"), (bool, True), (int, 3), (float, 1.5)])
def test_an_optional_scalar_takes_null_and_its_own_json_type_only(new: Any, tp: type, value: object) -> None:
    optional: Any = tp | None
    assert new.structure(None, optional) is None
    assert new.structure(value, optional) == value
    wrong = {str: 3, bool: 1, int: True, float: "1.5"}[tp]
    with pytest.raises(Malformed, match=rf"^expected (a number|{tp.__name__}), got {type(wrong).__name__}$"):
        new.structure(wrong, optional)
    with pytest.raises(Malformed, match=r"^expected (a number|\w+), got NoneType$"):
        new.structure(None, tp)


def test_a_union_of_a_scalar_and_a_wire_class_takes_an_object_as_the_class(new: Any) -> None:
    assert new.structure(TEXT, str | m.TextBlock) == m.TextBlock(text="hi")
    assert new.structure("hi", str | m.TextBlock) == "hi"


def test_an_any_member_of_a_union_takes_every_other_json_value_as_it_is(new: Any) -> None:
    tp: Any = int | Any
    assert new.structure(3, tp) == 3
    for value in ("x", 1.5, None, [1], {"a": 1}):
        assert new.structure(value, tp) == value


@pytest.mark.parametrize(
    ("value", "error"), [(True, "unexpected bool"), (1.5, "unexpected float"), (None, "unexpected NoneType")]
)
def test_a_literal_member_of_a_union_takes_the_json_types_of_its_values(
    new: Any, value: object, error: str
) -> None:
    tp: Any = Literal["max", "auto"] | int
    assert new.structure("max", tp) == "max"
    assert new.structure("newer", tp) == "newer"  # a value this version does not know is kept
    assert new.structure(3, tp) == 3
    with pytest.raises(Malformed, match=rf"^{re.escape(error)}$"):
        new.structure(value, tp)


def test_a_literal_of_values_of_several_json_types_takes_each(new: Any) -> None:
    tp: Any = Literal["a", 1]
    assert new.structure("a", tp) == "a"
    assert new.structure(1, tp) == 1


@pytest.mark.parametrize("tp", [tuple[int, str], tuple[int], tuple[()]])
def test_only_arrays_of_one_item_type_are_supported(new: Any, tp: Any) -> None:
    with pytest.raises(TypeError, match=rf"^unsupported tuple type {re.escape(repr(tp))}$"):
        new.structure([1], tp)


def test_an_optional_structured_value_writes_none_as_null(new: Any) -> None:
    assert new.unstructure(None, tuple[m.TextBlock, ...] | None) is None
    assert new.unstructure(None, m.TextBlock | None) is None
    assert new.unstructure((m.TextBlock(text="hi"),), tuple[m.TextBlock, ...] | None) == [TEXT]


def test_a_union_with_a_member_that_is_no_wire_class_nor_array_cannot_be_written(new: Any) -> None:
    tp: Any = Path | str  # Path is written as a str: nothing tells a value's alternative on the way back
    with pytest.raises(TypeError, match=rf"^unsupported union {re.escape(repr(tp))}$"):
        new.unstructure("x", tp)


class Pair(NamedTuple):
    first: str
    second: str


def test_a_tuple_subclass_is_written_as_an_array_in_a_union_field_as_in_an_array_field(new: Any) -> None:
    pair = Pair("a", "b")
    assert new.unstructure(pair, tuple[str, ...]) == ["a", "b"]
    assert new.unstructure(pair, str | tuple[str, ...]) == ["a", "b"]
    assert new.unstructure("a", str | tuple[str, ...]) == "a"
