"""The wire format: JSON lines ↔ typed frames, through one cattrs converter.

:func:`decode_line` never raises for a JSON line: anything it cannot type becomes an ``Unknown*`` object
that carries the raw JSON, and :func:`encode_line` writes it back unchanged.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

import orjson

from ..model import Frame, UnknownMessage
from ._converter import Malformed as _Malformed
from ._converter import WireConverter, converter, make_converter

T = TypeVar("T")

__all__ = [
    "DecodeError",
    "MalformedError",
    "WireConverter",
    "converter",
    "decode_line",
    "decode_value",
    "encode_line",
    "encode_value",
    "make_converter",
    "structure",
    "unstructure",
]


class DecodeError(ValueError):
    """A line is not JSON at all.  ``line`` holds the raw text (never lost)."""

    def __init__(self, message: str, line: bytes) -> None:
        super().__init__(message)
        self.line = line


_loads = orjson.loads
_dumps = orjson.dumps
_structure_frame = converter.structure_frame
_unstructure_frame = converter.unstructure_frame
_OPT_NEWLINE = orjson.OPT_APPEND_NEWLINE


def decode_line(line: bytes | str) -> Frame:
    """Decode one JSON line into its typed frame.

    Raises :class:`DecodeError` if the line is not JSON.  Any JSON value decodes: an unknown ``type``, a
    non-object or a known type whose fields do not fit become :class:`~trio_claude.model.UnknownMessage`
    (or another ``Unknown*`` class) with the raw JSON.
    """
    try:
        value = _loads(line)
    except orjson.JSONDecodeError as exc:
        raw = line.encode() if isinstance(line, str) else bytes(line)
        raise DecodeError(f"not a JSON line: {exc}", raw) from None
    try:
        return _structure_frame(value)
    except RecursionError:
        return _too_deep(value)


def decode_value(value: Any) -> Frame:
    """Type an already-parsed JSON value, like :func:`decode_line`."""
    try:
        return _structure_frame(value)
    except RecursionError:
        return _too_deep(value)


def _too_deep(value: Any) -> UnknownMessage:
    # Content blocks nest (a tool result holds blocks): a value nested deeper than Python's stack allows
    # stays JSON rather than crash the reader.
    return UnknownMessage(raw=value, error="nested too deeply to type")


def encode_line(frame: Frame) -> bytes:
    """Encode a frame as one compact JSON line (UTF-8 bytes ending in ``\\n``)."""
    return _dumps(_unstructure_frame(frame), option=_OPT_NEWLINE)


def encode_value(frame: Frame) -> Any:
    """The JSON value of a frame (what :func:`encode_line` serialises)."""
    return _unstructure_frame(frame)


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


def unstructure(obj: Any) -> Any:
    """The JSON value of any wire object."""
    return _unstructure_frame(obj)


class MalformedError(ValueError):
    """A JSON value does not fit the wire class it was structured as; ``value`` is the raw JSON."""

    def __init__(self, message: str, value: Any) -> None:
        super().__init__(message)
        self.value = value
