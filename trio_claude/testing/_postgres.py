"""A throw-away PostgreSQL server for tests: its own data directory, a Unix socket only, gone on exit.

It runs the server binaries of an installed PostgreSQL (Debian/Ubuntu: ``apt-get install postgresql`` puts
them in ``/usr/lib/postgresql/<version>/bin``).  ``initdb`` refuses to run as root, so when this process is
root the server runs as the ``postgres`` system account (through ``runuser``); otherwise as the current user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import tempfile
import time
from collections.abc import Generator, Sequence
from contextlib import contextmanager
from pathlib import Path

import attrs

from .._errors import ClaudeSDKError
from ._commands import run_command

__all__ = ["PostgresServer", "PostgresServerError", "find_postgres_bin", "postgres_server"]

PG_BIN_ENV_VAR = "TRIO_CLAUDE_PG_BIN"
"""Set it to the directory holding ``initdb`` and ``pg_ctl`` to choose the PostgreSQL to run."""

_START_TIMEOUT = 60  # seconds for initdb and for the server to accept connections
_SERVER_SETTINGS = (
    "listen_addresses=''",  # no TCP at all: the Unix socket only
    "fsync=off",  # a throw-away server: durability is not needed, speed is
    "synchronous_commit=off",
    "full_page_writes=off",
    "max_connections=200",
)


class PostgresServerError(ClaudeSDKError):
    """The throw-away PostgreSQL server could not be found, created, started or stopped.  The message says
    what failed, with the command's output, and how to fix it."""


@attrs.frozen(kw_only=True)
class PostgresServer:
    """A running throw-away server (see :func:`postgres_server`).

    ``conninfo`` is a libpq connection string for it (``host=<socket dir> port=... user=... dbname=...``),
    ready for :class:`~trio_claude.PostgresSessionStore`.  ``directory`` holds its data directory, socket and
    log, all removed when the server stops.
    """

    conninfo: str
    directory: Path
    bin_dir: Path
    pid: int
    start_seconds: float
    """How long creating and starting the server took."""


def find_postgres_bin() -> Path:
    """The directory of ``initdb`` and ``pg_ctl``: ``$TRIO_CLAUDE_PG_BIN``, else the newest
    ``/usr/lib/postgresql/*/bin``, else the directory of an ``initdb`` on ``PATH``.  Raises
    :class:`PostgresServerError` when there is none."""
    configured = os.environ.get(PG_BIN_ENV_VAR)
    if configured:
        if not (Path(configured) / "initdb").is_file():
            raise PostgresServerError(f"{PG_BIN_ENV_VAR}={configured!r} holds no initdb")
        return Path(configured)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    raise PostgresServerError(
        "no PostgreSQL server binaries found (looked in $TRIO_CLAUDE_PG_BIN, /usr/lib/postgresql/*/bin and "
        "PATH); install them, e.g. `apt-get install -y postgresql` (./dev does this when it runs as root)"
    )


def _version_key(path: str) -> tuple[int, ...]:
    version = Path(path).parent.parent.name
    return tuple(int(part) for part in version.split(".") if part.isdigit())


def _account() -> tuple[list[str], int | None, int | None]:
    """The command prefix that runs a program as the server's account, and that account's uid/gid (``None``
    when it is this process's own)."""
    if os.geteuid() != 0:
        return [], None, None
    try:
        entry = pwd.getpwnam("postgres")
    except KeyError:
        raise PostgresServerError(
            "running as root, but there is no `postgres` system account to run the server as (initdb refuses "
            "root); install the postgresql package, which creates it"
        ) from None
    runuser = shutil.which("runuser")
    if runuser is None:
        raise PostgresServerError("running as root, but `runuser` (util-linux) is not installed")
    return [runuser, "-u", "postgres", "--"], entry.pw_uid, entry.pw_gid


def _run(argv: Sequence[str], what: str) -> None:
    run_command(argv, what, PostgresServerError, _START_TIMEOUT)


def _start(bin_dir: Path, directory: Path) -> PostgresServer:
    started = time.monotonic()
    prefix, uid, gid = _account()
    if uid is not None and gid is not None:
        os.chown(directory, uid, gid)
    data, log = directory / "data", directory / "server.log"
    user = "postgres" if uid is not None else pwd.getpwuid(os.geteuid()).pw_name
    _run(
        [
            *prefix,
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-U",
            user,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
            "--no-instructions",
        ],
        "initdb",
    )
    settings = " ".join(f"-c {setting}" for setting in _SERVER_SETTINGS)
    options = f"{settings} -k {directory}"
    try:
        _run(
            [
                *prefix,
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(log),
                "-w",
                "-t",
                str(_START_TIMEOUT),
                "-o",
                options,
                "start",
            ],
            "pg_ctl start",
        )
    except PostgresServerError as exc:
        tail = log.read_text(errors="replace")[-4000:] if log.exists() else ""
        raise PostgresServerError(f"{exc}\n--- server log ---\n{tail}") from exc
    pid = int((data / "postmaster.pid").read_text().split("\n", 1)[0])
    return PostgresServer(
        conninfo=f"host={directory} port=5432 user={user} dbname=postgres",
        directory=directory,
        bin_dir=bin_dir,
        pid=pid,
        start_seconds=time.monotonic() - started,
    )


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _stop(server: PostgresServer) -> None:
    prefix, _, _ = _account()
    data = server.directory / "data"
    try:
        _run(
            [*prefix, str(server.bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            "stop",
        )
    except PostgresServerError:
        if _alive(server.pid):
            os.kill(server.pid, signal.SIGQUIT)  # the postmaster takes its children with it
    deadline = time.monotonic() + _START_TIMEOUT
    while _alive(server.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    if _alive(server.pid):
        os.kill(server.pid, signal.SIGKILL)


@contextmanager
def postgres_server(bin_dir: str | os.PathLike[str] | None = None) -> Generator[PostgresServer, None, None]:
    """Create and start a throw-away PostgreSQL server for the duration of the block; stop it (no process
    left behind) and delete its files on exit.

    The server listens on a Unix socket in a new temporary directory only (no TCP), trusts local
    connections, and trades durability for speed (``fsync=off``): for tests, never for data you keep.
    ``bin_dir`` is the directory of ``initdb`` and ``pg_ctl`` (default: :func:`find_postgres_bin`).

    Synchronous (it runs a few short commands), so a session-scoped pytest fixture can use it.  Raises
    :class:`PostgresServerError` when the server cannot be found, created or started.
    """
    binaries = Path(bin_dir) if bin_dir is not None else find_postgres_bin()
    directory = Path(tempfile.mkdtemp(prefix="trio-claude-pg-"))
    try:
        server = _start(binaries, directory)
        try:
            yield server
        finally:
            _stop(server)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
