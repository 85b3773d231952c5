"""What a session needs from the CLI process, and the default ways to start it."""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import signal
import subprocess
from typing import Any, NamedTuple

import attrs
import trio

from .._config._command import CLICommand
from .._config._discovery import version_from_output
from .._config._spawn import CLIProcess as CLIProcess, Spawn as Spawn
from .._errors import CLINotFoundError
from .._redact import redact
from ._remote_env import env_block, preamble_argv

logger = logging.getLogger("trio_claude.runtime")

VERSION_PROBE_TIMEOUT = 30.0
"""Seconds ``claude --version`` may take before the version is treated as unknown."""

_VERSION_OUTPUT_LIMIT = 65536
"""The most of ``claude --version``'s output read (a login banner may come first)."""


class LocalProcess:
    """A local CLI (a :class:`trio.Process`) whose stdin is a pipe that held ``stdin_prelude`` before the CLI
    started."""

    def __init__(self, process: trio.Process, stdin: trio.abc.SendStream) -> None:
        self._process = process
        self.stdin: trio.abc.SendStream | None = stdin

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.returncode

    @property
    def stdout(self) -> trio.abc.ReceiveStream | None:
        return self._process.stdout

    @property
    def stderr(self) -> trio.abc.ReceiveStream | None:
        return self._process.stderr

    async def wait(self) -> int:
        return await self._process.wait()

    def terminate(self) -> None:
        self._process.terminate()

    def kill(self) -> None:
        self._process.kill()


async def spawn_process(command: CLICommand, *, user: str | None = None) -> CLIProcess:
    """Start ``command`` as a local child process with three pipes, ``command.stdin_prelude`` already in its
    stdin pipe when it starts (what does not fit in the pipe is written as soon as it has started).

    Raises :class:`CLINotFoundError` when the executable cannot be started.
    """
    options: dict[str, Any] = {} if user is None else {"user": user}
    read_end, write_end = os.pipe()
    try:
        rest = _prefill(write_end, command.stdin_prelude)
        process: trio.Process = await trio.lowlevel.open_process(
            list(command.argv),
            stdin=read_end,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(command.env),
            cwd=command.cwd,
            **options,
        )
    except BaseException as exc:
        os.close(write_end)
        if isinstance(exc, FileNotFoundError):
            raise CLINotFoundError(
                f"cannot start the Claude Code CLI: {exc}", cli_path=command.argv[0]
            ) from exc
        if isinstance(exc, PermissionError):
            raise CLINotFoundError(
                f"the Claude Code CLI at {command.argv[0]} is not executable: {exc}", cli_path=command.argv[0]
            ) from exc
        raise
    finally:
        os.close(read_end)
    started = LocalProcess(process, trio.lowlevel.FdStream(write_end))
    if rest:
        await _write_first(started, rest)
    return started


def _prefill(pipe: int, data: bytes) -> bytes:
    """Write what the empty ``pipe`` holds of ``data`` (its size raised to fit where the system lets it)
    without blocking; return the rest."""
    if len(data) > 65536 and hasattr(fcntl, "F_SETPIPE_SZ"):  # Linux; limited to pipe-max-size (1 MiB)
        with contextlib.suppress(OSError):
            fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, len(data))
    os.set_blocking(pipe, False)
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(pipe, view) :]
        except BlockingIOError:
            break
    return bytes(view)


async def _write_first(process: CLIProcess, data: bytes) -> None:
    """Write ``data`` to the just started ``process``'s stdin.  A process that is already gone is left for
    the session to report (with its exit status and stderr); if this is cancelled or fails otherwise, the
    process is killed and reaped before the error propagates, so none is left behind."""
    if process.stdin is None:
        return
    try:
        await process.stdin.send_all(data)
    except (trio.BrokenResourceError, trio.ClosedResourceError):
        pass
    except BaseException:
        process.kill()
        with trio.CancelScope(shield=True):
            await process.wait()
        raise


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
        prelude = env_block(command.env) + command.stdin_prelude
        tail = [*preamble_argv(), *command.argv]
        if shell_quote:
            import shlex  # only for a remote shell: not at import

            tail = [shlex.quote(token) for token in tail]
        return await spawn_process(
            attrs.evolve(command, argv=(*prefix, *tail), stdin_prelude=prelude), user=user
        )

    return spawn


class CLIVersion(NamedTuple):
    """What ``claude --version`` said: the ``version`` (``None``: none could be read) and what was ``read``,
    as an error shows it."""

    version: tuple[int, ...] | None
    read: str


async def read_cli_version(
    command: CLICommand,
    spawn: Spawn | None = None,
    *,
    user: str | None = None,
    timeout: float = VERSION_PROBE_TIMEOUT,  # noqa: ASYNC109 (it gives up, saying what it read, not fails)
) -> CLIVersion:
    """Run ``command`` (the CLI with ``--version``: see :func:`~trio_claude._config._command.version_command`)
    through ``spawn`` if given, for at most ``timeout`` seconds, and read its version: the last line of its
    output that starts with one.  Raises :class:`CLINotFoundError` when the CLI cannot be started."""
    process = await launch_process(command, spawn, user)
    output = bytearray()
    with trio.move_on_after(timeout) as waited:
        try:
            if process.stdin is not None:
                await process.stdin.aclose()
            if process.stdout is not None:
                while len(output) < _VERSION_OUTPUT_LIMIT and (chunk := await process.stdout.receive_some()):
                    output += chunk
        finally:
            if process.returncode is None:
                process.kill()
            with trio.CancelScope(shield=True):
                await process.wait()
    text = output.decode(errors="replace")
    return CLIVersion(
        version_from_output(text), _what_was_read(text, timeout if waited.cancelled_caught else None)
    )


def _what_was_read(text: str, timed_out: float | None) -> str:
    """``claude --version``'s output as an error shows it (secrets redacted, the last 300 characters)."""
    shown = text if len(text) <= 300 else "..." + text[-300:]
    said = f"`claude --version` wrote {redact(shown)!r}" if text else "`claude --version` wrote nothing"
    if timed_out is None:
        return said
    return f"{said}{', then nothing more' if text else ''} within {timed_out:g} s"


async def launch_process(command: CLICommand, spawn: Spawn | None, user: str | None) -> CLIProcess:
    """Start ``command`` with the caller's ``spawn``, else as a local process."""
    logger.debug("starting %r%s", command, " with options.spawn" if spawn is not None else "")
    process = await (spawn(command) if spawn is not None else spawn_process(command, user=user))
    logger.debug("started the CLI: pid %s", process.pid)
    return process


def exit_status(code: int | None) -> str:
    """A return code as said: ``code 0``, ``killed by SIGTERM`` (a negative code), ``code unknown``."""
    if code is None:
        return "code unknown"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"code {code}"
