"""The section I constants: their values are the TypeScript SDK 0.3.330's (``sdk.d.ts``), pinned here; the
real CLI's side is checked in ``tests/e2e/test_settings_names.py`` and ``tests/e2e/test_query_end.py``."""

from __future__ import annotations

import json
from typing import get_args

import pytest

import trio_claude
from trio_claude import model
from trio_claude.model import ControlRequest, HookCallbackRequest, SessionEndHookInput, UnknownHookInput
from trio_claude.wire import decode_line

# Copied from sdk.d.ts of @anthropic-ai/claude-agent-sdk 0.3.330.
TS_BUILTIN_TOOL_NAMES = [
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
# sdk.d.ts declares it as Readonly<Record<string, string>>; the values are sdk.mjs's.
TS_LEGACY_TOOL_NAME_ALIASES = {
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
TS_EXIT_REASONS = ["clear", "resume", "logout", "prompt_input_exit", "other"]
TS_USAGE_LIMIT_ERROR_PREFIXES = [
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
]
TS_USAGE_TRANSITION_PREFIXES = [
    "You're now using usage credits",
    "You're now using your usage allocation",
    "Now using your usage allocation",
    "Now using usage credits",
    "Now using credits",
    "You're now using extra usage",
    "Now using extra usage",
]
TS_USAGE_WARNING_PREFIXES = ["You've used", "You're close to"]
TS_ORG_POLICY_LIMIT_PREFIXES = ["This service is disabled for your org"]


def test_the_values_are_the_typescript_sdks() -> None:
    assert list(model.BUILTIN_TOOL_NAMES) == TS_BUILTIN_TOOL_NAMES
    assert dict(model.LEGACY_TOOL_NAME_ALIASES) == TS_LEGACY_TOOL_NAME_ALIASES
    assert list(model.EXIT_REASONS) == TS_EXIT_REASONS
    assert list(model.USAGE_LIMIT_ERROR_PREFIXES) == TS_USAGE_LIMIT_ERROR_PREFIXES
    assert list(model.USAGE_TRANSITION_PREFIXES) == TS_USAGE_TRANSITION_PREFIXES
    assert list(model.USAGE_WARNING_PREFIXES) == TS_USAGE_WARNING_PREFIXES
    assert list(model.ORG_POLICY_LIMIT_PREFIXES) == TS_ORG_POLICY_LIMIT_PREFIXES


def test_the_literal_types_list_the_same_values() -> None:
    assert get_args(model.BuiltinToolName) == model.BUILTIN_TOOL_NAMES
    assert get_args(model.ExitReason) == model.EXIT_REASONS
    assert set(model.LEGACY_TOOL_NAME_ALIASES.values()) <= set(model.BUILTIN_TOOL_NAMES)
    assert not set(model.LEGACY_TOOL_NAME_ALIASES) & set(model.BUILTIN_TOOL_NAMES)


def test_the_constants_cannot_be_changed() -> None:
    with pytest.raises(TypeError):
        model.LEGACY_TOOL_NAME_ALIASES["Task"] = "Other"  # type: ignore[index]
    assert isinstance(model.BUILTIN_TOOL_NAMES, tuple) and isinstance(model.EXIT_REASONS, tuple)


def test_the_top_level_exports_them_too() -> None:
    for name in (
        "BUILTIN_TOOL_NAMES",
        "LEGACY_TOOL_NAME_ALIASES",
        "EXIT_REASONS",
        "ExitReason",
        "BuiltinToolName",
        "USAGE_LIMIT_ERROR_PREFIXES",
        "USAGE_TRANSITION_PREFIXES",
        "USAGE_WARNING_PREFIXES",
        "ORG_POLICY_LIMIT_PREFIXES",
    ):
        assert getattr(trio_claude, name) is getattr(model, name)


def _session_end(reason: object) -> bytes:
    hook_input = {
        "hook_event_name": "SessionEnd",
        "session_id": "s",
        "transcript_path": "/t",
        "cwd": "/",
        "reason": reason,
    }
    request = {"subtype": "hook_callback", "callback_id": "c", "input": hook_input}
    return json.dumps({"type": "control_request", "request_id": "r", "request": request}).encode()


def _hook_input(reason: object) -> object:
    frame = decode_line(_session_end(reason))
    assert isinstance(frame, ControlRequest) and isinstance(frame.request, HookCallbackRequest)
    return frame.request.input


@pytest.mark.parametrize("reason", [*TS_EXIT_REASONS, "a_reason_from_a_newer_cli"])
def test_a_session_end_reason_is_typed_and_an_unknown_one_kept(reason: str) -> None:
    hook_input = _hook_input(reason)
    assert isinstance(hook_input, SessionEndHookInput)
    assert hook_input.reason == reason


def test_a_session_end_reason_that_is_no_string_keeps_the_raw_input() -> None:
    hook_input = _hook_input(3)
    assert isinstance(hook_input, UnknownHookInput)
    assert hook_input.raw["reason"] == 3
