"""Every key the real CLI writes that the TypeScript SDK's types (``sdk.d.ts`` of 0.3.330) name decodes into
a typed attribute, never into ``extra``.

The captures under ``tests/data/wire`` are decoded whole (every frame, and every control answer as its
request's response class), walking into nested classes; a key left in ``extra`` must be either the
explicit ``null`` of a field that is normally left out (kept so that re-encoding reproduces the input),
or a key on :data:`UNTYPED`, which lists the keys the CLI writes but ``sdk.d.ts`` does not declare, each
with the reason it stays untyped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import attrs
import orjson

from trio_claude import model as m
from trio_claude.wire import converter, decode_value, structure
from trio_claude.wire._known import UNTYPED
from trio_claude.wire._tags import wire_name

TRANSCRIPTS = sorted((Path(__file__).resolve().parents[1] / "data" / "wire" / "transcripts").glob("*.jsonl"))


def _decoded() -> Iterator[tuple[str, object]]:
    """Every frame of the captures, and every control answer's payload typed as its request's response."""
    for path in TRANSCRIPTS:
        requests: dict[str, object] = {}
        for line in path.read_bytes().splitlines():
            record = orjson.loads(line)
            msg: Any = record.get("msg")
            if record.get("dir") not in ("sdk->cli", "cli->sdk") or msg is None:
                continue
            frame = decode_value(msg)
            yield path.name, frame
            if isinstance(frame, m.ControlRequest):
                requests[frame.request_id] = frame.request
            elif isinstance(frame, m.ControlResponse) and isinstance(frame.response, m.ControlSuccess):
                request = requests.get(frame.request_id)
                response_type = converter.response_types.get(type(request))
                payload = frame.response.response or {}
                if response_type is None or payload == {
                    "behavior": "maybe"
                }:  # b_perm_bogus: invalid on purpose
                    continue
                yield path.name, structure(payload, response_type)


def _left_in_extra(obj: object) -> Iterator[tuple[str, str]]:
    """``(class name, wire key)`` of every key in ``extra`` (inside ``obj`` too) that no field of its class
    takes."""
    if isinstance(obj, m.WireObject):
        cls = type(obj)
        fields = [f.name for f in attrs.fields(cls) if f.name != "extra"]
        names = {wire_name(cls, name) for name in fields}
        for key in obj.extra:
            if key not in names:
                yield cls.__name__, key
        for name in fields:
            yield from _left_in_extra(getattr(obj, name))
    elif isinstance(obj, (tuple, list)):
        for item in cast("tuple[object, ...] | list[object]", obj):
            yield from _left_in_extra(item)
    elif isinstance(obj, dict):
        for item in cast("dict[str, object]", obj).values():
            yield from _left_in_extra(item)


def test_no_key_the_typescript_sdk_types_is_left_in_extra() -> None:
    seen: dict[tuple[str, str], str] = {}
    for name, obj in _decoded():
        for found in _left_in_extra(obj):
            seen.setdefault(found, name)
    unexpected = {key: where for key, where in seen.items() if key not in UNTYPED}
    assert not unexpected, (
        f"keys left in extra (type them, or list them in UNTYPED with a reason): {unexpected}"
    )
    stale = set(UNTYPED) - set(seen)
    assert not stale, f"UNTYPED lists keys no capture has: {stale}"
    assert all(reason.strip() for reason in UNTYPED.values())
