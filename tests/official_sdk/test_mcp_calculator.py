"""The official SDK's MCP calculator example, unchanged but for its imports, at unit level: its tools are
declared, listed and called as the official SDK does (the end-to-end run is in tests/e2e)."""

from __future__ import annotations

from typing import Any

from trio_claude import SdkMcpTool, create_sdk_mcp_server
from trio_claude.model import JSONObject

from . import mcp_calculator as example

TOOLS: list[SdkMcpTool[Any, Any]] = [
    example.add_numbers,
    example.subtract_numbers,
    example.multiply_numbers,
    example.divide_numbers,
    example.square_root,
    example.power,
]


def _number(name: str) -> JSONObject:
    return {name: {"type": "number"}}


def test_the_tools_are_declared_with_the_official_schemas() -> None:
    server = create_sdk_mcp_server(name="calculator", version="2.0.0", tools=TOOLS)
    assert list(server.tools) == ["add", "subtract", "multiply", "divide", "sqrt", "power"]
    add = server.tools["add"].definition()
    assert add["name"] == "add" and add["description"] == "Add two numbers"
    assert add["inputSchema"] == {
        "type": "object",
        "properties": {**_number("a"), **_number("b")},
        "required": ["a", "b"],
        "additionalProperties": False,
    }
    assert server.tools["power"].input_schema["required"] == ["base", "exponent"]


async def test_the_handlers_take_the_arguments_dict() -> None:
    # Called directly, a tool is its function: the official handler with one dict.
    assert await example.add_numbers({"a": 15, "b": 27}) == {
        "content": [{"type": "text", "text": "15 + 27 = 42"}]
    }
    assert await example.add_numbers.handler({"a": 1, "b": 2}) == {
        "content": [{"type": "text", "text": "1 + 2 = 3"}]
    }


async def _call(name: str, arguments: object) -> Any:
    server = create_sdk_mcp_server("calculator", "2.0.0", TOOLS)
    reply = await server.handle(
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    )
    assert reply is not None
    return reply["result"]


async def test_results_reach_the_model_as_mcp_results() -> None:
    # The arguments arrive as the model sent them (validated, not converted: 15 stays an int).
    assert await _call("add", {"a": 15, "b": 27}) == {"content": [{"type": "text", "text": "15 + 27 = 42"}]}
    assert await _call("divide", {"a": 100, "b": 8}) == {
        "content": [{"type": "text", "text": "100 ÷ 8 = 12.5"}]
    }
    assert await _call("power", {"base": 2, "exponent": 8}) == {
        "content": [{"type": "text", "text": "2^8 = 256"}]
    }


async def test_is_error_becomes_an_mcp_error_result() -> None:
    assert await _call("divide", {"a": 1, "b": 0}) == {
        "content": [{"type": "text", "text": "Error: Division by zero is not allowed"}],
        "isError": True,
    }
    result = await _call("sqrt", {"n": -4})
    assert result["isError"] is True
    assert result["content"][0]["text"] == "Error: Cannot calculate square root of negative number -4"


async def test_invalid_arguments_are_an_error_result_the_handler_never_sees() -> None:
    result = await _call("add", {"a": "15", "b": 27})
    assert result["isError"] is True
    assert "a: expected number" in result["content"][0]["text"]
    result = await _call("sqrt", {})
    assert result["isError"] is True and "missing required 'n'" in result["content"][0]["text"]
