"""The TypeScript SDK's further options: what each one puts in the CLI's command line, environment or
``initialize`` request, the CLI versions they need, and how external MCP servers and plugins are
delivered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from trio_claude import (
    SYSTEM_PROMPT_DYNAMIC_BOUNDARY,
    AskUserQuestionConfig,
    ClaudeAgentOptions,
    SdkPluginConfig,
    SystemPromptCustom,
    SystemPromptPreset,
    ToolConfig,
    UnsupportedOptionError,
    create_sdk_mcp_server,
)
from trio_claude._config._command import adapt_to_cli, build_command, build_env, needs_cli_version
from trio_claude._config._initialize import build_initialize
from trio_claude.wire import converter

OLD, NEW = (2, 1, 197), (2, 1, 330)


def _init(options: ClaudeAgentOptions) -> dict[str, Any]:
    encoded = converter.unstructure(build_initialize(options))
    assert isinstance(encoded, dict)
    return encoded  # pyright: ignore[reportUnknownVariableType]


@pytest.mark.parametrize(
    ("kwargs", "fields"),
    [
        ({"plan_mode_instructions": "Plan in bullets."}, {"planModeInstructions": "Plan in bullets."}),
        ({"title": "Release notes"}, {"title": "Release notes"}),
        ({"tool_aliases": {"Bash": "mcp__w__bash"}}, {"toolAliases": {"Bash": "mcp__w__bash"}}),
        ({"prompt_suggestions": True}, {"promptSuggestions": True}),
        ({"agent_progress_summaries": True}, {"agentProgressSummaries": True}),
        ({"per_task_stop_affordance": True}, {"perTaskStopAffordance": True}),
        (
            {"system_prompt": ["static", SYSTEM_PROMPT_DYNAMIC_BOUNDARY, "dynamic"]},
            {"systemPrompt": ["static", "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__", "dynamic"]},
        ),
        (
            {"system_prompt": {"type": "custom", "prompt": "Bot.", "snapshot": False}},
            {"systemPrompt": ["Bot."], "systemPromptSnapshot": False},
        ),
        (
            {"system_prompt": SystemPromptCustom(prompt=["a", "b"], snapshot=True)},
            {"systemPrompt": ["a", "b"], "systemPromptSnapshot": True},
        ),
        (
            {"system_prompt": {"type": "preset", "preset": "claude_code", "append": "X", "snapshot": True}},
            {"appendSystemPrompt": "X", "systemPromptSnapshot": True},
        ),
        (
            {"mcp_servers": {"s": {"command": "x", "env": {"K": "v"}}}},
            {"systemPrompt": [""], "mcpServers": {"s": {"command": "x", "env": {"K": "v"}}}},
        ),
        (
            {
                "plugins": [SdkPluginConfig(path="/p", skip_mcp_discovery=True)],
                "plugin_delivery": "initialize",
            },
            {"systemPrompt": [""], "plugins": [{"type": "local", "path": "/p", "skipMcpDiscovery": True}]},
        ),
    ],
)
def test_initialize_fields(kwargs: dict[str, Any], fields: dict[str, Any]) -> None:
    encoded = _init(ClaudeAgentOptions(**kwargs))
    encoded.pop("subtype")
    expected = {"systemPrompt": [""], **fields}
    if "appendSystemPrompt" in fields:
        del expected["systemPrompt"]
    assert encoded == expected


def test_defaults_add_nothing() -> None:
    assert _init(ClaudeAgentOptions()) == {"subtype": "initialize", "systemPrompt": [""]}
    env = build_env(ClaudeAgentOptions(), {})
    assert "CLAUDE_CODE_QUESTION_PREVIEW_FORMAT" not in env and "TRACEPARENT" not in env


def test_mcp_servers_argv_and_in_process() -> None:
    server = create_sdk_mcp_server("calc")
    servers: dict[str, Any] = {"calc": server, "ext": {"command": "x", "env": {"K": "v"}}}
    by_argv = ClaudeAgentOptions(mcp_servers=servers, mcp_servers_delivery="argv")
    assert "mcpServers" not in _init(by_argv) and _init(by_argv)["sdkMcpServers"] == ["calc"]
    by_init = _init(ClaudeAgentOptions(mcp_servers=servers))
    assert by_init["sdkMcpServers"] == ["calc"] and list(by_init["mcpServers"]) == ["ext"]
    only_in_process = ClaudeAgentOptions(mcp_servers={"calc": server})
    assert "mcpServers" not in _init(only_in_process)
    assert "--await-initialize" not in build_command(only_in_process, "/c").argv


def test_tool_config_env() -> None:
    for value in (
        {"askUserQuestion": {"previewFormat": "html"}},
        {"ask_user_question": {"preview_format": "html"}},
        ToolConfig(ask_user_question=AskUserQuestionConfig(preview_format="html")),
    ):
        options = ClaudeAgentOptions(tool_config=value)
        assert options.tool_config == ToolConfig(
            ask_user_question=AskUserQuestionConfig(preview_format="html")
        )
        assert build_env(options, {})["CLAUDE_CODE_QUESTION_PREVIEW_FORMAT"] == "html"
    assert "CLAUDE_CODE_QUESTION_PREVIEW_FORMAT" not in build_env(ClaudeAgentOptions(tool_config={}), {})


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"mcp_servers_delivery": "stdin"}, "mcp_servers_delivery: expected one of 'argv', 'initialize'"),
        ({"plugin_delivery": "stdin"}, "plugin_delivery: expected one of 'argv', 'initialize'"),
        ({"permission_prompts": "ask"}, "permission_prompts: expected one of 'host', 'none'"),
        ({"executable": "python"}, "executable: expected one of 'node', 'bun', 'deno'"),
        ({"executable_args": "--inspect"}, "executable_args: expected a list of argument strings"),
        ({"tool_aliases": ["Bash"]}, "tool_aliases: expected a mapping of tool names"),
        ({"tool_aliases": {"Bash": 3}}, r"tool_aliases\['Bash'\]: expected a string"),
        ({"tool_config": {"askUserQuestion": {"previewFormat": "pdf"}}}, r"tool_config\['askUserQuestion'\]"),
        ({"tool_config": {"bash": {}}}, "tool_config: expected keys among 'askUserQuestion'"),
        ({"tool_config": "html"}, "tool_config: expected ToolConfig"),
        (
            {"tool_config": {"askUserQuestion": None, "ask_user_question": None}},
            "tool_config: expected either",
        ),
        ({"managed_settings": "{}"}, "managed_settings: expected a mapping of settings"),
        ({"managed_settings": {"a": {1, 2}}}, "managed_settings"),
        ({"title": 3}, "title: expected a string"),
        ({"plan_mode_instructions": b"x"}, "plan_mode_instructions: expected a string"),
        ({"prompt_suggestions": "yes"}, "prompt_suggestions: expected True or False"),
        ({"debug": 1}, "debug: expected True or False"),
        ({"project_config_root": 3}, "project_config_root"),
        ({"system_prompt": ["a", 3]}, r"system_prompt\[1\]: expected a string"),
        ({"system_prompt": {"type": "custom"}}, "system_prompt: expected a 'prompt' key"),
        ({"system_prompt": {"type": "custom", "prompt": "p", "snapshot": "no"}}, "system_prompt: .*snapshot"),
    ],
)
def test_bad_values_name_the_option(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises((TypeError, ValueError), match="^ClaudeAgentOptions." + message):
        ClaudeAgentOptions(**kwargs)


def test_system_prompt_forms_are_typed() -> None:
    assert ClaudeAgentOptions(system_prompt=["a", "b"]).system_prompt == ("a", "b")
    custom = ClaudeAgentOptions(system_prompt={"type": "custom", "prompt": ["a"]}).system_prompt
    assert custom == SystemPromptCustom(prompt=("a",))
    preset = ClaudeAgentOptions(system_prompt={"type": "preset", "preset": "claude_code", "snapshot": False})
    assert preset.system_prompt == SystemPromptPreset(snapshot=False)


@pytest.mark.parametrize(
    ("kwargs", "option", "what"),
    [
        ({"project_config_root": "/repo"}, "project_config_root", "--project-config-root"),
        ({"permission_prompts": "none"}, "permission_prompts", "--permission-prompts"),
        (
            {"mcp_servers": {"s": {"command": "x"}}, "mcp_servers_delivery": "initialize"},
            "mcp_servers_delivery",
            "--await-initialize",
        ),
        (
            {"plugins": [{"type": "local", "path": "/p"}], "plugin_delivery": "initialize"},
            "plugin_delivery",
            "--await-initialize",
        ),
        ({"per_task_stop_affordance": True}, "per_task_stop_affordance", "initialize perTaskStopAffordance"),
        ({"verbatim_prompts": True}, "verbatim_prompts", "user message client_composed"),
    ],
)
def test_version_gates(kwargs: dict[str, Any], option: str, what: str) -> None:
    options = ClaudeAgentOptions(**kwargs)
    assert needs_cli_version(options)
    assert adapt_to_cli(options, NEW) is options
    with pytest.raises(UnsupportedOptionError) as info:
        adapt_to_cli(options, OLD)
    assert (info.value.option, info.value.flag) == (option, what)


def test_default_mcp_delivery_on_an_older_cli() -> None:
    plain = ClaudeAgentOptions(mcp_servers={"s": {"command": "x", "args": ["-v"]}})
    assert needs_cli_version(plain)
    older = adapt_to_cli(plain, OLD)
    assert older.mcp_servers_delivery == "argv"
    assert [t for t in build_command(older, "/c").argv if t.startswith("--mcp-config")] == [
        '--mcp-config={"mcpServers":{"s":{"command":"x","args":["-v"]}}}'
    ]
    assert "mcpServers" not in _init(older)
    for secret in (
        {"command": "x", "env": {"TOKEN": "t"}},
        {"type": "http", "url": "u", "headers": {"A": "b"}},
    ):
        with pytest.raises(UnsupportedOptionError, match="mcp_servers_delivery='argv'") as info:
            adapt_to_cli(ClaudeAgentOptions(mcp_servers={"s": secret}), OLD)
        assert info.value.option == "mcp_servers_delivery"
    # asked for: argv, on any CLI
    asked = ClaudeAgentOptions(
        mcp_servers={"s": {"command": "x", "env": {"T": "t"}}}, mcp_servers_delivery="argv"
    )
    assert not needs_cli_version(asked) and adapt_to_cli(asked, OLD) is asked


def test_executable() -> None:
    script = build_command(ClaudeAgentOptions(executable="bun", executable_args=["--smol"]), "/x/cli.js")
    assert script.argv[:3] == ("bun", "--smol", "/x/cli.js")
    assert build_command(ClaudeAgentOptions(), "/x/cli.mjs").argv[:2] == ("node", "/x/cli.mjs")
    native = build_command(ClaudeAgentOptions(executable="bun", executable_args=["--a"]), "/bin/claude")
    assert native.argv[:2] == ("/bin/claude", "--output-format")  # a runtime's options: not for a binary


def test_trace_context_reaches_the_env() -> None:
    from opentelemetry.sdk.trace import TracerProvider

    tracer = TracerProvider().get_tracer("test")
    assert "TRACEPARENT" not in build_env(ClaudeAgentOptions(), {})  # no span, no trace
    with tracer.start_as_current_span("outer") as span:
        context = span.get_span_context()
        env = build_env(ClaudeAgentOptions(), {})
        assert (
            env["TRACEPARENT"]
            == f"00-{context.trace_id:032x}-{context.span_id:016x}-{int(context.trace_flags):02x}"
        )
        assert "TRACESTATE" not in env
        # the caller's env wins, as in the official SDKs
        given = build_env(ClaudeAgentOptions(env={"TRACEPARENT": "mine"}), {})
        assert given["TRACEPARENT"] == "mine"


def test_trace_state_is_passed_on() -> None:
    from opentelemetry import trace
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.trace import NonRecordingSpan, SpanContext, TraceFlags, TraceState

    parent = SpanContext(
        trace_id=0x1234, span_id=0x5678, is_remote=True, trace_flags=TraceFlags(1),
        trace_state=TraceState([("vendor", "v1")]),
    )  # fmt: skip
    tracer = TracerProvider().get_tracer("test")
    with tracer.start_as_current_span("child", context=trace.set_span_in_context(NonRecordingSpan(parent))):
        env = build_env(ClaudeAgentOptions(), {})
    assert env["TRACEPARENT"].startswith(f"00-{0x1234:032x}-")
    assert env["TRACESTATE"] == "vendor=v1"


def test_no_opentelemetry_no_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``opentelemetry-api`` (an optional extra) nothing is added and nothing fails."""
    import sys

    from trio_claude._config import _trace

    _trace._injector.cache_clear()
    monkeypatch.setitem(sys.modules, "opentelemetry.trace.propagation.tracecontext", None)
    try:
        assert _trace.trace_env() == {}
    finally:
        _trace._injector.cache_clear()


def test_project_config_root_path() -> None:
    argv = build_command(ClaudeAgentOptions(project_config_root=Path("/r o")), "/c").argv
    assert "--project-config-root=/r o" in argv


def test_agent_definition_ts_fields() -> None:
    official = {
        "description": "d", "prompt": "p", "autoCompactWindow": 120000, "omitClaudeMd": True,
        "observer": "auditor", "observerMessage": "Be terse.",
        "criticalSystemReminder_EXPERIMENTAL": "Never push.",
    }  # fmt: skip
    options = ClaudeAgentOptions(agents={"a": official})
    agent = options.agents["a"] if options.agents else None
    assert agent is not None and agent.auto_compact_window == 120000 and agent.omit_claude_md is True
    assert agent.critical_system_reminder == "Never push."
    assert _init(options)["agents"] == {"a": official}  # every field reaches initialize, spelt as TS does
    with pytest.raises(ValueError, match=r"AgentDefinition.auto_compact_window: expected a positive int"):
        ClaudeAgentOptions(agents={"a": {"description": "d", "prompt": "p", "autoCompactWindow": 0}})


def _sandbox_sent(settings: dict[str, Any], sandbox: dict[str, Any]) -> dict[str, Any]:
    sent = _init(ClaudeAgentOptions(settings=settings, sandbox=sandbox))["settings"]  # never on argv
    assert isinstance(sent, dict)
    return sent  # pyright: ignore[reportUnknownVariableType]


def test_sandbox_merges_key_by_key() -> None:
    """As the TypeScript SDK: objects merge, deny lists grow, other values are replaced."""
    settings = {
        "model": "m",
        "sandbox": {
            "enabled": False,
            "excludedCommands": ["git"],
            "network": {"allowLocalBinding": True, "deniedDomains": ["a.example"], "httpProxyPort": 8080},
            "filesystem": {"denyRead": ["/secret"], "disabled": True},
        },
    }
    sandbox = {
        "enabled": True,
        "excludedCommands": ["npm"],
        "network": {"deniedDomains": ["b.example", "a.example"]},
        "filesystem": {"denyRead": ["/keys"]},
    }
    sent = _sandbox_sent(settings, sandbox)
    assert sent["model"] == "m"
    assert sent["sandbox"] == {
        "enabled": True,
        "excludedCommands": ["npm"],  # not a deny list: replaced
        "network": {"allowLocalBinding": True, "deniedDomains": ["a.example", "b.example"]},  # port dropped
        "filesystem": {"denyRead": ["/secret", "/keys"]},  # disabled lifted by a filesystem restriction
        "failIfUnavailable": True,
    }
    # the options' own values are not changed by the merge
    assert settings["sandbox"]["filesystem"] == {"denyRead": ["/secret"], "disabled": True}  # type: ignore[index]


def test_sandbox_replaced_whole_and_kept_fail_flag() -> None:
    settings = {"sandbox": {"ripgrep": {"command": "rg", "args": ["-x"]}, "failIfUnavailable": False}}
    sent = _sandbox_sent(settings, {"enabled": True, "ripgrep": {"command": "/bin/rg"}})
    assert sent["sandbox"] == {"ripgrep": {"command": "/bin/rg"}, "failIfUnavailable": False, "enabled": True}
