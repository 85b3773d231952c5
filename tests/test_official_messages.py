"""What official-SDK code reads on messages and answers: ``message.subtype`` (the official
``isinstance(m, SystemMessage) and m.subtype == "init"``) and ``message.data`` (the frame's JSON dict,
``m.data.get("tools", [])``) work on every system message, and the answer of ``get_context_usage()`` reads
like the official dict (``usage["totalTokens"]``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trio_claude import SystemMessage, wire
from trio_claude.model import (
    ContextUsageResponse,
    ControlRequest,
    ControlResponse,
    ControlSuccess,
    GetContextUsageRequest,
    InitMessage,
    TaskStartedMessage,
    UnknownSystemMessage,
)
from trio_claude.wire._tags import SYSTEM_SUBTYPES

INIT = b'{"type":"system","subtype":"init","session_id":"s","tools":["Read"],"agents":["helper"]}'


def test_every_system_message_has_its_subtype() -> None:
    init = wire.decode_line(INIT)
    assert isinstance(init, SystemMessage) and init.subtype == "init"
    assert InitMessage(session_id="s").subtype == "init"
    for tag, cls in SYSTEM_SUBTYPES.items():
        assert issubclass(cls, SystemMessage) and tag == cls.SUBTYPE, cls  # the class and the converter agree


def test_an_unknown_system_message_has_the_subtype_it_came_with() -> None:
    unknown = wire.decode_line(b'{"type":"system","subtype":"brand_new","x":1}')
    assert isinstance(unknown, UnknownSystemMessage) and unknown.subtype == "brand_new"


def test_data_is_the_frame_as_json() -> None:
    init = wire.decode_line(INIT)
    assert isinstance(init, SystemMessage) and init.subtype == "init"
    # The official SDK's reads, unchanged: the frame's JSON by wire key.
    assert init.data.get("tools", []) == ["Read"]
    assert init.data["agents"] == ["helper"] and init.data["session_id"] == "s"
    assert init.data == json.loads(INIT)
    init.data["tools"].append("Write")  # a new dict each time: the message is untouched
    assert isinstance(init, InitMessage) and init.tools == ("Read",) and init.data["tools"] == ["Read"]
    task = wire.decode_line(
        b'{"type":"system","subtype":"task_started","task_id":"t","description":"d","session_id":"s"}'
    )
    assert isinstance(task, TaskStartedMessage) and task.data["task_id"] == "t"
    unknown = wire.decode_line(b'{"type":"system","subtype":"brand_new","x":1}')
    assert isinstance(unknown, UnknownSystemMessage)
    assert unknown.data == {"type": "system", "subtype": "brand_new", "x": 1}


def test_a_match_statement_on_the_official_fields_matches() -> None:
    match wire.decode_line(INIT):
        case SystemMessage(subtype="init", data=data):
            assert data["tools"] == ["Read"]
        case _:
            pytest.fail("no match")


def _captured_context_usage() -> tuple[ContextUsageResponse, dict[str, Any]]:
    """The CLI's answer to get_context_usage in the wire captures (tests/data/wire), typed and as JSON."""
    transcripts = sorted((Path(__file__).parent / "data" / "wire" / "transcripts").glob("*.jsonl"))
    asked: set[str] = set()
    for path in transcripts:
        for line in path.read_bytes().splitlines():
            record = json.loads(line)
            frame = wire.decode_value(record.get("msg"))
            if isinstance(frame, ControlRequest) and isinstance(frame.request, GetContextUsageRequest):
                asked.add(frame.request_id)
            elif isinstance(frame, ControlResponse) and frame.request_id in asked:
                assert isinstance(frame.response, ControlSuccess) and frame.response.response is not None
                payload = dict(frame.response.response)
                return wire.structure(payload, ContextUsageResponse), payload
    raise AssertionError("no get_context_usage answer in the captures")


def test_context_usage_reads_like_the_official_dict() -> None:
    # The official get_context_usage() returns the CLI's JSON; official code reads it by wire key.
    usage, payload = _captured_context_usage()
    assert usage["totalTokens"] == usage.total_tokens == payload["totalTokens"]
    assert usage["categories"][0]["name"] == usage.categories[0].name
    assert usage.get("maxTokens") == payload["maxTokens"] and "percentage" in usage
    assert dict(usage) == payload
