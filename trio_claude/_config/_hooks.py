"""Hook configuration: the callback type, ``HookMatcher`` and ``HookMap``, event names, failure
policies, and the callback ids registered in ``initialize``.  What a callback answers (``HookOutput``,
``HookJSONOutput``) is in :mod:`._hook_outputs`, loaded on first use.  Pure: imports no trio."""

from __future__ import annotations

import inspect
import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ForwardRef, Literal, TypeAlias, Union, cast, get_args

import attrs

from .._record import Record
from ..model import FrozenList, HookCallbackRequest, HookMatcherConfig

if TYPE_CHECKING:
    from ..model import HookInput
    from ._hook_outputs import HookJSONOutput

HookFailurePolicy: TypeAlias = Literal["continue", "block"]
"""What a failed hook (it raised, timed out or answered something invalid) means: ``"continue"``, no
opinion; ``"block"``, a deny (see :class:`HookMatcher`)."""


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
    "PreSkillShellCommand",
]
"""The hook events of the CLI (a :data:`HookMap` also accepts other names, for newer CLIs: see
:func:`is_known_event`)."""

_KNOWN_EVENTS: tuple[str, ...] = get_args(HookEvent)


def is_known_event(name: str | None) -> bool:
    """Whether ``name`` is a :data:`HookEvent` of this version (the rest are a newer CLI's, or none)."""
    return name in _KNOWN_EVENTS


@attrs.frozen(kw_only=True, repr=False, eq=False)
class HookContext(Record):
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


if TYPE_CHECKING:
    HookCallback: TypeAlias = Callable[[HookInput, str | None, HookContext], Awaitable[HookJSONOutput | None]]
else:  # the hook inputs and outputs load on first use: named through the model's face, found when the
    # names are resolved (``HookJSONOutput`` spelt out: its module loads on first use too)
    from .. import model  # noqa: F401  (the forward references below name it)

    _INPUT = ForwardRef("model.HookInput", module=__name__)
    _SYNC = ForwardRef("model.SyncHookOutput", module=__name__)
    _ASYNC = ForwardRef("model.AsyncHookOutput", module=__name__)
    _OUTPUT = Union[_SYNC, _ASYNC, Mapping[str, Any], None]  # noqa: UP007  (3.10: a ForwardRef has no |)
    HookCallback = Callable[[_INPUT, str | None, HookContext], Awaitable[_OUTPUT]]
"""``async def hook(input, tool_use_id, context)`` returning a :data:`HookOutput`, ``None`` (no opinion) or
a dict in the CLI's JSON form.

``input`` is the typed input of the event (e.g. :class:`~trio_claude.model.PreToolUseHookInput`; narrow it
with ``isinstance`` or ``match``), or :class:`~trio_claude.model.UnknownHookInput` for an event or shape
this version does not know; it also reads like the CLI's JSON (``input["tool_name"]``).  ``tool_use_id``
is the tool call's id for tool events (for other events the CLI sends a random UUID).

A dict answer is what the CLI documents, e.g. ``{"hookSpecificOutput": {"hookEventName": "PreToolUse",
"permissionDecision": "deny", "permissionDecisionReason": "..."}}``, ``{"continue": False, "stopReason":
"..."}`` or ``{"async": True}`` (``continue_``/``async_`` are accepted too, as in the official Python SDK).
For an event this version knows it is checked strictly: an unknown key, a value of the wrong type or
outside its choices, or a ``hookEventName`` that is not the input's event is a failed hook (see
:class:`HookMatcher`).  For an event it does not know (a newer CLI's) it reaches the CLI as written: only a
value of the wrong type in a key every answer has (``continue``, ``decision``…) fails it.
"""


def _callbacks(value: Sequence[HookCallback]) -> FrozenList[HookCallback]:
    given = cast(object, value)  # user input: check what it really is
    if callable(given) or isinstance(given, str | bytes) or not isinstance(given, Sequence | set | frozenset):
        raise TypeError(f"HookMatcher(hooks=...) takes a list of async callbacks, not {value!r}")
    callbacks = FrozenList(cast("Sequence[object]", value))
    for callback in callbacks:
        if not callable(callback):
            raise TypeError(f"HookMatcher(hooks=...): {callback!r} is not callable")
        if inspect.isfunction(callback) and not inspect.iscoroutinefunction(callback):
            raise TypeError(
                f"HookMatcher(hooks=...): {callback.__qualname__} must be an async function (async def)"
            )
    return cast("FrozenList[HookCallback]", callbacks)


def _check_timeout(instance: object, attribute: attrs.Attribute[float | None], value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise ValueError(f"HookMatcher(timeout=...) is a positive number of seconds or None, not {value!r}")


FAIL_CLOSED_EVENTS: frozenset[str] = frozenset(
    {"PreToolUse", "PermissionRequest", "PreSkillShellCommand", "PreModelSwitch"}
)
"""The known events whose hooks decide permissions (their answer can carry a permission decision): a
failed hook there is a deny unless its matcher says ``on_failure="continue"``.  So is one of an event this
version does not know (see :func:`failure_policy`)."""


def failure_policy(event: str, on_failure: HookFailurePolicy | None) -> HookFailurePolicy:
    """What a failed hook of ``event`` means under a matcher's ``on_failure`` (``None``: the default,
    ``"block"`` for :data:`FAIL_CLOSED_EVENTS` and for an event this version does not know, which may
    decide a permission, else ``"continue"``)."""
    if on_failure is not None:
        return on_failure
    return "block" if event in FAIL_CLOSED_EVENTS or not is_known_event(event) else "continue"


@attrs.frozen(repr=False, eq=False)
class HookMatcher(Record):
    """Callbacks for one hook event, optionally only for tools matching ``matcher`` (e.g. ``"Bash"``,
    ``"Write|Edit"``; ``None`` matches everything).

    ``matcher``, ``hooks`` and ``timeout`` may be given by position or by keyword, as in the official SDK;
    ``on_failure`` by keyword.  A bad value raises :class:`TypeError`/:class:`ValueError` at once.

    ``timeout`` (seconds) bounds each callback: one still running when it passes is cancelled and counts as
    a failed hook (:class:`~trio_claude.HookTimeoutError`).  The CLI is given :data:`HOOK_TIMEOUT_MARGIN`
    more as its own deadline: when *its* deadline passes it withdraws the request and fails closed (the
    tool does not run), so ours comes first.

    ``on_failure`` says what a failed hook means — one that raises, times out, or answers something
    invalid:

    * ``"block"`` — a deny.  For the events that decide permissions (``FAIL_CLOSED_EVENTS``:
      ``PreToolUse``, ``PermissionRequest``, ``PreSkillShellCommand``, ``PreModelSwitch``) the session
      answers the CLI with a deny decision whose reason (``"Denied: the PreToolUse hook failed
      (RuntimeError: ...)"``) the model sees, so the tool does not run, on every CLI version; the turn goes
      on.  For other events the CLI gets an error answer and ``onFailure: "block"`` (CLI ≥ 2.1.330 then
      blocks; 2.1.197 ignores it).
    * ``"continue"`` — no opinion: the CLI gets an error answer and goes on as if the hook had not answered
      (for ``PreToolUse``: the tool is permission-checked as usual and may run).  This is the CLI's and the
      official SDKs' behaviour.
    * ``None`` (the default) — ``"block"`` for the events that decide permissions and for an event this
      version does not know (a newer CLI's, which may decide one), ``"continue"`` for every other event.

    Whatever ``on_failure`` says, an invalid answer that carries a permission decision (a
    ``permissionDecision``, a ``decision``) fails closed: it was meant to decide.
    """

    matcher: str | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.instance_of(str))
    )
    hooks: Sequence[HookCallback] = attrs.field(default=(), converter=_callbacks)
    timeout: float | None = attrs.field(default=None, validator=_check_timeout)
    on_failure: HookFailurePolicy | None = attrs.field(
        default=None,
        kw_only=True,
        validator=attrs.validators.optional(attrs.validators.in_(("continue", "block"))),
    )


HookMap: TypeAlias = Mapping[str, Sequence[HookMatcher]]
"""Hook matchers by event name (a :data:`HookEvent`: ``"PreToolUse"``, ``"Stop"``…).

Other names are accepted, for events of newer CLIs, except one that looks like a misspelt known event
(``"PretoolUse"``, ``"pre_tool_use"``): the CLI silently ignores a name it does not know, so a policy
hook under a typo would never run.  :func:`check_hook_event` raises :class:`ValueError` for those."""


def _squashed(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


def check_hook_event(name: str) -> None:
    """Raise :class:`ValueError` when ``name`` is not a known hook event but looks like a misspelt one (it
    differs only in case or ``_``/``-``, or is a close match); a :class:`TypeError` when it is not a string.
    Other unknown names pass (events of newer CLIs)."""
    if not isinstance(cast(object, name), str):
        raise TypeError(f"hooks: an event name is a string such as 'PreToolUse', not {name!r}")
    if name in _KNOWN_EVENTS:
        return
    import difflib  # only for a name that is not an event: most programs never need it

    squashed = {_squashed(event): event for event in _KNOWN_EVENTS}
    close = squashed.get(_squashed(name)) or next(
        iter(difflib.get_close_matches(name, _KNOWN_EVENTS, 1, 0.85)), None
    )
    if close is not None:
        raise ValueError(
            f"hooks: unknown event {name!r}; did you mean {close!r}? (the CLI ignores names it does not "
            "know, so these hooks would never run)"
        )


HOOK_TIMEOUT_MARGIN = 1.0
"""Seconds added to a matcher's ``timeout`` in ``initialize``, so the SDK's own deadline (a failed hook,
see :class:`HookMatcher`) passes before the CLI's (which fails closed)."""


@attrs.frozen(repr=False, eq=False)
class RegisteredHook(Record):
    """One callback as registered in ``initialize``."""

    callback: HookCallback
    name: str  # for messages: the callback's name and id
    timeout: float | None
    on_failure: HookFailurePolicy


def hook_name(callback: HookCallback, callback_id: str) -> str:
    """A callback named in messages: its qualified name and id."""
    return f"{getattr(callback, '__qualname__', None) or repr(callback)} ({callback_id})"


def register_hooks(
    hooks: HookMap | None,
) -> tuple[dict[str, RegisteredHook], dict[str, tuple[HookMatcherConfig, ...]] | None]:
    """The callbacks of ``hooks`` by the ids (``hook_0``, ``hook_1``…) registered in ``initialize``, and the
    ``hooks`` field of ``initialize`` (``None`` without hooks)."""
    callbacks: dict[str, RegisteredHook] = {}
    config: dict[str, tuple[HookMatcherConfig, ...]] = {}
    for event, matchers in (hooks or {}).items():
        check_hook_event(event)
        entries: list[HookMatcherConfig] = []
        for matcher in matchers:
            policy = failure_policy(event, matcher.on_failure)
            ids: list[str] = []
            for callback in matcher.hooks:
                callback_id = f"hook_{len(callbacks)}"
                callbacks[callback_id] = RegisteredHook(
                    callback=callback,
                    name=hook_name(callback, callback_id),
                    timeout=matcher.timeout,
                    on_failure=policy,
                )
                ids.append(callback_id)
            entries.append(
                HookMatcherConfig(
                    matcher=matcher.matcher,
                    hook_callback_ids=tuple(ids),
                    timeout=None if matcher.timeout is None else matcher.timeout + HOOK_TIMEOUT_MARGIN,
                    # The CLI fails closed too, should an answer never be written (CLI ≥ 2.1.330).
                    on_failure="block" if policy == "block" else matcher.on_failure,
                )
            )
        config[event] = tuple(entries)
    return callbacks, config or None
