"""The package as a user gets it: the wheel installed with pip into a fresh virtual environment outside the
checkout, on the oldest supported Python, then used the way the README and the docs say; the sdist carries
what its tests need; the metadata says what is true (licence, Pythons, links).

Marked ``real_cli`` (the README's example and the docs' pytest example run the pinned CLI) and ``wheel``
(``./dev test`` runs it once, with the primary CLI)."""

from __future__ import annotations

import email
import os
import re
import shutil
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYTHONS = [
    word
    for line in (ROOT / ".ci" / "pythons").read_text().splitlines()
    if not line.startswith("#")
    for word in line.split()
]


def find_python(version: str) -> str:
    """A Python ``version`` (X.Y) interpreter, found as ``./dev`` finds a lane's: pyenv's newest X.Y, else
    ``pythonX.Y`` on ``PATH``.  Fails (never skips) when there is none."""
    candidates: list[str] = []
    if shutil.which("pyenv"):
        latest = subprocess.run(["pyenv", "latest", version], capture_output=True, text=True, check=False)
        if latest.returncode == 0:
            prefix = subprocess.run(
                ["pyenv", "prefix", latest.stdout.strip()], capture_output=True, text=True, check=False
            )
            candidates.append(os.path.join(prefix.stdout.strip(), "bin", "python"))
    candidates.append(shutil.which(f"python{version}") or "")
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail(
        f"no Python {version} (pyenv install {version}, or put python{version} on PATH)", pytrace=False
    )


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None, timeout: float = 600) -> str:
    """Run a command; fail the test with its output when it fails; return its stdout."""
    done = subprocess.run(
        [str(arg) for arg in args],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{args} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """The wheel and the sdist, built from the checkout."""
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ROOT, cwd=out)
    [wheel] = out.glob("*.whl")
    [sdist] = out.glob("*.tar.gz")
    yield wheel, sdist


def user_env(home: Path, cli: Path) -> dict[str, str]:
    """A user's environment: none of the checkout's (no PYTHONPATH, no virtualenv), a fresh HOME."""
    keep = ("PATH", "LANG", "LC_ALL", "TMPDIR", "PIP_CONFIG_FILE", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL")
    env = {name: os.environ[name] for name in keep if name in os.environ}
    env.update(HOME=str(home), TRIO_CLAUDE_CLI=str(cli), ANTHROPIC_API_KEY="sk-not-an-opt-in")
    return env


@pytest.mark.real_cli
@pytest.mark.wheel
def test_the_wheel_in_a_fresh_venv_outside_the_checkout(
    dist: tuple[Path, Path], claude_cli: Path, tmp_path: Path
) -> None:
    wheel, _ = dist
    python = find_python(PYTHONS[0])
    home = tmp_path / "home"
    home.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    env = user_env(home, claude_cli)
    # pip's own cache and configuration, as the user's would be.
    for name in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
        if name in os.environ:
            env[name] = os.environ[name]
    env.setdefault("XDG_CACHE_HOME", str(Path.home() / ".cache"))
    venv = tmp_path / "venv"
    run(python, "-m", "venv", venv, cwd=work, env=env)
    py = venv / "bin" / "python"

    # The SDK alone: it imports and its command runs; the test kit names the extra it needs.
    run(py, "-m", "pip", "install", "--no-input", "--progress-bar", "off", wheel, cwd=work, env=env)
    assert "install-cli" in run(py, "-m", "trio_claude", "--help", cwd=work, env=env)
    where = run(py, "-c", "import trio_claude; print(trio_claude.__file__)", cwd=work, env=env)
    assert str(venv) in where and str(ROOT) not in where
    without = subprocess.run(
        [py, "-c", "import trio_claude.testing"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert without.returncode != 0
    assert "pip install 'trio_claude[testing]'" in without.stderr, without.stderr

    # With the testing extra: the README's offline example and the docs' pytest example, as written.
    run(
        py,
        "-m",
        "pip",
        "install",
        "--no-input",
        "--progress-bar",
        "off",
        f"{wheel}[testing]",
        cwd=work,
        env=env,
    )
    readme = (ROOT / "README.md").read_text()
    example = re.findall(r"^```python\n(.*?)^```", readme, flags=re.MULTILINE | re.DOTALL)[0]
    (work / "first.py").write_text(example)
    out = run(py, "first.py", cwd=work, env=env, timeout=300)
    assert "done: success, denied: ['Bash']" in out, out

    testing_page = (ROOT / "docs" / "testing.rst").read_text()
    block = testing_page.split("A whole test file, ``test_hello.py``", 1)[1].split(
        ".. code-block:: python", 1
    )[1]
    code = textwrap.dedent("\n".join(line for line in block.split("\n\n``", 1)[0].splitlines()))
    (work / "test_hello.py").write_text(code)
    out = run(
        py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_hello.py", cwd=work, env=env, timeout=300
    )
    assert "1 passed" in out, out


def metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as archive:
        [name] = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return email.message_from_bytes(archive.read(name))


@pytest.mark.real_cli
@pytest.mark.wheel
def test_the_metadata_says_what_is_tested(dist: tuple[Path, Path]) -> None:
    wheel, _ = dist
    meta = metadata(wheel)
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    with zipfile.ZipFile(wheel) as archive:
        assert any(n.endswith(".dist-info/licenses/LICENSE") for n in archive.namelist())
    assert meta["Requires-Python"] == f">={PYTHONS[0]}"
    classifiers = meta.get_all("Classifier") or []
    tested = {
        c.rsplit(" :: ", 1)[1]
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    assert tested == set(PYTHONS)
    assert not any(c.startswith("License ::") for c in classifiers)  # PEP 639: the expression replaces them
    for prefix in ("Operating System", "Development Status"):
        assert any(c.startswith(prefix) for c in classifiers), prefix
    urls = {value.split(",", 1)[0] for value in meta.get_all("Project-URL") or []}
    assert urls == {"Source", "Issues", "Changelog", "Documentation"}
    extras = set(meta.get_all("Provides-Extra") or [])
    assert {"testing", "test", "mcp", "otel", "postgres"} <= extras


@pytest.mark.real_cli
@pytest.mark.wheel
def test_the_sdist_carries_what_its_tests_need(dist: tuple[Path, Path], tmp_path: Path) -> None:
    _, sdist = dist
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    [tree] = tmp_path.iterdir()
    for needed in (
        "LICENSE",
        ".ci/cli-versions",
        ".ci/pythons",
        "README.md",
        "pyproject.toml",
        "tests/conftest.py",
    ):
        assert (tree / needed).is_file(), needed
    assert not (tree / "docs" / "_build").exists()
    # Every test module of the unpacked sdist is collected (with this environment's dependencies).
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = run(
        sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", cwd=tree, env=env
    )
    collected = re.search(r"^(\d+) tests? collected", out, flags=re.MULTILINE)
    assert collected and int(collected.group(1)) > 1000, out[-2000:]
