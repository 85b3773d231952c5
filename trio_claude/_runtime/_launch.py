"""From options to a CLI ready to start: found, asked its version when the options need it, the options
adapted to it (inline settings in a private file for a CLI too old to read them from ``initialize``), and
started with the ``initialize`` line first on its stdin."""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import AsyncGenerator, Mapping
from contextlib import asynccontextmanager
from typing import Any

import orjson
import trio

from .._config._command import (
    NEWER_CLI,
    SettingsFile,
    adapt_to_cli,
    check_spare_cli,
    check_unknown_cli_version,
    hooks_first,
    is_spare,
    needs_cli_version,
    version_command,
)
from .._config._discovery import find_cli, parse_version
from .._config._home import config_home_of
from .._config._install import TESTED_CLI_VERSION
from .._config._options import ClaudeAgentOptions
from .._config._plan import PRIVATE_SETTINGS_FILE, LaunchPlan, compile_plan
from .._errors import CLIConnectionError, UnsupportedOptionError
from .._files import open_private
from ..wire._log import lines_logged, log_line
from ._process import CLIProcess, launch_process, read_cli_version

logger = logging.getLogger("trio_claude.runtime")


async def start(plan: LaunchPlan, stdin_prelude: bytes) -> CLIProcess:
    """Start the CLI of ``plan`` with ``stdin_prelude`` (this launch's ``initialize`` line) first on its
    stdin."""
    if stdin_prelude and lines_logged():
        log_line("out", stdin_prelude)
    return await launch_process(plan.command(stdin_prelude), plan.options.spawn, plan.options.user)


@asynccontextmanager
async def prepared_launch(options: ClaudeAgentOptions) -> AsyncGenerator[LaunchPlan, None]:
    """Find (without a custom spawn) and check the CLI for ``options`` and compile them, once, into the
    :class:`LaunchPlan` an ``async with`` block starts (:func:`start`) and that lasts as long as the CLI
    runs; a private settings file made for it is removed when the block is left, however.

    When ``options`` use something older CLIs lack, the CLI is first asked for its ``--version``:
    :class:`UnsupportedOptionError` when it is too old; when its version cannot be read,
    :class:`UnknownCLIVersionError` if an older CLI would ignore an option without a word and so let through
    what it forbids (see :class:`~trio_claude._config._command.Gate`), else a warning (an older CLI refuses
    the rest loudly).  So it is for a spare (``prewarm()``), which needs a CLI that knows ``--await-claim``.
    Raises :class:`CLINotFoundError` when the CLI cannot be found or started, :class:`CLIConnectionError`
    when ``cwd`` is not a directory, and :class:`ValueError` for contradictory options.
    """
    files = _SettingsFiles()
    try:
        yield await _prepare(options, files)
    finally:
        files.remove()


def launch_plan(
    options: ClaudeAgentOptions, cli_version: str | tuple[int, ...] = TESTED_CLI_VERSION
) -> LaunchPlan:
    """What a session with ``options`` would launch on CLI ``cli_version`` (``"2.1.332"`` or ``(2, 1, 332)``;
    default: the newest the test suite runs): the CLI's argv, environment and working directory, the
    ``initialize`` request and the line on its stdin, the version gates checked, the private settings file
    an older CLI reads.  Nothing is started and no file is written.

    It raises what starting the session would before the CLI runs: :class:`UnsupportedOptionError` for an
    option ``cli_version`` lacks, :class:`CLINotFoundError` when the CLI cannot be found (without a custom
    ``spawn``), :class:`ValueError` for contradictory options.
    """
    version = parse_version(cli_version) if isinstance(cli_version, str) else tuple(cli_version)
    if version is None:
        raise ValueError(f"launch_plan: expected a CLI version such as '2.1.332'; got {cli_version!r}")
    written: list[Mapping[str, Any]] = []

    def describe(settings: Mapping[str, Any]) -> str:
        written.append(settings)
        return PRIVATE_SETTINGS_FILE

    adapted = _for_cli(options, version, describe)
    return compile_plan(adapted, version, _cli_path(options), written[0] if written else None)


def _cli_path(options: ClaudeAgentOptions) -> str:
    # With a custom spawn the CLI may live elsewhere (a container, another host): no local discovery.
    return find_cli(options.cli_path) if options.spawn is None else str(options.cli_path or "claude")


async def _prepare(options: ClaudeAgentOptions, files: _SettingsFiles) -> LaunchPlan:
    cli_path = _cli_path(options)
    cwd = options.cwd
    if options.spawn is None and cwd is not None and not await trio.Path(cwd).is_dir():
        raise CLIConnectionError(
            f"ClaudeAgentOptions.cwd: {os.fspath(cwd)!r} is not a directory (it must exist before the "
            "session starts)"
        )
    if not (needs_cli_version(options) or is_spare(options)):
        return compile_plan(options, None, cli_path)
    asked = version_command(options, cli_path)
    version, read = await read_cli_version(asked, options.spawn, user=options.user)
    if version is None:
        check_unknown_cli_version(options, read)
        logger.warning("cannot read the Claude Code CLI's version (%s); starting it unchecked", read)
    # Compiled once, for the version the CLI gave (``None``: unknown).
    return compile_plan(_for_cli(options, version, files.write), version, cli_path, files.written)


def _for_cli(
    options: ClaudeAgentOptions, version: tuple[int, ...] | None, settings_file: SettingsFile
) -> ClaudeAgentOptions:
    """``options`` as CLI ``version`` (``None``: unknown) takes them, or :class:`UnsupportedOptionError`;
    ``settings_file`` writes the private settings file of an older CLI started here."""
    adapted = options
    if version is not None:
        if is_spare(options):
            check_spare_cli(version)
        # A CLI started elsewhere or as another user may not read a private file of this process.
        local = options.spawn is None and options.user is None
        adapted = adapt_to_cli(options, version, settings_file if local else None)
    hooked = hooks_first(adapted, version)
    if hooked is None:
        assert version is not None
        _check_no_deferred_tool(adapted, version)
        return adapted
    return hooked


def _check_no_deferred_tool(options: ClaudeAgentOptions, version: tuple[int, ...]) -> None:
    """Refuse to resume, on CLI ``version`` (which cannot register the hooks before it runs anything: see
    :func:`~trio_claude._config._command.hooks_first`), a session whose transcript ends in a tool use a
    hook deferred, or one whose transcript cannot be checked (elsewhere: a custom spawn, another user)."""
    try:
        found = _deferred_tool(options) if options.spawn is None and options.user is None else _UNCHECKED
    except OSError as exc:
        found = f"{_UNCHECKED} ({exc})"
    if found is None:
        return
    raise UnsupportedOptionError(
        option="continue_conversation" if options.resume is None else "resume",
        flag="--await-initialize",
        cli_version=version,
        required_version=NEWER_CLI,
        hint=f"{found}, which an older CLI may run as it starts, before the session's hooks are registered "
        "to deny it",
    )


_UNCHECKED = "its transcript cannot be checked here for a tool use a hook deferred"


def _deferred_tool(options: ClaudeAgentOptions) -> str | None:
    """What stops the resume in the transcripts ``options`` resume (a tool use a hook deferred, or no way to
    tell which they are); ``None``: nothing."""
    from .._history._deferred import pending_deferred_tool, resumed_transcripts  # only when resuming

    directory = os.fspath(options.cwd) if options.cwd is not None else os.getcwd()
    transcripts = resumed_transcripts(options.resume, directory, config_home_of(options))
    if transcripts is None:
        return _UNCHECKED
    for transcript in transcripts:
        deferred = pending_deferred_tool(transcript)
        if deferred is not None:
            tool, tool_use_id = deferred.get("toolName"), deferred.get("toolUseID")
            return f"it ends in a {tool} tool use a hook deferred ({tool_use_id})"
    return None


class _SettingsFiles:
    """The private directory of a session's settings file (made on first use)."""

    def __init__(self) -> None:
        self._directory: str | None = None
        self.written: Mapping[str, Any] | None = None
        """The settings written (``None``: none)."""

    def write(self, settings: Mapping[str, Any]) -> str:
        """Write ``settings`` to a new 0600 file in a new 0700 directory; return its path."""
        self.written = settings
        if self._directory is None:
            self._directory = tempfile.mkdtemp(prefix="trio-claude-")  # 0700
        path = os.path.join(self._directory, "settings.json")
        with open_private(path, "xb") as file:
            file.write(orjson.dumps(settings))
        return path

    def remove(self) -> None:
        if self._directory is not None:
            shutil.rmtree(self._directory, ignore_errors=True)
