"""Where sessions live on disk: the config directory, project keys (sanitized, hashed), session and
subagent files, the project directories of a repository's git worktrees."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import unicodedata
from pathlib import Path

logger = logging.getLogger("trio_claude.history")


MAX_SANITIZED_LENGTH = 200
"""Escaped project directory names longer than this are cut and suffixed with a hash."""


_GIT_TIMEOUT = 5.0  # seconds to wait for `git worktree list` before listing the directory alone


_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


_AGENT_ID = re.compile(r"^[A-Za-z0-9_-]{1,128}$")


def _config_dir(config_dir: str | os.PathLike[str] | None) -> Path:
    if config_dir is not None:
        return Path(config_dir)
    configured = os.environ.get("CLAUDE_CONFIG_DIR")
    base = Path(configured) if configured else Path.home() / ".claude"
    return Path(unicodedata.normalize("NFC", str(base)))


def _java_hash(text: str) -> int:
    value = 0
    data = text.encode("utf-16-le", errors="surrogatepass")
    for i in range(0, len(data), 2):  # over UTF-16 code units, like JavaScript's charCodeAt
        value = (value * 31 + (data[i] | data[i + 1] << 8)) & 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if not number:
            return out


def project_key_for_directory(directory: str | os.PathLike[str] | None = None) -> str:
    """The name of ``directory``'s folder under ``projects/`` (default: the current directory).

    The path is resolved, then every character outside ``[A-Za-z0-9]`` becomes ``-``; a name longer than
    200 characters is cut to 200 and suffixed with ``-`` and the base-36 hash of the path.
    """
    chosen: str | os.PathLike[str] = os.getcwd() if directory is None else directory
    path: str = os.path.realpath(os.fspath(chosen))
    path = unicodedata.normalize("NFC", path)
    escaped = re.sub(r"[^a-zA-Z0-9]", "-", path)
    if len(escaped) <= MAX_SANITIZED_LENGTH:
        return escaped
    return f"{escaped[:MAX_SANITIZED_LENGTH]}-{_base36(abs(_java_hash(path)))}"


def _project_dir(directory: str | os.PathLike[str], config_dir: str | os.PathLike[str] | None) -> Path | None:
    projects = _config_dir(config_dir) / "projects"
    key = project_key_for_directory(directory)
    exact = projects / key
    if exact.is_dir():
        return exact
    if len(key) <= MAX_SANITIZED_LENGTH:
        return None
    # The CLI may hash long paths differently (its runtime's hash): match on the cut prefix.
    prefix = key[:MAX_SANITIZED_LENGTH] + "-"
    try:
        return next((p for p in sorted(projects.iterdir()) if p.is_dir() and p.name.startswith(prefix)), None)
    except OSError:
        return None


def _project_dirs(
    directory: str | os.PathLike[str] | None, config_dir: str | os.PathLike[str] | None
) -> list[Path]:
    if directory is not None:
        found = _project_dir(directory, config_dir)
        return [] if found is None else [found]
    projects = _config_dir(config_dir) / "projects"
    try:
        return sorted(p for p in projects.iterdir() if p.is_dir())
    except OSError:
        return []


def _check_uuid(value: str, what: str) -> str:
    if not _UUID.match(value):
        raise ValueError(f"{what} must be a UUID, not {value!r}")
    return value


def _session_file(
    session_id: str, directory: str | os.PathLike[str] | None, config_dir: str | os.PathLike[str] | None
) -> Path | None:
    _check_uuid(session_id, "session_id")
    for project in _project_dirs(directory, config_dir):
        candidate = project / f"{session_id}.jsonl"
        if candidate.is_file():
            return candidate
    return None


def session_file_path(
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> Path | None:
    """The file of session ``session_id`` (searched in ``directory``'s project, else in every project), or
    ``None``.  Raises :class:`ValueError` if ``session_id`` is not a UUID."""
    return _session_file(session_id, directory, config_dir)


def subagents_dir(
    session_id: str, directory: str | os.PathLike[str] | None, config_dir: str | os.PathLike[str] | None
) -> Path | None:
    path = _session_file(session_id, directory, config_dir)
    return None if path is None else path.parent / session_id / "subagents"


def _worktree_paths(directory: str) -> list[str]:
    """The paths of every worktree of the git repository holding ``directory``, from
    ``git worktree list --porcelain``; ``[]`` if git is missing, fails, times out or finds no repository."""
    try:
        done = subprocess.run(
            ["git", "worktree", "list", "--porcelain"],
            cwd=directory,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=_GIT_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as error:
        logger.debug("git worktree list failed in %s: %s", directory, error)
        return []
    if done.returncode != 0:
        return []
    prefix = b"worktree "
    return [os.fsdecode(line[len(prefix) :]) for line in done.stdout.split(b"\n") if line.startswith(prefix)]


def listed_project_dirs(
    directory: str | os.PathLike[str] | None,
    config_dir: str | os.PathLike[str] | None,
    include_worktrees: bool,
) -> list[Path]:
    if directory is None or not include_worktrees:
        return _project_dirs(directory, config_dir)
    found: list[Path] = []
    # The directory itself first: it may be a subfolder of a worktree, with a project of its own.
    for candidate in [os.fspath(directory), *_worktree_paths(os.path.realpath(os.fspath(directory)))]:
        project = _project_dir(candidate, config_dir)
        if project is not None and project not in found:
            found.append(project)
    return found
