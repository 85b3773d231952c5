"""End-to-end: a tool policy fails closed when the CLI's version cannot be trusted (issue 22, defect 2).

CLI 2.1.197 ignores an in-process server's ``tool_policies`` without a word, so a tool under
``always_deny`` would run there: the session is refused on it.  The version comes from ``claude --version``,
which a wrapper or an ssh login banner may precede with a line of its own, or replace: the version is read
from the last line that names one, a session with nothing readable is refused
(:class:`UnknownCLIVersionError`), and a ``--version`` that lies is caught by the version the running CLI
reports (its ``initialize`` answer, its ``system/init``) before a tool can run.  The CLI is run through a
wrapper script that answers ``--version`` as the test says and runs the real CLI otherwise.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    McpServerToolPolicy,
    UnknownCLIVersionError,
    UnsupportedOptionError,
    create_sdk_mcp_server,
    open_session,
    tool,
)
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

pytestmark = pytest.mark.real_cli

NEWER = (2, 1, 330)


def _wrapper(tmp_path: Path, cli: Path, version_output: str) -> Path:
    """A CLI that writes ``version_output`` for ``--version`` and notes each other start in ``started``."""
    script = tmp_path / "claude"
    started = tmp_path / "started"
    script.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = --version ]; then\n'
        f"  printf %s {shlex.quote(version_output)}\n"
        "  exit 0\n"
        "fi\n"
        f"echo started >> {shlex.quote(str(started))}\n"
        f'exec {shlex.quote(str(cli))} "$@"\n'
    )
    script.chmod(0o755)
    return script


def _options(offline_options: ClaudeAgentOptions, cli: Path, calls: list[int]) -> ClaudeAgentOptions:
    @tool("add", "Add two integers")
    async def add(a: int, b: int) -> str:
        calls.append(a + b)
        return str(a + b)

    server = create_sdk_mcp_server(
        "calc", tools=[add], tool_policies=[McpServerToolPolicy(name="add", permission_policy="always_deny")]
    )
    return attrs.evolve(
        offline_options, cli_path=cli, mcp_servers={"calc": server}, allowed_tools=["mcp__calc__add"]
    )


async def _add(options: ClaudeAgentOptions) -> None:
    with trio.fail_after(120):
        async with open_session(options) as session:
            await session.send("add 2 and 3")
            async for _ in session.receive_response():
                pass


@pytest.mark.parametrize("banner", ["Welcome to build-host 1.0.2\n", "", "claude wrapper\n\n"])
async def test_the_version_is_read_past_a_banner(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_cli: Path,
    claude_cli_version: tuple[int, ...],
    tmp_path: Path,
    banner: str,
) -> None:
    dotted = ".".join(map(str, claude_cli_version))
    cli = _wrapper(tmp_path, claude_cli, f"{banner}{dotted} (Claude Code)\n")
    calls: list[int] = []
    options = _options(offline_options, cli, calls)
    if claude_cli_version < NEWER:
        with pytest.raises(UnsupportedOptionError, match=rf"the CLI is {dotted}") as info:
            await _add(options)
        assert not isinstance(info.value, UnknownCLIVersionError)
        assert not (tmp_path / "started").exists()
        return
    messages_api.add_steps(tool_turn("mcp__calc__add", {"a": 2, "b": 3}), text_turn("Denied, then."))
    await _add(options)
    assert calls == []


@pytest.mark.parametrize("output", ["", "Last login: Sat Nov 28 on pts/0\n", "claude: version unknown\n"])
async def test_an_unreadable_version_refuses_a_tool_policy(
    offline_options: ClaudeAgentOptions, claude_cli: Path, tmp_path: Path, output: str
) -> None:
    calls: list[int] = []
    options = _options(offline_options, _wrapper(tmp_path, claude_cli, output), calls)
    with pytest.raises(UnknownCLIVersionError, match=r"mcp_servers .*version could not be read") as info:
        await _add(options)
    assert info.value.cli_version == () and "always_deny would run" in str(info.value)
    assert not (tmp_path / "started").exists() and calls == []


async def test_a_version_that_lies_is_caught_by_the_running_cli(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_cli: Path,
    claude_cli_version: tuple[int, ...],
    tmp_path: Path,
) -> None:
    calls: list[int] = []
    options = _options(offline_options, _wrapper(tmp_path, claude_cli, "2.1.330 (Claude Code)\n"), calls)
    if claude_cli_version >= NEWER:
        messages_api.add_steps(tool_turn("mcp__calc__add", {"a": 2, "b": 3}), text_turn("Denied, then."))
        await _add(options)
        assert calls == []
        return
    messages_api.add_steps(tool_turn("mcp__calc__add", {"a": 2, "b": 3}), text_turn("It ran."))
    with pytest.raises(UnsupportedOptionError, match=r"mcp_servers"):
        await _add(options)
    assert (tmp_path / "started").exists() and calls == []
