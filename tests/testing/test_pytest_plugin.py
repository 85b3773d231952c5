"""The pytest plugin: registered by its entry point, loadable without the ``testing`` extra; the test kit
itself says which extra it needs."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points
from pathlib import Path

import trio_claude.pytest_plugin as plugin

# As if the testing extra were not installed: an import of these fails, find_spec() finds nothing.
WITHOUT_THE_EXTRA = (
    "import sys\nsys.modules['h11'] = sys.modules['hypothesis'] = sys.modules['pytest_trio'] = None\n"
)


def _run(code: str, *, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    # Only our plugin: the others installed here (hypothesis', pytest-trio's) would meet the blocked modules.
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=cwd,
        env=env,
    )


def test_the_entry_point_names_the_plugin_module() -> None:
    [entry] = [entry for entry in entry_points(group="pytest11") if entry.name == "trio_claude"]
    assert entry.value == "trio_claude.pytest_plugin"
    assert entry.load() is plugin
    for fixture in ("claude_cli", "claude_cli_version", "claude_home", "claude_project", "messages_api"):
        assert hasattr(plugin, fixture)


def test_the_plugin_loads_without_the_extra_and_leaves_the_kit_unimported() -> None:
    """pytest loads the plugin in every run of a project that installs trio_claude, with or without the
    ``testing`` extra: importing it must need none of it, and must not import the kit."""
    code = WITHOUT_THE_EXTRA + (
        "import trio_claude.pytest_plugin\n"
        "assert 'trio_claude.testing' not in sys.modules, 'the plugin imported the kit'\n"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr


def test_the_kit_without_the_extra_names_it() -> None:
    code = WITHOUT_THE_EXTRA + (
        "try:\n"
        "    import trio_claude.testing\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
        "else:\n"
        "    raise AssertionError('imported')\n"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert "pip install 'trio_claude[testing]'" in result.stdout
    assert "h11, pytest-trio, hypothesis" in result.stdout


def test_a_fixture_without_pytest_trio_names_the_extra(tmp_path: Path) -> None:
    """A test that asks for the async ``messages_api`` fixture where pytest-trio is missing is told what to
    install (not pytest's "async fixture with no plugin")."""
    (tmp_path / "test_user.py").write_text(
        textwrap.dedent(
            """
            def test_it(messages_api):
                pass
            """
        )
    )
    code = WITHOUT_THE_EXTRA + (
        "import pytest\n"
        "args = ['-q', '-p', 'no:cacheprovider', '-p', 'trio_claude.pytest_plugin', 'test_user.py']\n"
        "sys.exit(pytest.main(args))\n"
    )
    result = _run(code, cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "pip install 'trio_claude[testing]'" in result.stdout, result.stdout
