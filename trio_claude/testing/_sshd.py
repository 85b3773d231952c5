"""A throw-away OpenSSH server for tests: its own host key, user key and config, on 127.0.0.1, gone on exit.

It runs an installed ``sshd`` (Debian/Ubuntu: ``apt-get install openssh-server``) in the foreground
(``sshd -D -e -f <config>``) on a free port of 127.0.0.1, accepting only a user key made for it, for the
current user only.  Nothing of the machine's own ssh setup is read or written: the host key, the
authorized key, the client's known-hosts file and the config all live in a temporary directory.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Generator, Sequence
from contextlib import contextmanager
from pathlib import Path

import attrs

from .._errors import ClaudeSDKError
from ._commands import run_command

__all__ = ["SSHServer", "SSHServerError", "find_sshd", "ssh_server"]

SSHD_ENV_VAR = "TRIO_CLAUDE_SSHD"
"""Set it to the path of the ``sshd`` to run."""

_START_TIMEOUT = 30.0  # seconds for sshd to accept a login
_PRIVSEP_DIR = Path("/run/sshd")  # Debian's sshd refuses to start as root without it


class SSHServerError(ClaudeSDKError):
    """The throw-away ``sshd`` could not be found, started or logged into.  The message says what failed,
    with the server's output, and how to fix it."""


@attrs.frozen(kw_only=True)
class SSHServer:
    """A running throw-away ``sshd`` (see :func:`ssh_server`).

    :attr:`ssh_command` is the client command that logs into it (``ssh`` with the user key, the pinned host
    key and no user config), ready for :func:`~trio_claude.prefixed_spawn` with ``shell_quote=True``.
    """

    host: str
    port: int
    user: str
    directory: Path
    """Holds the keys, the config, the known-hosts file and the server's log; removed when it stops."""
    identity: Path
    """The user's private key."""
    pid: int
    start_seconds: float
    """How long making the keys and starting the server took."""

    @property
    def ssh_command(self) -> tuple[str, ...]:
        """``ssh ... user@127.0.0.1``: put the remote command after it."""
        return (
            "ssh",
            "-F",
            "/dev/null",  # none of the user's ~/.ssh/config
            "-i",
            str(self.identity),
            "-p",
            str(self.port),
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "BatchMode=yes",
            "-o",
            "StrictHostKeyChecking=yes",
            "-o",
            f"UserKnownHostsFile={self.directory / 'known_hosts'}",
            "-o",
            "LogLevel=ERROR",
            f"{self.user}@{self.host}",
        )


def find_sshd() -> Path:
    """``$TRIO_CLAUDE_SSHD``, else ``sshd`` on ``PATH`` or in ``/usr/sbin``.  Raises :class:`SSHServerError`
    when there is none."""
    configured = os.environ.get(SSHD_ENV_VAR)
    if configured:
        if not os.access(configured, os.X_OK):
            raise SSHServerError(f"{SSHD_ENV_VAR}={configured!r} is not an executable")
        return Path(configured)
    found = shutil.which("sshd") or shutil.which("sshd", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        raise SSHServerError(
            "no sshd found (looked in $TRIO_CLAUDE_SSHD, PATH and /usr/sbin); install it, e.g. "
            "`apt-get install -y openssh-server` (./dev does this when it runs as root)"
        )
    return Path(found)


def _run(argv: Sequence[str], what: str) -> str:
    return run_command(argv, what, SSHServerError, _START_TIMEOUT)


def _keygen(path: Path, comment: str) -> None:
    _run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", str(path)],
        f"ssh-keygen {path.name}",
    )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _config(directory: Path, port: int, user: str) -> str:
    settings = {
        "ListenAddress": f"127.0.0.1:{port}",
        "HostKey": directory / "host_key",
        "PidFile": directory / "sshd.pid",
        "AuthorizedKeysFile": directory / "authorized_keys",
        "AllowUsers": user,
        "PermitRootLogin": "prohibit-password",
        "PubkeyAuthentication": "yes",
        "PasswordAuthentication": "no",
        "KbdInteractiveAuthentication": "no",
        "UsePAM": "no",
        "StrictModes": "no",  # the files live under /tmp, which is world-writable
        "PermitUserEnvironment": "no",
        "AcceptEnv": "none",  # nothing of the client's environment reaches the far side
        "PrintMotd": "no",
        "PrintLastLog": "no",
        "Subsystem": "sftp internal-sftp",
        "LogLevel": "INFO",
    }
    return "".join(f"{key} {value}\n" for key, value in settings.items())


def _start(sshd: Path, directory: Path) -> tuple[subprocess.Popen[bytes], SSHServer]:
    started = time.monotonic()
    user = pwd.getpwuid(os.geteuid()).pw_name
    if os.geteuid() == 0:
        _PRIVSEP_DIR.mkdir(mode=0o755, exist_ok=True)
    _keygen(directory / "host_key", "trio-claude test host")
    _keygen(directory / "id_ed25519", "trio-claude test user")
    shutil.copyfile(directory / "id_ed25519.pub", directory / "authorized_keys")
    port = _free_port()
    host_key = (directory / "host_key.pub").read_text().split()
    (directory / "known_hosts").write_text(f"[127.0.0.1]:{port} {host_key[0]} {host_key[1]}\n")
    config = directory / "sshd_config"
    config.write_text(_config(directory, port, user))
    _run([str(sshd), "-t", "-f", str(config)], "sshd -t (config check)")
    log = (directory / "sshd.log").open("wb")
    process = subprocess.Popen(
        [str(sshd), "-D", "-e", "-f", str(config)],
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    log.close()
    server = SSHServer(
        host="127.0.0.1",
        port=port,
        user=user,
        directory=directory,
        identity=directory / "id_ed25519",
        pid=process.pid,
        start_seconds=0.0,
    )
    try:
        _wait_for_login(process, server)
    except BaseException:
        _stop(process)
        raise
    return process, attrs.evolve(server, start_seconds=time.monotonic() - started)


def _wait_for_login(process: subprocess.Popen[bytes], server: SSHServer) -> None:
    deadline = time.monotonic() + _START_TIMEOUT
    last = ""
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SSHServerError(f"sshd exited at once (exit {process.returncode})\n{_log(server)}")
        done = subprocess.run(
            [*server.ssh_command, "echo", "ready"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=_START_TIMEOUT,
            check=False,
        )
        if done.stdout.strip() == "ready":
            return
        last = done.stderr
        time.sleep(0.05)
    raise SSHServerError(f"cannot log into the throw-away sshd: {last}\n{_log(server)}")


def _log(server: SSHServer) -> str:
    path = server.directory / "sshd.log"
    text = path.read_text(errors="replace")[-4000:] if path.exists() else ""
    return f"--- sshd log ---\n{text}"


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the listener; the per-connection sshd processes end with their connections."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=_START_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def ssh_server(sshd: str | os.PathLike[str] | None = None) -> Generator[SSHServer, None, None]:
    """Start a throw-away ``sshd`` on a free port of 127.0.0.1 for the duration of the block; stop it and
    delete its files on exit.

    It accepts one freshly made ed25519 user key, for the current user only (as root too, with the key
    only), passes none of the client's environment on, and reads nothing of the machine's ssh setup.
    ``sshd`` is the server binary (default: :func:`find_sshd`).  Synchronous, so a session-scoped pytest
    fixture can use it.  Raises :class:`SSHServerError` when it cannot be found or started, or does not let
    the user key in.
    """
    binary = Path(sshd) if sshd is not None else find_sshd()
    directory = Path(tempfile.mkdtemp(prefix="trio-claude-sshd-"))
    try:
        process, server = _start(binary, directory)
        try:
            yield server
        finally:
            _stop(process)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
