"""The messages a session received and its consumers have not read yet, and the iterators that read them.

The router :meth:`~MessageBuffer.put`\\ s every message at once (control traffic never waits for the
consumer: no count limit); consumers read in order, each message once, until the session closes the buffer.
:class:`MessageStream` reads through this interface only, never through the session.
"""

from __future__ import annotations

from collections import deque

import trio

from .. import model  # the face: names the union of every message, loaded on first use
from .._errors import CLIConnectionError
from ..model import ResultMessage
from ..protocol import ends_turn


class MessageBuffer:
    """Messages received and not yet consumed (first in, first out), and whether more can come."""

    __slots__ = ("_arrived", "closed", "error", "left", "messages")

    def __init__(self) -> None:
        self.messages: deque[model.Message] = deque()
        """The unread messages, oldest first (consumers pop from the left)."""
        self.closed = False
        """The session has ended: no message will be added."""
        self.error: BaseException | None = None
        """Why the session ended, when it failed (raised to the consumer once the buffer is empty)."""
        self.left = False
        """The session's block was left: reading raises :meth:`ended_error`, as sending does."""
        # Set by a waiting consumer, woken and cleared by put(): a flood of messages costs no Event.
        self._arrived: trio.Event | None = None

    def put(self, message: model.Message) -> None:
        """Add a message and wake the waiting consumers."""
        self.messages.append(message)
        if self._arrived is not None:
            self._wake()

    def put_many(self, messages: list[model.Message]) -> None:
        """Add messages in order and wake the waiting consumers once."""
        self.messages.extend(messages)
        if self._arrived is not None:
            self._wake()

    def fail(self, error: BaseException) -> None:
        """Record why the session failed (the first error counts)."""
        if self.error is None:
            self.error = error

    def leave(self) -> None:
        """The session's block was left (after :meth:`close`): what was not read is no longer read."""
        self.left = True

    def ended_error(self) -> BaseException:
        """What reading past the end, and sending once the session has ended, raise: why it failed, else
        :class:`CLIConnectionError`."""
        if self.error is not None:
            return self.error
        if self.left:
            return CLIConnectionError(
                "the session has ended: its `async with` block was left (send and read its messages inside "
                "the block)"
            )
        return CLIConnectionError("the session has ended")

    def close(self) -> None:
        """No message will follow; consumers read what is left, then end."""
        self.closed = True
        self._wake()

    async def wait(self) -> None:
        """Wait until a message arrives or the buffer closes."""
        # Consumers share one Event; put() sets it once and forgets it, so only the first message after a
        # consumer starts waiting costs a wake-up.
        if self._arrived is None:
            self._arrived = trio.Event()
        await self._arrived.wait()

    async def ready(self) -> bool:
        """Wait until a message is unread (``True``) or the buffer is closed and empty (``False``); raises
        :meth:`ended_error` once the session's block was left."""
        if self.left:
            raise self.ended_error()
        while not self.messages:
            if self.closed:
                return False
            await self.wait()
        return True

    async def get(self) -> model.Message:
        """The next message.  Raises the session's error, or :class:`CLIConnectionError`, once the buffer is
        closed and empty."""
        if not await self.ready():
            raise self.ended_error()
        return self.messages.popleft()

    def _wake(self) -> None:
        if self._arrived is not None:
            self._arrived.set()
            self._arrived = None


class _Stream:
    """What the two iterators over a buffer share: how they end."""

    _finished = False

    def _end(self, buffer: MessageBuffer) -> BaseException:
        """What the iterator raises at the end of ``buffer`` (closed and empty): the session's error, once,
        else :class:`StopAsyncIteration`; the iterator is finished."""
        self._finished = True
        return buffer.error if buffer.error is not None else StopAsyncIteration()


class MessageStream(_Stream):
    """An async iterator over a session's messages (not a generator: nothing to finalise).

    Iteration stops when the session ends (or, from :meth:`ClaudeSession.receive_response`, after the
    next result), and raises :class:`ProcessError` if the CLI died.
    """

    def __init__(self, buffer: MessageBuffer, *, until_result: bool) -> None:
        self._buffer = buffer
        self._until_result = until_result
        self._finished = False

    def __aiter__(self) -> MessageStream:
        return self

    async def __anext__(self) -> model.Message:
        if self._finished:
            raise StopAsyncIteration
        buffer = self._buffer
        messages = buffer.messages
        if (buffer.left or not messages) and not await buffer.ready():
            raise self._end(buffer)
        message = messages.popleft()
        if self._until_result and (type(message) is ResultMessage or ends_turn(message)):
            self._finished = True
        return message


class BatchStream(_Stream):
    """An async iterator over a session's messages a batch at a time: each step yields, as a tuple, every
    message received and not yet read (at least one), oldest first — the messages of a chunk of the CLI's
    output come in one step.  It ends as :class:`MessageStream` does: when the session ends (raising
    :class:`ProcessError` if the CLI died)."""

    def __init__(self, buffer: MessageBuffer) -> None:
        self._buffer = buffer
        self._finished = False

    def __aiter__(self) -> BatchStream:
        return self

    async def __anext__(self) -> tuple[model.Message, ...]:
        if self._finished:
            raise StopAsyncIteration
        buffer = self._buffer
        messages = buffer.messages
        if (buffer.left or not messages) and not await buffer.ready():
            raise self._end(buffer)
        batch = tuple(messages)
        messages.clear()
        return batch
