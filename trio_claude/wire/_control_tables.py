"""The control request tables of the converter: request body class → its ``subtype``, and → the type of
its success payload.  Both are filled on first use, one class at a time: the requests name their answers as
strings (``ControlRequestBody["UsageResponse"]``) whose module loads only when one is asked for."""

from __future__ import annotations

import typing
from collections.abc import Iterator, Mapping
from typing import Any, ForwardRef, get_args

from .. import model as m
from ._tags import CONTROL_SUBTYPES


class _ModelNames(Mapping[str, Any]):
    """The names of :mod:`trio_claude.model`, those it loads on first use too (to evaluate the payload
    classes that requests name as strings)."""

    def __getitem__(self, name: str) -> Any:
        try:
            return getattr(m, name)
        except AttributeError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(dir(m))

    def __len__(self) -> int:
        return len(dir(m))


class ResponseTypes(Mapping[type, Any]):
    """Request body class → the type of its success payload (from ``ControlRequestBody[...]``, a payload
    class named as a string evaluated, and its module loaded, on first use)."""

    def __init__(self) -> None:
        self._found: dict[type, Any] = {}

    def __getitem__(self, cls: type) -> Any:
        found = self._found.get(cls)
        if found is None:
            if _control_subtype(cls) is None:
                raise KeyError(cls)
            for base in getattr(cls, "__orig_bases__", ()):
                if typing.get_origin(base) is m.ControlRequestBody:
                    found = get_args(base)[0]
                    if isinstance(found, ForwardRef):
                        found = eval(found.__forward_arg__, {}, _ModelNames())
            if found is None:
                raise KeyError(cls)
            self._found[cls] = found
        return found

    def get(self, cls: type, default: Any = None) -> Any:  # the per-request path: one dict lookup
        found = self._found.get(cls)
        return found if found is not None else super().get(cls, default)

    def __iter__(self) -> Iterator[type]:
        return (cls for cls in CONTROL_SUBTYPES.values() if cls in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


_CONTROL_SUBTYPE_OF: dict[str, str] = {name: tag for tag, name in CONTROL_SUBTYPES.names.items()}


def _control_subtype(cls: type) -> str | None:
    """The ``subtype`` of a request body class, ``None`` for any other class."""
    tag = _CONTROL_SUBTYPE_OF.get(cls.__name__)
    return tag if tag is not None and CONTROL_SUBTYPES[tag] is cls else None


class ControlSubtypes(Mapping[type, str]):
    """Request body class → its ``subtype``."""

    def __init__(self) -> None:
        self._found: dict[type, str] = {}

    def __getitem__(self, cls: type) -> str:
        tag = self._found.get(cls)
        if tag is None:
            tag = _control_subtype(cls)
            if tag is None:
                raise KeyError(cls)
            self._found[cls] = tag
        return tag

    def get(self, cls: type, default: Any = None) -> Any:  # the per-request path: one dict lookup
        tag = self._found.get(cls)
        return tag if tag is not None else super().get(cls, default)

    def __iter__(self) -> Iterator[type]:
        return iter(CONTROL_SUBTYPES.values())

    def __len__(self) -> int:
        return len(CONTROL_SUBTYPES)
