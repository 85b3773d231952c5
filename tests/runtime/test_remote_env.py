"""The environment sent through stdin to a CLI behind a command prefix (``ssh``, ``docker exec``...): every
value arrives unchanged through real POSIX shells, the rest of stdin reaches the CLI, its exit status comes
back, and nothing of it is on a command line."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings, strategies as st

from trio_claude import CLICommand, prefixed_spawn
from trio_claude._runtime._remote_env import ORPHAN_GRACE, PREAMBLE, env_block, preamble_argv

SHELLS = sorted(
    {os.path.realpath(found) for name in ("sh", "dash", "bash", "busybox") if (found := shutil.which(name))}
)
"""The POSIX shells on this machine (``sh`` at least); the far side may run any of them."""

_REPORT = (
    "import json, os, sys; print(json.dumps([dict(os.environ), sys.argv[1:], sys.stdin.buffer.read().hex()]))"
)


def _through(
    shell: str, block: bytes, argv: list[str], rest: bytes = b"", grace: str | None = "300", **env: str
) -> subprocess.CompletedProcess[bytes]:
    """Run ``argv`` behind the preamble in ``shell``, with ``block`` then ``rest`` on stdin and ``env`` added
    to a small environment.  ``grace``: the far side's ``TRIO_CLAUDE_ORPHAN_GRACE`` (``None``: unset)."""
    runner = [shell, "sh"] if shell.endswith("busybox") else [shell]
    done = subprocess.run(
        [*runner, "-c", PREAMBLE, "sh", *argv],
        input=block + rest,
        capture_output=True,
        # A loaded machine may take longer than the orphan watch's grace to start the program after the test's
        # stdin ends: the watch is tested on its own below and end to end over ssh.
        env={"PATH": os.environ["PATH"], "KEEP": "kept", "DROP": "dropped"}
        | ({} if grace is None else {"TRIO_CLAUDE_ORPHAN_GRACE": grace})
        | env,
        timeout=30,
        check=False,
    )
    return done


_names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True).filter(
    # KEEP and DROP are the test's own; the shells themselves set _, SHLVL, PWD and OLDPWD
    lambda n: n not in {"KEEP", "DROP", "_", "SHLVL", "PWD", "OLDPWD"} and not n.startswith("_tc_")
)
_values = st.text(st.characters(exclude_characters="\0", codec="utf-8"), max_size=40)


@pytest.mark.parametrize("shell", SHELLS)
@settings(max_examples=25)
@given(variables=st.dictionaries(_names, _values, max_size=6), rest=st.binary(max_size=200))
def test_every_value_arrives_unchanged(shell: str, variables: dict[str, str], rest: bytes) -> None:
    base = {"PATH": os.environ["PATH"], "KEEP": "kept", "DROP": "dropped", "TRIO_CLAUDE_ORPHAN_GRACE": "300"}
    wanted = {"PATH": os.environ["PATH"], "KEEP": "kept", **variables}
    block = env_block(wanted, base)
    assert block.isascii() and block.endswith(b"\n\n") and block.count(b"\n\n") == 1
    done = _through(shell, block, [sys.executable, "-c", _REPORT, "a b", "$(x)"], rest)
    assert done.returncode == 0, done.stderr
    env, argv, stdin = json.loads(done.stdout)
    for name, value in wanted.items():
        assert env.get(name) == value
    assert "DROP" not in env
    assert argv == ["a b", "$(x)"]
    assert bytes.fromhex(stdin) == rest


@pytest.mark.parametrize("shell", SHELLS)
def test_the_variables_reach_the_cli_alone(shell: str) -> None:
    """The far side's program runs with its own ``PATH`` and ``IFS`` whatever the CLI gets, and its own
    variables never reach the CLI."""
    wanted = {"PATH": "/nowhere", "IFS": "0123456789", "d": "", "line": "x", "cli": "y"}
    done = _through(shell, env_block(wanted, {}), [sys.executable, "-c", _REPORT], b"rest")
    env, _, stdin = json.loads(done.stdout)
    assert {name: env.get(name) for name in wanted} == wanted
    assert not [name for name in env if name.startswith("_tc_")]
    assert bytes.fromhex(stdin) == b"rest"


@pytest.mark.parametrize("shell", SHELLS)
def test_the_exit_status_and_a_missing_cli(shell: str) -> None:
    assert _through(shell, b"\n", ["sh", "-c", "exit 7"]).returncode == 7
    missing = _through(shell, b"\n", ["/nonexistent/claude"])
    assert missing.returncode == 127 and b"nonexistent" in missing.stderr


@pytest.mark.parametrize("shell", SHELLS)
def test_an_empty_stdin_starts_the_cli_with_its_own_environment(shell: str) -> None:
    done = _through(shell, b"", [sys.executable, "-c", _REPORT])
    env, _, stdin = json.loads(done.stdout)
    assert env["KEEP"] == "kept" and stdin == ""


@pytest.mark.parametrize("shell", SHELLS)
def test_without_a_fifo_the_cli_runs_on_stdin_directly(shell: str) -> None:
    """A far side where ``mktemp -d`` fails (a read-only or missing temporary directory) still works."""
    done = _through(shell, b"A=1\n\n", [sys.executable, "-c", _REPORT], b"rest", TMPDIR="/nonexistent/tmp")
    env, _, stdin = json.loads(done.stdout)
    assert env["A"] == "1" and bytes.fromhex(stdin) == b"rest"


@pytest.mark.parametrize("shell", SHELLS)
def test_the_cli_is_stopped_when_stdin_ends_and_it_runs_on(shell: str) -> None:
    """Stdin ends (the session closed it, or the connection dropped) and the CLI runs on: ``SIGTERM`` after
    the grace."""
    started = time.monotonic()
    done = _through(shell, b"\n", ["sleep", "60"], grace=None)
    assert done.returncode == 128 + signal.SIGTERM
    assert ORPHAN_GRACE - 0.5 < time.monotonic() - started < 60


@pytest.mark.parametrize("shell", SHELLS)
def test_the_far_side_may_set_its_own_grace(shell: str) -> None:
    started = time.monotonic()
    done = _through(shell, b"\n", ["sleep", "60"], grace="1")
    assert done.returncode == 128 + signal.SIGTERM
    assert 0.5 < time.monotonic() - started < ORPHAN_GRACE - 0.5


def test_the_block() -> None:
    assert env_block({"A": "1", "B": "2"}, {"A": "1", "C": "3"}) == b"-C\nB=2\n\n"
    assert env_block({"A": "1"}, {"A": "1"}) == b"\n"
    assert env_block({"A": "x y=z%\\\n"}, {}) == b"A=x\\040y=z\\045\\134\\012\n\n"
    assert env_block({"A": "é"}, {}) == b"A=\\303\\251\n\n"
    assert env_block({}, {"not.a.name": "x"}) == b"\n"  # no shell on the far side can hold it either
    with pytest.raises(ValueError, match=r"'A\.B'.*shell variables"):
        env_block({"A.B": "1"}, {})
    with pytest.raises(ValueError, match=r"'_tc_x'.*not starting with _tc_"):
        env_block({"_tc_x": "1"}, {})


def test_the_preamble_argv() -> None:
    assert preamble_argv() == ["sh", "-c", PREAMBLE, "sh"]


async def test_prefixed_spawn_puts_no_variable_on_the_command_line() -> None:
    secret = "sk-ant-never-on-argv"
    script = "import os, sys; sys.stdout.write(os.environ['API_KEY'] + ' ' + sys.stdin.read())"
    command = CLICommand(argv=(sys.executable, "-c", script), env={**os.environ, "API_KEY": secret}, cwd=None)

    # a prefix that records its own argv, then runs the rest
    recorder = "import subprocess, sys; print(sys.argv[1:], file=sys.stderr); sys.exit(subprocess.call(sys.argv[1:]))"  # noqa: E501
    process = await prefixed_spawn(sys.executable, "-c", recorder)(command)
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    await process.stdin.send_all(b"question")
    await process.stdin.aclose()
    output = b""
    while chunk := await process.stdout.receive_some():
        output += chunk
    errors = b""
    while chunk := await process.stderr.receive_some():
        errors += chunk
    assert await process.wait() == 0
    assert output == f"{secret} question".encode()
    assert secret not in errors.decode()
