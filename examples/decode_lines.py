"""Decode a stream-json transcript into typed frames and print a summary of each.

Usage: ``python examples/decode_lines.py [FILE]`` — FILE holds one JSON frame per line (the CLI's stdout).
Without FILE it decodes a few built-in lines.
"""

from __future__ import annotations

import sys
from collections import Counter

from trio_claude import wire
from trio_claude.model import (
    AssistantMessage,
    ControlRequest,
    Frame,
    ResultMessage,
    SystemMessage,
    UnknownMessage,
)

SAMPLE = [
    b'{"type":"system","subtype":"init","session_id":"s1","model":"claude-opus-5-5","permissionMode":"default"}',
    b'{"type":"assistant","message":{"id":"m1","model":"claude-opus-5-5","role":"assistant",'
    b'"content":[{"type":"text","text":"Hello!"}],"stop_reason":null},"parent_tool_use_id":null,'
    b'"session_id":"s1","uuid":"u1","brand_new_field":42}',
    b'{"type":"result","subtype":"success","is_error":false,"duration_ms":12,"duration_api_ms":10,'
    b'"num_turns":1,"session_id":"s1","result":"Hello!","stop_reason":"end_turn","total_cost_usd":0.001}',
    b'{"type":"something_new","payload":[1,2,3]}',
    # A text cut inside an emoji, as the CLI (Node) writes it: a lone surrogate escape is still JSON.
    b'{"type":"result","subtype":"success","is_error":false,"duration_ms":9,"duration_api_ms":8,'
    b'"num_turns":1,"session_id":"s1","result":"cut in half: \\ud83d","total_cost_usd":0.001}',
]


def describe(frame: Frame) -> str:
    """One line about a frame."""
    if isinstance(frame, AssistantMessage):
        kinds = ", ".join(type(block).__name__ for block in frame.content)
        return f"assistant [{kinds}] extra={dict(frame.extra)}"
    if isinstance(frame, ResultMessage):
        return f"result {frame.subtype} is_error={frame.is_error} result={frame.result!r}"
    if isinstance(frame, ControlRequest):
        return f"control request {type(frame.request).__name__} id={frame.request_id}"
    if isinstance(frame, UnknownMessage):
        return f"unknown type={frame.type!r}, kept raw: {frame.raw}"
    if isinstance(frame, SystemMessage):
        return f"system {type(frame).__name__}"
    return type(frame).__name__


def main(lines: list[bytes]) -> None:
    counts: Counter[str] = Counter()
    for line in lines:
        if not line.strip():
            continue
        frame = wire.decode_line(line)
        counts[type(frame).__name__] += 1
        print(describe(frame))
        assert wire.decode_line(wire.encode_line(frame)) == frame  # lossless both ways
    print("totals:", dict(counts))


if __name__ == "__main__":
    if len(sys.argv) > 1:
        with open(sys.argv[1], "rb") as file:
            main(file.read().splitlines())
    else:
        main(SAMPLE)
