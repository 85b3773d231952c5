"""The base of every wire class: keyword-only, frozen, slotted, and lossless.

Every typed class keeps the keys it does not know in :attr:`WireObject.extra`, so that re-encoding a
decoded frame reproduces its input.  Nothing here knows how fields are spelled on the wire; that is the
job of :mod:`trio_claude.wire`.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from types import MappingProxyType
from typing import Any, ClassVar, TypeAlias, cast

import attrs

JSONValue: TypeAlias = Any
"""Any JSON value, as :func:`orjson.loads` returns it.  Treat it as read-only."""

JSONObject: TypeAlias = Mapping[str, Any]
"""A JSON object.  Treat it as read-only."""

EMPTY: JSONObject = MappingProxyType({})
"""The shared empty mapping used for objects without unknown keys."""


@attrs.frozen(kw_only=True)
class WireObject:
    """Base of every typed wire class.

    ``extra`` holds the keys of the JSON object that the class has no field for (and explicit ``null``
    values of fields that are normally left out), so that nothing the peer sent is ever lost and
    re-encoding reproduces the input.
    """

    extra: JSONObject = attrs.field(default=EMPTY, repr=False)

    def __repr__(self) -> str:
        # Only the fields that are set: most optional fields are None on any given frame.
        parts = [
            f"{field.name}={getattr(self, field.name)!r}"
            for field in attrs.fields(type(self))
            if field.name != "extra" and getattr(self, field.name) is not None
        ]
        if self.extra:
            parts.append(f"extra={dict(self.extra)!r}")
        return f"{type(self).__name__}({', '.join(parts)})"


@attrs.frozen(kw_only=True)
class BaseUnknown:
    """Base of the ``Unknown*`` classes: a JSON value that could not be typed, kept exactly as received.

    ``raw`` is the value as received (sent back unchanged when re-encoded); ``error`` says why it did not
    fit its class (``None`` when only its tag is unknown) and takes no part in equality.
    """

    raw: JSONValue
    error: str | None = attrs.field(default=None, eq=False)


def json_get(value: object, key: str) -> object:
    """``value[key]`` if ``value`` is a JSON object that has ``key``, else ``None``."""
    if isinstance(value, dict):
        return cast("dict[str, object]", value).get(key)
    return None


def json_str(value: object, key: str) -> str | None:
    """``value[key]`` if ``value`` is a JSON object whose ``key`` is a string, else ``None``."""
    found = json_get(value, key)
    return found if isinstance(found, str) else None


def always_sent(default: Any = None) -> Any:
    """A field that is always on the wire, even when it is ``None`` (written as ``null``), but that Python
    callers may leave out (e.g. ``parent_tool_use_id``)."""
    return attrs.field(default=default, metadata={"always_sent": True})


class WireMapping(Mapping[str, JSONValue]):
    """Read-only mapping access, by wire key, to the JSON form of a wire object: ``obj["tool_name"]``,
    ``obj.get("tool_input")``, ``"tool_name" in obj``, ``keys()``/``items()``, ``dict(obj)``.

    The typed fields stay the primary API; this lets code written against plain JSON dicts (the official
    Python SDK's hook inputs) read the same object unchanged.  The JSON form is the one the converter writes
    (``json_form``, installed by :mod:`trio_claude.wire`: nothing here knows the wire spelling); it is
    computed on each access, so reading many keys is quicker through one ``dict(obj)``.
    """

    __slots__ = ()

    json_form: ClassVar[Callable[[Any], Any]]
    """The object's JSON form (set by :mod:`trio_claude.wire`)."""

    def _json(self) -> JSONObject:
        value = WireMapping.json_form(self)
        return cast(JSONObject, value) if isinstance(value, dict) else EMPTY

    def __getitem__(self, key: str) -> JSONValue:
        return self._json()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._json())

    def __len__(self) -> int:
        return len(self._json())

    def __contains__(self, key: object) -> bool:
        return key in self._json()

    def keys(self) -> KeysView[str]:
        """The wire keys."""
        return self._json().keys()

    def items(self) -> ItemsView[str, JSONValue]:
        """The ``(wire key, JSON value)`` pairs."""
        return self._json().items()

    def values(self) -> ValuesView[JSONValue]:
        """The JSON values."""
        return self._json().values()
