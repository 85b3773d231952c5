"""Shapes the captures do not hold, spelled as the TypeScript SDK's ``sdk.d.ts`` (0.3.330, and the
additions of 0.3.332, CLI 2.1.332) spells them:
each decodes into its typed attributes, leaves nothing in ``extra`` and re-encodes to its input."""

from __future__ import annotations

from typing import Any, cast

import pytest

from trio_claude import model as m
from trio_claude.wire import converter, decode_value, encode_value, structure, unstructure

SESSION = {"session_id": "s1", "uuid": "u1"}

FRAMES: list[tuple[dict[str, Any], type, dict[str, Any]]] = [
    (
        {
            "type": "system",
            "subtype": "model_refusal_fallback",
            "trigger": "refusal",
            "direction": "retry",
            "scope": "session",
            "original_model": "claude-a",
            "fallback_model": "claude-b",
            "request_id": None,
            "api_refusal_category": "cyber",
            "api_refusal_explanation": "prose",
            "retracted_message_uuids": ["m1", "m2"],
            "refused_user_message_uuid": "p1",
            "content": "switched",
            **SESSION,
        },
        m.ModelRefusalFallbackMessage,
        {
            "api_refusal_category": "cyber",
            "retracted_message_uuids": ("m1", "m2"),
            "refused_user_message_uuid": "p1",
        },
    ),
    (
        {
            "type": "system",
            "subtype": "model_refusal_no_fallback",
            "original_model": "claude-a",
            "request_id": "r1",
            "api_refusal_category": None,
            "api_refusal_explanation": "prose",
            "refused_user_message_uuid": "p1",
            "content": "refused",
            **SESSION,
        },
        m.ModelRefusalNoFallbackMessage,
        {"api_refusal_explanation": "prose", "refused_user_message_uuid": "p1"},
    ),
    (
        {
            "type": "rate_limit_event",
            "rate_limit_info": {
                "status": "rejected",
                "errorCode": "credits_required",
                "canUserPurchaseCredits": True,
                "hasChargeableSavedPaymentMethod": False,
            },
            **SESSION,
        },
        m.RateLimitEvent,
        {},
    ),
    (
        {
            "type": "result",
            "subtype": "error_during_execution",
            "is_error": True,
            "duration_ms": 5,
            "duration_api_ms": 0,
            "num_turns": 0,
            "stop_reason": None,
            "total_cost_usd": 0,
            "errors": ["bad config"],
            "startup_failure_reason": "invalid_config",
            "invalid_config_file": {
                "path": "/home/dev/.claude.json",
                "is_global": True,
                "backup_searched": True,
                "backup_path": "/home/dev/.claude.json.backup",
            },
            "credential_expires_at": "2026-01-01T00:00:00Z",
            "resume_reason": "resume",
            **SESSION,
        },
        m.ResultMessage,
        {"credential_expires_at": "2026-01-01T00:00:00Z", "resume_reason": "resume"},
    ),
    (
        {
            "type": "result",
            "subtype": "success",
            "is_error": False,
            "duration_ms": 5,
            "duration_api_ms": 3,
            "num_turns": 1,
            "result": "ok",
            "stop_reason": "end_turn",
            "total_cost_usd": 0.5,
            "local_command": "/cost",
            "warm_spare_claimed": True,
            "time_origin_ms": 1.5,
            "time_to_request_from_spawn_ms": 12,
            "first_stream_post_ms": 1,
            "first_stream_post_ack_ms": 2,
            "first_stream_post_queue_wait_ms": 3,
            "first_stream_post_queued_behind": "hold",
            "first_stream_post_wall_ms": 4,
            "first_text_post_ms": 5,
            "first_text_post_queue_wait_ms": 6,
            "first_text_post_queued_behind": "none",
            "first_text_post_wall_ms": 7,
            "fast_mode_disabled_reason": "free",
            **SESSION,
        },
        m.ResultMessage,
        {"local_command": "/cost", "warm_spare_claimed": True, "first_text_post_queued_behind": "none"},
    ),
    (
        {
            "type": "system",
            "subtype": "init",
            "plugin_errors": [
                {"plugin": "p@market", "type": "path-not-found", "message": "gone", "path": "/p"},
                {
                    "plugin": "q@market",
                    "type": "generic-error",
                    "message": "managed",
                    "managed_lock": {"plugin_enabled": True, "name": "q", "marketplace": "market"},
                },
            ],
            "view_mode": "focus",
            **SESSION,
        },
        m.InitMessage,
        {"view_mode": "focus"},
    ),
    (
        {
            "type": "control_request",
            "request_id": "r1",
            "request": {"subtype": "set_mcp_permission_mode_override", "serverName": "calc", "mode": None},
        },
        m.ControlRequest,
        {},
    ),
    ({"type": "system", "subtype": "init", "sandbox_enabled": "unknown", **SESSION}, m.InitMessage, {}),
    ({"type": "system", "subtype": "init", "sandbox_enabled": False, **SESSION}, m.InitMessage, {}),
    (
        {
            "type": "result",
            "subtype": "error_during_execution",
            "is_error": True,
            "duration_ms": 5,
            "duration_api_ms": 0,
            "num_turns": 0,
            "errors": ["managed settings set disableSideloadFlags"],
            "startup_failure_reason": "sideload_flags_disabled",
            **SESSION,
        },
        m.ResultMessage,
        {"startup_failure_reason": "sideload_flags_disabled"},
    ),
    (
        {
            "type": "control_request",
            "request_id": "r1",
            "request": {
                "subtype": "hook_callback",
                "callback_id": "hook_0",
                "tool_use_id": "u1:inner:preamble-0",
                "input": {
                    "session_id": "s1",
                    "transcript_path": "/t.jsonl",
                    "cwd": "/p",
                    "hook_event_name": "PreSkillShellCommand",
                    "tool_name": "Bash",
                    "tool_input": {"command": "echo hi"},
                    "tool_use_id": "u1:inner:preamble-0",
                    "command_name": "x",
                    "command_source": "projectSettings",
                    "invoked_by": "user",
                },
            },
        },
        m.ControlRequest,
        {},
    ),
]


@pytest.mark.parametrize(("msg", "cls", "attributes"), FRAMES, ids=lambda x: getattr(x, "__name__", ""))
def test_frames_type_and_round_trip(msg: dict[str, Any], cls: type, attributes: dict[str, Any]) -> None:
    frame = decode_value(msg)
    assert type(frame) is cls, frame
    for name, value in attributes.items():
        assert getattr(frame, name) == value
    assert encode_value(frame) == msg
    _assert_nothing_untyped(frame)


def _assert_nothing_untyped(obj: object) -> None:
    """Only explicit nulls of typed fields are kept in ``extra``, anywhere inside ``obj``."""
    import attrs

    if isinstance(obj, m.WireObject):
        assert all(value is None for value in obj.extra.values()), obj.extra
        for field in attrs.fields(type(obj)):
            if field.name != "extra":
                _assert_nothing_untyped(getattr(obj, field.name))
    elif isinstance(obj, m.FrozenList):  # a typed array (a JSON value's arrays are plain lists)
        for item in cast("m.FrozenList[object]", obj):
            _assert_nothing_untyped(item)


def test_nested_shapes_are_classes() -> None:
    result = decode_value(FRAMES[3][0])
    assert isinstance(result, m.ResultMessage)
    assert result.invalid_config_file == m.InvalidConfigFile(
        path="/home/dev/.claude.json",
        is_global=True,
        backup_searched=True,
        backup_path="/home/dev/.claude.json.backup",
    )
    init = decode_value(FRAMES[5][0])
    assert isinstance(init, m.InitMessage) and init.plugin_errors is not None
    assert init.plugin_errors[1].managed_lock == m.PluginManagedLock(
        plugin_enabled=True, name="q", marketplace="market"
    )
    event = decode_value(FRAMES[2][0])
    assert isinstance(event, m.RateLimitEvent)
    assert event.rate_limit_info.can_user_purchase_credits is True
    assert event.rate_limit_info.has_chargeable_saved_payment_method is False
    request = decode_value(FRAMES[6][0])
    assert isinstance(request, m.ControlRequest)
    assert request.request == m.SetMcpPermissionModeOverrideRequest(server_name="calc", mode=None)


# (payload as the CLI answers, its class, what the typed object must hold)
PAYLOADS: list[tuple[dict[str, Any], type, dict[str, Any]]] = [
    (
        {"warning": "no MCP server named calc"},
        m.SetMcpPermissionModeOverrideResponse,
        {"warning": "no MCP server named calc"},
    ),
    ({}, m.SetMcpPermissionModeOverrideResponse, {"warning": None}),
    ({"sandbox_enabled": True}, m.InitializeResponse, {"sandbox_enabled": True}),
    (
        {
            "content": [{"type": "text", "text": "locked"}],
            "isError": True,
            "structuredContent": {"code": "locked"},
            "_meta": {"trace": "t-1"},
        },
        m.McpCallResponse,
        {"is_error": True, "meta": {"trace": "t-1"}},
    ),
    (
        {
            "hookSpecificOutput": {
                "hookEventName": "PreSkillShellCommand",
                "permissionDecision": "deny",
                "permissionDecisionReason": "no",
                "updatedInput": {"command": "true"},
            }
        },
        m.SyncHookOutput,
        {
            "hook_specific_output": m.PreSkillShellCommandHookSpecificOutput(
                permission_decision="deny", permission_decision_reason="no", updated_input={"command": "true"}
            )
        },
    ),
    ({"behavior": "completed", "result": {"choice": 2}}, m.UserDialogResponse, {"behavior": "completed"}),
    ({"behavior": "cancelled"}, m.UserDialogResponse, {"result": None}),
    (
        {
            "commands": [{"name": "review", "description": "Review", "argumentHint": ""}],
            "agents": [{"name": "helper", "description": "Helps"}],
            "plugins": [{"name": "p", "path": "/p", "source": "p@market", "version": "1.0"}],
            "mcpServers": [{"name": "calc", "status": "connected"}],
            "error_count": 0,
            "held": True,
            "cache_impact": {
                "mcp_servers_added": ["calc"],
                "mcp_servers_removed": [],
                "lsp_tool_change": None,
            },
        },
        m.ReloadPluginsResponse,
        {
            "cache_impact": m.PluginCacheImpact(
                mcp_servers_added=("calc",), mcp_servers_removed=(), lsp_tool_change=None
            )
        },
    ),
    ({"skills": [{"name": "pdf", "description": "PDFs", "argumentHint": ""}]}, m.ReloadSkillsResponse, {}),
    (
        {"available_output_styles": ["default", "Explanatory"]},
        m.ReloadOutputStylesResponse,
        {"available_output_styles": ("default", "Explanatory")},
    ),
    (
        {"contents": [{"uri": "ui://calc/app", "mimeType": "text/html", "text": "<p>", "_meta": {"k": 1}}]},
        m.McpReadResourceResponse,
        {
            "contents": (
                m.McpResourceContents(uri="ui://calc/app", mime_type="text/html", text="<p>", meta={"k": 1}),
            )
        },
    ),
    (
        {
            "commands": [],
            "agents": [],
            "output_style": "default",
            "available_output_styles": ["default"],
            "models": [],
            "account": {},
            "plugins_applied": True,
            "mcp_servers_applied": False,
            "sdk_mcp_manifests_parked": {"calc": "parked"},
            "fast_mode_disabled_reason": "free",
        },
        m.InitializeResponse,
        {
            "plugins_applied": True,
            "mcp_servers_applied": False,
            "sdk_mcp_manifests_parked": {"calc": "parked"},
        },
    ),
    (
        {
            "categories": [
                {"name": "Messages", "tokens": 10, "color": "purple", "kind": "used", "id": "messages"}
            ],
            "totalTokens": 10,
            "maxTokens": 100,
            "rawMaxTokens": 100,
            "percentage": 10,
            "gridRows": [
                [
                    {
                        "color": "purple",
                        "isFilled": True,
                        "categoryName": "Messages",
                        "tokens": 10,
                        "percentage": 10,
                        "squareFullness": 1,
                    }
                ]
            ],
            "model": "claude-a",
            "memoryFiles": [{"path": "CLAUDE.md", "type": "Project", "tokens": 3}],
            "mcpTools": [{"name": "add", "serverName": "calc", "tokens": 4, "isLoaded": True}],
            "mcpInstructions": [{"serverName": "calc", "tokens": 2}],
            "deferredBuiltinTools": [{"name": "WebFetch", "tokens": 5, "isLoaded": False}],
            "systemTools": [{"name": "Bash", "tokens": 6}],
            "systemPromptSections": [{"name": "env", "tokens": 7}],
            "agents": [{"agentType": "helper", "source": "projectSettings", "tokens": 8}],
            "slashCommands": {"totalCommands": 3, "includedCommands": 2, "tokens": 9},
            "skills": {
                "totalSkills": 1,
                "includedSkills": 1,
                "tokens": 11,
                "skillFrontmatter": [{"name": "pdf", "source": "plugin", "pluginName": "p", "tokens": 11}],
            },
            "isAutoCompactEnabled": True,
            "messageBreakdown": {
                "toolCallTokens": 1,
                "toolResultTokens": 2,
                "attachmentTokens": 3,
                "assistantMessageTokens": 4,
                "userMessageTokens": 5,
                "redirectedContextTokens": 6,
                "unattributedTokens": 7,
                "toolCallsByType": [{"name": "Bash", "callTokens": 1, "resultTokens": 2}],
                "attachmentsByType": [{"name": "file", "tokens": 3}],
            },
            "apiUsage": {
                "input_tokens": 1,
                "output_tokens": 2,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
            },
        },
        m.ContextUsageResponse,
        {
            "slash_commands": m.ContextSlashCommands(total_commands=3, included_commands=2, tokens=9),
            "api_usage": m.ContextApiUsage(
                input_tokens=1, output_tokens=2, cache_creation_input_tokens=0, cache_read_input_tokens=0
            ),
        },
    ),
    (  # the initialize request's agents: every key of the TS SDK's AgentDefinition
        {
            "subtype": "initialize",
            "agents": {
                "reviewer": {
                    "description": "reviews",
                    "tools": ["Read"],
                    "disallowedTools": ["Bash"],
                    "prompt": "be strict",
                    "model": "sonnet",
                    "mcpServers": ["calc", {"docs": {"type": "http", "url": "http://x"}}],
                    "criticalSystemReminder_EXPERIMENTAL": "stay read-only",
                    "skills": ["pdf"],
                    "initialPrompt": "start",
                    "maxTurns": 3,
                    "autoCompactWindow": 5000,
                    "background": True,
                    "omitClaudeMd": True,
                    "memory": "project",
                    "effort": 7,
                    "permissionMode": "plan",
                    "observer": "watcher",
                    "observerMessage": "note",
                },
                "plain": {"description": "d", "prompt": "p", "effort": "high"},
            },
        },
        m.InitializeRequest,
        {
            "agents": {
                "reviewer": m.AgentDefinitionConfig(
                    description="reviews",
                    tools=("Read",),
                    disallowed_tools=("Bash",),
                    prompt="be strict",
                    model="sonnet",
                    mcp_servers=("calc", {"docs": {"type": "http", "url": "http://x"}}),
                    critical_system_reminder_experimental="stay read-only",
                    skills=("pdf",),
                    initial_prompt="start",
                    max_turns=3,
                    auto_compact_window=5000,
                    background=True,
                    omit_claude_md=True,
                    memory="project",
                    effort=7,
                    permission_mode="plan",
                    observer="watcher",
                    observer_message="note",
                ),
                "plain": m.AgentDefinitionConfig(description="d", prompt="p", effort="high"),
            }
        },
    ),
]


@pytest.mark.parametrize(("payload", "cls", "attributes"), PAYLOADS, ids=lambda x: getattr(x, "__name__", ""))
def test_payloads_type_and_round_trip(payload: dict[str, Any], cls: type, attributes: dict[str, Any]) -> None:
    obj = cast(object, structure(payload, cls))
    for name, value in attributes.items():
        assert getattr(obj, name) == value
    assert unstructure(obj) == payload
    _assert_nothing_untyped(obj)


def test_context_usage_nested_classes() -> None:
    usage = structure(PAYLOADS[-2][0], m.ContextUsageResponse)
    assert usage.grid_rows is not None and usage.grid_rows[0][0].square_fullness == 1
    assert usage.mcp_instructions == (m.ContextMcpInstructions(server_name="calc", tokens=2),)
    assert usage.skills is not None and usage.skills.skill_frontmatter is not None
    assert usage.skills.skill_frontmatter[0].plugin_name == "p"
    assert usage.message_breakdown is not None and usage.message_breakdown.tool_calls_by_type is not None
    assert usage.message_breakdown.tool_calls_by_type[0].result_tokens == 2
    assert usage["slashCommands"] == {
        "totalCommands": 3,
        "includedCommands": 2,
        "tokens": 9,
    }  # read as JSON too


def test_the_new_request_is_registered() -> None:
    body = m.SetMcpPermissionModeOverrideRequest(server_name="calc", mode="auto")
    assert converter.control_subtypes[type(body)] == "set_mcp_permission_mode_override"
    assert converter.response_types[type(body)] is m.SetMcpPermissionModeOverrideResponse
    assert unstructure(body) == {
        "subtype": "set_mcp_permission_mode_override",
        "serverName": "calc",
        "mode": "auto",
    }


USAGE: dict[str, Any] = {
    "session": {
        "total_cost_usd": 0.25,
        "total_api_duration_ms": 900,
        "total_duration_ms": 1613,
        "total_lines_added": 3,
        "total_lines_removed": 1,
        "model_usage": {
            "claude-a": {
                "inputTokens": 1,
                "outputTokens": 2,
                "cacheReadInputTokens": 0,
                "cacheCreationInputTokens": 5,
                "cacheCreationEphemeral5mInputTokens": 4,
                "cacheCreationEphemeral1hInputTokens": 1,
                "webSearchRequests": 0,
                "costUSD": 0.25,
                "contextWindow": 200000,
                "maxOutputTokens": 32000,
            }
        },
    },
    "subscription_type": "max",
    "rate_limits_available": True,
    "rate_limits": {
        "five_hour": {"utilization": 12.5, "resets_at": "2026-01-01T05:00:00Z"},
        "seven_day": None,
        "seven_day_opus": {"utilization": None, "resets_at": None},
        "model_scoped": [{"display_name": "Opus", "utilization": 3, "resets_at": None}],
        "extra_usage": {
            "is_enabled": True,
            "monthly_limit": 100,
            "used_credits": 5,
            "utilization": 5,
            "currency": "USD",
        },
    },
    "behaviors": {
        "day": {
            "request_count": 10,
            "session_count": 2,
            "behaviors": [{"key": "cache_miss", "pct": 40, "count": 4}],
            "recommendations": [
                {"key": "cache_miss", "pct": 40, "title": "Keep prompts stable", "detail": "..."}
            ],
            "fix": {"keys": ["cache_miss"], "messages": ["..."]},
            "agents": [{"name": "helper", "pct": 10}],
            "skills": [],
            "plugins": [],
            "mcp_servers": [{"name": "calc", "pct": 5}],
        },
        "week": {
            "request_count": 70,
            "session_count": 9,
            "behaviors": [],
            "agents": [],
            "skills": [],
            "plugins": [],
            "mcp_servers": [],
        },
    },
}


def test_the_usage_answer_is_typed_to_the_leaves() -> None:
    usage = structure(USAGE, m.UsageResponse)
    assert unstructure(usage) == USAGE
    _assert_nothing_untyped(usage)
    assert usage.session is not None and usage.session.model_usage is not None
    model_usage = usage.session.model_usage["claude-a"]
    assert model_usage.cache_creation_ephemeral_5m_input_tokens == 4
    assert model_usage.cache_creation_ephemeral_1h_input_tokens == 1
    assert usage.rate_limits is not None and usage.rate_limits.five_hour == m.UsageWindow(
        utilization=12.5, resets_at="2026-01-01T05:00:00Z"
    )
    assert usage.rate_limits.seven_day is None and usage.rate_limits.model_scoped is not None
    assert usage.rate_limits.model_scoped[0].display_name == "Opus"
    assert usage.behaviors is not None and usage.behaviors.day is not None
    assert usage.behaviors.day.fix == m.UsageFix(keys=("cache_miss",), messages=("...",))
    assert usage.behaviors.day.behaviors == (m.UsageBehavior(key="cache_miss", pct=40, count=4),)


REQUESTS: list[tuple[Any, dict[str, Any]]] = [
    (
        m.SetMaxThinkingTokensRequest(max_thinking_tokens=1024, thinking_display="summarized"),
        {"subtype": "set_max_thinking_tokens", "max_thinking_tokens": 1024, "thinking_display": "summarized"},
    ),
    (m.GetContextUsageRequest(detail="full"), {"subtype": "get_context_usage", "detail": "full"}),
    (m.GetUsageRequest(skip_behaviors=True), {"subtype": "get_usage", "skip_behaviors": True}),
    (
        m.UpdateSettingsRequest(source="localSettings", settings={"effortLevel": "high"}),
        {"subtype": "update_settings", "source": "localSettings", "settings": {"effortLevel": "high"}},
    ),
    (
        m.ReadFileRequest(path="a.txt", max_bytes=10, encoding="base64"),
        {"subtype": "read_file", "path": "a.txt", "max_bytes": 10, "encoding": "base64"},
    ),
    (
        m.ReloadPluginsRequest(add_plugins=({"type": "local", "path": "/p"},), refuse_if_busy=True),
        {
            "subtype": "reload_plugins",
            "add_plugins": [{"type": "local", "path": "/p"}],
            "refuse_if_busy": True,
        },
    ),
    (
        m.SetMcpPermissionModeOverrideRequest(server_name="calc"),
        {"subtype": "set_mcp_permission_mode_override", "serverName": "calc", "mode": None},
    ),
    (
        m.McpCallRequest(tool="mcp__s__t", arguments={}, soft_error_result=True),
        {"subtype": "mcp_call", "tool": "mcp__s__t", "arguments": {}, "soft_error_result": True},
    ),
]


@pytest.mark.parametrize(("body", "wire"), REQUESTS, ids=lambda x: type(x).__name__)
def test_request_bodies_are_spelled_as_typescript_sends_them(body: Any, wire: dict[str, Any]) -> None:
    assert unstructure(body) == wire
    frame = decode_value({"type": "control_request", "request_id": "r1", "request": wire})
    assert isinstance(frame, m.ControlRequest) and frame.request == body
