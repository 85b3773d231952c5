"""Reading sessions on disk: a session's messages (its main chain), subagent transcripts, session infos
(full and "lite", from the head and tail of a file) and listings.

The CLI writes each session to ``<config dir>/projects/<escaped cwd>/<session id>.jsonl`` (the config dir is
``CLAUDE_CONFIG_DIR``, else ``$HOME/.claude``: ``_config/_home.py``), one JSON object per line, and a
subagent's transcript to ``<session id>/subagents/agent-<agent id>.jsonl`` next to it.

These functions are **synchronous** (blocking file I/O), like the official SDK's: they touch only local files,
listing reads just the first and last 64 KiB of each file, and a sync API can be used from any thread or
framework.  In a Trio program, run them in a worker thread so the event loop keeps going::

    sessions = await trio.to_thread.run_sync(list_sessions)

Reading streams: a transcript is read line by line, the conversation chain is rebuilt from the entries' ids
only, and just the messages returned are parsed in full, so memory stays bounded by the longest line, not
the file.  A line that is not JSON is skipped (and logged) without hiding the lines after it.
"""

from __future__ import annotations

import logging
import os
import re
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO, Literal, TypeVar, cast

import attrs

from .. import wire
from ..model import JSONValue
from ._chain import index_entries, main_chain, read_at, with_parallel_siblings
from ._paths import _AGENT_ID, _UUID, _session_file, listed_session_files, subagents_dir

logger = logging.getLogger("trio_claude.history")

T = TypeVar("T")


LITE_READ_BYTES = 64 * 1024
"""How much of the head and of the tail of each file :func:`list_sessions` reads."""


_SKIP_FIRST_PROMPT = re.compile(
    r"^(?:<local-command-stdout>|<session-start-hook>|<tick>|<goal>|\[Request interrupted)"
)


@attrs.frozen(kw_only=True)
class SDKSessionInfo:
    """A session as :func:`list_sessions` and :func:`get_session_info` describe it."""

    session_id: str
    summary: str
    """The display title, which is the custom title, else the AI title, the last prompt, a summary, or the
    first prompt."""
    last_modified: int
    """The file's modification time, in milliseconds since the epoch."""
    file_size: int | None = None
    """The file's size in bytes."""
    custom_title: str | None = None
    """The title set with :func:`~trio_claude.rename_session` (or the CLI's ``/rename``), else the
    AI-generated one."""
    first_prompt: str | None = None
    git_branch: str | None = None
    cwd: str | None = None
    tag: str | None = None
    """The tag set with :func:`~trio_claude.tag_session`."""
    created_at: int | None = None
    """The first entry's timestamp, in milliseconds since the epoch."""
    archived: bool | None = None
    """Whether the session is archived (:func:`~trio_claude.archive_session`): ``False`` once unarchived or
    after a prompt was sent in it since; ``None`` if it never was."""


@attrs.frozen(kw_only=True)
class SessionMessage:
    """A user or assistant message of a stored conversation."""

    type: Literal["user", "assistant", "system"]
    """``"system"`` only with ``include_system_messages``."""
    uuid: str
    session_id: str
    message: JSONValue
    """The API message (``role``, ``content``…) as stored."""
    parent_tool_use_id: str | None = None
    """The ``Agent`` tool call that started the subagent (subagent messages only, when recorded)."""
    parent_agent_id: str | None = None
    """The subagent that started this subagent; ``None`` for a subagent the main conversation started, for
    the main conversation, and when the subagent's metadata does not say."""
    raw: JSONValue = attrs.field(default=None, repr=False, eq=False)
    """The whole transcript entry (timestamps, ``cwd``, ``gitBranch``…)."""


# -- where sessions live ----------------------------------------------------------------------------


# -- reading ----------------------------------------------------------------------------------------


def _check_page(limit: int | None, offset: int) -> None:
    if offset < 0 or (limit is not None and limit < 0):
        raise ValueError("limit and offset must not be negative")


def _page(items: list[T], limit: int | None, offset: int) -> list[T]:
    """``items`` from ``offset``, at most ``limit`` of them."""
    _check_page(limit, offset)
    return items[offset:] if limit is None else items[offset : offset + limit]


def _messages(
    path: Path,
    limit: int | None,
    offset: int,
    *,
    parent_tool_use_id: str | None = None,
    parent_agent_id: str | None = None,
    include_system_messages: bool = False,
) -> list[SessionMessage]:
    with path.open("rb") as stream:
        return stream_messages(
            stream,
            limit,
            offset,
            parent_tool_use_id=parent_tool_use_id,
            parent_agent_id=parent_agent_id,
            include_system_messages=include_system_messages,
        )


def stream_messages(
    stream: BinaryIO,
    limit: int | None,
    offset: int,
    *,
    parent_tool_use_id: str | None = None,
    parent_agent_id: str | None = None,
    include_system_messages: bool = False,
) -> list[SessionMessage]:
    """The conversation's messages in a seekable JSONL ``stream`` (a file, or a store's entries); with
    ``include_system_messages`` also its ``system`` entries (compact boundaries, notices)."""
    entries, order = index_entries(stream)
    if include_system_messages:  # a system entry may also end the conversation (a local command's output)
        walked = with_parallel_siblings(entries, main_chain(entries, order, ("user", "assistant", "system")))
        chain = [uid for uid in walked if entries[uid].visible or entries[uid].system]
    else:
        walked = with_parallel_siblings(entries, main_chain(entries, order))
        chain = [uid for uid in walked if entries[uid].visible]
    out: list[SessionMessage] = []
    for uid in _page(chain, limit, offset):
        raw = read_at(stream, entries[uid].offset)
        kind = raw.get("type")
        out.append(
            SessionMessage(
                type=kind if kind in ("user", "system") else "assistant",
                uuid=uid,
                session_id=str(raw.get("sessionId", "")),
                message=raw.get("message") if kind != "system" else raw.get("message", raw.get("content")),
                parent_tool_use_id=parent_tool_use_id,
                parent_agent_id=parent_agent_id,
                raw=raw,
            )
        )
    return out


def get_session_messages(
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    limit: int | None = None,
    offset: int = 0,
    *,
    config_dir: str | os.PathLike[str] | None = None,
    include_system_messages: bool = False,
) -> list[SessionMessage]:
    """The user and assistant messages of a stored session's conversation, oldest first (``offset`` and
    ``limit`` page through them); with ``include_system_messages`` also its ``system`` entries.

    The conversation is rebuilt by walking ``parentUuid`` back from the newest message, as the CLI does on
    resume, so abandoned branches are left out; the entries and tool results of parallel tool calls that
    walk misses are put back, as the CLI and the official SDK do.  ``directory`` narrows the search to one
    project; the config dir is ``config_dir``, else the CLI's from this process's environment
    (``CLAUDE_CONFIG_DIR``, else ``$HOME/.claude``).  An unknown
    session gives ``[]``; a session id that is not a UUID raises :class:`ValueError`.
    """
    path = _session_file(session_id, directory, config_dir)
    if path is None:
        return []
    return _messages(path, limit, offset, include_system_messages=include_system_messages)


def list_subagents(
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> list[str]:
    """The ids of the subagents whose transcripts were stored with session ``session_id``, also those in
    nested folders (``subagents/workflows/<run>/``)."""
    return sorted(_subagent_files(session_id, directory, config_dir))


def _subagent_files(
    session_id: str, directory: str | os.PathLike[str] | None, config_dir: str | os.PathLike[str] | None
) -> dict[str, Path]:
    """Each subagent's transcript by agent id, in ``subagents/`` or a folder below it (the first found,
    the shallowest first, when an id repeats)."""
    folder = subagents_dir(session_id, directory, config_dir)
    if folder is None or not folder.is_dir():
        return {}
    found: dict[str, Path] = {}
    paths = sorted(folder.rglob("agent-*.jsonl"), key=lambda p: (len(p.parts), p))
    for path in paths:
        agent_id = path.name[len("agent-") : -len(".jsonl")]
        if path.is_file() and _AGENT_ID.fullmatch(agent_id):
            found.setdefault(agent_id, path)
    return found


def get_subagent_messages(
    session_id: str,
    agent_id: str,
    directory: str | os.PathLike[str] | None = None,
    limit: int | None = None,
    offset: int = 0,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> list[SessionMessage]:
    """A subagent's messages (see :func:`list_subagents`), oldest first; ``parent_tool_use_id`` is the
    ``Agent`` tool call that started it and ``parent_agent_id`` the subagent that did, when its
    ``.meta.json`` records them."""
    if not _AGENT_ID.fullmatch(agent_id):
        raise ValueError(f"invalid agent id {agent_id!r}")
    path = _subagent_files(session_id, directory, config_dir).get(agent_id)
    if path is None:
        return []
    meta: dict[str, Any] = {}
    try:
        data: object = wire.loads(path.with_suffix(".meta.json").read_bytes())
        meta = cast("dict[str, Any]", data) if isinstance(data, dict) else {}
    except (OSError, wire.DecodeError):
        pass
    tool_use_id, parent_agent = meta.get("toolUseId"), meta.get("parentAgentId")
    return _messages(
        path,
        limit,
        offset,
        parent_tool_use_id=tool_use_id if isinstance(tool_use_id, str) else None,
        parent_agent_id=parent_agent if isinstance(parent_agent, str) else None,
    )


# -- listing ----------------------------------------------------------------------------------------


def _chunk_objects(chunk: bytes, *, skip_first: bool) -> list[dict[str, Any]]:
    lines = chunk.split(b"\n")
    if skip_first:
        lines = lines[1:]  # cut in the middle
    out: list[dict[str, Any]] = []
    for line in lines:
        try:
            value = wire.loads(line)
        except wire.DecodeError:
            continue
        if isinstance(value, dict):
            out.append(cast("dict[str, Any]", value))
    return out


def _last(objects: list[dict[str, Any]], kind: str | None, key: str) -> str | None:
    for value in reversed(objects):
        if kind is not None and value.get("type") != kind:
            continue
        found = value.get(key)
        if isinstance(found, str):
            return found
    return None


PROGRAMMATIC_ENTRYPOINTS = frozenset({"sdk-cli", "sdk-ts", "sdk-py", "sdk-py-trio"})
"""The ``entrypoint`` values of sessions an SDK drove (``CLAUDE_CODE_ENTRYPOINT``): the TypeScript SDK's
three, and this SDK's own."""


def _is_programmatic(head: list[dict[str, Any]], tail: list[dict[str, Any]]) -> bool:
    """Whether a session is programmatic, as the TypeScript SDK decides it: its ``entrypoint`` (the first
    in the head, else the last in the tail) is an SDK's, or its first message's ``sessionKind`` is
    ``daemon`` / ``daemon-worker``."""
    entrypoint = next((e for value in head if isinstance(e := value.get("entrypoint"), str)), None)
    if entrypoint is None:
        entrypoint = _last(tail, None, "entrypoint")
    if entrypoint in PROGRAMMATIC_ENTRYPOINTS:
        return True
    first = next((value for value in head if "parentUuid" in value), None)
    if first is not None:
        kind = first.get("sessionKind")
    else:
        kind = next((k for value in head if isinstance(k := value.get("sessionKind"), str)), None)
    return kind in ("daemon", "daemon-worker")


def _prompt_text(value: dict[str, Any]) -> str | None:
    if value.get("type") != "user" or value.get("isMeta") or value.get("isCompactSummary"):
        return None
    message = value.get("message")
    content = cast("dict[str, Any]", message).get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        blocks: list[Any] = content  # pyright: ignore[reportUnknownVariableType]
        texts = [
            cast("dict[str, Any]", b).get("text")
            for b in blocks
            if isinstance(b, dict) and cast("dict[str, Any]", b).get("type") == "text"
        ]
        text = " ".join(t for t in texts if isinstance(t, str))
    else:
        return None
    text = " ".join(text.split())
    if not text or _SKIP_FIRST_PROMPT.match(text):
        return None
    return text[:200]


def _millis(timestamp: object) -> int | None:
    if not isinstance(timestamp, str):
        return None
    try:
        return int(datetime.fromisoformat(timestamp.replace("Z", "+00:00")).timestamp() * 1000)
    except ValueError:
        return None


def archive_mark_path(transcript: Path, session_id: str) -> Path:
    """Where a session's archived mark lives: ``<session id>/archived.json`` beside its transcript."""
    return transcript.parent / session_id / "archived.json"


def _archive_mark(transcript: Path, session_id: str) -> tuple[bool, int | None] | None:
    """The session's archived mark (archived, when in ms), ``None`` without a readable one."""
    try:
        data: object = wire.loads(archive_mark_path(transcript, session_id).read_bytes()[:4097])
    except (OSError, wire.DecodeError):
        return None
    if not isinstance(data, dict):
        return None
    mark = cast("dict[str, Any]", data)
    archived = mark.get("archived")
    return (archived, _millis(mark.get("at"))) if isinstance(archived, bool) else None


def _prompted_after(objects: list[dict[str, Any]], at: int | None) -> bool:
    """Whether a prompt (a user entry that is not a tool result) was written after ``at`` (ms)."""
    for value in objects:
        if value.get("type") != "user" or value.get("isMeta") or value.get("isSidechain"):
            continue
        if _prompt_text(value) is None:
            continue
        when = _millis(value.get("timestamp"))
        if when is not None and (at is None or when > at):
            return True
    return False


def _session_info(path: Path, *, include_programmatic: bool = True) -> SDKSessionInfo | None:
    try:
        stat = path.stat()
        with path.open("rb") as stream:
            head = stream.read(LITE_READ_BYTES)
            tail_start = max(stat.st_size - LITE_READ_BYTES, 0)
            if tail_start == 0:
                tail = head
            else:
                stream.seek(tail_start)
                tail = stream.read(LITE_READ_BYTES)
    except OSError:
        return None
    info = lite_session_info(
        path.stem,
        head,
        tail,
        tail_start > 0,
        int(stat.st_mtime * 1000),
        stat.st_size,
        include_programmatic=include_programmatic,
    )
    mark = None if info is None else _archive_mark(path, path.stem)
    if info is None or mark is None:
        return info
    archived, at = mark
    if archived:
        recent = _chunk_objects(tail, skip_first=tail_start > 0)
        if tail_start > 0:
            recent += _chunk_objects(head, skip_first=False)
        archived = not _prompted_after(recent, at)
    return attrs.evolve(info, archived=archived)


def lite_session_info(
    session_id: str,
    head: bytes,
    tail: bytes,
    tail_cut: bool,
    last_modified: int,
    file_size: int | None,
    *,
    include_programmatic: bool = True,
) -> SDKSessionInfo | None:
    """The info of a session from the first and last :data:`LITE_READ_BYTES` of its JSONL (``tail_cut``:
    the tail starts in the middle of a line); ``None`` for a subagent's session or one without a name,
    and for a programmatic one (:func:`_is_programmatic`) unless ``include_programmatic``."""
    tail_start = 1 if tail_cut else 0
    first = head.split(b"\n", 1)[0]
    if b'"isSidechain":true' in first.replace(b" ", b""):
        return None
    head_objects = _chunk_objects(head, skip_first=False)
    tail_objects = _chunk_objects(tail, skip_first=tail_start > 0)
    both = head_objects + tail_objects
    if not include_programmatic and _is_programmatic(head_objects, tail_objects):
        return None

    def latest(kind: str, key: str) -> str | None:
        return _last(tail_objects, kind, key) or _last(head_objects, kind, key)

    custom_title = latest("custom-title", "customTitle")
    ai_title = latest("ai-title", "aiTitle")
    first_prompt = next((text for value in head_objects if (text := _prompt_text(value))), None)
    tag = latest("tag", "tag")
    summary = custom_title or ai_title or latest("last-prompt", "lastPrompt") or latest("summary", "summary")
    summary = summary or first_prompt
    if not summary:
        return None
    return SDKSessionInfo(
        session_id=session_id,
        summary=summary,
        last_modified=last_modified,
        file_size=file_size,
        custom_title=custom_title or ai_title,
        first_prompt=first_prompt,
        git_branch=_last(tail_objects, None, "gitBranch") or _last(head_objects, None, "gitBranch"),
        cwd=next((c for value in both if isinstance(c := value.get("cwd"), str)), None),
        tag=tag or None,
        created_at=next((m for value in head_objects if (m := _millis(value.get("timestamp")))), None),
    )


def list_sessions(
    directory: str | os.PathLike[str] | None = None,
    limit: int | None = None,
    offset: int = 0,
    include_worktrees: bool = True,
    *,
    include_programmatic: bool = True,
    config_dir: str | os.PathLike[str] | None = None,
) -> list[SDKSessionInfo]:
    """The stored sessions of project ``directory`` (default: every project), newest first.

    ``include_programmatic=False`` leaves out the sessions an SDK drove (``entrypoint`` ``sdk-cli``,
    ``sdk-ts``, ``sdk-py``, and this SDK's ``sdk-py-trio``) and daemon sessions (``sessionKind``
    ``daemon`` / ``daemon-worker``), as the TypeScript SDK's ``includeProgrammatic: false`` does for an
    IDE's session picker: what is left are the sessions people had in a terminal.

    With ``include_worktrees`` (the default) and a ``directory`` inside a git repository, the sessions of
    every worktree of that repository are listed too, as found by ``git worktree list --porcelain``
    (waited for at most 5 seconds).  Without git, outside a repository, or if git fails,
    only ``directory`` itself is listed; this never raises.  A session found in several projects appears
    once, from its most recently modified file; ``offset`` and ``limit`` page through the merged list.

    Only the head and tail of each file are read (64 KiB each).  Subagent transcripts and
    files without any prompt or title are left out.  Raises :class:`ValueError` if ``limit`` or
    ``offset`` is negative.
    """
    _check_page(limit, offset)  # before reading anything
    infos: dict[str, SDKSessionInfo] = {}
    for path in listed_session_files(directory, config_dir, include_worktrees):
        if not _UUID.fullmatch(path.stem):
            continue
        info = _session_info(path, include_programmatic=include_programmatic)
        if info is not None:
            known = infos.get(info.session_id)
            if known is None or info.last_modified > known.last_modified:
                infos[info.session_id] = info
    ordered = sorted(infos.values(), key=lambda info: (-info.last_modified, info.session_id))
    return _page(ordered, limit, offset)


def get_session_info(
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> SDKSessionInfo | None:
    """The :class:`SDKSessionInfo` of one session, or ``None`` if it is unknown (or a subagent's, or has
    no prompt yet).  Raises :class:`ValueError` if ``session_id`` is not a UUID."""
    path = _session_file(session_id, directory, config_dir)
    return None if path is None else _session_info(path)


# -- changing -------------------------------------------------------------------------------------
