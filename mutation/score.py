"""Mutation scores of the core layers, one module at a time, each against its own layer's tests.

For every module of ``trio_claude/<layer>/`` (``protocol`` and ``wire`` by default) this runs mutmut in a
fresh scratch copy of the repository whose ``[tool.mutmut]`` table mutates only that module and selects only
``tests/<layer>``, so a mutant counts as killed only when the module's own layer notices it (not because
some runtime test happened to trip over it).  Then it prints one row per module:

    killed / (mutants - reviewed equivalent mutants)

Killed means a test failed, or the tests ran out of time or were killed (a mutant that makes the code hang
is found).  A mutant that survived, or that no test of the layer even runs, counts against the score.
Equivalent mutants (they change no behaviour a test could observe) are listed, each with its diff and why,
in ``mutation/equivalent.toml``; an entry whose mutant no longer has that diff, or which a test kills, is
stale and fails the run, so the list is re-reviewed whenever the code moves.

mutmut runs under ``nice -n 19`` (the machine is shared), and the run fails when a module scores below
``--threshold`` percent.  Run it through ``nox -s mutation`` (``nox -s mutation -- --help`` for options).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "trio_claude"
DEFAULT_LAYERS = ("protocol", "wire")
EQUIVALENT_FILE = ROOT / "mutation" / "equivalent.toml"

#: mutmut's statuses, by what they mean for the score.
DETECTED = {"killed", "timeout", "segfault", "caught by type check"}
UNDETECTED = {"survived", "no tests"}
#: Anything else ("not checked", "suspicious", "skipped", "check was interrupted by user") means the run
#: did not finish, and the module gets no score.


@dataclass
class Equivalent:
    """A reviewed equivalent mutant: its id, the lines it changes and why no test can tell."""

    id: str
    diff: list[str]
    why: str


@dataclass
class ModuleResult:
    """The outcome of mutating one module."""

    module: str
    tests: str
    statuses: dict[str, str] = field(default_factory=dict[str, str])
    diffs: dict[str, list[str]] = field(default_factory=dict[str, list[str]])
    equivalent: set[str] = field(default_factory=set[str])
    problems: list[str] = field(default_factory=list[str])
    seconds: float = 0.0

    @property
    def non_equivalent(self) -> int:
        return len(self.statuses) - len(self.equivalent)

    @property
    def killed(self) -> int:
        return sum(status in DETECTED for status in self.statuses.values())

    @property
    def undetected(self) -> list[str]:
        return sorted(
            (
                name
                for name, status in self.statuses.items()
                if status in UNDETECTED and name not in self.equivalent
            ),
            key=mutant_order,
        )

    @property
    def score(self) -> float | None:
        """Percent of the non-equivalent mutants killed; None when there is nothing to score."""
        if self.problems or not self.non_equivalent:
            return None
        return 100.0 * self.killed / self.non_equivalent


def mutant_order(name: str) -> tuple[str, int]:
    """Sort key of a mutant name: by function, then by number (``_2`` before ``_10``)."""
    function, _, number = name.rpartition("__mutmut_")
    return function, int(number) if number.isdigit() else 0


def layer_modules(layers: Sequence[str]) -> list[Path]:
    """The ``.py`` files of each layer package, relative to the repository root."""
    modules: list[Path] = []
    for layer in layers:
        directory = ROOT / PACKAGE / layer
        if not directory.is_dir():
            raise SystemExit(f"no layer {layer!r}: {directory} is not a directory")
        modules += sorted(path.relative_to(ROOT) for path in directory.glob("*.py"))
    return modules


def layer_tests(module: Path) -> str:
    """The tests of a module's layer: ``trio_claude/<layer>/x.py`` → ``tests/<layer>``."""
    parts = module.parts
    if len(parts) < 3 or parts[0] != PACKAGE:
        raise SystemExit(f"{module} is not a module of a layer package under {PACKAGE}/")
    tests = Path("tests") / parts[1]
    if not (ROOT / tests).is_dir():
        raise SystemExit(f"{module}: its layer has no tests directory {tests}")
    return tests.as_posix()


def load_equivalents(path: Path = EQUIVALENT_FILE) -> dict[str, Equivalent]:
    """The reviewed equivalent mutants, by id."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    equivalents: dict[str, Equivalent] = {}
    for entry in data.get("mutant", []):
        mutant = Equivalent(id=entry["id"], diff=changed_lines(entry["diff"]), why=entry["why"].strip())
        if not mutant.why:
            raise SystemExit(f"{path}: {mutant.id} says no reason why it is equivalent")
        if mutant.id in equivalents:
            raise SystemExit(f"{path}: {mutant.id} is listed twice")
        equivalents[mutant.id] = mutant
    return equivalents


def changed_lines(diff: str) -> list[str]:
    """The ``-``/``+`` lines of a unified diff (without the file headers), right-stripped."""
    return [
        line.rstrip()
        for line in diff.splitlines()
        if line[:1] in ("-", "+") and not line.startswith(("---", "+++"))
    ]


def mutmut_config(module: Path, tests: str) -> str:
    """The ``[tool.mutmut]`` table of one run: the repository's, mutating only ``module``, testing with
    only ``tests``."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    settings: dict[str, Any] = dict(pyproject.get("tool", {}).get("mutmut", {}))
    settings["only_mutate"] = [module.as_posix()]
    settings["pytest_add_cli_args_test_selection"] = [tests]
    # JSON strings, numbers, booleans and arrays of them are valid TOML values.
    return "[tool.mutmut]\n" + "".join(f"{key} = {json.dumps(value)}\n" for key, value in settings.items())


def without_mutmut_table(pyproject: str) -> str:
    """``pyproject`` (TOML text) without its ``[tool.mutmut]`` table."""
    return re.sub(r"(?ms)^\[tool\.mutmut\]\n.*?(?=^\[|\Z)", "", pyproject)


def prepare(scratch: Path, module: Path, tests: str) -> None:
    """A fresh scratch copy of what a test run needs: the package, the tests, ``.ci`` and a pyproject."""
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in (PACKAGE, "tests", ".ci"):
        shutil.copytree(ROOT / name, scratch / name, ignore=ignore)
    pyproject = without_mutmut_table((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (scratch / "pyproject.toml").write_text(
        pyproject.rstrip() + "\n\n" + mutmut_config(module, tests), encoding="utf-8"
    )


def mutmut(scratch: Path, *args: str, log: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run mutmut (the one installed beside this interpreter) in ``scratch``, at the lowest priority."""
    executable = Path(sys.executable).parent / "mutmut"
    command = ["nice", "-n", "19", str(executable), *args]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    if log is None:
        return subprocess.run(command, cwd=scratch, env=env, capture_output=True, text=True, check=False)
    with log.open("w", encoding="utf-8") as out:
        return subprocess.run(command, cwd=scratch, env=env, stdout=out, stderr=subprocess.STDOUT, text=True)


RESULT_LINE = re.compile(r"^\s+(?P<name>\S+): (?P<status>.+)$")


def has_functions(module: Path) -> bool:
    """Whether ``module`` defines a function or method (mutmut mutates only code inside them)."""
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    return any(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) for node in ast.walk(tree))


def mutate(module: Path, work: Path, max_children: int) -> ModuleResult:
    """Mutate ``module`` in a scratch copy under ``work`` and collect every mutant's status and diff."""
    tests = layer_tests(module)
    result = ModuleResult(module=module.as_posix(), tests=tests)
    if not has_functions(module):
        print(f"skipping {result.module}: no functions, so no mutants", flush=True)
        return result
    scratch = work / module.with_suffix("").as_posix().replace("/", ".")
    prepare(scratch, module, tests)
    print(f"mutating {result.module} with {tests} (log: {scratch / 'mutmut.log'})", flush=True)
    start = time.monotonic()
    run = mutmut(scratch, "run", "--max-children", str(max_children), log=scratch / "mutmut.log")
    result.seconds = time.monotonic() - start
    if run.returncode != 0:
        log = (scratch / "mutmut.log").read_text(encoding="utf-8", errors="replace")
        if "Unable to force test failures" in log:
            # mutmut makes every mutated function raise and expects the tests to fail: they did not, so
            # none of the module's functions runs inside a test (it runs at import, or its code is
            # generated at run time), and mutmut cannot measure it.
            result.problems.append("no function of the module runs inside a test: mutmut cannot measure it")
        else:
            result.problems.append(f"mutmut run exited with {run.returncode}:\n{log[-2000:]}")
        return result
    listing = mutmut(scratch, "results", "--all", "true")
    if listing.returncode != 0:
        result.problems.append(f"mutmut results exited with {listing.returncode}:\n{listing.stderr}")
        return result
    for line in listing.stdout.splitlines():
        match = RESULT_LINE.match(line)
        if match:
            result.statuses[match["name"]] = match["status"].strip()
    unfinished = {name: s for name, s in result.statuses.items() if s not in DETECTED | UNDETECTED}
    if unfinished:
        verdicts = sorted(set(unfinished.values()))
        result.problems.append(f"{len(unfinished)} mutants have no verdict: {verdicts}")
    for name, status in result.statuses.items():
        if status not in DETECTED:
            show = mutmut(scratch, "show", name)
            result.diffs[name] = changed_lines(show.stdout)
            if show.returncode != 0 or not result.diffs[name]:
                result.problems.append(f"mutmut show {name} exited with {show.returncode}:\n{show.stderr}")
    return result


def apply_equivalents(result: ModuleResult, equivalents: dict[str, Equivalent]) -> None:
    """Set aside the module's reviewed equivalent mutants; an entry that no longer fits is a problem."""
    # mutmut names a package's mutants after the package: trio_claude/wire/__init__.py -> trio_claude.wire.
    # A mutant id is the module's name, a dot, then the mangled function name (which has no dot): so a
    # package's entries are not those of its modules.
    prefix = result.module.removesuffix(".py").removesuffix("/__init__").replace("/", ".") + "."
    for mutant in equivalents.values():
        if not mutant.id.startswith(prefix) or "." in mutant.id[len(prefix) :] or result.problems:
            continue
        status = result.statuses.get(mutant.id)
        if status is None:
            result.problems.append(f"stale equivalent entry: no mutant {mutant.id}")
        elif status in DETECTED:
            result.problems.append(f"stale equivalent entry: {mutant.id} is {status}: not equivalent")
        elif result.diffs.get(mutant.id) != mutant.diff:
            result.problems.append(
                f"stale equivalent entry: {mutant.id} now changes\n"
                + "\n".join(f"    {line}" for line in result.diffs.get(mutant.id, []))
                + "\n  but the list reviewed\n"
                + "\n".join(f"    {line}" for line in mutant.diff)
            )
        else:
            result.equivalent.add(mutant.id)


def report(results: Sequence[ModuleResult], threshold: float) -> bool:
    """Print the table, then every undetected mutant and problem; return whether every module passed."""
    width = max(len(r.module) for r in results)
    header = (
        f"{'module':<{width}}  {'tests':<14} {'mutants':>7} {'equiv.':>6} {'killed':>6} "
        f"{'undetected':>10} {'score':>7}"
    )
    print()
    print(header)
    print("-" * len(header))
    passed = True
    for r in results:
        score = r.score
        if r.problems:
            shown, passed = "error", False
        elif score is None:
            shown = "n/a"  # no code inside functions: nothing for mutmut to mutate
        else:
            shown = f"{score:.1f}%"
            passed = passed and score >= threshold
        print(
            f"{r.module:<{width}}  {r.tests:<14} {len(r.statuses):>7} {len(r.equivalent):>6} {r.killed:>6} "
            f"{len(r.undetected):>10} {shown:>7}"
        )
    print(f"\nscore = killed / (mutants - reviewed equivalent ones); threshold {threshold:g}% per module")
    for r in results:
        for name in r.undetected:
            print(f"\n{r.statuses[name]}: {name}")
            for line in r.diffs.get(name, []):
                print(f"    {line}")
        for problem in r.problems:
            print(f"\n{r.module}: {problem}")
    return passed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "modules", nargs="*", type=Path, help="modules to mutate (default: every module of --layers)"
    )
    parser.add_argument(
        "--layers",
        nargs="+",
        default=list(DEFAULT_LAYERS),
        help=f"layer packages of {PACKAGE}/ whose modules to mutate (default: %(default)s)",
    )
    parser.add_argument("--threshold", type=float, default=95.0, help="lowest passing score, in percent")
    parser.add_argument(
        "--work",
        type=Path,
        default=ROOT / "build" / "mutation",
        help="where the scratch copies go (default: %(default)s)",
    )
    parser.add_argument("--max-children", type=int, default=2, help="mutmut's worker processes")
    args = parser.parse_args(argv)

    modules = [m.resolve().relative_to(ROOT) for m in args.modules] or layer_modules(args.layers)
    equivalents = load_equivalents()
    results: list[ModuleResult] = []
    for module in modules:
        result = mutate(module, args.work.resolve(), args.max_children)
        apply_equivalents(result, equivalents)
        print(f"    {len(result.statuses)} mutants in {result.seconds:.0f} s", flush=True)
        results.append(result)
    return 0 if report(results, args.threshold) else 1


if __name__ == "__main__":
    sys.exit(main())
