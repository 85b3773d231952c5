"""Answering ``can_use_tool``: the permission callback, its typed context, and the CLI's quirks."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .. import model  # the face: the permission results load on first use
from .._config._callbacks import CanUseTool, PermissionResultDeferred, ToolPermissionContext
from .._errors import PermissionRequestNotPendingError
from ..model import CanUseToolRequest
from ._hooks import describe_failure
from ._pending import PendingAnswers

if TYPE_CHECKING:
    from ..model import PermissionResult, PermissionResultDeny


class CanUseToolShadowedWarning(UserWarning):
    """``can_use_tool`` is set, but the options keep the CLI from ever asking it about some tools:
    ``permission_mode="bypassPermissions"`` (it never asks), or bare tool names in ``allowed_tools`` (those
    tools are allowed without asking; a rule such as ``Bash(git status:*)`` only pre-allows what it
    matches)."""


def shadowed_tools(allowed_tools: Sequence[str], permission_mode: str | None) -> tuple[str, ...] | None:
    """The tools a permission callback will never be asked about: ``None`` for none, ``("*",)`` for all
    (``bypassPermissions``), else the bare names in ``allowed_tools``."""
    if permission_mode == "bypassPermissions":
        return ("*",)
    bare = tuple(tool for tool in allowed_tools if "(" not in tool)
    return bare or None


def warn_if_shadowed(
    can_use_tool: CanUseTool | None, allowed_tools: Sequence[str], permission_mode: str | None
) -> None:
    """Warn (:class:`CanUseToolShadowedWarning`) when ``can_use_tool`` is set but would not be asked about
    some tools."""
    if can_use_tool is None:
        return
    shadowed = shadowed_tools(allowed_tools, permission_mode)
    if shadowed == ("*",):
        message = (
            'can_use_tool is never called with permission_mode="bypassPermissions": every tool runs '
            "without asking"
        )
    elif shadowed:
        message = (
            f"can_use_tool is never called for {', '.join(shadowed)}: allowed_tools allows them without "
            "asking (use a rule such as 'Bash(git status:*)' to pre-allow only some uses)"
        )
    else:
        return
    warnings.warn(message, CanUseToolShadowedWarning, stacklevel=2)


def deny_on_failure(error: BaseException) -> PermissionResultDeny:
    """The answer to a ``can_use_tool`` request whose callback failed with ``error`` (it raised, returned
    something invalid, or its answer could not be sent): a deny the model reads the error in.

    (Both pinned CLIs also deny on an error answer, as ``"Tool permission request failed: Error: …"``; an
    explicit deny does not depend on that.)"""
    return model.PermissionResultDeny(
        message=f"Denied: the can_use_tool callback failed ({describe_failure(error)})"
    )


def checked_result(result: object, source: str) -> PermissionResult:
    """``result`` if it is a permission result, else :class:`TypeError` (``source``: "can_use_tool must
    return")."""
    if not isinstance(result, model.PermissionResultAllow | model.PermissionResultDeny):
        raise TypeError(f"{source} PermissionResultAllow or PermissionResultDeny, not {result!r}")
    return result


class PendingPermissions(PendingAnswers["PermissionResult"]):
    """The ``can_use_tool`` requests that can be answered out of band, by request id (see
    :class:`~trio_claude.PermissionResultDeferred`)."""

    def __init__(self) -> None:
        super().__init__(
            "can_use_tool",
            "respond_to_permission",
            checked_result,
            PermissionResultDeferred,
            PermissionRequestNotPendingError,
        )


async def answer_can_use_tool(
    callback: CanUseTool | None,
    request: CanUseToolRequest,
    request_id: str | None = None,
    pending: PendingPermissions | None = None,
) -> PermissionResult:
    """Run the permission callback on ``request`` (the CLI's request ``request_id``).

    Raises :class:`LookupError` without a callback and :class:`TypeError` when the callback returns
    something else than a permission result (the session then answers :func:`deny_on_failure`).  A
    callback returning :class:`~trio_claude.PermissionResultDeferred` waits in ``pending`` for the answer
    given out of band.  An allow without ``updated_input`` gets the original input: CLI 2.1.197 rejects an
    allow without it.  Cancellation reaches the callback.
    """
    if callback is None:
        raise LookupError("canUseTool callback is not provided.")
    # (decoded JSON is a dict; a request built by hand may hold another mapping)
    tool_input = request.input if isinstance(request.input, dict) else dict(request.input)
    context = ToolPermissionContext.from_request(request, request_id)
    result = await (pending or PendingPermissions()).ask(
        request_id, lambda: callback(request.tool_name, tool_input, context), "can_use_tool must return"
    )
    if isinstance(result, model.PermissionResultAllow) and result.updated_input is None:
        result = attrs.evolve(result, updated_input=tool_input)
    return result
