"""An explicit JSON Schema checked by hand: a validator for the common keywords (unknown keywords are
ignored).
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .. import wire
from ._schema import (
    ToolInputError,
    _check_float,
    _check_int,
    _child,
    _describe,
    _json_type,
    _mismatch,
)

_JSON_TYPE_CHECKS: dict[str, Callable[[object], bool]] = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: _check_int(v) is not None,
    "number": lambda v: _check_float(v) is not None,
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def _any_value(value: object) -> bool:
    return True


def validate_json_schema(value: object, schema: object, path: str = "") -> None:
    """Check ``value`` against a JSON Schema: ``type``, ``enum``, ``const``, ``properties``, ``required``,
    ``additionalProperties``, ``items``, ``prefixItems``, ``minItems``/``maxItems``,
    ``minimum``/``maximum`` (and the exclusive forms), ``minLength``/``maxLength``, ``pattern``,
    ``anyOf``/``oneOf``/``allOf``.  Other keywords are not checked.

    Raises :class:`ToolInputError` at the first problem.
    """
    if schema is True or schema is None:
        return
    if schema is False:
        raise ToolInputError(path, "no value is allowed here")
    if not isinstance(schema, Mapping):
        return
    s = typing.cast(Mapping[str, Any], schema)
    if "type" in s:
        declared: Any = s["type"]
        types_: list[Any] = declared if isinstance(declared, list) else [declared]  # pyright: ignore[reportUnknownVariableType]
        if not any(_JSON_TYPE_CHECKS.get(name, _any_value)(value) for name in types_):
            raise _mismatch(" or ".join(map(str, types_)), value, path)
    if "enum" in s and not any(
        value == option and _json_type(value) == _json_type(option) for option in s["enum"]
    ):
        raise _mismatch("one of " + ", ".join(wire.dumps(o).decode() for o in s["enum"]), value, path)
    if "const" in s and not (value == s["const"] and _json_type(value) == _json_type(s["const"])):
        raise _mismatch(wire.dumps(s["const"]).decode(), value, path)
    for keyword in ("anyOf", "oneOf"):
        if keyword in s:
            passed = 0
            for option in s[keyword]:
                try:
                    validate_json_schema(value, option, path)
                except ToolInputError:
                    continue
                passed += 1
            if passed == 0 or (keyword == "oneOf" and passed > 1):
                raise ToolInputError(path, f"{_describe(value)} does not match the schema ({keyword})")
    for option in s.get("allOf", ()):
        validate_json_schema(value, option, path)
    if isinstance(value, dict):
        _validate_object(typing.cast(dict[str, object], value), s, path)
    elif isinstance(value, list):
        _validate_array(typing.cast(list[object], value), s, path)
    elif isinstance(value, str):
        if "minLength" in s and len(value) < s["minLength"]:
            raise ToolInputError(path, f"shorter than {s['minLength']} characters")
        if "maxLength" in s and len(value) > s["maxLength"]:
            raise ToolInputError(path, f"longer than {s['maxLength']} characters")
        if "pattern" in s and re.search(s["pattern"], value) is None:
            raise ToolInputError(path, f"does not match the pattern {s['pattern']!r}")
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in s and value < s["minimum"]:
            raise ToolInputError(path, f"less than the minimum {s['minimum']}")
        if "maximum" in s and value > s["maximum"]:
            raise ToolInputError(path, f"more than the maximum {s['maximum']}")
        if "exclusiveMinimum" in s and value <= s["exclusiveMinimum"]:
            raise ToolInputError(path, f"not more than {s['exclusiveMinimum']}")
        if "exclusiveMaximum" in s and value >= s["exclusiveMaximum"]:
            raise ToolInputError(path, f"not less than {s['exclusiveMaximum']}")


def _validate_object(value: dict[str, object], s: Mapping[str, Any], path: str) -> None:
    properties: Mapping[str, Any] = s.get("properties", {})
    missing = [name for name in s.get("required", ()) if name not in value]
    if missing:
        raise ToolInputError(path, "missing required " + ", ".join(repr(name) for name in missing))
    extra = s.get("additionalProperties", True)
    for key, item in value.items():
        if key in properties:
            validate_json_schema(item, properties[key], _child(path, key))
        elif extra is False:
            known = ", ".join(properties) or "none"
            raise ToolInputError(path, f"unexpected property {key!r} (known: {known})")
        else:
            validate_json_schema(item, extra, _child(path, key))


def _validate_array(value: list[object], s: Mapping[str, Any], path: str) -> None:
    if "minItems" in s and len(value) < s["minItems"]:
        raise ToolInputError(path, f"fewer than {s['minItems']} items")
    if "maxItems" in s and len(value) > s["maxItems"]:
        raise ToolInputError(path, f"more than {s['maxItems']} items")
    prefix: Sequence[Any] = s.get("prefixItems", ())
    for index, item in enumerate(value):
        item_schema = prefix[index] if index < len(prefix) else s.get("items", True)
        validate_json_schema(item, item_schema, f"{path}[{index}]")
