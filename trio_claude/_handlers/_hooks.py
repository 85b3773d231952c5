"""Hook callbacks: registered in ``initialize`` by id, called through ``hook_callback`` requests."""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import trio

from .. import model, wire  # model: the face, which loads the hook outputs on first use
from .._config._hooks import HookContext, HookMap, failure_policy, is_known_event, register_hooks
from ..model import HookCallbackRequest
from ..wire._strict import decides_permission

if TYPE_CHECKING:
    from .._config._hook_outputs import HookOutput

logger = logging.getLogger("trio_claude.handlers")


class HookTimeoutError(TimeoutError):
    """A hook callback ran longer than its matcher's ``timeout`` (it was cancelled): a failed hook."""


class HookRegistry:
    """The callbacks of a session, by the ids (``hook_0``, ``hook_1``…) registered in ``initialize``."""

    def __init__(self, hooks: HookMap | None) -> None:
        self._callbacks, self.initialize_config = register_hooks(hooks)
        """The ``hooks`` field of ``initialize`` (``None`` without hooks)."""

    async def answer(self, request: HookCallbackRequest) -> HookOutput:
        """Run the callback ``request.callback_id`` names and return its output, checked (``None`` →
        ``{}``; a dict → its typed output: see :func:`checked_output`).

        Raises :class:`LookupError` for an unknown id, :class:`HookTimeoutError` when the matcher's
        timeout passes (the callback is cancelled first), :class:`TypeError` when the callback returns
        something else than a hook output, a dict or ``None``, and :class:`InvalidHookAnswerError` for an
        invalid output; the session then answers with :meth:`failure_answer`.  Cancellation reaches the
        callback.
        """
        try:
            registered = self._callbacks[request.callback_id]
        except KeyError:
            raise LookupError(f"No hook callback found for ID: {request.callback_id}") from None
        context = HookContext(request=request)
        output: object = None
        timeout = registered.timeout
        with trio.move_on_after(math.inf if timeout is None else timeout) as scope:
            output = await registered.callback(request.input, request.tool_use_id, context)
        if scope.cancelled_caught:
            raise HookTimeoutError(f"hook {registered.name} timed out after {timeout} s")
        return checked_output(output, request, registered.name)

    def failure_answer(self, request: HookCallbackRequest, error: BaseException) -> HookOutput | None:
        """The answer to send when answering ``request`` failed with ``error``: a deny decision (the error is
        the reason) for an event of ``FAIL_CLOSED_EVENTS`` whose policy is ``"block"``, else ``None``
        (an error answer, which the CLI treats as its ``on_failure`` says: an event this version does not
        know is registered with ``"block"`` by default).  An invalid answer that carried a permission
        decision blocks whatever the policy."""
        event = request.input.hook_event_name
        registered = self._callbacks.get(request.callback_id)
        policy = registered.on_failure if registered else failure_policy(event or "", None)
        if isinstance(error, InvalidHookAnswerError) and error.decides:
            policy = "block"
        if policy != "block":
            return None
        reason = f"Denied: the {event} hook failed ({describe_failure(error)})"
        logger.warning("%s (fail closed)", reason)
        return _deny(event, reason)


class InvalidHookAnswerError(ValueError):
    """A hook answered something invalid; ``decides``: the answer carried a permission decision (so its
    failure is a deny, whatever the matcher's ``on_failure``)."""

    def __init__(self, message: str, *, decides: bool) -> None:
        super().__init__(message)
        self.decides = decides


def _deny(event: str | None, reason: str) -> HookOutput | None:
    """The deny answer of a hook of ``event`` (``None``: the event has no decision to deny with)."""
    if event == "PreToolUse":
        return model.SyncHookOutput(
            hook_specific_output=model.PreToolUseHookSpecificOutput(
                permission_decision="deny", permission_decision_reason=reason
            )
        )
    if event == "PreSkillShellCommand":
        return model.SyncHookOutput(
            hook_specific_output=model.PreSkillShellCommandHookSpecificOutput(
                permission_decision="deny", permission_decision_reason=reason
            )
        )
    if event == "PreModelSwitch":
        return model.SyncHookOutput(
            hook_specific_output=model.PreModelSwitchHookSpecificOutput(
                permission_decision="deny", permission_decision_reason=reason
            )
        )
    if event == "PermissionRequest":
        return model.SyncHookOutput(
            hook_specific_output=model.PermissionRequestHookSpecificOutput(
                decision=model.PermissionResultDeny(message=reason)
            )
        )
    return None


def describe_failure(error: BaseException) -> str:
    """``"RuntimeError: hook exploded"``: what failed, for a deny reason the model reads."""
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def checked_output(output: object, request: HookCallbackRequest, name: str) -> HookOutput:
    """The callback's answer as a valid typed output (it is user code: check what it really returned).

    A dict answering an event this version knows is checked strictly (an unknown key is a typo there); one
    answering an event it does not know is kept as written (a newer CLI's answer), only a key every answer
    has holding a value of the wrong type failing it, and so is its ``hookEventName`` (the CLI decides what
    it takes).  Raises :class:`TypeError` for what is no answer, :class:`InvalidHookAnswerError` for an
    invalid one."""
    if output is None:
        return model.SyncHookOutput()
    event = request.input.hook_event_name
    known = is_known_event(event)
    try:
        if isinstance(output, model.SyncHookOutput | model.AsyncHookOutput):
            wire.check(output)
            typed: HookOutput = output
        elif isinstance(output, Mapping):
            answer = dict(cast("Mapping[str, object]", output))
            cls = model.SyncHookOutput | model.AsyncHookOutput
            typed = wire.structure_strict(answer, cls) if known else wire.structure_as_written(answer, cls)
        else:
            raise TypeError(
                f"hook {name} must return SyncHookOutput, AsyncHookOutput, a dict in the CLI's JSON form "
                f"or None, not {output!r}"
            )
    except wire.MalformedError as exc:
        raise InvalidHookAnswerError(
            f"hook {name} returned an invalid answer: {exc}",
            decides=_decides(cast(object, output)),  # type: ignore[redundant-cast]  # pyright needs it
        ) from None
    answered = _answered_event(typed)
    if known and answered is not None and answered != event:
        raise InvalidHookAnswerError(
            f"hook {name} answered a {answered} hookSpecificOutput to a {event} event (the CLI would "
            "reject it)",
            decides=_decides(typed),
        )
    return typed


def _decides(output: object) -> bool:
    """Whether a hook's answer (a dict or a typed output) carries a permission decision."""
    if isinstance(output, Mapping):
        answer = dict(cast("Mapping[str, object]", output))
        return decides_permission(answer)  # ``continue_``/``async_``: not a decision either way
    try:
        return decides_permission(wire.unstructure(output))
    except wire.EncodeError:
        return False  # nothing the CLI could read: the matcher's policy decides


def _answered_event(output: HookOutput) -> str | None:
    """The ``hookEventName`` of an output's ``hookSpecificOutput``, if it has one."""
    specific = output.hook_specific_output if isinstance(output, model.SyncHookOutput) else None
    if specific is None:
        return None
    if isinstance(specific, model.UnknownHookSpecificOutput):
        return specific.hook_event_name
    return type(specific).hook_event_name
