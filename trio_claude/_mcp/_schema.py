"""A JSON Schema and an argument converter from type hints: what ``@tool`` derives from a function's
signature.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import enum
import math
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, Literal, TypeAlias, Union

import attrs

from .. import wire
from ..model import JSONObject


class ToolInputError(ValueError):
    """Raised by :meth:`SdkMcpTool.bind` when the arguments do not fit the tool's input schema.

    ``path`` names the offending value (``"items[2].name"``; empty for the arguments object itself).  The
    model reads ``str(error)`` in an error result and can correct its call.
    """

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


Convert: TypeAlias = Callable[[object, str], object]
"""Check a JSON value found at a path and return it converted; raises :class:`ToolInputError`."""


@attrs.frozen
class _Node:
    schema: JSONObject
    convert: Convert
    expected: str


def _child(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    kind: dict[type, str] = {
        str: "a string",
        int: "an integer",
        float: "a number",
        list: "an array",
        dict: "an object",
    }
    text = wire.dumps(value).decode() if isinstance(value, (str, int, float)) else ""
    name = kind.get(type(value), type(value).__name__)
    return f"{name} ({text[:40]})" if text else name


def _mismatch(node_expected: str, value: object, path: str) -> ToolInputError:
    return ToolInputError(path, f"expected {node_expected}, got {_describe(value)}")


def _is_json_primitive(value: object) -> bool:
    return (
        value is None
        or isinstance(value, (str, bool, int))
        or (isinstance(value, float) and math.isfinite(value))
    )


def _scalar(schema_type: str, expected: str, check: Callable[[object], object | None]) -> _Node:
    def convert(value: object, path: str) -> object:
        converted = check(value)
        if converted is None:  # no check accepts None
            raise _mismatch(expected, value, path)
        return converted

    return _Node({"type": schema_type}, convert, expected)


def _check_str(value: object) -> object | None:
    return value if isinstance(value, str) else None


def _check_bool(value: object) -> object | None:
    return value if isinstance(value, bool) else None


def _check_int(value: object) -> object | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _check_float(value: object) -> object | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _identity(value: object, path: str) -> object:
    return value


def _null(value: object, path: str) -> object:
    if value is not None:
        raise _mismatch("null", value, path)
    return None


_NO_DEFAULT: Any = object()


@attrs.frozen
class _Property:
    name: str
    node: _Node
    required: bool
    default: object = _NO_DEFAULT


def _object_node(
    properties: Sequence[_Property],
    *,
    extra: _Node | None,
    build: Callable[[dict[str, object]], object],
    expected: str = "an object",
) -> _Node:
    schema: dict[str, Any] = {"type": "object", "properties": {}}
    props: dict[str, Any] = {}
    for prop in properties:
        prop_schema = dict(prop.node.schema)
        if prop.default is not _NO_DEFAULT and _is_json_primitive(prop.default):
            prop_schema["default"] = prop.default
        props[prop.name] = prop_schema
    schema["properties"] = props
    required = [prop.name for prop in properties if prop.required]
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False if extra is None else (extra.schema or True)
    by_name = {prop.name: prop for prop in properties}

    def convert(value: object, path: str) -> object:
        if not isinstance(value, Mapping):
            raise _mismatch(expected, value, path)
        result: dict[str, object] = {}
        for raw_key, item in typing.cast(Mapping[object, object], value).items():
            key = str(raw_key)
            prop = by_name.get(key)
            if prop is not None:
                result[key] = prop.node.convert(item, _child(path, key))
            elif extra is not None:
                result[key] = extra.convert(item, _child(path, key))
            else:
                known = ", ".join(by_name) or "none"
                raise ToolInputError(path, f"unexpected property {key!r} (known: {known})")
        missing = [prop.name for prop in properties if prop.required and prop.name not in result]
        if missing:
            raise ToolInputError(path, "missing required " + ", ".join(repr(name) for name in missing))
        return build(result)

    return _Node(schema, convert, expected)


def _resolved_hints(owner: Any) -> dict[str, Any]:
    try:
        return typing.get_type_hints(owner, include_extras=True)
    except NameError as exc:
        raise TypeError(
            f"cannot resolve the type hints of {owner!r} ({exc}); define the types it uses at module level"
        ) from None


def _class_node(cls: type[Any], seen: frozenset[Any]) -> _Node | None:
    """attrs classes, dataclasses and TypedDicts."""
    if attrs.has(cls):
        hints = _resolved_hints(cls)
        props: list[_Property] = []
        for field in attrs.fields(cls):
            if not field.init:
                continue
            has_default = field.default is not attrs.NOTHING
            plain_default = has_default and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
            node = _compile(hints.get(field.name, Any), seen)
            default = field.default if plain_default else _NO_DEFAULT
            props.append(_Property(field.alias or field.name, node, not has_default, default))
        return _object_node(props, extra=None, build=_constructor(cls))
    if dataclasses.is_dataclass(cls):
        hints = _resolved_hints(cls)
        props = []
        for dfield in dataclasses.fields(typing.cast(Any, cls)):
            if not dfield.init:
                continue
            has_default = (
                dfield.default is not dataclasses.MISSING or dfield.default_factory is not dataclasses.MISSING
            )
            default = _NO_DEFAULT if dfield.default is dataclasses.MISSING else dfield.default
            node = _compile(hints.get(dfield.name, Any), seen)
            props.append(_Property(dfield.name, node, not has_default, default))
        return _object_node(props, extra=None, build=_constructor(cls))
    if typing.is_typeddict(cls):
        hints = _resolved_hints(cls)
        required_keys: frozenset[str] = getattr(cls, "__required_keys__", frozenset(hints))
        props = [_Property(key, _compile(hint, seen), key in required_keys) for key, hint in hints.items()]
        return _object_node(props, extra=None, build=dict)
    return None


def _constructor(cls: type[Any]) -> Callable[[dict[str, object]], object]:
    def build(values: dict[str, object]) -> object:
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise ToolInputError("", f"invalid {cls.__name__}: {exc}") from None

    return build


def _wrapper_name(origin: object) -> str | None:
    return getattr(origin, "_name", None)


def _compile(tp: Any, seen: frozenset[Any] = frozenset()) -> _Node:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Annotated:
        node = _compile(args[0], seen)
        constraints = [meta for meta in args[1:] if not isinstance(meta, str)]
        if constraints:  # e.g. pydantic's Field(le=10): it would be neither in the schema nor checked
            raise TypeError(
                f"cannot make a JSON Schema for {tp!r}: of Annotated's metadata only a string (the "
                f"description) is read, not {constraints[0]!r}; give the tool an explicit input_schema"
            )
        notes = typing.cast(list[str], list(args[1:]))
        if notes:
            node = attrs.evolve(node, schema={**node.schema, "description": " ".join(notes)})
        return node
    if _wrapper_name(origin) in ("Required", "NotRequired", "ReadOnly"):
        return _compile(args[0], seen)
    if tp is Any or tp is object:
        return _Node({}, _identity, "any value")
    if tp is None or tp is type(None):
        return _Node({"type": "null"}, _null, "null")
    if tp is bool:
        return _scalar("boolean", "true or false", _check_bool)
    if tp is int:
        return _scalar("integer", "an integer", _check_int)
    if tp is float:
        return _scalar("number", "a number", _check_float)
    if tp is str:
        return _scalar("string", "a string", _check_str)
    if origin is Literal:
        return _literal_node(args)
    if origin is Union or origin is types.UnionType:
        return _union_node([_compile(arg, seen) for arg in args])
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_node(tp)
    if tp in (list, tuple, collections.abc.Sequence) or origin in (list, collections.abc.Sequence):
        item = _compile(args[0], seen) if args else _compile(Any)
        return _array_node(item, tuple if tp is tuple else list)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _array_node(_compile(args[0], seen), tuple)
        return _fixed_tuple_node([_compile(arg, seen) for arg in args])
    if tp in (dict, collections.abc.Mapping) or origin in (dict, collections.abc.Mapping):
        if args and args[0] is not str:
            raise TypeError(f"cannot make a JSON Schema for {tp!r}: JSON object keys are strings")
        value = _compile(args[1], seen) if args else _compile(Any)
        return _object_node([], extra=value, build=dict)
    if isinstance(tp, type):
        if tp in seen:
            raise TypeError(f"cannot make a JSON Schema for the recursive type {tp.__name__}")
        class_node = _class_node(tp, seen | {tp})
        if class_node is not None:
            return class_node
    raise TypeError(f"cannot make a JSON Schema for {tp!r}; give the tool an explicit input_schema")


def _literal_node(options: tuple[Any, ...]) -> _Node:
    for option in options:
        if not _is_json_primitive(option):
            raise TypeError(f"Literal values must be JSON scalars, not {option!r}")
    schema: dict[str, Any] = {"enum": list(options)}
    kinds = {_json_type(option) for option in options}
    if len(kinds) == 1:
        schema["type"] = kinds.pop()
    expected = "one of " + ", ".join(wire.dumps(option).decode() for option in options)

    def convert(value: object, path: str) -> object:
        for option in options:
            if value == option and _json_type(value) == _json_type(option):
                return option
        raise _mismatch(expected, value, path)

    return _Node(schema, convert, expected)


def _enum_node(cls: type[enum.Enum]) -> _Node:
    node = _literal_node(tuple(member.value for member in cls))

    def convert(value: object, path: str) -> object:
        return cls(node.convert(value, path))

    return _Node(node.schema, convert, node.expected)


def _union_node(nodes: list[_Node]) -> _Node:
    expected = " or ".join(dict.fromkeys(node.expected for node in nodes))

    def convert(value: object, path: str) -> object:
        deepest: ToolInputError | None = None
        for node in nodes:
            try:
                return node.convert(value, path)
            except ToolInputError as exc:
                if exc.path != path and deepest is None:
                    deepest = exc  # the value had the right shape; say what was wrong inside it
        raise deepest or _mismatch(expected, value, path)

    return _Node({"anyOf": [node.schema for node in nodes]}, convert, expected)


def _array_node(item: _Node, build: Callable[[list[object]], object]) -> _Node:
    def convert(value: object, path: str) -> object:
        if not isinstance(value, list):
            raise _mismatch("an array", value, path)
        elements = typing.cast(list[object], value)
        return build([item.convert(element, f"{path}[{index}]") for index, element in enumerate(elements)])

    schema: dict[str, Any] = {"type": "array"}
    if item.schema:
        schema["items"] = item.schema
    return _Node(schema, convert, "an array")


def _fixed_tuple_node(items: list[_Node]) -> _Node:
    expected = f"an array of {len(items)} items"

    def convert(value: object, path: str) -> object:
        elements = typing.cast(list[object], value) if isinstance(value, list) else None
        if elements is None or len(elements) != len(items):
            raise _mismatch(expected, value, path)  # pyright: ignore[reportUnknownArgumentType]
        return tuple(
            node.convert(element, f"{path}[{index}]")
            for index, (node, element) in enumerate(zip(items, elements, strict=True))
        )

    schema: dict[str, Any] = {
        "type": "array",
        "prefixItems": [node.schema for node in items],
        "items": False,
        "minItems": len(items),
        "maxItems": len(items),
    }
    return _Node(schema, convert, expected)


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def schema_for(tp: Any) -> JSONObject:
    """The JSON Schema :func:`tool` makes for the type hint ``tp``.

    Raises ``TypeError`` for a type it cannot describe.
    """
    return _compile(tp).schema


def convert_value(tp: Any, value: object) -> object:
    """Check a JSON ``value`` against the type hint ``tp`` and convert it (e.g. an object to an attrs
    instance), as :func:`tool` does for each argument.  Raises :class:`ToolInputError` or ``TypeError``."""
    return _compile(tp).convert(value, "")
