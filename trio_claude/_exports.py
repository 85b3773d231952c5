"""Public names carry the path users import them from: ``trio_claude.ClaudeSession``, not the private module
that defines it (reprs, ``help()``, pickles and the docs show ``__module__``).

Each package face calls :func:`fix_module` on its own namespace after its imports.  Classes with annotations
of their own (attrs classes...) keep the module that defines them: their annotations are postponed
(strings), and ``typing.get_type_hints`` (which users, attrs and cattrs call on them) looks the names up in
``sys.modules[cls.__module__]``, so pointing it at a face would break it.
"""

from __future__ import annotations

import inspect
from typing import Any

import attrs

_DEFINED_IN: dict[object, str] = {}


def defined_in(value: object) -> str | None:
    """The module that defines ``value`` when :func:`fix_module` changed its ``__module__`` (the docs read
    attribute docstrings from its source), else ``None``."""
    return _DEFINED_IN.get(value)


def fixed_up() -> list[object]:
    """The objects whose ``__module__`` :func:`fix_module` changed."""
    return list(_DEFINED_IN)


def _private(module: str) -> bool:
    return module.startswith("trio_claude") and any(part.startswith("_") for part in module.split("."))


def _has_annotations(value: object) -> bool:
    """A class with annotations of its own (attrs classes, ``ClassVar`` declarations...)."""
    return isinstance(value, type) and (attrs.has(value) or bool(inspect.get_annotations(value)))


def fix_module(face: str, namespace: dict[str, Any]) -> None:
    """Set ``__module__`` of each public class and function in ``namespace`` that a private module of
    trio_claude (or a submodule of the face) defines to ``face``; objects another face claimed already, and
    classes with annotations, keep theirs."""
    for name, value in namespace.items():
        if name.startswith("_") or not callable(value) or _has_annotations(value):
            continue
        module = getattr(value, "__module__", None)
        if (
            isinstance(module, str)
            and (_private(module) or module.startswith(face + "."))
            and getattr(value, "__name__", None) == name
        ):
            _DEFINED_IN[value] = module
            value.__module__ = face
