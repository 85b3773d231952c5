"""Every speed figure in one run, each next to its floor and target: ``python benchmarks/run_all.py``.

Runs the scenarios of ``bench_runtime.py`` (S1, S1b, S2, S5 against the tight blocking floor, S6, and 1,000
sessions open at once) and ``bench_import.py`` (``import trio_claude`` against its dependencies), printing
each row as it is measured, then the summary table.  ``--quick`` runs 10x smaller counts (a smoke run of
about half a minute); ``--check`` exits 1 when a target is missed (otherwise the exit status says nothing
about the figures).  The full run takes a few minutes, most of it starting 1,000 stand-in CLIs.

``--compare`` (what ``./dev bench`` runs) then prints each row's ratio to the floor beside the ratio
recorded for the same mode in ``benchmarks/baseline.json``, and exits 1 when a row's ratio grew by more
than ``--tolerance`` (default 25 %): a regression is seen in the commit that causes it.  ``--record``
writes the run's ratios as the new baseline of its mode.

``--official`` also measures the official Claude Agent SDK (on trio, through anyio's trio backend) in S1,
S1b and S2, against the same stand-in CLI and floor, in a virtual environment of its own that
``official.py`` builds under ``benchmarks/.venv-official`` the first time (``pip install
claude-agent-sdk trio``; never into the project's ``.venv``).  S2's target then also asks for a p50 below
the official SDK's.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import bench_import
import bench_runtime
import official
from bench_runtime import Row

X = bench_runtime.X
BASELINE = Path(__file__).resolve().parent / "baseline.json"
TOLERANCE = 0.25


def import_row(runs: int) -> Row:
    """``import trio_claude`` against ``import trio, attrs, cattrs, orjson`` (median wall time)."""
    with tempfile.TemporaryDirectory(prefix="bench_import-") as cache:
        bench_import._ENV["PYTHONPYCACHEPREFIX"] = (
            cache  # bytecode caches as installed, never in the checkout
        )
        result = bench_import.medians(runs)
    deps, package = result["deps"][0], result["trio_claude"][0]
    extra = package - deps
    note = (
        f"cpu {result['trio_claude'][1]:.3f} s vs deps {result['deps'][1]:.3f} s; "
        f"median of {runs} fresh interpreters"
    )
    return Row(
        "import",
        "import trio_claude, wall",
        f"{package:.3f} s (+{extra:.3f} s)",
        f"{deps:.3f} s (deps)",
        None,
        f"≤ deps + {bench_import.TARGET_EXTRA} s",
        extra <= bench_import.TARGET_EXTRA,
        note,
    )


def summary(rows: Sequence[Row]) -> str:
    with_official = any(row.official for row in rows)
    columns: tuple[str, ...] = ("row", "scenario", "trio_claude", "floor", "ratio", "target", "")
    if with_official:
        columns = (*columns[:3], "official SDK", *columns[3:])
    cells: list[tuple[str, ...]] = [columns]
    for row in rows:
        line = (
            row.key,
            row.what,
            row.sdk,
            row.floor or "—",
            f"{row.ratio:.2f}{X}" if row.ratio is not None else "—",
            row.target or "—",
            bench_runtime.verdict(row.ok),
        )
        cells.append((*line[:3], row.official or "—", *line[3:]) if with_official else line)
    widths = [max(len(line[i]) for line in cells) for i in range(len(columns))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in cells
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="10x smaller counts, for a smoke run")
    parser.add_argument("--smoke", action="store_true", help="tiny counts: only that every row runs")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument(
        "--only",
        type=lambda text: text.split(","),
        default=[*bench_runtime.GROUPS, "import"],
        help=f"run only these rows, comma-separated, of: {', '.join(bench_runtime.GROUPS)}, import "
        "(s1 is S1 and S1b)",
    )
    parser.add_argument("--compare", action="store_true", help=f"compare each ratio with {BASELINE.name}")
    parser.add_argument(
        "--tolerance", type=float, default=TOLERANCE, help="a ratio this much above its baseline regressed"
    )
    parser.add_argument("--record", action="store_true", help=f"record the ratios in {BASELINE.name}")
    parser.add_argument(
        "--official", action="store_true", help="also measure the official SDK in S1, S1b and S2 (own venv)"
    )
    args = parser.parse_args(argv)
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    print(bench_runtime.header(mode), flush=True)
    with_official = args.official and official_ready()
    start = time.perf_counter()
    config = {"smoke": bench_runtime.SMOKE, "quick": bench_runtime.QUICK, "full": bench_runtime.FULL}[mode]
    rows = bench_runtime.run(config, args.only, with_official)
    if "import" in args.only:
        rows.append(timed_import({"smoke": 1, "quick": 5, "full": 21}[mode]))
    print()
    print(f"summary ({mode} run, {time.perf_counter() - start:.0f} s):")
    print(summary(rows), flush=True)
    failed = args.check and any(row.ok is False for row in rows)
    if args.compare:
        print()
        print(f"against {BASELINE.name} ({mode} run, tolerance {args.tolerance:.0%}):")
        table, regressed = comparison(rows, load_baseline().get(mode, {}), args.tolerance)
        print(table, flush=True)
        failed = failed or bool(regressed)
        if regressed:
            print(f"REGRESSED beyond {args.tolerance:.0%}: {', '.join(regressed)}")
    if args.record:
        record_baseline(mode, rows)
    return 1 if failed else 0


def official_ready() -> bool:
    """Whether the official SDK can be measured (its environment built if needed); says which it is."""
    try:
        print(f"official SDK: {official.version()} ({official.VENV})", flush=True)
    except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
        print(f"official SDK not measured: {exc}", flush=True)
        return False
    return True


def load_baseline() -> dict[str, dict[str, float]]:
    """The recorded ratios, by mode and row: ``{"full": {"S1": 1.9, ...}, "quick": {...}}``."""
    if not BASELINE.exists():
        return {}
    data: dict[str, dict[str, float]] = json.loads(BASELINE.read_text(encoding="utf-8"))
    return data


def record_baseline(mode: str, rows: Sequence[Row]) -> None:
    """Record this run's ratios as the baseline of ``mode`` (the other modes' are kept)."""
    data = load_baseline()
    data[mode] = {row.key: round(row.ratio, 2) for row in rows if row.ratio is not None}
    BASELINE.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded the {mode} run's ratios in {BASELINE}")


def comparison(rows: Sequence[Row], baseline: dict[str, float], tolerance: float) -> tuple[str, list[str]]:
    """The table of each row's ratio to the floor and to its baseline, and the rows that regressed."""
    lines = [f"{'row':<8} {'ratio':>7} {'baseline':>9} {'change':>8}"]
    regressed: list[str] = []
    for row in rows:
        if row.ratio is None:
            continue
        base = baseline.get(row.key)
        if base is None:
            lines.append(f"{row.key:<8} {row.ratio:>6.2f}{X} {'—':>9} {'(new)':>8}")
            continue
        change = row.ratio / base - 1
        flag = ""
        if change > tolerance:
            flag = "  REGRESSED"
            regressed.append(row.key)
        lines.append(f"{row.key:<8} {row.ratio:>6.2f}{X} {base:>8.2f}{X} {change:>+7.0%}{flag}")
    return "\n".join(lines), regressed


def timed_import(runs: int) -> Row:
    row = bench_runtime.timed("import", lambda: import_row(runs))
    bench_runtime.print_row(row)
    return row


if __name__ == "__main__":
    sys.exit(main())
