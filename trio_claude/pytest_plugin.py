"""The ``trio_claude`` pytest plugin: fixtures to run the real ``claude`` CLI offline.

Registered through the ``pytest11`` entry point, so pytest loads it in every run of a project that has
trio_claude installed: loading it imports neither the test kit nor anything of the ``testing`` extra.  A
fixture imports :mod:`trio_claude.testing` when a test first asks for it, and without the extra
(``pip install 'trio_claude[testing]'``) that import fails with an :class:`ImportError` that names it.

The fixtures:

* ``claude_cli`` — the path of the real CLI: ``--claude-cli``, else ``$TRIO_CLAUDE_CLI``, else ``claude`` on
  ``PATH``, the per-user cache of ``python -m trio_claude install-cli`` and the usual install places.  A test
  that asks for it and cannot have it **fails**; it is never skipped silently.
* ``claude_cli_version`` — its version as a tuple, e.g. ``(2, 1, 330)``.
* ``messages_api`` — a running :class:`~trio_claude.testing.MessagesAPI` with an empty script (add steps
  with :meth:`~trio_claude.testing.MessagesAPI.add_steps`).
* ``claude_home`` / ``claude_project`` — a throw-away ``HOME`` and a project directory.
* ``offline_options`` — :class:`~trio_claude.ClaudeAgentOptions` wired to all of the above.
* ``postgres`` — a throw-away PostgreSQL server for the whole test session
  (:func:`~trio_claude.testing.postgres_server`); a test that asks for it and cannot have it **fails**.
* ``sshd`` — a throw-away OpenSSH server on 127.0.0.1 for the whole test session
  (:func:`~trio_claude.testing.ssh_server`); a test that asks for it and cannot have it **fails**.
"""

from __future__ import annotations

import importlib.util
import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from . import ClaudeAgentOptions, CLINotFoundError, find_cli
from ._config._discovery import CLI_ENV_VAR, parse_version

if TYPE_CHECKING:
    from .testing import MessagesAPI, PostgresServer, SSHServer


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("trio_claude")
    group.addoption(
        "--claude-cli",
        action="store",
        default=None,
        help=f"path of the real Claude Code CLI for end-to-end tests (default: ${CLI_ENV_VAR}, then PATH...)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "real_cli: end-to-end test against the real Claude Code CLI (fixture claude_cli)"
    )


def locate_cli(config: pytest.Config) -> Path:
    """The real CLI for this test run: ``--claude-cli``, else :func:`~trio_claude.find_cli` (which reads
    ``$TRIO_CLAUDE_CLI``, then ``PATH``, the per-user cache and the usual places).  Raises
    :class:`CLINotFoundError` saying what was tried."""
    option = config.getoption("--claude-cli")
    if option is None:
        return Path(find_cli())
    try:
        return Path(find_cli(option))
    except CLINotFoundError as exc:
        raise CLINotFoundError(f"{exc}\n(given as --claude-cli)", cli_path=exc.cli_path) from None


@pytest.fixture(scope="session")
def claude_cli(pytestconfig: pytest.Config) -> Path:
    """The real Claude Code CLI.  Fails the test (never skips) when it cannot be found."""
    try:
        return locate_cli(pytestconfig)
    except CLINotFoundError as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture(scope="session")
def claude_cli_version(claude_cli: Path) -> tuple[int, ...]:
    """The version of :func:`claude_cli` (from ``claude --version``)."""
    out = subprocess.run(
        [str(claude_cli), "--version"], capture_output=True, text=True, timeout=60, check=False
    )
    version = parse_version(out.stdout)
    if version is None:
        pytest.fail(f"cannot read the version of {claude_cli}: {out.stdout!r} {out.stderr!r}", pytrace=False)
    return version


@pytest.fixture
def claude_home(tmp_path: Path) -> Path:
    """A throw-away ``HOME`` (the CLI's config and session files go to ``claude_home / ".claude"``)."""
    home = tmp_path / "home"
    home.mkdir()
    return home


@pytest.fixture
def claude_project(tmp_path: Path) -> Path:
    """An empty project directory for the CLI to work in."""
    project = tmp_path / "project"
    project.mkdir()
    return project


if importlib.util.find_spec("pytest_trio") is not None:

    @pytest.fixture
    async def messages_api() -> AsyncIterator[MessagesAPI]:
        """A scripted fake Messages API on 127.0.0.1 with an empty script.

        Add the model's answers with ``messages_api.add_steps(...)``.  With ``strict`` checking, the test
        fails at teardown if the CLI asked for more turns than were scripted.
        """
        from .testing import serve_messages_api

        async with serve_messages_api() as api:
            yield api

else:  # an async fixture needs pytest-trio (the testing extra): say so, not "no plugin for async fixtures"

    @pytest.fixture
    def messages_api() -> MessagesAPI:
        """A scripted fake Messages API on 127.0.0.1 with an empty script (needs pytest-trio)."""
        raise ImportError(
            "the messages_api fixture runs under pytest-trio, which is not installed: "
            "pip install 'trio_claude[testing]'"
        )


@pytest.fixture
def offline_options(
    claude_cli: Path, messages_api: MessagesAPI, claude_home: Path, claude_project: Path
) -> ClaudeAgentOptions:
    """Options that run the real CLI offline against :func:`messages_api` in :func:`claude_project`."""
    return ClaudeAgentOptions(
        cli_path=claude_cli,
        cwd=claude_project,
        env=messages_api.cli_env(claude_home),
    )


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A throw-away PostgreSQL server (Unix socket only), started once for the test session and stopped at
    its end.  Fails the test (never skips) when PostgreSQL is not installed or does not start."""
    from .testing import PostgresServerError, postgres_server

    try:
        context = postgres_server()
        server = context.__enter__()
    except PostgresServerError as exc:
        pytest.fail(f"cannot start the throw-away PostgreSQL server: {exc}", pytrace=False)
    try:
        yield server
    finally:
        context.__exit__(None, None, None)


@pytest.fixture(scope="session")
def sshd() -> Iterator[SSHServer]:
    """A throw-away ``sshd`` on a free port of 127.0.0.1 that lets the current user in with a key of its own,
    started once for the test session and stopped at its end.  Fails the test (never skips) when
    openssh-server is not installed or does not start."""
    from .testing import SSHServerError, ssh_server

    try:
        context = ssh_server()
        server = context.__enter__()
    except SSHServerError as exc:
        pytest.fail(f"cannot start the throw-away sshd: {exc}", pytrace=False)
    try:
        yield server
    finally:
        context.__exit__(None, None, None)
