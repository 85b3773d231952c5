"""A tool's explicit JSON Schema is enforced in full, through the in-process server's ``tools/call``: the
tool never runs on arguments the schema rejects (the CLI does not check them; the SDK is the only check),
and a schema that cannot be enforced in full is refused loudly when the tool is decorated.

The conformance of the validator itself: tests/test_json_schema_suite.py.
"""

from __future__ import annotations

import socket
from typing import Annotated, Any

import pydantic
import pytest

from trio_claude import SdkMcpServer, create_sdk_mcp_server, tool
from trio_claude.model import JSONObject

DRAFT_7 = "http://json-schema.org/draft-07/schema#"


def _server(schema: dict[str, Any], ran: list[dict[str, Any]]) -> SdkMcpServer:
    @tool("act", "Acts on its arguments", schema)
    async def act(args: dict[str, Any]) -> str:
        ran.append(args)
        return "done"

    return create_sdk_mcp_server("tools", tools=[act])


async def _call(server: SdkMcpServer, arguments: object) -> JSONObject:
    message = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "act", "arguments": arguments},
    }
    reply = await server.handle(message)
    assert reply is not None
    result: JSONObject = reply["result"]
    return result


async def _refused(schema: dict[str, Any], arguments: object) -> str:
    """The error the model gets for ``arguments``; the tool must not have run."""
    ran: list[dict[str, Any]] = []
    result = await _call(_server(schema, ran), arguments)
    assert ran == []
    assert result["isError"] is True
    text: str = result["content"][0]["text"]
    assert text.startswith("Invalid input for tool act: ")
    return text


# -- The review's three cases -------------------------------------------------------------------------


SMALL_BY_REF = {
    "type": "object",
    "properties": {"n": {"$ref": "#/$defs/small"}},
    "$defs": {"small": {"type": "integer", "maximum": 10}},
}
NO_PARENT_DIRECTORY = {
    "type": "object",
    "properties": {"path": {"type": "string", "not": {"pattern": "\\.\\."}}},
}
NAME = {"type": "object", "properties": {"name": {"type": "string", "pattern": "^[a-z0-9-]+$"}}}


@pytest.mark.parametrize(
    ("schema", "bad", "good", "named"),
    [
        (SMALL_BY_REF, {"n": 1000000}, {"n": 10}, "n: 1000000 is greater than the maximum of 10"),
        (NO_PARENT_DIRECTORY, {"path": "../../etc/passwd"}, {"path": "docs/a.md"}, "path: "),
        (NAME, {"name": "ok-name\n"}, {"name": "ok-name"}, 'name: "ok-name\\n" does not match'),
    ],
    ids=["maximum-under-ref", "not-pattern", "dollar-before-newline"],
)
async def test_the_tool_never_runs_on_what_its_schema_rejects(
    schema: dict[str, Any], bad: JSONObject, good: JSONObject, named: str
) -> None:
    text = await _refused(schema, bad)
    assert named in text
    keyword = {"n": "maximum", "path": "not", "name": "pattern"}[next(iter(bad))]
    assert text.endswith(f"/{keyword})")  # the schema keyword that failed
    ran: list[dict[str, Any]] = []
    assert await _call(_server(schema, ran), good) == {"content": [{"type": "text", "text": "done"}]}
    assert ran == [good]


# -- Every keyword, ECMA-262 patterns, pydantic's schemas ---------------------------------------------


def _one(prop: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"v": prop}}


@pytest.mark.parametrize(
    ("schema", "bad", "keyword"),
    [
        (_one({"multipleOf": 0.5}), {"v": 0.3}, "multipleOf"),
        (_one({"uniqueItems": True}), {"v": [1, 1.0]}, "uniqueItems"),
        (_one({"propertyNames": {"pattern": "^[a-z]+$"}}), {"v": {"A": 1}}, "pattern"),
        (_one({"patternProperties": {"^x-": {"type": "integer"}}}), {"v": {"x-a": "s"}}, "type"),
        (_one({"if": {"minimum": 0}, "then": {"maximum": 9}, "else": {"minimum": -9}}), {"v": 12}, "maximum"),
        ({"type": "object", "dependentRequired": {"a": ["b"]}}, {"a": 1}, "dependentRequired"),
        (_one({"minProperties": 1}), {"v": {}}, "minProperties"),
        (_one({"contains": {"const": 1}, "maxContains": 1}), {"v": [1, 1]}, "maxContains"),
        (_one({"prefixItems": [{"type": "string"}], "items": False}), {"v": ["a", 1]}, "items"),
        (
            {"type": "object", "properties": {}, "unevaluatedProperties": False},
            {"x": 1},
            "unevaluatedProperties",
        ),
        (_one({"pattern": "^\\d+$"}), {"v": "৪২"}, "pattern"),  # Bengali digits: \d is ASCII in ECMA-262
        (_one({"pattern": "^\\w+$"}), {"v": "école"}, "pattern"),  # \w is ASCII too
        ({"$schema": DRAFT_7, "type": "object", "dependencies": {"a": ["b"]}}, {"a": 1}, "dependencies"),
        (
            {"$schema": DRAFT_7, **_one({"items": [{"type": "string"}], "additionalItems": False})},
            {"v": ["a", 1]},
            "additionalItems",
        ),
    ],
)
async def test_every_keyword_is_enforced(schema: dict[str, Any], bad: JSONObject, keyword: str) -> None:
    assert (await _refused(schema, bad)).endswith(f"/{keyword})")


class Address(pydantic.BaseModel):
    street: str = pydantic.Field(min_length=1)
    postcode: str = pydantic.Field(pattern=r"^[0-9]{5}$")


class LineItem(pydantic.BaseModel):
    sku: str = pydantic.Field(pattern=r"^[A-Z]{3}-[0-9]{4}$")
    quantity: int = pydantic.Field(ge=1, le=1000)


class Order(pydantic.BaseModel):
    shipping: Address
    items: list[LineItem] = pydantic.Field(min_length=1)


async def test_a_pydantic_schema_is_enforced_through_its_refs() -> None:
    schema = Order.model_json_schema()
    assert "$defs" in schema  # nested models are $refs
    item = {"sku": "ABC-1234", "quantity": 3}
    order = {"shipping": {"street": "1 Main St", "postcode": "12345"}, "items": [item]}
    text = await _refused(schema, {**order, "items": [item, {**item, "quantity": 0}]})
    where = "(schema: #/$defs/LineItem/properties/quantity/minimum)"
    assert f"items[1].quantity: 0 is less than the minimum of 1 {where}" in text
    text = await _refused(schema, {**order, "shipping": {"street": "x", "postcode": "1234\n"}})
    assert "shipping.postcode: " in text
    ran: list[dict[str, Any]] = []
    assert (await _call(_server(schema, ran), order))["content"][0]["text"] == "done"
    assert Order.model_validate(ran[0]) == Order.model_validate(order)


async def test_draft_7_with_a_root_ref() -> None:
    """zod-to-json-schema's shape: ``$ref`` at the root, into ``definitions``; the SDK adds (and checks)
    ``"type": "object"``, which MCP requires."""
    schema = {
        "$schema": DRAFT_7,
        "$ref": "#/definitions/Args",
        "definitions": {"Args": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}}},
    }
    assert "n: 4 is greater than the maximum of 3" in await _refused(schema, {"n": 4})
    assert "expected an object" in await _refused(schema, [1])


# -- Refused at decoration ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("schema", "keyword"),
    [
        ({"$schema": "http://json-schema.org/draft-04/schema#"}, "$schema"),
        ({"$schema": "https://example.com/my-dialect"}, "$schema"),
        (_one({"$ref": "#/$defs/missing"}), "$ref"),
        (_one({"$ref": "other.json"}), "$ref"),
        (_one({"pattern": "(unclosed"}), "pattern"),
        (_one({"patternProperties": {"[a-": {}}}), "[a-"),
        (_one({"type": "strnig"}), "type"),
        (_one({"maximum": "10"}), "maximum"),
        ({"type": "object", "dependencies": {"a": ["b"]}}, "dependencies"),  # Draft 7's, under 2020-12
        (_one({"items": {}, "additionalItems": False}), "additionalItems"),
        ({"$schema": DRAFT_7, "dependentRequired": {"a": ["b"]}}, "dependentRequired"),  # 2020-12's, under 7
        ({"$schema": DRAFT_7, **_one({"prefixItems": [{"type": "string"}]})}, "prefixItems"),
        (
            {"$schema": DRAFT_7, **_one({"$ref": "#/definitions/d", "maximum": 3}), "definitions": {"d": {}}},
            "maximum",
        ),
        ({"$defs": {"d": {"$schema": DRAFT_7}}, **_one({"$ref": "#/$defs/d"})}, "$schema"),
    ],
)
def test_a_schema_it_cannot_enforce_is_refused_at_decoration(schema: dict[str, Any], keyword: str) -> None:
    async def act(args: dict[str, Any]) -> str:
        return "done"

    with pytest.raises(ValueError, match="tool 'act': cannot enforce its input_schema: ") as info:
        tool("act", "Acts", {"type": "object", **schema})(act)
    assert f"{keyword} at #" in str(info.value)


def test_a_remote_ref_is_refused_without_a_fetch() -> None:
    """Nothing connects to the schema's server: the refusal comes before any fetch."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        schema = _one({"$ref": f"http://127.0.0.1:{port}/schema.json"})

        async def act(args: dict[str, Any]) -> str:
            return "done"

        with pytest.raises(ValueError, match=r"\$ref at #: .*127\.0\.0\.1"):
            tool("act", "Acts", schema)(act)
        listener.setblocking(False)
        with pytest.raises(BlockingIOError):
            listener.accept()


def test_a_constraint_in_annotated_is_refused_not_ignored() -> None:
    """Only a string (the description) is read from ``Annotated``: pydantic's ``Field(le=10)`` would be
    neither in the schema nor checked, so the tool ran with ``n=1000000``."""

    async def act(n: Annotated[int, pydantic.Field(le=10)]) -> str:
        return "done"

    with pytest.raises(TypeError, match=r"tool 'act', parameter 'n': .* not FieldInfo\(.*le=10"):
        tool("act", "Acts")(act)


async def test_the_schema_is_compiled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import jsonschema_rs

    compiled: list[object] = []
    real = jsonschema_rs.validator_for

    def counting(schema: Any, **options: Any) -> Any:
        compiled.append(schema)
        return real(schema, **options)

    monkeypatch.setattr(jsonschema_rs, "validator_for", counting)
    server = _server(NAME, [])
    assert len(compiled) == 1
    for name in ("a", "b", "c"):
        assert (await _call(server, {"name": name}))["content"][0]["text"] == "done"
    assert len(compiled) == 1
