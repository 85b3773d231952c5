"""Where sessions live on disk: the config directory, project keys (escaped and hashed as the CLI does),
a project's session files (never another project's), subagent folders, a repository's git worktrees."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

from .._config._home import config_home
from ._chain import transcript_lines

logger = logging.getLogger("trio_claude.history")


MAX_SANITIZED_LENGTH = 200
"""Escaped project directory names longer than this are cut and suffixed with a hash."""


_GIT_TIMEOUT = 5.0  # seconds to wait for `git worktree list` before listing the directory alone


_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
"""A session or message id (whole strings only: ``fullmatch``)."""

_AGENT_ID = re.compile(r"[A-Za-z0-9_-]{1,128}")
"""A subagent id (whole strings only: ``fullmatch``)."""

_NOT_ALPHANUMERIC = re.compile(r"[^a-zA-Z0-9]")
_BASE36 = re.compile(r"[0-9a-z]+")


def _config_dir(config_dir: str | os.PathLike[str] | None) -> Path:
    return Path(config_home() if config_dir is None else config_dir)


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


def _as_on_mac(path: str) -> str:
    """``path`` NFC-normalised on macOS, as the CLI takes paths there; as it is elsewhere."""
    return unicodedata.normalize("NFC", path) if sys.platform == "darwin" else path


def _project_path(directory: str | os.PathLike[str] | None) -> str:
    """``directory`` (default: the current one) as the CLI records it: resolved (see :func:`_as_on_mac`)."""
    chosen: str | os.PathLike[str] = os.getcwd() if directory is None else directory
    return _as_on_mac(os.path.realpath(os.fspath(chosen)))


def _escape(path: str) -> str:
    """JavaScript's ``path.replace(/[^a-zA-Z0-9]/g, "-")``: one ``-`` per UTF-16 code unit, so two for a
    character beyond U+FFFF."""
    return _NOT_ALPHANUMERIC.sub(lambda found: "--" if ord(found[0]) > 0xFFFF else "-", path)


def _key(path: str) -> str:
    escaped = _escape(path)
    if len(escaped) <= MAX_SANITIZED_LENGTH:
        return escaped
    return f"{escaped[:MAX_SANITIZED_LENGTH]}-{_base36(abs(_java_hash(path)))}"


def project_key_for_directory(directory: str | os.PathLike[str] | None = None) -> str:
    """The name of ``directory``'s folder under ``projects/`` (default: the current directory), as both
    pinned CLIs name it.

    The path is resolved (and NFC-normalised on macOS), then every UTF-16 code unit outside ``[A-Za-z0-9]``
    becomes ``-`` (so a character beyond U+FFFF gives ``--``); a name longer than 200 characters is cut to
    200 and suffixed with ``-`` and the base-36 absolute value of the path's 32-bit Java string hash
    (``h = 31 * h + code unit``).
    """
    return _key(_project_path(directory))


def _legacy_dirs(projects: Path, key: str) -> list[Path]:
    """Folders an older CLI may have made for a long path: the same cut name with another base-36 hash.
    Any project whose name shares those 200 characters has one too, so each file in them is checked
    (:func:`_started_in`) before it counts as this project's."""
    if len(key) <= MAX_SANITIZED_LENGTH:
        return []
    prefix = key[: MAX_SANITIZED_LENGTH + 1]
    try:
        return sorted(
            p
            for p in projects.iterdir()
            if p.name != key and p.name.startswith(prefix) and _BASE36.fullmatch(p.name[len(prefix) :])
        )
    except OSError:
        return []


def _started_in(session: Path, path: str) -> bool:
    """Whether the session file records ``path`` as its working directory (the first ``cwd`` in it)."""
    try:
        with session.open("rb") as stream:
            cwd = next((v["cwd"] for _, v in transcript_lines(stream) if isinstance(v.get("cwd"), str)), None)
    except OSError:
        return False
    return cwd is not None and _as_on_mac(cwd) == path


def project_files(
    directory: str | os.PathLike[str], config_dir: str | os.PathLike[str] | None, pattern: str = "*.jsonl"
) -> list[Path]:
    """The session files matching ``pattern`` (``*.jsonl``, or one ``<id>.jsonl``) of project
    ``directory``: those in its folder, then those of an older CLI's folder for the same long path that
    record ``directory`` as their ``cwd``.  Never another project's: a folder is matched on its whole name,
    never on a prefix alone."""
    path = _project_path(directory)
    key = _key(path)
    projects = _config_dir(config_dir) / "projects"
    own = [f for f in sorted((projects / key).glob(pattern)) if f.is_file()]
    legacy = [
        f
        for folder in _legacy_dirs(projects, key)
        for f in sorted(folder.glob(pattern))
        if f.is_file() and _started_in(f, path)
    ]
    return own + legacy


def _every_project_dir(config_dir: str | os.PathLike[str] | None) -> list[Path]:
    projects = _config_dir(config_dir) / "projects"
    try:
        return sorted(p for p in projects.iterdir() if p.is_dir())
    except OSError:
        return []


def _check_uuid(value: str, what: str) -> str:
    if not _UUID.fullmatch(value):
        raise ValueError(f"{what} must be a UUID, not {value!r}")
    return value


def _session_file(
    session_id: str, directory: str | os.PathLike[str] | None, config_dir: str | os.PathLike[str] | None
) -> Path | None:
    _check_uuid(session_id, "session_id")
    name = f"{session_id}.jsonl"
    if directory is not None:
        return next(iter(project_files(directory, config_dir, name)), None)
    return next((p / name for p in _every_project_dir(config_dir) if (p / name).is_file()), None)


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


def listed_session_files(
    directory: str | os.PathLike[str] | None,
    config_dir: str | os.PathLike[str] | None,
    include_worktrees: bool,
) -> list[Path]:
    """The session files of ``directory``'s project (and, with ``include_worktrees``, of every worktree of
    its git repository), or of every project when ``directory`` is ``None``."""
    if directory is None:
        return [f for folder in _every_project_dir(config_dir) for f in sorted(folder.glob("*.jsonl"))]
    # The directory itself first: it may be a subfolder of a worktree, with a project of its own.
    candidates = [os.fspath(directory)]
    if include_worktrees:
        candidates += _worktree_paths(os.path.realpath(os.fspath(directory)))
    found: dict[Path, None] = {}
    for candidate in candidates:
        found.update(dict.fromkeys(project_files(candidate, config_dir)))
    return list(found)
