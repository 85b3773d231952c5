"""Running the helper programs of the test servers (``initdb``, ``pg_ctl``, ``ssh-keygen``, ``sshd -t``)."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence


def run_command(argv: Sequence[str], what: str, error: type[Exception], timeout: float) -> str:
    """Run ``argv`` to its end and return its output; ``error`` (with ``what``, the command and its output)
    when it cannot start, takes longer than ``timeout`` seconds or exits non-zero."""
    try:
        done = subprocess.run(
            argv,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise error(f"{what} failed: {exc}") from exc
    if done.returncode != 0:
        raise error(f"{what} failed (exit {done.returncode}): {' '.join(argv)}\n{done.stdout}{done.stderr}")
    return done.stdout
