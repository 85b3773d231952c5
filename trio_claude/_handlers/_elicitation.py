"""Answering ``elicitation``: an MCP server asks the user for input."""

from __future__ import annotations

from .._config._callbacks import ElicitationContext, ElicitationResponseDeferred, OnElicitation
from .._errors import ElicitationRequestNotPendingError
from ..model import ElicitationRequest, ElicitationResponse
from ._pending import PendingAnswers, answer_of_type

checked_elicitation = answer_of_type(ElicitationResponse, "an ElicitationResponse")
"""``checked_elicitation(response, source)``: ``response`` if it is an
:class:`~trio_claude.model.ElicitationResponse`, else :class:`TypeError` (``source``: "on_elicitation must
return")."""


class PendingElicitations(PendingAnswers[ElicitationResponse]):
    """The ``elicitation`` requests that can be answered out of band, by request id (see
    :class:`~trio_claude.ElicitationResponseDeferred`)."""

    def __init__(self) -> None:
        super().__init__(
            "elicitation",
            "respond_to_elicitation",
            checked_elicitation,
            ElicitationResponseDeferred,
            ElicitationRequestNotPendingError,
        )


async def answer_elicitation(
    callback: OnElicitation | None,
    request: ElicitationRequest,
    request_id: str | None = None,
    pending: PendingElicitations | None = None,
) -> ElicitationResponse:
    """Ask ``callback`` (with an :class:`~trio_claude.ElicitationContext` when it takes one); without one,
    decline (what the official SDKs do).  A callback returning
    :class:`~trio_claude.ElicitationResponseDeferred` waits in ``pending`` for the answer given out of band.

    Raises :class:`TypeError` when the callback returns something else than an
    :class:`~trio_claude.model.ElicitationResponse` (the CLI is answered with an error).
    """
    if callback is None:
        return ElicitationResponse(action="decline")
    return await (pending or PendingElicitations()).ask_with_context(
        callback, request, request_id, ElicitationContext, "on_elicitation must return"
    )
