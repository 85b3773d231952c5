"""The tested Claude Code CLI, installed on demand into a per-user cache.

The official Python SDK bundles a CLI in its wheel; trio_claude installs the exact build its test suite
runs against, with npm, the first time it is asked to (``python -m trio_claude install-cli``), into
``$XDG_CACHE_HOME/trio_claude/cli/<version>/`` (``~/.cache/...`` by default).  :func:`find_cli` looks
there after ``PATH``.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from .._errors import ClaudeSDKError

TESTED_CLI_VERSIONS: tuple[str, ...] = ("2.1.332", "2.1.197")
"""The Claude Code CLI releases the test suite runs against, newest first (the same as the project's
``.ci/cli-versions``: the first is the primary, the last the oldest supported)."""

TESTED_CLI_VERSION = TESTED_CLI_VERSIONS[0]
"""The CLI release trio_claude is primarily tested with: what ``python -m trio_claude install-cli``
installs by default."""

CLI_PACKAGE = "@anthropic-ai/claude-code"
"""The npm package of the Claude Code CLI."""

_VERSION = r"[0-9]+\.[0-9]+\.[0-9]+(?:[-+][0-9A-Za-z.-]+)?"  # fullmatch; compiled on first use (re's cache)
_PROBE_TIMEOUT = 60.0
_INSTALL_TIMEOUT = 900.0


class CLIInstallError(ClaudeSDKError):
    """Installing the CLI failed: npm is missing, ``npm install`` failed, or the installed program does not
    report the version asked for.  The message says what happened and what to do."""


def cli_cache_dir() -> Path:
    """Where installed CLIs live: ``$XDG_CACHE_HOME/trio_claude/cli`` when that variable holds an absolute
    path, else ``~/.cache/trio_claude/cli``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    return root / "trio_claude" / "cli"


def cached_cli_path(version: str, cache: Path | None = None) -> Path:
    """Where the CLI ``version`` is (or would be) in the cache."""
    return (cache or cli_cache_dir()) / version / "node_modules" / ".bin" / "claude"


def cached_clis(cache: Path | None = None) -> list[Path]:
    """The CLIs installed in the cache, best first: the tested releases (newest first), then any other
    version installed there (newest first)."""
    cache = cache or cli_cache_dir()
    try:
        versions = [entry.name for entry in cache.iterdir() if re.fullmatch(_VERSION, entry.name)]
    except OSError:
        return []
    tested = [v for v in TESTED_CLI_VERSIONS if v in versions]
    others = sorted((v for v in versions if v not in TESTED_CLI_VERSIONS), key=_version_key, reverse=True)
    return [path for v in (*tested, *others) if _is_executable(path := cached_cli_path(v, cache))]


def install_cli(version: str | None = None, *, cache: Path | None = None, verbose: bool = False) -> Path:
    """Install the Claude Code CLI ``version`` (default :data:`TESTED_CLI_VERSION`) with npm into the
    per-user cache (``$XDG_CACHE_HOME/trio_claude/cli``, by default ``~/.cache/trio_claude/cli``), and
    return the path of its ``claude`` program.

    Idempotent: when that version is already there, nothing is downloaded.  The install goes to a staging
    directory that replaces ``<cache>/<version>`` only once the program reports the right version, so a
    failed or interrupted install never leaves a half-installed CLI for :func:`find_cli` to pick.  Two
    installs at once take turns.  Blocking (it runs ``npm``): call it before :func:`trio.run`, or in a
    worker thread.  With ``verbose``, each step is a line on stderr, and so is npm's own output (its
    progress on a terminal); otherwise npm's output is only quoted if it fails.

    Raises :class:`ValueError` for a malformed version and :class:`CLIInstallError` when npm is missing,
    ``npm install`` fails, or the installed program reports another version.
    """
    version = TESTED_CLI_VERSION if version is None else version
    if not re.fullmatch(_VERSION, version):
        raise ValueError(f"not a CLI version: {version!r} (expected e.g. {TESTED_CLI_VERSION})")
    say = _say if verbose else _silent
    cache = cache or cli_cache_dir()
    target = cached_cli_path(version, cache)
    if _reported_version(target) == version:
        say(f"the CLI {version} is already installed")
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise CLIInstallError(
            f"cannot install the Claude Code CLI {version}: npm is not on PATH.\n"
            "Install Node.js 18 or newer with npm (e.g. from your system's package manager), then run "
            "`python -m trio_claude install-cli` again; or install the CLI yourself and pass "
            "ClaudeAgentOptions(cli_path=...) or set TRIO_CLAUDE_CLI."
        )
    cache.mkdir(parents=True, exist_ok=True)
    with _lock(
        cache / f".{version}.lock", lambda: say(f"another install of the CLI {version} runs: waiting")
    ):
        if _reported_version(target) == version:  # another install finished while we waited
            say(f"the CLI {version} is installed (by the other install)")
            return target
        staging = Path(tempfile.mkdtemp(prefix=f".{version}.", dir=cache))
        try:
            say(f"running npm install {CLI_PACKAGE}@{version} (npm downloads it)")
            _npm_install(npm, staging, version, verbose)
            say(f"checking that the installed CLI reports {version}")
            _check_installed(staging, version)
            _replace(staging, cache / version)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    say(f"installed the CLI {version}")
    return target


def _say(line: str) -> None:
    print(f"trio_claude: {line}", file=sys.stderr, flush=True)


def _silent(line: str) -> None:
    pass


def _npm_install(npm: str, prefix: Path, version: str, verbose: bool) -> None:
    """``npm install`` the CLI into ``prefix``: its output on our stderr with ``verbose`` (npm shows its
    progress on a terminal), else captured and quoted only if it fails."""
    argv = [
        npm,
        "install",
        "--prefix",
        str(prefix),
        "--no-audit",
        "--no-fund",
        "--save-exact",
        "--loglevel=notice" if verbose else "--loglevel=error",
        f"{CLI_PACKAGE}@{version}",
    ]
    # Verbose: npm's stdout to our stderr (our stdout carries only the path), its stderr left as it is.
    streams: dict[str, Any] = {"stdout": sys.stderr} if verbose else {"capture_output": True}
    try:
        done = subprocess.run(
            argv,
            stdin=subprocess.DEVNULL,
            text=True,
            errors="replace",
            timeout=_INSTALL_TIMEOUT,
            check=False,
            **streams,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CLIInstallError(
            f"cannot install the Claude Code CLI {version}: running npm failed: {exc}"
        ) from exc
    if done.returncode != 0:
        output = "(npm's output is above)" if verbose else (done.stderr or done.stdout or "").strip()
        raise CLIInstallError(
            f"cannot install the Claude Code CLI {version}: `npm install {CLI_PACKAGE}@{version}` "
            f"failed (exit {done.returncode}):\n{(output or '(no output)')[-2000:]}"
        )


def _check_installed(prefix: Path, version: str) -> None:
    got = _reported_version(prefix / "node_modules" / ".bin" / "claude")
    if got != version:
        raise CLIInstallError(
            f"cannot install the Claude Code CLI {version}: npm installed it, but `claude --version` "
            f"reports {got or 'nothing'}, not {version}"
        )


def _replace(staging: Path, final: Path) -> None:
    """Put the staged install at ``final``, moving any previous (broken or partial) one out of the way."""
    if final.exists() or final.is_symlink():
        old = Path(tempfile.mkdtemp(prefix=f".{final.name}.old.", dir=final.parent))
        final.rename(old / final.name)
        staging.rename(final)
        shutil.rmtree(old, ignore_errors=True)
    else:
        staging.rename(final)


def _reported_version(program: Path) -> str | None:
    """The version ``program --version`` reports (its first word), or ``None``."""
    if not _is_executable(program):
        return None
    env = {**os.environ, "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}
    try:
        done = subprocess.run(
            [str(program), "--version"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=_PROBE_TIMEOUT,
            env=env,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    words = done.stdout.split()
    return words[0] if done.returncode == 0 and words else None


def _is_executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version.split("-")[0].split("+")[0]))


@contextlib.contextmanager
def _lock(path: Path, on_wait: Callable[[], None]) -> Generator[None, None, None]:
    """An exclusive lock on ``path`` (POSIX ``flock``; elsewhere no lock); ``on_wait()`` is called when
    another process holds it."""
    if sys.platform == "win32":
        yield
        return
    import fcntl

    with path.open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            on_wait()
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
