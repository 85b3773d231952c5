"""Secrets stay out of reprs and error messages (issue 22, defect 6): the API key, MCP servers' ``env`` and
``headers``, settings' ``env`` and ``apiKeyHelper``, wherever the options carry them; the names stay, and
equality and hashing still see the real values."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from trio_claude import AgentDefinition, ClaimOptions, ClaudeAgentOptions, CLICommand, resolve_settings
from trio_claude._config._command import build_command
from trio_claude._config._initialize import build_initialize
from trio_claude._redact import REDACTED, redact
from trio_claude.model import (
    ApplyFlagSettingsRequest,
    ClaimSessionRequest,
    McpServerStatus,
    McpSetServersRequest,
)

API_KEY = "sk-ant-api03-redact-me-0001"
MCP_TOKEN = "mcp-token-redact-me-0002"
HEADER_TOKEN = "header-token-redact-me-0003"
SETTINGS_TOKEN = "settings-token-redact-me-0004"
HELPER = "echo helper-redact-me-0005"
FLAG_SECRET = "flag-secret-redact-me-0006"
SECRETS = (API_KEY, MCP_TOKEN, HEADER_TOKEN, SETTINGS_TOKEN, HELPER, FLAG_SECRET)

STDIO = {"command": "tickets-server", "args": ["--stdio"], "env": {"TICKETS_TOKEN": MCP_TOKEN}}
HTTP = {
    "type": "http",
    "url": "https://mcp.example/mcp",
    "headers": {"Authorization": f"Bearer {HEADER_TOKEN}"},
}
SETTINGS = {"env": {"MY_SERVICE_TOKEN": SETTINGS_TOKEN}, "apiKeyHelper": HELPER, "model": "sonnet"}


def assert_hidden(text: str, *names: str) -> None:
    leaked = [secret for secret in SECRETS if secret in text]
    assert not leaked, f"{leaked} in {text}"
    assert REDACTED in text
    for name in names:
        assert name in text, f"{name!r} (a name) is missing from {text}"


def options(**more: Any) -> ClaudeAgentOptions:
    return ClaudeAgentOptions(
        env={"ANTHROPIC_API_KEY": API_KEY, "CLAUDE_CODE_MAX_RETRIES": "0"},
        mcp_servers={"tickets": STDIO, "remote": HTTP},
        settings=SETTINGS,
        managed_settings={"env": {"MANAGED_TOKEN": SETTINGS_TOKEN}, "permissions": {"deny": ["WebFetch"]}},
        extra_args={"debug-to-stderr": None, "api-key": FLAG_SECRET},
        extra_initialize={"sessionToken": FLAG_SECRET},
        agents={"helper": AgentDefinition(description="d", prompt="p", mcp_servers=[{"inline": STDIO}])},
        **more,
    )


def test_options_repr() -> None:
    shown = repr(options())
    assert_hidden(
        shown,
        "ANTHROPIC_API_KEY",
        "CLAUDE_CODE_MAX_RETRIES': '0'",  # a value that is no secret is shown
        "TICKETS_TOKEN",
        "Authorization",
        "https://mcp.example/mcp",
        "MY_SERVICE_TOKEN",
        "apiKeyHelper",
        "'model': 'sonnet'",
        "MANAGED_TOKEN",
        "'debug-to-stderr': None",
        "api-key",
        "sessionToken",
        "inline",
    )
    assert str(options()) == shown


def test_settings_as_json_text() -> None:
    text = json.dumps(SETTINGS)
    assert_hidden(repr(ClaudeAgentOptions(settings=text)), "MY_SERVICE_TOKEN", "apiKeyHelper")
    assert "settings='settings.json'" in repr(ClaudeAgentOptions(settings="settings.json"))  # a path: as is


def test_mcp_config_as_json_text() -> None:
    text = json.dumps({"mcpServers": {"tickets": STDIO}})
    assert_hidden(repr(ClaudeAgentOptions(mcp_servers=text)), "TICKETS_TOKEN")


@pytest.mark.parametrize("delivery", ["argv", "initialize"])
def test_cli_command_repr(delivery: str) -> None:
    given = options(mcp_servers_delivery=delivery)
    command = build_command(given, "claude")
    secrets_given = " ".join([*command.argv, *command.env.values()])
    assert API_KEY in secrets_given  # the command does hold it
    assert SETTINGS_TOKEN not in " ".join(command.argv)  # (managed) settings go in initialize (issue 22)
    if delivery == "argv":
        assert MCP_TOKEN in secrets_given and HEADER_TOKEN in secrets_given
    assert_hidden(repr(command), "ANTHROPIC_API_KEY", "--initialize-fields=settings", "'--verbose'", "PATH")
    if delivery == "argv":
        assert_hidden(repr(command), "--mcp-config=", "TICKETS_TOKEN", "Authorization")


def test_an_environment_of_the_caller() -> None:
    command = CLICommand(
        argv=("claude", "--model=sonnet"),
        env={
            "GITHUB_TOKEN": FLAG_SECRET,
            "AWS_SECRET_ACCESS_KEY": FLAG_SECRET,
            "PGPASSWORD": FLAG_SECRET,
            "ANTHROPIC_CUSTOM_HEADERS": f"X-Team: a\nAuthorization: Bearer {FLAG_SECRET}",
            "HTTPS_PROXY": f"http://me:{FLAG_SECRET}@proxy:3128",
            "ANTHROPIC_BASE_URL": f"https://gateway.example/v1?api_key={FLAG_SECRET}&team=a",
            "HOME": "/home/me",
        },
        cwd=None,
    )
    assert_hidden(
        repr(command),
        "GITHUB_TOKEN",
        "PGPASSWORD",
        "ANTHROPIC_CUSTOM_HEADERS",
        "http://<redacted>@proxy:3128",
        "https://gateway.example/v1?api_key=<redacted>&team=a",
        "'HOME': '/home/me'",
        "'--model=sonnet'",
    )


def test_agent_definition_claim_options_and_resolved_settings() -> None:
    agent = AgentDefinition(description="d", prompt="p", mcp_servers=["tickets", {"inline": HTTP}])
    assert_hidden(repr(agent), "Authorization", "'tickets'")
    claim = ClaimOptions(cwd="/tmp", env={"CLAUDE_CODE_OAUTH_TOKEN": API_KEY}, settings=SETTINGS)
    assert_hidden(repr(claim), "CLAUDE_CODE_OAUTH_TOKEN", "MY_SERVICE_TOKEN", "apiKeyHelper")
    resolved = resolve_settings(settings=SETTINGS, setting_sources=[], config_dir="/nonexistent")
    assert resolved.effective["apiKeyHelper"] == HELPER  # the value itself is untouched
    assert_hidden(repr(resolved), "MY_SERVICE_TOKEN", "apiKeyHelper")


def test_requests_built_from_the_options() -> None:
    assert_hidden(repr(build_initialize(options())), "sessionToken")  # the servers are summarised there
    short = {"t": {"command": "x", "env": {"T": MCP_TOKEN}}}
    initialize = build_initialize(ClaudeAgentOptions(mcp_servers=short))
    assert_hidden(repr(initialize), "mcp_servers={'t': {'command': 'x', 'env': {'T': '<redacted>'}}}")
    agent = AgentDefinition(description="d", prompt="p", mcp_servers=[short])
    assert_hidden(repr(build_initialize(ClaudeAgentOptions(agents={"a": agent}))), "'env': {'T'")
    requests: list[object] = [
        McpSetServersRequest(servers={"r": {"headers": {"Authorization": HEADER_TOKEN}}}),
        ApplyFlagSettingsRequest(settings={"apiKeyHelper": HELPER}),
        ClaimSessionRequest(cwd="/tmp", env={"CLAUDE_CODE_OAUTH_TOKEN": API_KEY}),
        McpServerStatus(name="tickets", status="connected", config={"env": {"T": MCP_TOKEN}}),
    ]
    for request in requests:
        assert_hidden(repr(request))


def test_equality_and_hashing_see_the_real_values() -> None:
    assert options() == options()
    other = attrs.evolve(options(), env={**options().env, "ANTHROPIC_API_KEY": "another key"})
    assert other != options() and repr(other) == repr(options())  # only the repr is the same
    command = build_command(options(), "claude")
    assert command == attrs.evolve(command)
    assert command != attrs.evolve(command, env={**command.env, "ANTHROPIC_API_KEY": "another key"})
    agent = AgentDefinition(description="d", prompt="p", mcp_servers=["tickets"])
    assert hash(agent) == hash(AgentDefinition(description="d", prompt="p", mcp_servers=["tickets"]))


def _raises(build: Callable[[], object]) -> str:
    with pytest.raises((TypeError, ValueError)) as caught:
        build()
    return str(caught.value)


@pytest.mark.parametrize(
    "build",
    [
        lambda: ClaudeAgentOptions(env={"ANTHROPIC_API_KEY": API_KEY + "\0"}),
        lambda: ClaudeAgentOptions(env=[("ANTHROPIC_API_KEY", API_KEY)]),  # type: ignore[arg-type]
        lambda: ClaudeAgentOptions(mcp_servers={"tickets": {**STDIO, "env": {"T": [MCP_TOKEN]}}}),
        lambda: ClaudeAgentOptions(mcp_servers={"tickets": {"env": {"TICKETS_TOKEN": MCP_TOKEN}}}),
        lambda: ClaudeAgentOptions(mcp_servers={"tickets": {**STDIO, "env": {"T": MCP_TOKEN.encode()}}}),
        lambda: ClaudeAgentOptions(
            mcp_servers={"remote": {**HTTP, "headers": [("Authorization", HEADER_TOKEN)]}}
        ),
        lambda: ClaudeAgentOptions(
            mcp_servers={"tickets": {"type": "sdk", "instance": 1, "env": STDIO["env"]}}
        ),
        lambda: ClaudeAgentOptions(mcp_servers=json.dumps({"env": {"T": MCP_TOKEN}}) + "\0"),
        lambda: ClaudeAgentOptions(settings=json.dumps({"apiKeyHelper": HELPER}) + "\0"),
        lambda: ClaudeAgentOptions(
            settings=json.dumps({"apiKeyHelper": HELPER})[:-1]
        ),  # the CLI would quote it
        lambda: ClaudeAgentOptions(mcp_servers=json.dumps({"env": {"T": MCP_TOKEN}})[:-1]),
        lambda: ClaudeAgentOptions(settings={"env": {"MY_SERVICE_TOKEN": SETTINGS_TOKEN.encode()}}),
        lambda: ClaudeAgentOptions(managed_settings=json.dumps({"apiKeyHelper": HELPER})),  # type: ignore[arg-type]
        lambda: ClaudeAgentOptions(extra_args={"api-key": FLAG_SECRET + "\0"}),
        lambda: ClaudeAgentOptions(extra_initialize={"sessionToken": FLAG_SECRET.encode()}),
        lambda: AgentDefinition(description="d", prompt="p", mcp_servers=[{"inline": {"env": STDIO["env"]}}]),
        lambda: ClaimOptions(cwd="/tmp", env={"CLAUDE_CODE_OAUTH_TOKEN": API_KEY.encode()}),  # type: ignore[dict-item]
        lambda: ClaimOptions(cwd="/tmp", settings={"hooks": {}, "apiKeyHelper": HELPER}),
    ],
)
def test_errors_do_not_show_secrets(build: Callable[[], object]) -> None:
    message = _raises(build)
    leaked = [secret for secret in SECRETS if secret in message]
    assert not leaked, message


def test_errors_still_show_what_is_no_secret() -> None:
    assert "got str 'opus\\x00'" in _raises(lambda: ClaudeAgentOptions(env={"MODEL": "opus\0"}))
    message = _raises(
        lambda: ClaudeAgentOptions(mcp_servers={"tickets": {"args": ["-v"], "env": STDIO["env"]}})
    )
    assert "'args': ['-v']" in message and "'TICKETS_TOKEN': '<redacted>'" in message


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (
            {"n_tokens": 12, "authorized": True, "key": None},
            {"n_tokens": 12, "authorized": True, "key": None},
        ),
        ({"env": {"DEBUG": "1", "n": 2}}, {"env": {"DEBUG": REDACTED, "n": 2}}),
        (
            {"oauth": {"clientId": "a", "scopes": ["x"]}},
            {"oauth": {"clientId": REDACTED, "scopes": [REDACTED]}},
        ),
        (
            ("--password=x", "-k=v", "TOKEN=x", "--model=m"),
            ("--password=" + REDACTED, "-k=v", "TOKEN=" + REDACTED, "--model=m"),
        ),
        ("--settings={not json", "--settings=" + REDACTED),
        ("ssh://git@host/repo?x=1", f"ssh://{REDACTED}@host/repo?x=1"),
        ("see https://h/p?a=1&client_secret=s#f", f"see https://h/p?a=1&client_secret={REDACTED}#f"),
        ("plain text, no secret", "plain text, no secret"),
    ],
)
def test_redact(value: object, shown: object) -> None:
    assert redact(value) == shown
