"""The README's first command runs examples/demo.py; it must work offline against the real CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

DEMO = Path(__file__).resolve().parents[1] / "examples" / "demo.py"


@pytest.mark.real_cli
def test_demo_runs_offline(claude_cli: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env["TRIO_CLAUDE_CLI"] = str(claude_cli)
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
