"""The wire keys of :mod:`trio_claude.model.tools`, taught to the converter when that module loads.

The keys themselves are generated into :mod:`._tool_spelling` (by class name: the tool classes load on
first use, so the table cannot hold them); here they become :data:`._tags.RENAMES` entries, keyed by class
name as the whole table is.
"""

from __future__ import annotations

from ..model.tools import _inputs, _outputs
from ._tags import RENAMES
from ._tool_spelling import KEYS


def tool_renames() -> dict[tuple[str, str], str]:
    """``(class name, field) → wire key`` for every field of the tool classes whose key differs from its
    name (checked against the classes: a stale generated table fails here, at first use)."""
    classes: dict[str, object] = {**vars(_inputs), **vars(_outputs)}
    missing = sorted(name for name in KEYS if not isinstance(classes.get(name), type))
    if missing:
        raise RuntimeError(f"wire/_tool_spelling.py names classes model.tools lacks: {missing}")
    return {(name, field): key for name, keys in KEYS.items() for field, key in keys.items()}


RENAMES.update(tool_renames())
