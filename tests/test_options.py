"""Options → the CLI's flags, environment and ``initialize`` request, flag by flag (the builder is pure)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import attrs
import orjson
import pytest
from hypothesis import assume, given, strategies as st

from trio_claude import (
    AgentDefinition,
    ClaudeAgentOptions,
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
    UnsupportedOptionError,
    prefixed_spawn,
)
from trio_claude._config._command import (
    BASE_FLAGS,
    CLICommand,
    build_command,
    build_env,
    build_flags,
    check_cli_version,
    needs_cli_version,
    version_command,
)
from trio_claude._config._initialize import build_initialize
from trio_claude.wire import converter


async def _allow(name: str, tool_input: Any, context: Any) -> PermissionResultAllow:
    return PermissionResultAllow()


SESSION_UUID = "8d1f0a57-3c1e-4b7a-9f1e-2a6c0d5e4b21"

FLAGS: list[tuple[dict[str, Any], list[str]]] = [
    ({}, []),
    ({"model": "claude-x"}, ["--model=claude-x"]),
    ({"permission_mode": "acceptEdits"}, ["--permission-mode=acceptEdits"]),
    ({"allowed_tools": ["Read", "Bash(git status)"]}, ["--allowedTools=Read,Bash(git status)"]),
    ({"disallowed_tools": ["Write"]}, ["--disallowedTools=Write"]),
    ({"max_turns": 3}, ["--max-turns=3"]),
    ({"include_partial_messages": True}, ["--include-partial-messages"]),
    ({"resume": "abc"}, ["--resume=abc"]),
    ({"can_use_tool": _allow}, ["--permission-prompt-tool=stdio"]),
    ({"tools": ["Bash", "Read"]}, ["--tools=Bash,Read"]),
    ({"tools": []}, ["--tools="]),
    ({"tools": ToolsPreset()}, ["--tools=default"]),
    ({"permission_prompt_tool_name": "mcp__p__ask"}, ["--permission-prompt-tool=mcp__p__ask"]),
    ({"allow_dangerously_skip_permissions": True}, ["--allow-dangerously-skip-permissions"]),
    ({"system_prompt": SystemPromptFile(path="/p/prompt.md")}, ["--system-prompt-file=/p/prompt.md"]),
    ({"system_prompt": "be brief"}, []),
    ({"system_prompt": SystemPromptPreset(append="x")}, []),
    ({"model": "a", "fallback_model": "b"}, ["--model=a", "--fallback-model=b"]),
    ({"effort": "high"}, ["--effort=high"]),
    ({"thinking": ThinkingConfigAdaptive()}, ["--thinking=adaptive"]),
    (
        {"thinking": ThinkingConfigAdaptive(display="summarized")},
        ["--thinking=adaptive", "--thinking-display=summarized"],
    ),
    ({"thinking": ThinkingConfigEnabled(budget_tokens=2048)}, ["--max-thinking-tokens=2048"]),
    ({"thinking": ThinkingConfigEnabled()}, ["--thinking=adaptive"]),
    (
        {"thinking": ThinkingConfigEnabled(budget_tokens=5, display="omitted")},
        ["--max-thinking-tokens=5", "--thinking-display=omitted"],
    ),
    ({"thinking": ThinkingConfigDisabled()}, ["--thinking=disabled"]),
    ({"max_budget_usd": 1.5}, ["--max-budget-usd=1.5"]),
    ({"max_budget_usd": 2}, ["--max-budget-usd=2.0"]),
    ({"task_budget": TaskBudget(total=50000)}, ["--task-budget=50000"]),
    ({"betas": ["context-1m-2025-08-07", "b2"]}, ["--betas=context-1m-2025-08-07,b2"]),
    ({"continue_conversation": True}, ["--continue"]),
    ({"resume": "s", "resume_session_at": "u"}, ["--resume=s", "--resume-session-at=u"]),
    (
        {"resume": "s", "resume_session_at": "u", "resume_drops_turn": "p"},
        ["--resume=s", "--resume-session-at=u", "--resume-drops-turn=p"],
    ),
    ({"resume": "s", "fork_session": True}, ["--resume=s", "--fork-session"]),
    (
        {"resume": "s", "fork_session": True, "session_id": SESSION_UUID},
        ["--resume=s", "--fork-session", f"--session-id={SESSION_UUID}"],
    ),
    ({"session_id": SESSION_UUID}, [f"--session-id={SESSION_UUID}"]),
    ({"persist_session": False}, ["--no-session-persistence"]),
    ({"add_dirs": ["/a", Path("/b c")]}, ["--add-dir=/a", "--add-dir=/b c"]),
    ({"settings": "/etc/s.json"}, ["--settings=/etc/s.json"]),
    ({"settings": Path("rel/s.json")}, ["--settings=rel/s.json"]),
    ({"settings": {"model": "m"}}, ["--initialize-fields=settings", "--await-initialize"]),  # in initialize
    ({"setting_sources": ["user", "project"]}, ["--setting-sources=user,project"]),
    ({"setting_sources": []}, ["--setting-sources="]),
    (
        {"sandbox": {"enabled": True}},
        ["--initialize-fields=settings", "--await-initialize"],
    ),
    (
        {"settings": {"a": 1}, "sandbox": {"enabled": True, "failIfUnavailable": False}},
        ["--initialize-fields=settings", "--await-initialize"],
    ),
    (
        {"settings": '{"a": 1}', "sandbox": {"enabled": False}},
        ["--initialize-fields=settings", "--await-initialize"],
    ),
    (
        {"plugins": [SdkPluginConfig(path="/p1"), SdkPluginConfig(path="/p2", skip_mcp_discovery=True)]},
        ["--plugin-dir=/p1", "--plugin-dir-no-mcp=/p2"],
    ),
    ({"agent": "reviewer"}, ["--agent=reviewer"]),
    (
        {"output_format": {"type": "json_schema", "schema": {"type": "object"}}},
        ['--json-schema={"type":"object"}'],
    ),
    ({"include_hook_events": True}, ["--include-hook-events"]),
    ({"strict_mcp_config": True}, ["--strict-mcp-config"]),
    ({"debug_file": "/tmp/d.log"}, ["--debug-file=/tmp/d.log"]),
    ({"extra_args": {"verbose-x": None, "foo": "-bar"}}, ["--verbose-x", "--foo=-bar"]),
    (
        {"mcp_servers": {"s": {"command": "x"}}, "mcp_servers_delivery": "argv"},
        ['--mcp-config={"mcpServers":{"s":{"command":"x"}}}'],
    ),
    ({"mcp_servers": {"s": {"command": "x"}}}, ["--await-initialize"]),  # in initialize by default
    ({"mcp_servers": {"s": {"command": "x"}}, "mcp_servers_delivery": "initialize"}, ["--await-initialize"]),
    ({"mcp_servers": "/etc/mcp.json", "mcp_servers_delivery": "initialize"}, ["--mcp-config=/etc/mcp.json"]),
    ({"plugins": [SdkPluginConfig(path="/p1")], "plugin_delivery": "initialize"}, ["--await-initialize"]),
    (
        {"managed_settings": {"permissions": {"deny": ["WebFetch"]}}},
        ["--await-initialize", "--managed-settings-in-initialize"],  # in initialize: never on argv
    ),
    ({"project_config_root": Path("/repo")}, ["--project-config-root=/repo"]),
    ({"permission_prompts": "none"}, ["--permission-prompts=none"]),
    ({"debug": True}, ["--debug"]),
    ({"title": "T", "tool_aliases": {"Bash": "mcp__w__bash"}, "prompt_suggestions": True}, []),
    ({"tool_config": {"askUserQuestion": {"previewFormat": "html"}}}, []),
    ({"mcp_servers": "/etc/mcp.json"}, ["--mcp-config=/etc/mcp.json"]),
    ({"skills": "all"}, ["--allowedTools=Skill", "--setting-sources=user,project"]),
    (
        {"skills": ["review", "p:lint"], "allowed_tools": ["Read", "Skill(review)"], "setting_sources": []},
        ["--allowedTools=Read,Skill(review),Skill(p:lint)", "--setting-sources="],
    ),
    ({"forward_subagent_text": True}, []),
    ({"session_store": InMemorySessionStore()}, ["--session-mirror"]),
    (
        {"session_store": InMemorySessionStore(), "session_store_flush": "eager", "load_timeout_ms": 5},
        ["--session-mirror"],
    ),
]


@pytest.mark.parametrize(("kwargs", "expected"), FLAGS, ids=[", ".join(k) or "defaults" for k, _ in FLAGS])
def test_flags(kwargs: dict[str, Any], expected: list[str]) -> None:
    assert build_flags(ClaudeAgentOptions(**kwargs)) == expected


def test_every_option_is_covered() -> None:
    """A new field must be added to the table above (or to the fields that are not flags)."""
    not_flags = {
        "cli_path", "cwd", "env", "system_prompt", "extra_args", "stderr", "hooks", "on_elicitation",
        "shutdown_grace", "terminate_grace", "max_line_bytes", "user", "spawn", "extra_initialize",
        "agents", "enable_file_checkpointing", "sandbox", "mcp_servers", "forward_subagent_text",
        "on_user_dialog", "supported_dialog_kinds",
        "plan_mode_instructions", "agent_progress_summaries", "per_task_stop_affordance", "executable",
        "executable_args", "verbatim_prompts", "client_app",
    }  # fmt: skip
    covered = {name for kwargs, _ in FLAGS for name in kwargs}
    fields = {field.name for field in attrs.fields(ClaudeAgentOptions)}
    assert fields - covered - not_flags == set()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"can_use_tool": _allow, "permission_prompt_tool_name": "t"}, "can_use_tool: cannot be combined"),
        ({"model": "a", "fallback_model": "a"}, "fallback_model: must differ"),
        ({"continue_conversation": True, "resume": "x"}, "continue_conversation: cannot be combined"),
        ({"resume": "x", "session_id": SESSION_UUID}, "session_id: .*fork_session"),
        ({"resume_session_at": "u"}, "resume_session_at: needs resume"),
        ({"resume": "x", "resume_drops_turn": "u"}, "resume_drops_turn: needs resume_session_at"),
        ({"settings": "/a/file.json", "sandbox": {"enabled": True}}, "sandbox: .*settings file path"),
        ({"settings": "{not json", "sandbox": {"enabled": True}}, "settings: expected JSON text of an"),
        ({"output_format": {"type": "text"}}, "output_format: expected {'type': 'json_schema'"),
        ({"output_format": {"type": "json_schema"}}, "output_format: expected {'type': 'json_schema'"),
        ({"model": "a\0b"}, "model: expected a string without NUL"),
        ({"extra_args": {"--bad": None}}, "extra_args key: expected a CLI flag name"),
        ({"extra_args": {"a b": "x"}}, "extra_args key: expected a CLI flag name"),
        ({"extra_args": {"debug\n": None}}, "extra_args key: expected a CLI flag name"),
    ],
)
def test_bad_combinations(kwargs: dict[str, Any], message: str) -> None:
    """Contradictions and unusable values fail when the options are built, naming the option."""
    with pytest.raises(ValueError, match="^ClaudeAgentOptions." + message):
        ClaudeAgentOptions(**kwargs)


def test_bad_plugin_type() -> None:
    with pytest.raises(ValueError, match=r"SdkPluginConfig\.type: expected one of 'local'; got str 'remote'"):
        SdkPluginConfig(path="/p", type="remote")  # type: ignore[arg-type]


def test_a_string_is_not_a_list_of_dirs() -> None:
    with pytest.raises(TypeError):
        ClaudeAgentOptions(add_dirs="/tmp")


def test_env() -> None:
    base = {"PATH": "/bin", "CLAUDECODE": "1", "NODE_OPTIONS": "--x"}
    env = build_env(ClaudeAgentOptions(env={"A": "1"}, cwd="/w"), base)
    assert env["A"] == "1" and env["PWD"] == "/w" and env["PATH"] == "/bin"
    assert "CLAUDECODE" not in env and "NODE_OPTIONS" not in env
    assert env["CLAUDE_CODE_ENTRYPOINT"] == "sdk-py-trio"
    assert "CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING" not in env
    on = build_env(ClaudeAgentOptions(enable_file_checkpointing=True), base)
    assert on["CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING"] == "true"
    assert "CLAUDE_AGENT_SDK_CLIENT_APP" not in env


def test_client_app() -> None:
    env = build_env(ClaudeAgentOptions(client_app="my-app/1.0"), {})
    assert env["CLAUDE_AGENT_SDK_CLIENT_APP"] == "my-app/1.0"
    same = ClaudeAgentOptions(client_app="a/1", env={"CLAUDE_AGENT_SDK_CLIENT_APP": "a/1"})
    assert build_env(same, {})["CLAUDE_AGENT_SDK_CLIENT_APP"] == "a/1"
    with pytest.raises(ValueError, match=r"client_app: differs from env\['CLAUDE_AGENT_SDK_CLIENT_APP'\]"):
        ClaudeAgentOptions(client_app="a/1", env={"CLAUDE_AGENT_SDK_CLIENT_APP": "b/2"})
    with pytest.raises(TypeError, match="client_app: expected a string"):
        ClaudeAgentOptions(client_app=1)  # type: ignore[arg-type]


def _initialize(options: ClaudeAgentOptions) -> dict[str, Any]:
    encoded = converter.unstructure(build_initialize(options))
    assert isinstance(encoded, dict)
    return encoded  # pyright: ignore[reportUnknownVariableType]


def test_initialize_system_prompts() -> None:
    assert _initialize(ClaudeAgentOptions())["systemPrompt"] == [""]
    assert _initialize(ClaudeAgentOptions(system_prompt="S"))["systemPrompt"] == ["S"]
    preset = _initialize(ClaudeAgentOptions(system_prompt=SystemPromptPreset(append="A")))
    assert "systemPrompt" not in preset and preset["appendSystemPrompt"] == "A"
    from_file = _initialize(ClaudeAgentOptions(system_prompt=SystemPromptFile(path="/p")))
    assert "systemPrompt" not in from_file and "appendSystemPrompt" not in from_file


def test_initialize_agents_and_schema() -> None:
    options = ClaudeAgentOptions(
        agents={
            "reviewer": AgentDefinition(
                description="Reviews code",
                prompt="You review.",
                tools=["Read"],
                disallowed_tools=["Bash"],
                max_turns=2,
                initial_prompt="go",
                mcp_servers=["s", {"t": {"command": "x"}}],
                permission_mode="plan",
            )
        },
        output_format={"type": "json_schema", "schema": {"type": "object"}},
    )
    encoded = _initialize(options)
    assert encoded["agents"] == {
        "reviewer": {
            "description": "Reviews code",
            "prompt": "You review.",
            "tools": ["Read"],
            "disallowedTools": ["Bash"],
            "maxTurns": 2,
            "initialPrompt": "go",
            "mcpServers": ["s", {"t": {"command": "x"}}],
            "permissionMode": "plan",
        }
    }
    assert encoded["jsonSchema"] == {"type": "object"}
    assert "agents" not in _initialize(ClaudeAgentOptions())


def test_version_gate() -> None:
    plain = ClaudeAgentOptions(resume="s", resume_session_at="u")
    assert not needs_cli_version(plain)
    check_cli_version(plain, (2, 1, 197))
    gated = ClaudeAgentOptions(resume="s", resume_session_at="u", resume_drops_turn="p")
    assert needs_cli_version(gated)
    check_cli_version(gated, (2, 1, 330))
    check_cli_version(gated, (3, 0, 0))
    with pytest.raises(UnsupportedOptionError) as info:
        check_cli_version(gated, (2, 1, 197))
    error = info.value
    assert (error.option, error.flag) == ("resume_drops_turn", "--resume-drops-turn")
    assert (error.cli_version, error.required_version) == ((2, 1, 197), (2, 1, 330))
    assert "2.1.330 or newer" in str(error) and "2.1.197" in str(error)
    # extra_args is the unchecked escape hatch
    escape = ClaudeAgentOptions(extra_args={"resume-drops-turn": "p"})
    assert not needs_cli_version(escape)


def test_version_command() -> None:
    options = ClaudeAgentOptions(model="m", env={"A": "1"}, cwd="/tmp", executable="bun")
    command = build_command(options, "/x/cli.js")
    assert command.argv[:2] == ("bun", "/x/cli.js")
    asked = version_command(options, "/x/cli.js")
    assert asked.argv == ("bun", "/x/cli.js", "--version")
    assert (asked.env, asked.cwd, asked.stdin_prelude) == (command.env, command.cwd, b"")
    assert version_command(options, "/usr/bin/claude").argv == ("/usr/bin/claude", "--version")


# -- no option value can inject another flag --------------------------------------------------------

_values = st.text(min_size=1, max_size=30).filter(lambda v: "\0" not in v)
_rules = st.from_regex(r"[A-Za-z_]{1,8}(\([^()\0]{0,12}\))?", fullmatch=True)
_names = st.from_regex(r"[a-z0-9-]{1,12}", fullmatch=True)

STRING_FLAGS = {
    "model": "model",
    "resume": "resume",
    "permission_prompt_tool_name": "permission-prompt-tool",
    "agent": "agent",
    "debug_file": "debug-file",
    "settings": "settings",
}


@given(name=st.sampled_from(sorted(STRING_FLAGS)), value=_values)
def test_a_string_value_stays_in_its_token(name: str, value: str) -> None:
    # settings text that starts with "{" must be a JSON object (else refused: tests/e2e/test_redaction.py)
    assume(name != "settings" or not value.lstrip().startswith("{"))
    kwargs: dict[str, Any] = {name: value}
    flags = build_flags(ClaudeAgentOptions(**kwargs))
    assert flags == [f"--{STRING_FLAGS[name]}={value}"]


@given(
    dirs=st.lists(_values, max_size=3),
    tools=st.lists(_rules, max_size=3),
    betas=st.lists(_names, max_size=3),
    at=_values,
    extra=st.dictionaries(
        st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True), st.none() | st.just("") | _values, max_size=3
    ),
)
def test_no_value_adds_a_flag(
    dirs: list[str], tools: list[str], betas: list[str], at: str, extra: dict[str, str | None]
) -> None:
    options = ClaudeAgentOptions(
        add_dirs=dirs,
        allowed_tools=tools,
        betas=betas,
        resume="r",
        resume_session_at=at,
        extra_args=extra,
        output_format={"type": "json_schema", "schema": {"description": at}},
        settings={"k": at},
    )
    command = build_command(options, "/bin/claude")
    flags = list(command.argv[1 + len(BASE_FLAGS) :])
    assert command.argv[1 : 1 + len(BASE_FLAGS)] == BASE_FLAGS
    names = [flag[2:].split("=", 1)[0] for flag in flags]
    expected = ["resume"] * 1 + ["allowedTools"] * bool(tools) + ["betas"] * bool(betas)
    expected += ["resume-session-at"] + ["add-dir"] * len(dirs) + ["json-schema", *extra]
    expected += ["initialize-fields", "await-initialize"]  # the settings, in initialize
    assert sorted(names) == sorted(expected)
    assert all(flag.startswith("--") for flag in flags)
    (schema,) = [flag for flag in flags if flag.startswith("--json-schema=")]
    assert orjson.loads(schema.split("=", 1)[1]) == {"description": at}
    assert f"--resume-session-at={at}" in flags


@pytest.mark.parametrize("shell_quote", [False, True])
async def test_prefixed_spawn(shell_quote: bool) -> None:
    """The tokens reach the far side unchanged, also through a shell that re-parses one joined command line
    (as ``ssh`` does), and the variables the session sets travel with them."""
    tokens = ["a b", "$(echo injected)", "--x=y;z", "it's", ""]
    script = "import json, os, sys; print(json.dumps([sys.argv[1:], os.environ.get('TRIO_X')]))"
    command = CLICommand(
        argv=(sys.executable, "-c", script, *tokens), env={**os.environ, "TRIO_X": "v w"}, cwd=None
    )
    # like ssh: join the arguments with spaces and let a shell parse them
    prefix = ("sh", "-c", 'eval "$*"', "sh") if shell_quote else ("env", "-u", "TRIO_X")
    process = await prefixed_spawn(*prefix, shell_quote=shell_quote)(command)
    assert process.stdout is not None
    output = b""
    while chunk := await process.stdout.receive_some():
        output += chunk
    assert await process.wait() == 0
    assert orjson.loads(output) == [tokens, "v w"]


def test_a_flag_name_is_checked_whole() -> None:
    from trio_claude._config._command import _flag

    assert _flag("debug") == "--debug"
    with pytest.raises(ValueError, match="invalid CLI flag name"):
        _flag("debug\n")
