"""Helpers for the end-to-end tests: collect a turn, pick messages and blocks out of it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from typing import NoReturn

import attrs
import pytest
import trio

from trio_claude import (
    AssistantMessage,
    ClaudeSession,
    HookContext,
    PermissionResultAllow,
    PermissionResultDeny,
    ToolPermissionContext,
    UnsupportedOptionError,
)
from trio_claude.model import (
    HookInput,
    JSONObject,
    McpStatusResponse,
    Message,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
)
from trio_claude.testing import RecordedRequest
from trio_claude.testing.conformance._basics import result_of as result_of, texts as texts  # one source


async def refused_below(
    version: tuple[int, ...], first: tuple[int, ...], opening: AbstractAsyncContextManager[object], match: str
) -> bool:
    """On a CLI older than ``first``, check that entering ``opening`` (``open_session(options)``,
    ``prewarm(options)``…) raises :class:`UnsupportedOptionError` matching ``match`` before its block runs,
    and say so (``True``: the test has nothing more to check on that CLI); ``False`` on a newer one."""
    if version >= first:
        return False
    with trio.fail_after(60), pytest.raises(UnsupportedOptionError, match=match):
        async with opening:
            pytest.fail("the block must not run")
    return True


#: A Bash command the CLI asks permission for (``echo`` alone is auto-allowed as read-only).
TOUCH = "touch created.txt && echo made"


async def collect(messages: AsyncIterator[Message]) -> list[Message]:
    """Every message of ``messages``."""
    return [message async for message in messages]


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


async def allow_everything(
    tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
) -> PermissionResultAllow | PermissionResultDeny:
    """A permission callback that allows every tool."""
    return PermissionResultAllow()


class AllowAndNote:
    """A permission callback that allows every tool and notes, in ``asked``, the name of each tool it was
    asked about."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def __call__(
        self, tool_name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow:
        self.asked.append(tool_name)
        return PermissionResultAllow()


def block_text(block: JSONObject | None) -> str:
    """The text of a ``tool_result`` block the CLI sent to the API (its text parts joined)."""
    assert block is not None
    content = block.get("content")
    if isinstance(content, str):
        return content
    return "".join(str(item.get("text", "")) for item in content or ())


def body_text(request: RecordedRequest) -> str:
    """The whole request body as JSON text (to find injected context wherever the CLI put it)."""
    return json.dumps(request.body)


@attrs.frozen
class Stuck:
    """Callbacks that never answer: each blocks until it is cancelled.

    ``started`` is set once one is running, ``cancelled`` once one was cancelled.
    """

    started: trio.Event = attrs.field(factory=trio.Event)
    cancelled: trio.Event = attrs.field(factory=trio.Event)

    async def block(self) -> NoReturn:
        """Set ``started``, then sleep until cancelled (and set ``cancelled``)."""
        self.started.set()
        try:
            await trio.sleep_forever()
        except trio.Cancelled:
            self.cancelled.set()
            raise

    async def can_use_tool(
        self, name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        """A permission callback that blocks."""
        await self.block()

    async def hook(self, hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        """A hook callback that blocks."""
        await self.block()


async def connected(session: ClaudeSession) -> McpStatusResponse:
    """The MCP status once every server is connected (the CLI connects in the background)."""
    with trio.fail_after(20):
        while True:
            status = await session.mcp_status()
            if all(server.status == "connected" for server in status.mcp_servers):
                return status
            await trio.sleep(0.1)
