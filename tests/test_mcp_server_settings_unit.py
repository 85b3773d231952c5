"""In-process servers' TypeScript settings without the real CLI: ``always_load`` on every tool,
``timeout`` and per-tool policies (:class:`McpServerToolPolicy`) checked and delivered in ``initialize``
(``sdkMcpServerConfigs``) and ``mcp_set_servers``, refused on an older CLI; policies on external configs."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
import trio
import trio.testing

from trio_claude import (
    AgentDefinition,
    CanUseToolShadowedWarning,
    ClaudeAgentOptions,
    McpServerToolPolicy,
    PermissionResultAllow,
    ToolPermissionContext,
    UnsupportedOptionError,
    create_sdk_mcp_server,
    open_session,
    tool,
)
from trio_claude._config._command import check_cli_version
from trio_claude._config._initialize import build_initialize
from trio_claude._config._mcp_servers import mcp_servers_from
from trio_claude.model import InitializeRequest, McpSetServersRequest
from trio_claude.testing import open_fake_cli


@tool("add", "Add two integers", always_load=False)
async def add(a: int, b: int) -> str:
    return str(a + b)


@tool("sub", "Subtract", always_load=True)
async def sub(a: int, b: int) -> str:
    return str(a - b)


ASK_ADD = McpServerToolPolicy(name="add", permission_policy="always_ask")


async def _listed(server: Any) -> list[dict[str, Any]]:
    reply = await server.handle({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    return reply["result"]["tools"]  # type: ignore[no-any-return]


async def test_always_load_marks_every_tool() -> None:
    plain = create_sdk_mcp_server("calc", tools=[add, sub])
    assert [t.get("_meta") for t in await _listed(plain)] == [None, {"anthropic/alwaysLoad": True}]
    loaded = create_sdk_mcp_server("calc", tools=[add, sub], always_load=True)
    assert [t.get("_meta") for t in await _listed(loaded)] == [{"anthropic/alwaysLoad": True}] * 2
    assert add.meta == {}  # the tool itself is unchanged (it may serve other servers)


def test_settings_in_initialize_and_mcp_set_servers() -> None:
    server = create_sdk_mcp_server(
        "calc",
        tools=[add, sub],
        timeout=2.5,
        tool_policies=[ASK_ADD, {"name": "sub", "permission_policy": "always_deny"}],
    )
    expected = {
        "timeout": 2500,
        "tools": [
            {"name": "add", "permission_policy": "always_ask"},
            {"name": "sub", "permission_policy": "always_deny"},
        ],
    }
    assert server.settings() == expected
    options = ClaudeAgentOptions(mcp_servers={"calc": server, "bare": create_sdk_mcp_server("bare")})
    initialize = build_initialize(options)
    assert initialize.sdk_mcp_servers == ("calc", "bare")
    assert initialize.sdk_mcp_server_configs == {"calc": expected}  # a server without settings: absent
    assert (
        build_initialize(
            ClaudeAgentOptions(mcp_servers={"bare": create_sdk_mcp_server("b")})
        ).sdk_mcp_server_configs
        is None
    )


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"timeout": 0.5}, ValueError, "at least 1 second"),
        ({"timeout": "5"}, TypeError, "expected seconds"),
        ({"timeout": float("nan")}, ValueError, "at least 1 second"),
        ({"always_load": "yes"}, TypeError, "always_load: expected a bool"),
        (
            {"tool_policies": [{"name": "ad", "permission_policy": "always_deny"}]},
            ValueError,
            "has no tool 'ad'",
        ),
        ({"tool_policies": [ASK_ADD, ASK_ADD]}, ValueError, "two policies for the tool 'add'"),
        ({"tool_policies": [{"name": "add", "permission_policy": "never"}]}, ValueError, "'always_ask'"),
        ({"tool_policies": [{"name": "add", "policy": "always_ask"}]}, TypeError, "unknown key 'policy'"),
        ({"tool_policies": ["add"]}, TypeError, "expected an McpServerToolPolicy or a mapping"),
        ({"tool_policies": {"name": "add"}}, TypeError, "expected a list of McpServerToolPolicy"),
    ],
)
def test_bad_settings_fail_at_once(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        create_sdk_mcp_server("calc", tools=[add], **kwargs)


def test_policy_fields_are_checked() -> None:
    with pytest.raises(TypeError, match=r"McpServerToolPolicy\.name"):
        McpServerToolPolicy(name="")
    with pytest.raises(ValueError, match="org_max_permission"):
        McpServerToolPolicy(name="x", org_max_permission="maybe")  # type: ignore[arg-type]
    policy = McpServerToolPolicy(name="x", permission_policy="always_allow", org_max_permission="ask")
    assert policy.to_json() == {"name": "x", "permission_policy": "always_allow", "org_max_permission": "ask"}


def test_external_servers_take_policies_only_where_the_cli_applies_them() -> None:
    # Both pinned CLIs apply an external server's policies only from an mcp_set_servers entry of an http or
    # sse server (tests/e2e/test_mcp_external_policies.py); elsewhere an always_deny would let the tool run.
    http = {
        "type": "http",
        "url": "https://example.invalid/mcp",
        "tools": [McpServerToolPolicy(name="search", permission_policy="always_deny"), {"name": "read"}],
    }
    dynamic = mcp_servers_from("set_mcp_servers(servers)", {"docs": http}, dynamic=True)
    assert dynamic == {
        "docs": {
            "type": "http",
            "url": "https://example.invalid/mcp",
            "tools": [{"name": "search", "permission_policy": "always_deny"}, {"name": "read"}],
        }
    }
    with pytest.raises(ValueError, match=r"\['tools'\]\[0\]"):
        mcp_servers_from(
            "set_mcp_servers(servers)",
            {"docs": {"type": "sse", "url": "u", "tools": [{"name": "s", "permission_policy": "no"}]}},
            dynamic=True,
        )
    stdio = {"command": "server", "tools": [{"name": "drop", "permission_policy": "always_deny"}]}
    with pytest.raises(
        ValueError, match=r"\['docs'\]\['tools'\]: the CLI applies tool policies to http and sse"
    ):
        mcp_servers_from("set_mcp_servers(servers)", {"docs": stdio}, dynamic=True)
    for config in (http, stdio):
        with pytest.raises(
            ValueError, match=r"mcp_servers\['docs'\]\['tools'\]: the CLI ignores the tool policies"
        ):
            ClaudeAgentOptions(mcp_servers={"docs": config})


def test_policies_on_a_subagents_inline_server_are_refused_naming_what_works() -> None:
    # Both CLIs ignore them there: the subagent ran the tool under an always_deny, while the agent's own
    # disallowed_tools kept it away (tests/e2e/test_mcp_external_policies.py).
    policies = [{"name": "search", "permission_policy": "always_deny"}]
    refusal = (
        r"AgentDefinition.mcp_servers\[1\]\['docs'\]\['tools'\]: the CLI ignores the tool policies of an "
        r"agent's inline MCP server \(an always_deny would let the tool run\); deny its tools with the "
        r"agent's disallowed_tools \(e.g. 'mcp__docs__<tool>'\) instead$"
    )
    for config in ({"type": "http", "url": "https://example.invalid/mcp"}, {"command": "server"}):
        servers: list[str | dict[str, Any]] = ["shared", {"docs": {**config, "tools": policies}}]
        with pytest.raises(ValueError, match=rf"^{refusal}"):
            AgentDefinition(description="d", prompt="p", mcp_servers=servers)
        with pytest.raises(ValueError, match=rf"^ClaudeAgentOptions.agents\['a'\]: {refusal}"):
            ClaudeAgentOptions(agents={"a": {"description": "d", "prompt": "p", "mcpServers": servers}})
        with pytest.raises(ValueError, match=r"\['tools'\]: the CLI ignores"):  # even an empty list
            AgentDefinition(description="d", prompt="p", mcp_servers=[{"docs": {**config, "tools": []}}])
        agent = AgentDefinition(
            description="d",
            prompt="p",
            mcp_servers=["shared", {"docs": config}],
            disallowed_tools=["mcp__docs__search"],
        )
        assert agent.mcp_servers == ("shared", {"docs": config})
        assert agent.disallowed_tools == ("mcp__docs__search",)


def test_an_older_cli_is_refused_rather_than_ignoring_the_settings() -> None:
    options = ClaudeAgentOptions(
        mcp_servers={"calc": create_sdk_mcp_server("calc", tools=[add], tool_policies=[ASK_ADD])}
    )
    check_cli_version(options, (2, 1, 330))
    with pytest.raises(UnsupportedOptionError, match="mcp_servers"):
        check_cli_version(options, (2, 1, 197))
    check_cli_version(
        ClaudeAgentOptions(mcp_servers={"calc": create_sdk_mcp_server("c", always_load=True)}), (2, 1, 197)
    )


async def test_a_session_delivers_the_settings(autojump_clock: trio.testing.MockClock) -> None:
    server = create_sdk_mcp_server("calc", tools=[add], timeout=3, tool_policies=[ASK_ADD])
    async with open_fake_cli() as fake:
        async with open_session(
            ClaudeAgentOptions(spawn=fake.spawn, mcp_servers={"calc": server})
        ) as session:
            await session.set_mcp_servers({"calc": server, "other": create_sdk_mcp_server("other")})
        process = fake.process
    [initialize] = [f.request for f in process.host_requests if isinstance(f.request, InitializeRequest)]
    assert initialize.sdk_mcp_server_configs == {"calc": server.settings()}
    [set_servers] = [f.request for f in process.host_requests if isinstance(f.request, McpSetServersRequest)]
    assert set_servers.servers == {
        "calc": {"type": "sdk", "name": "calc", **server.settings()},
        "other": {"type": "sdk", "name": "other"},
    }


async def _allow(
    name: str, tool_input: dict[str, Any], context: ToolPermissionContext
) -> PermissionResultAllow:
    return PermissionResultAllow()


@pytest.mark.parametrize(
    "policy",
    [ASK_ADD, McpServerToolPolicy(name="add", permission_policy="always_deny")],
    ids=["always_ask", "always_deny"],
)
async def test_a_tool_under_a_policy_is_not_reported_shadowed(
    autojump_clock: trio.testing.MockClock, policy: McpServerToolPolicy
) -> None:
    # allowed_tools does not decide it (the CLI asks anyway, or never runs it): no "can_use_tool is never
    # called" warning for it; another allowed tool of the server is still reported.
    server = create_sdk_mcp_server("calc", tools=[add], tool_policies=[policy])
    async with open_fake_cli() as fake:

        def options(*allowed_tools: str) -> ClaudeAgentOptions:
            return ClaudeAgentOptions(
                spawn=fake.spawn,
                mcp_servers={"calc": server},
                allowed_tools=list(allowed_tools),
                can_use_tool=_allow,
            )

        with warnings.catch_warnings():
            warnings.simplefilter("error")
            async with open_session(options("mcp__calc__add")):
                pass
        with pytest.warns(CanUseToolShadowedWarning, match="mcp__calc__sub"):
            async with open_session(options("mcp__calc__add", "mcp__calc__sub")):
                pass


async def test_a_session_that_fails_to_set_up_leaves_no_process(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # A warning turned into an error while the session is being built: the started CLI is reaped.
    async with open_fake_cli() as fake:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with pytest.raises(CanUseToolShadowedWarning):
                async with open_session(
                    ClaudeAgentOptions(spawn=fake.spawn, allowed_tools=["Bash"], can_use_tool=_allow)
                ):
                    pass
        try:
            process = fake.process
        except LookupError:  # refused before the CLI started (the initialize line is built first): none left
            return
        assert process.returncode is not None
