"""The pytest plugin: registered by its entry point, and loadable without the ``test`` extra."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points

import trio_claude.testing.pytest_plugin as plugin


def test_the_entry_point_names_the_plugin_module() -> None:
    [entry] = [entry for entry in entry_points(group="pytest11") if entry.name == "trio_claude"]
    assert entry.value == "trio_claude.testing.pytest_plugin"
    assert entry.load() is plugin
    for fixture in ("claude_cli", "claude_cli_version", "claude_home", "claude_project", "messages_api"):
        assert hasattr(plugin, fixture)


def test_the_plugin_loads_without_the_test_extra() -> None:
    """pytest loads the plugin in every run of a project that installs trio_claude, with or without the
    ``test`` extra: importing it (and so the test kit) must not need h11 or hypothesis."""
    code = (
        "import sys\n"
        "sys.modules['h11'] = sys.modules['hypothesis'] = None  # as if not installed\n"
        "import trio_claude.testing.pytest_plugin\n"
        "import trio_claude.testing\n"
        "trio_claude.testing.ModelTurn(blocks=[trio_claude.testing.Text(text='hi')])\n"
        "try:\n"
        "    import trio_claude.testing.messages_api.http\n"
        "except ImportError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('h11 was importable')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
