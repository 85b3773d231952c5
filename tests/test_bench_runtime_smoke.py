"""The runtime benchmarks still run (``run_all.py --smoke``: tiny counts).  Timings are never asserted: noise
on CI."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
RATIO = r"[\d.]+\u00d7"


def test_run_all_smoke_prints_every_row_with_its_floor_and_the_summary() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run_all.py"), "--smoke", "--compare"],
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
        rf"^S1b assistant \u00d7[\d,]+ .* sdk [\d.]+ s  floor [\d.]+ s  ratio {RATIO}  \(target ≤ 1.8\u00d7"
        r".*raw bytes floor \d+ ms",
        rf"^S1-old stream_event \u00d7[\d,]+ .* ratio {RATIO}",
        rf"^S1b-old assistant \u00d7[\d,]+ .* ratio {RATIO}",
        rf"^S2 can_use_tool \u00d7[\d,]+ .* sdk \d+ µs  floor \d+ µs  ratio {RATIO}  \(target ≤ 2.5\u00d7",
        rf"^S5 \d+ sessions .* sdk [\d.]+ s  floor [\d.]+ s  ratio {RATIO}  \(target ≤ 3.0\u00d7",
        rf"^S5-old \d+ sessions .* ratio {RATIO}",
        r"^S6 cancel→exited move_on_after  sdk [\d.]+ s .*CLI: interrupted, exit 0\]",
        r"^S6 cancel→exited cancel block  sdk [\d.]+ s .*CLI: interrupted, exit 0\]",
        r"^scale \d+ sessions open at once  sdk [\d.]+ ms cpu/session, -?\d+ KiB RSS/session .*"
        r"Python heap -?\d+ KiB/session",
        r"^import import trio_claude, wall  sdk [\d.]+ s \(\+-?[\d.]+ s\)  floor [\d.]+ s \(deps\)",
    ):
        assert re.search(pattern, out, flags=re.MULTILINE), f"{pattern!r} not in:\n{out}"
    summary = out[out.index("summary (smoke run") :]
    for key in ("S1", "S1b", "S1-old", "S1b-old", "S2", "S5", "S5-old", "S6", "scale", "import"):
        assert re.search(rf"^{key} ", summary, flags=re.MULTILINE), summary
    # --compare: every row with a ratio to a floor, beside its baseline (the smoke mode has none recorded)
    compared = out[out.index("against baseline.json (smoke run") :]
    for key in ("S1", "S1b", "S1-old", "S1b-old", "S2", "S5", "S5-old"):
        assert re.search(rf"^{key} +{RATIO} +— +\(new\)$", compared, flags=re.MULTILINE), compared


def test_the_comparison_flags_only_the_ratios_grown_beyond_the_tolerance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "path", [str(ROOT / "benchmarks"), *sys.path])
    run_all = importlib.import_module("run_all")
    rows = [
        run_all.Row("S1", "w", "1 s", "0.5 s", 2.0, "", True),
        run_all.Row("S2", "w", "9 µs", "1 µs", 3.2, "", False),
        run_all.Row("S5", "w", "1 s", "0.5 s", 2.5, "", True),
        run_all.Row("S6", "w", "1 ms", "", None, "", True),  # no ratio: not compared
    ]
    table, regressed = run_all.comparison(rows, {"S1": 1.9, "S2": 2.5, "S6": 1.0}, 0.25)
    assert regressed == ["S2"]  # +28 %; S1 +5 % is within the tolerance
    assert re.search(r"^S2 +3.20\u00d7 +2.50\u00d7 +\+28%  REGRESSED$", table, flags=re.MULTILINE), table
    assert re.search(r"^S1 +2.00\u00d7 +1.90\u00d7 +\+5%$", table, flags=re.MULTILINE), table
    assert re.search(r"^S5 +2.50\u00d7 +— +\(new\)$", table, flags=re.MULTILINE), table
    assert "S6" not in table


def test_the_summary_shows_the_official_sdk_beside_us_when_it_was_measured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "path", [str(ROOT / "benchmarks"), *sys.path])
    run_all = importlib.import_module("run_all")
    X = run_all.X
    ours = run_all.Row("S2", "round trip", "90 µs", "30 µs", 3.0, f"≤ 2.5{X} and < official", False)
    rows = [run_all.Row("S6", "cancel", "1 ms", "", None, "", True), ours]
    assert "official SDK" not in run_all.summary(rows)
    rows[1] = attrs.evolve(ours, official=f"130 µs (4.33{X})")
    lines = run_all.summary(rows).splitlines()
    columns = ["row", "scenario", "trio_claude", "official SDK", "floor", "ratio", "target"]
    assert re.split(r"  +", lines[0]) == columns
    target = f"≤ 2.5{X} and < official"
    assert re.split(r"  +", lines[2]) == [
        "S2", "round trip", "90 µs", f"130 µs (4.33{X})", "30 µs", f"3.00{X}", target, "MISSED"
    ]  # fmt: skip
    assert re.split(r"  +", lines[1])[3] == "—"  # a row the official SDK was not measured in
