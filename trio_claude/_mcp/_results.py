"""What a tool returns: MCP annotations, content blocks, ``CallToolResult``, and the JSON-RPC result a return
value or an error becomes.
"""

from __future__ import annotations

import base64
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

import attrs

from .. import wire
from ..model import JSONObject


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
