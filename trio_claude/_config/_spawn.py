"""What a custom ``spawn`` is: a function from the command to a started CLI (:data:`Spawn`), and what the
started CLI offers (:class:`CLIProcess`).  The runtime's own ways to start the CLI are in
``_runtime/_process.py``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Protocol

from ._command import CLICommand

if TYPE_CHECKING:
    import trio  # for the annotations only: this layer never runs trio


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
"""``async def spawn(command) -> CLIProcess``: start the CLI with ``command.stdin_prelude`` first on its stdin
(see ``ClaudeAgentOptions.spawn``)."""
