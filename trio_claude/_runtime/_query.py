"""What :func:`~trio_claude.open_query` yields: :class:`Query`, the query's messages and the session's
control surface in one object (the TypeScript SDK's ``Query``)."""

from __future__ import annotations

from .. import model  # the face: names the union of every message, loaded on first use
from ._buffer import MessageStream
from ._core import SessionCore
from ._session import ClaudeSession


class Query(ClaudeSession):
    """One query: iterate it for its messages (``async for message in query``), and control the run with
    every method of :class:`ClaudeSession` (:meth:`~ClaudeSession.interrupt`,
    :meth:`~ClaudeSession.set_permission_mode`, :meth:`~ClaudeSession.set_model`,
    :meth:`~ClaudeSession.supported_commands`…).

    Iteration ends when the CLI has finished (and raises :class:`ProcessError` if it died).  The CLI's
    input closes once the run is over — every prompt has its result, the CLI is idle and no request of
    either side waits for its answer — so a control call made while the run goes on is answered, and
    one made after it raises :class:`CLIConnectionError`.  :meth:`~ClaudeSession.send` adds a prompt to
    the run while it goes on (the TypeScript SDK's ``streamInput``).
    """

    def __init__(self, core: SessionCore) -> None:
        super().__init__(core)
        self._messages = MessageStream(core.buffer, until_result=False)

    def __aiter__(self) -> Query:
        return self

    async def __anext__(self) -> model.Message:
        return await self._messages.__anext__()


__all__ = ["Query"]
