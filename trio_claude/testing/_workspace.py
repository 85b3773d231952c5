"""A throw-away place to run an agent: scripted offline by default, or against the real API when asked."""

from __future__ import annotations

import os
import tempfile
from collections.abc import AsyncGenerator, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import attrs

from .. import ClaudeAgentOptions
from .messages_api.script import Step
from .messages_api.server import MessagesAPI, serve_messages_api


@attrs.frozen(kw_only=True)
class Workspace:
    """Where an agent runs: a throw-away ``home`` for the CLI, an empty ``project`` directory, and the
    environment that points the CLI at the model.

    ``api`` is the scripted Messages API, or ``None`` when the workspace uses the real API (then ``env`` is
    empty: the CLI inherits this process's environment, ``HOME`` and credentials included, so it uses your
    login or ``ANTHROPIC_API_KEY`` and keeps its session files in your ``~/.claude``).
    """

    home: Path
    project: Path
    env: Mapping[str, str]
    api: MessagesAPI | None

    @property
    def offline(self) -> bool:
        """Whether the CLI talks to the scripted model."""
        return self.api is not None

    def add_steps(self, *steps: Step) -> None:
        """Append steps to the scripted model's script (e.g. steps naming files in ``project``); with the
        real API this does nothing."""
        if self.api is not None:
            self.api.add_steps(*steps)

    def options(self, **overrides: Any) -> ClaudeAgentOptions:
        """Options running the CLI in ``project`` with this workspace's environment.

        The CLI is found as always (:func:`~trio_claude.find_cli`: ``$TRIO_CLAUDE_CLI``, which the
        project's tests and ``./dev`` set, then ``PATH``...); ``overrides`` are any other
        :class:`~trio_claude.ClaudeAgentOptions` fields.
        """
        settings: dict[str, Any] = {
            "cwd": self.project,
            "env": dict(self.env),
        }
        settings.update(overrides)
        return ClaudeAgentOptions(**settings)


@asynccontextmanager
async def open_workspace(
    script: Iterable[Step] = (),
    *,
    real_api: bool | None = None,
    prefix: str = "trio-claude-",
    max_retries: int | None = 0,
) -> AsyncGenerator[Workspace, None]:
    """A temporary :class:`Workspace`, removed on exit.

    Offline by default: the CLI gets the environment of a scripted Messages API serving ``script`` (see
    :meth:`MessagesAPI.cli_env`: a dummy key, and ``home`` as its ``HOME`` and config directory, so nothing
    is read from or written to your own ``~/.claude``).  Only when asked, with ``real_api=True`` or (when
    ``real_api`` is ``None``) with ``TRIO_CLAUDE_REAL_API=1`` in the environment, nothing is served,
    ``script`` is ignored and the CLI talks to the real API as you (see :class:`Workspace`).  An API key in
    the environment alone never switches: this is how the examples run offline unless you ask.

    Raises :class:`ValueError` when ``TRIO_CLAUDE_REAL_API`` holds something other than ``1``/``0`` (or
    ``true``/``false``, ``yes``/``no``, empty).
    """
    if real_api is None:
        real_api = real_api_requested()
    with tempfile.TemporaryDirectory(prefix=prefix) as scratch:
        home, project = _make_dirs(Path(scratch))
        if real_api:
            yield Workspace(home=home, project=project, env={}, api=None)
            return
        async with serve_messages_api(script) as api:
            env = api.cli_env(home, max_retries=max_retries)
            yield Workspace(home=home, project=project, env=env, api=api)


REAL_API_ENV_VAR = "TRIO_CLAUDE_REAL_API"
"""Set it to ``1`` to run :func:`open_workspace` (and so the examples) against the real API."""

_TRUE, _FALSE = ("1", "true", "yes"), ("", "0", "false", "no")


def real_api_requested() -> bool:
    """Whether ``TRIO_CLAUDE_REAL_API`` asks for the real API (``1``, ``true``, ``yes``; unset, empty,
    ``0``, ``false``, ``no`` mean offline).  Any other value raises :class:`ValueError` rather than being
    guessed at."""
    value = os.environ.get(REAL_API_ENV_VAR, "").strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError(
        f"{REAL_API_ENV_VAR}={os.environ[REAL_API_ENV_VAR]!r}: set it to 1 for the real API, or to 0 (or "
        "leave it unset) for the offline scripted model"
    )


def _make_dirs(scratch: Path) -> tuple[Path, Path]:
    # Two empty directories on local disk: quick enough not to need a worker thread.
    home, project = scratch / "home", scratch / "project"
    home.mkdir()
    project.mkdir()
    return home, project
