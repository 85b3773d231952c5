"""The two ways in: ``open_session`` (a session for an ``async with`` block) and ``open_query`` (one query's
messages), and what they tell code written for the official SDK that uses them otherwise."""

from __future__ import annotations

import functools
import sys
from collections.abc import AsyncGenerator, AsyncIterable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from types import TracebackType
from typing import TYPE_CHECKING, NoReturn, ParamSpec, TypeVar, cast

import trio

from .._config._options import ClaudeAgentOptions
from .._errors import CLIConnectionError
from ..wire._self_check import check_converter
from ._core import SessionCore
from ._launch import prepared_launch, start
from ._prompts import NOT_ON_A_SESSION, Prompt, outgoing
from ._query import Query
from ._session import ClaudeSession
from ._setup import initialize_timeout as checked_timeout, timed_out

if sys.version_info < (3, 11):
    from exceptiongroup import BaseExceptionGroup

T = TypeVar("T")
P = ParamSpec("P")


def _require_trio() -> None:
    """Raise a ``RuntimeError`` that says what to do when not running under Trio (the official SDK's
    programs start with ``asyncio.run(main())`` or ``anyio.run(main)``, whose default backend is asyncio)."""
    try:
        trio.lowlevel.current_task()
    except RuntimeError:
        raise RuntimeError(
            "trio_claude runs under Trio: start the program with trio.run(main), or anyio.run(main, "
            "backend='trio') (asyncio.run() and anyio.run()'s default backend run asyncio)"
        ) from None


def _collapse(group: BaseExceptionGroup[BaseException]) -> BaseException:
    """The single exception of a nursery's group (background tasks never raise, so there is one)."""
    error: BaseException = group
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:  # pyright: ignore[reportUnknownMemberType, reportUnknownArgumentType]
        error = cast(BaseException, error.exceptions[0])  # pyright: ignore[reportUnknownMemberType]
    return error  # pyright: ignore[reportUnknownVariableType]


class _BlockOnly(AbstractAsyncContextManager[T]):
    """What :func:`open_session` and :func:`open_query` return: an ``async with`` block and nothing else.

    The official SDK's ``query()`` is iterated and its client is used directly (``connect()``, ``query()``),
    so code ported by renaming is told at once how to write it here, and nothing starts.
    """

    def __init__(self, manager: AbstractAsyncContextManager[T], usage: str, *, session: bool) -> None:
        self._manager = manager
        self._usage = usage
        self._session = session

    async def __aenter__(self) -> T:
        return await self._manager.__aenter__()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool | None:
        return await self._manager.__aexit__(exc_type, exc, tb)

    if not TYPE_CHECKING:  # type checkers keep reporting these mistakes as usual

        def __aiter__(self) -> NoReturn:
            raise TypeError(f"{self._usage}: it is an async context manager, not an async iterator")

        def __await__(self) -> NoReturn:
            raise TypeError(f"{self._usage}: it is an async context manager, not a coroutine")

        def __enter__(self) -> NoReturn:
            raise TypeError(f"{self._usage}: use `async with`, not `with` (it is an async context manager)")

        def __exit__(self, *exc_info: object) -> None:  # ``with`` needs it to call __enter__
            pass

        def __getattr__(self, name: str) -> NoReturn:
            if self._session and (name in NOT_ON_A_SESSION or hasattr(ClaudeSession, name)):
                raise AttributeError(f"{name}() is not on open_session(...) itself: {self._usage}")
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


def _block_only(
    usage: str, *, session: bool = False
) -> Callable[[Callable[P, AbstractAsyncContextManager[T]]], Callable[P, AbstractAsyncContextManager[T]]]:
    def decorate(
        open_block: Callable[P, AbstractAsyncContextManager[T]],
    ) -> Callable[P, AbstractAsyncContextManager[T]]:
        @functools.wraps(open_block)
        def opener(*args: P.args, **kwargs: P.kwargs) -> AbstractAsyncContextManager[T]:
            return _BlockOnly(open_block(*args, **kwargs), usage, session=session)

        return opener

    return decorate


@_block_only(
    "open_session() starts the CLI for an `async with open_session(options) as session:` block (the official "
    "ClaudeSDKClient's connect() and disconnect() are the start and end of that block); call query(), "
    "receive_response()... on the session",
    session=True,
)
@asynccontextmanager
async def open_session(
    options: ClaudeAgentOptions | None = None, *, initialize_timeout: float | None = None
) -> AsyncGenerator[ClaudeSession, None]:
    """Start the CLI and yield a :class:`ClaudeSession` once it answered ``initialize``.

    Leaving the block (normally, by exception, by cancellation or by ``break``) shuts the CLI down as in
    rule 5 and always reaps it.  Raises :class:`CLINotFoundError` when the CLI cannot be found or started,
    :class:`ProcessError` when it exits before answering ``initialize`` (e.g. ``resume`` of a missing
    session), :class:`InitializeTimeoutError` (a :class:`CLIConnectionError`, saying what the CLI wrote
    instead) when it does not answer within ``initialize_timeout`` seconds, and
    :class:`MessageParseError` at once when its answer cannot be typed.  ``initialize_timeout`` defaults to
    60 s, or to the ``CLAUDE_CODE_STREAM_CLOSE_TIMEOUT`` environment variable as the official Python SDK
    reads it (milliseconds, never below 60 s); ``math.inf`` waits for ever.  Before starting the CLI,
    raises :class:`ValueError` for contradictory options or a timeout that is not more than 0,
    :class:`CLIConnectionError` for a ``cwd`` that is not a directory, :class:`UnsupportedOptionError`
    for an option the installed CLI is too old for, :class:`SessionStoreLoadError` when a resume cannot
    be loaded from the ``session_store``, and :class:`IncompatibleDependencyError` when the installed
    cattrs or attrs cannot type the frames a session depends on.

    With a ``session_store``, leaving the block also waits (at most ``MIRROR_CLOSE_GRACE``, 10 s) for the
    last mirrored entries to reach the store, unless the caller is cancelled.
    """
    timeout = checked_timeout(initialize_timeout, "open_session")
    async with _running(options, timeout) as core:
        yield ClaudeSession(core)


@_block_only(
    "open_query() runs one query in an `async with open_query(prompt, options) as query:` block, then "
    "`async for message in query:` (the official query() is iterated directly)"
)
@asynccontextmanager
async def open_query(
    prompt: Prompt | AsyncIterable[Prompt],
    options: ClaudeAgentOptions | None = None,
    *,
    initialize_timeout: float | None = None,
) -> AsyncGenerator[Query, None]:
    """Run one query and yield it as a :class:`Query`: the async iterator of its messages, which ends when
    the CLI has finished, and the session's control methods (``interrupt``, ``set_permission_mode``…).

    ``prompt`` is one prompt (any form :meth:`ClaudeSession.send` takes: a string, content blocks, a
    user message or the official user-message dict), or an async iterable of prompts sent as they come.
    Stdin stays open until every prompt has its result and the CLI is idle, so hooks, permission callbacks
    and MCP calls keep working to the end.  A single prompt that ``send`` refuses raises ``TypeError``
    before the CLI starts; one from the iterable raises it out of this block.  Control calls are
    answered while the run goes on; once it is over (and stdin closed) they raise
    :class:`CLIConnectionError`.  ``initialize_timeout`` and the errors of starting the CLI are as for
    :func:`open_session`.
    """
    timeout = checked_timeout(initialize_timeout, "open_query")
    first = None if isinstance(prompt, AsyncIterable) else outgoing(prompt)
    async with _running(options, timeout) as core:
        if isinstance(prompt, AsyncIterable):
            core.nursery.start_soon(_feed, core, prompt)
        else:
            assert first is not None
            await core.send_line(*first)
            core.nursery.start_soon(core.close_input_when_finished)
        yield Query(core)


@asynccontextmanager
async def _running(
    options: ClaudeAgentOptions | None, initialize_timeout: float
) -> AsyncGenerator[SessionCore, None]:
    """Start the CLI, yield its session's engine once the CLI answered ``initialize`` (within
    ``initialize_timeout`` seconds), and shut it down (rule 5) when the block is left."""
    _require_trio()
    options = options or ClaudeAgentOptions()
    # A resume from a session store runs in a temporary config dir, loaded before the CLI starts.
    if options.session_store is None:  # a plain session never loads the store's modules
        async with _started(options, initialize_timeout) as core:
            yield core
        return
    from ._materialise import materialised_resume

    async with materialised_resume(options) as options, _started(options, initialize_timeout) as core:
        yield core


@asynccontextmanager
async def _started(
    options: ClaudeAgentOptions, initialize_timeout: float
) -> AsyncGenerator[SessionCore, None]:
    """Start the CLI and yield its engine once it answered ``initialize`` (within ``initialize_timeout``
    seconds, else :class:`InitializeTimeoutError`); shut it down (rule 5) when the block is left."""
    check_converter()
    async with prepared_launch(options) as plan:  # its private files outlive the CLI
        try:
            async with trio.open_nursery() as nursery:
                core = SessionCore(plan, nursery)
                # The initialize line is in the CLI's stdin before the CLI starts: nothing runs unhooked.
                process = await start(plan, core.initialize_line())
                try:
                    with trio.move_on_after(initialize_timeout) as waited:
                        await core.start(process)
                    if waited.cancelled_caught:
                        raise timed_out(core, initialize_timeout)
                    yield core
                finally:
                    with trio.CancelScope(shield=True):
                        await core.aclose()
                    try:
                        await core.finish_mirror()
                    finally:
                        nursery.cancel_scope.cancel()
        except BaseExceptionGroup as group:
            raise _collapse(group) from None


async def _feed(core: SessionCore, prompts: AsyncIterable[Prompt]) -> None:
    try:
        async for prompt in prompts:
            await core.send_line(*outgoing(prompt))
    except CLIConnectionError:
        return
    await core.close_input_when_finished()
