"""The tool use a resumed session would run first: one a ``PreToolUse`` hook deferred (answered ``defer``)
and nothing answered since, found in a transcript as the CLI finds it when it resumes (2.1.197)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, cast

import orjson

from ._paths import project_files, session_file_path

TAIL_BYTES = 1048576
"""How much of a transcript's end the CLI reads for a deferred tool use."""


def pending_deferred_tool(transcript: Path) -> dict[str, Any] | None:
    """The ``hook_deferred_tool`` attachment (``toolUseID``, ``toolName``…) of the last tool use a hook
    deferred in the last :data:`TAIL_BYTES` of ``transcript``, unless a later line names its id; ``None``
    when there is none (or no such file).  Raises :class:`OSError` when the file cannot be read."""
    try:
        with transcript.open("rb") as stream:
            size = stream.seek(0, os.SEEK_END)
            stream.seek(max(0, size - TAIL_BYTES))
            lines = stream.read().split(b"\n")
    except FileNotFoundError:
        return None
    if size > TAIL_BYTES:
        lines = lines[1:]  # cut in the middle
    for index in range(len(lines) - 1, -1, -1):
        if b'"hook_deferred_tool"' not in lines[index]:
            continue
        attachment = _deferred(lines[index])
        if attachment is None:
            continue
        named = f'"tool_use_id":"{attachment.get("toolUseID")}"'.encode()
        return None if any(named in line for line in lines[index + 1 :]) else attachment
    return None


def _deferred(line: bytes) -> dict[str, Any] | None:
    try:
        entry: object = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(entry, dict) or cast("dict[str, Any]", entry).get("type") != "attachment":
        return None
    attachment: object = cast("dict[str, Any]", entry).get("attachment")
    if (
        isinstance(attachment, dict)
        and cast("dict[str, Any]", attachment).get("type") == "hook_deferred_tool"
    ):
        return cast("dict[str, Any]", attachment)
    return None


def resumed_transcripts(
    resume: str | None, directory: str | os.PathLike[str], config_dir: str | os.PathLike[str]
) -> list[Path] | None:
    """The transcripts a CLI started in ``directory`` may resume: session ``resume``'s (in that project,
    else in any), or, continuing (``resume`` is ``None``), every session of that project; ``None`` when
    ``resume`` is no session id (the CLI may look it up otherwise)."""
    if resume is None:
        return project_files(directory, config_dir)
    try:
        found = session_file_path(resume, directory, config_dir=config_dir)
    except ValueError:
        return None
    found = found or session_file_path(resume, config_dir=config_dir)
    return [] if found is None else [found]
