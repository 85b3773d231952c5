"""Answering ``request_user_dialog``: the CLI asks the host to show a dialog."""

from __future__ import annotations

from typing import Any, cast

from .._config._callbacks import OnUserDialog, UserDialogContext, UserDialogResponseDeferred, takes_context
from .._errors import UserDialogRequestNotPendingError
from ..model import RequestUserDialogRequest, UserDialogResponse
from ._pending import PendingAnswers

CANCELLED = UserDialogResponse(behavior="cancelled")
"""The answer without a callback, and when the callback fails: the CLI applies the dialog's default."""


def checked_dialog(response: object, source: str) -> UserDialogResponse:
    """``response`` if it is a :class:`~trio_claude.model.UserDialogResponse`, else :class:`TypeError`
    (``source``: "on_user_dialog must return")."""
    if not isinstance(response, UserDialogResponse):
        raise TypeError(f"{source} a UserDialogResponse, not {response!r}")
    return response


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
    call = cast(Any, callback)
    if not takes_context(callback):  # no id to answer by: no out-of-band answer (the marker is garbage)
        request_id = None
    args = (request,) if request_id is None else (request, UserDialogContext(request_id=request_id))
    return await (pending or PendingUserDialogs()).ask(
        request_id, lambda: call(*args), "on_user_dialog must return"
    )


def cancel_on_failure(request: RequestUserDialogRequest, error: BaseException) -> UserDialogResponse:
    """The answer when ``on_user_dialog`` raised or returned garbage for ``request``: ``cancelled`` (the
    session has logged ``error``)."""
    del request, error
    return CANCELLED
