"""Give the agent Python tools: an in-process MCP server with a calculator.

Run it with ``python examples/calculator_tools.py``.  It runs offline: the real ``claude`` CLI (found by
:func:`trio_claude.find_cli`: ``$TRIO_CLAUDE_CLI``, ``PATH``...) talks to the scripted Messages API of
:mod:`trio_claude.testing`, whose model calls the tools.  With ``TRIO_CLAUDE_REAL_API=1`` it asks the real
model.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

import trio

from trio_claude import (
    AssistantMessage,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    TextBlock,
    ToolAnnotations,
    ToolContext,
    ToolPermissionContext,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    create_sdk_mcp_server,
    open_session,
    tool,
)
from trio_claude.model import JSONObject
from trio_claude.testing import open_workspace, text_turn, tool_turn


@tool(
    "calculate",
    "Apply an arithmetic operation to two numbers",
    annotations=ToolAnnotations(read_only_hint=True),
)
async def calculate(
    a: Annotated[float, "the left operand"],
    b: Annotated[float, "the right operand"],
    op: Literal["add", "subtract", "multiply", "divide"] = "add",
) -> str:
    if op == "add":
        result = a + b
    elif op == "subtract":
        result = a - b
    elif op == "multiply":
        result = a * b
    elif b == 0:
        raise ZeroDivisionError("cannot divide by zero")  # the model gets this message as an error result
    else:
        result = a / b
    return f"{result:g}"


@tool("slow_square", "Square a number, slowly")
async def slow_square(n: int, context: ToolContext) -> int:
    print(f"  (slow_square for tool use {context.tool_use_id})")
    await trio.sleep(0.1)  # a real tool would do I/O here; an interrupt cancels it
    return n * n


# The official SDK's form: a {name: type} schema, one dict of arguments, the official result dict.
@tool("sqrt", "Square root of a number", {"n": float})
async def square_root(args: dict[str, Any]) -> dict[str, Any]:
    if args["n"] < 0:
        return {
            "content": [{"type": "text", "text": "No square root of a negative number"}],
            "is_error": True,
        }
    return {"content": [{"type": "text", "text": f"{math.sqrt(args['n']):g}"}]}


calculator = create_sdk_mcp_server("calc", tools=[calculate, slow_square, square_root])

PROMPT = "What is (6 * 7) squared, and the square root of that? Use the calc tools."


async def allow_calculator(
    tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    """Allow the calculator's tools, nothing else."""
    if tool_name.startswith("mcp__calc__"):
        return PermissionResultAllow()
    return PermissionResultDeny(message="Only the calculator is allowed.")


# What the scripted model does offline (the default): call the tools, then answer.
SCRIPT = [
    tool_turn("mcp__calc__calculate", {"a": 6, "b": 7, "op": "multiply"}),
    tool_turn("mcp__calc__slow_square", {"n": 42}),
    tool_turn("mcp__calc__sqrt", {"n": 1764}),
    text_turn("(6 * 7) squared is 1764, and its square root is 42 again."),
]


async def main() -> None:
    async with open_workspace(SCRIPT) as workspace:
        options = workspace.options(mcp_servers={"calc": calculator}, can_use_tool=allow_calculator)
        async with open_session(options) as session:
            print(f"you: {PROMPT}")
            await session.send(PROMPT)
            async for message in session.receive_response():
                if isinstance(message, AssistantMessage):
                    for block in message.content:
                        if isinstance(block, TextBlock):
                            print(f"claude: {block.text}")
                        elif isinstance(block, ToolUseBlock):
                            print(f"tool call: {block.name} {dict(block.input)}")
                elif isinstance(message, UserMessage) and not isinstance(message.content, str):
                    for result in message.content:
                        if isinstance(result, ToolResultBlock):
                            texts = [b.text for b in result.content or () if isinstance(b, TextBlock)]
                            print(f"tool result: {' '.join(texts)}")
                elif isinstance(message, ResultMessage):
                    print(f"done: {message.subtype}")


if __name__ == "__main__":
    trio.run(main)
