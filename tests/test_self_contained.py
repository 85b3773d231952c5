"""The repository stands on its own: no test, tool, doc or example refers to a path outside it.

A fresh clone in an empty directory must pass ``./dev test``, so nothing may read a sibling directory of
the checkout (the reference material beside our own checkouts does not exist anywhere else).
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Directories that are built or installed, never part of the repository.
_IGNORED = {".git", ".venv", ".nox", ".cli", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
_IGNORED_PATHS = {Path("docs/_build")}

#: Text that names our machines' layout outside the checkout.
_OUTSIDE = re.compile(r"\.\./shared\b|(?<![\w./-])/work/")

#: A relative path in prose or config (``../x``), resolved against the file's directory.
_RELATIVE = re.compile(r"(?<![\w./-])((?:\.\./)+[\w][\w./-]*)")
_PROSE_SUFFIXES = {".md", ".rst", ".txt", ".toml", ".cfg", ".ini", ".yml", ".yaml", ".sh"}


def repository_files() -> list[Path]:
    """The repository's files, relative to the root: tracked and untracked-but-not-ignored ones."""
    if (ROOT / ".git").exists() and shutil.which("git"):
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
        return sorted({Path(name) for name in out.decode().split("\0") if name and (ROOT / name).is_file()})
    return sorted(
        path.relative_to(ROOT)
        for path in ROOT.rglob("*")
        if path.is_file()
        and not _IGNORED.intersection(path.relative_to(ROOT).parts)
        and not any(path.relative_to(ROOT).is_relative_to(p) for p in _IGNORED_PATHS)
    )


def _text(path: Path) -> str | None:
    data = (ROOT / path).read_bytes()
    if b"\0" in data:
        return None
    return data.decode("utf-8", errors="replace")


def _is_file_path(node: ast.expr) -> bool:
    """``Path(__file__)`` or ``pathlib.Path(__file__)``."""
    if not (isinstance(node, ast.Call) and len(node.args) == 1):
        return False
    func, arg = node.func, node.args[0]
    named_path = (isinstance(func, ast.Name) and func.id == "Path") or (
        isinstance(func, ast.Attribute) and func.attr == "Path"
    )
    return named_path and isinstance(arg, ast.Name) and arg.id == "__file__"


def climb(node: ast.expr) -> int | None:
    """How many levels above ``__file__`` a path expression goes (``Path(__file__).resolve().parents[1]``
    → 2, ``os.path.dirname(__file__)`` → 1), or ``None`` when it is not such an expression."""
    levels = 0
    while True:
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            levels, node = levels + 1, node.value
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "parents"
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, int)
        ):
            levels, node = levels + node.slice.value + 1, node.value.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and len(node.args) <= 1:
            name = node.func.attr
            if name in ("resolve", "absolute") and not node.args:
                node = node.func.value
            elif name in ("abspath", "realpath") and node.args:
                node = node.args[0]
            elif name == "dirname" and node.args:
                levels, node = levels + 1, node.args[0]
            elif _is_file_path(node):
                return levels
            else:
                return None
        elif _is_file_path(node) or (isinstance(node, ast.Name) and node.id == "__file__"):
            return levels
        else:
            return None


def python_escapes(path: Path, source: str) -> Iterator[str]:
    """Expressions in a Python file that climb from ``__file__`` above the repository root."""
    allowed = len(path.parts)  # that many levels above the file is the root itself
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.expr):
            levels = climb(node)
            if levels is not None and levels > allowed:
                yield f"{path}:{node.lineno}: {ast.unparse(node)} climbs {levels - allowed} above the root"


def prose_escapes(path: Path, text: str) -> Iterator[str]:
    """Relative paths in docs and config files that resolve outside the repository."""
    base = (ROOT / path).parent
    for match in _RELATIVE.finditer(text):
        target = Path(_resolve(base / match.group(1)))
        if not target.is_relative_to(ROOT):
            line = text.count("\n", 0, match.start()) + 1
            yield f"{path}:{line}: {match.group(1)} is outside the repository"


def _resolve(path: Path) -> str:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if len(parts) > 1:
                parts.pop()
        else:
            parts.append(part)
    return str(Path(*parts))


def outside_references(path: Path) -> list[str]:
    text = _text(path)
    if text is None:
        return []
    found = [
        f"{path}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}" for m in _OUTSIDE.finditer(text)
    ]
    if path.suffix == ".py":
        found.extend(python_escapes(path, text))
    elif path.suffix in _PROSE_SUFFIXES or path.name in ("dev", "run", "install-cli"):
        found.extend(prose_escapes(path, text))
    return found


def test_the_repository_files_are_found() -> None:
    files = repository_files()
    assert Path("README.md") in files and Path("tests/test_self_contained.py") in files
    assert not any(_IGNORED.intersection(path.parts) for path in files)


def test_nothing_refers_to_a_path_outside_the_repository() -> None:
    this_file = Path(__file__).resolve().relative_to(ROOT)  # it spells the patterns out
    problems = [
        problem for path in repository_files() if path != this_file for problem in outside_references(path)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("relative", "source", "bad"),
    [
        ("tests/wire/test_golden.py", 'Path(__file__).resolve().parents[2].parent / "shared"', True),
        ("tests/test_examples.py", 'Path(__file__).resolve().parents[2] / "shared"', True),
        ("tests/test_examples.py", "Path(__file__).resolve().parents[1]", False),
        ("tests/test_x.py", "os.path.dirname(os.path.dirname(os.path.abspath(__file__)))", False),
        ("tests/test_x.py", "os.path.dirname(os.path.dirname(os.path.dirname(__file__)))", True),
        ("tests/test_x.py", "pathlib.Path(__file__).parent.parent.parent", True),
        ("examples/demo.py", "Path(__file__).parent", False),
    ],
)
def test_climbing_above_the_root_is_found(relative: str, source: str, bad: bool) -> None:
    assert bool(list(python_escapes(Path(relative), source))) is bad


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("see ../shared/wire/transcripts/a.jsonl", True),
        ("read /work/shared/PROTOCOL.md", True),
        ("TRANSCRIPTS = WIRE / 'x'", False),
    ],
)
def test_outside_text_is_found(text: str, bad: bool) -> None:
    assert bool(_OUTSIDE.search(text)) is bad


def test_relative_prose_paths_are_resolved() -> None:
    assert list(prose_escapes(Path("docs/index.rst"), ".. literalinclude:: ../examples/demo.py")) == []
    assert list(prose_escapes(Path("benchmarks/README.md"), "compare ../../elsewhere/x.jsonl"))
