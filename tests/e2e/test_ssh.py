"""The real CLI on "another host": through a real ``sshd`` on 127.0.0.1 (the ``sshd`` fixture), started with
``prefixed_spawn("ssh", ...)``.

Both sides run on this machine, so the tests can see every process of a session: each one carries a unique
marker variable in its environment (the local ``ssh`` gets it from the session, the far side's ``sh``, CLI
and their children from the variables the session sends through stdin).  Every test lists them while the
session runs and after it ends, on both sides of the hop, and checks that no secret is on any command line.
"""

from __future__ import annotations

import os
import shlex
import signal
import uuid
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    HookContext,
    HookMatcher,
    PermissionResultAllow,
    PermissionResultDeny,
    ProcessError,
    ToolPermissionContext,
    open_query,
    open_session,
    prefixed_spawn,
)
from trio_claude._runtime._remote_env import ORPHAN_GRACE
from trio_claude.model import HookInput, JSONObject, PreToolUseHookInput
from trio_claude.testing import MessagesAPI, SSHServer, text_turn, tool_turn

from ._helpers import TOUCH, result_of, texts, tool_results

pytestmark = pytest.mark.real_cli

MARK = "TRIO_CLAUDE_TEST_MARK"
GONE_WITHIN = 2 * ORPHAN_GRACE + 10  # seconds: the far side's own clean-up plus slack for a busy machine


@attrs.frozen
class Proc:
    pid: int
    argv: tuple[str, ...]

    @property
    def name(self) -> str:
        return os.path.basename(self.argv[0]) if self.argv else ""


def _processes() -> Iterator[tuple[int, bytes, bytes]]:
    """``(pid, cmdline, environ)`` of every process this user can read."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            environ = Path(f"/proc/{entry}/environ").read_bytes()
        except OSError:  # gone meanwhile, or not ours
            continue
        yield int(entry), cmdline, environ


def marked(mark: str) -> list[Proc]:
    """The processes of the session marked with ``mark``, on both sides of the hop."""
    needle = f"{MARK}={mark}".encode()
    return [
        Proc(pid, tuple(arg.decode(errors="replace") for arg in cmdline.split(b"\0") if arg))
        for pid, cmdline, environ in _processes()
        if needle in environ.split(b"\0")
    ]


def on_a_command_line(secret: str) -> list[int]:
    """The processes whose argv holds ``secret``."""
    return [pid for pid, cmdline, _ in _processes() if secret.encode() in cmdline]


def connections(server: SSHServer) -> list[int]:
    """The per-connection processes of ``server`` (its listener's children)."""
    children: list[int] = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == server.pid:
                children.append(int(entry))
    return children


async def all_gone(mark: str, server: SSHServer) -> None:
    """Wait (bounded) until no process of the session and no connection of ``server`` is left."""
    with trio.move_on_after(GONE_WITHIN):
        while marked(mark) or connections(server):  # noqa: ASYNC110 (other processes: nothing to await)
            await trio.sleep(0.1)
    assert marked(mark) == [] and connections(server) == []


def over_ssh(
    options: ClaudeAgentOptions, messages_api: MessagesAPI, sshd: SSHServer, home: Path, project: Path
) -> tuple[ClaudeAgentOptions, str, str]:
    """``options`` that run the CLI through ``sshd`` in ``project``, with a fresh API key and a marker;
    returns them with the key and the marker."""
    key, mark = f"sk-ant-secret-{uuid.uuid4().hex}", uuid.uuid4().hex
    env = messages_api.cli_env(home, extra={"ANTHROPIC_API_KEY": key, MARK: mark})
    spawn = prefixed_spawn(*sshd.ssh_command, f"cd {shlex.quote(str(project))} &&", shell_quote=True)
    return attrs.evolve(options, env=env, spawn=spawn), key, mark


def cli_of(processes: list[Proc]) -> Proc:
    """The CLI among a session's processes (not ``ssh``, nor the far side's ``sh``, ``cat`` or ``sleep``)."""
    (cli,) = [
        p for p in processes if "--input-format" in p.argv and p.name not in ("ssh", "sh", "dash", "bash")
    ]
    return cli


@pytest.fixture
def ssh_options(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    sshd: SSHServer,
    claude_home: Path,
    claude_project: Path,
) -> tuple[ClaudeAgentOptions, str, str]:
    return over_ssh(offline_options, messages_api, sshd, claude_home, claude_project)


async def test_a_query_with_a_permission_and_a_hook_across_the_hop(
    ssh_options: tuple[ClaudeAgentOptions, str, str],
    messages_api: MessagesAPI,
    sshd: SSHServer,
    claude_project: Path,
) -> None:
    options, key, mark = ssh_options
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn("Made it.")
    )
    seen: dict[str, object] = {}
    during: list[Proc] = []

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        # the session is at its busiest here: the local ssh, the far side's sh and CLI are all running
        during.extend(marked(mark))
        seen["argv_with_key"] = on_a_command_line(key)
        seen["tool"] = (name, tool_input)
        return PermissionResultAllow()

    async def pre_tool_use(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        assert isinstance(hook_input, PreToolUseHookInput)
        seen["hook"] = (hook_input.tool_name, hook_input.cwd)

    options = attrs.evolve(
        options, can_use_tool=can_use_tool, hooks={"PreToolUse": [HookMatcher(hooks=[pre_tool_use])]}
    )
    async with open_query("create a file", options) as stream:
        messages = [message async for message in stream]

    assert texts(messages) == ["Made it."]
    assert not result_of(messages).is_error
    assert [r.is_error for r in tool_results(messages)] == [False]
    assert (claude_project / "created.txt").exists()  # the far side ran the tool in the remote directory
    assert seen["tool"] == ("Bash", {"command": TOUCH, "description": "Create a file"})
    assert seen["hook"] == ("Bash", str(claude_project))
    assert any(p.name == "ssh" for p in during) and cli_of(during)  # both sides of the hop were seen
    assert seen["argv_with_key"] == []  # the key was on no command line, on either side
    assert messages_api.script_requests[0].headers.get("x-api-key") == key  # yet the CLI had it
    await all_gone(mark, sshd)


async def test_leaving_mid_turn_leaves_nothing_on_either_side(
    ssh_options: tuple[ClaudeAgentOptions, str, str], messages_api: MessagesAPI, sshd: SSHServer
) -> None:
    options, key, mark = ssh_options
    messages_api.add_steps(text_turn("this takes forever", stall=True))
    async with open_session(options) as session:
        await session.send("a long task")
        await messages_api.wait_for_requests(1)
        assert cli_of(marked(mark))
        assert on_a_command_line(key) == []
    await all_gone(mark, sshd)


async def test_cancelling_the_caller_mid_turn_leaves_nothing_on_either_side(
    ssh_options: tuple[ClaudeAgentOptions, str, str], messages_api: MessagesAPI, sshd: SSHServer
) -> None:
    options, _, mark = ssh_options
    messages_api.add_steps(text_turn("this takes forever", stall=True))
    with trio.CancelScope() as scope:
        async with open_session(options) as session:
            await session.send("a long task")
            await messages_api.wait_for_requests(1)
            assert cli_of(marked(mark))
            scope.cancel()  # the caller gives up while it waits for the turn
            async for _ in session.receive_messages():
                pass
    assert scope.cancelled_caught
    await all_gone(mark, sshd)


async def test_a_cli_crash_on_the_far_side_ends_the_session_and_leaves_nothing(
    ssh_options: tuple[ClaudeAgentOptions, str, str], messages_api: MessagesAPI, sshd: SSHServer
) -> None:
    options, _, mark = ssh_options
    messages_api.add_steps(text_turn("never finishes", stall=True))
    with pytest.raises(ProcessError) as info:
        async with open_session(options) as session:
            await session.send("work")
            await messages_api.wait_for_requests(1)
            os.kill(cli_of(marked(mark)).pid, signal.SIGKILL)
            async for _ in session.receive_messages():
                pass
    assert info.value.exit_code == 128 + signal.SIGKILL  # the far side's status, as ssh reports it
    await all_gone(mark, sshd)


async def test_a_dropped_connection_stops_the_cli_on_the_far_side(
    ssh_options: tuple[ClaudeAgentOptions, str, str], messages_api: MessagesAPI, sshd: SSHServer
) -> None:
    """``sshd`` hangs up on a command without a terminal when its client vanishes, but does not stop it: the
    CLI would run on, an orphan, in the middle of its turn.  The far side's preamble sees stdin end and
    stops it after :data:`ORPHAN_GRACE` seconds."""
    options, _, mark = ssh_options
    messages_api.add_steps(text_turn("never finishes", stall=True))
    seen: list[Proc] = []
    with pytest.raises(ProcessError):
        async with open_session(options) as session:
            await session.send("work")
            await messages_api.wait_for_requests(1)
            seen.extend(marked(mark))
            (ssh,) = [p for p in seen if p.name == "ssh"]
            os.kill(ssh.pid, signal.SIGKILL)  # the connection drops, as when a network or a host fails
            async for _ in session.receive_messages():
                pass
    await all_gone(mark, sshd)
    assert cli_of(seen).pid not in [pid for pid, _, _ in _processes()]
