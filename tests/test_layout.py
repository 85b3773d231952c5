"""The package's shape: small modules (one job each) and no import cycle.

The layers themselves (each importing only those below, no trio in the pure ones, the test kit imported by
itself only) are import-linter contracts in pyproject.toml, run by ``./dev lint``; see docs/architecture.rst.
"""

from __future__ import annotations

import sys
from pathlib import Path

import grimp
import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

PACKAGE = Path(__file__).resolve().parent.parent / "trio_claude"

MAX_LINES = 600
"""A module longer than this has more than one job: split it."""

LONGER_ALLOWED = {
    # Generated from the CLI's sdk-tools.d.ts by tools/gen_tool_types.py: one class per tool shape.
    "model/tools/_inputs.py": "the typed tool inputs, generated",
    "model/tools/_outputs.py": "the typed tool outputs, generated",
    # The model's data classes: one frozen attrs class per wire shape, each with its docstrings.
    "model/_control.py": "the control requests and responses, one attrs class per subtype",
    "model/_system.py": "the system messages and their typed nested shapes (init, rate limits, usage...)",
    # A face: it only re-exports, and names each class it loads on first use twice (for type checkers under
    # ``if TYPE_CHECKING:`` and in ``_ON_FIRST_USE``; tests/wire/test_lazy_model.py checks they agree).
    "model/__init__.py": "the model's face, its names loaded on first use listed for type checkers too",
}


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_is_over_600_lines(path: Path) -> None:
    name = str(path.relative_to(PACKAGE))
    lines = len(path.read_text(encoding="utf-8").splitlines())
    if name in LONGER_ALLOWED:
        return
    assert lines <= MAX_LINES, f"trio_claude/{name} has {lines} lines (more than {MAX_LINES}): split it"


def test_the_allowed_long_modules_exist() -> None:
    for name in LONGER_ALLOWED:
        assert (PACKAGE / name).is_file(), f"trio_claude/{name} is gone: drop it from LONGER_ALLOWED"


def _cycles(graph: grimp.ImportGraph, modules: set[str]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph.find_modules_directly_imported_by(module) & modules):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(modules):
        if module not in index:
            visit(module)
    return found


def test_no_import_cycle() -> None:
    # Imports under `if TYPE_CHECKING:` are left out: they never run.
    graph = grimp.build_graph("trio_claude", exclude_type_checking_imports=True)
    modules = {module for module in graph.modules if module.startswith("trio_claude")}
    assert _cycles(graph, modules) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for module in ("a", "b", "c"):
        graph.add_module(module)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    assert _cycles(graph, {"a", "b", "c"}) == [["a", "b", "c"]]


def _layers() -> list[grimp.Layer]:
    """The layers of pyproject.toml's import contract, highest first."""
    config = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    return [grimp.Layer(*(name.strip() for name in layer.split("|"))) for layer in contract["layers"]]


def test_no_type_names_a_higher_layer_even_for_type_checkers() -> None:
    # import-linter leaves out the imports under `if TYPE_CHECKING:` (they never run); a type that names a
    # higher layer is still an upward dependency, so check them too.
    graph = grimp.build_graph("trio_claude", exclude_type_checking_imports=False, cache_dir=None)
    illegal = graph.find_illegal_dependencies_for_layers(layers=_layers())
    found = sorted(
        f"{head} -> {tail}"
        for dependency in illegal
        for route in dependency.routes
        for head in route.heads
        for tail in route.tails
    )
    assert found == []
