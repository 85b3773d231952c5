"""``python -m trio_claude conformance``: run the kit against one CLI, print the report, say whether every
capability holds."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import trio

from ... import CLINotFoundError, find_cli
from ._run import Outcome, run_conformance


def run_command(cli: str | None, json_file: str | None, timeout: float, jobs: int) -> int:
    """Check the CLI at ``cli`` (default: the one :func:`~trio_claude.find_cli` finds), print the report,
    write it as JSON to ``json_file`` if given (``timeout``: seconds per scenario; ``jobs``: scenarios
    side by side); 0 when every capability holds, 1 when one does not, 2 when
    there is no CLI to check."""
    try:
        path = find_cli(cli)
    except CLINotFoundError as exc:
        print(f"trio_claude: error: {exc}", file=sys.stderr)
        return 2
    print(f"trio_claude: checking the Claude Code CLI {path} (offline)", file=sys.stderr)
    report = trio.run(
        lambda: run_conformance(path, scenario_timeout=timeout, jobs=jobs, on_outcome=_progress)
    )
    print(report.text())
    if json_file is not None:
        Path(json_file).write_text(json.dumps(report.as_json(), indent=2) + "\n")
    return 0 if report.ok else 1


def _progress(outcome: Outcome) -> None:
    print(
        f"trio_claude: {outcome.name}: {outcome.result} ({outcome.seconds:.1f} s)",
        file=sys.stderr,
        flush=True,
    )
