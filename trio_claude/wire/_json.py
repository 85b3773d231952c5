"""JSON text ↔ Python values: orjson, and the standard library for the one thing orjson refuses.

JSON strings are sequences of UTF-16 code units, so a string may hold a *lone surrogate*: Node's
``JSON.stringify`` writes ``"\\ud83d"`` for a string cut inside a surrogate pair (a truncated tool output,
say).  orjson works in UTF-8 and refuses such strings both ways.  So orjson stays the first choice (the
hot path pays nothing) and only what it refuses is retried here with the standard library, configured
to accept exactly what orjson accepts *plus* lone surrogates:

* reading: no ``NaN``/``Infinity``, no number that overflows a double, integers beyond 64 bits read as
  floats, UTF-8 only — as orjson;
* writing: the value is first reduced to plain JSON by orjson's rules (``str`` keys only, integers within
  64 bits, non-finite floats as ``null``, arrays (tuples too) and objects nested at most 254 deep, the
  types orjson serialises natively converted by orjson itself), and every lone surrogate is written as
  its ``\\uXXXX`` escape, so the output is valid UTF-8 JSON that reads back to the same string.

A value with a lone surrogate therefore reads and writes exactly as it would without one.
"""

from __future__ import annotations

import functools
import json
import math
import re
from typing import Any, NoReturn

import orjson

__all__ = ["DecodeError", "EncodeError", "dumps", "loads"]


class DecodeError(ValueError):
    """A line is not JSON at all.  ``line`` holds the raw text (never lost)."""

    def __init__(self, message: str, line: bytes) -> None:
        super().__init__(message)
        self.line = line


class EncodeError(TypeError):
    """A value cannot be written as JSON: a type JSON has no form for (a path, a set, an arbitrary
    object), a non-string key, an integer beyond 64 bits, or a cycle."""


# -- reading ---------------------------------------------------------------------------------------------

_INT_MIN = -(2**63)
_INT_END = 2**64  # orjson reads integers in [-2**63, 2**64) as int, larger ones as float
_MAX_DEPTH = 254  # orjson writes arrays and objects nested at most this deep
_MAX_READ_DEPTH = 1024  # and reads them nested at most this deep


@functools.cache
def _empty_arrays_count() -> bool:
    """Whether the installed orjson counts an empty array towards its depth limit (3.12 and newer do;
    older ones write ``[]`` even one level past it), so that the fallback writes exactly what it would."""
    value: Any = []
    for _ in range(_MAX_DEPTH):
        value = [value]
    try:
        orjson.dumps(value)
    except orjson.JSONEncodeError:
        return True
    return False


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _finite(number: float, text: str) -> float:
    if math.isinf(number):
        raise ValueError(f"number is infinity when parsed as double: {text[:40]}")
    return number


def _parse_float(text: str) -> float:
    return _finite(float(text), text)


def _parse_int(text: str) -> int | float:
    number = int(text)
    return number if _INT_MIN <= number < _INT_END else _finite(float(text), text)


_STD_DECODER = json.JSONDecoder(
    parse_float=_parse_float, parse_int=_parse_int, parse_constant=_reject_constant, strict=True
)


def loads_lone_surrogates(data: bytes | str) -> Any:
    """Parse what orjson refused: valid JSON whose strings hold lone surrogates.

    Raises :class:`ValueError` (or :class:`RecursionError`) for anything else orjson refuses.
    """
    text = data if isinstance(data, str) else bytes(data).decode("utf-8")
    value = _STD_DECODER.decode(text)
    _check_read_depth(value)
    return value


def _check_read_depth(value: Any) -> None:
    """Refuse what orjson would: arrays and objects nested deeper than it reads. (The standard
    parser's own bound is the interpreter's recursion limit, far deeper on Python 3.13 and newer.)"""
    level: list[Any] = [value]
    depth = 0
    while level:
        level = [
            item
            for container in level
            if isinstance(container, (list, dict))
            for item in (container.values() if isinstance(container, dict) else container)  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        ]
        depth += 1
        if depth > _MAX_READ_DEPTH:
            raise ValueError(f"arrays and objects nested deeper than {_MAX_READ_DEPTH}")


def raw_line(data: bytes | str) -> bytes:
    """``data`` as bytes, for :class:`DecodeError` (a ``str`` may hold lone surrogates: kept as is)."""
    return data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)


def loads(data: bytes | str) -> Any:
    """Parse one JSON text (``bytes`` in UTF-8, or ``str``), lone surrogates included.

    Raises :class:`DecodeError` (with the raw data) when it is not JSON.
    """
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        error = exc
    try:
        return loads_lone_surrogates(data)
    except (ValueError, RecursionError):
        raise DecodeError(f"not JSON: {error}", raw_line(data)) from None


# -- writing ---------------------------------------------------------------------------------------------

_SURROGATE = "[\ud800-\udfff]"  # compiled on first use (re's cache)

_STD_ENCODER = json.JSONEncoder(
    ensure_ascii=False, allow_nan=False, check_circular=False, separators=(",", ":")
)


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def _plain(value: Any, depth: int = 0) -> Any:
    """``value`` as plain JSON (dict, list, str, int, float, bool, None), by orjson's rules: subclasses of
    ``str``, ``int``, ``dict`` and ``list`` are serialised, of ``tuple`` and ``float`` not; keys must be
    exactly ``str``; ``value`` sits inside ``depth`` arrays or objects, and at most ``_MAX_DEPTH`` nest."""
    if value is None or value is True or value is False:
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):  # (not a bool: True and False are the only bools, returned above)
        if not _INT_MIN <= value < _INT_END:
            raise EncodeError("Integer exceeds 64-bit range")
        return int.__index__(value)
    if type(value) is float:
        return value if math.isfinite(value) else None
    if isinstance(value, dict | list) or type(value) is tuple:
        if depth == _MAX_DEPTH and (value or not isinstance(value, list) or _empty_arrays_count()):
            raise EncodeError("Recursion limit reached")
        depth += 1
    if isinstance(value, dict):
        plain: dict[str, Any] = {}
        for key, item in value.items():  # pyright: ignore[reportUnknownVariableType]
            if type(key) is not str:  # pyright: ignore[reportUnknownArgumentType]
                raise EncodeError("Dict key must be str")
            plain[key] = _plain(item, depth)
        return plain
    if isinstance(value, list) or type(value) is tuple:  # pyright: ignore[reportUnknownArgumentType]
        return [_plain(item, depth) for item in value]  # pyright: ignore[reportUnknownVariableType]
    # Dataclasses, datetimes, enums, UUIDs…: what orjson makes of them (or its error).
    try:
        converted = orjson.loads(orjson.dumps(value))
    except orjson.JSONEncodeError as exc:
        raise EncodeError(str(exc)) from None
    return _plain(converted, depth)  # (orjson counted its depth from 0 here: count it again from ours)


def dumps_lone_surrogates(value: Any) -> bytes:
    """Write what orjson refused: ``value`` with its lone surrogates escaped (UTF-8, compact).

    Raises :class:`EncodeError` when ``value`` is not JSON for another reason too.
    """
    try:
        text = _STD_ENCODER.encode(_plain(value))
    except RecursionError:  # called with little stack left: refused as a too deep value
        raise EncodeError("Recursion limit reached") from None
    return re.sub(_SURROGATE, _escape, text).encode()


def dumps(value: Any) -> bytes:
    """``value`` as compact UTF-8 JSON, lone surrogates included (as ``\\uXXXX`` escapes).

    Raises :class:`EncodeError` (a :class:`TypeError`) when ``value`` is not JSON.
    """
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:
        return dumps_lone_surrogates(value)
