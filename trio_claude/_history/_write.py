"""Changing sessions on disk: rename, tag, delete and fork (entries appended the way the CLI writes
them).  What they create is owner-only (:mod:`trio_claude._files`), as the CLI's own files are."""

from __future__ import annotations

import datetime
import os
import shutil
import uuid as uuid_module
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

from .. import wire
from .._files import make_private_dirs, open_private
from ._chain import TRANSCRIPT_TYPES, transcript_lines
from ._paths import _check_uuid, _session_file
from ._read import archive_mark_path, get_session_info


@attrs.frozen(kw_only=True)
class ForkSessionResult:
    """What :func:`fork_session` created."""

    session_id: str


def _existing(
    session_id: str, directory: str | os.PathLike[str] | None, config_dir: str | os.PathLike[str] | None
) -> Path:
    path = _session_file(session_id, directory, config_dir)
    if path is None:
        raise FileNotFoundError(f"no stored session {session_id}")
    return path


def _append(path: Path, entry: dict[str, Any]) -> None:
    with open_private(path, "ab") as stream:
        stream.write(wire.dumps(entry) + b"\n")


def rename_session(
    session_id: str,
    title: str,
    directory: str | os.PathLike[str] | None = None,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> None:
    """Give a session a title: appends ``{"type": "custom-title", "customTitle": …}`` to its file, as the
    CLI's ``/rename`` does (the newest title wins).  Raises :class:`FileNotFoundError` for an unknown
    session and :class:`ValueError` for an empty title."""
    title = title.strip()
    if not title:
        raise ValueError("the title must not be empty")
    path = _existing(session_id, directory, config_dir)
    _append(path, {"type": "custom-title", "customTitle": title, "sessionId": session_id})


def tag_session(
    session_id: str,
    tag: str | None,
    directory: str | os.PathLike[str] | None = None,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> None:
    """Tag a session (``None`` clears the tag): appends ``{"type": "tag", "tag": …}`` to its file.  Raises
    :class:`FileNotFoundError` for an unknown session."""
    path = _existing(session_id, directory, config_dir)
    _append(path, {"type": "tag", "tag": (tag or "").strip(), "sessionId": session_id})


def archive_session(
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> None:
    """Archive a session: it stays on disk and :func:`list_sessions` still lists it, with ``archived``
    ``True`` until it is unarchived or a prompt is sent in it.  The mark is the file
    ``<session id>/archived.json`` beside the transcript (as the TypeScript SDK writes it); the transcript
    is not changed.  Raises :class:`FileNotFoundError` for an unknown session."""
    _set_archived(_existing(session_id, directory, config_dir), session_id, archived=True)


def unarchive_session(
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> None:
    """Unarchive a session (see :func:`archive_session`): :func:`list_sessions` lists it with ``archived``
    ``False``.  Raises :class:`FileNotFoundError` for an unknown session."""
    _set_archived(_existing(session_id, directory, config_dir), session_id, archived=False)


def _set_archived(path: Path, session_id: str, *, archived: bool) -> None:
    mark = archive_mark_path(path, session_id)
    make_private_dirs(mark.parent)
    at = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds")
    with open_private(mark, "wb") as stream:
        stream.write(wire.dumps({"archived": archived, "at": at, "by": "sdk"}))


def delete_session(
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> None:
    """Delete a session's file and its folder (subagent transcripts…).  Raises :class:`FileNotFoundError`
    for an unknown session."""
    path = _existing(session_id, directory, config_dir)
    path.unlink()
    folder = path.parent / session_id
    if folder.is_dir():
        shutil.rmtree(folder)


def fork_session(
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    up_to_message_id: str | None = None,
    title: str | None = None,
    *,
    config_dir: str | os.PathLike[str] | None = None,
) -> ForkSessionResult:
    """Copy a session into a new one (new session id, new message uuids, same ``parentUuid`` links), up to
    and including message ``up_to_message_id`` if given, in the same project folder.  Resume it with
    ``ClaudeAgentOptions(resume=result.session_id)``.

    Each copied entry records where it came from in ``forkedFrom``.  ``title`` (default: the original's
    title or first prompt + `` (fork)``) is stored as the fork's custom title.  Raises
    :class:`FileNotFoundError` for an unknown session, :class:`ValueError` if ``up_to_message_id`` is not
    in it or there is nothing to copy.
    """
    if up_to_message_id is not None:
        _check_uuid(up_to_message_id, "up_to_message_id")
    source = _existing(session_id, directory, config_dir)
    new_id = str(uuid_module.uuid4())
    target = source.parent / f"{new_id}.jsonl"
    fork = Fork(session_id, new_id, up_to_message_id)
    with source.open("rb") as stream, open_private(target, "xb") as out:
        for forked in fork.copy(value for _, value in transcript_lines(stream)):
            out.write(wire.dumps(forked) + b"\n")
        if fork.complete:
            original = get_session_info(session_id, directory, config_dir=config_dir)
            out.write(wire.dumps(fork.title_entry(title, original.summary if original else None)) + b"\n")
    if not fork.complete:
        target.unlink()
        fork.check()
    return ForkSessionResult(session_id=new_id)


class Fork:
    """The copy of a session's conversation into a new session: new ids, same links (shared by the disk and
    the store versions of ``fork_session``)."""

    def __init__(self, session_id: str, new_id: str, up_to_message_id: str | None) -> None:
        self.session_id = session_id
        self.new_id = new_id
        self.up_to = up_to_message_id
        self.found = up_to_message_id is None
        self.written = 0

    @property
    def complete(self) -> bool:
        """Whether the copy holds something and reached ``up_to_message_id`` (when given)."""
        return self.found and self.written > 0

    def check(self) -> None:
        """Raise :class:`ValueError` if the fork is not :attr:`complete`."""
        if not self.found:
            raise ValueError(f"message {self.up_to} is not in session {self.session_id}")
        if not self.written:
            raise ValueError(f"session {self.session_id} has no messages to fork")

    def copy(self, values: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """The forked copies of the transcript entries among ``values``, up to ``up_to_message_id``."""
        mapping: dict[str, str] = {}
        for value in values:
            uid = value.get("uuid")
            transcript = value.get("type") in TRANSCRIPT_TYPES and not value.get("isSidechain")
            if not transcript or not isinstance(uid, str):
                continue
            mapping[uid] = str(uuid_module.uuid4())
            parent = value.get("parentUuid")
            logical = value.get("logicalParentUuid")
            forked = {
                **value,
                "uuid": mapping[uid],
                "parentUuid": mapping.get(parent) if isinstance(parent, str) else None,
                "sessionId": self.new_id,
                "forkedFrom": {"sessionId": self.session_id, "messageUuid": uid},
            }
            if "logicalParentUuid" in value:
                forked["logicalParentUuid"] = mapping.get(logical) if isinstance(logical, str) else None
            for key in ("teamName", "agentName", "slug", "sourceToolAssistantUUID"):
                forked.pop(key, None)
            self.written += 1
            yield forked
            if uid == self.up_to:
                self.found = True
                return

    def title_entry(self, title: str | None, original: str | None) -> dict[str, Any]:
        """The fork's custom-title entry: ``title``, else the original's name + `` (fork)``."""
        name = (title or "").strip() or f"{original or 'Forked session'} (fork)"
        return {"type": "custom-title", "customTitle": name, "sessionId": self.new_id}
