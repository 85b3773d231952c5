"""Every ``ClaudeAgentOptions`` field is checked when the options are built: the accepted forms (ours, and the
official SDK's dict forms, converted to our typed classes) reach the CLI as they should, anything else fails
at once with an error that names the option and the accepted forms."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from trio_claude import (
    AgentDefinition,
    ClaudeAgentOptions,
    HookMatcher,
    InMemorySessionStore,
    PermissionResultAllow,
    SdkPluginConfig,
    SystemPromptFile,
    SystemPromptPreset,
    TaskBudget,
    ThinkingConfigAdaptive,
    ThinkingConfigDisabled,
    ThinkingConfigEnabled,
    ToolsPreset,
    create_sdk_mcp_server,
)
from trio_claude._config._command import build_env, build_flags
from trio_claude._config._initialize import build_initialize
from trio_claude._config._official_names import OFFICIAL_NAMES_ELSEWHERE
from trio_claude.wire import converter


async def _allow(name: str, tool_input: Any, context: Any) -> PermissionResultAllow:
    return PermissionResultAllow()


def _sync_allow(name: str, tool_input: Any, context: Any) -> PermissionResultAllow:
    return PermissionResultAllow()


async def _hook(input_data: Any, tool_use_id: str | None, context: Any) -> None:
    return None


def _sync_hook(input_data: Any, tool_use_id: str | None, context: Any) -> None:
    return None


def _stderr(line: str) -> None:
    pass


async def _async_stderr(line: str) -> None:
    pass


def _initialize(options: ClaudeAgentOptions) -> dict[str, Any]:
    encoded = converter.unstructure(build_initialize(options))
    assert isinstance(encoded, dict)
    return encoded  # pyright: ignore[reportUnknownVariableType]


def _wire(options: ClaudeAgentOptions) -> tuple[list[str], dict[str, str], dict[str, Any]]:
    """Everything the CLI gets from ``options``: flags, environment, ``initialize``."""
    return build_flags(options), build_env(options, {}), _initialize(options)


# -- the official SDK's field list ----------------------------------------------------------------------

# The fields of ``ClaudeAgentOptions`` in the official Python SDK (claude-agent-sdk-python,
# src/claude_agent_sdk/types.py, commit e8bde60), each with a value written as official code writes it and
# the value our typed API would use for it (``None``: the same value).  Fields we spell differently or lack
# are in REFUSED instead.
STORE = InMemorySessionStore()
OFFICIAL_ACCEPTED: dict[str, tuple[Any, Any]] = {
    "tools": ({"type": "preset", "preset": "claude_code"}, ToolsPreset()),
    "allowed_tools": (["Read", "Bash(git status:*)"], None),
    "system_prompt": (
        {"type": "preset", "preset": "claude_code", "append": "A", "exclude_dynamic_sections": True},
        SystemPromptPreset(append="A", exclude_dynamic_sections=True),
    ),
    "mcp_servers": ({"ext": {"type": "stdio", "command": "srv", "args": ["-v"], "env": {"K": "V"}}}, None),
    "strict_mcp_config": (True, None),
    "permission_mode": ("acceptEdits", None),
    "continue_conversation": (True, None),
    "resume": ("8d1f0a57-3c1e-4b7a-9f1e-2a6c0d5e4b21", None),
    "session_id": ("8d1f0a57-3c1e-4b7a-9f1e-2a6c0d5e4b21", None),
    "max_turns": (3, None),
    "max_budget_usd": (0.5, None),
    "disallowed_tools": (["Write"], None),
    "model": ("claude-sonnet-4-5", None),
    "fallback_model": ("claude-haiku-4-5", None),
    "betas": (["context-1m-2025-08-07"], None),
    "permission_prompt_tool_name": ("mcp__perm__ask", None),
    "cwd": (Path("/work"), None),
    "cli_path": (Path("/opt/claude"), None),
    "settings": ("/etc/claude/settings.json", None),
    "add_dirs": (["/a", Path("/b")], None),
    "env": ({"CLAUDE_AGENT_SDK_CLIENT_APP": "my-app/1.0.0"}, None),
    "extra_args": ({"debug-to-stderr": None, "foo": "bar"}, None),
    "stderr": (_stderr, None),
    "can_use_tool": (_allow, None),
    "hooks": ({"PreToolUse": [HookMatcher(matcher="Bash", hooks=[_hook])]}, None),
    "user": ("builder", None),
    "include_partial_messages": (True, None),
    "include_hook_events": (True, None),
    "forward_subagent_text": (True, None),
    "fork_session": (True, None),
    "resume_session_at": ("5b2f0b9e-8f1d-4a40-9a55-2f7a1c3d9e10", None),
    "resume_drops_turn": ("0c4b8f5e-1a2b-4c3d-8e9f-0a1b2c3d4e5f", None),
    "agents": (
        {
            "reviewer": {
                "description": "Reviews",
                "prompt": "You review.",
                "tools": ["Read"],
                "disallowedTools": ["Bash"],
                "model": "sonnet",
                "skills": ["lint"],
                "memory": "project",
                "mcpServers": ["github", {"local": {"command": "srv"}}],
                "initialPrompt": "Start",
                "maxTurns": 4,
                "background": False,
                "effort": "high",
                "permissionMode": "plan",
            }
        },
        {
            "reviewer": AgentDefinition(
                description="Reviews",
                prompt="You review.",
                tools=["Read"],
                disallowed_tools=["Bash"],
                model="sonnet",
                skills=["lint"],
                memory="project",
                mcp_servers=["github", {"local": {"command": "srv"}}],
                initial_prompt="Start",
                max_turns=4,
                background=False,
                effort="high",
                permission_mode="plan",
            )
        },
    ),
    "setting_sources": (["user", "project"], None),
    "skills": (["review"], None),
    "sandbox": (
        {
            "enabled": True,
            "autoAllowBashIfSandboxed": True,
            "excludedCommands": ["docker"],
            "allowUnsandboxedCommands": False,
            "network": {"allowUnixSockets": ["/var/run/docker.sock"], "allowLocalBinding": True},
            "ignoreViolations": {"file": ["/tmp"], "network": ["example.com"]},
            "enableWeakerNestedSandbox": False,
        },
        None,
    ),
    "plugins": ([{"type": "local", "path": "/plugins/demo"}], [SdkPluginConfig(path="/plugins/demo")]),
    "thinking": ({"type": "enabled", "budget_tokens": 2048}, ThinkingConfigEnabled(budget_tokens=2048)),
    "effort": ("high", None),
    "output_format": ({"type": "json_schema", "schema": {"type": "object"}}, None),
    "enable_file_checkpointing": (True, None),
    "task_budget": ({"total": 50000}, TaskBudget(total=50000)),
    "session_store": (STORE, None),
    "session_store_flush": ("eager", None),
    "load_timeout_ms": (5_000, None),
    "client_app": ("my-app/1.0.0", None),
}
# Official fields that ClaudeAgentOptions refuses, with the words the error must contain.
OFFICIAL_REFUSED: dict[str, tuple[Any, str]] = {
    "max_buffer_size": (8 * 1024 * 1024, "use max_line_bytes"),
    "debug_stderr": (None, "use stderr=callback"),
    "max_thinking_tokens": (4096, "thinking=ThinkingConfigEnabled(budget_tokens=N)"),
}
# Companions some official values need (e.g. resume_session_at only means something with resume).
COMPANIONS: dict[str, dict[str, Any]] = {
    "fork_session": {"resume": "s"},
    "resume_session_at": {"resume": "s"},
    "resume_drops_turn": {"resume": "s", "resume_session_at": "u"},
}


def test_every_official_field_is_listed() -> None:
    """Each official field is accepted or refused here; each of ours is official or documented as ours."""
    assert not OFFICIAL_ACCEPTED.keys() & OFFICIAL_REFUSED.keys()
    ours = {field.name for field in attrs.fields(ClaudeAgentOptions)}
    assert OFFICIAL_ACCEPTED.keys() <= ours
    assert not OFFICIAL_REFUSED.keys() & ours
    assert OFFICIAL_REFUSED.keys() <= OFFICIAL_NAMES_ELSEWHERE.keys()
    only_ours = {
        "on_elicitation", "shutdown_grace", "terminate_grace", "max_line_bytes", "spawn", "extra_initialize",
        "allow_dangerously_skip_permissions", "agent", "persist_session", "debug_file",
        "on_user_dialog", "supported_dialog_kinds",
        # the TypeScript SDK's options that the official Python SDK lacks
        "mcp_servers_delivery", "plugin_delivery", "managed_settings", "project_config_root",
        "permission_prompts", "plan_mode_instructions", "title", "tool_aliases", "tool_config",
        "prompt_suggestions", "agent_progress_summaries", "per_task_stop_affordance", "debug", "executable",
        "executable_args", "verbatim_prompts",
    }  # fmt: skip
    assert ours - OFFICIAL_ACCEPTED.keys() == only_ours


@pytest.mark.parametrize("name", sorted(OFFICIAL_ACCEPTED))
def test_official_value_works_unchanged(name: str) -> None:
    """Official code's value is accepted and means what our typed value means."""
    official, typed = OFFICIAL_ACCEPTED[name]
    companions = COMPANIONS.get(name, {})
    from_official = ClaudeAgentOptions(**{name: official}, **companions)
    from_typed = ClaudeAgentOptions(**{name: official if typed is None else typed}, **companions)
    assert from_official == from_typed
    assert _wire(from_official) == _wire(from_typed)
    if name not in ("stderr", "can_use_tool", "hooks"):
        assert _wire(from_official) != _wire(ClaudeAgentOptions(**companions)) or name in (
            "cwd", "cli_path", "user", "session_store_flush", "load_timeout_ms",
        )  # fmt: skip


@pytest.mark.parametrize("name", sorted(OFFICIAL_REFUSED))
def test_official_field_we_do_not_have_says_what_to_use(name: str) -> None:
    value, hint = OFFICIAL_REFUSED[name]
    with pytest.raises(
        TypeError, match=rf"^ClaudeAgentOptions\(\) got an unexpected keyword argument '{name}': .*"
    ) as info:
        ClaudeAgentOptions(**{name: value})
    assert hint in str(info.value)


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("allowedTools", "use allowed_tools"),
        ("systemPrompt", "use system_prompt"),
        ("maxThinkingTokens", "use thinking=ThinkingConfigEnabled"),
        ("pathToClaudeCodeExecutable", "use cli_path"),
        ("additionalDirectories", "use add_dirs"),
        ("continue", "use continue_conversation"),
        ("modle", "did you mean model?"),
    ],
)
def test_unknown_names_get_a_pointer(name: str, hint: str) -> None:
    with pytest.raises(TypeError, match=f"unexpected keyword argument '{name}': {hint}"):
        kwargs: dict[str, Any] = {name: None}
        ClaudeAgentOptions(**kwargs)


def test_agent_definition_official_keyword_names() -> None:
    with pytest.raises(TypeError, match="'disallowedTools': use disallowed_tools"):
        AgentDefinition(description="d", prompt="p", disallowedTools=["Bash"])  # type: ignore[call-arg]


def test_evolve_still_works_and_checks_again() -> None:
    options = ClaudeAgentOptions(tools={"type": "preset", "preset": "claude_code"})
    derived = attrs.evolve(options, model="m")
    assert derived.tools == ToolsPreset() and derived.model == "m"
    with pytest.raises(ValueError, match=r"^ClaudeAgentOptions\.max_turns"):
        attrs.evolve(options, max_turns=0)


# -- the measured defects: official dict forms used to be misread --------------------------------------


def test_tools_preset_dict_is_the_default_tool_set() -> None:
    """It used to become ``--tools=type,preset``: an agent with no tools at all."""
    options = ClaudeAgentOptions(tools={"type": "preset", "preset": "claude_code"})
    assert options.tools == ToolsPreset()
    assert build_flags(options) == ["--tools=default"]


def test_allowed_tools_as_a_dict_is_refused() -> None:
    """``{"Read": True}`` used to become ``--allowedTools=Read``: a mapping is not a list of tools."""
    with pytest.raises(TypeError, match=r"^ClaudeAgentOptions.allowed_tools: expected a list of tool names"):
        ClaudeAgentOptions(allowed_tools={"Read": True})  # type: ignore[arg-type]


def test_system_prompt_preset_dict_is_claude_codes_prompt() -> None:
    """It used to reach the CLI as a custom prompt, which crashed in its reply."""
    options = ClaudeAgentOptions(
        system_prompt={"type": "preset", "preset": "claude_code", "append": "Be brief."}
    )
    assert options.system_prompt == SystemPromptPreset(append="Be brief.")
    init = _initialize(options)
    assert "systemPrompt" not in init and init["appendSystemPrompt"] == "Be brief."
    file_form = ClaudeAgentOptions(system_prompt={"type": "file", "path": "p.md"})
    assert file_form.system_prompt == SystemPromptFile(path="p.md")
    assert build_flags(file_form) == ["--system-prompt-file=p.md"]


@pytest.mark.parametrize(
    ("value", "typed", "flags"),
    [
        ({"type": "adaptive"}, ThinkingConfigAdaptive(), ["--thinking=adaptive"]),
        (
            {"type": "adaptive", "display": "summarized"},
            ThinkingConfigAdaptive(display="summarized"),
            ["--thinking=adaptive", "--thinking-display=summarized"],
        ),
        (
            {"type": "enabled", "budget_tokens": 1024},
            ThinkingConfigEnabled(budget_tokens=1024),
            ["--max-thinking-tokens=1024"],
        ),
        ({"type": "disabled"}, ThinkingConfigDisabled(), ["--thinking=disabled"]),
    ],
)
def test_thinking_dicts(value: dict[str, Any], typed: object, flags: list[str]) -> None:
    """A ``thinking`` dict used to raise ``AttributeError`` while the command line was built."""
    options = ClaudeAgentOptions(thinking=value)
    assert options.thinking == typed
    assert build_flags(options) == flags


def test_agents_and_plugins_as_dicts() -> None:
    """Both used to raise ``AttributeError`` while the command line was built."""
    options = ClaudeAgentOptions(
        agents={"r": {"description": "d", "prompt": "p", "maxTurns": 2, "disallowedTools": ["Bash"]}},
        plugins=[{"type": "local", "path": "/p"}],
    )
    assert options.agents == {
        "r": AgentDefinition(description="d", prompt="p", max_turns=2, disallowed_tools=["Bash"])
    }
    assert options.plugins == (SdkPluginConfig(path="/p"),)
    assert _initialize(options)["agents"] == {
        "r": {"description": "d", "prompt": "p", "maxTurns": 2, "disallowedTools": ["Bash"]}
    }
    assert build_flags(options) == ["--plugin-dir=/p"]
    snake = ClaudeAgentOptions(agents={"r": {"description": "d", "prompt": "p", "max_turns": 2}})
    assert snake.agents == {"r": AgentDefinition(description="d", prompt="p", max_turns=2)}


def test_sdk_server_dict_is_unwrapped() -> None:
    """The official ``create_sdk_mcp_server`` returns ``{"type": "sdk", "name": ..., "instance": ...}``."""
    server = create_sdk_mcp_server("calc")
    options = ClaudeAgentOptions(
        mcp_servers={"tools": {"type": "sdk", "name": "calc", "instance": server}, "ext": {"command": "x"}}
    )
    assert isinstance(options.mcp_servers, dict)
    assert options.mcp_servers["tools"] is server
    assert _initialize(options)["sdkMcpServers"] == ["tools"]
    assert _initialize(options)["mcpServers"] == {"ext": {"command": "x"}}  # external: by initialize
    argv = attrs.evolve(options, mcp_servers_delivery="argv")
    assert build_flags(argv) == ['--mcp-config={"mcpServers":{"ext":{"command":"x"}}}']


def test_skills_and_subagent_text_reach_initialize() -> None:
    init = _initialize(ClaudeAgentOptions(skills=["review"], forward_subagent_text=True))
    assert init["skills"] == ["review"] and init["forwardSubagentText"] is True
    everything = _initialize(ClaudeAgentOptions(skills="all"))
    assert "skills" not in everything and "forwardSubagentText" not in everything


def test_converted_values_are_typed() -> None:
    """After construction every field holds its typed value: tuples, typed classes, plain dicts."""
    options = ClaudeAgentOptions(
        allowed_tools=["Read"],
        add_dirs=[Path("/a")],
        setting_sources=["user"],
        betas=["b"],
        env={"A": "1"},
        task_budget={"total": 5},
    )
    assert options.allowed_tools == ("Read",) and options.add_dirs == (Path("/a"),)
    assert options.setting_sources == ("user",) and options.betas == ("b",)
    assert options.task_budget == TaskBudget(total=5)
    assert type(options.env) is dict


# -- rejected forms: each error names the option and the accepted forms ---------------------------------

REJECTED: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"tools": "Read"}, TypeError, "tools: expected a list of tool names"),
    (
        {"tools": {"type": "preset", "preset": "other"}},
        ValueError,
        r"tools: ToolsPreset.preset: expected one of 'claude_code'",
    ),
    ({"tools": {"type": "preset"}}, ValueError, r"tools: expected a 'preset' key"),
    ({"tools": ["Read", 3]}, TypeError, r"tools\[1\]: expected a string; got int 3"),
    (
        {"allowed_tools": ["Read,Write"]},
        ValueError,
        r"allowed_tools\[0\]: expected one tool name or rule .*\['Read', 'Write'\]",
    ),
    ({"allowed_tools": ["Bash(ls", "Read"]}, ValueError, r"allowed_tools\[0\]: .*never closed"),
    ({"allowed_tools": [""]}, ValueError, r"allowed_tools\[0\]: expected a non-empty string"),
    ({"disallowed_tools": "Bash"}, TypeError, "disallowed_tools: expected a list"),
    (
        {"system_prompt": {"type": "preset", "preset": "claude_code", "apend": "x"}},
        ValueError,
        "system_prompt: expected keys among",
    ),
    (
        {"system_prompt": {"type": "custom", "text": "x"}},
        ValueError,
        "system_prompt: expected keys among 'type', 'prompt', 'snapshot'",
    ),
    ({"system_prompt": ["a", b"b"]}, TypeError, r"system_prompt\[1\]: expected a string"),
    (
        {"thinking": {"type": "enabled", "budget_tokens": "2048"}},
        TypeError,
        "thinking: ThinkingConfigEnabled.budget_tokens: expected a positive int",
    ),
    (
        {"thinking": {"type": "enabled", "budget_tokens": 0}},
        ValueError,
        "budget_tokens: expected a positive int; got int 0",
    ),
    (
        {"thinking": {"type": "enabled", "budget_tokens": True}},
        TypeError,
        "budget_tokens: expected a positive int; got bool True",
    ),
    ({"thinking": {"type": "max"}}, ValueError, "thinking: expected ThinkingConfigAdaptive"),
    ({"thinking": "adaptive"}, TypeError, "thinking: expected ThinkingConfigAdaptive"),
    (
        {"thinking": {"type": "disabled", "budget_tokens": 5}},
        ValueError,
        "thinking: expected keys among 'type'",
    ),
    ({"agents": {"r": {"description": "d"}}}, ValueError, r"agents\['r'\]: expected a 'prompt' key"),
    (
        {"agents": {"r": {"description": "d", "prompt": "p", "maxTurn": 2}}},
        ValueError,
        r"agents\['r'\]: expected keys among",
    ),
    (
        {"agents": {"r": {"description": "d", "prompt": "p", "maxTurns": 2, "max_turns": 2}}},
        ValueError,
        "not both",
    ),
    (
        {"agents": {"r": {"description": "d", "prompt": "p", "maxTurns": "2"}}},
        TypeError,
        "AgentDefinition.max_turns: expected a positive int",
    ),
    (
        {"agents": [AgentDefinition(description="d", prompt="p")]},
        TypeError,
        "agents: expected a mapping of agent names",
    ),
    ({"plugins": [{"type": "local"}]}, ValueError, r"plugins\[0\]: expected a 'path' key"),
    (
        {"plugins": [{"type": "remote", "path": "/p"}]},
        ValueError,
        r"plugins\[0\]: SdkPluginConfig.type: expected one of 'local'",
    ),
    ({"plugins": ["/p"]}, TypeError, r"plugins\[0\]: expected SdkPluginConfig"),
    ({"sandbox": {"enabled": "yes"}}, TypeError, r"sandbox\['enabled'\]: expected True or False"),
    ({"sandbox": {"enabeld": True}}, ValueError, "sandbox: expected keys among 'enabled'"),
    (
        {"sandbox": {"network": {"allowedDomain": ["x"]}}},
        ValueError,
        r"sandbox\['network'\]: expected keys among",
    ),
    ({"sandbox": {"network": {"httpProxyPort": -1}}}, ValueError, r"httpProxyPort'\]: expected an int >= 0"),
    (
        {"mcp_servers": {"s": {"type": "websocket", "url": "u"}}},
        ValueError,
        r"mcp_servers\['s'\]\['type'\]: expected one of 'stdio'",
    ),
    ({"mcp_servers": {"s": {"args": ["x"]}}}, ValueError, r"mcp_servers\['s'\]: expected a 'command' key"),
    ({"mcp_servers": {"s": {"type": "http"}}}, ValueError, r"mcp_servers\['s'\]: expected a 'url' key"),
    (
        {"mcp_servers": {"s": {"command": "x", "env": {"A": 1}}}},
        TypeError,
        r"\['env'\]\['A'\]: expected a string",
    ),
    (
        {"mcp_servers": {"s": {"type": "sdk", "name": "s", "instance": object()}}},
        TypeError,
        r"\['instance'\]: expected an SdkMcpServer",
    ),
    ({"mcp_servers": {"s": object()}}, TypeError, r"mcp_servers\['s'\]: expected an SdkMcpServer"),
    ({"mcp_servers": ["a"]}, TypeError, "mcp_servers: expected a mapping of server names"),
    ({"permission_mode": "yolo"}, ValueError, "permission_mode: expected one of 'default', 'acceptEdits'"),
    ({"effort": "extreme"}, ValueError, "effort: expected one of 'low'"),
    ({"setting_sources": "user"}, TypeError, "setting_sources: expected a list of 'user'"),
    (
        {"setting_sources": ["global"]},
        ValueError,
        r"setting_sources\[0\]: expected one of 'user', 'project', 'local'",
    ),
    ({"env": {"A": 1}}, TypeError, r"env\['A'\]: expected a string; got int 1"),
    ({"env": {"A=B": "1"}}, ValueError, "env key: expected a variable name without '='"),
    ({"env": ["A=1"]}, TypeError, "env: expected a mapping"),
    ({"extra_args": {"flag": 5}}, TypeError, r"extra_args\['flag'\]: expected a string; got int 5"),
    ({"max_turns": 0}, ValueError, "max_turns: expected a positive int; got int 0"),
    ({"max_turns": 2.0}, TypeError, "max_turns: expected a positive int; got float 2.0"),
    ({"max_turns": True}, TypeError, "max_turns: expected a positive int; got bool True"),
    ({"max_turns": "3"}, TypeError, "max_turns: expected a positive int; got str '3'"),
    ({"max_line_bytes": -1}, ValueError, "max_line_bytes: expected a positive int"),
    ({"max_budget_usd": 0}, ValueError, "max_budget_usd: expected a number > 0"),
    ({"max_budget_usd": float("inf")}, ValueError, "max_budget_usd: expected a finite number"),
    ({"max_budget_usd": "1"}, TypeError, "max_budget_usd: expected a number > 0"),
    ({"shutdown_grace": -1}, ValueError, "shutdown_grace: expected a number >= 0"),
    ({"terminate_grace": float("nan")}, ValueError, "terminate_grace: expected a number >= 0"),
    ({"task_budget": {"total": 0}}, ValueError, "task_budget: TaskBudget.total: expected a positive int"),
    ({"task_budget": 5000}, TypeError, r"task_budget: expected TaskBudget\(total=N\)"),
    ({"task_budget": {"total": 5, "spent": 1}}, ValueError, "task_budget: expected keys among 'total'"),
    (
        {"include_partial_messages": 1},
        TypeError,
        "include_partial_messages: expected True or False; got int 1",
    ),
    ({"persist_session": None}, TypeError, "persist_session: expected True or False; got None"),
    ({"model": ""}, ValueError, "model: expected a non-empty string"),
    ({"model": 4}, TypeError, "model: expected a string"),
    ({"resume": ""}, ValueError, "resume: expected a non-empty string"),
    ({"session_id": "abc"}, ValueError, "session_id: expected a UUID"),
    ({"cwd": ""}, ValueError, "cwd: expected a non-empty path"),
    ({"cwd": b"/tmp"}, TypeError, r"cwd: expected a path \(str or os.PathLike\)"),
    ({"cli_path": 3}, TypeError, "cli_path: expected a path"),
    ({"add_dirs": "/tmp"}, TypeError, "add_dirs: expected a list of directory paths"),
    ({"debug_file": "a\0b"}, ValueError, "debug_file: expected a path without NUL"),
    ({"settings": 5}, TypeError, "settings: expected a settings file path"),
    ({"settings": {"a": {1, 2}}}, TypeError, r"settings\['a'\]: expected a JSON value"),
    ({"settings": {"a": float("nan")}}, ValueError, r"settings\['a'\]: expected a finite number"),
    ({"extra_initialize": {"x": object()}}, TypeError, r"extra_initialize\['x'\]: expected a JSON value"),
    (
        {"output_format": {"type": "json_schema", "schema": "object"}},
        ValueError,
        "output_format: expected {'type': 'json_schema'",
    ),
    (
        {"output_format": {"type": "json_schema", "schema": {}, "strict": True}},
        ValueError,
        "output_format: expected",
    ),
    ({"betas": ["a,b"]}, ValueError, r"betas\[0\]: expected beta name without commas"),
    (
        {"skills": "review"},
        TypeError,
        r"skills: expected a list of skill names, 'all', or None \(did you mean \['review'\]\?\)",
    ),
    ({"skills": ["*"]}, ValueError, r"skills\[0\]: .*not a wildcard"),
    ({"skills": ["/review"]}, ValueError, r"skills\[0\]: .*not its slash command"),
    ({"skills": [" review"]}, ValueError, r"skills\[0\]: .*without surrounding spaces"),
    (
        {"can_use_tool": _sync_allow},
        TypeError,
        r"can_use_tool: expected async def can_use_tool\(tool_name, tool_input, context\) \(an async",
    ),
    ({"can_use_tool": "allow"}, TypeError, "can_use_tool: expected async def can_use_tool"),
    (
        {"on_elicitation": lambda request: None},  # pyright: ignore[reportUnknownLambdaType]
        TypeError,
        "on_elicitation: expected async def on_elicitation",
    ),
    ({"spawn": len}, TypeError, "spawn: expected async def spawn"),
    (
        {"stderr": _async_stderr},
        TypeError,
        r"stderr: expected def stderr\(line: str\) -> None \(a plain function",
    ),
    ({"stderr": "stderr.log"}, TypeError, "stderr: expected def stderr"),
    (
        {"hooks": {"PreToolUse": HookMatcher(hooks=[_hook])}},
        TypeError,
        r"hooks\['PreToolUse'\]: expected a list of HookMatcher",
    ),
    (
        {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [_hook]}]}},
        TypeError,
        r"hooks\['PreToolUse'\]\[0\]: expected HookMatcher",
    ),
    (
        {"hooks": {"pre_tool_use": [HookMatcher(hooks=[_hook])]}},
        ValueError,
        "hooks key: unknown event 'pre_tool_use'; did you mean 'PreToolUse'",
    ),
    (
        {"hooks": {"pre-tool use": [HookMatcher(hooks=[_hook])]}},
        ValueError,
        "hooks key: expected a hook event name",
    ),
    (  # a newer CLI's event with a trailing newline: the CLI would never run its hooks (issue 22)
        {"hooks": {"BrandNewEvent\n": [HookMatcher(hooks=[_hook])]}},
        ValueError,
        "hooks key: expected a hook event name",
    ),
    ({"hooks": [HookMatcher(hooks=[_hook])]}, TypeError, "hooks: expected a mapping of hook event names"),
]


def test_sync_hook_refused_by_its_matcher() -> None:
    # A sync hook never reaches the options: HookMatcher itself refuses it, at once.
    with pytest.raises(TypeError, match="_sync_hook must be an async function"):
        HookMatcher(hooks=[_sync_hook])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    REJECTED,
    ids=[re.sub(r" at 0x[0-9a-f]+", "", str(k)) for k, _, _ in REJECTED],
)
def test_rejected_forms(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    (name,) = kwargs
    with pytest.raises(error) as info:
        ClaudeAgentOptions(**kwargs)
    assert type(info.value) is error
    text = str(info.value)
    assert text.startswith(f"ClaudeAgentOptions.{name}"), text
    assert re.search(message, text), text


# -- callbacks: what counts as async ---------------------------------------------------------------------


class _AsyncCallable:
    async def __call__(self, name: str, tool_input: Any, context: Any) -> PermissionResultAllow:
        return PermissionResultAllow()


class _Policy:
    async def decide(self, name: str, tool_input: Any, context: Any) -> PermissionResultAllow:
        return PermissionResultAllow()


def _decorated(function: Any) -> Any:
    @functools.wraps(function)
    def wrapper(*args: Any) -> Any:
        return function(*args)  # returns the coroutine

    return wrapper


@pytest.mark.parametrize(
    "callback",
    [
        _allow,
        functools.partial(_allow),
        _AsyncCallable(),
        _Policy().decide,
        _decorated(_allow),
    ],
    ids=["function", "partial", "callable object", "bound method", "wraps-decorated"],
)
def test_async_callbacks_in_every_shape(callback: Any) -> None:
    assert ClaudeAgentOptions(can_use_tool=callback).can_use_tool is callback


def test_plain_stderr_callbacks() -> None:
    lines: list[str] = []
    for callback in (_stderr, lines.append, print, functools.partial(print, end="")):
        assert ClaudeAgentOptions(stderr=callback).stderr is callback
