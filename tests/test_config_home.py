"""Where the CLI keeps its files (``_config/_home.py``): from the environment the CLI gets, ``options.env``
over this process's, as the pinned CLIs work it out (checked on both: a relative or empty
``CLAUDE_CONFIG_DIR`` or ``HOME`` puts the files under the CLI's working directory, named as given)."""

from __future__ import annotations

import os
import pwd
import unicodedata
from pathlib import Path

import pytest

from trio_claude import ClaudeAgentOptions
from trio_claude._config._home import (
    claude_json,
    claude_json_of,
    config_home,
    config_home_of,
    home_dir,
    on_disk,
)

HERE = {"HOME": "/here"}  # this process's environment, unless a case says otherwise
ACCOUNT_HOME = pwd.getpwuid(os.getuid()).pw_dir


@pytest.mark.parametrize(
    ("here", "given", "home", "json"),
    [
        pytest.param(HERE, {"HOME": "/a"}, "/a/.claude", "/a/.claude.json", id="HOME-only-in-options.env"),
        pytest.param(HERE, {}, "/here/.claude", "/here/.claude.json", id="HOME-only-here"),
        pytest.param(
            HERE,
            {"HOME": "/a", "CLAUDE_CONFIG_DIR": "/c"},
            "/c",
            "/c/.claude.json",
            id="config-dir-in-options",
        ),
        pytest.param(
            {**HERE, "CLAUDE_CONFIG_DIR": "/c"}, {"HOME": "/a"}, "/c", "/c/.claude.json", id="config-dir-here"
        ),
        pytest.param(
            {**HERE, "CLAUDE_CONFIG_DIR": "/c1"},
            {"CLAUDE_CONFIG_DIR": "/c2"},
            "/c2",
            "/c2/.claude.json",
            id="config-dir-both-places",
        ),
        # Set but empty: the config home is "" (the CLI's working directory), .claude.json goes home.
        pytest.param(HERE, {"CLAUDE_CONFIG_DIR": ""}, "", "/here/.claude.json", id="empty-config-dir"),
        pytest.param(
            {**HERE, "CLAUDE_CONFIG_DIR": "/c"},
            {"CLAUDE_CONFIG_DIR": ""},
            "",
            "/here/.claude.json",
            id="emptied",
        ),
        pytest.param(
            HERE,
            {"HOME": ""},
            os.path.join(ACCOUNT_HOME, ".claude"),
            os.path.join(ACCOUNT_HOME, ".claude.json"),
            id="empty-HOME",
        ),
        pytest.param(
            {},
            {},
            os.path.join(ACCOUNT_HOME, ".claude"),
            os.path.join(ACCOUNT_HOME, ".claude.json"),
            id="no-HOME",
        ),
        pytest.param(
            HERE, {"CLAUDE_CONFIG_DIR": "rel/cfg"}, "rel/cfg", "rel/cfg/.claude.json", id="relative"
        ),
        pytest.param(HERE, {"HOME": "rel"}, "rel/.claude", "rel/.claude.json", id="relative-HOME"),
    ],
)
def test_the_config_home_and_claude_json_of_the_cli(
    here: dict[str, str],
    given: dict[str, str],
    home: str,
    json: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("HOME", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in here.items():
        monkeypatch.setenv(name, value)
    options = ClaudeAgentOptions(env=given)
    assert config_home_of(options) == home
    assert claude_json_of(options) == json


def test_without_options_this_process_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/here")
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    assert (config_home(), claude_json()) == ("/here/.claude", "/here/.claude.json")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", "/c")
    assert (config_home(), claude_json()) == ("/c", "/c/.claude.json")
    assert config_home({"HOME": "/a"}) == "/a/.claude"  # a given environment is the whole of it


def test_the_config_home_is_nfc_and_the_home_only_when_not_empty() -> None:
    decomposed = unicodedata.normalize("NFD", "/café")
    assert config_home({"CLAUDE_CONFIG_DIR": decomposed}) == unicodedata.normalize("NFC", "/café")
    assert config_home({"HOME": decomposed}) == unicodedata.normalize("NFC", "/café/.claude")
    assert home_dir({"HOME": "/h"}) == "/h"
    assert home_dir({"HOME": ""}) == home_dir({}) == ACCOUNT_HOME


def test_a_relative_path_is_under_the_cli_working_directory(tmp_path: Path) -> None:
    assert on_disk("rel/cfg", ClaudeAgentOptions(cwd=tmp_path)) == str(tmp_path / "rel" / "cfg")
    assert on_disk("", ClaudeAgentOptions(cwd=tmp_path)) == f"{tmp_path}{os.sep}"
    assert on_disk("/abs", ClaudeAgentOptions(cwd=tmp_path)) == "/abs"
    assert on_disk("rel", ClaudeAgentOptions()) == "rel"  # this process's working directory
