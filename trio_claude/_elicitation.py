"""Answering ``elicitation``: an MCP server asks the user for input."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeAlias

from .model import ElicitationRequest, ElicitationResponse

OnElicitation: TypeAlias = Callable[[ElicitationRequest], Awaitable[ElicitationResponse]]
"""``async def on_elicitation(request) -> ElicitationResponse`` (``accept`` with content, ``decline`` or
``cancel``)."""


async def answer_elicitation(
    callback: OnElicitation | None, request: ElicitationRequest
) -> ElicitationResponse:
    """Ask ``callback``; without one, decline (what the official SDKs do)."""
    if callback is None:
        return ElicitationResponse(action="decline")
    return await callback(request)
