"""Tools for in-process MCP servers: a JSON Schema from type hints, argument checks, and tool results.

Pure Python, no I/O: :func:`tool` turns an async function into an :class:`SdkMcpTool`, whose
:meth:`~SdkMcpTool.call` validates and converts the model's arguments, runs the function and shapes what it
returns (or raises) into an MCP ``CallToolResult``.
"""

from __future__ import annotations

import base64
import collections.abc
import dataclasses
import enum
import inspect
import logging
import math
import re
import types
import typing
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Annotated, Any, Generic, Literal, ParamSpec, TypeAlias, TypeVar, Union

import attrs

from .. import wire
from ..model import JSONObject, JSONValue

logger = logging.getLogger("trio_claude")

P = ParamSpec("P")
R = TypeVar("R")


class ToolInputError(ValueError):
    """Raised by :meth:`SdkMcpTool.bind` when the arguments do not fit the tool's input schema.

    ``path`` names the offending value (``"items[2].name"``; empty for the arguments object itself).  The
    model reads ``str(error)`` in an error result and can correct its call.
    """

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


# --------------------------------------------------------------------------------------------------
# What a tool sees and returns
# --------------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class ToolContext:
    """About one call of a tool.  A tool gets it by declaring a parameter annotated ``ToolContext``
    (any name; it is not part of the input schema)."""

    server_name: str
    """The in-process server the call came to."""
    tool_name: str
    """The tool's name on that server (the model sees ``mcp__<server>__<tool>``)."""
    tool_use_id: str | None = None
    """The model's ``tool_use`` id (``_meta["claudecode/toolUseId"]``), as the permission callback and hooks
    see it."""
    progress_token: str | int | None = None
    """The MCP progress token the CLI sent (``_meta.progressToken``)."""
    meta: JSONObject = attrs.field(factory=dict[str, JSONValue])
    """The request's whole ``_meta`` object."""


def _either(snake: str, snake_value: Any, wire_value: Any) -> Any:
    if snake_value is not None and wire_value is not None:
        wire = _ANNOTATION_WIRE_NAMES[snake]
        raise TypeError(f"ToolAnnotations: give one of {snake} and {wire}, not both {snake} and {wire}")
    return wire_value if snake_value is None else snake_value


def _optional(kind: type, description: str) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value is None:
            return
        fits = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
        if not fits:
            raise TypeError(f"ToolAnnotations.{attribute.name} must be {description}, not {value!r}")

    return check


_ANNOTATION_WIRE_NAMES: dict[str, str] = {
    "title": "title",
    "read_only_hint": "readOnlyHint",
    "destructive_hint": "destructiveHint",
    "idempotent_hint": "idempotentHint",
    "open_world_hint": "openWorldHint",
    "max_result_size_chars": "maxResultSizeChars",
}


@attrs.frozen(kw_only=True, init=False)
class ToolAnnotations:
    """Hints about a tool's behaviour (MCP ``ToolAnnotations``); the CLI shows them and may use them for
    permissions.  ``None`` fields are not sent.

    Each hint takes either spelling, as the official SDK's ``ToolAnnotations`` does:
    ``ToolAnnotations(read_only_hint=True)`` is ``ToolAnnotations(readOnlyHint=True)``.  Raises ``TypeError``
    for a value of the wrong type or a hint given in both spellings.
    """

    title: str | None = attrs.field(default=None, validator=_optional(str, "a string"))
    """A human-readable title."""
    read_only_hint: bool | None = attrs.field(default=None, validator=_optional(bool, "true or false"))
    """The tool does not change its environment."""
    destructive_hint: bool | None = attrs.field(default=None, validator=_optional(bool, "true or false"))
    """The tool may destroy or overwrite things (meaningful when not read-only)."""
    idempotent_hint: bool | None = attrs.field(default=None, validator=_optional(bool, "true or false"))
    """Calling it again with the same arguments has no further effect."""
    open_world_hint: bool | None = attrs.field(default=None, validator=_optional(bool, "true or false"))
    """The tool talks to an open world (the web) rather than a closed domain."""
    max_result_size_chars: int | None = attrs.field(default=None, validator=_optional(int, "an integer"))
    """How much of a result the CLI keeps inline, in characters (a Claude Code setting rather than an MCP
    hint, sent in the tool's ``_meta`` as ``anthropic/maxResultSizeChars``, like :func:`tool`'s
    ``max_result_size_chars``)."""

    def __init__(
        self,
        *,
        title: str | None = None,
        read_only_hint: bool | None = None,
        destructive_hint: bool | None = None,
        idempotent_hint: bool | None = None,
        open_world_hint: bool | None = None,
        max_result_size_chars: int | None = None,
        readOnlyHint: bool | None = None,
        destructiveHint: bool | None = None,
        idempotentHint: bool | None = None,
        openWorldHint: bool | None = None,
        maxResultSizeChars: int | None = None,
    ) -> None:
        self.__attrs_init__(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
            title=title,
            read_only_hint=_either("read_only_hint", read_only_hint, readOnlyHint),
            destructive_hint=_either("destructive_hint", destructive_hint, destructiveHint),
            idempotent_hint=_either("idempotent_hint", idempotent_hint, idempotentHint),
            open_world_hint=_either("open_world_hint", open_world_hint, openWorldHint),
            max_result_size_chars=_either("max_result_size_chars", max_result_size_chars, maxResultSizeChars),
        )

    @classmethod
    def from_value(cls, value: object) -> ToolAnnotations:
        """``value`` as annotations: a :class:`ToolAnnotations`, a mapping with keys in either spelling
        (``{"readOnlyHint": True}``), or an ``mcp.types.ToolAnnotations`` (any object with pydantic's
        ``model_dump``).  Raises ``TypeError`` for anything else or an unknown key."""
        if isinstance(value, ToolAnnotations):
            return value
        dump = getattr(value, "model_dump", None)
        if callable(dump):
            value = dump(by_alias=True, exclude_none=True)
        if not isinstance(value, Mapping):
            raise TypeError(
                "annotations must be ToolAnnotations(...), a mapping such as {'readOnlyHint': True} or an "
                f"mcp.types.ToolAnnotations, not {value!r}"
            )
        accepted = {**{wire: wire for wire in _ANNOTATION_WIRE_NAMES.values()}, **_ANNOTATION_WIRE_NAMES}
        fields: dict[str, Any] = {}
        for key, item in typing.cast(Mapping[object, object], value).items():
            if key not in accepted:
                known = ", ".join(_ANNOTATION_WIRE_NAMES.values())
                raise TypeError(f"unknown annotation {key!r} (known: {known}, or their snake_case spellings)")
            fields[str(key)] = item
        return cls(**fields)

    def to_json(self) -> JSONObject:
        """The MCP JSON object (camelCase keys; ``max_result_size_chars`` goes in the tool's ``_meta``)."""
        fields = {
            "title": self.title,
            "readOnlyHint": self.read_only_hint,
            "destructiveHint": self.destructive_hint,
            "idempotentHint": self.idempotent_hint,
            "openWorldHint": self.open_world_hint,
        }
        return {key: value for key, value in fields.items() if value is not None}


@attrs.frozen(kw_only=True)
class TextContent:
    """A text block of a tool result."""

    text: str

    def to_json(self) -> JSONObject:
        """The MCP content block."""
        return {"type": "text", "text": self.text}


@attrs.frozen(kw_only=True)
class ImageContent:
    """An image block of a tool result: base64 ``data`` of type ``mime_type`` (see :meth:`from_bytes`)."""

    data: str
    mime_type: str

    @classmethod
    def from_bytes(cls, data: bytes, mime_type: str) -> ImageContent:
        """An image from raw bytes (base64-encoded here)."""
        return cls(data=base64.b64encode(data).decode("ascii"), mime_type=mime_type)

    def to_json(self) -> JSONObject:
        """The MCP content block."""
        return {"type": "image", "data": self.data, "mimeType": self.mime_type}


@attrs.frozen(kw_only=True)
class EmbeddedResource:
    """A resource embedded in a tool result: its ``uri`` and either ``text`` or base64 ``blob``.

    Raises ``ValueError`` unless exactly one of ``text`` and ``blob`` is given.
    """

    uri: str
    text: str | None = None
    blob: str | None = None
    mime_type: str | None = None

    def __attrs_post_init__(self) -> None:
        if (self.text is None) == (self.blob is None):
            raise ValueError("an embedded resource has exactly one of text and blob")

    def to_json(self) -> JSONObject:
        """The MCP content block."""
        resource: dict[str, Any] = {"uri": self.uri}
        if self.mime_type is not None:
            resource["mimeType"] = self.mime_type
        if self.text is not None:
            resource["text"] = self.text
        else:
            resource["blob"] = self.blob
        return {"type": "resource", "resource": resource}


ToolContent: TypeAlias = TextContent | ImageContent | EmbeddedResource
"""One content block of a tool result."""


def _to_content(value: Sequence[ToolContent]) -> tuple[ToolContent, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class CallToolResult:
    """A whole MCP tool result, for tools that need more than a string or content blocks."""

    content: Sequence[ToolContent] = attrs.field(default=(), converter=_to_content)
    """What the model reads."""
    is_error: bool = False
    """Mark the result as a failure (the model sees an error tool result)."""
    structured_content: JSONObject | None = None
    """Machine-readable output (MCP ``structuredContent``)."""
    meta: JSONObject | None = None
    """MCP ``_meta``."""

    def to_json(self) -> JSONObject:
        """The MCP ``CallToolResult`` object."""
        result: dict[str, Any] = {"content": [block.to_json() for block in self.content]}
        if self.is_error:
            result["isError"] = True
        if self.structured_content is not None:
            result["structuredContent"] = self.structured_content
        if self.meta is not None:
            result["_meta"] = self.meta
        return result


def error_result(message: str) -> JSONObject:
    """A ``CallToolResult`` telling the model that the call failed with ``message``."""
    return CallToolResult(content=[TextContent(text=message)], is_error=True).to_json()


_CONTENT_TYPES = (TextContent, ImageContent, EmbeddedResource)


def result_json(value: object) -> JSONObject:
    """Shape a tool's return value into a ``CallToolResult`` object.

    A :class:`CallToolResult` is sent as it is; a string becomes a text block; a content block or a
    sequence of them is the content; ``None`` is an empty result.  A result dict as the official SDK's tools
    return it — ``{"content": [...], "is_error": True}``, keys among ``content``, ``is_error``/``isError``,
    ``structuredContent`` and ``_meta``, with ``content`` a list — is checked and sent as an MCP result.  Any
    other JSON value is sent as its JSON text.  Raises ``TypeError`` for anything else, and for a result
    dict that is malformed (naming the offending part).
    """
    if isinstance(value, CallToolResult):
        return value.to_json()
    if isinstance(value, str):
        return {"content": [{"type": "text", "text": value}]}
    if isinstance(value, _CONTENT_TYPES):
        return {"content": [value.to_json()]}
    if value is None:
        return {"content": []}
    if isinstance(value, (list, tuple)):
        items = typing.cast(Sequence[object], value)
        if items and all(isinstance(item, _CONTENT_TYPES) for item in items):
            return {"content": [typing.cast(ToolContent, item).to_json() for item in items]}
    if isinstance(value, Mapping):
        shaped = _result_dict(typing.cast(Mapping[object, object], value))
        if shaped is not None:
            return shaped
    try:
        text = wire.dumps(value).decode()
    except TypeError:
        kind = type(value).__name__  # pyright: ignore[reportUnknownArgumentType]
        raise TypeError(f"a tool returned an unsupported value of type {kind}") from None
    return {"content": [{"type": "text", "text": text}]}


_RESULT_KEYS = frozenset({"content", "is_error", "isError", "structuredContent", "_meta"})

# The MCP content blocks the CLI reads in a tool result, and the string fields each must have.
_BLOCK_FIELDS: dict[str, tuple[str, ...]] = {
    "text": ("text",),
    "image": ("data", "mimeType"),
    "audio": ("data", "mimeType"),
    "resource": ("resource",),
    "resource_link": ("uri", "name"),
}


def _invalid(problem: str) -> TypeError:
    return TypeError(f"invalid tool result: {problem}")


def _result_dict(value: Mapping[object, object]) -> JSONObject | None:
    """The MCP result of a result dict, or ``None`` when ``value`` is not shaped like one."""
    content = value.get("content")
    if not isinstance(content, (list, tuple)) or not value.keys() <= _RESULT_KEYS:
        return None
    blocks = typing.cast(Sequence[object], content)
    result: dict[str, Any] = {
        "content": [_content_block(block, f"content[{index}]") for index, block in enumerate(blocks)]
    }
    for key in ("is_error", "isError"):
        flag = value.get(key, False)
        if not isinstance(flag, bool):
            raise _invalid(f"{key} must be true or false, not {flag!r}")
        if flag:
            result["isError"] = True
    for key in ("structuredContent", "_meta"):
        if key in value:
            if not isinstance(value[key], Mapping):
                raise _invalid(f"{key} must be an object, not {value[key]!r}")
            result[key] = value[key]
    try:
        wire.dumps(result)
    except TypeError as exc:
        raise _invalid(f"not JSON ({exc})") from None
    return result


def _content_block(block: object, where: str) -> JSONObject:
    if isinstance(block, _CONTENT_TYPES):
        return block.to_json()
    if not isinstance(block, Mapping):
        raise _invalid(f"{where} must be an object with a type, not {block!r}")
    fields = typing.cast(Mapping[str, object], block)
    kind = fields.get("type")
    required = _BLOCK_FIELDS.get(kind) if isinstance(kind, str) else None
    if required is None or not isinstance(kind, str):
        raise _invalid(f"{where}: unknown type {kind!r} (content blocks are {', '.join(_BLOCK_FIELDS)})")
    if any(name not in fields for name in required):
        article = "an" if kind[0] in "aeiou" else "a"
        raise _invalid(f"{where}: {article} {kind} block needs {' and '.join(required)}")
    for name in required:
        if name != "resource" and not isinstance(fields[name], str):
            raise _invalid(f"{where}.{name} must be a string, not {fields[name]!r}")
    if kind == "resource":
        resource = fields["resource"]
        if not isinstance(resource, Mapping):
            raise _invalid(f"{where}.resource must be an object, not {resource!r}")
        resource_fields = typing.cast(Mapping[str, object], resource)
        texts = [key for key in ("text", "blob") if isinstance(resource_fields.get(key), str)]
        if not isinstance(resource_fields.get("uri"), str) or len(texts) != 1:
            raise _invalid(f"{where}.resource needs a uri and either text or blob (strings)")
    return dict(fields)


# --------------------------------------------------------------------------------------------------
# Type hints → JSON Schema + a converter
# --------------------------------------------------------------------------------------------------

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
        notes = [meta for meta in args[1:] if isinstance(meta, str)]
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


# --------------------------------------------------------------------------------------------------
# An explicit JSON Schema: a validator for the common keywords (unknown keywords are ignored)
# --------------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------------
# Tools
# --------------------------------------------------------------------------------------------------


def _is_context(tp: Any) -> bool:
    """``ToolContext``, possibly ``Annotated`` or optional."""
    while typing.get_origin(tp) is Annotated:
        tp = typing.get_args(tp)[0]
    if typing.get_origin(tp) in (Union, types.UnionType):
        return ToolContext in typing.get_args(tp)
    return tp is ToolContext


class SdkMcpTool(Generic[P, R]):
    """A tool of an in-process MCP server, made by :func:`tool`.

    Calling it (``await add(2, 3)``, or ``await add({"a": 2, "b": 3})`` for a handler taking the arguments
    dict) calls the function directly; the server uses :meth:`call`.
    """

    __slots__ = (
        "_args_param",
        "_context_param",
        "_input",
        "annotations",
        "description",
        "function",
        "input_schema",
        "meta",
        "name",
    )

    def __init__(
        self,
        function: Callable[P, Awaitable[R]],
        *,
        name: str,
        description: str,
        input_schema: Mapping[str, Any] | type | None = None,
        annotations: ToolAnnotations | Mapping[str, Any] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        if not inspect.iscoroutinefunction(function):
            raise TypeError(f"tool {name!r}: {function!r} is not an async function")
        self.function = function
        """The decorated function."""
        self.name = name
        """The tool's name on its server."""
        self.description = description
        """What the model is told the tool does."""
        try:
            self.annotations = None if annotations is None else ToolAnnotations.from_value(annotations)
            """Behaviour hints."""
        except TypeError as exc:
            raise TypeError(f"tool {name!r}: {exc}") from None
        self.meta: dict[str, Any] = dict(meta or {})
        """The tool's ``_meta`` in ``tools/list`` (e.g. ``anthropic/alwaysLoad``)."""
        if self.annotations is not None and self.annotations.max_result_size_chars is not None:
            self.meta.setdefault("anthropic/maxResultSizeChars", self.annotations.max_result_size_chars)
        plan = _plan(function, name, input_schema)
        self.input_schema: JSONObject = plan.schema
        """The JSON Schema of the arguments (MCP ``inputSchema``)."""
        self._input = plan.convert
        self._args_param = plan.args_param
        self._context_param = plan.context_param

    @property
    def handler(self) -> Callable[P, Awaitable[R]]:
        """The decorated function (the official SDK's name for it)."""
        return self.function

    @property
    def takes_arguments_dict(self) -> bool:
        """Whether the function takes the arguments as one dict (the official SDK's form) rather than as
        keyword arguments."""
        return self._args_param is not None

    @property
    def always_load(self) -> bool:
        """Whether the tool is offered to the model up front rather than found through ``ToolSearch``."""
        return self.meta.get("anthropic/alwaysLoad") is True

    def definition(self) -> JSONObject:
        """The tool as ``tools/list`` describes it."""
        definition: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "inputSchema": self.input_schema,
        }
        if self.annotations is not None:
            annotations = self.annotations.to_json()
            if annotations:
                definition["annotations"] = annotations
        if self.meta:
            definition["_meta"] = self.meta
        return definition

    def bind(self, arguments: object) -> dict[str, object]:
        """Check and convert the model's ``arguments``: the function's keyword arguments, or (for a function
        taking the arguments dict) that dict, checked against the schema and not converted.

        Raises :class:`ToolInputError` when they do not fit.
        """
        if arguments is None:
            arguments = {}
        return typing.cast(dict[str, object], self._input(arguments, ""))

    async def call(self, arguments: object, context: ToolContext) -> JSONObject:
        """Run the tool for the model and return the MCP ``CallToolResult`` object.

        Invalid arguments, a raising function, or an unsupported return value give an error result the
        model can read; cancellation propagates (the call is abandoned).
        """
        try:
            bound = self.bind(arguments)
        except ToolInputError as exc:
            return error_result(f"Invalid input for tool {self.name}: {exc}")
        args: tuple[object, ...] = ()
        kwargs: dict[str, object] = bound
        if self._args_param is not None:
            args, kwargs = (bound,), {}
        if self._context_param is not None:
            kwargs[self._context_param] = context
        try:
            value = await typing.cast(Callable[..., Awaitable[R]], self.function)(*args, **kwargs)
            return result_json(value)
        except Exception as exc:
            logger.debug("tool %s raised", self.name, exc_info=True)
            return error_result(str(exc) or type(exc).__name__)

    async def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return await self.function(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<SdkMcpTool {self.name!r}>"


# --------------------------------------------------------------------------------------------------
# How a tool takes its arguments: from the function's signature and the input schema given
# --------------------------------------------------------------------------------------------------


@attrs.frozen
class _Plan:
    schema: JSONObject
    convert: Convert
    """The model's arguments → the keyword arguments, or the arguments dict (``args_param``)."""
    args_param: str | None
    """The one parameter that takes the arguments dict (the official SDK's form), else ``None``."""
    context_param: str | None


# The keywords a JSON Schema of an object may have at its top (anything else means the dict was meant as
# the ``{"name": type}`` short form, with a JSON value by mistake).
_SCHEMA_KEYWORDS = frozenset(
    {
        "$schema", "$id", "$ref", "$defs", "$comment", "$anchor", "$dynamicRef", "$dynamicAnchor",
        "definitions", "type", "properties", "required", "additionalProperties", "patternProperties",
        "propertyNames", "unevaluatedProperties", "minProperties", "maxProperties", "dependentRequired",
        "dependentSchemas", "dependencies", "title", "description", "default", "examples", "deprecated",
        "readOnly", "writeOnly", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "enum", "const",
    }
)  # fmt: skip

_ACCEPTED_SCHEMAS = (
    'a JSON Schema dict ({"type": "object", "properties": {...}}), a {name: type} dict ({"a": float}) '
    "or a TypedDict class"
)


def _is_type_hint(value: object) -> bool:
    """Whether a value of an ``input_schema`` dict is a Python type (the short form), not JSON."""
    return (
        isinstance(value, type)
        or value is Any
        or typing.get_origin(value) is not None
        or isinstance(value, types.UnionType)
    )


def _schema_of(input_schema: object, name: str) -> tuple[JSONObject, bool]:
    """The JSON Schema ``input_schema`` stands for, and whether it was given as Python types."""
    if isinstance(input_schema, Mapping):
        given = typing.cast(Mapping[object, object], input_schema)
        hints = [_is_type_hint(value) for value in given.values()]
        if all(hints):  # the short form (an empty dict too: no arguments)
            props: list[_Property] = []
            for key, hint in given.items():
                if not isinstance(key, str):
                    raise TypeError(f"tool {name!r}: input_schema names are strings, not {key!r}")
                try:
                    props.append(_Property(key, _compile(hint), True))
                except TypeError as exc:
                    raise TypeError(f"tool {name!r}, input_schema {key!r}: {exc}") from None
            return _object_node(props, extra=None, build=dict).schema, True
        if any(hints):
            raise TypeError(
                f"tool {name!r}: the input_schema dict mixes Python types and JSON; give " + _ACCEPTED_SCHEMAS
            )
        for key in given:
            if not isinstance(key, str) or not (key in _SCHEMA_KEYWORDS or key.startswith("x-")):
                raise TypeError(
                    f"tool {name!r}: input_schema key {key!r} is not a JSON Schema keyword; in the "
                    f"{{name: type}} form, give Python types ({{{key!r}: str}}); "
                    f"accepted: {_ACCEPTED_SCHEMAS}"
                )
        schema = dict(typing.cast(Mapping[str, Any], given))
        try:
            wire.dumps(schema)
        except TypeError as exc:
            raise TypeError(
                f"tool {name!r}: the input_schema JSON Schema is not JSON ({exc}); Python types go in the "
                '{name: type} form ({"a": float})'
            ) from None
        if schema.get("type", "object") != "object":
            raise ValueError(f"tool {name!r}: an input schema must describe an object")
        schema.setdefault("type", "object")
        return schema, False
    if isinstance(input_schema, type) and typing.is_typeddict(input_schema):
        return _compile(input_schema).schema, True
    raise TypeError(f"tool {name!r}: input_schema must be {_ACCEPTED_SCHEMAS}, not {input_schema!r}")


def _hints(function: Callable[..., Any], schema_given: bool) -> dict[str, Any]:
    try:
        return typing.get_type_hints(function, include_extras=True)
    except NameError:
        if not schema_given:
            return _resolved_hints(function)  # raises a TypeError that says what to do
        # With a schema given, the hints only tell which parameter takes the context.
        annotations: dict[str, Any] = getattr(function, "__annotations__", {})
        return {
            key: ToolContext if isinstance(hint, str) and hint.split(".")[-1] == "ToolContext" else Any
            for key, hint in annotations.items()
        }


def _plan(function: Callable[..., Any], name: str, input_schema: object) -> _Plan:
    """How ``function`` takes the model's arguments (see :func:`tool`); raises ``TypeError`` (or
    ``ValueError`` for a JSON Schema that does not describe an object) for combinations that cannot work."""
    hints = _hints(function, input_schema is not None)
    context_param: str | None = None
    params: list[inspect.Parameter] = []
    for param in inspect.signature(function).parameters.values():
        if _is_context(hints.get(param.name, Any)):
            context_param = param.name
        else:
            params.append(param)
    if input_schema is None:
        node = _signature_node(params, hints, name)
        return _Plan(node.schema, node.convert, None, context_param)
    schema, from_types = _schema_of(input_schema, name)
    properties = schema.get("properties")
    names: set[str] = (
        set(typing.cast(Mapping[str, Any], properties)) if isinstance(properties, Mapping) else set()
    )
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    single = params[0] if len(params) == 1 and params[0].kind in positional else None
    if single is not None and not _is_dict_hint(hints.get(single.name, Any)):
        single = None  # e.g. ``async def forecast(city: str)``: takes a property, not the arguments dict
    check = _schema_checker(schema)
    if single is not None and (from_types or single.name not in names):
        return _Plan(schema, check, single.name, context_param)
    if from_types:
        if not params and not names:
            return _Plan(schema, check, None, context_param)
        function_name = getattr(function, "__name__", "handler")
        raise TypeError(
            f"tool {name!r}: with an input_schema of Python types the function takes one argument, the "
            f"arguments dict (async def {function_name}(args)); for a function with typed parameters, "
            "leave input_schema out: the schema comes from their type hints"
        )
    _check_keyword_parameters(params, names, name)
    return _Plan(schema, check, None, context_param)


def _is_dict_hint(hint: Any) -> bool:
    """Whether a parameter annotated ``hint`` can take the arguments dict (no hint, ``Any``, a mapping type
    or a ``TypedDict``)."""
    while typing.get_origin(hint) is Annotated:
        hint = typing.get_args(hint)[0]
    if hint is Any or hint is object:
        return True
    origin = typing.get_origin(hint) or hint
    if isinstance(origin, type) and issubclass(origin, collections.abc.Mapping):
        return True
    return isinstance(hint, type) and typing.is_typeddict(hint)


def _check_keyword_parameters(params: list[inspect.Parameter], names: set[str], name: str) -> None:
    """A function taking a JSON Schema's properties as keyword arguments must have one parameter per
    property (or ``**kwargs``) and no other required one."""
    takes_any = False
    known = ", ".join(sorted(names)) or "none"
    for param in params:
        if param.kind is inspect.Parameter.VAR_KEYWORD:
            takes_any = True
        elif param.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.POSITIONAL_ONLY):
            raise TypeError(f"tool {name!r}: parameter {param.name!r} cannot be passed by keyword")
        elif param.name not in names and param.default is inspect.Parameter.empty:
            raise TypeError(
                f"tool {name!r}: parameter {param.name!r} is not a property of the input_schema "
                f"(properties: {known}); the function takes either the properties as parameters, or one "
                "argument: the arguments dict"
            )
    missing = sorted(names - {param.name for param in params})
    if missing and not takes_any:
        raise TypeError(
            f"tool {name!r}: input_schema property {missing[0]!r} is not a parameter of the function; add "
            "it, take **kwargs, or take one argument: the arguments dict"
        )


def _schema_checker(schema: JSONObject) -> Convert:
    def convert(value: object, path: str) -> object:
        validate_json_schema(value, schema, path)
        return dict(typing.cast(Mapping[str, object], value))

    return convert


def _signature_node(params: list[inspect.Parameter], hints: Mapping[str, Any], name: str) -> _Node:
    """The arguments object of a function taking them as parameters (one property per parameter)."""
    props: list[_Property] = []
    extra: _Node | None = None
    for param in params:
        hint = hints.get(param.name, Any)
        if param.kind is inspect.Parameter.VAR_KEYWORD:
            extra = _compile(hint)
            continue
        if param.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.POSITIONAL_ONLY):
            raise TypeError(f"tool {name!r}: parameter {param.name!r} cannot be passed by keyword")
        try:
            node = _compile(hint)
        except TypeError as exc:
            raise TypeError(f"tool {name!r}, parameter {param.name!r}: {exc}") from None
        has_default = param.default is not inspect.Parameter.empty
        props.append(
            _Property(param.name, node, not has_default, param.default if has_default else _NO_DEFAULT)
        )
    return _object_node(props, extra=extra, build=lambda values: values)


def _optional_of(kind: type, value: object) -> bool:
    """``value`` is ``None`` or a ``kind`` (a ``bool`` is not an ``int`` here)."""
    return value is None or (isinstance(value, kind) and not isinstance(value, bool))


def tool(
    name: str | None = None,
    description: str | None = None,
    input_schema: Mapping[str, Any] | type | None = None,
    annotations: ToolAnnotations | Mapping[str, Any] | None = None,
    *,
    always_load: bool = False,
    search_hint: str | None = None,
    max_result_size_chars: int | None = None,
) -> Callable[[Callable[P, Awaitable[R]]], SdkMcpTool[P, R]]:
    """Make an async function a tool for :func:`create_sdk_mcp_server`.

    Two forms, told apart by the function's signature and ``input_schema``:

    * **Typed parameters** (``@tool("add", "Add") async def add(a: float, b: float) -> str``): the input
      schema comes from the parameters' type hints: ``str``, ``int``, ``float``, ``bool``, ``None``, lists,
      tuples, ``dict[str, T]``, unions and optionals, ``Literal``, enums, attrs classes, dataclasses,
      ``TypedDict`` and ``Annotated[T, "a description"]``; parameters with defaults are optional.  The
      model's arguments are checked and converted to those types before the call (an attrs class argument
      arrives as an instance).  With ``input_schema`` as a JSON Schema, the arguments are checked against
      it instead and passed unconverted (one parameter per property, or ``**kwargs``).
    * **The official SDK's form** (``@tool("add", "Add", {"a": float, "b": float}) async def add(args)``):
      ``input_schema`` is a ``{"name": type}`` dict (every name required; the types as above), a
      ``TypedDict`` class or a JSON Schema, and the function takes one argument: the arguments dict,
      checked against the schema and passed as the model sent it.

    In either form a parameter annotated :class:`ToolContext` receives the call's context.  The function
    returns a string, content blocks (:class:`TextContent`, :class:`ImageContent`,
    :class:`EmbeddedResource`), a :class:`CallToolResult`, the official result dict
    (``{"content": [{"type": "text", "text": ...}], "is_error": True}``), ``None`` or another JSON value
    (sent as JSON text).  If it raises, the model gets an error result with the exception's message; invalid
    arguments give an error result too.  Each call runs in the cancel scope of the CLI's request, so an
    interrupt or the CLI's cancellation cancels it.

    Args:
        name: The tool's name (default: the function's name).  The model sees ``mcp__<server>__<name>``.
        description: What the tool does, for the model (default: the function's docstring).
        input_schema: A JSON Schema of an object, a ``{"name": type}`` dict or a ``TypedDict`` class.
        annotations: Behaviour hints: :class:`ToolAnnotations` (either spelling), or a mapping of them.
        always_load: Offer the tool to the model up front instead of behind ``ToolSearch``
            (``_meta["anthropic/alwaysLoad"]``).
        search_hint: Words that help ``ToolSearch`` find the tool (``_meta["anthropic/searchHint"]``).
        max_result_size_chars: How much of a result the CLI keeps (``_meta["anthropic/maxResultSizeChars"]``;
            also settable as ``ToolAnnotations(max_result_size_chars=...)``).

    Raises:
        TypeError: ``@tool`` without parentheses; at decoration: the function is not async, a type hint
            has no JSON Schema, the
            ``input_schema`` is none of the accepted forms, or the function's parameters do not fit it (the
            message names the accepted forms).
        ValueError: at decoration: a JSON Schema that does not describe an object.
    """
    if callable(name):
        raise TypeError(
            '@tool takes arguments: write @tool("name", "description") or @tool(), not a bare @tool'
        )
    checked: tuple[tuple[str, object, type], ...] = (
        ("name", name, str),
        ("description", description, str),
        ("search_hint", search_hint, str),
        ("max_result_size_chars", max_result_size_chars, int),
    )
    for label, value, kind in checked:  # (user code: the annotations are not checked at run time)
        if not _optional_of(kind, value):
            expected = "a string" if kind is str else "an integer"
            raise TypeError(f"tool(): {label} must be {expected}, not {value!r}")
    meta: dict[str, Any] = {}
    if always_load:
        meta["anthropic/alwaysLoad"] = True
    if search_hint is not None:
        meta["anthropic/searchHint"] = search_hint
    if max_result_size_chars is not None:
        meta["anthropic/maxResultSizeChars"] = max_result_size_chars

    def decorate(function: Callable[P, Awaitable[R]]) -> SdkMcpTool[P, R]:
        tool_name = name or function.__name__
        text = description if description is not None else inspect.getdoc(function)
        return SdkMcpTool(
            function,
            name=tool_name,
            description=text or tool_name,
            input_schema=input_schema,
            annotations=annotations,
            meta=meta,
        )

    return decorate
