"""Names and message prefixes the CLI uses, as constants: built-in tool names and their former names, the
permission modes, why a session ended, and the first words of the CLI's usage-limit messages.

The values are those the TypeScript SDK 0.3.330 exports (``BUILTIN_TOOL_NAMES``,
``LEGACY_TOOL_NAME_ALIASES``, ``EXIT_REASONS``, ``USAGE_LIMIT_ERROR_PREFIXES``,
``USAGE_TRANSITION_PREFIXES``, ``USAGE_WARNING_PREFIXES``, ``ORG_POLICY_LIMIT_PREFIXES``: its ``sdk.d.ts``
and ``sdk.mjs``), in the same order; ``tests/test_names.py`` pins them, and checks them against what the
real CLI 2.1.330 reports where it reports them (the ``tools`` of an ``init`` message, the ``reason`` of a
``SessionEnd`` hook).  Like the TypeScript lists they describe one CLI release: a newer CLI may know more.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, TypeAlias, get_args

PermissionMode: TypeAlias = Literal["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"]
"""The permission modes of the CLI."""

BuiltinToolName: TypeAlias = Literal[
    "Agent",
    "Artifact",
    "AskUserQuestion",
    "Bash",
    "ClaudeDesign",
    "CronCreate",
    "CronDelete",
    "CronList",
    "Edit",
    "EndConversation",
    "EnterPlanMode",
    "EnterWorktree",
    "ExitPlanMode",
    "ExitWorktree",
    "Glob",
    "Grep",
    "ListAgents",
    "ListMcpResourcesTool",
    "LSP",
    "Monitor",
    "NotebookEdit",
    "OfferChromeSetup",
    "PowerShell",
    "Projects",
    "propose_skills",
    "PushNotification",
    "Read",
    "ReadMcpResourceDirTool",
    "ReadMcpResourceTool",
    "ReadNotifications",
    "RemoteTrigger",
    "ReportFindings",
    "ScheduleWakeup",
    "SendFeedback",
    "SendMessage",
    "SendUserFile",
    "SendUserMessage",
    "SetGoal",
    "ShareOnboardingGuide",
    "ShowOnboardingRolePicker",
    "Skill",
    "SubagentHandback",
    "TaskCreate",
    "TaskGet",
    "TaskList",
    "TaskStop",
    "TaskUpdate",
    "TodoWrite",
    "ToolSearch",
    "WaitForMcpServers",
    "WebFetch",
    "WebSearch",
    "Workflow",
    "Write",
]
"""The name of a built-in tool, as permission rules, hook matchers, ``tools`` and ``disallowed_tools`` spell
it (the TypeScript SDK's ``BUILTIN_TOOL_NAMES`` element type)."""

BUILTIN_TOOL_NAMES: tuple[BuiltinToolName, ...] = get_args(BuiltinToolName)
"""Names of built-in tools, as permission rules, hook matchers, ``tools`` and ``disallowed_tools`` spell them.

A name is listed even where a platform or setting turns its tool off, and the list is not complete: the CLI
has tools that are not on it, so it cannot stand for "every tool".  What a session has is the ``tools`` of
its :class:`~trio_claude.model.InitMessage`."""

LEGACY_TOOL_NAME_ALIASES: Mapping[str, BuiltinToolName] = MappingProxyType(
    {
        "Task": "Agent",
        "KillShell": "TaskStop",
        "KillBash": "TaskStop",
        "ListPeers": "ListAgents",
        "Brief": "SendUserMessage",
        "ListMcpResources": "ListMcpResourcesTool",
        "ReadMcpResource": "ReadMcpResourceTool",
        "ReadMcpResourceDir": "ReadMcpResourceDirTool",
        "ProposeGoal": "SetGoal",
    }
)
"""Former tool names that permission rules, hook matchers, ``tools`` and ``disallowed_tools`` still accept,
each mapped to the tool's current name (read-only).  The CLI drops an entry when it removes the tool."""

ExitReason: TypeAlias = Literal["clear", "resume", "logout", "prompt_input_exit", "other"]
"""Why a session ended: the ``reason`` of :class:`~trio_claude.model.SessionEndHookInput`."""

EXIT_REASONS: tuple[ExitReason, ...] = get_args(ExitReason)
"""Every :data:`ExitReason`, in the TypeScript SDK's order."""

StartupFailureReason: TypeAlias = Literal[
    "org_pin_api_key_conflict",
    "provider_not_allowed",
    "org_verify_failed",
    "org_pin_mismatch",
    "managed_settings_invalid",
    "remote_settings_required_unavailable",
    "gateway_signin_required",
    "gateway_access_denied",
    "proxy_invalid",
    "temp_dir_unusable",
    "cwd_unavailable",
    "shell_tool_missing",
    "session_held_by_background",
    "worktree_resume_refused",
    "worktree_unverified",
    "cli_version_too_old",
    "bypass_root",
    "org_config_required_unavailable",
    "org_config_refused",
    "sandbox_required_unavailable",
    "initialize_not_first",
    "config_file_invalid",
    "managed_settings_not_delivered",
    "initialize_fields_not_delivered",
    "sideload_flags_disabled",
]
"""Why the CLI refused to start (:attr:`~trio_claude.model.ResultMessage.startup_failure_reason`), so a
host can offer the fix instead of a retry; the TypeScript SDK's ``SDKStartupFailureReason``.  E.g.
``sideload_flags_disabled`` (CLI ≥ 2.1.332): managed settings set ``disableSideloadFlags`` and the launch
names plugins, agents or MCP servers of its own.  A newer CLI may send others."""

STARTUP_FAILURE_REASONS: tuple[StartupFailureReason, ...] = get_args(StartupFailureReason)
"""Every :data:`StartupFailureReason`, in the TypeScript SDK's order."""

SandboxEnabled: TypeAlias = bool | Literal["unknown"]
"""Whether the CLI runs its shell commands in its command sandbox: ``True``, ``False`` or ``"unknown"``
(its read failed)."""

USAGE_LIMIT_ERROR_PREFIXES: tuple[str, ...] = (
    "You've hit your",
    "You've reached your",
    "You're out of usage credits",
    "Your org is out of usage · add funds to continue",
    "Your org is out of usage · contact your admin",
    "Your seat type doesn't include usage credits",
    "Your seat type doesn't include usage",
    "Your usage allocation has been disabled by your admin",
    "Your group's usage limit is set to $0",
    "Fable 5 requires usage credits",
    "You're out of extra usage",
    "Your seat type doesn't include extra usage",
)
"""How the CLI's messages begin that mean "a usage limit was reached" (an error: the turn failed)."""

USAGE_TRANSITION_PREFIXES: tuple[str, ...] = (
    "You're now using usage credits",
    "You're now using your usage allocation",
    "Now using your usage allocation",
    "Now using usage credits",
    "Now using credits",
    "You're now using extra usage",
    "Now using extra usage",
)
"""How the CLI's notices begin that say usage now draws from credits (a notice, never an API error)."""

USAGE_WARNING_PREFIXES: tuple[str, ...] = ("You've used", "You're close to")
"""How the CLI's approaching-the-limit warnings begin (a warning, never an API error)."""

ORG_POLICY_LIMIT_PREFIXES: tuple[str, ...] = ("This service is disabled for your org",)
"""How the CLI's messages begin that arrive like a usage-limit error but mean an organisation's policy
turned the service off: show them as such, not as a limit to wait out."""

TERMINAL_TASK_STATUSES: frozenset[str] = frozenset({"completed", "failed", "stopped", "killed"})
"""The task statuses that mean a task has finished: a ``task_notification``'s ``status`` (``stopped`` is
how it reports a killed task) and the ``status`` of a ``task_updated`` patch (which reports ``killed``)."""
