"""Hook callback outputs as they travel on the wire (PROTOCOL.md §6).

The Python names ``continue_`` and ``async_`` are spelled ``continue`` and ``async`` on the wire (by the
converter in :mod:`trio_claude.wire`).
"""

from __future__ import annotations

import attrs

from ._base import JSONObject, WireObject


@attrs.frozen(kw_only=True, repr=False)
class SyncHookOutput(WireObject):
    """A hook's answer.  Every field is optional; an empty output means "no opinion".

    ``continue_=False`` stops the agent after this step (``stop_reason`` is shown to the user);
    ``decision="block"`` with ``reason`` blocks (e.g. a ``Stop`` hook makes the agent go on);
    ``hook_specific_output`` carries the event's own answer (``hookEventName`` and e.g.
    ``permissionDecision``, ``updatedInput``, ``additionalContext``).
    """

    continue_: bool | None = None
    suppress_output: bool | None = None
    stop_reason: str | None = None
    decision: str | None = None
    system_message: str | None = None
    terminal_sequence: str | None = None
    reason: str | None = None
    hook_specific_output: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False)
class AsyncHookOutput(WireObject):
    """Tell the CLI the hook goes on in the background (``{"async": true}``); treated as no decision."""

    async_: bool = True
    async_timeout: float | None = None
