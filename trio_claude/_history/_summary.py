"""Session summaries kept inside a store: :func:`fold_session_summary` folds each appended batch into the
running summary, so listing a store's sessions needs one call instead of loading every transcript.

The summary's ``data`` uses the official SDK's keys, so summaries written by either SDK read the same.  Every
field is set once (``is_sidechain``, ``created_at``, ``cwd``, ``first_prompt``) or last-wins (titles, last
prompt, branch, tag): folding never needs earlier entries.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from .._config._store import SessionKey, SessionStoreEntry, SessionSummaryEntry
from ._read import SDKSessionInfo, _millis, _prompt_text

__all__ = ["fold_session_summary", "summary_to_info"]

_LAST_WINS = {
    "customTitle": "custom_title",
    "aiTitle": "ai_title",
    "lastPrompt": "last_prompt",
    "summary": "summary_hint",
    "gitBranch": "git_branch",
}


def fold_session_summary(
    prev: SessionSummaryEntry | None, key: SessionKey, entries: Iterable[SessionStoreEntry]
) -> SessionSummaryEntry:
    """The summary of ``key``'s session after ``entries`` were appended, given the summary before
    (``prev``, ``None`` for the first batch).  Pure: ``prev`` is not changed.

    Stores call it inside :meth:`~trio_claude.SessionStore.append` for main transcripts only (never for a
    key with a ``subpath``), fold only the entries they actually stored (not the duplicates they skipped),
    and then stamp ``mtime`` with their own write time: the fold keeps ``prev``'s ``mtime`` (``0`` for a
    new summary).  ``data`` is the SDK's: stores keep it verbatim.
    """
    if prev is None:
        summary: SessionSummaryEntry = {"session_id": key["session_id"], "mtime": 0, "data": {}}
    else:
        summary = {"session_id": prev["session_id"], "mtime": prev["mtime"], "data": dict(prev["data"])}
    data = summary["data"]
    for raw in entries:
        entry = cast("Mapping[str, Any]", raw)
        data.setdefault("is_sidechain", entry.get("isSidechain") is True)
        if "created_at" not in data and (millis := _millis(entry.get("timestamp"))) is not None:
            data["created_at"] = millis
        cwd = entry.get("cwd")
        if "cwd" not in data and isinstance(cwd, str) and cwd:
            data["cwd"] = cwd
        if not data.get("first_prompt_locked") and (prompt := _prompt_text(dict(entry))):
            data["first_prompt"] = prompt
            data["first_prompt_locked"] = True
        for wire, name in _LAST_WINS.items():
            value = entry.get(wire)
            if isinstance(value, str):
                data[name] = value
        if entry.get("type") == "tag":
            tag = entry.get("tag")
            if isinstance(tag, str) and tag:
                data["tag"] = tag
            else:
                data.pop("tag", None)
    return summary


def summary_to_info(summary: SessionSummaryEntry, project_path: str | None) -> SDKSessionInfo | None:
    """The :class:`~trio_claude.SDKSessionInfo` a summary describes; ``None`` for a subagent's (sidechain)
    session or one with nothing to call it by, as :func:`~trio_claude.list_sessions` leaves those out."""
    data = summary["data"]
    if data.get("is_sidechain"):
        return None
    first_prompt = _text(data.get("first_prompt")) if data.get("first_prompt_locked") else None
    first_prompt = first_prompt or _text(data.get("command_fallback"))
    custom_title = _text(data.get("custom_title")) or _text(data.get("ai_title"))
    name = custom_title or _text(data.get("last_prompt")) or _text(data.get("summary_hint")) or first_prompt
    if not name:
        return None
    created_at = data.get("created_at")
    return SDKSessionInfo(
        session_id=summary["session_id"],
        summary=name,
        last_modified=summary["mtime"],
        file_size=None,
        custom_title=custom_title,
        first_prompt=first_prompt,
        git_branch=_text(data.get("git_branch")),
        cwd=_text(data.get("cwd")) or project_path,
        tag=_text(data.get("tag")),
        created_at=created_at if isinstance(created_at, int) else None,
    )


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None
