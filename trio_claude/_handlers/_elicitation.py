"""Answering ``elicitation``: an MCP server asks the user for input."""

from __future__ import annotations

from typing import cast

from .._config._callbacks import OnElicitation
from ..model import ElicitationRequest, ElicitationResponse


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
