"""Hypothesis strategies for every wire class, derived from the model's attrs fields and type hints.

Use them to build conformance suites: anything these strategies generate encodes to JSON that decodes back
to an equal object, so a property such as ::

    from hypothesis import given
    from trio_claude.testing.strategies import frames
    from trio_claude.wire import decode_line, encode_line

    @given(frames())
    def test_round_trip(frame):
        assert decode_line(encode_line(frame)) == frame

holds for a correct wire layer.  The generated objects respect the rules of the encoding:

* a field whose default is ``None`` is optional: it is ``None`` (left out on the wire) or a value;
  every other field always gets a value (``X | None`` fields with no default may get ``None``, written as
  ``null``);
* ``extra`` holds unknown keys that never collide with the class's own wire keys or tags, and sometimes
  explicit nulls (``key: None``) of the class's optional fields that are ``None``;
* fields typed with a tag (``ServerToolResultBlock.type``) hold a tag of their class;
* ``Unknown*`` objects carry a JSON object whose tag no table knows (or that has no tag), so they decode
  back as unknown;
* JSON is bounded: at most 3 items per array, object or tuple, a few levels deep, finite floats, 64-bit
  integers, and strings that are valid UTF-8 (no lone surrogates).

The strategies only draw data; they never raise once built.  :func:`strategy_for` raises
:class:`TypeError` for a type that is not a wire class or one of the model's union aliases.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypeVar, Union, cast, get_args, get_origin, overload

import attrs
from hypothesis import strategies as st

from .. import model as m
from ..model._base import EMPTY, BaseUnknown, FrozenList, LazyUnion, WireObject
from ..wire._tags import (
    TAG_TABLES,
    tags,
    wire_name,
)

__all__ = [
    "control_frames",
    "frames",
    "json_objects",
    "json_values",
    "messages",
    "strategy_for",
]

T = TypeVar("T")

#: The largest array, object, tuple or ``extra`` the strategies generate.
MAX_SIZE = 3

_NONE_TYPE = type(None)

# --------------------------------------------------------------------------------------------------
# JSON
# --------------------------------------------------------------------------------------------------

# orjson refuses lone surrogates, and integers outside 64 bits.
_TEXT: st.SearchStrategy[str] = st.text(st.characters(codec="utf-8"), max_size=12)
_INTS: st.SearchStrategy[int] = st.integers(min_value=-(2**63), max_value=2**63 - 1)
_FLOATS: st.SearchStrategy[float] = st.floats(allow_nan=False, allow_infinity=False)
_SCALARS: st.SearchStrategy[Any] = st.one_of(st.none(), st.booleans(), _INTS, _FLOATS, _TEXT)


def _json_containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(children, max_size=MAX_SIZE), st.dictionaries(_TEXT, children, max_size=MAX_SIZE)
    )


_JSON: st.SearchStrategy[Any] = st.recursive(_SCALARS, _json_containers, max_leaves=6)
_JSON_OBJECTS: st.SearchStrategy[dict[str, Any]] = st.dictionaries(_TEXT, _JSON, max_size=MAX_SIZE)


def json_values() -> st.SearchStrategy[Any]:
    """Any JSON value as :func:`orjson.loads` returns it: ``None``, ``bool``, 64-bit ``int``, finite
    ``float``, ``str``, and lists and ``str``-keyed dicts of them (at most 3 items, a few levels deep)."""
    return _JSON


def json_objects() -> st.SearchStrategy[dict[str, Any]]:
    """A JSON object (a ``dict`` with ``str`` keys) whose values are :func:`json_values`."""
    return _JSON_OBJECTS


# --------------------------------------------------------------------------------------------------
# Per-class rules the type hints cannot say
# --------------------------------------------------------------------------------------------------

#: Fields whose value decides how the object decodes, beyond the tags of :func:`tags`.
_FIXED_FIELDS: dict[tuple[type, str], st.SearchStrategy[Any]] = {
    # ``{"async": true}`` is what makes a hook output asynchronous.
    (m.AsyncHookOutput, "async_"): st.just(True),
}

#: Keys a class's ``extra`` must not hold because a union dispatches on them.
_RESERVED_EXTRA_KEYS: dict[type, frozenset[str]] = {
    m.SyncHookOutput: frozenset({"async"}),
}

#: Each ``Unknown*`` class → (the key no table knows the value of, the constant keys of its raw JSON).
_UNKNOWN: dict[type, tuple[str, dict[str, str]]] = {
    m.UnknownMessage: ("type", {}),
    m.UnknownSystemMessage: ("subtype", {"type": "system"}),
    m.UnknownBlock: ("type", {}),
    m.UnknownControlRequest: ("subtype", {}),
    m.UnknownPermissionUpdate: ("type", {}),
    m.UnknownHookInput: ("hook_event_name", {}),
    m.UnknownHookSpecificOutput: ("hookEventName", {}),
}

# No lambda is given to ``map`` or ``filter``, nor is ``st.fixed_dictionaries`` (it maps with one):
# hypothesis 6.100.2 and older (the dependency floors) parse a lambda's source file again each time ``map``
# draws a value or a new strategy is checked (hypothesis issue 3963).


def _is_two(n: int) -> bool:
    return n == 2


def _unknown_tag(text: str) -> str:
    return "x-unknown-" + text


#: Whether an optional field gets a value: one time in three, so that wide classes stay small (and
#: shrinking leaves fields out).
_PRESENT: st.SearchStrategy[bool] = st.integers(0, 2).map(_is_two)

_UNKNOWN_TAGS: st.SearchStrategy[str] = _TEXT.map(_unknown_tag)


def _tag_field_strategies(cls: type) -> dict[str, st.SearchStrategy[Any]]:
    """Fields that hold the class's own tag (``ServerToolResultBlock.type``): one of its table's tags."""
    out: dict[str, st.SearchStrategy[Any]] = {}
    for table, key in TAG_TABLES:
        names = sorted(tag for tag, tagged in table.items() if tagged is cls)
        if not names:
            continue
        for field in attrs.fields(cls):
            if field.name != "extra" and wire_name(cls, field.name) == key:
                out[field.name] = st.sampled_from(names)
    return out


# --------------------------------------------------------------------------------------------------
# Derivation
# --------------------------------------------------------------------------------------------------


#: Base classes the wire handles as the union of their subclasses.
_BASE_CLASSES: dict[type, Any] = {m.PermissionUpdate: m.AnyPermissionUpdate}


def _union_args(tp: Any) -> tuple[Any, ...] | None:
    """The members of a union type (or of a base class standing for one), or ``None`` if ``tp`` is not a
    union."""
    tp = _BASE_CLASSES.get(tp, tp)
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return get_args(tp)
    return None


def _is_wire_class(tp: Any) -> bool:
    return isinstance(tp, type) and attrs.has(tp) and issubclass(tp, WireObject | BaseUnknown)


def _for_type(tp: Any) -> st.SearchStrategy[Any]:
    """The strategy of a value of type ``tp`` (a field's type hint)."""
    if isinstance(tp, LazyUnion):  # a union whose members load on first use: all of them, here
        tp = tp.resolve()
    if tp is Any:
        return _JSON
    if tp is _NONE_TYPE:
        return st.none()
    if tp is str:
        return _TEXT
    if tp is bool:
        return st.booleans()
    if tp is int:
        return _INTS
    if tp is float:
        return st.one_of(_INTS, _FLOATS)  # a float field also holds the integers JSON spells without ".0"
    if _is_wire_class(tp):
        return strategy_for(tp)
    args = _union_args(tp)
    if args is not None:
        if all(_is_wire_class(arg) for arg in args):
            return strategy_for(tp)  # a union alias such as ContentBlock: cached and lazily built
        return st.one_of(*(_for_type(arg) for arg in args))
    origin = get_origin(tp)
    if origin is Literal:
        return st.sampled_from(get_args(tp))
    if origin is Sequence:  # what the converter makes of an array
        return st.lists(_for_type(get_args(tp)[0]), max_size=MAX_SIZE).map(FrozenList)
    if origin is dict or origin is Mapping:  # typing.Mapping[...] has the collections.abc origin too
        key, value = get_args(tp)
        if key is not str:
            raise TypeError(f"unsupported mapping type {tp!r}")
        return st.dictionaries(_TEXT, _for_type(value), max_size=MAX_SIZE)
    raise TypeError(f"unsupported field type {tp!r}")


def _without_none(tp: Any) -> Any:
    """``X | None`` → a type whose strategy draws ``X`` (``Any`` stays ``Any``)."""
    args = _union_args(tp)
    if args is None or _NONE_TYPE not in args:
        return tp
    rest = tuple(arg for arg in args if arg is not _NONE_TYPE)
    return rest[0] if len(rest) == 1 else Union[rest]  # noqa: UP007


def _unknown_strategy(cls: type) -> st.SearchStrategy[Any]:
    key, constants = _UNKNOWN[cls]

    def unknown_raw(obj: dict[str, Any], tag: str | None) -> dict[str, Any]:
        raw = {k: v for k, v in obj.items() if k != key}
        raw.update(constants)
        if tag is not None:
            raw[key] = tag
        return raw

    return st.builds(cls, raw=st.builds(unknown_raw, _JSON_OBJECTS, st.one_of(_UNKNOWN_TAGS, st.none())))


def _class_strategy(cls: type) -> st.SearchStrategy[Any]:
    if cls in _UNKNOWN:
        return _unknown_strategy(cls)
    if not issubclass(cls, WireObject):  # an Unknown* outside the unions (the tools' UnknownToolInput...)
        return st.builds(cast("type[BaseUnknown]", cls), raw=_JSON)
    hints = typing.get_type_hints(cls)
    fields = [f for f in attrs.fields(cls) if f.name != "extra"]
    fixed = {**_tag_field_strategies(cls), **{n: s for (c, n), s in _FIXED_FIELDS.items() if c is cls}}
    required: dict[str, st.SearchStrategy[Any]] = {}
    optional: list[tuple[str, str, st.SearchStrategy[Any]]] = []  # (field, wire key, strategy of a value)
    for field in fields:
        if field.name in fixed:
            required[field.name] = fixed[field.name]
        elif field.default is None and not field.metadata.get("always_sent", False):
            value = _for_type(_without_none(hints[field.name]))
            optional.append((field.name, wire_name(cls, field.name), value))
        else:
            required[field.name] = _for_type(hints[field.name])
    own_keys = {wire_name(cls, f.name) for f in fields} | set(tags(cls))
    reserved = own_keys | _RESERVED_EXTRA_KEYS.get(cls, frozenset[str]())

    def unreserved(key: str) -> bool:
        return key not in reserved

    extras = st.dictionaries(_TEXT.filter(unreserved), _JSON, max_size=2)
    names = tuple(required)
    values = st.tuples(*required.values())

    @st.composite
    def instances(draw: st.DrawFn) -> Any:
        kwargs = dict(zip(names, draw(values), strict=True))
        nulls: list[str] = []
        for name, wire, strategy in optional:
            value = draw(strategy) if draw(_PRESENT) else None
            kwargs[name] = value
            if value is None:
                nulls.append(wire)
        extra: dict[str, Any] = draw(extras)
        if nulls:
            extra.update(dict.fromkeys(draw(st.lists(st.sampled_from(nulls), unique=True, max_size=2))))
        return cls(**kwargs, extra=extra or EMPTY)

    return instances()


def _build(tp: Any) -> st.SearchStrategy[Any]:
    args = _union_args(tp)
    if args is not None:
        return st.one_of(*(strategy_for(arg) for arg in args))
    return _class_strategy(tp)


_CACHE: dict[Any, st.SearchStrategy[Any]] = {}


@overload
def strategy_for(cls: type[T]) -> st.SearchStrategy[T]: ...
@overload
def strategy_for(cls: Any) -> st.SearchStrategy[Any]: ...
def strategy_for(cls: Any) -> st.SearchStrategy[Any]:
    """The strategy of ``cls``: any wire class of :mod:`trio_claude.model` (``Unknown*`` ones included),
    or a union of them such as :data:`~trio_claude.model.ContentBlock`,
    :data:`~trio_claude.model.ControlRequestPayload`, :class:`~trio_claude.model.PermissionUpdate`,
    :data:`~trio_claude.model.PermissionResult`, ``ControlSuccess | ControlError`` or
    ``SyncHookOutput | AsyncHookOutput``.

    Strategies are cached, and built lazily so that recursive classes (a tool result holding content
    blocks) need no care.  Raises :class:`TypeError` if ``cls`` is neither.
    """
    try:
        return _CACHE[cls]
    except KeyError:
        pass
    args = _union_args(cls)
    if not (_is_wire_class(cls) or (args is not None and all(_is_wire_class(arg) for arg in args))):
        raise TypeError(f"{cls!r} is not a wire class or a union of wire classes")
    strategy = st.deferred(lambda: _build(cls))
    _CACHE[cls] = strategy
    return strategy


def frames() -> st.SearchStrategy[m.Frame]:
    """Any top-level frame, either direction: messages, control traffic, keep-alives, and
    :class:`~trio_claude.model.UnknownMessage` / :class:`~trio_claude.model.UnknownSystemMessage`."""
    return cast("st.SearchStrategy[m.Frame]", strategy_for(m.Frame))


def messages() -> st.SearchStrategy[m.Message]:
    """Any frame a session hands to its consumer (:data:`~trio_claude.model.Message`): everything but
    control traffic, unknown frames included."""
    return cast("st.SearchStrategy[m.Message]", strategy_for(m.Message))


def control_frames() -> st.SearchStrategy[m.ControlFrame]:
    """Any control-protocol frame (:data:`~trio_claude.model.ControlFrame`): requests with any body,
    responses, cancels and keep-alives."""
    return cast("st.SearchStrategy[m.ControlFrame]", strategy_for(m.ControlFrame))
