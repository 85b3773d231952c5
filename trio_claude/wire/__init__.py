"""The wire format: JSON lines ↔ typed frames, through one cattrs converter.

:func:`decode_line` never raises for a JSON line: anything it cannot type becomes an ``Unknown*`` object
that carries the raw JSON, and :func:`encode_line` writes it back unchanged.  JSON strings holding a lone
UTF-16 surrogate (``"\\ud83d"``, as Node writes a string cut inside a surrogate pair) are JSON too: they
decode to Python strings holding that surrogate and are written back as the same escape.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar, cast

import orjson

from .. import model
from .._exports import fix_module as _fix_module
from ..model import BaseUnknown, UnknownMessage, WireMapping, WireObject
from ..model._base import WIRE_HOOKS as _WIRE_HOOKS
from ._converter import Malformed as _Malformed, WireConverter, converter, make_converter
from ._json import (
    DecodeError,
    EncodeError,
    dumps,
    dumps_lone_surrogates as _dumps_lone_surrogates,
    loads,
    loads_lone_surrogates as _loads_lone_surrogates,
    raw_line as _raw_line,
)
from ._strict import problems as _problems, unalias as _unalias

T = TypeVar("T")

__all__ = [
    "DecodeError",
    "EncodeError",
    "MalformedError",
    "WireConverter",
    "converter",
    "decode_line",
    "decode_value",
    "dumps",
    "encode_line",
    "encode_value",
    "loads",
    "make_converter",
    "check",
    "structure",
    "structure_as_written",
    "structure_strict",
    "unstructure",
]


_loads = orjson.loads
_dumps = orjson.dumps
_structure_frame = converter.structure_frame
_unstructure_frame = converter.unstructure_frame
_OPT_NEWLINE = orjson.OPT_APPEND_NEWLINE


def decode_line(line: bytes | str) -> model.Frame:
    """Decode one JSON line into its typed frame.

    Raises :class:`DecodeError` if the line is not JSON.  Any JSON value decodes: an unknown ``type``, a
    non-object or a known type whose fields do not fit become :class:`~trio_claude.model.UnknownMessage`
    (or another ``Unknown*`` class) with the raw JSON.
    """
    try:
        value = _loads(line)
    except orjson.JSONDecodeError as exc:
        value = _decode_refused(line, exc)
    try:
        return _structure_frame(value)
    except RecursionError:
        return _too_deep(value)


def _decode_refused(line: bytes | str, error: orjson.JSONDecodeError) -> Any:
    """The value of a line orjson refused: JSON with lone surrogates, else :class:`DecodeError`."""
    try:
        return _loads_lone_surrogates(line)
    except (ValueError, RecursionError):
        raise DecodeError(f"not a JSON line: {error}", _raw_line(line)) from None


def decode_value(value: Any) -> model.Frame:
    """Type an already-parsed JSON value, like :func:`decode_line`."""
    try:
        return _structure_frame(value)
    except RecursionError:
        return _too_deep(value)


def _too_deep(value: Any) -> UnknownMessage:
    # Content blocks nest (a tool result holds blocks): a value nested deeper than Python's stack allows
    # stays JSON rather than crash the reader.
    return UnknownMessage(raw=value, error="nested too deeply to type")


def encode_line(frame: model.Frame) -> bytes:
    """Encode a frame as one compact JSON line (UTF-8 bytes ending in ``\\n``).

    Raises :class:`EncodeError` (a :class:`TypeError`) when the frame holds a value that is not JSON (a
    path, a set, an arbitrary object in a JSON field, or something else than a wire object in a typed
    field).
    """
    try:
        value = _unstructure_frame(frame)
    except Exception as exc:
        raise _not_a_wire_object(frame, exc) from exc
    try:
        return _dumps(value, option=_OPT_NEWLINE)
    except orjson.JSONEncodeError:
        return _dumps_lone_surrogates(value) + b"\n"


def encode_value(frame: model.Frame) -> Any:
    """The JSON value of a frame (what :func:`encode_line` serialises).

    Raises :class:`EncodeError` when a typed field holds something else than its wire class.
    """
    try:
        return _unstructure_frame(frame)
    except Exception as exc:
        raise _not_a_wire_object(frame, exc) from exc


def _not_a_wire_object(obj: object, exc: Exception) -> EncodeError:
    # A typed field holding something else than its wire class: the converter names the class it met.
    return EncodeError(f"cannot encode {type(obj).__name__}: {exc}")


def structure(value: Any, cls: type[T]) -> T:
    """Type a JSON value as ``cls`` (any wire class, e.g. a control response payload).

    Raises :class:`MalformedError` when ``value`` does not fit ``cls``, and :class:`TypeError` when ``cls``
    is not a wire class.
    """
    hook = converter.wire_structure_hook(cls)
    try:
        return cast(T, hook(value, cls))
    except _Malformed as exc:
        raise MalformedError(str(exc), value) from None


def structure_strict(value: Any, cls: Any) -> Any:
    """Type a JSON value written by hand in Python (e.g. a hook's dict answer) as ``cls``, strictly.

    Like :func:`structure`, and also: a top-level key may use the Python spelling of a keyword key
    (``continue_``, ``async_``, as the official Python SDK allows); every key must be known, no part may be
    ``Unknown*`` and every ``Literal`` field must hold one of its values, for there a key this version does
    not know is a typo rather than a newer protocol.  Raises :class:`MalformedError` naming each problem by
    its wire path, and :class:`TypeError` when ``cls`` is not a wire class.
    """
    try:
        unaliased = _unalias(value, cls)
    except _Malformed as exc:
        raise MalformedError(str(exc), value) from None
    obj = structure(unaliased, cls)
    found = list(_problems(obj))
    if found:
        raise MalformedError("; ".join(found), value)
    return obj


def structure_as_written(value: Any, cls: Any) -> Any:
    """Type a JSON value written by hand in Python as ``cls``, keeping what this version does not know: for
    an answer to something newer than this version (a hook event a newer CLI added), which must reach the
    CLI as it was written.

    Like :func:`structure` (a key no field knows stays in ``extra``, a part no class fits is an
    ``Unknown*`` object, a new enumeration value a plain string: :func:`unstructure` gives ``value`` back),
    and, as in :func:`structure_strict`, a top-level key may use the Python spelling of a keyword key
    (``continue_``).  Raises :class:`MalformedError` only where a value cannot be what its key always is
    (``"continue": "no"``), and :class:`TypeError` when ``cls`` is not a wire class.
    """
    try:
        unaliased = _unalias(value, cls)
    except _Malformed as exc:
        raise MalformedError(str(exc), value) from None
    return structure(unaliased, cls)


def check(obj: Any) -> None:
    """Check a wire object built in Python: each field holds what decoding would accept there and each
    ``Literal`` field one of its values.  Keys in ``extra`` and ``Unknown*`` parts are allowed (in typed
    code they are deliberate).  Raises :class:`MalformedError`; :class:`TypeError` for a non-wire object."""
    if not isinstance(obj, WireObject | BaseUnknown):
        raise TypeError(f"{obj!r} is not a wire object")
    cls: Any = obj.__class__
    value = unstructure(obj)
    structure(value, cls)
    found = list(_problems(obj, allow_unknown=True))
    if found:
        raise MalformedError("; ".join(found), value)


def unstructure(obj: Any) -> Any:
    """The JSON value of any wire object.

    Raises :class:`EncodeError` when ``obj`` is not a wire object, or holds something else than its wire
    class in a typed field.  (Values in JSON fields are checked only when written.)
    """
    if not isinstance(obj, WireObject | BaseUnknown):
        raise EncodeError(f"{type(obj).__name__} is not a wire object")
    try:
        return _unstructure_frame(obj)
    except Exception as exc:
        raise _not_a_wire_object(obj, exc) from exc


# Hook inputs read like their JSON (mapping access by wire key) through the converter.
WireMapping.json_form = staticmethod(unstructure)


class MalformedError(ValueError):
    """A JSON value does not fit the wire class it was structured as; ``value`` is the raw JSON."""

    def __init__(self, message: str, value: Any) -> None:
        super().__init__(message)
        self.value = value


def _structure_any(value: Any, tp: Any) -> Any:
    """Type a JSON value as any model type (a class, a union of classes, a tuple of them...)."""
    try:
        return converter.get_structure_hook(tp)(value, tp)
    except _Malformed as exc:
        raise MalformedError(str(exc), value) from None


def _unstructure_any(value: Any) -> Any:
    """The JSON of any typed value: a wire object, a tuple of them, a JSON value."""
    if isinstance(value, (tuple, list)):
        return [_unstructure_any(item) for item in cast("Sequence[Any]", value)]
    if isinstance(value, WireObject | BaseUnknown):
        return unstructure(value)
    return value


def _load_tool_spelling() -> None:
    from . import _tools  # noqa: F401  # pyright: ignore[reportUnusedImport]  # registers the keys on import


# The model modules loaded on first use (the typed tool inputs and outputs, PermissionUpdate.from_dict and
# to_dict...) reach the converter here.
_WIRE_HOOKS.structure = _structure_any
_WIRE_HOOKS.unstructure = _unstructure_any
_WIRE_HOOKS.load_tool_spelling = _load_tool_spelling


_fix_module(__name__, {name: globals()[name] for name in __all__})
