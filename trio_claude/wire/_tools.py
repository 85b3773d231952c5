"""The wire keys of :mod:`trio_claude.model.tools`, taught to the converter when that module loads.

The keys themselves are generated into :mod:`._tool_spelling` (by class name: the tool classes load on
first use, so the table cannot hold them); here they become :data:`._tags.RENAMES` entries.
"""

from __future__ import annotations

from ..model.tools import _inputs, _outputs
from ._tags import RENAMES
from ._tool_spelling import KEYS


def tool_renames() -> dict[tuple[type, str], str]:
    """``(class, field) → wire key`` for every field of the tool classes whose key differs from its name."""
    classes: dict[str, type] = {**vars(_inputs), **vars(_outputs)}
    return {(classes[name], field): key for name, keys in KEYS.items() for field, key in keys.items()}


RENAMES.update(tool_renames())
