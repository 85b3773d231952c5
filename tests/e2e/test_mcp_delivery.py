"""End-to-end: external MCP servers' ``env`` and ``headers`` stay off the real CLI's command line.

By default (``mcp_servers_delivery`` unset) CLI 2.1.330 gets the servers in the ``initialize`` request
(with ``--await-initialize``); CLI 2.1.197 cannot take them there, so a server with ``env`` is refused
before the CLI starts, and one without goes on the command line (nothing secret).  The command line is read
where other local users read it: ``/proc/<pid>/cmdline`` of the running CLI.
"""

from __future__ import annotations

import sys
from pathlib import Path

import attrs
import pytest

from trio_claude import (
    ClaudeAgentOptions,
    CLICommand,
    CLIProcess,
    UnsupportedOptionError,
    open_session,
)
from trio_claude._runtime._process import spawn_process
from trio_claude.model import InitMessage
from trio_claude.testing import MessagesAPI, text_turn

from ._helpers import collect

pytestmark = pytest.mark.real_cli

SERVER = Path(__file__).with_name("elicitation_server.py")
SECRET = "s3cr3t-token-4c1d"
# The server writes the token it got in its environment to a file, then serves as usual.
BOOT = (
    "import os, runpy, sys; open(sys.argv[1], 'w').write(os.environ.get('TICKETS_TOKEN', '<none>')); "
    "sys.argv = [sys.argv[2], sys.argv[3]]; runpy.run_path(sys.argv[0], run_name='__main__')"
)
NEWER = (2, 1, 330)


def _server(tmp_path: Path, *, env: bool = True) -> dict[str, object]:
    args = ["-c", BOOT, str(tmp_path / "token.txt"), str(SERVER), str(tmp_path / "initialize.jsonl")]
    server: dict[str, object] = {"command": sys.executable, "args": args}
    if env:
        server["env"] = {"TICKETS_TOKEN": SECRET}
    return server


class _Recorder:
    """A spawn that starts the CLI locally and keeps the command line the kernel shows for it."""

    def __init__(self) -> None:
        self.argvs: list[tuple[str, ...]] = []
        self.pids: list[int] = []
        self.cmdlines: list[list[str]] = []

    async def __call__(self, command: CLICommand) -> CLIProcess:
        self.argvs.append(command.argv)
        process = await spawn_process(command)
        assert process.pid is not None
        self.pids.append(process.pid)
        return process

    def read_cmdline(self) -> None:
        """The running CLI's command line (read once it has answered, not while it is being exec'd)."""
        raw = Path(f"/proc/{self.pids[-1]}/cmdline").read_bytes()
        self.cmdlines.append(raw.decode(errors="replace").split("\0"))


async def _run(options: ClaudeAgentOptions, messages_api: MessagesAPI) -> InitMessage:
    messages_api.add_steps(text_turn("Hello."))
    async with open_session(options) as session:
        await session.send("hi")
        messages = await collect(session.receive_response())
        if isinstance(options.spawn, _Recorder):
            options.spawn.read_cmdline()
    (init,) = [message for message in messages if isinstance(message, InitMessage)]
    return init


def _status(init: InitMessage, name: str) -> object:
    (entry,) = [server for server in init.mcp_servers or () if server.name == name]
    return entry.status


async def test_default_keeps_env_off_argv(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    tmp_path: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    recorder = _Recorder()
    options = attrs.evolve(
        offline_options,
        cli_path=str(offline_options.cli_path),
        mcp_servers={"tickets": _server(tmp_path)},
        spawn=recorder,
    )
    if claude_cli_version < NEWER:
        with pytest.raises(UnsupportedOptionError, match="mcp_servers_delivery='argv'"):
            await _run(options, messages_api)
        assert [argv[-1] for argv in recorder.argvs] == ["--version"]  # only the version probe ran
        return
    init = await _run(options, messages_api)
    (cli,) = recorder.cmdlines
    assert "--output-format" in cli  # the running CLI's own command line, as `ps` shows it
    assert "--await-initialize" in cli
    assert not any(SECRET in token for token in cli), cli
    assert not any(token.startswith("--mcp-config") for token in cli)
    # ...and the server got its env all the same, and connected.
    assert (tmp_path / "token.txt").read_text() == SECRET
    assert _status(init, "tickets") == "connected"


async def test_argv_when_asked(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, tmp_path: Path
) -> None:
    recorder = _Recorder()
    options = attrs.evolve(
        offline_options,
        cli_path=str(offline_options.cli_path),
        mcp_servers={"tickets": _server(tmp_path)},
        mcp_servers_delivery="argv",
        spawn=recorder,
    )
    init = await _run(options, messages_api)
    (cli,) = recorder.cmdlines
    assert "--output-format" in cli
    assert "--await-initialize" not in cli
    assert any(SECRET in token for token in cli), cli  # what the default prevents: the check above can fail
    assert (tmp_path / "token.txt").read_text() == SECRET
    assert _status(init, "tickets") == "connected"


async def test_no_env_on_an_older_cli_goes_on_argv(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    tmp_path: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    recorder = _Recorder()
    options = attrs.evolve(
        offline_options,
        cli_path=str(offline_options.cli_path),
        mcp_servers={"tickets": _server(tmp_path, env=False)},
        spawn=recorder,
    )
    init = await _run(options, messages_api)
    (cli,) = recorder.cmdlines
    assert "--output-format" in cli
    if claude_cli_version < NEWER:
        assert any(token.startswith("--mcp-config=") for token in cli)
    else:
        assert "--await-initialize" in cli
    assert (tmp_path / "token.txt").read_text() == "<none>"
    assert _status(init, "tickets") == "connected"


async def test_plugins_in_initialize(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    tmp_path: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    plugin = tmp_path / "plug"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / ".claude-plugin" / "plugin.json").write_text('{"name": "plug", "version": "1.0.0"}')
    recorder = _Recorder()
    options = attrs.evolve(
        offline_options,
        cli_path=str(offline_options.cli_path),
        plugins=[{"type": "local", "path": str(plugin)}],
        plugin_delivery="initialize",
        spawn=recorder,
    )
    if claude_cli_version < NEWER:
        with pytest.raises(UnsupportedOptionError, match="plugin_delivery"):
            await _run(options, messages_api)
        return
    init = await _run(options, messages_api)
    (cli,) = recorder.cmdlines
    assert "--output-format" in cli
    assert "--await-initialize" in cli and not any("plugin-dir" in token for token in cli)
    assert "plug" in [p.name for p in init.plugins or ()]
