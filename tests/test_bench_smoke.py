"""The decode benchmark still runs (``--quick``).  Timings are never asserted: they are noise on CI."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_decode_quick_runs_and_prints_ratios() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_decode.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for workload in ("stream_event", "assistant"):
        assert re.search(rf"^{workload}\s.*\d\.\d\dx\s+<= 3x", result.stdout, flags=re.MULTILINE), (
            result.stdout
        )
