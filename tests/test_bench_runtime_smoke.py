"""The runtime benchmark still runs (``--quick``).  Timings are never asserted: they are noise on CI."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_runtime_quick_runs_and_prints_every_scenario() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_runtime.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    for pattern in (
        r"^S1 stream_events .* sdk [\d.]+ s .* plain [\d.]+ s .* ratio [\d.]+\u00d7",
        r"^S2 can_use_tool .* p50 sdk \d+ µs .* plain \d+ µs .* ratio [\d.]+\u00d7",
        r"^S6 cancel→exited +move_on_after .* median [\d.]+ s",
        r"^S6 cancel→exited +cancel block .* median [\d.]+ s",
        r"^sessions \u00d710 .* wall [\d.]+ s .* cpu/session [\d.]+ ms",
    ):
        assert re.search(pattern, out, flags=re.MULTILINE), f"{pattern!r} not in:\n{out}"
