"""Print a pip constraints file that pins each dependency of trio_claude at its floor.

Usage: ``python tools/floors.py [--python 3.10] [EXTRA ...]``

The runtime dependencies and those of each named extra (default: the ones users install: ``testing``,
``mcp``, ``otel``, ``postgres``) are read from ``pyproject.toml``; every one whose marker holds for the
given Python (default: this one) and that has a ``>=`` floor is printed as ``name==floor``.  ``./dev test``
installs ``.[test]`` under these constraints and runs the offline suite (the "floors" lane): so each floor
in ``pyproject.toml`` is a version that passes, not a guess.  What is not pinned (the test suite's own
tools, the dependencies of dependencies) resolves to the newest that fits.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
USER_EXTRAS = ("testing", "mcp", "otel", "postgres")


def floors(python: str, extras: tuple[str, ...]) -> dict[str, str]:
    """Package name → its floor, for the runtime dependencies and ``extras`` on Python ``python``.

    Raises :class:`ValueError` for a dependency with a floor given twice differently, or without ``>=``."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    environment: dict[str, str] = {
        **default_environment(),
        "python_version": python,
        "python_full_version": python,
    }
    requirements = [Requirement(text) for text in project["dependencies"]]
    for extra in extras:
        requirements += [Requirement(text) for text in project["optional-dependencies"][extra]]
    found: dict[str, str] = {}
    for requirement in requirements:
        if requirement.marker is not None and not requirement.marker.evaluate(environment):
            continue
        if canonicalize_name(requirement.name) == "trio-claude":  # an extra naming other extras
            continue
        lows = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        if len(lows) != 1:
            raise ValueError(f"{requirement}: no single >= floor")
        name = canonicalize_name(requirement.name)
        if found.setdefault(name, lows[0]) != lows[0]:
            raise ValueError(f"{name}: two floors, {found[name]} and {lows[0]}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=".".join(platform.python_version_tuple()[:2]))
    parser.add_argument("extras", nargs="*", default=list(USER_EXTRAS))
    args = parser.parse_args()
    for name, version in sorted(floors(args.python, tuple(args.extras)).items()):
        print(f"{name}=={version}")


if __name__ == "__main__":
    main()
