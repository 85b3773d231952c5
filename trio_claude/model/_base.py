"""The base of every wire class: keyword-only, frozen, slotted, and lossless.

Every typed class keeps the keys it does not know in :attr:`WireObject.extra`, so that re-encoding a
decoded frame reproduces its input.  Nothing here knows how fields are spelled on the wire; that is the
job of :mod:`trio_claude.wire`.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, SupportsIndex, TypeAlias, TypeVar, cast

import attrs

from .._redact import is_secret_key, redact

T = TypeVar("T")


class FrozenList(list[T]):
    """A list that cannot change: the value of every list-valued field of a decoded message, of the options
    and of their values.

    It is a :class:`list` (``isinstance(value, list)``, ``value == ["Read"]``, ``json.dumps``), as the
    official Python SDK's fields are, and it equals the :class:`tuple` of its items too (as this SDK's
    fields were tuples) and hashes as that tuple, so that a frozen object holding it stays hashable.  Every
    method that would change it raises :class:`TypeError`; ``list(value)`` is a list to change.  Slicing,
    ``+`` and ``*`` give plain lists, as for any list subclass.
    """

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]  # list sets __hash__ = None
        return hash(tuple(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return tuple(self) == other
        return super().__eq__(other)

    def __ne__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return tuple(self) != other
        return super().__ne__(other)

    def __reduce__(self) -> tuple[type[FrozenList[T]], tuple[list[T]]]:
        # pickle, copy and deepcopy: rebuilt from its items (a list subclass is otherwise rebuilt by
        # append/extend, which refuse).
        return (type(self), (list(self),))

    def _frozen(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError(
            f"this {type(self).__name__} cannot change (message and option fields are frozen): "
            "make a list of it to change, list(value)"
        )

    if not TYPE_CHECKING:  # type checkers see list's methods (the field annotations are Sequence)
        append = extend = insert = remove = pop = clear = sort = reverse = _frozen
        __setitem__ = __delitem__ = __iadd__ = __imul__ = _frozen


EMPTY_LIST: FrozenList[Any] = FrozenList()
"""The shared empty :class:`FrozenList`, the default of list-valued fields that default to no items."""

JSONValue: TypeAlias = Any
"""Any JSON value, as :func:`orjson.loads` returns it.  Treat it as read-only."""

JSONObject: TypeAlias = Mapping[str, Any]
"""A JSON object.  Treat it as read-only."""

EMPTY: JSONObject = MappingProxyType({})
"""The shared empty mapping used for objects without unknown keys."""


@attrs.frozen(kw_only=True, eq=False)
class WireObject:
    """Base of every typed wire class.

    ``extra`` holds the keys of the JSON object that the class has no field for (and explicit ``null``
    values of fields that are normally left out), so that nothing the peer sent is ever lost and
    re-encoding reproduces the input.

    Instances are equal when they are of the same class and their fields are equal, field by field in
    order, as with attrs' own ``eq``; they are not hashable (``extra`` is a mapping).
    """

    # Subclasses are declared ``@attrs.frozen(kw_only=True, repr=False, eq=False)``: the equality below
    # and the repr are shared, so attrs compiles no ``__eq__``/``__hash__``/``__repr__`` per class (the
    # bulk of what importing the ~250 model classes cost).

    extra: JSONObject = attrs.field(default=EMPTY, repr=False)

    def __eq__(self, other: object) -> bool:
        # What attrs generates (``self.a == other.a and self.b == other.b ...``), driven by the fields.
        if other.__class__ is not self.__class__:
            return NotImplemented
        result: object = True
        for name, key in _compared(self.__class__):
            mine, theirs = getattr(self, name), getattr(other, name)
            result = mine == theirs if key is None else key(mine) == key(theirs)
            if not result:
                break
        return cast(bool, result)

    __hash__ = None  # type: ignore[assignment]  # unhashable, as ``extra`` always made it

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        # pickle, copy.copy and copy.deepcopy: the fields by name, ``extra`` as a plain dict (the shared
        # EMPTY is a mappingproxy, which cannot be pickled); rebuilt without running ``__init__``, as
        # attrs' own ``__setstate__`` does.
        state = {field.name: getattr(self, field.name) for field in attrs.fields(type(self))}
        state["extra"] = dict(self.extra)
        return (_rebuild, (type(self), state))

    def __repr__(self) -> str:
        # Only the fields that are set (most optional fields are None on any given frame), bulky ones as a
        # summary (fields declared with ``repr=brief``), and long unknown values in ``extra`` shortened:
        # a repr is for reading; the data itself is untouched (``==``, encoding, attribute access).
        parts: list[str] = []
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            if field.name == "extra" or value is None or field.repr is False:
                continue
            shown = field.repr(value) if callable(field.repr) else repr(value)
            parts.append(f"{field.name}={shown}")
        if self.extra:
            extra = ", ".join(
                f"{key!r}: {brief(redact(value, is_secret_key(key)))}" for key, value in self.extra.items()
            )
            parts.append(f"extra={{{extra}}}")
        return f"{type(self).__name__}({', '.join(parts)})"


def _rebuild(cls: type[WireObject], state: dict[str, Any]) -> WireObject:
    """A wire object from what :meth:`WireObject.__reduce_ex__` saved (an empty ``extra`` is EMPTY again)."""
    obj = object.__new__(cls)
    for name, value in state.items():
        object.__setattr__(obj, name, EMPTY if name == "extra" and not value else value)
    return obj


_COMPARED: dict[type, tuple[tuple[str, Callable[[Any], Any] | None], ...]] = {}


def _compared(cls: type) -> tuple[tuple[str, Callable[[Any], Any] | None], ...]:
    """The fields ``==`` compares on instances of ``cls`` (``eq=True``), with their ``eq_key``; found once."""
    try:
        return _COMPARED[cls]
    except KeyError:
        found = tuple((field.name, field.eq_key) for field in attrs.fields(cls) if field.eq)
        _COMPARED[cls] = found
        return found


REPR_WIDTH = 80
"""How long the repr of one value may be before :func:`brief` summarises it."""


def brief(value: object) -> str:
    """The repr of ``value`` when it is short, else a summary: how many items, and the first few by name
    (``<42 SlashCommand: init, review, ...>``, ``<12 keys: inputTokens, ...>``, ``'abc...' (5123 chars)``).

    Used as the ``repr`` of bulky fields (``attrs.field(repr=brief)``) and for values in ``extra``."""
    text = repr(value)
    if len(text) <= REPR_WIDTH:
        return text
    if isinstance(value, Mapping):
        items = cast("Mapping[object, object]", value)
        return _summary(len(items), "key" if len(items) == 1 else "keys", [str(key) for key in items])
    if isinstance(value, (tuple, list)):
        items_seq = cast("tuple[object, ...] | list[object]", value)
        kinds = {type(item).__name__ for item in items_seq}
        kind = kinds.pop() if len(kinds) == 1 else "items"
        return _summary(len(items_seq), kind, [label for item in items_seq if (label := _label(item))])
    if isinstance(value, str):
        return f"{value[: REPR_WIDTH - 20]!r}... ({len(value)} chars)"
    return f"{text[: REPR_WIDTH - 3]}..."


def brief_redacted(value: object) -> str:
    """:func:`brief` of ``value`` with its secrets redacted (:func:`trio_claude._redact.redact`): the repr of
    the fields that can hold options' secrets (MCP server configs, settings, an environment)."""
    return brief(redact(value))


def _summary(count: int, kind: str, labels: list[str]) -> str:
    shown: list[str] = []
    width = len(kind) + 8
    for label in labels:
        width += len(label) + 2
        if width > REPR_WIDTH:
            shown.append("...")
            break
        shown.append(label)
    return f"<{count} {kind}{': ' if shown else ''}{', '.join(shown)}>"


def _label(item: object) -> str | None:
    """What names an item in a summary: a string itself, else its ``name``/``value``."""
    if isinstance(item, str):
        return item
    for key in ("name", "value", "tool_name"):
        if isinstance(item, Mapping):
            found = cast("Mapping[str, object]", item).get(key)
        else:
            found = cast(object, getattr(item, key, None))
        if isinstance(found, str):
            return found
    return None


class WireTag:
    """A class attribute that reads the class's tag on the wire, e.g. a hook class's ``hook_event_name``
    (``"PreToolUse"``).  The tag tables of :mod:`trio_claude.wire` say which tag a class has, so each is
    written once, there (``lookup`` is installed by that package); a class without a tag has no value
    (:class:`AttributeError`)."""

    lookup: ClassVar[Callable[[type], str]]
    """The tag of a class (set by :mod:`trio_claude.wire`)."""

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return WireTag.lookup(owner if owner is not None else type(instance))


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


def needs_capability(capability: str) -> Any:
    """An optional field of a request that only a CLI saying ``capability`` honours (in the
    ``capabilities`` of its ``initialize`` answer or of ``system/init``); another ignores it.  The session
    refuses to send a request that sets it to such a CLI (see :func:`capabilities_needed`)."""
    return attrs.field(default=None, metadata={"capability": capability})


def capabilities_needed(obj: object) -> dict[str, str]:
    """The fields of ``obj`` (an attrs instance) that are set and need a capability: field name →
    capability (see :func:`needs_capability`)."""
    cls: Any = type(obj)
    if not attrs.has(cls):
        return {}
    return {
        field.name: field.metadata["capability"]
        for field in attrs.fields(cls)
        if "capability" in field.metadata and getattr(obj, field.name) is not None
    }


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


class WireHooks:
    """What :mod:`trio_claude.wire` installs in :data:`WIRE_HOOKS` for the model modules loaded on first use
    (the model imports no wire): ``structure(value, type)`` types a JSON value as any model type and raises
    :class:`~trio_claude.wire.MalformedError` when it does not fit; ``unstructure(value)`` is the JSON of
    any typed value (a wire object, a tuple of them, a JSON value); ``load_tool_spelling()`` teaches the
    converter the wire keys of :mod:`trio_claude.model.tools` (called once, when that module loads)."""

    structure: Callable[[Any, Any], Any]
    unstructure: Callable[[Any], Any]
    load_tool_spelling: Callable[[], None]


WIRE_HOOKS = WireHooks()
"""The one :class:`WireHooks`, filled in by :mod:`trio_claude.wire`."""


class LazyUnion:
    """A union alias whose members load on first use, as a field's type at run time: the type checkers
    see the union itself (``if TYPE_CHECKING:``); the converter dispatches on the alias' tag table, so that
    a member class is created only when its tag is first seen; :meth:`resolve` imports the union."""

    __slots__ = ("module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name

    def resolve(self) -> Any:
        """The union itself (its module loaded)."""
        import importlib

        return getattr(importlib.import_module(self.module), self.name)

    def __call__(self, *args: object, **kwargs: object) -> NoReturn:
        # Callable only so that Python 3.10's typing accepts it where a type is expected (``get_type_hints``
        # checks ``callable(hint)`` there); a union has no instances of its own.
        raise TypeError(f"{self!r} is a union of classes: build one of its members")

    def __repr__(self) -> str:  # the name users import it by (and the docs know): ``trio_claude.model.X``
        face = ".".join(part for part in self.module.split(".") if not part.startswith("_"))
        return f"{face}.{self.name}"
