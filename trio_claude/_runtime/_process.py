"""What a session needs from the CLI process, and the default way to start it."""

from __future__ import annotations

import logging
import os
import subprocess
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

import attrs
import trio

from .._config._command import (
    CLICommand,
    adapt_to_cli,
    build_command,
    check_spare_cli,
    is_spare,
    needs_cli_version,
    version_command,
)
from .._config._discovery import find_cli, parse_version
from .._errors import CLIConnectionError, CLINotFoundError
from ._remote_env import env_block, preamble_argv, send_env_block

if TYPE_CHECKING:
    from .._config._options import ClaudeAgentOptions

logger = logging.getLogger("trio_claude.runtime")

VERSION_PROBE_TIMEOUT = 30.0
"""Seconds ``claude --version`` may take before the version is treated as unknown."""


class CLIProcess(Protocol):
    """A started CLI: three pipes and process control.  :class:`trio.Process` is one; the test kit's fake
    CLI offers the same over memory streams."""

    @property
    def pid(self) -> int | None: ...

    @property
    def returncode(self) -> int | None: ...

    @property
    def stdin(self) -> trio.abc.SendStream | None: ...

    @property
    def stdout(self) -> trio.abc.ReceiveStream | None: ...

    @property
    def stderr(self) -> trio.abc.ReceiveStream | None: ...

    async def wait(self) -> int: ...

    def terminate(self) -> None: ...

    def kill(self) -> None: ...


Spawn = Callable[[CLICommand], Awaitable[CLIProcess]]
"""``async def spawn(command) -> CLIProcess``: start the CLI (see ``ClaudeAgentOptions.spawn``)."""


async def spawn_process(command: CLICommand, *, user: str | None = None) -> CLIProcess:
    """Start ``command`` as a local child process with three pipes.

    Raises :class:`CLINotFoundError` when the executable cannot be started.
    """
    options: dict[str, Any] = {} if user is None else {"user": user}
    try:
        process: trio.Process = await trio.lowlevel.open_process(
            list(command.argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(command.env),
            cwd=command.cwd,
            **options,
        )
    except FileNotFoundError as exc:
        raise CLINotFoundError(f"cannot start the Claude Code CLI: {exc}", cli_path=command.argv[0]) from exc
    except PermissionError as exc:
        raise CLINotFoundError(
            f"the Claude Code CLI at {command.argv[0]} is not executable: {exc}", cli_path=command.argv[0]
        ) from exc
    return process


def prefixed_spawn(*prefix: str, shell_quote: bool = False, user: str | None = None) -> Spawn:
    """A ``spawn`` that starts the CLI through a command prefix, e.g. ``prefixed_spawn("docker", "exec",
    "-i", "box")`` or ``prefixed_spawn("ssh", "host", shell_quote=True)``.

    The process runs locally as ``[*prefix, "sh", "-c", PREAMBLE, "sh", *argv]``.  The variables
    trio_claude and ``options.env`` set or remove (the ones that differ from this process's environment; the
    rest is the other side's own) travel through the process's stdin, never on a command line, where any
    local user could read an API key: the short POSIX ``sh`` program ``PREAMBLE`` reads them, then starts the
    CLI on the rest of stdin, and stops it if it runs on after stdin ends (the connection dropped).  So the
    far side needs a POSIX ``sh``, and the prefix must pass stdin on (``docker exec -i``, ``kubectl exec -i``,
    ``ssh`` without ``-n``).  ``shell_quote=True`` quotes every token after the prefix for a remote shell
    (``ssh`` joins its arguments into one shell command line).  ``options.cli_path`` must then name the CLI
    on the other side (default ``claude``); ``options.cwd`` is the *local* working directory of the prefix
    command, so choose the remote directory in the prefix (``docker exec -w /dir``, ``ssh host cd /dir &&``).
    ``user`` runs the prefix command as that local user.  Raises :class:`ValueError` when a variable to send
    has a name no shell can hold.
    """
    if not prefix:
        raise ValueError("prefixed_spawn needs a command prefix")

    async def spawn(command: CLICommand) -> CLIProcess:
        block = env_block(command.env)
        tail = [*preamble_argv(), *command.argv]
        if shell_quote:
            import shlex  # only for a remote shell: not at import

            tail = [shlex.quote(token) for token in tail]
        process = await spawn_process(attrs.evolve(command, argv=(*prefix, *tail)), user=user)
        await send_env_block(process, block)
        return process

    return spawn


async def read_cli_version(
    command: CLICommand, spawn: Spawn | None = None, *, user: str | None = None
) -> tuple[int, ...] | None:
    """Run ``command``'s CLI with ``--version`` (through ``spawn`` if given) and parse its answer; ``None``
    when it gives none within :data:`VERSION_PROBE_TIMEOUT` seconds.  Raises :class:`CLINotFoundError` when
    the CLI cannot be started."""
    process = await _launch(version_command(command), spawn, user)
    output = bytearray()
    try:
        with trio.move_on_after(VERSION_PROBE_TIMEOUT):
            if process.stdin is not None:
                await process.stdin.aclose()
            if process.stdout is not None:
                while chunk := await process.stdout.receive_some(4096):
                    output += chunk
                    if len(output) > 4096:
                        break
    finally:
        if process.returncode is None:
            process.kill()
        with trio.CancelScope(shield=True):
            await process.wait()
    return parse_version(output.decode(errors="replace"))


async def start_cli(options: ClaudeAgentOptions) -> tuple[CLIProcess, ClaudeAgentOptions]:
    """Find (without a custom spawn), check and start the CLI for ``options``.

    When ``options`` use a flag that older CLIs do not know, the CLI is first asked for its ``--version``
    and :class:`UnsupportedOptionError` is raised before the session starts if it is too old (an unreadable
    version is let through, with a warning); so it is for a spare (``prewarm()``), which needs a CLI that
    knows ``--await-claim``.  Raises :class:`CLINotFoundError` when the CLI cannot be
    found or started, :class:`CLIConnectionError` when ``cwd`` is not a directory, and :class:`ValueError`
    for contradictory options.  Returns the process and the options as that CLI takes them
    (:func:`~trio_claude._config._command.adapt_to_cli`), which the session goes on with.
    """
    # With a custom spawn the CLI may live elsewhere (a container, another host): no local discovery.
    cli_path = find_cli(options.cli_path) if options.spawn is None else str(options.cli_path or "claude")
    command = build_command(options, cli_path)
    if options.spawn is None and command.cwd is not None and not await trio.Path(command.cwd).is_dir():
        raise CLIConnectionError(
            f"ClaudeAgentOptions.cwd: {os.fspath(command.cwd)!r} is not a directory (it must exist before "
            "the session starts)"
        )
    if needs_cli_version(options) or is_spare(options):
        version = await read_cli_version(command, options.spawn, user=options.user)
        if version is None:
            logger.warning("cannot read the Claude Code CLI's version; starting it without checking options")
        else:
            if is_spare(options):
                check_spare_cli(version)
            adapted = adapt_to_cli(options, version)
            if adapted is not options:
                options, command = adapted, build_command(adapted, cli_path)
    return await _launch(command, options.spawn, options.user), options


async def _launch(command: CLICommand, spawn: Spawn | None, user: str | None) -> CLIProcess:
    """Start ``command`` with the caller's ``spawn``, else as a local process."""
    logger.debug("starting %r%s", command, " with options.spawn" if spawn is not None else "")
    process = await (spawn(command) if spawn is not None else spawn_process(command, user=user))
    logger.debug("started the CLI: pid %s", process.pid)
    return process
