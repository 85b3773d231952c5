"""Keys the real CLI writes (and so the fake CLI of the test kit) decode into typed fields, not ``extra``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from trio_claude import model as m
from trio_claude.wire import decode_value, structure

TRANSCRIPTS = sorted((Path(__file__).resolve().parents[1] / "data" / "wire" / "transcripts").glob("*.jsonl"))


def _objects() -> Iterator[m.WireObject]:
    """Every frame the captures hold, and the typed payload of each ``initialize``/``get_context_usage``
    answer."""
    for path in TRANSCRIPTS:
        subtypes: dict[str, str] = {}
        for line in path.read_bytes().splitlines():
            record = orjson.loads(line)
            msg: Any = record.get("msg")
            if record.get("dir") not in ("sdk->cli", "cli->sdk") or not isinstance(msg, dict):
                continue
            frame = decode_value(msg)
            if not isinstance(frame, m.WireObject):
                continue  # a line the captures made unknown on purpose
            yield frame
            if isinstance(frame, m.ControlRequest) and isinstance(frame.request, m.WireObject):
                subtypes[frame.request_id] = type(frame.request).__name__
            elif isinstance(frame, m.ControlResponse) and isinstance(frame.response, m.ControlSuccess):
                kind = subtypes.get(frame.request_id)
                payload = frame.response.response or {}
                if kind == "InitializeRequest":
                    yield structure(payload, m.InitializeResponse)
                elif kind == "GetContextUsageRequest":
                    yield structure(payload, m.ContextUsageResponse)


Select = Callable[[m.WireObject], "m.WireObject | None"]


def _success(obj: m.WireObject) -> m.ControlSuccess | None:
    if isinstance(obj, m.ControlResponse) and isinstance(obj.response, m.ControlSuccess):
        return obj.response
    return None


def _metas(obj: m.WireObject) -> m.WireObject | None:
    if isinstance(obj, m.UserMessage) and obj.tool_result_meta:
        return obj.tool_result_meta[0]
    return None


def _decision(obj: m.WireObject) -> m.WireObject | None:
    meta = _metas(obj)
    return meta.permission_decision if isinstance(meta, m.ToolResultMeta) else None


# (what to look at, the fields it must have typed, the wire keys that must not be left in ``extra``)
CASES: list[tuple[str, Select, tuple[str, ...], tuple[str, ...]]] = [
    (
        "system/init",
        lambda obj: obj if isinstance(obj, m.InitMessage) and obj.original_cwd is not None else None,
        ("terminal_slash_commands", "analytics_disabled", "original_cwd", "additional_directories"),
        ("terminal_slash_commands", "analytics_disabled", "original_cwd", "additional_directories"),
    ),
    (
        "initialize answer",
        lambda obj: (
            obj if isinstance(obj, m.InitializeResponse) and obj.analytics_disabled is not None else None
        ),
        ("analytics_disabled",),
        ("analytics_disabled",),
    ),
    (
        "initialize envelope",
        lambda obj: (
            s
            if isinstance(s := _success(obj), m.ControlSuccess) and s.pending_permission_requests is not None
            else None
        ),
        ("pending_permission_requests", "pending_user_dialog_requests"),
        ("pending_permission_requests", "pending_user_dialog_requests"),
    ),
    (
        "get_context_usage answer",
        lambda obj: obj if isinstance(obj, m.ContextUsageResponse) and obj.grid_rows is not None else None,
        ("autocompact_source", "grid_rows"),
        ("autocompactSource", "gridRows"),
    ),
    (
        "tool_result_meta",
        _metas,
        ("id",),
        ("id", "non_execution_kind", "permission_decision"),
    ),
    ("permission_decision", _decision, ("decision", "source"), ("decision", "source", "reason_type")),
    (
        "thinking assistant message",
        lambda obj: obj if isinstance(obj, m.AssistantMessage) and obj.thinking_display is not None else None,
        ("thinking_duration_ms", "thinking_display"),
        ("thinking_duration_ms", "thinking_display"),
    ),
    (
        "abandoned stream",
        lambda obj: obj if isinstance(obj, m.StreamEvent) and obj.abandoned_blocks is not None else None,
        ("abandoned_blocks",),
        ("abandoned_blocks", "thinking_display"),
    ),
    (
        "abandoned blocks",
        lambda obj: obj.abandoned_blocks if isinstance(obj, m.StreamEvent) else None,
        ("api_message_id", "from_block_index"),
        ("api_message_id", "from_block_index"),
    ),
]


@pytest.mark.parametrize(("name", "select", "fields", "keys"), CASES, ids=[case[0] for case in CASES])
def test_the_keys_type_as_fields(
    name: str, select: Select, fields: tuple[str, ...], keys: tuple[str, ...]
) -> None:
    found = [obj for obj in map(select, _objects()) if obj is not None]
    assert found, f"no {name} in the captures"
    for obj in found:
        assert all(getattr(obj, field) is not None for field in fields), obj
        assert not set(keys) & set(obj.extra), (name, dict(obj.extra))
