"""What a conformance scenario runs with: the CLI under test, offline workspaces, and the drift seen."""

from __future__ import annotations

import shlex
import tempfile
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import attrs
import trio

from ... import ClaudeAgentOptions, ClaudeSession, open_session
from ..._files import open_private
from ...model import Message
from .._workspace import Workspace, open_workspace
from ..messages_api.script import Step
from ._drift import Drift

STDOUT_ENV_VAR = "TRIO_CLAUDE_CONFORMANCE_STDOUT"
"""Where the wrapper appends a copy of what the CLI writes on stdout."""


class ConformanceFailure(AssertionError):
    """A capability does not hold: the CLI did not do what the SDK relies on."""


def expect(condition: object, what: str) -> None:
    """Raise :class:`ConformanceFailure` saying ``what`` was expected unless ``condition`` holds."""
    if not condition:
        raise ConformanceFailure(what)


@attrs.frozen(kw_only=True)
class Probe:
    """The CLI under test as the scenarios start it, and the drift seen so far.

    ``cli`` is a wrapper around the real CLI that keeps a copy of its stdout in ``stdout_copy``, so that the
    drift covers every frame the CLI sent, those no scenario looks at included; each scenario runs with its
    own copy (:meth:`fork`), so that scenarios can run side by side.
    """

    cli: Path
    stdout_copy: Path
    drift: Drift = attrs.field(factory=Drift)

    def fork(self, name: str) -> Probe:
        """A probe sharing this one's CLI and drift, with its own (empty, private) stdout copy ``name``."""
        stdout_copy = self.stdout_copy.with_name(f"stdout-{name}.jsonl")
        open_private(stdout_copy, "xb").close()  # conversation content: 0600, in mkdtemp's 0700 folder
        return attrs.evolve(self, stdout_copy=stdout_copy)

    @asynccontextmanager
    async def workspace(self, *steps: Step) -> AsyncGenerator[Workspace, None]:
        """A throw-away offline workspace whose scripted model plays ``steps`` (always offline: the kit
        never talks to the real API, whatever ``TRIO_CLAUDE_REAL_API`` says)."""
        async with open_workspace(steps, real_api=False, prefix="trio-claude-conformance-") as workspace:
            yield workspace

    def options(self, workspace: Workspace, **overrides: Any) -> ClaudeAgentOptions:
        """Options running the CLI under test in ``workspace`` (``overrides``: other option fields)."""
        env = {**workspace.env, STDOUT_ENV_VAR: str(self.stdout_copy)}
        return workspace.options(cli_path=self.cli, env=env, **overrides)

    @asynccontextmanager
    async def session(self, options: ClaudeAgentOptions) -> AsyncGenerator[ClaudeSession, None]:
        """:func:`~trio_claude.open_session`, the ``initialize`` answer walked for drift."""
        async with open_session(options) as session:
            self.drift.observe(session.server_info)
            yield session

    async def turn(self, session: ClaudeSession, prompt: str) -> list[Message]:
        """Send ``prompt`` and collect its turn, up to its result."""
        await session.send(prompt)
        return await collect(session.receive_response())

    def read_drift(self) -> None:
        """Walk what the CLI wrote on stdout for drift (in every scenario's copy)."""
        for copy in sorted(self.stdout_copy.parent.glob("stdout-*.jsonl")):
            self.drift.read_stdout(copy)


async def collect(messages: AsyncIterator[Message]) -> list[Message]:
    """Every message of ``messages``."""
    return [message async for message in messages]


Check = Callable[[Probe], Awaitable[None]]
"""A scenario's check: raises (:class:`ConformanceFailure` or any error) when the capability does not hold."""


@attrs.frozen
class Scenario:
    """One capability the SDK relies on, and the check that it holds."""

    name: str
    check: Check


@asynccontextmanager
async def open_probe(cli: Path) -> AsyncGenerator[Probe, None]:
    """A :class:`Probe` for the real CLI at ``cli``, its wrapper in a temporary directory (removed on
    exit)."""
    with tempfile.TemporaryDirectory(prefix="trio-claude-conformance-") as scratch:
        wrapper = Path(scratch) / "claude"
        real = shlex.quote(str(await trio.Path(cli).absolute()))
        wrapper.write_text(
            "#!/usr/bin/env bash\n"
            "# The CLI under test, a copy of its stdout kept for the conformance kit's drift section.\n"
            f'exec {real} "$@" > >(exec tee -a "${{{STDOUT_ENV_VAR}:-/dev/null}}")\n'
        )
        wrapper.chmod(0o700)
        yield Probe(cli=wrapper, stdout_copy=Path(scratch) / "stdout.jsonl").fork("probe")
