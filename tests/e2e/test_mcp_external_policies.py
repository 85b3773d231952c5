"""Tool policies (:class:`~trio_claude.McpServerToolPolicy`) of *external* MCP servers against the real CLI.

Both pinned CLIs (2.1.330 and 2.1.197) apply them only from an ``mcp_set_servers`` entry of an ``http`` or
``sse`` server: from ``--mcp-config`` or ``initialize``, and for a stdio server, they are ignored (the tool
ran, checked when this was written), so the session refuses them there (unit-tested in
``tests/test_mcp_server_settings_unit.py``).  Here: an ``always_deny`` given through
:meth:`~trio_claude.ClaudeSession.set_mcp_servers` keeps an allowed tool from running, and the same
server without it runs the tool (the control).  A subagent's inline servers are the same: their policies
are ignored, so they are refused, and the agent's ``disallowed_tools`` keeps the tool from it."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from trio_claude import AgentDefinition, ClaudeAgentOptions, open_session
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import block_text, collect, connected, result_of

pytestmark = pytest.mark.real_cli

SERVER = Path(__file__).with_name("http_mcp_server.py")
PATHS = {"http": "/mcp", "sse": "/sse"}


@attrs.frozen
class Served:
    url: str
    log: Path

    def runs(self) -> int:
        return len(self.log.read_text().splitlines()) if self.log.exists() else 0


@pytest.fixture(params=["http", "sse"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Served]]:
    kind: str = request.param
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path / "runs.log"
    transport = "streamable-http" if kind == "http" else "sse"
    errors = tmp_path / "server.err"
    with (
        errors.open("wb") as stderr,
        subprocess.Popen(
            [sys.executable, str(SERVER), str(port), transport, str(log)],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        ) as process,
    ):
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                    break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        pytest.fail(f"the HTTP MCP server did not start: {errors.read_text()!r}")
                    time.sleep(0.05)
            yield kind, Served(f"http://127.0.0.1:{port}{PATHS[kind]}", log)
        finally:
            process.kill()


@pytest.mark.parametrize("policy", ["always_deny", None])
async def test_set_mcp_servers_applies_a_remote_servers_policies(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    served: tuple[str, Served],
    policy: str | None,
) -> None:
    kind, server = served
    messages_api.add_steps(tool_turn("mcp__docs__search", {}), text_turn("Done."))
    config: dict[str, object] = {"type": kind, "url": server.url}
    if policy is not None:
        config["tools"] = [{"name": "search", "permission_policy": policy}]
    options = attrs.evolve(offline_options, allowed_tools=["mcp__docs__search"])
    async with open_session(options) as session:
        await session.set_mcp_servers({"docs": config})
        status = await connected(session)
        await session.send("search the docs")
        await collect(session.receive_response())
    result = block_text(messages_api.script_requests[1].tool_result("toolu_fake_1"))
    if policy == "always_deny":
        assert "No such tool available: mcp__docs__search" in result
        assert server.runs() == 0
    else:
        assert result == "found it"
        assert server.runs() == 1
    assert status.mcp_servers[0].name == "docs"


@pytest.mark.parametrize("denied", [True, False])
async def test_a_subagents_disallowed_tools_keep_its_inline_servers_tool_from_it(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    served: tuple[str, Served],
    denied: bool,
) -> None:
    # Both CLIs ignore `tools` policies on a subagent's inline server (the subagent ran the tool under an
    # always_deny when this was written), so AgentDefinition refuses them (unit-tested) and names the
    # agent's disallowed_tools instead: here, that it works, and that without it the tool runs.
    kind, server = served
    agent = AgentDefinition(
        description="Searches the docs",
        prompt="Search the docs",
        mcp_servers=[{"docs": {"type": kind, "url": server.url}}],
        disallowed_tools=["mcp__docs__search"] if denied else None,
    )
    task = {
        "description": "Search",
        "prompt": "search",
        "subagent_type": "searcher",
        "run_in_background": False,
    }
    messages_api.add_steps(
        tool_turn("Agent", task),
        tool_turn("mcp__docs__search", {}),  # the subagent's turn
        text_turn("sub done"),
        text_turn("main done"),
    )
    options = attrs.evolve(
        offline_options, agents={"searcher": agent}, allowed_tools=["Agent", "mcp__docs__search"]
    )
    async with open_session(options) as session:
        await session.send("search the docs")
        assert result_of(await collect(session.receive_response())).result == "main done"
    subagent = messages_api.script_requests[2]
    assert "Search the docs" in str(subagent.body.get("system"))  # the subagent's own request
    result = block_text(subagent.tool_result("toolu_fake_2"))
    if denied:
        assert "No such tool available: mcp__docs__search" in result
        assert server.runs() == 0
    else:
        assert result == "found it"
        assert server.runs() == 1
