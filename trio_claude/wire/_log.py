"""The ``trio_claude.wire`` logger: one record per line read from or written to the CLI.

At ``DEBUG`` a summary (direction, type, subtype, request id, size); at :data:`TRACE` (level 5) the whole
line too, its secrets redacted (:func:`~trio_claude._redact.redact`: an ``env`` block, a header, a name
that looks secret).  Callers test :func:`lines_logged` first (once per chunk, not per line), so a session
with logging off pays nothing for this.
"""

from __future__ import annotations

import logging
from typing import Any, cast

from .._redact import REDACTED, redact
from ._json import DecodeError, dumps, loads

TRACE = 5
"""The level of the ``trio_claude.wire`` records that hold the whole line (below ``DEBUG``)."""

logging.addLevelName(TRACE, "TRACE")

wire_logger = logging.getLogger("trio_claude.wire")


def lines_logged() -> bool:
    """Whether :func:`log_line` would log anything (``trio_claude.wire`` is enabled for ``DEBUG``)."""
    return wire_logger.isEnabledFor(logging.DEBUG)


def log_line(direction: str, line: bytes) -> None:
    """Log ``line`` (``direction``: ``"in"`` from the CLI, ``"out"`` to it): its summary at ``DEBUG``, the
    line itself, redacted, at :data:`TRACE`."""
    try:
        value: Any = loads(line)
    except DecodeError:
        value = None
    wire_logger.debug("%s %s (%d bytes)", direction, describe(value), len(line))
    if wire_logger.isEnabledFor(TRACE):
        text = REDACTED if value is None else dumps(redact(value)).decode(errors="replace")
        wire_logger.log(TRACE, "%s %s", direction, text)


def describe(value: object) -> str:
    """A line's type, subtype and request id: ``control_request can_use_tool id=3``, ``assistant``,
    ``stream_event content_block_delta``; ``(not a JSON object)`` for anything else."""
    if not isinstance(value, dict):
        return "(not a JSON object)"
    frame = cast("dict[str, object]", value)
    inner: object = frame.get("request") or frame.get("response") or frame.get("event")
    nested = cast("dict[str, object]", inner) if isinstance(inner, dict) else {}
    parts = [_word(frame.get("type"))]
    subtype = frame.get("subtype") or nested.get("subtype") or nested.get("type")
    if subtype is not None:
        parts.append(_word(subtype))
    request_id = frame.get("request_id") or nested.get("request_id")
    if request_id is not None:
        parts.append(f"id={_word(request_id)}")
    return " ".join(parts)


def _word(value: object) -> str:
    """A short field value as shown: a string or number, cut at 60 characters; ``?`` for anything else."""
    return str(value)[:60] if isinstance(value, (str, int, float)) and not isinstance(value, bool) else "?"
