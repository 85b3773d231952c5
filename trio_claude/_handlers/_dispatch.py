"""Answers to the CLI's control requests: one place that maps each request to the code that answers it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import attrs

from .. import model  # the face: names the union of every request body, loaded on first use
from .._config._mcp_servers import policy_decided_tools
from .._record import Record
from ..model import (
    CanUseToolRequest,
    ElicitationRequest,
    HookCallbackRequest,
    McpMessageRequest,
    RequestUserDialogRequest,
    WireObject,
)
from ._dialog import PendingUserDialogs, answer_user_dialog, cancel_on_failure
from ._elicitation import PendingElicitations, answer_elicitation
from ._hooks import HookRegistry
from ._mcp import McpBridge
from ._permissions import PendingPermissions, answer_can_use_tool, deny_on_failure, warn_if_shadowed

if TYPE_CHECKING:
    import trio

    from .._config._options import ClaudeAgentOptions

logger = logging.getLogger("trio_claude.handlers")


@attrs.frozen(repr=False, eq=False)
class Unsupported(Record):
    """The request is not one this SDK answers: the CLI gets an ``unsupported_request`` error."""

    message: str


class InboundHandlers:
    """The session's answers to CLI → host requests, built from its options."""

    def __init__(self, options: ClaudeAgentOptions, nursery: trio.Nursery | None = None) -> None:
        self._options = options
        decided = policy_decided_tools(options.mcp_servers)  # whatever allowed_tools says
        allowed = [tool for tool in options.allowed_tools if tool not in decided]
        warn_if_shadowed(options.can_use_tool, allowed, options.permission_mode)
        self.hooks = HookRegistry(options.hooks)
        self.mcp = McpBridge(options.mcp_servers, nursery)
        """The MCP servers; servers of the ``mcp`` package run their connections in ``nursery``."""
        self.permissions = PendingPermissions()
        """The ``can_use_tool`` requests that can be answered out of band."""
        self.elicitations = PendingElicitations()
        """The ``elicitation`` requests that can be answered out of band."""
        self.user_dialogs = PendingUserDialogs()
        """The ``request_user_dialog`` requests that can be answered out of band."""

    async def answer(
        self, request: model.ControlRequestPayload, subtype: str | None, request_id: str | None = None
    ) -> WireObject | Unsupported:
        """The payload answering ``request`` (the CLI's request ``request_id``); raises when the answer is
        an error (the session sends the exception's message)."""
        if isinstance(request, CanUseToolRequest):
            return await answer_can_use_tool(
                self._options.can_use_tool, request, request_id, self.permissions
            )
        if isinstance(request, HookCallbackRequest):
            return await self.hooks.answer(request)
        if isinstance(request, McpMessageRequest):
            return await self.mcp.answer(request)
        if isinstance(request, ElicitationRequest):
            return await answer_elicitation(
                self._options.on_elicitation, request, request_id, self.elicitations
            )
        if isinstance(request, RequestUserDialogRequest):
            return await answer_user_dialog(
                self._options.on_user_dialog, request, request_id, self.user_dialogs
            )
        return Unsupported(f"Unsupported control request subtype: {subtype}")

    def answer_failure(self, request: model.ControlRequestPayload, error: BaseException) -> WireObject | None:
        """The answer to send when answering ``request`` failed: its callback raised, timed out, returned
        something invalid, or its answer could not be encoded.  ``None``: send an error control_response.

        The permission paths fail closed: ``can_use_tool`` gets a deny, and so do ``PreToolUse`` and
        ``PermissionRequest`` hooks unless their matcher says ``on_failure="continue"``
        (:meth:`HookRegistry.failure_answer`).  A user dialog fails safe: it is answered ``cancelled``.
        Every other request gets an error answer: for other hook
        events the CLI treats it as no opinion (or, CLI ≥ 2.1.330, as a block with ``on_failure="block"``).

        The session calls it for every failure between "callback called" and "answer written"; if the
        answer returned here cannot be encoded either, the CLI gets an error response.
        """
        if isinstance(request, CanUseToolRequest):
            deny = deny_on_failure(error)
            logger.warning("can_use_tool %s: %s (fail closed)", request.tool_name, deny.message)
            return deny
        if isinstance(request, HookCallbackRequest):
            return self.hooks.failure_answer(request, error)
        if isinstance(request, RequestUserDialogRequest):
            return cancel_on_failure(request, error)
        return None
