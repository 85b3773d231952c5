"""``Record``: the shared ``==``, ``hash()`` and ``repr()`` of the package's frozen attrs classes outside
the model (options and their values, protocol events, statistics...).

attrs compiles, for each class, a ``__repr__``, an ``__eq__`` and a ``__hash__`` besides its ``__init__``;
at import that is about half of what creating a small class costs (~1 ms of ``ClaudeAgentOptions``' 74
fields).  A class declared ``@attrs.frozen(..., repr=False, eq=False)`` on top of
:class:`Record` gets the same behaviour from these three functions, driven by its fields, so attrs
compiles only its ``__init__``.  (The model's classes share theirs in the same way, on
``model.WireObject``.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import attrs


class Record:
    """What attrs' ``eq=True`` (on a frozen class) and ``repr=True`` generate, once for every subclass:

    * ``==``: ``NotImplemented`` unless both are of the same class, then the fields with ``eq=True`` (by
      their ``eq_key`` if they have one) compared in order;
    * ``hash()``: the class and the same fields (those with ``hash=True``, by default the compared ones);
      it raises :class:`TypeError` when a field holds an unhashable value, as attrs' does;
    * ``repr()``: ``Class(field=value, ...)``, every field with ``repr=True`` (or its own ``repr``
      function).

    Subclasses are attrs classes declared with ``repr=False, eq=False``; a mutable one (``attrs.define``)
    sets ``__hash__ = None``, as attrs makes it unhashable.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _compared(self) == _compared(other)

    def __hash__(self) -> int:
        return hash((self.__class__, *_hashed(self)))

    def __repr__(self) -> str:
        parts: list[str] = []
        for field in _fields(self):
            if field.repr is False:
                continue
            value = getattr(self, field.name)
            parts.append(f"{field.name}={field.repr(value) if callable(field.repr) else repr(value)}")
        return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({', '.join(parts)})"


def _fields(obj: object) -> tuple[attrs.Attribute[Any], ...]:
    return cast("tuple[attrs.Attribute[Any], ...]", attrs.fields(cast(Any, type(obj))))


def _value(obj: object, field: attrs.Attribute[Any]) -> Any:
    value: Any = getattr(obj, field.name)
    key: Callable[[Any], Any] | None = getattr(field, "eq_key", None)  # (not in attrs' stubs)
    return value if key is None else key(value)


def _compared(obj: object) -> tuple[Any, ...]:
    return tuple(_value(obj, field) for field in _fields(obj) if field.eq)


def _hashed(obj: object) -> tuple[Any, ...]:
    return tuple(
        _value(obj, field)
        for field in _fields(obj)
        if field.hash is True or (field.hash is None and field.eq)
    )
