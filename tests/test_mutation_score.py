"""mutation/score.py (the ``nox -s mutation`` report) sets aside exactly the reviewed equivalent mutants of
the module it measured: a package's ``__init__`` does not claim its modules' entries."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCORE = Path(__file__).resolve().parents[1] / "mutation" / "score.py"


@pytest.fixture(scope="module")
def score() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_score", SCORE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


PACKAGE_MUTANT = "trio_claude.wire.x_structure__mutmut_3"
MODULE_MUTANT = "trio_claude.wire._tags.x__tag_index__mutmut_3"
DIFF = ["-    a = 1", "+    a = 2"]


def equivalents(score: ModuleType) -> dict[str, object]:
    return {
        name: score.Equivalent(id=name, diff=DIFF, why="reviewed") for name in (PACKAGE_MUTANT, MODULE_MUTANT)
    }


@pytest.mark.parametrize(
    ("module", "mutant"),
    [("trio_claude/wire/__init__.py", PACKAGE_MUTANT), ("trio_claude/wire/_tags.py", MODULE_MUTANT)],
)
def test_each_module_sets_aside_only_its_own_entries(score: ModuleType, module: str, mutant: str) -> None:
    result = score.ModuleResult(module=module, tests="tests/wire")
    result.statuses = {mutant: "survived", f"{mutant}0": "killed"}
    result.diffs = {mutant: DIFF}
    score.apply_equivalents(result, equivalents(score))
    assert result.problems == []
    assert result.equivalent == {mutant}
    assert result.score == 100.0


def test_a_package_without_mutants_has_no_stale_entries(score: ModuleType) -> None:
    result = score.ModuleResult(module="trio_claude/wire/__init__.py", tests="tests/wire")
    result.statuses = {"trio_claude.wire.x_other__mutmut_1": "killed"}
    score.apply_equivalents(result, {MODULE_MUTANT: equivalents(score)[MODULE_MUTANT]})
    assert result.problems == []
    assert result.equivalent == set()


def test_an_entry_whose_mutant_is_gone_or_killed_is_stale(score: ModuleType) -> None:
    result = score.ModuleResult(module="trio_claude/wire/_tags.py", tests="tests/wire")
    result.statuses = {MODULE_MUTANT: "killed"}
    score.apply_equivalents(result, equivalents(score))
    assert result.problems == [f"stale equivalent entry: {MODULE_MUTANT} is killed: not equivalent"]
    result = score.ModuleResult(module="trio_claude/wire/_tags.py", tests="tests/wire")
    score.apply_equivalents(result, equivalents(score))
    assert result.problems == [f"stale equivalent entry: no mutant {MODULE_MUTANT}"]
