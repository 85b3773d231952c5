"""The callback types of the options that are not hooks: ``CanUseTool`` (with its
``ToolPermissionContext``), ``OnElicitation``, ``OnUserDialog`` (with their contexts), ``StderrCallback``,
and the markers that defer an answer.  Pure: imports no trio."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, ForwardRef, TypeAlias, Union

import attrs

from .. import model  # the face: names the permission classes, which it loads on first use
from .._record import Record
from ..model import (
    CanUseToolRequest,
    ElicitationRequest,
    ElicitationResponse,
    RequestUserDialogRequest,
    UserDialogResponse,
)

if TYPE_CHECKING:
    from ..model import PermissionResultAllow, PermissionResultDeny
    from ..model.tools import ToolInput


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ToolPermissionContext(Record):
    """What the CLI said about a tool use it asks permission for (the ``can_use_tool`` request).

    * ``suggestions``: the permission updates the CLI proposes (e.g. an
      :class:`~trio_claude.model.AddRulesUpdate` "always allow this command", a
      :class:`~trio_claude.model.SetModeUpdate` to ``acceptEdits``); pass some back in
      ``updated_permissions`` of :class:`~trio_claude.model.PermissionResultAllow` to apply them.
    * ``blocked_path``: the file or directory that made the CLI ask (e.g. a path outside the project).
    * ``decision_reason`` / ``decision_reason_type``: why the CLI asks (``rule``, ``mode``, ``workingDir``…).
    * ``title``, ``display_name``, ``description``: how the CLI would present the question.
    * ``agent_id``: the subagent asking; ``mcp_server``: the MCP server of an MCP tool.
    * ``request``: the whole typed request, for the fields not copied here.
    * ``request_id``: the id of the CLI's ``can_use_tool`` request (the TypeScript SDK's ``requestId``):
      return :class:`PermissionResultDeferred` and answer later with
      :meth:`ClaudeSession.respond_to_permission(request_id, result)
      <trio_claude.ClaudeSession.respond_to_permission>`.  ``None`` for a context built by hand.
    """

    tool_use_id: str | None
    suggestions: Sequence[model.PermissionUpdate]
    blocked_path: str | None
    decision_reason: str | None
    decision_reason_type: str | None
    title: str | None
    display_name: str | None
    description: str | None
    agent_id: str | None
    mcp_server: model.McpServerRef | None
    request: CanUseToolRequest
    request_id: str | None = None

    @classmethod
    def from_request(cls, request: CanUseToolRequest, request_id: str | None = None) -> ToolPermissionContext:
        """The context of the ``can_use_tool`` request ``request_id``."""
        return cls(
            tool_use_id=request.tool_use_id,
            suggestions=request.permission_suggestions or (),
            blocked_path=request.blocked_path,
            decision_reason=request.decision_reason,
            decision_reason_type=request.decision_reason_type,
            title=request.title,
            display_name=request.display_name,
            description=request.description,
            agent_id=request.agent_id,
            mcp_server=request.mcp_server,
            request=request,
            request_id=request_id,
        )

    def typed_input(self) -> ToolInput:
        """The tool's input as its tool's class (:class:`~trio_claude.model.tools.BashInput`...; an unknown
        tool or an input that does not fit gives :class:`~trio_claude.model.tools.UnknownToolInput`): never
        raises.  The ``tool_input`` dict the callback receives stays the official SDK's form."""
        return self.request.typed_input()


@attrs.frozen(repr=False, eq=False)
class PermissionResultDeferred(Record):
    """What ``can_use_tool`` returns to answer the request *later*, out of band (the TypeScript SDK's
    ``null``): the session keeps the request open until
    :meth:`ClaudeSession.respond_to_permission(context.request_id, result)
    <trio_claude.ClaudeSession.respond_to_permission>` answers it — from another task, a UI, a web request.

    The request stays the session's: the CLI withdrawing it (``control_cancel_request``), an interrupt or
    the end of the ``async with`` block drop it unanswered (the tool does not run), and
    ``respond_to_permission`` then raises :class:`~trio_claude.PermissionRequestNotPendingError`.  It is
    an explicit answer on purpose: ``None`` or any other value still means *deny*.
    """


if TYPE_CHECKING:
    CanUseTool: TypeAlias = Callable[
        [str, dict[str, Any], ToolPermissionContext],
        Awaitable[PermissionResultAllow | PermissionResultDeny | PermissionResultDeferred],
    ]
else:  # the permission results load on first use: named through the model's face, found when resolved
    _ALLOW = ForwardRef("model.PermissionResultAllow", module=__name__)
    _DENY = ForwardRef("model.PermissionResultDeny", module=__name__)
    # Union[...], not |: on Python 3.10 a ForwardRef has no | operator.
    CanUseTool = Callable[
        [str, dict[str, Any], ToolPermissionContext],
        Awaitable[Union[_ALLOW, _DENY, PermissionResultDeferred]],  # noqa: UP007
    ]
"""``async def can_use_tool(tool_name, tool_input, context)`` returning
:class:`~trio_claude.PermissionResultAllow` or :class:`~trio_claude.PermissionResultDeny` (or
:class:`~trio_claude.PermissionResultDeferred` to answer later with
:meth:`~trio_claude.ClaudeSession.respond_to_permission`).

``tool_input`` is the tool's input as decoded from the CLI's JSON, a ``dict`` (annotate it ``dict[str, Any]``
as official-SDK code does, or ``Mapping[str, Any]``).  Changing it in place changes the input the tool runs
with only when the answer has no ``updated_input``, as with the official SDK; better return a copy in
``updated_input``.

It is cancelled (:class:`trio.Cancelled`) when the CLI withdraws the question (a ``PermissionRequest``
hook answered first, or the turn was interrupted) and when the session ends; nothing is answered then.
It fails closed: when it raises or returns something else than a permission result, the CLI is answered
with a :class:`~trio_claude.PermissionResultDeny` whose message names the error; the tool does not run,
the turn goes on."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ElicitationContext(Record):
    """The second argument of an ``on_elicitation`` callback that takes one:
    ``request_id`` is the id of the CLI's ``elicitation`` request (the TypeScript SDK's ``requestId``):
    return :class:`ElicitationResponseDeferred` and answer later with
    :meth:`ClaudeSession.respond_to_elicitation(request_id, response)
    <trio_claude.ClaudeSession.respond_to_elicitation>`.  ``None`` for a request built by hand."""

    request_id: str | None = None


@attrs.frozen(repr=False, eq=False)
class ElicitationResponseDeferred(Record):
    """What ``on_elicitation`` returns to answer *later*, out of band (the TypeScript SDK's ``null``): the
    session keeps the request open until :meth:`ClaudeSession.respond_to_elicitation(context.request_id,
    response) <trio_claude.ClaudeSession.respond_to_elicitation>` answers it.

    The request stays the session's: the CLI withdrawing it, an interrupt or the end of the ``async
    with`` block drop it unanswered (the MCP server is told ``cancel``), and ``respond_to_elicitation`` then
    raises :class:`~trio_claude.ElicitationRequestNotPendingError`.  It is an explicit answer on purpose:
    ``None`` or any other value is still a broken answer (the CLI is answered with an error, and the server
    is told ``cancel``)."""


OnElicitation: TypeAlias = (
    Callable[[ElicitationRequest], Awaitable[ElicitationResponse | ElicitationResponseDeferred]]
    | Callable[
        [ElicitationRequest, ElicitationContext], Awaitable[ElicitationResponse | ElicitationResponseDeferred]
    ]
)
"""``async def on_elicitation(request) -> ElicitationResponse`` (or ``async def on_elicitation(request,
context)``: a callback that takes a second argument gets an :class:`ElicitationContext`).

``request`` says which MCP server asks (``mcp_server_name``), the ``message`` to show and, in ``form``
mode, the ``requested_schema`` of the answer (in ``url`` mode, the ``url`` to open).  Answer
``ElicitationResponse(action="accept", content={...})`` with content fitting the schema,
``action="decline"`` or ``action="cancel"`` — or :class:`ElicitationResponseDeferred` to answer later with
:meth:`~trio_claude.ClaudeSession.respond_to_elicitation`.  Without a callback every elicitation is
declined.  The callback is cancelled when the CLI withdraws the request, the turn is interrupted or the
session ends."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UserDialogContext(Record):
    """The second argument of an ``on_user_dialog`` callback that takes one: ``request_id`` is the id of
    the CLI's ``request_user_dialog`` request (the TypeScript SDK's ``requestId``): return
    :class:`UserDialogResponseDeferred` and answer later with
    :meth:`ClaudeSession.respond_to_user_dialog(request_id, response)
    <trio_claude.ClaudeSession.respond_to_user_dialog>`.  ``None`` for a request built by hand."""

    request_id: str | None = None


@attrs.frozen(repr=False, eq=False)
class UserDialogResponseDeferred(Record):
    """What ``on_user_dialog`` returns to answer *later*, out of band (the TypeScript SDK's ``null``): the
    session keeps the dialog open until :meth:`ClaudeSession.respond_to_user_dialog(context.request_id,
    response) <trio_claude.ClaudeSession.respond_to_user_dialog>` answers it.

    The dialog stays the session's: the CLI withdrawing it, an interrupt or the end of the ``async with``
    block drop it unanswered, and ``respond_to_user_dialog`` then raises
    :class:`~trio_claude.UserDialogRequestNotPendingError`.  It is an explicit answer on purpose: ``None``
    or any other value is still a broken answer, which answers ``cancelled``."""


OnUserDialog: TypeAlias = (
    Callable[[RequestUserDialogRequest], Awaitable[UserDialogResponse | UserDialogResponseDeferred]]
    | Callable[
        [RequestUserDialogRequest, UserDialogContext],
        Awaitable[UserDialogResponse | UserDialogResponseDeferred],
    ]
)
"""``async def on_user_dialog(request) -> UserDialogResponse`` (or ``async def on_user_dialog(request,
context)``: a callback that takes a second argument gets a :class:`UserDialogContext`).

The CLI asks the host to show a dialog of kind ``request.dialog_kind`` (one of the
``supported_dialog_kinds`` the options declare, e.g. ``"refusal_fallback_prompt"``) with its
``payload``; answer ``UserDialogResponse(behavior="completed", result=...)`` with the user's choice,
``behavior="cancelled"`` (the CLI then applies the dialog's default), or
:class:`UserDialogResponseDeferred` to answer later with
:meth:`~trio_claude.ClaudeSession.respond_to_user_dialog`.  It fails safe: a callback that raises or
returns something else answers ``cancelled`` (and the failure is logged).  The callback is cancelled
when the CLI withdraws the dialog, the turn is interrupted or the session ends."""


def takes_context(callback: Callable[..., object]) -> bool:
    """Whether ``callback`` takes a second positional argument (the context), else only the request."""
    try:
        inspect.signature(callback).bind(None, None)
    except (TypeError, ValueError):  # one argument only, or no signature to read
        return False
    return True


StderrCallback: TypeAlias = Callable[[str], None]
"""Called with each line the CLI writes on stderr (without the newline)."""
