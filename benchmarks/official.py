"""The official Claude Agent SDK beside trio_claude in the same run (``run_all.py --official``).

The official SDK is never installed into the project's ``.venv``: :func:`python` builds a virtual
environment of its own in ``benchmarks/.venv-official`` (git ignores it) with ``pip install
claude-agent-sdk trio`` the first time, and :func:`run` plays a scenario there (``official_driver.py``, the
official SDK on trio through anyio's trio backend) against the same stand-in CLI as trio_claude's rows.
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv-official"
DRIVER = HERE / "official_driver.py"
PACKAGES = ("claude-agent-sdk", "trio")


def python() -> Path:
    """The official SDK's Python, its environment built first if needed (raises ``RuntimeError`` when
    that fails: pip cannot reach its index, say)."""
    interpreter = VENV / "bin" / "python"
    if not (VENV / "ready").exists():
        print(f"building {VENV} (pip install {' '.join(PACKAGES)})…", file=sys.stderr, flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        install = subprocess.run(
            [str(interpreter), "-m", "pip", "install", "--quiet", *PACKAGES],
            capture_output=True,
            text=True,
            check=False,
        )
        if install.returncode != 0:
            raise RuntimeError(f"pip install {' '.join(PACKAGES)} failed: {install.stderr.strip()[-500:]}")
        (VENV / "ready").write_text(version(interpreter) + "\n")
    return interpreter


def version(interpreter: Path | None = None) -> str:
    """``claude-agent-sdk X, trio Y`` as installed in the official SDK's environment."""
    code = (
        "import importlib.metadata as m; "
        "print(f\"claude-agent-sdk {m.version('claude-agent-sdk')}, trio {m.version('trio')}\")"
    )
    out = subprocess.run(
        [str(interpreter or python()), "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return out.strip()


def run(scenario: str, cli: Path, count: int, report: Path | None = None) -> dict[str, Any]:
    """One run of ``scenario`` (``s2`` or ``turn``) by the official SDK in its own interpreter."""
    command = [str(python()), str(DRIVER), scenario, str(cli), str(count)]
    if report is not None:
        command.append(str(report))
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"the official SDK's {scenario} run failed: {result.stderr.strip()[-2000:]}")
    figures: dict[str, Any] = json.loads(result.stdout.splitlines()[-1])
    return figures
