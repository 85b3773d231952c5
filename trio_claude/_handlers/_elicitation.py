"""Answering ``elicitation``: an MCP server asks the user for input."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeAlias, cast

from ..model import ElicitationRequest, ElicitationResponse

OnElicitation: TypeAlias = Callable[[ElicitationRequest], Awaitable[ElicitationResponse]]
"""``async def on_elicitation(request) -> ElicitationResponse``.

``request`` says which MCP server asks (``mcp_server_name``), the ``message`` to show and, in ``form``
mode, the ``requested_schema`` of the answer (in ``url`` mode, the ``url`` to open).  Answer
``ElicitationResponse(action="accept", content={...})`` with content fitting the schema,
``action="decline"`` or ``action="cancel"``.  Without a callback every elicitation is declined.  The
callback is cancelled when the CLI withdraws the request, the turn is interrupted or the session ends."""


async def answer_elicitation(
    callback: OnElicitation | None, request: ElicitationRequest
) -> ElicitationResponse:
    """Ask ``callback``; without one, decline (what the official SDKs do).

    Raises :class:`TypeError` when the callback returns something else than an
    :class:`~trio_claude.model.ElicitationResponse` (the CLI is answered with an error).
    """
    if callback is None:
        return ElicitationResponse(action="decline")
    response = await callback(request)
    if not isinstance(cast(object, response), ElicitationResponse):
        raise TypeError(f"on_elicitation must return an ElicitationResponse, not {response!r}")
    return response
