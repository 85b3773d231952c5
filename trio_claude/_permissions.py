"""Answering ``can_use_tool``: the permission callback, its typed context, and the CLI's quirks."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeAlias, cast

import attrs

from .model import (
    CanUseToolRequest,
    JSONObject,
    McpServerRef,
    PermissionResultAllow,
    PermissionResultDeny,
    PermissionUpdate,
)


@attrs.frozen(kw_only=True)
class ToolPermissionContext:
    """What the CLI said about a tool use it asks permission for (the ``can_use_tool`` request).

    ``suggestions`` are the permission updates the CLI proposes (e.g. "always allow this command");
    ``request`` is the whole typed request, for fields not copied here.
    """

    tool_use_id: str | None
    suggestions: tuple[PermissionUpdate, ...]
    blocked_path: str | None
    decision_reason: str | None
    title: str | None
    display_name: str | None
    description: str | None
    agent_id: str | None
    mcp_server: McpServerRef | None
    request: CanUseToolRequest

    @classmethod
    def from_request(cls, request: CanUseToolRequest) -> ToolPermissionContext:
        """The context of a ``can_use_tool`` request."""
        return cls(
            tool_use_id=request.tool_use_id,
            suggestions=request.permission_suggestions or (),
            blocked_path=request.blocked_path,
            decision_reason=request.decision_reason,
            title=request.title,
            display_name=request.display_name,
            description=request.description,
            agent_id=request.agent_id,
            mcp_server=request.mcp_server,
            request=request,
        )


CanUseTool: TypeAlias = Callable[
    [str, JSONObject, ToolPermissionContext], Awaitable[PermissionResultAllow | PermissionResultDeny]
]
"""``async def can_use_tool(tool_name, tool_input, context)`` returning
:class:`~trio_claude.PermissionResultAllow` or :class:`~trio_claude.PermissionResultDeny`."""


async def answer_can_use_tool(
    callback: CanUseTool | None, request: CanUseToolRequest
) -> PermissionResultAllow | PermissionResultDeny:
    """Run the permission callback on ``request``.

    Raises :class:`LookupError` without a callback and :class:`TypeError` when the callback returns
    something else than a permission result (the session answers the CLI with an error either way).
    An allow without ``updated_input`` gets the original input: CLI 2.1.197 rejects an allow without it.
    """
    if callback is None:
        raise LookupError("canUseTool callback is not provided.")
    result = await callback(request.tool_name, request.input, ToolPermissionContext.from_request(request))
    # The callback is user code: check what it really returned.
    if not isinstance(cast(object, result), PermissionResultAllow | PermissionResultDeny):
        raise TypeError(
            f"can_use_tool must return PermissionResultAllow or PermissionResultDeny, not {result!r}"
        )
    if isinstance(result, PermissionResultAllow) and result.updated_input is None:
        result = attrs.evolve(result, updated_input=request.input)
    return result
