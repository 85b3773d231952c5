"""The tooling contract: CI runs `./dev test`, and the README quick start is `./dev demo` and `./dev test`."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def commands(script: Path) -> list[str]:
    """The non-blank, non-comment lines of a shell script, stripped."""
    lines = (line.strip() for line in script.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def test_ci_runs_exactly_dev_test() -> None:
    dev_calls = [line for line in commands(ROOT / ".ci" / "run") if "./dev" in line]
    assert dev_calls == ["exec ./dev test"]


def test_readme_quick_start_is_dev_demo_and_dev_test() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", section, flags=re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1
    assert blocks[0].split() == ["./dev", "demo", "./dev", "test"]


@pytest.mark.parametrize("script", ["dev", ".ci/run"])
def test_shell_script_parses(script: str) -> None:
    subprocess.run(["bash", "-n", str(ROOT / script)], check=True)


def test_dev_help_lists_the_commands() -> None:
    result = subprocess.run([str(ROOT / "dev"), "help"], capture_output=True, text=True, check=True)
    for command in ("demo", "python", "test", "lint", "typecheck", "docs", "setup"):
        assert re.search(rf"^  {command}\b", result.stdout, flags=re.MULTILINE), command


def test_dev_rejects_an_unknown_command() -> None:
    result = subprocess.run([str(ROOT / "dev"), "no-such-command"], capture_output=True, text=True)
    assert result.returncode != 0
    assert "unknown command 'no-such-command'" in result.stderr
