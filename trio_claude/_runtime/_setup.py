"""A bounded set-up: how long a session waits for the CLI's ``initialize`` answer, and the error that says
what came instead."""

from __future__ import annotations

import os
from collections import Counter
from typing import TYPE_CHECKING

from .. import model, wire
from .._errors import InitializeTimeoutError
from ..model import BaseUnknown
from ..model._base import json_str

if TYPE_CHECKING:
    from ._core import SessionCore

INITIALIZE_TIMEOUT = 60.0
"""Seconds a session waits for the CLI to answer ``initialize`` by default (as the official SDKs)."""

STREAM_CLOSE_TIMEOUT = "CLAUDE_CODE_STREAM_CLOSE_TIMEOUT"
"""The official Python SDK's variable for its ``initialize`` timeout: milliseconds, never below 60 s."""


def initialize_timeout(value: float | None, caller: str) -> float:
    """``value`` checked (a positive number of seconds; ``math.inf``: no bound), or when ``None`` the
    default: :data:`STREAM_CLOSE_TIMEOUT` read as the official Python SDK reads it, else 60 s."""
    if value is None:
        return _from_environment()
    if isinstance(value, bool) or not isinstance(value, int | float):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise TypeError(
            f"{caller}(): initialize_timeout must be a number of seconds (math.inf: no bound); got {value!r}"
        )
    if not value > 0:  # NaN too
        raise ValueError(
            f"{caller}(): initialize_timeout must be more than 0 seconds (math.inf: no bound); got {value!r}"
        )
    return float(value)


def _from_environment() -> float:
    configured = os.environ.get(STREAM_CLOSE_TIMEOUT, "").strip()
    if not configured:
        return INITIALIZE_TIMEOUT
    try:
        milliseconds = int(configured)
    except ValueError:
        raise ValueError(
            f"the environment variable {STREAM_CLOSE_TIMEOUT} must be a whole number of milliseconds "
            f"(the initialize timeout); got {configured!r}"
        ) from None
    return max(milliseconds / 1000, INITIALIZE_TIMEOUT)


def timed_out(core: SessionCore, timeout: float) -> InitializeTimeoutError:
    """The error of a CLI that did not answer ``initialize`` within ``timeout`` seconds: what it wrote on
    stdout instead, whether it still runs, its stderr."""
    code = core.process.returncode
    running = "it is still running" if code is None else f"it has exited with code {code}"
    return InitializeTimeoutError(
        f"the Claude Code CLI did not answer initialize within {timeout:g} s; {_seen_on_stdout(core)}; "
        f"{running}",
        timeout=timeout,
        exit_code=code,
        stderr=core.stderr.tail,
    )


def _seen_on_stdout(core: SessionCore) -> str:
    """How many stdout lines, and how many of each kind (``system/init?``: a frame that did not fit its
    class; ``not JSON``), and why the first misfit did not fit.

    Nobody has read the session's messages yet, so they are all in its buffer; the connection counts the
    lines it handled itself."""
    statistics = core.conn.statistics
    lines = statistics.lines_received
    if not lines:
        return "it wrote nothing on stdout"
    kinds = Counter(_kind(message) for message in core.buffer.messages)
    kinds["not JSON"] += statistics.invalid_lines
    kinds["keep_alive"] += statistics.keep_alives
    kinds["control frame"] += lines - sum(kinds.values())
    seen = ", ".join(f"{count} × {kind}" for kind, count in kinds.items() if count > 0)  # noqa: RUF001
    misfits = (message.error for message in core.buffer.messages if isinstance(message, BaseUnknown))
    misfit = next((error for error in misfits if error), None)
    return f"it wrote {lines} stdout line{'s' if lines != 1 else ''} instead: {seen}" + (
        f" (the first that did not type: {misfit})" if misfit else ""
    )


def _kind(message: model.Message) -> str:
    """``type/subtype`` of a message, with ``?`` when it did not fit its class."""
    value = wire.encode_value(message)
    subtype = json_str(value, "subtype")
    kind = f"{json_str(value, 'type') or 'no type'}{'' if subtype is None else '/' + subtype}"
    return kind + ("?" if isinstance(message, BaseUnknown) else "")
