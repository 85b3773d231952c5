"""The decode and import benchmarks still run (``--smoke``).  Timings are never asserted: they are noise on
CI."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_decode_smoke_runs_and_prints_ratios() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_decode.py"), "--smoke"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for workload in ("stream_event", "assistant", "stream_real", "assistant_real"):
        assert re.search(rf"^{workload}\s.*\d\.\d\dx\s+<= 3x", result.stdout, flags=re.MULTILINE), (
            result.stdout
        )
        # decode, encode, and decode with cattrs' generated functions only
        assert len(re.findall(rf"^{workload}\s.*\d\.\d\dx", result.stdout, flags=re.MULTILINE)) == 3
    assert "cattrs only" in result.stdout


def test_bench_import_smoke_runs_and_prints_the_difference() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_import.py"), "--smoke", "--breakdown"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for row in ("wall", "cpu"):
        assert re.search(
            rf"^{row}\s+\d\.\d{{3}}\s+\d\.\d{{3}}\s+-?\d\.\d{{3}}\s+\d\.\d\dx\s+difference <= 0.05",
            result.stdout,
            flags=re.MULTILINE,
        ), result.stdout
    assert "trio_claude.model" in result.stdout
