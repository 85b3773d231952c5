"""Nox sessions: the checks of ``./dev test``, each in its own fresh virtualenv.

The pinned Claude Code CLI versions are read from ``.ci/cli-versions`` and installed with
``.ci/install-cli``, as ``./dev`` does.
"""

from __future__ import annotations

from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent

nox.options.sessions = ["lint", "typecheck", "tests", "tests_cli197", "docs"]


def pinned_cli_version(name: str) -> str:
    """Return the CLI version pinned as ``name=VERSION`` in ``.ci/cli-versions``."""
    for line in (ROOT / ".ci" / "cli-versions").read_text().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    raise LookupError(f"no {name}=VERSION line in .ci/cli-versions")


def install_cli(session: nox.Session, name: str) -> str:
    """Install the CLI pinned as ``name`` with ``.ci/install-cli`` and return the path of its binary."""
    version = pinned_cli_version(name)
    session.run("bash", str(ROOT / ".ci" / "install-cli"), version, external=True)
    binary = ROOT / ".cli" / version / "node_modules" / ".bin" / "claude"
    if not binary.is_file():
        session.error(f".ci/install-cli {version} did not install {binary}")
    return str(binary)


@nox.session
def tests(session: nox.Session) -> None:
    """The whole pytest suite against the primary pinned CLI (extra arguments go to pytest)."""
    session.install("-e", ".[test]")
    cli = install_cli(session, "primary")
    session.run("pytest", *session.posargs, env={"TRIO_CLAUDE_CLI": cli})


@nox.session
def tests_cli197(session: nox.Session) -> None:
    """The ``real_cli`` tests against the oldest supported CLI (2.1.197)."""
    session.install("-e", ".[test]")
    cli = install_cli(session, "oldest")
    session.run("pytest", "-m", "real_cli", *session.posargs, env={"TRIO_CLAUDE_CLI": cli})


@nox.session
def lint(session: nox.Session) -> None:
    """``ruff check``, ``ruff format --check`` and ``lint-imports`` (the layer contracts)."""
    session.install("-e", ".[dev]")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("lint-imports")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy and pyright in strict mode, configured in pyproject.toml, against this session's venv."""
    session.install("-e", ".[dev]")
    session.run("mypy")
    # pyproject.toml sends pyright to ./.venv, and that beats --pythonpath. Give it a venv directory whose
    # ".venv" is this session's virtualenv instead.
    venvs = Path(session.create_tmp()) / "pyright-venvs"
    venvs.mkdir(exist_ok=True)
    link = venvs / ".venv"
    if not link.is_symlink():
        link.symlink_to(session.virtualenv.location)
    session.run("pyright", "--venvpath", str(venvs))


@nox.session
def docs(session: nox.Session) -> None:
    """The Sphinx build with warnings as errors and nitpicky references."""
    session.install("-e", ".[docs]")
    # -E: re-read every page, so a warning in an unchanged page still fails a repeated build.
    session.run("sphinx-build", "-E", "-W", "--keep-going", "-n", "-b", "html", "docs", "docs/_build/html")


@nox.session
def mutation(session: nox.Session) -> None:
    """Mutation scores of the core layers (protocol/, wire/), each module against its own layer's tests.

    Not part of the default sessions nor of ``./dev test``: it runs mutmut under ``nice -n 19`` and takes
    tens of minutes.  Extra arguments go to ``mutation/score.py`` (e.g. a module path, ``--threshold``).
    """
    session.install("-e", ".[mutation]")
    session.run(
        "python",
        str(ROOT / "mutation" / "score.py"),
        "--work",
        str(Path(session.create_tmp()) / "mutation"),
        *session.posargs,
    )
