"""Answering ``request_user_dialog``: the CLI asks the host to show a dialog."""

from __future__ import annotations

from typing import cast

from .._config._callbacks import OnUserDialog
from ..model import RequestUserDialogRequest, UserDialogResponse

CANCELLED = UserDialogResponse(behavior="cancelled")
"""The answer without a callback, and when the callback fails: the CLI applies the dialog's default."""


async def answer_user_dialog(
    callback: OnUserDialog | None, request: RequestUserDialogRequest
) -> UserDialogResponse:
    """Ask ``callback``; without one, answer ``cancelled``.

    Raises :class:`TypeError` when the callback returns something else than a
    :class:`~trio_claude.model.UserDialogResponse` (the session then answers ``cancelled``, see
    :func:`cancel_on_failure`).
    """
    if callback is None:
        return CANCELLED
    response = await callback(request)
    if not isinstance(cast(object, response), UserDialogResponse):
        raise TypeError(f"on_user_dialog must return a UserDialogResponse, not {response!r}")
    return response


def cancel_on_failure(request: RequestUserDialogRequest, error: BaseException) -> UserDialogResponse:
    """The answer when ``on_user_dialog`` raised or returned garbage for ``request``: ``cancelled`` (the
    session has logged ``error``)."""
    del request, error
    return CANCELLED
