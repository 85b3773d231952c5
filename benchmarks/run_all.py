"""Every speed figure in one run, each next to its floor and target: ``python benchmarks/run_all.py``.

Runs the scenarios of ``bench_runtime.py`` (S1, S1b, S2, S5 against the tight blocking floor, S6, and 1,000
sessions open at once) and ``bench_import.py`` (``import trio_claude`` against its dependencies), printing
each row as it is measured, then the summary table.  ``--quick`` runs 10x smaller counts (a smoke run of
about half a minute); ``--check`` exits 1 when a target is missed (otherwise the exit status says nothing
about the figures).  The full run takes a few minutes, most of it starting 1,000 stand-in CLIs.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence

import bench_import
import bench_runtime
from bench_runtime import Row

X = bench_runtime.X


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
    columns = ("row", "scenario", "trio_claude", "floor", "ratio", "target", "")
    cells = [columns] + [
        (
            row.key,
            row.what,
            row.sdk,
            row.floor or "—",
            f"{row.ratio:.2f}{X}" if row.ratio is not None else "—",
            row.target or "—",
            bench_runtime.verdict(row.ok),
        )
        for row in rows
    ]
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
    args = parser.parse_args(argv)
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    print(bench_runtime.header(mode), flush=True)
    start = time.perf_counter()
    config = {"smoke": bench_runtime.SMOKE, "quick": bench_runtime.QUICK, "full": bench_runtime.FULL}[mode]
    rows = bench_runtime.run(config, args.only)
    if "import" in args.only:
        rows.append(timed_import({"smoke": 1, "quick": 5, "full": 21}[mode]))
    print()
    print(f"summary ({mode} run, {time.perf_counter() - start:.0f} s):")
    print(summary(rows), flush=True)
    return 1 if args.check and any(row.ok is False for row in rows) else 0


def timed_import(runs: int) -> Row:
    row = bench_runtime.timed("import", lambda: import_row(runs))
    bench_runtime.print_row(row)
    return row


if __name__ == "__main__":
    sys.exit(main())
