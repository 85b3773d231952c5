"""What a session needs from the CLI process, and the default way to start it."""

from __future__ import annotations

import subprocess
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import trio

from ._command import CLICommand
from ._errors import CLINotFoundError


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
