"""Finding the CLI (cli_path, $TRIO_CLAUDE_CLI, PATH, the per-user cache, the usual places) and
``python -m trio_claude install-cli``, tested with a stand-in ``npm`` that records its arguments and lays
out what the real one would (no network)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import trio_claude
from trio_claude import ClaudeAgentOptions, CLINotFoundError, find_cli, open_session
from trio_claude._config._discovery import OLDEST_TESTED_CLI, version_from_output
from trio_claude._config._install import CLI_PACKAGE, TESTED_CLI_VERSIONS, cached_cli_path, cli_cache_dir

ROOT = Path(__file__).resolve().parents[1]


def _program(path: Path, body: str = "#!/bin/sh\nexit 0\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def _fake_claude(path: Path, version: str) -> Path:
    return _program(path, f"#!/bin/sh\necho '{version} (Claude Code)'\n")


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty HOME, cache and PATH (only a directory with no ``claude``), no $TRIO_CLAUDE_CLI, and no
    system install place: nothing of this machine can be found."""
    home = tmp_path / "home"
    home.mkdir()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.delenv("TRIO_CLAUDE_CLI", raising=False)
    monkeypatch.setattr(
        "trio_claude._config._discovery.SYSTEM_INSTALL_PLACES", (tmp_path / "usr-local-bin" / "claude",)
    )
    return tmp_path


def test_the_tested_versions_are_the_pinned_ones() -> None:
    pinned = dict(
        line.split("=", 1)
        for line in (ROOT / ".ci" / "cli-versions").read_text().splitlines()
        if "=" in line and not line.startswith("#")
    )
    assert trio_claude.TESTED_CLI_VERSION == TESTED_CLI_VERSIONS[0] == pinned["primary"]
    assert TESTED_CLI_VERSIONS[-1] == pinned["oldest"]
    assert ".".join(map(str, OLDEST_TESTED_CLI)) == pinned["oldest"]


def test_trio_claude_cli_is_used(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = _program(isolated / "elsewhere" / "claude")
    _program(isolated / "bin" / "claude")  # on PATH, but the variable comes first
    monkeypatch.setenv("TRIO_CLAUDE_CLI", str(chosen))
    assert find_cli() == str(chosen)
    assert find_cli(None) == str(chosen)


def test_cli_path_comes_before_trio_claude_cli(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    explicit = _program(isolated / "explicit" / "claude")
    monkeypatch.setenv("TRIO_CLAUDE_CLI", str(_program(isolated / "env" / "claude")))
    assert find_cli(explicit) == str(explicit)


def test_an_empty_trio_claude_cli_counts_as_unset(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    on_path = _program(isolated / "bin" / "claude")
    monkeypatch.setenv("TRIO_CLAUDE_CLI", "")
    assert find_cli() == str(on_path)


@pytest.mark.parametrize("kind", ["missing", "directory", "not executable"])
def test_a_bad_trio_claude_cli_is_an_error_naming_the_variable(
    isolated: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    _program(isolated / "bin" / "claude")  # would be found next: no silent fall-through to it
    target = isolated / "opt" / "claude"
    if kind == "directory":
        target.mkdir(parents=True)
    elif kind == "not executable":
        target.parent.mkdir(parents=True)
        target.write_text("#!/bin/sh\n")
    monkeypatch.setenv("TRIO_CLAUDE_CLI", str(target))
    with pytest.raises(CLINotFoundError) as caught:
        find_cli()
    message = str(caught.value)
    assert "$TRIO_CLAUDE_CLI" in message and str(target) in message
    assert {"missing": "not found", "directory": "directory", "not executable": "not executable"}[
        kind
    ] in message
    assert caught.value.cli_path == str(target)


def test_a_missing_cli_path_is_an_error_naming_the_option(isolated: Path) -> None:
    _program(isolated / "bin" / "claude")
    with pytest.raises(CLINotFoundError, match=r"not found.*cli_path"):
        find_cli(isolated / "nope")


def test_a_javascript_entry_point_needs_no_execute_bit(isolated: Path) -> None:
    script = isolated / "cli.js"
    script.write_text("console.log('hi')\n")
    assert find_cli(script) == str(script)


def test_path_comes_before_the_cache(isolated: Path) -> None:
    _fake_claude(cached_cli_path(TESTED_CLI_VERSIONS[0]), TESTED_CLI_VERSIONS[0])
    on_path = _program(isolated / "bin" / "claude")
    assert find_cli() == str(on_path)


def test_the_cache_prefers_the_tested_release(isolated: Path) -> None:
    newest, oldest = TESTED_CLI_VERSIONS[0], TESTED_CLI_VERSIONS[-1]
    untested = "9.9.9"
    for version in (oldest, untested):
        _fake_claude(cached_cli_path(version), version)
    assert cli_cache_dir() == isolated / "cache" / "trio_claude" / "cli"
    assert find_cli() == str(cached_cli_path(oldest))
    _fake_claude(cached_cli_path(newest), newest)
    assert find_cli() == str(cached_cli_path(newest))


def test_the_cache_falls_back_to_the_newest_other_version(isolated: Path) -> None:
    for version in ("2.0.9", "2.0.10", "1.9.99"):
        _fake_claude(cached_cli_path(version), version)
    (cli_cache_dir() / ".2.0.11.abc").mkdir()  # a staging directory is never picked
    assert find_cli() == str(cached_cli_path("2.0.10"))


def test_the_cache_takes_only_folders_named_exactly_a_version(isolated: Path) -> None:
    _fake_claude(cached_cli_path("2.0.9"), "2.0.9")
    for name in ("9.9.9\n", "\u0669.9.9"):  # a trailing newline; an Arabic-Indic nine
        _fake_claude(cached_cli_path(name), "9.9.9")
    assert find_cli() == str(cached_cli_path("2.0.9"))


def test_the_cache_comes_before_the_usual_places(isolated: Path) -> None:
    _program(isolated / "home" / ".local" / "bin" / "claude")
    cached = _fake_claude(cached_cli_path(TESTED_CLI_VERSIONS[0]), TESTED_CLI_VERSIONS[0])
    assert find_cli() == str(cached)


def test_the_usual_places_are_searched(isolated: Path) -> None:
    local = _program(isolated / "home" / ".claude" / "local" / "claude")
    assert find_cli() == str(local)
    system = _program(isolated / "usr-local-bin" / "claude")
    assert find_cli() == str(system)


def test_not_found_names_every_place_and_the_shortest_fix(isolated: Path) -> None:
    with pytest.raises(CLINotFoundError) as caught:
        find_cli()
    message = str(caught.value)
    searched = caught.value.searched
    assert searched[0].startswith("ClaudeAgentOptions(cli_path=...)")
    assert searched[1].startswith("$TRIO_CLAUDE_CLI")
    assert searched[2].startswith("`claude` on $PATH") and str(isolated / "bin") in searched[2]
    assert searched[3].startswith(str(isolated / "cache" / "trio_claude" / "cli"))
    assert str(isolated / "usr-local-bin" / "claude") in " ".join(searched[4:])
    assert str(isolated / "home" / ".claude" / "local" / "claude") in searched[-1]
    positions = [message.index(place) for place in searched]
    assert positions == sorted(positions), "listed in the order they were searched"
    assert "python -m trio_claude install-cli" in message
    assert f"npm install -g {CLI_PACKAGE}" in message
    assert "cli_path=" in message and "TRIO_CLAUDE_CLI=" in message


async def test_open_session_with_no_cli_anywhere_says_how_to_install(isolated: Path) -> None:
    with pytest.raises(CLINotFoundError, match="python -m trio_claude install-cli"):
        async with open_session(ClaudeAgentOptions()):
            pass


# --- python -m trio_claude install-cli, with a stand-in npm -----------------------------------------

FAKE_NPM = r"""#!{python}
# A stand-in for npm: records its argv, then lays out what `npm install --prefix P pkg@V` would.
import json, os, pathlib, sys
with open(os.environ["FAKE_NPM_LOG"], "a") as log:
    log.write(json.dumps(sys.argv[1:]) + "\n")
if os.environ.get("FAKE_NPM_FAIL"):
    sys.stderr.write("npm ERR! 404 No match found for version " + sys.argv[-1] + "\n")
    sys.exit(1)
prefix = pathlib.Path(sys.argv[sys.argv.index("--prefix") + 1])
version = os.environ.get("FAKE_NPM_REPORTS") or sys.argv[-1].rsplit("@", 1)[1]
package = prefix / "node_modules" / "@anthropic-ai" / "claude-code"
package.mkdir(parents=True)
program = package / "bin" / "claude.exe"
program.parent.mkdir()
program.write_text("#!/bin/sh\necho '" + version + " (Claude Code)'\n")
program.chmod(0o755)
(prefix / "node_modules" / ".bin").mkdir()
os.symlink("../@anthropic-ai/claude-code/bin/claude.exe", prefix / "node_modules" / ".bin" / "claude")
sys.stderr.write("npm progress: fetched claude-code\n")  # npm's progress and notices: stderr
print("added 1 package in 1s")  # its summary: stdout
"""


@pytest.fixture
def fake_npm(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in ``npm`` on PATH; returns the file where it logs each call's arguments (JSON lines)."""
    _program(isolated / "bin" / "npm", FAKE_NPM.format(python=sys.executable))
    log = isolated / "npm-calls.jsonl"
    monkeypatch.setenv("FAKE_NPM_LOG", str(log))
    monkeypatch.delenv("FAKE_NPM_FAIL", raising=False)
    monkeypatch.delenv("FAKE_NPM_REPORTS", raising=False)
    return log


def _npm_calls(log: Path) -> list[list[str]]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def _install_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trio_claude", "install-cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_install_cli_installs_the_tested_release_and_find_cli_finds_it(
    isolated: Path, fake_npm: Path
) -> None:
    version = trio_claude.TESTED_CLI_VERSION
    done = _install_cli()
    assert done.returncode == 0, done.stderr
    expected = isolated / "cache" / "trio_claude" / "cli" / version / "node_modules" / ".bin" / "claude"
    assert done.stdout == f"{expected}\n"  # stdout: only the path, for `cli=$(python -m ... install-cli)`
    [call] = _npm_calls(fake_npm)
    assert call[0] == "install" and call[-1] == f"@anthropic-ai/claude-code@{version}"
    prefix = Path(call[call.index("--prefix") + 1])
    assert prefix.parent == cli_cache_dir() and prefix.name.startswith(f".{version}.")  # staged
    assert not prefix.exists()  # and moved into place
    assert subprocess.run([expected, "--version"], capture_output=True, text=True).stdout.startswith(version)
    assert find_cli() == str(expected)


def test_install_cli_is_idempotent(isolated: Path, fake_npm: Path) -> None:
    first, second = _install_cli(), _install_cli()
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert first.stdout == second.stdout
    assert len(_npm_calls(fake_npm)) == 1


def test_install_cli_another_version(isolated: Path, fake_npm: Path) -> None:
    done = _install_cli("2.0.1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(cached_cli_path("2.0.1"))
    assert "not one trio_claude is tested with" in done.stderr
    assert _npm_calls(fake_npm)[0][-1] == "@anthropic-ai/claude-code@2.0.1"


def test_install_cli_replaces_a_broken_install(isolated: Path, fake_npm: Path) -> None:
    version = trio_claude.TESTED_CLI_VERSION
    _program(cached_cli_path(version), "#!/bin/sh\nexit 3\n")  # e.g. a half-copied binary
    done = _install_cli()
    assert done.returncode == 0, done.stderr
    assert len(_npm_calls(fake_npm)) == 1
    check = subprocess.run([cached_cli_path(version), "--version"], capture_output=True, text=True)
    assert check.stdout.startswith(version)


def test_install_cli_without_npm(isolated: Path) -> None:
    done = _install_cli()
    assert done.returncode == 1
    assert "npm is not on PATH" in done.stderr and "Node.js" in done.stderr
    assert done.stdout == ""


def test_install_cli_when_npm_fails(isolated: Path, fake_npm: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_NPM_FAIL", "1")
    done = _install_cli("2.0.1")
    assert done.returncode == 1
    assert "failed (exit 1)" in done.stderr and "npm ERR! 404" in done.stderr
    assert [p.name for p in cli_cache_dir().iterdir() if not p.name.endswith(".lock")] == []  # no leftovers
    with pytest.raises(CLINotFoundError):
        find_cli()


def test_install_cli_when_the_program_reports_another_version(
    isolated: Path, fake_npm: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_NPM_REPORTS", "1.0.0")
    done = _install_cli()
    assert done.returncode == 1
    assert "reports 1.0.0" in done.stderr
    assert not cached_cli_path(trio_claude.TESTED_CLI_VERSION).exists()


@pytest.mark.parametrize(
    "bad", ["latest", "2.1", "2.1.330; rm -rf ~", "../2.1.330", "2.1.330\n", "\u0662.1.330"]
)
def test_install_cli_refuses_a_malformed_version(isolated: Path, fake_npm: Path, bad: str) -> None:
    done = _install_cli(bad)
    assert done.returncode == 2
    assert "not a CLI version" in done.stderr
    assert _npm_calls(fake_npm) == []


def test_python_m_trio_claude_without_a_command_shows_help() -> None:
    done = subprocess.run([sys.executable, "-m", "trio_claude"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "install-cli" in done.stderr


def test_the_xdg_cache_home_must_be_absolute(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert cli_cache_dir() == tmp_path / ".cache" / "trio_claude" / "cli"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cli_cache_dir() == tmp_path / ".cache" / "trio_claude" / "cli"
    assert os.fspath(cached_cli_path("2.1.330")).endswith("cli/2.1.330/node_modules/.bin/claude")


@pytest.mark.parametrize(
    ("output", "version"),
    [
        ("2.1.330 (Claude Code)\n", (2, 1, 330)),
        ("Welcome to build-host 1.0.2\n2.1.197 (Claude Code)\n", (2, 1, 197)),  # a banner's version first
        ("Last login: Sat Nov 28\n\n2.1.330 (Claude Code)\r\n", (2, 1, 330)),
        ("2.1.330 (Claude Code)\nbye\n", (2, 1, 330)),
        ("", None),
        ("claude: version unknown\n", None),
    ],
)
def test_the_version_is_the_last_line_that_names_one(output: str, version: tuple[int, ...] | None) -> None:
    assert version_from_output(output) == version


def test_install_cli_shows_each_step_and_npms_own_output(isolated: Path, fake_npm: Path) -> None:
    version = trio_claude.TESTED_CLI_VERSION
    done = _install_cli()
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{cached_cli_path(version)}\n"  # npm's summary is not mixed into the path
    steps = [
        f"trio_claude: the Claude Code CLI {version} in {cli_cache_dir()}",
        f"trio_claude: running npm install @anthropic-ai/claude-code@{version} (npm downloads it)",
        "npm progress: fetched claude-code",
        "added 1 package in 1s",
        f"trio_claude: checking that the installed CLI reports {version}",
        f"trio_claude: installed the CLI {version}",
    ]
    assert done.stderr.splitlines() == steps
    [call] = _npm_calls(fake_npm)
    assert "--loglevel=notice" in call
    again = _install_cli()
    assert again.stderr.splitlines()[1:] == [f"trio_claude: the CLI {version} is already installed"]


def test_install_cli_quiet_shows_nothing_but_the_path(isolated: Path, fake_npm: Path) -> None:
    done = _install_cli("--quiet")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout == f"{cached_cli_path(trio_claude.TESTED_CLI_VERSION)}\n"
    [call] = _npm_calls(fake_npm)
    assert "--loglevel=error" in call


def test_install_cli_quiet_still_shows_errors(
    isolated: Path, fake_npm: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_NPM_FAIL", "1")
    done = _install_cli("-q", "2.0.1")
    assert done.returncode == 1
    assert "failed (exit 1)" in done.stderr and "npm ERR! 404" in done.stderr


def test_install_cli_says_when_it_waits_for_another_install(isolated: Path, fake_npm: Path) -> None:
    import fcntl

    version = trio_claude.TESTED_CLI_VERSION
    cli_cache_dir().mkdir(parents=True)
    with (cli_cache_dir() / f".{version}.lock").open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        waiting = subprocess.Popen(
            [sys.executable, "-m", "trio_claude", "install-cli"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert waiting.stderr is not None
        waiting.stderr.readline()  # the first line: which CLI, where
        assert (
            waiting.stderr.readline() == f"trio_claude: another install of the CLI {version} runs: waiting\n"
        )
        fcntl.flock(held, fcntl.LOCK_UN)
    out, err = waiting.communicate(timeout=120)
    assert waiting.returncode == 0, err
    assert out == f"{cached_cli_path(version)}\n"
