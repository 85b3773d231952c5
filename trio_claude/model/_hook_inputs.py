"""What a hook callback receives: one class per hook event (PROTOCOL.md §6), tagged by ``hook_event_name``.

Every class keeps the keys it does not know in ``extra``; an event this version does not know, or an input
that does not fit its class, arrives as :class:`UnknownHookInput` with the raw JSON.  Enumerations the CLI
may extend (``source``, ``trigger``, ``permission_mode``…) are plain strings.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

import attrs

from ._base import BaseUnknown, JSONObject, JSONValue, WireMapping, WireObject, WireTag, json_str
from ._names import ExitReason

if TYPE_CHECKING:
    from .. import model
    from .tools import ToolInput, ToolOutput
else:  # the face: fields name the permission classes through it, which it loads on first use, once an
    # annotation naming them is resolved (a hook that fires for no tool does not need them)
    model = sys.modules[__package__]


@attrs.frozen(kw_only=True, repr=False, eq=False)
class HookEffort(WireObject):
    """The reasoning effort of the turn that fired the hook (``{"level": "medium"}``)."""

    level: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseHookInput(WireObject, WireMapping):
    """The fields every hook input has.

    Besides its typed fields, an input reads like the JSON the CLI sent, by wire key
    (:class:`~trio_claude.model.WireMapping`): ``hook_input["tool_name"]``, ``hook_input.get("tool_input")``,
    as a hook written for the official Python SDK expects.

    ``agent_id``/``agent_type`` are set when the hook fires inside a subagent; ``effort`` is absent for
    ``UserPromptSubmit``.  ``hook_event_name`` is the event (``"PreToolUse"``…), a class attribute: it is
    the tag on the wire, read from the tag table of :mod:`trio_claude.wire`.
    """

    hook_event_name = WireTag()

    session_id: str
    transcript_path: str
    cwd: str
    prompt_id: str | None = None
    permission_mode: str | None = None
    agent_id: str | None = None
    agent_type: str | None = None
    effort: HookEffort | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseToolHookInput(BaseHookInput):
    """The fields of every event about one tool call: the tool, its input, and the MCP server that
    provides it (for an MCP tool)."""

    tool_name: str
    tool_input: JSONObject
    mcp_server: model.McpServerRef | None = None

    def typed_tool_input(self) -> ToolInput:
        """``tool_input`` as its tool's class (:class:`~trio_claude.model.tools.BashInput`...), by
        :func:`~trio_claude.model.tools.parse_tool_input`: never raises."""
        from .tools import parse_tool_input  # loaded on first use

        return parse_tool_input(self.tool_name, self.tool_input)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseToolUseHookInput(BaseToolHookInput):
    """The fields of the tool events that name the tool use (``tool_use_id``), i.e. every tool event but
    ``PermissionRequest``."""

    tool_use_id: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PreToolUseHookInput(BaseToolUseHookInput):
    """``PreToolUse``: before a tool runs (and before the permission check)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostToolUseHookInput(BaseToolUseHookInput):
    """``PostToolUse``: a tool ran; ``tool_response`` is its structured result (e.g. Bash's
    ``{"stdout", "stderr", "interrupted", …}``)."""

    tool_response: JSONValue
    duration_ms: float | None = None

    def typed_tool_response(self) -> ToolOutput:
        """``tool_response`` as its tool's output type (:class:`~trio_claude.model.tools.BashOutput`...),
        by :func:`~trio_claude.model.tools.parse_tool_output`: never raises."""
        from .tools import parse_tool_output  # loaded on first use

        return parse_tool_output(self.tool_name, self.tool_response)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostToolUseFailureHookInput(BaseToolUseHookInput):
    """``PostToolUseFailure``: a tool failed with ``error``."""

    error: str
    is_interrupt: bool | None = None
    duration_ms: float | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class HookToolCall(WireObject):
    """One tool call of a :class:`PostToolBatchHookInput`."""

    tool_name: str
    tool_input: JSONObject
    tool_use_id: str
    tool_response: JSONValue = None

    def typed_tool_input(self) -> ToolInput:
        """``tool_input`` as its tool's class, by :func:`~trio_claude.model.tools.parse_tool_input`."""
        from .tools import parse_tool_input  # loaded on first use

        return parse_tool_input(self.tool_name, self.tool_input)

    def typed_tool_response(self) -> ToolOutput:
        """``tool_response`` as its tool's output type (by
        :func:`~trio_claude.model.tools.parse_tool_output`)."""
        from .tools import parse_tool_output  # loaded on first use

        return parse_tool_output(self.tool_name, self.tool_response)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostToolBatchHookInput(BaseHookInput):
    """``PostToolBatch``: a batch of parallel tool calls finished."""

    tool_calls: Sequence[HookToolCall]


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PermissionRequestHookInput(BaseToolHookInput):
    """``PermissionRequest``: the CLI is about to ask for permission (it runs *concurrently* with the
    ``can_use_tool`` request; a decision from the hook wins and cancels that request)."""

    permission_suggestions: Sequence[model.PermissionUpdate] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PermissionDeniedHookInput(BaseToolUseHookInput):
    """``PermissionDenied``: a tool use was denied for ``reason``."""

    reason: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class NotificationHookInput(BaseHookInput):
    """``Notification``: the CLI notifies the user."""

    message: str
    notification_type: str
    title: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UserPromptSubmitHookInput(BaseHookInput):
    """``UserPromptSubmit``: a prompt is about to be sent to the model (``source``: ``user``, ``sdk``…)."""

    prompt: str
    source: str | None = None
    session_title: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UserPromptExpansionHookInput(BaseHookInput):
    """``UserPromptExpansion``: a slash command or MCP prompt expands into ``prompt``."""

    expansion_type: str
    command_name: str
    command_args: str
    prompt: str
    command_source: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SessionStartHookInput(BaseHookInput):
    """``SessionStart`` (``source``: ``startup``, ``resume``, ``clear``, ``compact``, ``fork``)."""

    source: str
    model: str | None = None
    session_title: str | None = None
    seconds_since_last_response: float | None = None
    context_tokens: int | None = None
    prompt_cache_likely_expired: bool | None = None
    estimated_cache_write_usd: float | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SessionEndHookInput(BaseHookInput):
    """``SessionEnd``.  ``reason`` is an :data:`~trio_claude.model.ExitReason` (``clear``, ``resume``,
    ``logout``, ``prompt_input_exit``, ``other``), or a reason a newer CLI added, kept as sent."""

    reason: ExitReason | str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseStopHookInput(BaseHookInput):
    """The fields of ``Stop`` and ``SubagentStop``.  ``stop_hook_active`` is true when the agent goes on
    because a stop hook blocked the previous stop."""

    stop_hook_active: bool
    last_assistant_message: str | None = None
    background_tasks: Sequence[JSONObject] | None = None
    session_crons: Sequence[JSONObject] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class StopHookInput(BaseStopHookInput):
    """``Stop``: the agent is about to end its turn."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class StopFailureHookInput(BaseHookInput):
    """``StopFailure``: the turn ended with an API error (``error``: ``rate_limit``,
    ``authentication_failed``…)."""

    error: str
    error_details: str | None = None
    last_assistant_message: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SubagentStartHookInput(BaseHookInput):
    """``SubagentStart`` (the subagent is ``agent_id`` / ``agent_type``)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SubagentStopHookInput(BaseStopHookInput):
    """``SubagentStop``: a subagent is about to finish."""

    agent_transcript_path: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PreCompactHookInput(BaseHookInput):
    """``PreCompact`` (``trigger``: ``manual`` or ``auto``)."""

    trigger: str
    custom_instructions: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostCompactHookInput(BaseHookInput):
    """``PostCompact``: the conversation was compacted into ``compact_summary``."""

    trigger: str
    compact_summary: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseModelSwitchHookInput(BaseHookInput):
    """The fields of ``PreModelSwitch`` and ``PostModelSwitch``: the switch from ``from_model`` to
    ``to_model``."""

    from_model: str
    to_model: str
    requested_model: str | None = None
    source: str | None = None
    context_tokens: int | None = None
    prompt_cache_warm: bool | None = None
    cache_ttl: str | None = None
    estimated_cache_write_usd: float | None = None
    pricing: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PreModelSwitchHookInput(BaseModelSwitchHookInput):
    """``PreModelSwitch``: the model is about to change from ``from_model`` to ``to_model``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PostModelSwitchHookInput(BaseModelSwitchHookInput):
    """``PostModelSwitch``: the model changed from ``from_model`` to ``to_model``."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetupHookInput(BaseHookInput):
    """``Setup`` (``trigger``: ``init`` or ``maintenance``)."""

    trigger: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TeammateIdleHookInput(BaseHookInput):
    """``TeammateIdle``: a teammate of an agent team has nothing to do."""

    teammate_name: str
    team_name: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseTaskHookInput(BaseHookInput):
    """The fields of ``TaskCreated`` and ``TaskCompleted``: one task of the task list."""

    task_id: str
    task_subject: str
    task_description: str | None = None
    teammate_name: str | None = None
    team_name: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskCreatedHookInput(BaseTaskHookInput):
    """``TaskCreated``: a task was added to the task list."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskCompletedHookInput(BaseTaskHookInput):
    """``TaskCompleted``: a task of the task list is done."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class BaseElicitationHookInput(BaseHookInput):
    """The fields of ``Elicitation`` and ``ElicitationResult``: the MCP server and the elicitation."""

    mcp_server_name: str
    mode: str | None = None
    elicitation_id: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ElicitationHookInput(BaseElicitationHookInput):
    """``Elicitation``: an MCP server asks the user for input (before :class:`ElicitationRequest`)."""

    message: str
    url: str | None = None
    requested_schema: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ElicitationResultHookInput(BaseElicitationHookInput):
    """``ElicitationResult``: the user answered an elicitation with ``action``."""

    action: str
    content: JSONObject | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ConfigChangeHookInput(BaseHookInput):
    """``ConfigChange``: a settings source changed."""

    source: str
    file_path: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class WorktreeCreateHookInput(BaseHookInput):
    """``WorktreeCreate``: create the worktree ``name`` (answer with its path)."""

    name: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class WorktreeRemoveHookInput(BaseHookInput):
    """``WorktreeRemove``: remove the worktree at ``worktree_path``."""

    worktree_path: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InstructionsLoadedHookInput(BaseHookInput):
    """``InstructionsLoaded``: a ``CLAUDE.md``-style instructions file was loaded."""

    file_path: str
    memory_type: str
    load_reason: str
    globs: Sequence[str] | None = None
    trigger_file_path: str | None = None
    parent_file_path: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class CwdChangedHookInput(BaseHookInput):
    """``CwdChanged``: the working directory changed."""

    old_cwd: str
    new_cwd: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class FileChangedHookInput(BaseHookInput):
    """``FileChanged``: a watched file changed (``event``: ``change``, ``add``, ``unlink``)."""

    file_path: str
    event: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class DirectoryAddedHookInput(BaseHookInput):
    """``DirectoryAdded``: a working directory was added."""

    directory: str
    source: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class MessageDisplayHookInput(BaseHookInput):
    """``MessageDisplay``: a piece of an assistant message is about to be displayed."""

    turn_id: str
    message_id: str
    index: int
    final: bool
    delta: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PreSkillShellCommandHookInput(BaseHookInput):
    """``PreSkillShellCommand`` (CLI ≥ 2.1.332): a skill's or slash command's embedded shell command
    (``!`echo hi``` in ``.claude/commands/x.md``) is about to run, after its permission check.

    ``tool_name`` is the shell tool that runs it (``Bash`` or ``PowerShell``), ``tool_input`` is
    ``{"command": ...}`` with the arguments filled in, ``command_name`` the skill or command whose text
    holds it; ``tool_use_id`` names no tool call in the transcript.  ``invoked_by``: ``user`` (typed, or
    sent by an SDK host), ``claude`` (the Skill tool, or a turn Claude scheduled) or ``other``."""

    tool_name: str
    tool_input: JSONObject
    tool_use_id: str
    command_name: str
    invoked_by: str
    command_source: str | None = None


@attrs.frozen(kw_only=True)
class UnknownHookInput(BaseUnknown, WireMapping):
    """A hook input of an event this version does not know, or one that did not fit its class (``error``
    says why).  ``raw`` is the input as received; ``hook_input["key"]`` reads it too."""

    @property
    def hook_event_name(self) -> str | None:
        """The input's ``hook_event_name``, if it has one."""
        return json_str(self.raw, "hook_event_name")


HookInput: TypeAlias = (
    PreToolUseHookInput
    | PostToolUseHookInput
    | PostToolUseFailureHookInput
    | PostToolBatchHookInput
    | PermissionRequestHookInput
    | PermissionDeniedHookInput
    | NotificationHookInput
    | UserPromptSubmitHookInput
    | UserPromptExpansionHookInput
    | SessionStartHookInput
    | SessionEndHookInput
    | StopHookInput
    | StopFailureHookInput
    | SubagentStartHookInput
    | SubagentStopHookInput
    | PreCompactHookInput
    | PostCompactHookInput
    | PreModelSwitchHookInput
    | PostModelSwitchHookInput
    | SetupHookInput
    | TeammateIdleHookInput
    | TaskCreatedHookInput
    | TaskCompletedHookInput
    | ElicitationHookInput
    | ElicitationResultHookInput
    | ConfigChangeHookInput
    | WorktreeCreateHookInput
    | WorktreeRemoveHookInput
    | InstructionsLoadedHookInput
    | CwdChangedHookInput
    | FileChangedHookInput
    | DirectoryAddedHookInput
    | MessageDisplayHookInput
    | PreSkillShellCommandHookInput
    | UnknownHookInput
)
"""The input of any hook callback, by event (``hook_event_name`` on the wire)."""

#: The typed input classes (every member of :data:`HookInput` but :class:`UnknownHookInput`).
HOOK_INPUT_CLASSES: tuple[type[BaseHookInput], ...] = (
    PreToolUseHookInput,
    PostToolUseHookInput,
    PostToolUseFailureHookInput,
    PostToolBatchHookInput,
    PermissionRequestHookInput,
    PermissionDeniedHookInput,
    NotificationHookInput,
    UserPromptSubmitHookInput,
    UserPromptExpansionHookInput,
    SessionStartHookInput,
    SessionEndHookInput,
    StopHookInput,
    StopFailureHookInput,
    SubagentStartHookInput,
    SubagentStopHookInput,
    PreCompactHookInput,
    PostCompactHookInput,
    PreModelSwitchHookInput,
    PostModelSwitchHookInput,
    SetupHookInput,
    TeammateIdleHookInput,
    TaskCreatedHookInput,
    TaskCompletedHookInput,
    ElicitationHookInput,
    ElicitationResultHookInput,
    ConfigChangeHookInput,
    WorktreeCreateHookInput,
    WorktreeRemoveHookInput,
    InstructionsLoadedHookInput,
    CwdChangedHookInput,
    FileChangedHookInput,
    DirectoryAddedHookInput,
    MessageDisplayHookInput,
    PreSkillShellCommandHookInput,
)
