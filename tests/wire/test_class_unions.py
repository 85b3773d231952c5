"""Unions of wire classes that have no alias of their own (the tool outputs' ``A | B | C``): a new converter
dispatches them on the ``Literal`` field that tells the members apart when there is one, else by shape,
the member with more required keys first; a value that fits none raises, naming why each member refused.

The classes here are the test's own (no spelling table names them: their keys are their field names), so
that each way of finding, or not finding, a discriminating field is shown on its own.
"""

from __future__ import annotations

from typing import Any, Literal

import attrs
import pytest

from trio_claude.model import WireObject
from trio_claude.model.tools import AgentOutput, AgentOutputAsyncLaunched
from trio_claude.wire import make_converter
from trio_claude.wire._converter import Malformed


@attrs.frozen(kw_only=True, repr=False, eq=False)
class Circle(WireObject):
    shape: Literal["circle"] = "circle"
    radius: int


@attrs.frozen(kw_only=True, repr=False, eq=False)
class Polygon(WireObject):
    shape: Literal["square", "triangle"]
    side: int


@attrs.frozen(kw_only=True, repr=False, eq=False)
class Oval(WireObject):
    shape: Literal["circle"] = "circle"  # shares Circle's value: `shape` tells nothing apart
    radius: int
    ratio: int


@attrs.frozen(kw_only=True, repr=False, eq=False)
class Numbered(WireObject):
    shape: Literal[1]  # not a string: no tag
    side: int


@attrs.frozen(kw_only=True, repr=False, eq=False)
class Plain(WireObject):
    side: int  # no `shape` field at all


@attrs.frozen(kw_only=True, repr=False, eq=False)
class Small(WireObject):
    size: Literal["s"] = "s"
    shape: Literal["circle"] = "circle"  # the first field does not tell Small from Large, the second does


@attrs.frozen(kw_only=True, repr=False, eq=False)
class Large(WireObject):
    size: Literal["s"] = "s"
    shape: Literal["square"] = "square"
    label: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class Reading(WireObject):
    kind: Literal["read"] = "read"
    mode: Literal["text"] = "text"


@attrs.frozen(kw_only=True, repr=False, eq=False)
class Writing(WireObject):
    mode: Literal["binary"] = "binary"  # both fields tell the members apart; the first member's order rules
    kind: Literal["write"] = "write"


def structure(value: Any, tp: Any) -> Any:
    return make_converter().structure(value, tp)


def refusal(value: Any, tp: Any) -> str:
    with pytest.raises(Malformed) as caught:
        structure(value, tp)
    return str(caught.value)


def test_a_literal_field_of_distinct_strings_dispatches_on_its_value() -> None:
    union: Any = Circle | Polygon
    assert structure({"shape": "circle", "radius": 2}, union) == Circle(radius=2)
    # every value of a member's Literal names it
    assert structure({"shape": "triangle", "side": 3}, union) == Polygon(shape="triangle", side=3)
    assert structure({"shape": "square", "side": 4}, union) == Polygon(shape="square", side=4)
    # the tag decides, not the shape: a circle's keys under a square's tag do not fit Polygon
    assert refusal({"shape": "square", "radius": 2}, union) == "Polygon.side: missing key side"
    # a value no member has, or no tag at all: no Unknown* class to fall back on
    assert refusal({"shape": "hexagon", "side": 6}, union) == "unknown shape 'hexagon'"
    assert refusal({"side": 6}, union) == "unknown shape None"
    assert refusal([1], union) == "expected an object, got list"


def test_a_later_field_discriminates_when_the_first_does_not() -> None:
    union: Any = Small | Large
    assert structure({"size": "s", "shape": "square", "label": "L"}, union) == Large(label="L")
    assert structure({"size": "s", "shape": "circle"}, union) == Small()
    assert refusal({"size": "s", "shape": "oval"}, union) == "unknown shape 'oval'"


def test_the_first_discriminating_field_of_the_first_member_is_the_tag() -> None:
    union: Any = Reading | Writing
    assert structure({"kind": "write", "mode": "binary"}, union) == Writing()
    assert refusal({"kind": "append", "mode": "text"}, union) == "unknown kind 'append'"


def test_the_tag_key_is_the_fields_wire_key() -> None:
    union: Any = AgentOutput
    launched = {
        "status": "async_launched",
        "agentId": "a",
        "description": "d",
        "prompt": "p",
        "outputFile": "/o",
    }
    typed = structure(launched, union)
    assert isinstance(typed, AgentOutputAsyncLaunched) and typed.output_file == "/o"
    assert refusal({**launched, "status": "teleported"}, union) == "unknown status 'teleported'"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (Circle, Oval),  # both members claim "circle"
        (Circle, Numbered),  # one member's Literal is not of strings
        (Circle, Plain),  # one member has no such field
    ],
)
def test_without_a_discriminating_field_the_value_is_tried_on_each_member(first: Any, second: Any) -> None:
    union: Any = first | second
    both: Any = second | first  # the order of the union does not matter
    for tp in (union, both):
        shape = make_converter().structure
        if second is Oval:
            # Oval requires more keys: it is tried first, so a value fitting both is an Oval
            assert shape({"shape": "circle", "radius": 1, "ratio": 2}, tp) == Oval(radius=1, ratio=2)
            assert shape({"shape": "circle", "radius": 1}, tp) == Circle(radius=1)
        elif second is Numbered:
            assert shape({"shape": 1, "side": 2}, tp) == Numbered(shape=1, side=2)
            assert shape({"shape": "circle", "radius": 1}, tp) == Circle(radius=1)
        else:
            assert shape({"side": 2}, tp) == Plain(side=2)
            assert shape({"shape": "circle", "radius": 1}, tp) == Circle(radius=1)


def test_a_value_no_member_fits_names_why_each_refused_in_the_order_tried() -> None:
    assert refusal({"shape": "circle"}, Circle | Oval) == (
        "fits none of Oval.radius: missing key radius; Circle.radius: missing key radius"
    )
    assert refusal({"shape": "circle", "radius": "r"}, Plain | Circle) == (
        "fits none of Circle.radius: expected int, got str; Plain.side: missing key side"
    )


def test_a_member_of_a_class_union_is_written_as_its_class() -> None:
    union: Any = Circle | Polygon
    write = make_converter().unstructure
    assert write(Circle(radius=2), union) == {"shape": "circle", "radius": 2}
    assert write(Polygon(shape="square", side=1, extra={"x": 1}), union) == {
        "shape": "square",
        "side": 1,
        "x": 1,
    }
