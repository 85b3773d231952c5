"""The runtime benchmarks still run (``run_all.py --smoke``: tiny counts).  Timings are never asserted: noise
on CI."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATIO = r"[\d.]+\u00d7"


def test_run_all_smoke_prints_every_row_with_its_floor_and_the_summary() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run_all.py"), "--smoke"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    for pattern in (
        rf"^S1 stream_event \u00d7[\d,]+ .* sdk [\d.]+ s  floor [\d.]+ s  ratio {RATIO}  \(target ≤ 2.0\u00d7"
        r".*raw bytes floor \d+ ms",
        rf"^S1b assistant \u00d7[\d,]+ .* sdk [\d.]+ s  floor [\d.]+ s  ratio {RATIO}  \(target ≤ 1.5\u00d7"
        r".*raw bytes floor \d+ ms",
        rf"^S2 can_use_tool \u00d7[\d,]+ .* sdk \d+ µs  floor \d+ µs  ratio {RATIO}  \(target ≤ 2.0\u00d7",
        rf"^S5 \d+ sessions .* sdk [\d.]+ s  floor [\d.]+ s  ratio {RATIO}  \(target ≤ 3.0\u00d7",
        r"^S6 cancel→exited move_on_after  sdk [\d.]+ s .*CLI: interrupted, exit 0\]",
        r"^S6 cancel→exited cancel block  sdk [\d.]+ s .*CLI: interrupted, exit 0\]",
        r"^scale \d+ sessions open at once  sdk [\d.]+ ms cpu/session, -?\d+ KiB RSS/session .*"
        r"Python heap -?\d+ KiB/session",
        r"^import import trio_claude, wall  sdk [\d.]+ s \(\+-?[\d.]+ s\)  floor [\d.]+ s \(deps\)",
    ):
        assert re.search(pattern, out, flags=re.MULTILINE), f"{pattern!r} not in:\n{out}"
    summary = out[out.index("summary (smoke run") :]
    for key in ("S1", "S1b", "S2", "S5", "S6", "scale", "import"):
        assert re.search(rf"^{key} ", summary, flags=re.MULTILINE), summary
