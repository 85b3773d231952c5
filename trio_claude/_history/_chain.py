"""The conversation in a transcript: its entries indexed by uuid (ids, types and offsets only), the chain
from the newest leaf back up ``parentUuid``, and the parallel tool calls that walk misses."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any, BinaryIO, cast

import attrs

from .. import wire

logger = logging.getLogger("trio_claude.history")

TRANSCRIPT_TYPES = frozenset({"user", "assistant", "progress", "system", "attachment"})


def transcript_lines(stream: BinaryIO) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(offset, object)`` for each line that is a JSON object; other lines are skipped and logged."""
    offset = 0
    for number, line in enumerate(stream, 1):
        start, offset = offset, offset + len(line)
        if not line.strip():
            continue
        try:
            value = wire.loads(line)
        except wire.DecodeError:
            logger.warning("%s line %d is not JSON; skipped", getattr(stream, "name", "?"), number)
            continue
        if isinstance(value, dict):
            yield start, cast("dict[str, Any]", value)


def read_at(stream: BinaryIO, offset: int) -> dict[str, Any]:
    stream.seek(offset)
    return cast("dict[str, Any]", wire.loads(stream.readline()))


@attrs.frozen
class Entry:
    offset: int
    type: str
    parent: str | None
    visible: bool
    system: bool = False
    message_id: str | None = None
    """An assistant entry's API message id (parallel tool calls: one entry per block, one id)."""
    tool_results: bool = False
    """A user entry that carries ``tool_result`` blocks."""
    timestamp: str = ""


def index_entries(stream: BinaryIO) -> tuple[dict[str, Entry], list[str]]:
    """The transcript entries by uuid (ids, types and offsets only) and their uuids in file order."""
    entries: dict[str, Entry] = {}
    order: list[str] = []
    for offset, value in transcript_lines(stream):
        kind, uid = value.get("type"), value.get("uuid")
        if kind not in TRANSCRIPT_TYPES or not isinstance(uid, str):
            continue
        parent = value.get("parentUuid")
        visible = kind in ("user", "assistant") and not value.get("isMeta") and not value.get("teamName")
        system = kind == "system" and not value.get("isMeta")
        message: object = value.get("message")
        body = cast("dict[str, Any]", message) if isinstance(message, dict) else {}
        message_id = body.get("id") if kind == "assistant" else None
        content: object = body.get("content") if kind == "user" else None
        tool_results = isinstance(content, list) and any(
            _is_tool_result(block) for block in cast("list[object]", content)
        )
        stamp = value.get("timestamp")
        entries[uid] = Entry(
            offset,
            kind,
            parent if isinstance(parent, str) else None,
            visible,
            system,
            message_id if isinstance(message_id, str) and message_id else None,
            tool_results,
            stamp if isinstance(stamp, str) else "",
        )
        order.append(uid)
    return entries, order


def _is_tool_result(block: object) -> bool:
    return isinstance(block, dict) and cast("dict[str, Any]", block).get("type") == "tool_result"


def with_parallel_siblings(entries: dict[str, Entry], chain: list[str]) -> list[str]:
    """``chain`` with what the walk up ``parentUuid`` misses when the model called tools in parallel.

    The CLI writes each block of one API message as its own assistant entry, chained one after the
    other, and each tool result as a user entry whose parent is the entry of its ``tool_use``; the walk
    back from the leaf follows one of those branches only.  For each API message on the chain, its
    entries off the chain and the tool results of all its entries are put back after the message's last
    entry on the chain (entries, then results, each by timestamp), as the CLI does on resume and the
    official Python SDK's ``get_session_messages`` does."""
    on_chain = set(chain)
    last_of: dict[str, str] = {}  # API message id → its last entry on the chain (first seen first)
    for uid in chain:
        message_id = entries[uid].message_id
        if entries[uid].type == "assistant" and message_id is not None:
            last_of[message_id] = uid
    if not last_of:
        return chain
    members: dict[str, list[str]] = {}
    results: dict[str, list[str]] = {}
    for uid, entry in entries.items():
        if entry.type == "assistant" and entry.message_id is not None:
            members.setdefault(entry.message_id, []).append(uid)
        elif entry.type == "user" and entry.tool_results and entry.parent is not None:
            results.setdefault(entry.parent, []).append(uid)
    after: dict[str, list[str]] = {}
    for message_id, anchor in last_of.items():
        group = members.get(message_id, [anchor])
        lost = [uid for uid in group if uid not in on_chain]
        lost_results = [r for uid in group for r in results.get(uid, ()) if r not in on_chain]
        found = sorted(lost, key=lambda u: entries[u].timestamp) + sorted(
            lost_results, key=lambda u: entries[u].timestamp
        )
        if found:
            on_chain.update(found)
            after[anchor] = found
    if not after:
        return chain
    return [added for uid in chain for added in (uid, *after.get(uid, ()))]


def main_chain(
    entries: dict[str, Entry], order: list[str], leaves: tuple[str, ...] = ("user", "assistant")
) -> list[str]:
    """The conversation: from the newest user/assistant (or ``leaves``) leaf back to the root, in
    chronological order."""
    parents = {entry.parent for entry in entries.values() if entry.parent}
    position = {uid: i for i, uid in enumerate(order)}
    best: str | None = None
    for uid in order:
        if uid in parents:
            continue
        current: str | None = uid
        seen: set[str] = set()
        while current is not None and current not in seen and current in entries:
            seen.add(current)
            if entries[current].type in leaves:
                if best is None or position[current] > position[best]:
                    best = current
                break
            current = entries[current].parent
    chain: list[str] = []
    seen = set()
    current = best
    while current is not None and current not in seen and current in entries:
        seen.add(current)
        chain.append(current)
        current = entries[current].parent
    chain.reverse()
    return chain
