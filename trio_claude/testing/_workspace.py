"""A throw-away place to run an agent: scripted offline, or against the real API when there is a key."""

from __future__ import annotations

import os
import tempfile
from collections.abc import AsyncGenerator, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import attrs

from .._options import ClaudeAgentOptions
from ._messages_api import MessagesAPI, Step, serve_messages_api


@attrs.frozen(kw_only=True)
class Workspace:
    """Where an agent runs: a throw-away ``home`` for the CLI, an empty ``project`` directory, and the
    environment that points the CLI at the model.

    ``api`` is the scripted Messages API, or ``None`` when the workspace uses the real API (then ``env`` is
    empty: the CLI inherits this process's environment, key included).
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

        The CLI is ``$TRIO_CLAUDE_CLI`` when set (the project's tests and ``./dev`` set it), else the usual
        discovery; ``overrides`` are any other :class:`~trio_claude.ClaudeAgentOptions` fields.
        """
        settings: dict[str, Any] = {
            "cli_path": os.environ.get("TRIO_CLAUDE_CLI"),
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

    Offline (the default when ``ANTHROPIC_API_KEY`` is not set, or with ``real_api=False``) the CLI gets
    the environment of a scripted Messages API serving ``script`` (see :meth:`MessagesAPI.cli_env`; its
    ``HOME`` and config directory are ``home``).  With ``real_api=True``, or by default when the key is
    set, nothing is served and ``script`` is ignored: this is how the examples run offline by default and
    against the real model when a key is at hand.
    """
    if real_api is None:
        real_api = bool(os.environ.get("ANTHROPIC_API_KEY"))
    with tempfile.TemporaryDirectory(prefix=prefix) as scratch:
        home, project = _make_dirs(Path(scratch))
        if real_api:
            yield Workspace(home=home, project=project, env={}, api=None)
            return
        async with serve_messages_api(script) as api:
            env = api.cli_env(home, max_retries=max_retries)
            yield Workspace(home=home, project=project, env=env, api=api)


def _make_dirs(scratch: Path) -> tuple[Path, Path]:
    # Two empty directories on local disk: quick enough not to need a worker thread.
    home, project = scratch / "home", scratch / "project"
    home.mkdir()
    project.mkdir()
    return home, project
