"""The converter's check of itself: the frames every session depends on come out typed.

A session waits for the ``control_response`` to its ``initialize`` and reads ``system/init``; a converter
that makes them ``Unknown*`` (cattrs 24.1, whose generated functions take a second argument) would leave it
waiting without a word.  :func:`check_converter` decodes one small sample of each, once per process.
"""

from __future__ import annotations

import functools
from typing import Any

from .. import model as m
from .._errors import IncompatibleDependencyError
from ..model import JSONObject
from ._converter import converter


def _samples() -> tuple[tuple[str, Any, type], ...]:
    """Each sample: its kind, the frame (made afresh: typing may keep parts of it), its class."""
    answer: JSONObject = {"subtype": "success", "request_id": "1", "response": {}}
    init: JSONObject = {"type": "system", "subtype": "init", "session_id": "s", "tools": ["Bash"]}
    return (
        ("control_response", {"type": "control_response", "response": answer}, m.ControlResponse),
        ("system/init", init, m.InitMessage),
    )


@functools.cache  # a success is kept: the check costs nothing after the first session
def check_converter() -> None:
    """Raise :class:`~trio_claude.IncompatibleDependencyError` when a sample frame does not come out as its
    class, naming why and the installed cattrs and attrs."""
    for kind, value, cls in _samples():
        frame = converter.structure_frame(value)
        if type(frame) is not cls:
            raise _incompatible(kind, frame)


def _incompatible(kind: str, frame: object) -> IncompatibleDependencyError:
    from importlib.metadata import PackageNotFoundError, version  # only on this path: not at import

    versions: dict[str, str] = {}
    for name in ("cattrs", "attrs"):
        try:
            versions[name] = version(name)
        except PackageNotFoundError:
            versions[name] = "(version unknown)"
    why = frame.error if isinstance(frame, m.BaseUnknown) else None
    installed = ", ".join(f"{name} {number}" for name, number in versions.items())
    return IncompatibleDependencyError(
        f"trio_claude's converter cannot type a {kind} frame, which every session depends on "
        f"({why or f'it came out as {type(frame).__name__}'}); installed: {installed}. Install versions "
        "trio_claude's requirements admit (pip install --upgrade cattrs attrs)",
        versions=versions,
    )
