"""The big frames and responses print readably: bulky fields and long unknown values are summarised in the
repr, while the data itself (equality, encoding, attribute access) is untouched."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from trio_claude import model as m
from trio_claude.model._base import REPR_WIDTH, brief
from trio_claude.wire import converter, decode_value, structure, unstructure

TRANSCRIPTS = sorted((Path(__file__).parent / "data" / "wire" / "transcripts").glob("*.jsonl"))

#: The classes whose repr used to run to kilobytes: at most this many characters now.
BIG: dict[type[object], int] = {
    m.ContextUsageResponse: 1200,
    m.InitializeResponse: 1500,
    m.McpStatusResponse: 1200,
    m.ListModelsResponse: 300,
    m.InitMessage: 1800,
    m.ResultMessage: 1500,
}


def _captured() -> Iterator[tuple[str, object, Any]]:
    """Every frame of the captures, and every typed success payload, with its JSON."""
    for path in TRANSCRIPTS:
        requests: dict[str, object] = {}
        for line in path.read_bytes().splitlines():
            record = orjson.loads(line)
            if record.get("dir") not in ("sdk->cli", "cli->sdk") or "msg" not in record:
                continue
            frame = decode_value(record["msg"])
            yield path.name, frame, record["msg"]
            if isinstance(frame, m.ControlRequest):
                requests[frame.request_id] = frame.request
            elif isinstance(frame, m.ControlResponse) and isinstance(frame.response, m.ControlSuccess):
                request = requests.get(frame.request_id)
                response_type = converter.response_types.get(type(request))
                payload = frame.response.response or {}
                if response_type is not None and payload != {"behavior": "maybe"}:  # b_perm_bogus
                    yield path.name, structure(payload, response_type), payload


CAPTURED = list(_captured())


@pytest.mark.parametrize("cls", list(BIG), ids=lambda cls: cls.__name__)
def test_big_classes_have_a_bounded_repr(cls: type[object]) -> None:
    seen = [(name, obj) for name, obj, _ in CAPTURED if type(obj) is cls]
    assert seen, f"no {cls.__name__} in the captures"
    longest_name, longest = max(seen, key=lambda pair: len(repr(pair[1])))
    assert len(repr(longest)) <= BIG[cls], (longest_name, repr(longest))


def test_the_context_usage_dump_is_gone() -> None:
    usage = max(
        (obj for _, obj, _ in CAPTURED if type(obj) is m.ContextUsageResponse),
        key=lambda obj: len(orjson.dumps(unstructure(obj))),
    )
    assert len(orjson.dumps(unstructure(usage))) > 25_000  # the CLI's answer really is that big
    text = repr(usage)
    assert len(text) < 1000
    assert text.startswith("ContextUsageResponse(categories=<")
    assert "total_tokens=" in text and "max_tokens=1000000" in text
    assert "grid_rows=<10 FrozenList>" in text  # the 24 KB field (rows of typed cells), summarised


def test_summaries_name_the_first_items() -> None:
    [init] = [
        obj
        for name, obj, _ in CAPTURED
        if name == "x_initialize_agents.330.jsonl" and type(obj) is m.InitializeResponse
    ]
    assert init.commands is not None and len(init.commands) > 10  # the data is all there
    assert f"commands=<{len(init.commands)} SlashCommand: {init.commands[0].name}, " in repr(init)


@pytest.mark.parametrize("index", range(0, len(CAPTURED), 7))
def test_equality_and_encoding_are_untouched(index: int) -> None:
    _, obj, raw = CAPTURED[index]
    assert unstructure(obj) == raw
    again = decode_value(raw) if isinstance(obj, m.Message) else structure(raw, type(obj))
    assert again == obj and repr(again) == repr(obj)


def test_brief_keeps_short_values() -> None:
    assert brief(("a", "b")) == "('a', 'b')"
    assert brief({"k": 1}) == "{'k': 1}"
    assert brief(None) == "None"
    fits = "x" * (REPR_WIDTH - 2)  # its repr, quotes included, is exactly REPR_WIDTH long
    assert brief(fits) == repr(fits)


def test_brief_summarises_long_values() -> None:
    names = tuple(f"tool_{i}" for i in range(40))
    text = brief(names)
    assert text.startswith("<40 str: tool_0, tool_1, ") and text.endswith(", ...>")
    assert len(text) <= REPR_WIDTH + 10
    assert brief({f"key{i}": i for i in range(30)}).startswith("<30 keys: key0, key1, ")
    assert brief({"only": "v" * 100}) == "<1 key: only>"
    assert brief([[1, 2, 3]] * 40) == "<40 list>"
    assert brief(["a", 1] * 40).startswith("<80 items: a, a, ")
    long_text = "word " * 100
    assert brief(long_text).endswith("... (500 chars)")
    servers = tuple(m.McpServerInfo(name=f"server{i}", status="connected") for i in range(9))
    assert brief(servers).startswith("<9 McpServerInfo: server0, server1, ")


def test_a_short_bulky_field_still_prints_in_full() -> None:
    result = m.ResultMessage(
        subtype="success",
        is_error=False,
        duration_ms=1,
        duration_api_ms=1,
        num_turns=1,
        session_id="s",
        usage={"input_tokens": 3, "output_tokens": 4},
    )
    assert "usage={'input_tokens': 3, 'output_tokens': 4}" in repr(result)
