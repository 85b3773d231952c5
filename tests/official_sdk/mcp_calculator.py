"""Port of the official SDK's ``examples/mcp_calculator.py``: calculator tools declared with ``@tool(name,
description, {"param": type})`` (the official simple schema), handlers taking one ``args`` dict and
answering the official result dict (``content``, and ``is_error`` for a refusal), served in-process by
``create_sdk_mcp_server``; each prompt runs in its own client, printing tool calls and results.

Written in our words; what differs from official code: the imports, ``open_session(options)`` where the
official example builds ``ClaudeSDKClient(options=options)``, and ``trio.run``.
"""

import math
from typing import Any

import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    Message,
    ResultMessage,
    SystemMessage,
    TextBlock,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    create_sdk_mcp_server,
    open_session,
    tool,
)


def answer(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}]}


def refusal(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "is_error": True}


@tool("add", "Add two numbers", {"a": float, "b": float})
async def add_numbers(args: dict[str, Any]) -> dict[str, Any]:
    return answer(f"{args['a']} plus {args['b']} is {args['a'] + args['b']}")


@tool("subtract", "Subtract b from a", {"a": float, "b": float})
async def subtract_numbers(args: dict[str, Any]) -> dict[str, Any]:
    return answer(f"{args['a']} minus {args['b']} is {args['a'] - args['b']}")


@tool("multiply", "Multiply two numbers", {"a": float, "b": float})
async def multiply_numbers(args: dict[str, Any]) -> dict[str, Any]:
    return answer(f"{args['a']} times {args['b']} is {args['a'] * args['b']}")


@tool("divide", "Divide a by b", {"a": float, "b": float})
async def divide_numbers(args: dict[str, Any]) -> dict[str, Any]:
    if args["b"] == 0:
        return refusal("Cannot divide by zero")
    return answer(f"{args['a']} divided by {args['b']} is {args['a'] / args['b']}")


@tool("sqrt", "Square root of n", {"n": float})
async def square_root(args: dict[str, Any]) -> dict[str, Any]:
    n = args["n"]
    if n < 0:
        return refusal(f"No real square root of {n}")
    return answer(f"The square root of {n} is {math.sqrt(n)}")


@tool("power", "base raised to exponent", {"base": float, "exponent": float})
async def power(args: dict[str, Any]) -> dict[str, Any]:
    return answer(f"{args['base']} to the power {args['exponent']} is {args['base'] ** args['exponent']}")


def show(message: Message) -> None:
    if isinstance(message, UserMessage):
        for block in message.content:
            if isinstance(block, TextBlock):
                print(f"User: {block.text}")
            elif isinstance(block, ToolResultBlock):
                print(f"Tool result: {block.content[:100] if block.content else 'None'}")
    elif isinstance(message, AssistantMessage):
        for block in message.content:
            if isinstance(block, TextBlock):
                print(f"Claude: {block.text}")
            elif isinstance(block, ToolUseBlock):
                print(f"Using tool: {block.name}")
                if block.input:
                    print(f"  Input: {block.input}")
    elif isinstance(message, SystemMessage):
        pass
    elif isinstance(message, ResultMessage):
        print("Result ended")
        if message.total_cost_usd:
            print(f"Cost: ${message.total_cost_usd:.6f}")


async def main() -> None:
    calculator = create_sdk_mcp_server(
        name="calculator",
        version="2.0.0",
        tools=[add_numbers, subtract_numbers, multiply_numbers, divide_numbers, square_root, power],
    )
    options = ClaudeAgentOptions(
        mcp_servers={"calc": calculator},
        allowed_tools=[
            "mcp__calc__add",
            "mcp__calc__subtract",
            "mcp__calc__multiply",
            "mcp__calc__divide",
            "mcp__calc__sqrt",
            "mcp__calc__power",
        ],
    )
    prompts = [
        "Which tools do you have?",
        "What is 15 + 27?",
        "Divide 100 by 7",
        "What is the square root of 144?",
        "Two to the eighth power?",
        "Work out (12 + 8) * 3 - 10",
    ]
    for prompt in prompts:
        print(f"--- {prompt} ---")
        async with open_session(options) as client:
            await client.query(prompt)
            async for message in client.receive_response():
                show(message)


if __name__ == "__main__":
    trio.run(main)
