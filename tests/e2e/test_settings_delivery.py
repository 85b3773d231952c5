"""End-to-end: ``settings`` and ``managed_settings`` stay off every command line (issue 22, defect 5).

Their ``env`` values are often secrets, and every local user reads ``/proc/<pid>/cmdline``.  CLI 2.1.330
takes both in the ``initialize`` request (``--initialize-fields=settings``,
``--managed-settings-in-initialize``); CLI 2.1.197 gets inline settings in a 0600 file in a 0700 directory,
removed when the session ends, and managed settings that hold a secret are refused there (it takes them
only on its command line).  During the session the command line of every process of the host is read.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import ClaudeAgentOptions, UnsupportedOptionError, open_session
from trio_claude.model import InitMessage, Message
from trio_claude.testing import MessagesAPI, text_turn

pytestmark = pytest.mark.real_cli

NEWER = (2, 1, 330)


def _processes() -> dict[int, tuple[list[str], str | None]]:
    """Every process of the host that can be seen: pid → (command line, working directory if readable)."""
    seen: dict[int, tuple[list[str], str | None]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue  # gone
        try:
            cwd: str | None = os.readlink(entry / "cwd")
        except OSError:
            cwd = None
        seen[int(entry.name)] = (argv, cwd)
    return seen


async def _turn(options: ClaudeAgentOptions) -> tuple[list[Message], dict[int, tuple[list[str], str | None]]]:
    """One turn, and every process's command line read while the CLI still runs."""
    with trio.fail_after(120):
        async with open_session(options) as session:
            await session.send("hello")
            messages = [message async for message in session.receive_response()]
            return messages, _processes()


def _tools(messages: list[Message]) -> Sequence[str]:
    (init,) = [message for message in messages if isinstance(message, InitMessage)]
    return init.tools or ()


async def test_settings_and_managed_settings_never_reach_a_command_line(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_cli_version: tuple[int, ...],
    claude_project: Path,
) -> None:
    token, managed_token = secrets.token_hex(16), secrets.token_hex(16)
    settings = {"env": {"MY_SERVICE_TOKEN": token}, "permissions": {"deny": ["Bash"]}}
    managed = {"env": {"MANAGED_TOKEN": managed_token}, "permissions": {"deny": ["Glob"]}}
    options = attrs.evolve(offline_options, settings=settings, managed_settings=managed)
    if claude_cli_version < NEWER:  # it takes managed settings only on its command line: refused
        with pytest.raises(UnsupportedOptionError, match=r"managed_settings .*every local user can read"):
            await _turn(options)
        options = attrs.evolve(options, managed_settings=None)
    messages_api.add_steps(text_turn("hi"))
    messages, processes = await _turn(options)
    tools = _tools(messages)
    assert "Bash" not in tools and "Read" in tools  # the settings were in force
    if claude_cli_version >= NEWER:
        assert "Glob" not in tools  # and the managed settings
    leaked = [argv for argv, _ in processes.values() if any(token in a or managed_token in a for a in argv)]
    assert leaked == []
    clis = [argv for argv, cwd in processes.values() if cwd == str(claude_project)]
    assert clis, "the CLI was not seen"
    flags = [a for argv in clis for a in argv if a.startswith(("--settings=", "--managed-settings="))]
    if claude_cli_version >= NEWER:
        assert flags == []
        return
    (flag,) = flags
    path = trio.Path(flag.split("=", 1)[1])
    assert not await path.exists()  # removed when the session ended
    assert path.name == "settings.json" and path.parent.name.startswith("trio-claude-")


def _settings_files(project: Path) -> list[tuple[int, int, bytes]]:
    """The settings files of the CLIs running in ``project``: (folder mode, file mode, content)."""
    found: list[tuple[int, int, bytes]] = []
    for argv, cwd in _processes().values():
        for arg in argv if cwd == str(project) else ():
            if arg.startswith("--settings="):
                path = Path(arg.split("=", 1)[1])
                mode = stat.S_IMODE(path.stat().st_mode)
                found.append((stat.S_IMODE(path.parent.stat().st_mode), mode, path.read_bytes()))
    return found


async def test_an_older_cli_reads_the_settings_from_a_private_file(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_cli_version: tuple[int, ...],
    claude_project: Path,
) -> None:
    if claude_cli_version >= NEWER:
        return  # 2.1.330 reads them from initialize: the test above
    token = secrets.token_hex(16)
    options = attrs.evolve(offline_options, settings={"env": {"MY_SERVICE_TOKEN": token}})
    messages_api.add_steps(text_turn("hi"))
    with trio.fail_after(120):
        async with open_session(options) as session:
            await session.send("hello")
            async for _ in session.receive_response():
                pass
            files = _settings_files(claude_project)
    assert files and all(found[:2] == (0o700, 0o600) and token.encode() in found[2] for found in files)
