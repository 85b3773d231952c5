"""Hook callbacks: registered in ``initialize`` by id, called through ``hook_callback`` requests."""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Literal, TypeAlias, cast

import attrs
import trio

from .model import AsyncHookOutput, HookCallbackRequest, HookInput, HookMatcherConfig, SyncHookOutput

HookOutput: TypeAlias = SyncHookOutput | AsyncHookOutput
"""What a hook callback may return (``None`` means "no opinion")."""

HookEvent: TypeAlias = Literal[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "SessionEnd",
    "Stop",
    "StopFailure",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "PreModelSwitch",
    "PostModelSwitch",
    "PermissionRequest",
    "PermissionDenied",
    "Setup",
    "TeammateIdle",
    "TaskCreated",
    "TaskCompleted",
    "Elicitation",
    "ElicitationResult",
    "ConfigChange",
    "WorktreeCreate",
    "WorktreeRemove",
    "InstructionsLoaded",
    "CwdChanged",
    "FileChanged",
    "DirectoryAdded",
    "MessageDisplay",
]
"""The hook events of the CLI (a :data:`HookMap` also accepts other names, for newer CLIs)."""


@attrs.frozen(kw_only=True)
class HookContext:
    """What a hook callback gets besides its input: the whole ``hook_callback`` request.

    Cancellation is trio's: when the CLI cancels the request (``control_cancel_request``), the turn is
    interrupted, the matcher's timeout passes or the session ends, the callback receives
    :class:`trio.Cancelled` at its next checkpoint.
    """

    request: HookCallbackRequest

    @property
    def callback_id(self) -> str:
        """The id the callback was registered under (``hook_0``…)."""
        return self.request.callback_id


HookCallback: TypeAlias = Callable[[HookInput, str | None, HookContext], Awaitable[HookOutput | None]]
"""``async def hook(input, tool_use_id, context) -> HookOutput | None``.

``input`` is the typed input of the event (e.g. :class:`~trio_claude.model.PreToolUseHookInput`; narrow it
with ``isinstance`` or ``match``), or :class:`~trio_claude.model.UnknownHookInput` for an event or shape
this version does not know.  ``tool_use_id`` is the tool call's id for tool events (for other events the
CLI sends a random UUID).
"""


def _callbacks(value: Sequence[HookCallback]) -> tuple[HookCallback, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class HookMatcher:
    """Callbacks for one hook event, optionally only for tools matching ``matcher`` (e.g. ``"Bash"``,
    ``"Write|Edit"``; ``None`` matches everything).

    ``timeout`` (seconds) bounds each callback: one still running when it passes is cancelled and the CLI
    gets an error answer, which it treats as "no opinion" (the tool still runs).  The CLI is given
    :data:`HOOK_TIMEOUT_MARGIN` more as its own deadline: when *its* deadline passes it withdraws the
    request and fails closed instead (the tool does not run), so ours must come first.

    ``on_failure="block"`` asks the CLI to count a failed hook (an error answer, a timeout) as a block
    (CLI ≥ 2.1.330; 2.1.197 ignores it and goes on as if the hook had no opinion).
    """

    matcher: str | None = None
    hooks: Sequence[HookCallback] = attrs.field(default=(), converter=_callbacks)
    timeout: float | None = None
    on_failure: Literal["continue", "block"] | None = None


HookMap: TypeAlias = Mapping[str, Sequence[HookMatcher]]
"""Hook matchers by event name (a :data:`HookEvent`: ``"PreToolUse"``, ``"Stop"``…)."""


HOOK_TIMEOUT_MARGIN = 1.0
"""Seconds added to a matcher's ``timeout`` in ``initialize``, so the SDK's own deadline (an error answer:
"no opinion", or a block with ``on_failure="block"``) passes before the CLI's (which fails closed)."""


class HookTimeoutError(TimeoutError):
    """A hook callback ran longer than its matcher's ``timeout``; the CLI is answered with this error."""


class HookRegistry:
    """The callbacks of a session, by the ids (``hook_0``, ``hook_1``…) registered in ``initialize``."""

    def __init__(self, hooks: HookMap | None) -> None:
        self._callbacks: dict[str, tuple[HookCallback, float | None]] = {}
        config: dict[str, tuple[HookMatcherConfig, ...]] = {}
        for event, matchers in (hooks or {}).items():
            entries: list[HookMatcherConfig] = []
            for matcher in matchers:
                ids: list[str] = []
                for callback in matcher.hooks:
                    callback_id = f"hook_{len(self._callbacks)}"
                    self._callbacks[callback_id] = (callback, matcher.timeout)
                    ids.append(callback_id)
                entries.append(
                    HookMatcherConfig(
                        matcher=matcher.matcher,
                        hook_callback_ids=tuple(ids),
                        timeout=None if matcher.timeout is None else matcher.timeout + HOOK_TIMEOUT_MARGIN,
                        on_failure=matcher.on_failure,
                    )
                )
            config[event] = tuple(entries)
        self.initialize_config: dict[str, tuple[HookMatcherConfig, ...]] | None = config or None
        """The ``hooks`` field of ``initialize`` (``None`` without hooks)."""

    async def answer(self, request: HookCallbackRequest) -> HookOutput:
        """Run the callback ``request.callback_id`` names and return its output (``None`` → ``{}``).

        Raises :class:`LookupError` for an unknown id, :class:`HookTimeoutError` when the matcher's
        timeout passes (the callback is cancelled first), and :class:`TypeError` when the callback returns
        something else than a hook output; the session answers the CLI with an error in each case.
        Cancellation reaches the callback.
        """
        try:
            callback, timeout = self._callbacks[request.callback_id]
        except KeyError:
            raise LookupError(f"No hook callback found for ID: {request.callback_id}") from None
        context = HookContext(request=request)
        output: HookOutput | None = None
        with trio.move_on_after(math.inf if timeout is None else timeout) as scope:
            output = await callback(request.input, request.tool_use_id, context)
        if scope.cancelled_caught:
            raise HookTimeoutError(f"hook {request.callback_id} timed out after {timeout} s")
        # The callback is user code: check what it really returned.
        if output is not None and not isinstance(cast(object, output), SyncHookOutput | AsyncHookOutput):
            raise TypeError(
                f"hook {request.callback_id} must return SyncHookOutput, AsyncHookOutput or None, "
                f"not {output!r}"
            )
        return SyncHookOutput() if output is None else output
