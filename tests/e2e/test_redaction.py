"""End-to-end (issue 22, defect 6): with an API key, MCP secrets and settings secrets in the options, none of
them reaches a log record of a session run at DEBUG level against the real CLI — the session's own, or a
``spawn``'s that logs the :class:`CLICommand` it is given, as a user's would — nor the message of an error
raised at start."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import attrs
import pytest

from trio_claude import (
    ClaudeAgentOptions,
    CLICommand,
    CLINotFoundError,
    CLIProcess,
    ProcessError,
    open_session,
)
from trio_claude._runtime._process import spawn_process
from trio_claude.testing import MessagesAPI, text_turn

from ._helpers import collect

pytestmark = pytest.mark.real_cli

API_KEY = "sk-ant-e2e-redact-7f3a"
MCP_TOKEN = "mcp-e2e-redact-91c2"
HEADER_TOKEN = "hdr-e2e-redact-5b8e"
SETTINGS_TOKEN = "settings-e2e-redact-2d4f"
SECRETS = (API_KEY, MCP_TOKEN, HEADER_TOKEN, SETTINGS_TOKEN)
SERVER = Path(__file__).with_name("elicitation_server.py")

app_log = logging.getLogger("tests.e2e.app")


async def logging_spawn(command: CLICommand) -> CLIProcess:
    """A user's spawn: it logs what it starts."""
    app_log.debug("starting the CLI: %r", command)
    return await spawn_process(command)


def secret_options(options: ClaudeAgentOptions, tmp_path: Path) -> ClaudeAgentOptions:
    """``options`` holding every kind of secret; the servers go on the command line (``"argv"``), on both
    pinned CLIs."""
    return attrs.evolve(
        options,
        cli_path=str(options.cli_path),
        env={**options.env, "ANTHROPIC_API_KEY": API_KEY},
        mcp_servers={
            "tickets": {
                "command": sys.executable,
                "args": [str(SERVER), str(tmp_path / "initialize.jsonl")],
                "env": {"TICKETS_TOKEN": MCP_TOKEN},
            },
            "remote": {
                "type": "http",
                "url": "http://127.0.0.1:9/mcp",
                "headers": {"Authorization": f"Bearer {HEADER_TOKEN}"},
            },
        },
        mcp_servers_delivery="argv",
        settings={"env": {"MY_SERVICE_TOKEN": SETTINGS_TOKEN}},
    )


def leaked(text: str) -> list[str]:
    return [secret for secret in SECRETS if secret in text]


def record_texts(caplog: pytest.LogCaptureFixture) -> list[str]:
    texts: list[str] = []
    for record in caplog.records:
        text = record.getMessage()
        if record.exc_info:
            text += logging.Formatter().formatException(record.exc_info)
        texts.append(text)
    return texts


async def test_no_secret_in_a_debug_log(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    claude_cli_version: tuple[int, ...],
) -> None:
    caplog.set_level(logging.DEBUG)
    options = attrs.evolve(secret_options(offline_options, tmp_path), spawn=logging_spawn)
    if claude_cli_version < (2, 1, 330):  # takes settings only on its command line: refused unless asked for
        assert options.settings is not None
        options = attrs.evolve(options, settings=None, extra_args={"settings": json.dumps(options.settings)})
    app_log.debug("options: %r", options)
    messages_api.add_steps(text_turn("Hello."))
    async with open_session(options) as session:
        await session.send("hi")
        await collect(session.receive_response())
    texts = record_texts(caplog)
    assert any("starting the CLI: CLICommand(" in text for text in texts)  # the spawn did log the command
    assert any("--mcp-config=" in text and "TICKETS_TOKEN" in text for text in texts)  # names, not values
    assert not [(text, found) for text in texts if (found := leaked(text))]
    assert (tmp_path / "initialize.jsonl").exists()  # the server got its env and started


async def test_no_secret_in_a_failed_spawn(offline_options: ClaudeAgentOptions, tmp_path: Path) -> None:
    async def failing_spawn(command: CLICommand) -> CLIProcess:
        raise RuntimeError(f"cannot start {command}")

    options = attrs.evolve(secret_options(offline_options, tmp_path), spawn=failing_spawn)
    with pytest.raises(RuntimeError, match="cannot start CLICommand") as caught:
        async with open_session(options):
            pytest.fail("the block must not run")
    assert not leaked(str(caught.value)) and "<redacted>" in str(caught.value)


async def test_no_secret_in_start_errors(offline_options: ClaudeAgentOptions, tmp_path: Path) -> None:
    options = secret_options(offline_options, tmp_path)
    missing = attrs.evolve(options, cli_path=str(tmp_path / "no-claude"))
    with pytest.raises(CLINotFoundError) as not_found:
        async with open_session(missing):
            pytest.fail("the block must not run")
    unknown = attrs.evolve(options, resume="00000000-0000-4000-8000-000000000000")
    with pytest.raises(ProcessError) as ended:
        async with open_session(unknown) as session:
            await session.send("hi")
            await collect(session.receive_response())
    for error in (not_found.value, ended.value):
        assert not leaked(str(error)) and not leaked(repr(error.args)), error


async def test_the_cli_quotes_settings_text_that_does_not_parse(
    offline_options: ClaudeAgentOptions, tmp_path: Path
) -> None:
    """Why ``settings`` (and ``mcp_servers``) text that starts with ``{`` but does not parse is refused
    before the CLI starts: the CLI takes it for a file name and quotes it in its error."""
    text = json.dumps({"apiKeyHelper": f"echo {SETTINGS_TOKEN}"})[:-1]  # no closing brace
    with pytest.raises(ValueError, match="does not parse") as refused:
        attrs.evolve(offline_options, settings=text)
    assert not leaked(str(refused.value))
    unchecked = attrs.evolve(offline_options, extra_args={"settings": text})  # never checked
    with pytest.raises(ProcessError) as ended:
        async with open_session(unchecked) as session:
            await session.send("hi")
            await collect(session.receive_response())
    assert SETTINGS_TOKEN in ended.value.stderr
