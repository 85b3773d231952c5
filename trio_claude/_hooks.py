"""Hook callbacks: registered in ``initialize`` by id, called through ``hook_callback`` requests."""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Literal, TypeAlias

import attrs
import trio

from .model import AsyncHookOutput, HookCallbackRequest, HookMatcherConfig, JSONObject, SyncHookOutput

HookOutput: TypeAlias = SyncHookOutput | AsyncHookOutput
"""What a hook callback may return (``None`` means "no opinion")."""


@attrs.frozen(kw_only=True)
class HookContext:
    """What a hook callback gets besides its input: the whole ``hook_callback`` request.

    Cancellation is trio's: when the CLI cancels the request, the turn is interrupted or the session ends,
    the callback receives :class:`trio.Cancelled` and nothing is answered.
    """

    request: HookCallbackRequest


HookCallback: TypeAlias = Callable[[JSONObject, str | None, HookContext], Awaitable[HookOutput | None]]
"""``async def hook(input, tool_use_id, context) -> HookOutput | None``."""


def _callbacks(value: Sequence[HookCallback]) -> tuple[HookCallback, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class HookMatcher:
    """Callbacks for one hook event, optionally only for tools matching ``matcher`` (e.g. ``"Bash"``).

    ``timeout`` (seconds) bounds each callback; one that runs longer is cancelled and the CLI gets an
    error answer.  ``on_failure="block"`` asks the CLI to block when the hook fails.
    """

    matcher: str | None = None
    hooks: Sequence[HookCallback] = attrs.field(default=(), converter=_callbacks)
    timeout: float | None = None
    on_failure: Literal["continue", "block"] | None = None


HookMap: TypeAlias = Mapping[str, Sequence[HookMatcher]]
"""Hook matchers by event name (``"PreToolUse"``, ``"Stop"``…)."""


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
                        timeout=matcher.timeout,
                        on_failure=matcher.on_failure,
                    )
                )
            config[event] = tuple(entries)
        self.initialize_config: dict[str, tuple[HookMatcherConfig, ...]] | None = config or None
        """The ``hooks`` field of ``initialize`` (``None`` without hooks)."""

    async def answer(self, request: HookCallbackRequest) -> HookOutput:
        """Run the callback ``request.callback_id`` names.

        Raises :class:`LookupError` for an unknown id and :class:`TimeoutError` when the matcher's timeout
        passes (the session answers the CLI with an error either way).
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
            raise TimeoutError(f"hook {request.callback_id} timed out after {timeout} s")
        return SyncHookOutput() if output is None else output
