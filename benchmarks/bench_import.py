"""What ``import trio_claude`` costs on top of its dependencies.

Run ``python benchmarks/bench_import.py`` (``--quick`` for a smoke run with 5 runs instead of 21).  Each run
starts a fresh interpreter and times one ``import`` statement in it, in wall-clock time
(``time.perf_counter``) and in CPU time of the process (``time.process_time``, which load from other
processes on a shared machine disturbs less); the interpreter's own start-up is not counted, and
bytecode caches are used as for an installed package (written to a temporary directory by a first,
untimed run):

* ``deps``: ``import trio, attrs, cattrs, orjson``, the floor any trio_claude import pays;
* ``trio_claude``: ``import trio_claude``.

``--first-session`` also times, in fresh interpreters, ``from trio_claude import ClaudeAgentOptions,
open_query`` and then a first ``open_query`` against the stand-in CLI (``standin_cli.py short``:
``system/init``, one ``assistant`` message, the ``result``), in CPU time of this process, and lists the
model modules it loaded: what lazy loading leaves for the first session.

The two kinds of run take turns, so that load from other processes slows both alike, and the table
prints the median of each, their difference and their ratio, for wall and CPU time.  The target is
``trio_claude`` ≤ ``deps`` + 0.05 s.  ``--breakdown`` also prints the modules of the package that cost the
most (``python -X importtime``, one run).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_EXTRA = 0.05  # seconds
STATEMENTS = {
    "deps": "import trio, attrs, cattrs, orjson",
    "trio_claude": "import trio_claude",
}


#: The children's environment: this checkout first (installed or not), and bytecode caches as an installed
#: package has them, written once to a private directory (never into the checkout).
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPATH": str(ROOT)}


def time_import(statement: str) -> tuple[float, float]:
    """Wall and CPU seconds that ``statement`` takes in a fresh interpreter (start-up excluded)."""
    code = (
        "import time; w, c = time.perf_counter(), time.process_time(); "
        f"{statement}; print(time.perf_counter() - w, time.process_time() - c)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=_ENV, cwd=ROOT
    )
    wall, cpu = out.stdout.split()
    return float(wall), float(cpu)


def medians(runs: int) -> dict[str, tuple[float, float]]:
    """The median (wall, CPU) time of each statement over ``runs`` fresh interpreters, taking turns."""
    for statement in STATEMENTS.values():
        time_import(statement)  # warm the file cache and write the bytecode caches
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in STATEMENTS}
    for _ in range(runs):
        for name, statement in STATEMENTS.items():
            times[name].append(time_import(statement))
    return {
        name: (statistics.median(w for w, _ in values), statistics.median(c for _, c in values))
        for name, values in times.items()
    }


#: The first session, in a fresh interpreter: the import, then one ``open_query`` against the stand-in CLI.
_FIRST_SESSION = """
import sys, time
c = time.process_time()
from trio_claude import ClaudeAgentOptions, open_query
imported = time.process_time() - c
import trio
async def main():
    options = ClaudeAgentOptions(cli_path=sys.argv[1], env={"STANDIN_COUNT": "1"})
    async with open_query("hi", options) as messages:
        async for _ in messages:
            pass
c = time.process_time()
trio.run(main)
session = time.process_time() - c
loaded = [m.rsplit(".", 1)[1] for m in sorted(sys.modules) if m.startswith("trio_claude.model._")]
print(imported, session, ",".join(loaded))
"""


def first_session(runs: int) -> tuple[float, float, str]:
    """Median CPU seconds of ``from trio_claude import ClaudeAgentOptions, open_query`` and of a first
    ``open_query`` (one short turn against the stand-in CLI) in fresh interpreters, and the model modules
    loaded by then."""
    with tempfile.TemporaryDirectory(prefix="bench_first-") as directory:
        cli = Path(directory) / "claude"
        standin = ROOT / "benchmarks" / "standin_cli.py"
        cli.write_text(f'#!/bin/sh\nexec {sys.executable} -S {standin} short "$@"\n')
        cli.chmod(0o755)
        results: list[tuple[float, float, str]] = []
        for _ in range(runs + 1):  # the first writes the bytecode caches
            out = subprocess.run(
                [sys.executable, "-c", _FIRST_SESSION, str(cli)],
                capture_output=True,
                text=True,
                check=True,
                env=_ENV,
                cwd=ROOT,
            )
            imported, session, loaded = out.stdout.split()
            results.append((float(imported), float(session), loaded))
    results = results[1:]
    return (
        statistics.median(r[0] for r in results),
        statistics.median(r[1] for r in results),
        results[-1][2],
    )


def breakdown(limit: int = 12) -> list[tuple[int, int, str]]:
    """The package's modules by cumulative import time (µs): ``(self, cumulative, module)``."""
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import trio, attrs, cattrs, orjson; import trio_claude"],
        capture_output=True,
        text=True,
        check=True,
        env=_ENV,
        cwd=ROOT,
    )
    rows: list[tuple[int, int, str]] = []
    for line in out.stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) == 3 and parts[0].strip().isdigit() and parts[2].strip().startswith("trio_claude"):
            rows.append((int(parts[0]), int(parts[1]), parts[2].strip()))
    return sorted(rows, key=lambda row: row[0], reverse=True)[:limit]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run: 5 runs instead of 21")
    parser.add_argument("--smoke", action="store_true", help="2 runs: only that it runs")
    parser.add_argument("--breakdown", action="store_true", help="also list the costliest modules")
    parser.add_argument(
        "--first-session", action="store_true", help="also time a first open_query against the stand-in CLI"
    )
    args = parser.parse_args(argv)
    runs = 2 if args.smoke else 5 if args.quick else 21
    cache = tempfile.TemporaryDirectory(prefix="bench_import-")
    _ENV["PYTHONPYCACHEPREFIX"] = cache.name

    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"{python}, {platform.machine()}, {os.cpu_count()} CPUs")
    print(f"median of {runs} fresh interpreters each, seconds{' (--quick)' if args.quick else ''}")
    result = medians(runs)
    print()
    print(f"{'time':<5} {'deps':>7} {'trio_claude':>12} {'difference':>11} {'ratio':>7}  target")
    for column, label in enumerate(("wall", "cpu")):
        deps, package = result["deps"][column], result["trio_claude"][column]
        extra = package - deps
        verdict = "ok" if extra <= TARGET_EXTRA else "OVER"
        print(
            f"{label:<5} {deps:>7.3f} {package:>12.3f} {extra:>11.3f} {package / deps:>6.2f}x"
            f"  difference <= {TARGET_EXTRA:g} {verdict}"
        )
    if args.first_session:
        imported, session, loaded = first_session(runs)
        print()
        print(f"from trio_claude import ClaudeAgentOptions, open_query: cpu {imported:.3f}")
        print(f"first open_query (one short turn, stand-in CLI):        cpu {session:.3f}")
        print(f"model modules loaded by then: {loaded}")
    if args.breakdown:
        print()
        print("costliest modules of the package (-X importtime, µs): self, cumulative")
        for own, cumulative, module in breakdown():
            print(f"{own:>8} {cumulative:>8}  {module}")
    cache.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
