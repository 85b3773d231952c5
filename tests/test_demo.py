"""The README's first command runs examples/demo.py: offline against the real CLI, touching nothing of the
user's own (no ``~/.claude``), even when an API key is in the environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

DEMO = Path(__file__).resolve().parents[1] / "examples" / "demo.py"


@pytest.mark.real_cli
def test_demo_runs_offline_and_leaves_home_alone(claude_cli: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "TRIO_CLAUDE_REAL_API"}
    env["TRIO_CLAUDE_CLI"] = str(claude_cli)
    env["HOME"] = str(home)  # the user's home, as far as the demo and the CLI can tell
    env["ANTHROPIC_API_KEY"] = "sk-exported-for-another-tool"  # a key alone does not mean "use the API"
    done = subprocess.run(
        [sys.executable, str(DEMO)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "offline" in out
    assert "permission allowed" in out
    assert "tool result Hello from trio_claude!" in out
    assert "done success" in out
    assert "hello.txt: Hello from trio_claude!" in out
    assert list(home.iterdir()) == []  # no ~/.claude, no ~/.claude.json: the CLI had a throw-away HOME
