"""The official SDK's MCP calculator example, ported: its tools are declared, listed and called as the
official SDK does, and its ``main()`` runs against the real CLI offline."""

from __future__ import annotations

from typing import Any

import pytest

from trio_claude import SdkMcpTool, create_sdk_mcp_server
from trio_claude.model import JSONObject
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

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
        "content": [{"type": "text", "text": "15 plus 27 is 42"}]
    }
    assert await example.add_numbers.handler({"a": 1, "b": 2}) == {
        "content": [{"type": "text", "text": "1 plus 2 is 3"}]
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
    assert await _call("add", {"a": 15, "b": 27}) == {
        "content": [{"type": "text", "text": "15 plus 27 is 42"}]
    }
    assert await _call("divide", {"a": 100, "b": 8}) == {
        "content": [{"type": "text", "text": "100 divided by 8 is 12.5"}]
    }
    assert await _call("power", {"base": 2, "exponent": 8}) == {
        "content": [{"type": "text", "text": "2 to the power 8 is 256"}]
    }


async def test_is_error_becomes_an_mcp_error_result() -> None:
    assert await _call("divide", {"a": 1, "b": 0}) == {
        "content": [{"type": "text", "text": "Cannot divide by zero"}],
        "isError": True,
    }
    result = await _call("sqrt", {"n": -4})
    assert result["isError"] is True
    assert result["content"][0]["text"] == "No real square root of -4"


async def test_invalid_arguments_are_an_error_result_the_handler_never_sees() -> None:
    result = await _call("add", {"a": "15", "b": 27})
    assert result["isError"] is True
    assert 'a: "15" is not of type "number"' in result["content"][0]["text"]
    result = await _call("sqrt", {})
    assert result["isError"] is True and '"n" is a required property' in result["content"][0]["text"]


# One session per prompt, as the example runs them: what the scripted model does in each.
SCRIPT = [
    text_turn("add, subtract, multiply, divide, sqrt and power."),  # "Which tools do you have?"
    tool_turn("mcp__calc__add", {"a": 15, "b": 27}, id="toolu_add"),  # "What is 15 + 27?"
    text_turn("42."),
    # "Divide 100 by 7" (a first call by zero, which the tool refuses with is_error)
    tool_turn("mcp__calc__divide", {"a": 100, "b": 0}, id="toolu_div0"),
    tool_turn("mcp__calc__divide", {"a": 100, "b": 7}, id="toolu_div7"),
    text_turn("About 14.29."),
    tool_turn("mcp__calc__sqrt", {"n": 144}, id="toolu_sqrt"),  # "What is the square root of 144?"
    text_turn("12."),
    tool_turn("mcp__calc__power", {"base": 2, "exponent": 8}, id="toolu_pow"),  # "Two to the eighth power?"
    text_turn("256."),
    # "Work out (12 + 8) * 3 - 10"
    tool_turn("mcp__calc__add", {"a": 12, "b": 8}, id="toolu_add2"),
    tool_turn("mcp__calc__multiply", {"a": 20, "b": 3}, id="toolu_mul"),
    tool_turn("mcp__calc__subtract", {"a": 60, "b": 10}, id="toolu_sub"),
    text_turn("50."),
]


@pytest.mark.real_cli
async def test_main_runs_against_the_real_cli(
    official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]
) -> None:
    official_env.add_steps(*SCRIPT)
    await example.main()
    out = capsys.readouterr().out
    assert out.count("Result ended") == 6, out
    assert "Claude: add, subtract, multiply, divide, sqrt and power." in out
    assert "Using tool: mcp__calc__add\n  Input: {'a': 15, 'b': 27}" in out
    assert "Claude: 50." in out
    # What the tools answered reached the model, refusals marked as errors.
    answers = [
        (2, "toolu_add", "15 plus 27 is 42"),
        (4, "toolu_div0", "Cannot divide by zero"),
        (5, "toolu_div7", "100 divided by 7 is 14.285714285714286"),
        (7, "toolu_sqrt", "The square root of 144 is 12.0"),
        (9, "toolu_pow", "2 to the power 8 is 256"),
        (11, "toolu_add2", "12 plus 8 is 20"),
        (12, "toolu_mul", "20 times 3 is 60"),
        (13, "toolu_sub", "60 minus 10 is 50"),
    ]
    for index, tool_use_id, text in answers:
        block = official_env.script_requests[index].tool_result(tool_use_id)
        assert block is not None, tool_use_id
        content = block["content"]
        shown = content if isinstance(content, str) else "".join(part.get("text", "") for part in content)
        # (CLI 2.1.330 appends a ToolSearch hint to an error of a deferred tool.)
        assert shown.startswith(text), block
        assert (block.get("is_error") is True) is (tool_use_id == "toolu_div0"), block
    official_env.assert_script_done()
