"""Hooks for the JSON-shaped field types: scalars, literals, optionals, arrays, objects, and unions of a
scalar and a structure.

cattrs' own hooks coerce (``str(5)``, ``tuple({...})``, ``float(1)``).  The wire must not: a value of the
wrong JSON type makes its object an ``Unknown*`` that keeps the raw JSON, and a value that fits is kept
exactly as parsed (an integer in a ``float`` field stays an integer), so that re-encoding reproduces the
input.  These hooks only check; they copy only to turn an array into a :class:`FrozenList` or to type an
object's values.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Union, get_args, get_origin

import attrs
from cattrs.fns import identity

from ..model._base import FrozenList

_ARRAYS = (tuple, list)  # what a Sequence field holds: a FrozenList decoded, a list or tuple given

StructureHook = Callable[[Any, Any], Any]
UnstructureHook = Callable[[Any], Any]
HookLookup = Callable[[Any], Callable[..., Any]]


class Malformed(Exception):
    """A JSON value does not fit the class it is structured as; the message names the class and field
    (internal: :mod:`trio_claude.wire` turns it into an ``Unknown*`` object or a ``MalformedError``)."""


class Misfit(Malformed):
    """A field's value does not fit its type.  Raised by the hooks below, which do not know the field;
    ``path`` is where inside the value (``[]`` for an item), and the class's hook names the field."""

    def __init__(self, reason: str, path: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.path = path


def passthrough(value: Any, _: Any = None) -> Any:
    """The structure hook of ``Any``: the JSON value as it is."""
    return value


def _exact(tp: type, nullable: bool) -> StructureHook:
    name = tp.__name__

    def check(value: Any, _: Any) -> Any:
        if value.__class__ is tp:
            return value
        raise Misfit(f"expected {name}, got {type(value).__name__}")

    def check_nullable(value: Any, _: Any) -> Any:
        if value.__class__ is tp or value is None:
            return value
        raise Misfit(f"expected {name}, got {type(value).__name__}")

    return check_nullable if nullable else check


def _number(nullable: bool) -> StructureHook:
    def check(value: Any, _: Any) -> Any:
        if value.__class__ is float or value.__class__ is int or (nullable and value is None):
            return value
        raise Misfit(f"expected a number, got {type(value).__name__}")

    return check


def scalar_hooks(*, nullable: bool = False) -> dict[type, StructureHook]:
    """The structure hooks of the scalars; with ``nullable``, of ``X | None`` in one call rather than two
    (most fields are optional strings).  Built by each converter, not at import."""
    return {
        str: _exact(str, nullable),
        bool: _exact(bool, nullable),
        int: _exact(int, nullable),
        float: _number(nullable),
    }


def is_any(tp: Any) -> bool:
    return tp is Any


def is_union(tp: Any) -> bool:
    origin = get_origin(tp)
    return origin is Union or origin is types.UnionType


def without_none(tp: Any) -> Any:
    """``X`` for ``X | None`` (``None`` if ``tp`` is not optional)."""
    if not is_union(tp):
        return None
    args = get_args(tp)
    rest = tuple(a for a in args if a is not type(None))
    if len(rest) == len(args):
        return None
    return rest[0] if len(rest) == 1 else Union[rest]  # noqa: UP007


def is_optional(tp: Any) -> bool:
    return without_none(tp) is not None


def is_literal(tp: Any) -> bool:
    return get_origin(tp) is Literal


def is_array(tp: Any) -> bool:
    """``Sequence[X]`` (or ``tuple[X, ...]``), the array type of the model: a :class:`FrozenList` when
    structured."""
    return get_origin(tp) in (Sequence, tuple)


def is_object(tp: Any) -> bool:
    """``Mapping[str, X]`` or ``dict[str, X]``."""
    return get_origin(tp) in (Mapping, dict, typing.Mapping)


# -- structure --------------------------------------------------------------------------------------


def literal_hook(tp: Any, hook_for: HookLookup) -> StructureHook:
    """A literal checks the JSON type of its values only: a value this version does not know (a new
    permission mode…) is kept, so that a newer peer never makes a line undecodable."""
    kinds: set[type] = {type(arg) for arg in get_args(tp)}
    return hook_for(kinds.pop()) if len(kinds) == 1 else passthrough


def optional_hook(tp: Any, hook_for: HookLookup) -> StructureHook:
    inner_type = without_none(tp)
    nullable_scalar = scalar_hooks(nullable=True).get(inner_type)
    if nullable_scalar is not None:
        return nullable_scalar
    if is_array(inner_type):
        return array_hook(inner_type, hook_for, nullable=True)
    if is_object(inner_type):
        return object_hook(inner_type, hook_for, nullable=True)
    inner = hook_for(inner_type)
    if inner is passthrough:
        return passthrough

    def structure(value: Any, t: Any) -> Any:
        return None if value is None else inner(value, t)

    return structure


def array_hook(tp: Any, hook_for: HookLookup, nullable: bool = False) -> StructureHook:
    args = get_args(tp)
    if get_origin(tp) is tuple and (len(args) != 2 or args[1] is not Ellipsis):
        raise TypeError(f"unsupported tuple type {tp!r}")
    item = hook_for(args[0])

    def structure(value: Any, _: Any) -> Any:
        if value.__class__ is not list:
            if nullable and value is None:
                return None
            raise Misfit("expected an array")
        if item is passthrough:
            return FrozenList(value)
        try:
            return FrozenList([item(x, None) for x in value])
        except Misfit as exc:
            raise Misfit(exc.reason, "[]" + exc.path) from None

    return structure


def object_hook(tp: Any, hook_for: HookLookup, nullable: bool = False) -> StructureHook:
    item = hook_for(get_args(tp)[1])

    def structure(value: Any, _: Any) -> Any:
        if value.__class__ is not dict:
            if nullable and value is None:
                return None
            raise Misfit("expected an object")
        if item is passthrough:
            return value
        try:
            return {k: item(x, None) for k, x in value.items()}
        except Misfit as exc:
            raise Misfit(exc.reason, "[]" + exc.path) from None

    return structure


def _json_test(alt: Any) -> Callable[[Any], bool]:
    """Which JSON values an alternative of a union takes."""
    if alt is str:
        return lambda v: v.__class__ is str
    if alt is int:  # not bool
        return lambda v: v.__class__ is int
    if alt is bool:
        return lambda v: v.__class__ is bool
    if is_array(alt):
        return lambda v: v.__class__ is list
    if is_object(alt) or attrs.has(alt):
        return lambda v: v.__class__ is dict
    if alt is Any:
        return lambda v: True
    if is_literal(alt):  # ``ExitReason | str``: the literal takes the JSON types of its values
        kinds: set[type[Any]] = {type(arg) for arg in get_args(alt)}
        return lambda v: v.__class__ in kinds
    raise TypeError(f"unsupported union member {alt!r}")


def union_hook(tp: Any, hook_for: HookLookup) -> StructureHook:
    """A union of a scalar and a structured alternative (``str | tuple[ContentBlock, ...]``): the JSON type
    of the value chooses."""
    choices = [(_json_test(alt), hook_for(alt)) for alt in get_args(tp)]

    def structure(value: Any, t: Any) -> Any:
        for accepts, hook in choices:
            if accepts(value):
                return hook(value, t)
        raise Misfit(f"unexpected {type(value).__name__}")

    return structure


# -- unstructure ------------------------------------------------------------------------------------


def optional_unhook(tp: Any, hook_for: HookLookup) -> UnstructureHook:
    inner = hook_for(without_none(tp))
    if inner is identity:
        return identity
    return lambda value: None if value is None else inner(value)


def array_unhook(tp: Any, hook_for: HookLookup) -> UnstructureHook:
    item = hook_for(get_args(tp)[0])
    if item is identity:
        return list
    return lambda value: [item(x) for x in value]


def object_unhook(tp: Any, hook_for: HookLookup) -> UnstructureHook:
    item = hook_for(get_args(tp)[1])
    if item is identity:
        return identity
    return lambda value: {k: item(x) for k, x in value.items()}


def union_unhook(tp: Any, hook_for: HookLookup) -> UnstructureHook:
    """A union of scalars and structured alternatives (``str | tuple[...]``, ``str | SomeClass``): the
    value's own class chooses which alternative unstructures it."""
    structured = [(alt, hook_for(alt)) for alt in get_args(tp)]
    structured = [(alt, hook) for alt, hook in structured if hook is not identity]
    if not structured:
        return identity
    by_class: list[tuple[type | tuple[type, ...], UnstructureHook]] = []
    for alt, hook in structured:
        if is_array(alt):
            by_class.append((_ARRAYS, hook))
        elif isinstance(alt, type) and attrs.has(alt):
            by_class.append((alt, hook))
        else:
            raise TypeError(f"unsupported union {tp!r}")
    if len(by_class) == 1 and by_class[0][0] is _ARRAYS:
        array = by_class[0][1]
        return lambda value: array(value) if isinstance(value, _ARRAYS) else value

    def unstructure(value: Any) -> Any:
        for cls, hook in by_class:
            if isinstance(value, cls):
                return hook(value)
        return value

    return unstructure
