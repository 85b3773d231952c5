"""Helpers for the end-to-end tests: collect a turn, pick messages and blocks out of it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

from trio_claude import AssistantMessage, ResultMessage, TextBlock
from trio_claude.model import JSONObject, Message, ToolResultBlock, ToolUseBlock, UserMessage
from trio_claude.testing import RecordedRequest

#: A Bash command the CLI asks permission for (``echo`` alone is auto-allowed as read-only).
TOUCH = "touch created.txt && echo made"


async def collect(messages: AsyncIterator[Message]) -> list[Message]:
    """Every message of ``messages``."""
    return [message async for message in messages]


def texts(messages: list[Message]) -> list[str]:
    """The assistant's text blocks."""
    return [
        block.text
        for message in messages
        if isinstance(message, AssistantMessage)
        for block in message.content
        if isinstance(block, TextBlock)
    ]


def result_of(messages: list[Message]) -> ResultMessage:
    """The one result, which ends ``messages``."""
    results = [message for message in messages if isinstance(message, ResultMessage)]
    assert len(results) == 1, messages
    assert messages[-1] is results[0]
    return results[0]


def tool_use(messages: list[Message]) -> ToolUseBlock:
    """The first tool call of the turn."""
    return next(
        block
        for message in messages
        if isinstance(message, AssistantMessage)
        for block in message.content
        if isinstance(block, ToolUseBlock)
    )


def tool_results(messages: list[Message]) -> list[ToolResultBlock]:
    """The tool results the CLI echoed."""
    return [
        block
        for message in messages
        if isinstance(message, UserMessage) and not isinstance(message.content, str)
        for block in message.content
        if isinstance(block, ToolResultBlock)
    ]


def result_text(request: RecordedRequest, tool_use_id: str) -> tuple[str, bool]:
    """The text of the ``tool_result`` for ``tool_use_id`` the CLI sent to the API, and its ``is_error``."""
    block: JSONObject | None = request.tool_result(tool_use_id)
    assert block is not None, f"no tool_result for {tool_use_id} in request {request.index}"
    content = block.get("content")
    text = content if isinstance(content, str) else json.dumps(content)
    return text, block.get("is_error") is True


def body_text(request: RecordedRequest) -> str:
    """The whole request body as JSON text (to find injected context wherever the CLI put it)."""
    return json.dumps(request.body)
