"""Every Python block of the README runs as written, offline: against the scripted model and the pinned
CLI, with an API key in the environment (which must not switch to the real API) and a throw-away HOME that
must stay empty.  Their output stays short."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", README.read_text(), flags=re.MULTILINE | re.DOTALL)

#: What each block prints (lines that must appear, in order).
EXPECTED = {
    0: [
        "I'll remove the build directory.",
        "Understood: I left the build directory alone.",
        "done: success, denied: ['Bash']",
        "ContextUsageResponse(categories=<",
    ],
    1: ["ResultMessage(subtype='success', is_error=False, duration_ms=5, "],
    2: [],
}


def test_the_readme_has_its_blocks() -> None:
    assert len(BLOCKS) == len(EXPECTED)
    assert "open_workspace" in BLOCKS[0], "the first example runs offline as written"


@pytest.mark.real_cli
@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_block_runs(index: int, claude_cli: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    script = tmp_path / f"readme_block_{index}.py"
    script.write_text(BLOCKS[index])
    env = {k: v for k, v in os.environ.items() if k != "TRIO_CLAUDE_REAL_API"}
    env.update(TRIO_CLAUDE_CLI=str(claude_cli), HOME=str(home), ANTHROPIC_API_KEY="sk-not-an-opt-in")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    found = [
        next((n for n, line in enumerate(lines) if line.startswith(want)), -1) for want in EXPECTED[index]
    ]
    assert -1 not in found and found == sorted(found), done.stdout
    assert len(done.stdout) < 2000, done.stdout  # short enough to read: no multi-KB dumps
    assert list(home.iterdir()) == []  # nothing written into the (user's) home
