"""Golden tests: every line the real CLI wrote or read in the captures under ``tests/data/wire`` decodes to
a typed class and re-encodes to an equal JSON value."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import attrs
import orjson
import pytest

from trio_claude import model as m
from trio_claude.model._base import json_get
from trio_claude.wire import decode_line, decode_value, encode_line, encode_value

WIRE = Path(__file__).resolve().parents[1] / "data" / "wire"
TRANSCRIPTS = sorted((WIRE / "transcripts").glob("*.[0-9][0-9][0-9].jsonl"))

#: Lines the captures deliberately made invalid (scenario h: bad input) or undocumented.
DELIBERATELY_UNKNOWN = {"bogus_type"}

UNKNOWN_CLASSES = (
    m.UnknownMessage,
    m.UnknownSystemMessage,
    m.UnknownBlock,
    m.UnknownControlRequest,
    m.UnknownPermissionUpdate,
)


def _frames(path: Path) -> Iterator[tuple[str, Any]]:
    for line in path.read_bytes().splitlines():
        record = orjson.loads(line)
        if record.get("dir") in ("sdk->cli", "cli->sdk") and "msg" in record:
            yield record["dir"], record["msg"]


def _unknowns(obj: object, path: str = "") -> Iterator[tuple[str, object]]:
    """Every Unknown* object inside ``obj`` (a typed frame; JSON values inside it are not searched)."""
    if isinstance(obj, UNKNOWN_CLASSES):
        yield path, obj
        return
    if attrs.has(type(obj)):
        for f in attrs.fields(cast(Any, type(obj))):
            if f.name != "extra":
                yield from _unknowns(getattr(obj, f.name), f"{path}.{f.name}")
    elif isinstance(obj, m.FrozenList):  # a typed array (a JSON value's arrays are plain lists)
        for i, item in enumerate(cast("m.FrozenList[object]", obj)):
            yield from _unknowns(item, f"{path}[{i}]")
    elif isinstance(obj, dict) and path.endswith("model_usage"):
        for k, v in cast("dict[str, object]", obj).items():
            yield from _unknowns(v, f"{path}[{k}]")


def test_transcripts_exist() -> None:
    assert len(TRANSCRIPTS) > 100, f"expected the wire captures under {WIRE}"


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_every_line_types_and_round_trips(path: Path) -> None:
    for direction, msg in _frames(path):
        line = orjson.dumps(msg)
        frame = decode_line(line)
        assert encode_value(frame) == msg, (direction, msg)
        assert orjson.loads(encode_line(frame)) == msg
        assert decode_line(encode_line(frame)) == frame
        if json_get(msg, "type") in DELIBERATELY_UNKNOWN:
            assert isinstance(frame, m.UnknownMessage)
            continue
        if not isinstance(msg, dict):
            assert isinstance(frame, m.UnknownMessage)
            continue
        if msg == {"type": "user"}:  # h_user_missing_message: deliberately malformed
            assert isinstance(frame, m.UnknownMessage)
            assert frame.error is not None and "message" in frame.error
            continue
        found = list(_unknowns(frame))
        if isinstance(frame, m.ControlRequest) and json_get(cast(object, msg["request"]), "subtype") in (
            None,
            "frobnicate_the_widget",
        ):
            # h_control_request_no_subtype / f_control: deliberately unknown request subtypes
            assert found and isinstance(found[0][1], m.UnknownControlRequest)
            continue
        assert not found, (path.name, direction, found, msg)


def test_response_payloads_type() -> None:
    """Every success payload in the captures types as the response class of the request it answers."""
    from trio_claude.wire import MalformedError, converter, structure, unstructure

    checked = 0
    for path in TRANSCRIPTS:
        requests: dict[str, Any] = {}
        for _direction, msg in _frames(path):
            frame = decode_value(msg)
            if isinstance(frame, m.ControlRequest):
                requests[frame.request_id] = frame.request
            elif isinstance(frame, m.ControlResponse) and isinstance(frame.response, m.ControlSuccess):
                request = requests.get(frame.request_id)
                if request is None or isinstance(request, m.UnknownControlRequest):
                    continue
                response_type = converter.response_types[type(request)]
                if frame.response.response == {"behavior": "maybe"}:  # b_perm_bogus: deliberately invalid
                    with pytest.raises(MalformedError):
                        structure(frame.response.response, response_type)
                    continue
                payload = structure(frame.response.response or {}, response_type)
                assert not list(_unknowns(payload)), (path.name, payload)
                assert unstructure(payload) == (frame.response.response or {})
                checked += 1
    assert checked > 300
