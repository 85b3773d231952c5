"""Pre-warmed spares: :func:`prewarm` starts the CLI with ``--await-claim`` for an ``async with`` block
before the session it will serve is known; :meth:`SpareProcess.claim` binds it to a folder and sends the
first prompt, and yields the same :class:`Query` as :func:`open_query`.

The spare is a session like any other (one :class:`SessionCore` in the ``prewarm`` block's nursery) whose
``initialize`` ran and whose first prompt waits for ``claim_session``.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import AsyncGenerator, AsyncIterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import attrs
import trio

from .._config._claim import ClaimedSession, ClaimOptions
from .._config._command import spare_options
from .._config._home import config_home_of
from .._config._mcp_servers import sdk_server_names
from .._config._options import ClaudeAgentOptions
from .._errors import ClaudeSDKError, CLIConnectionError, ControlRequestError
from .._files import make_private_dirs
from ..model import (
    ApplyFlagSettingsRequest,
    ClaimSessionResponse,
    ControlRequestBody,
    InitializeResponse,
    SetMaxThinkingTokensRequest,
    SetModelRequest,
)
from ._core import SessionCore
from ._errors import ClaimRefusedError
from ._open import _block_only, _feed, _require_trio, _started
from ._prompts import Prompt, outgoing
from ._query import Query
from ._setup import initialize_timeout as checked_timeout

logger = logging.getLogger("trio_claude.runtime")

_KEPT_FROM_PARKING = (
    "hooks_applied",
    "plugins_applied",
    "mcp_servers_applied",
    "settings_applied",
    "managed_settings_applied",
    "sdk_mcp_manifests_parked",
)
"""What the ``initialize`` answer of the claim leaves out and the parked one said (what ``initialize``
applied)."""


class SpareProcess:
    """A parked, fully started CLI that is not yet any session (see :func:`prewarm`).

    :meth:`claim` binds it to a session once; :attr:`claimed` then says which.  :attr:`exited` and
    :meth:`wait_exited` tell a spare that died while parked (replace it).
    """

    def __init__(self, core: SessionCore, park: str) -> None:
        self._core = core
        self._claiming = False
        self._closed = False
        self.park = park
        """The private directory the spare is parked in (its working directory until the claim)."""
        self.claimed: ClaimedSession | None = None
        """What the claim answered, once :meth:`claim` succeeded; ``None`` before."""

    @property
    def server_info(self) -> InitializeResponse | None:
        """The parked process's ``initialize`` answer; after the claim, the claimed session's."""
        return self._core.server_info

    @property
    def exited(self) -> bool:
        """Whether the spare's process has exited, claimed or not.  A parked spare that died should be
        replaced."""
        return self._core.exited

    async def wait_exited(self) -> None:
        """Wait until the spare's process exits (the TypeScript SDK's ``exited`` promise)."""
        await self._core.wait_exited()

    def claim(
        self, prompt: Prompt | AsyncIterable[Prompt], options: ClaimOptions
    ) -> AbstractAsyncContextManager[Query]:
        """Bind the spare to a session and send its first prompt, for an ``async with spare.claim(prompt,
        ClaimOptions(cwd=...)) as query:`` block: ``query`` is the :class:`Query` :func:`open_query` yields
        (its messages and every control method), and leaving the block ends the session (rule 5).

        The claim, the options that follow it (``model``, ``max_thinking_tokens``) and a single prompt
        are written at once; the block starts when the CLI has answered the claim (a prompt from an
        async iterable, or any prompt with a ``settings`` overlay, is sent then).  Raises
        :class:`ClaimRefusedError` when the claim cannot be honoured — the prompt did not run and the
        process goes away: start the session with :func:`open_query` instead.  A refused ``model`` or
        ``max_thinking_tokens`` is not fatal: the session runs without it, listed in
        :attr:`ClaimedSession.not_applied`.  Raises :class:`RuntimeError` when called a second time, and
        ``TypeError`` for a prompt that :meth:`ClaudeSession.send` refuses (nothing sent: the spare stays
        parked).
        """
        return self._claim(prompt, options)

    @asynccontextmanager
    async def _claim(
        self, prompt: Prompt | AsyncIterable[Prompt], options: ClaimOptions
    ) -> AsyncGenerator[Query, None]:
        if not isinstance(options, ClaimOptions):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise TypeError(f"SpareProcess.claim(): options must be ClaimOptions(...); got {options!r}")
        if self._claiming:
            raise RuntimeError("SpareProcess.claim() can only be called once: a spare serves one session")
        if self._closed:
            raise ClaimRefusedError("spare_closed", "the spare was closed before it was claimed")
        core = self._core
        first = None if isinstance(prompt, AsyncIterable) else outgoing(prompt)
        if core.exited:
            code = core.process.returncode
            raise ClaimRefusedError(
                "spare_exited", f"the spare process exited (code {code}) before it was claimed"
            )
        self._claiming = True
        try:
            self.claimed = await self._send_claim(options, first)
            if isinstance(prompt, AsyncIterable):
                core.nursery.start_soon(_feed, core, prompt)
            else:
                core.nursery.start_soon(core.close_input_when_finished)
            yield Query(core)
        finally:
            with trio.CancelScope(shield=True):
                await core.aclose()
            await core.finish_mirror()

    async def _send_claim(self, options: ClaimOptions, first: Any) -> ClaimedSession:
        """Write the claim (with what goes before and after it) and the prompt ``first``; return what the
        CLI answered once it has answered everything."""
        core = self._core
        before, after = options.split_settings()
        claim = options.request(sdk_server_names(core.options.mcp_servers) or ())
        answers: dict[str, Any] = {}
        async with trio.open_nursery() as nursery:
            # Each request is written, in this order, before the next starts (see _ask).
            if before is not None:
                await nursery.start(
                    _ask, core, ApplyFlagSettingsRequest(settings=before), answers, "settings"
                )
            await nursery.start(_ask, core, claim, answers, "claim")
            if options.model is not None:
                await nursery.start(_ask, core, SetModelRequest(model=options.model), answers, "model")
            if options.max_thinking_tokens is not None:
                thinking = SetMaxThinkingTokensRequest(max_thinking_tokens=options.max_thinking_tokens)
                await nursery.start(_ask, core, thinking, answers, "max_thinking_tokens")
            if after is not None:
                following = ApplyFlagSettingsRequest(settings=after)
                await nursery.start(_ask, core, following, answers, "settings_after")
            if first is not None and options.settings is None:
                try:
                    await core.send_line(*first)
                except CLIConnectionError as exc:  # the CLI died: the claim's answer says so
                    answers["prompt"] = exc
        answer = answers["claim"]
        if not isinstance(answer, ClaimSessionResponse):
            raise _refusal(answer)
        if "prompt" in answers:
            raise _refusal(answers["prompt"])
        claimed = ClaimedSession(
            cwd=answer.cwd or str(claim.cwd),
            session_id=answer.session_id,
            parked_ms=answer.parked_ms,
            sdk_mcp_settled=bool(answer.sdk_mcp_settled),
            not_applied={
                key: str(answers[key])
                for key in ("model", "max_thinking_tokens")
                if isinstance(answers.get(key), BaseException)
            },
        )
        self._adopt(answer)
        refused = [
            f"{key}: {answers[key]}"
            for key in ("settings", "settings_after")
            if isinstance(answers.get(key), BaseException)
        ]
        if refused:
            raise ClaimRefusedError(
                "settings_not_applied",
                f"{'; '.join(refused)} — the prompt was not sent; start the session with open_query()",
                claimed=claimed,
            )
        if claimed.not_applied:
            logger.warning(
                "option_not_applied: %s — the session runs without these options",
                "; ".join(f"{key}: {error}" for key, error in claimed.not_applied.items()),
            )
        if first is not None and options.settings is not None:
            try:
                await core.send_line(*first)
            except CLIConnectionError as exc:
                raise _refusal(exc) from exc
        return claimed

    def _adopt(self, answer: ClaimSessionResponse) -> None:
        """The session is the claimed one now: its id, and its ``initialize`` answer (with what the parked
        process's said ``initialize`` applied)."""
        core = self._core
        core.session_id = answer.session_id or core.session_id
        described = answer.initialize
        if described is not None:
            parked = core.server_info
            if parked is not None:
                kept = {name: getattr(parked, name) for name in _KEPT_FROM_PARKING}
                described = attrs.evolve(
                    described, **{name: value for name, value in kept.items() if value is not None}
                )
            core.server_info = described

    def _close(self) -> None:
        self._closed = True


async def _ask(
    core: SessionCore,
    body: ControlRequestBody[Any],
    answers: dict[str, Any],
    key: str,
    *,
    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Send ``body`` and keep its answer (or the error it raised) in ``answers[key]``.

    ``task_status.started()`` returns to the caller only at this task's next checkpoint, which is after
    :meth:`SessionCore.request` queued the request: so requests started one after the other are written
    in that order, without waiting for their answers.
    """
    task_status.started()
    try:
        answers[key] = await core.request(body)
    except ClaudeSDKError as exc:
        answers[key] = exc


def _refusal(error: object) -> ClaimRefusedError:
    """The typed refusal for what the claim raised (the CLI's error names its reason first)."""
    if isinstance(error, ControlRequestError):
        reason, colon, _ = error.error.partition(":")
        if colon and reason.isidentifier():
            return ClaimRefusedError(reason, error.error)
    return ClaimRefusedError("claim_failed", f"the claim broke: {error}")


@asynccontextmanager
async def _parking(options: ClaudeAgentOptions) -> AsyncGenerator[str, None]:
    """The spare's working directory: ``options.cwd``, else a private directory under the config home's
    ``spares/`` (removed after the block)."""
    if options.cwd is not None:
        yield os.fspath(options.cwd)
        return
    if options.spawn is not None:
        raise ValueError(
            "prewarm(): with a custom spawn (the CLI may run elsewhere) pass ClaudeAgentOptions.cwd, a "
            "directory that exists where the CLI runs, to park the spare in"
        )
    spares = os.path.join(config_home_of(options), "spares")
    park = await trio.to_thread.run_sync(_make_park, spares)
    try:
        yield park
    finally:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(shutil.rmtree, park, True)


def _make_park(spares: str) -> str:
    """A new private folder under ``spares`` (made 0700 when missing; a relative one is under this
    process's working directory), by its absolute path."""
    make_private_dirs(spares)
    return os.path.abspath(tempfile.mkdtemp(prefix="spare-", dir=spares))


@_block_only(
    "prewarm() parks a CLI for an `async with prewarm(options) as spare:` block; claim it with "
    "`async with spare.claim(prompt, ClaimOptions(cwd=...)) as query:`"
)
@asynccontextmanager
async def prewarm(
    options: ClaudeAgentOptions | None = None, *, initialize_timeout: float | None = None
) -> AsyncGenerator[SpareProcess, None]:
    """Start the CLI as a parked **spare** before the session it will serve is known, for an ``async
    with`` block, and yield it as a :class:`SpareProcess` once it answered ``initialize``; bind it later
    with :meth:`SpareProcess.claim`.

    What runs now: process start, module load, configuration, authentication, tools, user-level skills,
    plugins and commands, the MCP servers of ``options`` (in-process ones included), hook and callback
    registration, ``initialize``.  What waits for the claim: the working directory, SessionStart hooks,
    CLAUDE.md and git context, the transcript.  So the spare is parked in a private directory under the
    config home (``~/.claude/spares/``, removed afterwards) unless ``options.cwd`` names one — which is
    never the session's folder.  Everything in ``options`` is fixed for the spare's life; a claim sets
    only :class:`ClaimOptions`.

    The spare's process lives in this block: leaving it (normally, by exception or by cancellation)
    shuts the CLI down as in rule 5 and always reaps it.  Raises :class:`UnsupportedOptionError` for a CLI
    too old to know ``--await-claim`` (2.1.197), :class:`InitializeTimeoutError` when the spare does not
    answer ``initialize`` within ``initialize_timeout`` seconds (the default as for :func:`open_session`:
    60 s, or ``CLAUDE_CODE_STREAM_CLOSE_TIMEOUT``), :class:`ValueError` for ``resume``, ``continue`` or
    ``fork_session`` (a spare has no session yet), and otherwise what :func:`open_session` raises.
    """
    timeout = checked_timeout(initialize_timeout, "prewarm")
    _require_trio()
    options = options or ClaudeAgentOptions()
    for name in ("resume", "continue_conversation", "fork_session"):
        if getattr(options, name):
            raise ValueError(
                f"prewarm(): ClaudeAgentOptions.{name} describes a session and a spare has none yet: pass it "
                "to open_query() or open_session() instead"
            )
    async with (
        _parking(options) as park,
        _started(spare_options(options, park), timeout) as core,
    ):
        spare = SpareProcess(core, park)
        try:
            yield spare
        finally:
            spare._close()


__all__ = ["SpareProcess", "prewarm"]
