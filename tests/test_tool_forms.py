"""``@tool`` in the official SDK's form (``tool(name, description, input_schema, annotations)`` with a handler
taking one arguments dict and returning the official result dict) beside our hint-based form; every wrong
combination fails at decoration with the accepted forms."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, TypedDict

import orjson
import pytest
import trio
from hypothesis import given, settings, strategies as st

from trio_claude import (
    CallToolResult,
    TextContent,
    ToolAnnotations,
    ToolContext,
    create_sdk_mcp_server,
    tool,
)
from trio_claude._mcp._results import result_json

CONTEXT = ToolContext(server_name="s", tool_name="t")


class _GreetingName(TypedDict):
    name: Annotated[str, "who to greet"]


class Greeting(_GreetingName, total=False):
    times: int


@dataclass
class Point:
    x: float


# ------------------------------------------------------------------------------------------------
# Declaring
# ------------------------------------------------------------------------------------------------


async def test_short_form_schema_with_an_args_handler() -> None:
    @tool("greet", "Greet a user", {"name": str, "loud": bool, "tags": list[str], "n": int | None})
    async def greet(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": f"Hello, {args['name']}!"}]}

    assert greet.input_schema == {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "loud": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "n": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        },
        "required": ["name", "loud", "tags", "n"],
        "additionalProperties": False,
    }
    assert greet.takes_arguments_dict
    result = await greet.call({"name": "Ada", "loud": True, "tags": [], "n": None}, CONTEXT)
    assert result == {"content": [{"type": "text", "text": "Hello, Ada!"}]}
    bad = await greet.call({"name": 1, "loud": True, "tags": [], "n": None}, CONTEXT)
    assert (
        bad["isError"] is True
        and 'name: 1 is not of type "string" (schema: #/properties/name/type)' in bad["content"][0]["text"]
    )


async def test_empty_short_form_takes_no_arguments() -> None:
    @tool("now", "The time", {})
    async def now(args: dict[str, Any]) -> dict[str, Any]:
        assert args == {}
        return {"content": [{"type": "text", "text": "noon"}]}

    assert now.input_schema == {"type": "object", "properties": {}, "additionalProperties": False}
    assert await now.call(None, CONTEXT) == {"content": [{"type": "text", "text": "noon"}]}

    @tool("later", "Later", {})
    async def later() -> str:
        return "soon"

    assert await later.call({}, CONTEXT) == {"content": [{"type": "text", "text": "soon"}]}


async def test_typed_dict_schema_with_an_args_handler() -> None:
    @tool("greet", "Greet", Greeting)
    async def greet(args: Greeting) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": args["name"] * args.get("times", 1)}]}

    assert greet.input_schema["properties"]["name"] == {"type": "string", "description": "who to greet"}
    assert greet.input_schema["required"] == ["name"]
    assert await greet.call({"name": "a", "times": 3}, CONTEXT) == {
        "content": [{"type": "text", "text": "aaa"}]
    }


async def test_json_schema_with_an_args_handler() -> None:
    schema = {
        "type": "object",
        "properties": {"city": {"type": "string", "minLength": 1}},
        "required": ["city"],
    }

    @tool("forecast", "The weather", schema)
    async def forecast(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": f"{args['city']}: sunny"}]}

    assert forecast.input_schema == schema
    assert await forecast.call({"city": "Oslo"}, CONTEXT) == {
        "content": [{"type": "text", "text": "Oslo: sunny"}]
    }
    bad = await forecast.call({"city": ""}, CONTEXT)
    assert bad["isError"] is True and "shorter than 1" in bad["content"][0]["text"]


async def test_json_schema_with_keyword_parameters_stays() -> None:
    schema = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}

    @tool("forecast", "The weather", schema)
    async def forecast(city: str) -> str:
        return f"{city}: rain"

    assert await forecast.call({"city": "Oslo"}, CONTEXT) == {
        "content": [{"type": "text", "text": "Oslo: rain"}]
    }


async def test_an_args_handler_may_also_take_the_context() -> None:
    seen: list[ToolContext] = []

    @tool("echo", "Echo", {"text": str})
    async def echo(args: dict[str, Any], context: ToolContext) -> str:
        seen.append(context)
        return str(args["text"])

    assert await echo.call({"text": "hi"}, CONTEXT) == {"content": [{"type": "text", "text": "hi"}]}
    assert seen == [CONTEXT]


async def test_hint_form_is_unchanged() -> None:
    @tool("add", "Add")
    async def add(a: float, b: float) -> str:
        return f"{a + b}"

    assert add.input_schema["required"] == ["a", "b"] and not add.takes_arguments_dict
    assert await add.call({"a": 1, "b": 2}, CONTEXT) == {"content": [{"type": "text", "text": "3.0"}]}


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        ({"a": float, "b": "number"}, "mixes Python types and JSON"),
        ({"name": "string"}, "'name' is not a JSON Schema keyword"),
        (Point, "input_schema must be a JSON Schema dict"),
        ([("a", float)], "input_schema must be a JSON Schema dict"),
        ({"when": bytes}, "cannot make a JSON Schema"),
        ({1: int}, "names are strings"),
        ({"type": "object", "properties": {"a": float}}, r"JSON Schema is not JSON .*\{name: type\} form"),
    ],
)
def test_invalid_schemas_fail_at_decoration(schema: Any, message: str) -> None:
    async def handler(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": []}

    with pytest.raises(TypeError, match=message) as caught:
        tool("t", "T", schema)(handler)
    assert "tool 't'" in str(caught.value)


def test_a_json_schema_of_something_else_than_an_object_is_refused() -> None:
    async def handler(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": []}

    with pytest.raises(ValueError, match="tool 't': an input schema must describe an object"):
        tool("t", "T", {"type": "string"})(handler)


def test_short_form_with_keyword_parameters_fails_at_decoration() -> None:
    async def add(a: float, b: float) -> str:
        return ""

    with pytest.raises(TypeError, match=r"one argument, the arguments dict.*leave input_schema out"):
        tool("add", "Add", {"a": float, "b": float})(add)


def test_json_schema_and_parameters_that_do_not_match_fail_at_decoration() -> None:
    schema = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}

    async def two(args: dict[str, Any], more: int) -> str:
        return ""

    with pytest.raises(TypeError, match=r"parameter 'args' is not a property of the input_schema"):
        tool("f", "F", schema)(two)

    async def missing(country: str) -> str:
        return ""

    with pytest.raises(TypeError, match=r"parameter 'country' is not a property"):
        tool("f", "F", schema)(missing)

    async def narrow() -> str:
        return ""

    with pytest.raises(TypeError, match=r"property 'city' is not a parameter"):
        tool("f", "F", schema)(narrow)


def test_a_bare_decorator_fails_at_once() -> None:
    async def add(a: float) -> str:
        return ""

    with pytest.raises(TypeError, match=r'@tool takes arguments: write @tool\("name", "description"\)'):
        tool(add)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"name": 3}, "name must be a string, not 3"),
        ({"description": ["Add"]}, r"description must be a string, not \['Add'\]"),
        ({"max_result_size_chars": "big"}, "max_result_size_chars must be an integer, not 'big'"),
        ({"max_result_size_chars": True}, "max_result_size_chars must be an integer, not True"),
        ({"search_hint": 1}, "search_hint must be a string"),
    ],
)
def test_tool_arguments_are_checked(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        tool(**arguments)


def test_annotations_in_the_official_forms() -> None:
    async def handler(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": []}

    official = tool("schema", "Schema", {}, ToolAnnotations(readOnlyHint=True, maxResultSizeChars=500_000))(
        handler
    )
    ours = tool("schema", "Schema", {}, annotations=ToolAnnotations(read_only_hint=True))(handler)
    mapping = tool("schema", "Schema", {}, {"readOnlyHint": True, "title": "Schema"})(handler)
    assert official.definition()["annotations"] == {"readOnlyHint": True}
    assert official.meta == {"anthropic/maxResultSizeChars": 500_000}
    assert ours.definition()["annotations"] == {"readOnlyHint": True}
    assert mapping.definition()["annotations"] == {"readOnlyHint": True, "title": "Schema"}
    assert ToolAnnotations(destructiveHint=False) == ToolAnnotations(destructive_hint=False)
    with pytest.raises(TypeError, match="both read_only_hint and readOnlyHint"):
        ToolAnnotations(read_only_hint=True, readOnlyHint=False)
    with pytest.raises(TypeError, match=r"unknown annotation 'readonly'.*readOnlyHint"):
        tool("x", "X", {}, {"readonly": True})(handler)
    with pytest.raises(TypeError, match="annotations must be"):
        tool("x", "X", {}, ["readOnlyHint"])(handler)  # type: ignore[arg-type]


def test_create_sdk_mcp_server_in_the_official_forms() -> None:
    @tool("add", "Add", {"a": float})
    async def add(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": []}

    assert list(create_sdk_mcp_server(name="calc", version="2.0.0", tools=[add]).tools) == ["add"]
    assert create_sdk_mcp_server("calc", tools=None).tools == {}
    assert create_sdk_mcp_server("calc").version == "1.0.0"


# ------------------------------------------------------------------------------------------------
# Results
# ------------------------------------------------------------------------------------------------


def test_the_official_result_dict() -> None:
    assert result_json({"content": [{"type": "text", "text": "no"}], "is_error": True}) == {
        "content": [{"type": "text", "text": "no"}],
        "isError": True,
    }
    assert result_json({"content": [], "isError": False}) == {"content": []}
    image = {"type": "image", "data": "iVBORw==", "mimeType": "image/png"}
    link = {"type": "resource_link", "uri": "file:///a", "name": "a"}
    resource = {"type": "resource", "resource": {"uri": "file:///a", "text": "x"}}
    audio = {"type": "audio", "data": "AAAA", "mimeType": "audio/wav"}
    full = {"content": [image, link, resource, audio], "structuredContent": {"n": 1}, "_meta": {"m": 1}}
    assert result_json(full) == full
    # Not shaped like a result: a plain JSON value, sent as its text as before.
    assert result_json({"content": "a field of the tool's own"}) == {
        "content": [{"type": "text", "text": '{"content":"a field of the tool\'s own"}'}]
    }
    assert result_json({"content": [], "rows": 3}) == {
        "content": [{"type": "text", "text": '{"content":[],"rows":3}'}]
    }


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"content": [{"type": "txt", "text": "x"}]}, r"content\[0\]: unknown type 'txt'.*text, image"),
        ({"content": [{"type": "text"}]}, r"content\[0\]: a text block needs text"),
        ({"content": [{"type": "text", "text": 3}]}, r"content\[0\].text must be a string"),
        ({"content": ["x"]}, r"content\[0\] must be an object"),
        ({"content": [{"type": "image", "data": "x"}]}, "an image block needs data and mimeType"),
        ({"content": [], "is_error": "yes"}, "is_error must be true or false"),
        ({"content": [{"type": "resource", "resource": {"uri": "u"}}]}, "text or blob"),
        ({"content": [{"type": "text", "text": "x", "extra": object()}]}, "not JSON"),
    ],
)
def test_a_malformed_result_dict_is_refused(value: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        result_json(value)


async def test_a_malformed_result_dict_is_an_error_result_for_the_model() -> None:
    @tool("bad", "Bad", {})
    async def bad(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "txt", "text": "x"}]}

    result = await bad.call({}, CONTEXT)
    assert result["isError"] is True
    assert "unknown type 'txt'" in result["content"][0]["text"]


def test_our_results_are_unchanged() -> None:
    assert result_json(CallToolResult(content=[TextContent(text="x")], is_error=True)) == {
        "content": [{"type": "text", "text": "x"}],
        "isError": True,
    }


# Anything a tool might return: JSON, result-shaped dicts with any content, content classes, non-JSON objects.
_RESULT_KEYS = st.sampled_from(
    ["content", "is_error", "isError", "structuredContent", "_meta", "type", "text"]
)
_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(st.characters(codec="utf-8"), max_size=5),
    st.sampled_from(["text", "image", "resource", "resource_link", "audio"]),
    st.just(Path("x")),
    st.builds(object),
    st.just(TextContent(text="t")),
    st.just(CallToolResult(content=[TextContent(text="r")], is_error=True)),
)
_VALUES = st.recursive(
    _LEAVES,
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(_RESULT_KEYS, children, max_size=4)
    ),
    max_leaves=12,
)
_TEXTS: st.SearchStrategy[Any] = st.one_of(st.text(max_size=3), _LEAVES)
_BLOCK_TYPES = st.sampled_from(["text", "image", "audio", "resource", "resource_link", "video"])
_BLOCK_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "text": _TEXTS,
    "data": _TEXTS,
    "mimeType": _TEXTS,
    "uri": _TEXTS,
    "name": _TEXTS,
    "resource": st.fixed_dictionaries({}, optional={"uri": _TEXTS, "text": _TEXTS, "blob": _TEXTS}),
    "annotations": _VALUES,
}
_BLOCKS: st.SearchStrategy[Any] = st.one_of(
    st.fixed_dictionaries({"type": _BLOCK_TYPES}, optional=_BLOCK_FIELDS), _VALUES
)


def _text_block(text: str, annotations: object) -> dict[str, Any]:
    return {"type": "text", "text": text, "annotations": annotations}


def _image_block(data: str) -> dict[str, Any]:
    return {"type": "image", "data": data, "mimeType": "image/png"}


_GOOD_BLOCKS: st.SearchStrategy[Any] = st.one_of(
    st.builds(_text_block, st.text(max_size=3), st.one_of(st.none(), _VALUES)),
    st.builds(_image_block, st.text(max_size=3)),
)
_FLAGS = st.one_of(st.booleans(), st.booleans(), st.booleans(), _LEAVES)
_RESULT_DICTS = st.fixed_dictionaries(
    {"content": st.lists(st.one_of(_GOOD_BLOCKS, _GOOD_BLOCKS, _GOOD_BLOCKS, _BLOCKS), max_size=3)},
    optional={
        "is_error": _FLAGS,
        "isError": _FLAGS,
        "structuredContent": st.dictionaries(_RESULT_KEYS, st.one_of(_LEAVES, _VALUES), max_size=3),
        "_meta": _VALUES,
    },
)
_RETURNS = st.one_of(_VALUES, _RESULT_DICTS, _RESULT_DICTS, _RESULT_DICTS)


@settings(deadline=None)
@given(_RETURNS)
def test_whatever_a_tool_returns_the_model_gets_an_mcp_result(value: object) -> None:
    @tool("any", "Returns anything", {})
    async def anything(args: dict[str, Any]) -> object:
        return value

    no_arguments: dict[str, Any] = {}
    result = trio.run(anything.call, no_arguments, CONTEXT)
    orjson.dumps(result)  # what the session sends is JSON
    content: list[Any] = result["content"]
    assert all(isinstance(block, dict) for block in content)
    assert all(isinstance(typing.cast(dict[str, Any], block).get("type"), str) for block in content)
    assert result.keys() <= {"content", "isError", "structuredContent", "_meta"}
