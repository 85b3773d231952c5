"""The non-``system`` frames a plain query does not meet: tool progress, authentication, summaries,
suggestions, resets, command lifecycles, goals, compaction state, transcript mirrors.

Loaded on first use (the model face's ``__getattr__``; the converter's tag table when the CLI sends one), so
that a plain session does not create these classes.  The frames every query meets are in :mod:`._messages`.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ._base import EMPTY_LIST, JSONObject, WireObject, brief


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SubagentRetry(WireObject):
    """Retry state of a subagent in :class:`ToolProgressMessage`."""

    agent_id: str | None = None
    attempt: int | None = None
    max_retries: int | None = None
    retry_delay_ms: float | None = None
    error_status: int | None = None
    error_category: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ToolProgressMessage(WireObject):
    """``{"type": "tool_progress"}``: a running tool is still alive."""

    tool_use_id: str
    tool_name: str
    parent_tool_use_id: str | None = None
    elapsed_time_seconds: float | None = None
    task_id: str | None = None
    heartbeat: bool | None = None
    subagent_type: str | None = None
    subagent_retry: SubagentRetry | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AuthStatusMessage(WireObject):
    """``{"type": "auth_status"}``: progress of an authentication flow."""

    is_authenticating: bool
    output: Sequence[str] = EMPTY_LIST
    error: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ToolUseSummaryMessage(WireObject):
    """``{"type": "tool_use_summary"}``: a summary of preceding tool uses."""

    summary: str
    preceding_tool_use_ids: Sequence[str] | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PromptSuggestionMessage(WireObject):
    """``{"type": "prompt_suggestion"}``: a suggested next prompt (after ``result``)."""

    suggestion: str
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ConversationResetMessage(WireObject):
    """``{"type": "conversation_reset"}``: the conversation restarted under a new id."""

    new_conversation_id: str
    trigger: str | None = None
    user_message_uuid: str | None = None
    timestamp: str | None = None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CommandLifecycleMessage(WireObject):
    """``{"type": "command_lifecycle"}`` (CLI ≥ 2.1.330): a ``uuid``-stamped prompt was queued, started,
    completed or cancelled."""

    command_uuid: str
    state: str
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ActiveGoalMessage(WireObject):
    """``{"type": "active_goal"}``: the active goal changed (``value`` is ``None`` when cleared)."""

    value: JSONObject | None
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AutocompactStateMessage(WireObject):
    """``{"type": "autocompact_state"}``: auto-compaction state (undocumented; fields kept in ``extra``)."""

    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TranscriptMirrorMessage(WireObject):
    """``{"type": "transcript_mirror", "filePath": ..., "entries": [...]}``: lines the CLI has just written
    to a transcript file, sent for a session store (only with ``--session-mirror``; CLI 2.1.197, 2.1.330).

    ``file_path`` is the file, under ``<config dir>/projects`` exactly as the config dir was given (a
    main transcript ``<project>/<session>.jsonl`` or a subagent's
    ``<project>/<session>/subagents/agent-<id>.jsonl``; see :func:`~trio_claude.session_key_for_file`), and
    ``entries`` the JSON objects written, in order.  No ``session_id``/``uuid``; no answer expected.
    """

    file_path: str
    entries: Sequence[JSONObject] = attrs.field(repr=brief)
