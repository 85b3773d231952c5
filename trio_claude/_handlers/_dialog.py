"""Answering ``request_user_dialog``: the CLI asks the host to show a dialog."""

from __future__ import annotations

from .._config._callbacks import OnUserDialog, UserDialogContext, UserDialogResponseDeferred
from .._errors import UserDialogRequestNotPendingError
from ..model import RequestUserDialogRequest, UserDialogResponse
from ._pending import PendingAnswers, answer_of_type

CANCELLED = UserDialogResponse(behavior="cancelled")
"""The answer without a callback, and when the callback fails: the CLI applies the dialog's default."""


checked_dialog = answer_of_type(UserDialogResponse, "a UserDialogResponse")
"""``checked_dialog(response, source)``: ``response`` if it is a
:class:`~trio_claude.model.UserDialogResponse`, else :class:`TypeError` (``source``: "on_user_dialog must
return")."""


class PendingUserDialogs(PendingAnswers[UserDialogResponse]):
    """The ``request_user_dialog`` requests that can be answered out of band, by request id (see
    :class:`~trio_claude.UserDialogResponseDeferred`)."""

    def __init__(self) -> None:
        super().__init__(
            "request_user_dialog",
            "respond_to_user_dialog",
            checked_dialog,
            UserDialogResponseDeferred,
            UserDialogRequestNotPendingError,
        )


async def answer_user_dialog(
    callback: OnUserDialog | None,
    request: RequestUserDialogRequest,
    request_id: str | None = None,
    pending: PendingUserDialogs | None = None,
) -> UserDialogResponse:
    """Ask ``callback`` (with a :class:`~trio_claude.UserDialogContext` when it takes one); without one,
    answer ``cancelled``.  A callback returning :class:`~trio_claude.UserDialogResponseDeferred` waits in
    ``pending`` for the answer given out of band.

    Raises :class:`TypeError` when the callback returns something else than a
    :class:`~trio_claude.model.UserDialogResponse` (the session then answers ``cancelled``, see
    :func:`cancel_on_failure`).
    """
    if callback is None:
        return CANCELLED
    return await (pending or PendingUserDialogs()).ask_with_context(
        callback, request, request_id, UserDialogContext, "on_user_dialog must return"
    )


def cancel_on_failure(request: RequestUserDialogRequest, error: BaseException) -> UserDialogResponse:
    """The answer when ``on_user_dialog`` raised or returned garbage for ``request``: ``cancelled`` (the
    session has logged ``error``)."""
    del request, error
    return CANCELLED
