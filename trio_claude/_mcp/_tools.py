"""Tools for in-process MCP servers: the ``@tool`` decorator, ``SdkMcpTool`` and ``ToolContext``.

Pure Python, no I/O: :func:`tool` turns an async function into an :class:`SdkMcpTool`, whose
:meth:`~SdkMcpTool.call` validates and converts the model's arguments, runs the function and shapes what it
returns (or raises) into an MCP ``CallToolResult``.
"""

from __future__ import annotations

import collections.abc
import inspect
import logging
import types
import typing
from collections.abc import Awaitable, Callable, Mapping
from typing import Annotated, Any, Generic, ParamSpec, TypeVar, Union

import attrs

from .. import wire
from ..model import JSONObject, JSONValue
from ._drafts import SchemaNotEnforceable
from ._results import (
    ToolAnnotations,
    error_result,
    result_json,
)
from ._schema import (
    _NO_DEFAULT,
    Convert,
    ToolInputError,
    _compile,
    _mismatch,
    _Node,
    _object_node,
    _Property,
    _resolved_hints,
)
from ._validate import compile_json_schema

logger = logging.getLogger("trio_claude.mcp")

P = ParamSpec("P")
R = TypeVar("R")


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


# --------------------------------------------------------------------------------------------------
# Type hints → JSON Schema + a converter
# --------------------------------------------------------------------------------------------------


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
    ``ValueError`` for a JSON Schema that does not describe an object or cannot be enforced) for
    combinations that cannot work."""
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
    check = _schema_checker(schema, name)
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


def _schema_checker(schema: JSONObject, name: str) -> Convert:
    """The check of the arguments against ``schema``, compiled once; raises ``ValueError`` for a schema that
    cannot be enforced in full."""
    try:
        check = compile_json_schema(schema)
    except SchemaNotEnforceable as exc:
        raise ValueError(f"tool {name!r}: cannot enforce its input_schema: {exc}") from None

    def convert(value: object, path: str) -> object:
        if not isinstance(value, Mapping):
            raise _mismatch("an object", value, path)
        arguments = dict(typing.cast(Mapping[str, object], value))
        check(arguments, path)
        return arguments

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
      ``TypedDict`` and ``Annotated[T, "a description"]`` (other metadata is refused: it would not be
      checked); parameters with defaults are optional.  The model's arguments are checked and converted to
      those types before the call (an attrs class argument arrives as an instance).  With ``input_schema``
      as a JSON Schema, the arguments are checked against it instead and passed unconverted (one parameter
      per property, or ``**kwargs``).
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
        ValueError: at decoration: a JSON Schema that does not describe an object, or one that cannot be
            enforced in full (a ``$schema`` other than Draft 2020-12 or 7, a keyword its draft ignores, a
            ``$ref`` outside the schema or that does not resolve, an invalid ``pattern``); the message
            names the keyword.
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
