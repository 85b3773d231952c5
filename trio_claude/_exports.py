"""Public names carry the path users import them from: ``trio_claude.ClaudeSession``, not the private module
that defines it (reprs, ``help()``, pickles and the docs show ``__module__``).

Each package face calls :func:`fix_module` on its own namespace after its imports.  Classes with annotations
of their own (attrs classes...) keep the module that defines them: their annotations are postponed
(strings), and ``typing.get_type_hints`` (which users, attrs and cattrs call on them) looks the names up in
``sys.modules[cls.__module__]``, so pointing it at a face would break it.

A face may also load some of its modules on first use (:func:`on_first_use`): the names a plain session
does not need cost nothing until a program touches one of them.
"""

from __future__ import annotations
import __future__

import importlib
import inspect
import types
from collections.abc import Callable, Mapping
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


def on_first_use(
    face: str,
    namespace: dict[str, Any],
    modules: Mapping[str, tuple[str, ...]],
    missing: Callable[[str, str], Exception] | None = None,
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` (PEP 562) of a face that loads ``modules`` on first use.

    ``modules`` maps each module (relative to ``face``) to the names the face exports from it.  The first
    time one of those names is looked up, its module is imported and all of its names land in
    ``namespace`` (``__module__`` fixed up as :func:`fix_module` does), so later lookups are plain global
    ones.  Any other name raises ``missing(face, name)``, or :class:`AttributeError`.
    """
    module_of = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> object:
        module = module_of.get(name)
        if module is None:
            if missing is not None:
                raise missing(face, name)
            raise AttributeError(f"module {face!r} has no attribute {name!r}")
        loaded_module = importlib.import_module(module, face)
        loaded = {n: getattr(loaded_module, n) for n in modules[module]}
        fix_module(face, loaded)
        namespace.update(loaded)
        return loaded[name]

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(module_of))

    return __getattr__, __dir__


def public_names(namespace: Mapping[str, Any], modules: Mapping[str, tuple[str, ...]]) -> list[str]:
    """A face's ``__all__``: the public names in ``namespace`` and those it loads on first use (``modules``,
    as for :func:`on_first_use`), without what the face itself imports to be written (``annotations`` of
    ``__future__``, ``TYPE_CHECKING``, its submodules)."""
    own = [
        name
        for name, value in namespace.items()
        if not name.startswith("_")
        and name != "TYPE_CHECKING"
        and not isinstance(value, (types.ModuleType, __future__._Feature))
    ]
    return own + [name for names in modules.values() for name in names]
