"""Hook callback outputs as they travel on the wire (PROTOCOL.md §6).

Loaded on first use (the model face's ``__getattr__``; the converter's tag table when an output is
decoded): only a session that registers hooks answers with these classes, so a plain one does not create
them.  ``HookCallbackRequest`` names its answer as a string, and the top level's ``HookOutput`` and
``HookJSONOutput`` load with this module.

The Python names ``continue_`` and ``async_`` are spelled ``continue`` and ``async`` on the wire, and every
key is camelCase (``hookSpecificOutput``, ``permissionDecision``…): the converter in :mod:`trio_claude.wire`
does that.  An event-specific output is tagged by ``hookEventName``, which the converter writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

import attrs

from ._base import BaseUnknown, JSONObject, JSONValue, WireObject, WireTag, json_str
from ._control import ElicitationAction
from ._permissions import PermissionResult

HookPermissionDecision: TypeAlias = Literal["allow", "deny", "ask", "defer"]
"""A ``PreToolUse`` hook's decision: ``allow`` skips the permission check, ``deny`` blocks the tool,
``ask`` asks as usual, ``defer`` leaves it to the next hook."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseHookSpecificOutput(WireObject):
    """The base of the event-specific outputs; ``hook_event_name`` (``"PreToolUse"``…) is a class
    attribute: it is the tag on the wire, read from the tag table of :mod:`trio_claude.wire`."""

    hook_event_name = WireTag()


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseContextHookSpecificOutput(BaseHookSpecificOutput):
    """The base of the event-specific outputs that can add context for the model
    (``additional_context``)."""

    additional_context: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PreToolUseHookSpecificOutput(BaseContextHookSpecificOutput):
    """``PreToolUse``: decide the permission (``allow`` skips ``can_use_tool``), replace the tool's input
    wholesale (``updated_input``, with ``allow``), or add context for the model."""

    permission_decision: HookPermissionDecision | None = None
    permission_decision_reason: str | None = None
    updated_input: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostToolUseHookSpecificOutput(BaseContextHookSpecificOutput):
    """``PostToolUse``: add context for the model, or replace the tool's output before the model sees it
    (``updated_tool_output``, in the tool's own output shape; ``updated_mcp_tool_output`` for MCP
    tools)."""

    classifier_context: str | None = None
    updated_tool_output: JSONValue = None
    updated_mcp_tool_output: JSONValue = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostToolUseFailureHookSpecificOutput(BaseContextHookSpecificOutput):
    """``PostToolUseFailure``: add context for the model."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostToolBatchHookSpecificOutput(BaseContextHookSpecificOutput):
    """``PostToolBatch``: add context for the model."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class NotificationHookSpecificOutput(BaseContextHookSpecificOutput):
    """``Notification``: add context for the model."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UserPromptSubmitHookSpecificOutput(BaseContextHookSpecificOutput):
    """``UserPromptSubmit``: add context to the prompt, title the session, or drop the prompt itself."""

    session_title: str | None = None
    suppress_original_prompt: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UserPromptExpansionHookSpecificOutput(BaseContextHookSpecificOutput):
    """``UserPromptExpansion``: add context, or drop the original prompt."""

    suppress_original_prompt: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SessionStartHookSpecificOutput(BaseContextHookSpecificOutput):
    """``SessionStart``: add context, a first user message, a title, paths to watch, or reload skills."""

    initial_user_message: str | None = None
    session_title: str | None = None
    watch_paths: Sequence[str] | None = None
    reload_skills: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetupHookSpecificOutput(BaseContextHookSpecificOutput):
    """``Setup``: add context for the model."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class StopHookSpecificOutput(BaseContextHookSpecificOutput):
    """``Stop``: add context for the model (to block the stop, use ``decision="block"`` instead)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SubagentStartHookSpecificOutput(BaseContextHookSpecificOutput):
    """``SubagentStart``: add context for the subagent."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SubagentStopHookSpecificOutput(BaseContextHookSpecificOutput):
    """``SubagentStop``: add context."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PreModelSwitchHookSpecificOutput(BaseHookSpecificOutput):
    """``PreModelSwitch``: allow, deny or ask about the model switch."""

    permission_decision: Literal["allow", "deny", "ask"] | None = None
    permission_decision_reason: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostModelSwitchHookSpecificOutput(BaseContextHookSpecificOutput):
    """``PostModelSwitch``: add context for the model."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PermissionRequestHookSpecificOutput(BaseHookSpecificOutput):
    """``PermissionRequest``: answer the permission request in place of ``can_use_tool`` (which the CLI then
    cancels).  ``None``: no decision, the ``can_use_tool`` answer counts."""

    decision: PermissionResult | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PermissionDeniedHookSpecificOutput(BaseHookSpecificOutput):
    """``PermissionDenied``: ``retry=True`` lets the model try again."""

    retry: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseElicitationHookSpecificOutput(BaseHookSpecificOutput):
    """The base of the outputs that answer an elicitation (``action``, with the form's ``content``)."""

    action: ElicitationAction | None = None
    content: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ElicitationHookSpecificOutput(BaseElicitationHookSpecificOutput):
    """``Elicitation``: answer the elicitation in place of the user."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ElicitationResultHookSpecificOutput(BaseElicitationHookSpecificOutput):
    """``ElicitationResult``: change the user's answer."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CwdChangedHookSpecificOutput(BaseHookSpecificOutput):
    """``CwdChanged``: paths to watch."""

    watch_paths: Sequence[str] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class FileChangedHookSpecificOutput(BaseHookSpecificOutput):
    """``FileChanged``: paths to watch."""

    watch_paths: Sequence[str] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class WorktreeCreateHookSpecificOutput(BaseHookSpecificOutput):
    """``WorktreeCreate``: the path of the worktree the hook created."""

    worktree_path: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class MessageDisplayHookSpecificOutput(BaseHookSpecificOutput):
    """``MessageDisplay``: what to display instead."""

    display_content: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PreSkillShellCommandHookSpecificOutput(BaseHookSpecificOutput):
    """``PreSkillShellCommand`` (CLI ≥ 2.1.332): ``deny``, ``ask`` and ``defer`` all keep the embedded shell
    command from running (a skill cannot wait for an approval); ``allow`` adds nothing (the command runs
    unless a hook refuses it).  ``updated_input`` is never applied: any value keeps the command from
    running."""

    permission_decision: HookPermissionDecision | None = None
    permission_decision_reason: str | None = None
    updated_input: JSONObject | None = None


@attrs.frozen(kw_only=True)
class UnknownHookSpecificOutput(BaseUnknown):
    """An event-specific output this version has no class for: ``raw`` is sent as it is (it must carry
    ``hookEventName``)."""

    @property
    def hook_event_name(self) -> str | None:
        """The output's ``hookEventName``, if it has one."""
        return json_str(self.raw, "hookEventName")


HookSpecificOutput: TypeAlias = (
    PreToolUseHookSpecificOutput
    | PostToolUseHookSpecificOutput
    | PostToolUseFailureHookSpecificOutput
    | PostToolBatchHookSpecificOutput
    | NotificationHookSpecificOutput
    | UserPromptSubmitHookSpecificOutput
    | UserPromptExpansionHookSpecificOutput
    | SessionStartHookSpecificOutput
    | SetupHookSpecificOutput
    | StopHookSpecificOutput
    | SubagentStartHookSpecificOutput
    | SubagentStopHookSpecificOutput
    | PreModelSwitchHookSpecificOutput
    | PostModelSwitchHookSpecificOutput
    | PermissionRequestHookSpecificOutput
    | PermissionDeniedHookSpecificOutput
    | ElicitationHookSpecificOutput
    | ElicitationResultHookSpecificOutput
    | CwdChangedHookSpecificOutput
    | FileChangedHookSpecificOutput
    | WorktreeCreateHookSpecificOutput
    | MessageDisplayHookSpecificOutput
    | PreSkillShellCommandHookSpecificOutput
    | UnknownHookSpecificOutput
)
"""The event-specific part of a hook's answer (``hookSpecificOutput``, tagged by ``hookEventName``)."""

#: The typed event-specific output classes (every member of :data:`HookSpecificOutput` but the unknown).
HOOK_SPECIFIC_OUTPUT_CLASSES: tuple[type[BaseHookSpecificOutput], ...] = (
    PreToolUseHookSpecificOutput,
    PostToolUseHookSpecificOutput,
    PostToolUseFailureHookSpecificOutput,
    PostToolBatchHookSpecificOutput,
    NotificationHookSpecificOutput,
    UserPromptSubmitHookSpecificOutput,
    UserPromptExpansionHookSpecificOutput,
    SessionStartHookSpecificOutput,
    SetupHookSpecificOutput,
    StopHookSpecificOutput,
    SubagentStartHookSpecificOutput,
    SubagentStopHookSpecificOutput,
    PreModelSwitchHookSpecificOutput,
    PostModelSwitchHookSpecificOutput,
    PermissionRequestHookSpecificOutput,
    PermissionDeniedHookSpecificOutput,
    ElicitationHookSpecificOutput,
    ElicitationResultHookSpecificOutput,
    CwdChangedHookSpecificOutput,
    FileChangedHookSpecificOutput,
    WorktreeCreateHookSpecificOutput,
    MessageDisplayHookSpecificOutput,
    PreSkillShellCommandHookSpecificOutput,
)


PERMISSION_DECISION_FIELDS: frozenset[str] = frozenset({"decision", "permission_decision"})
"""The fields of a hook's answer that decide a permission: :attr:`SyncHookOutput.decision` and, in the
event-specific outputs, ``permission_decision`` (``PreToolUse``, ``PreSkillShellCommand``,
``PreModelSwitch``) and ``decision`` (``PermissionRequest``).  An answer that carries one fails closed when
it cannot be checked, whatever its event."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SyncHookOutput(WireObject):
    """A hook's answer.  Every field is optional; an empty output means "no opinion".

    * ``continue_=False`` stops the agent after the current step (the result's ``terminal_reason`` is
      ``hook_stopped``; a ``PreToolUse`` hook does not keep the tool from running);
      ``stop_reason`` is the reason given.
    * ``decision="block"`` with ``reason`` blocks: a ``Stop`` hook makes the agent go on with ``reason``
      as feedback.
    * ``system_message`` is shown to the user; ``suppress_output`` hides the hook's output.
    * ``hook_specific_output`` carries the event's own answer (e.g.
      :class:`~trio_claude.model.PreToolUseHookSpecificOutput`).
    """

    continue_: bool | None = None
    suppress_output: bool | None = None
    stop_reason: str | None = None
    decision: Literal["approve", "block"] | None = None
    system_message: str | None = None
    terminal_sequence: str | None = None
    reason: str | None = None
    hook_specific_output: HookSpecificOutput | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AsyncHookOutput(WireObject):
    """Tell the CLI the hook goes on in the background (``{"async": true}``); the CLI treats it as no
    decision and does not wait."""

    async_: bool = True
    async_timeout: float | None = None
