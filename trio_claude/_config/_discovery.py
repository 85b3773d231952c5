"""Finding the CLI: the ``claude`` executable (an explicit path, $TRIO_CLAUDE_CLI, PATH, the install
cache, the usual install places), reading its version, and saying when it is not a tested one."""

from __future__ import annotations

import logging
import os
import re
import shutil
from pathlib import Path

from .._errors import CLINotFoundError
from ._install import CLI_PACKAGE, TESTED_CLI_VERSION, TESTED_CLI_VERSIONS, cached_clis, cli_cache_dir

JS_SUFFIXES = (".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx")
"""Scripts run with ``node`` (the npm package's ``cli.js``), not executed themselves."""


CLI_ENV_VAR = "TRIO_CLAUDE_CLI"
"""The environment variable naming the ``claude`` program (see :func:`find_cli`)."""


OLDEST_TESTED_CLI = tuple(int(part) for part in TESTED_CLI_VERSIONS[-1].split("."))
"""The oldest CLI version the test suite runs against."""

NEWEST_TESTED_CLI = tuple(int(part) for part in TESTED_CLI_VERSIONS[0].split("."))
"""The newest CLI version the test suite runs against (the primary pin)."""

CONFORMANCE_COMMAND = "python -m trio_claude conformance"
"""The command that checks this SDK against the installed CLI (the conformance kit)."""

_logger = logging.getLogger("trio_claude")
_newer_noticed = False  # the newer-than-tested notice: once per process


def notice_untested(version: str) -> None:
    """Log a warning on the ``trio_claude`` logger when the CLI ``version`` (``"2.1.340"``, from its
    ``--version``, its ``initialize`` answer or ``system/init``) is not one the test suite ran: older than
    the oldest (each time), or newer than the newest (once per process: a CLI updates itself long before
    this SDK does, and mostly works; the warning names the command that checks it)."""
    global _newer_noticed
    parsed = parse_version(version)
    if parsed is None:
        return
    if parsed < OLDEST_TESTED_CLI:
        _logger.warning(
            "Claude Code CLI %s is older than the oldest version trio_claude is tested with (%s)",
            version,
            TESTED_CLI_VERSIONS[-1],
        )
    elif parsed > NEWEST_TESTED_CLI and not _newer_noticed:
        _newer_noticed = True
        _logger.warning(
            "Claude Code CLI %s is newer than the newest version trio_claude is tested with (%s); to check "
            "that they work together, run: %s",
            version,
            TESTED_CLI_VERSION,
            CONFORMANCE_COMMAND,
        )


def find_cli(cli_path: str | os.PathLike[str] | None = None) -> str:
    """Locate the ``claude`` executable, in this order:

    1. ``cli_path`` (:attr:`ClaudeAgentOptions.cli_path`), when given;
    2. the ``TRIO_CLAUDE_CLI`` environment variable, when set (and not empty);
    3. ``claude`` on ``PATH``;
    4. the per-user cache that ``python -m trio_claude install-cli`` fills (:func:`install_cli`): the
       tested release if it is there, else the newest installed;
    5. the usual install places (npm's global ``bin``, ``/usr/local/bin``, ``~/.local/bin``,
       ``~/.claude/local``…).

    A ``cli_path`` or ``TRIO_CLAUDE_CLI`` naming a missing file, a directory or a program that cannot be
    executed is an error (naming which of the two was wrong), never a silent fall-through to the next
    place.  Raises :class:`CLINotFoundError`, whose message lists every place looked at and the shortest
    fix.
    """
    if cli_path is not None:
        return _chosen(Path(cli_path).expanduser(), "ClaudeAgentOptions(cli_path=...)")
    from_env = os.environ.get(CLI_ENV_VAR)
    if from_env:
        return _chosen(Path(from_env).expanduser(), f"${CLI_ENV_VAR}")
    searched = ["ClaudeAgentOptions(cli_path=...): not given", f"${CLI_ENV_VAR}: not set"]
    found = shutil.which("claude")
    if found:
        return found
    searched.append(f"`claude` on $PATH: not found (PATH={os.environ.get('PATH', '')})")
    cache = cli_cache_dir()
    cached = cached_clis(cache)
    if cached:
        return str(cached[0])
    searched.append(f"{cache}/<version>/node_modules/.bin/claude: nothing installed")
    for candidate in _install_places():
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
        searched.append(f"{candidate}: not found")
    lines = "\n".join(f"  {n}. {place}" for n, place in enumerate(searched, 1))
    raise CLINotFoundError(
        f"Claude Code CLI not found. Looked in, in order:\n{lines}\n"
        f"Shortest fix: python -m trio_claude install-cli\n"
        f"  (installs the tested CLI {TESTED_CLI_VERSION} with npm into {cache}, where it is found)\n"
        f"Or: npm install -g {CLI_PACKAGE}\n"
        f'Or point at a CLI you have: ClaudeAgentOptions(cli_path="/path/to/claude") or '
        f"{CLI_ENV_VAR}=/path/to/claude",
        searched=tuple(searched),
    )


SYSTEM_INSTALL_PLACES: tuple[Path, ...] = (Path("/usr/local/bin/claude"),)
"""Install places outside the home directory that :func:`find_cli` looks at."""


def _install_places() -> list[Path]:
    """The usual install places of ``claude``, in the order :func:`find_cli` looks at them."""
    home = Path.home()
    return [
        home / ".npm-global" / "bin" / "claude",
        *SYSTEM_INSTALL_PLACES,
        home / ".local" / "bin" / "claude",
        home / "node_modules" / ".bin" / "claude",
        home / ".yarn" / "bin" / "claude",
        home / ".claude" / "local" / "claude",
    ]


def _chosen(path: Path, source: str) -> str:
    """``path`` if it is a program the user can run, else a :class:`CLINotFoundError` naming ``source``."""
    if not path.exists():
        problem = "not found"
    elif path.is_dir():
        problem = "is a directory, not the claude program"
    elif not path.name.endswith(JS_SUFFIXES) and not os.access(path, os.X_OK):
        problem = "is not executable"
    else:
        return str(path)
    hint = "unset it or correct it" if source.startswith("$") else "correct it or leave it out"
    raise CLINotFoundError(
        f"Claude Code CLI {problem}: {path} (from {source}; {hint}).\n"
        f"To install the tested CLI: python -m trio_claude install-cli",
        cli_path=str(path),
        searched=(f"{source}: {path}: {problem}",),
    )


def parse_version(text: str | None) -> tuple[int, ...] | None:
    """``"2.1.330 (Claude Code)"`` → ``(2, 1, 330)``; ``None`` when unreadable."""
    if not text:
        return None
    match = re.match(r"(\d+)\.(\d+)\.(\d+)", text.strip())
    return tuple(int(part) for part in match.groups()) if match else None


def version_from_output(output: str) -> tuple[int, ...] | None:
    """The version ``claude --version`` wrote: the last line of ``output`` that starts with one (a login
    banner or a wrapper may write lines before it); ``None`` when no line does."""
    for line in reversed(output.splitlines()):
        version = parse_version(line)
        if version is not None:
            return version
    return None
