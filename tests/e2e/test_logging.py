"""End-to-end (issue 24): a session against the real CLI logged at the lowest level (``TRACE``, whole lines)
logs the command, the lines both ways, each control request with its timing and the exit — and no secret of
the options (API key, an MCP server's env and headers, settings' env), wherever a handler could print it."""

from __future__ import annotations

import logging
from pathlib import Path

import attrs
import pytest
from _leaks import leaks

from trio_claude import ClaudeAgentOptions, open_session
from trio_claude._config._command import NEWER_CLI
from trio_claude.testing import MessagesAPI, text_turn
from trio_claude.wire._log import TRACE

from ._helpers import collect
from .test_redaction import SECRETS, secret_options

pytestmark = pytest.mark.real_cli


async def test_a_trace_log_of_a_real_session_shows_the_conversation_and_no_secret(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_cli_version: tuple[int, ...],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    options = secret_options(offline_options, tmp_path)
    if claude_cli_version >= NEWER_CLI:  # the servers travel in the initialize line, logged whole
        options = attrs.evolve(options, mcp_servers_delivery="initialize")
    caplog.set_level(TRACE, logger="trio_claude")
    messages_api.add_steps(text_turn("Hello."))
    async with open_session(options) as session:
        await session.send("hi")
        await collect(session.receive_response())
        await session.set_model("claude-sonnet-4-5")
    assert leaks(caplog.records, SECRETS) == []

    def said(name: str, level: int = logging.DEBUG) -> list[str]:
        return [r.getMessage() for r in caplog.records if r.name == name and r.levelno == level]

    runtime, wire, protocol = (
        said("trio_claude.runtime"),
        said("trio_claude.wire"),
        said("trio_claude.protocol"),
    )
    assert any(m.startswith("starting CLICommand(") and "ANTHROPIC_API_KEY" in m for m in runtime), runtime
    assert any(m.startswith("started the CLI: pid ") for m in runtime), runtime
    assert any(m.startswith("the CLI (pid ") and m.endswith("exited: code 0") for m in runtime), runtime
    assert any(m.startswith("out control_request initialize id=") for m in wire), wire
    assert any(m.startswith("in system init (") for m in wire), wire
    assert any(m.startswith("in assistant ") for m in wire), wire
    assert any(m.startswith("in result success (") for m in wire), wire
    assert any(m.startswith("request initialize ") and ": ControlSuccess after " in m for m in protocol)
    assert any(m.startswith("request set_model ") and ": ControlSuccess after " in m for m in protocol)
    whole = said("trio_claude.wire", TRACE)
    assert any('"subtype":"initialize"' in m for m in whole)
    if claude_cli_version >= NEWER_CLI:
        assert any('"TICKETS_TOKEN":"<redacted>"' in m for m in whole), whole
