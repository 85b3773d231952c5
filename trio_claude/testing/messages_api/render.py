"""Rendering the fake model's answers (pure): a scripted turn as the JSON message of a plain answer, or as the
server-sent events of a streamed one."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ... import wire
from .script import Block, Text, Thinking, ToolUse, Usage

__all__ = ["ResolvedTurn", "sse", "stall_point"]


def _chunks(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


@attrs.frozen(kw_only=True)
class ResolvedTurn:
    """A model turn with every default resolved: what one answer contains, whatever its framing."""

    id: str
    model: str
    blocks: tuple[Block, ...]
    stop_reason: str
    usage: Usage
    chunk_size: int

    def block_json(self, block: Block) -> dict[str, Any]:
        match block:
            case Text(text=text):
                return {"type": "text", "text": text}
            case Thinking(thinking=thinking, signature=signature):
                return {"type": "thinking", "thinking": thinking, "signature": signature}
            case ToolUse(name=name, input=input, id=id):
                return {"type": "tool_use", "id": id, "name": name, "input": input}

    def output_tokens(self) -> int:
        if self.usage.output_tokens is not None:
            return self.usage.output_tokens
        chars = sum(len(wire.dumps(self.block_json(block))) for block in self.blocks)
        return max(1, math.ceil(chars / 4))

    def usage_json(self, *, output_tokens: int) -> dict[str, Any]:
        return {
            "input_tokens": self.usage.input_tokens,
            "output_tokens": output_tokens,
            "cache_creation_input_tokens": self.usage.cache_creation_input_tokens,
            "cache_read_input_tokens": self.usage.cache_read_input_tokens,
        }

    def message_json(self) -> dict[str, Any]:
        """The whole message, as a non-streaming answer returns it."""
        return {
            "id": self.id,
            "type": "message",
            "role": "assistant",
            "model": self.model,
            "content": [self.block_json(block) for block in self.blocks],
            "stop_reason": self.stop_reason,
            "stop_sequence": None,
            "usage": self.usage_json(output_tokens=self.output_tokens()),
        }

    def events(self) -> list[dict[str, Any]]:
        """The server-sent events of a streaming answer, in order (each has its ``type``)."""
        start: dict[str, Any] = {**self.message_json(), "content": [], "stop_reason": None}
        start["usage"] = self.usage_json(output_tokens=1)
        events: list[dict[str, Any]] = [{"type": "message_start", "message": start}]
        for index, block in enumerate(self.blocks):
            deltas: list[dict[str, Any]]
            match block:
                case Text(text=text):
                    empty: dict[str, Any] = {"type": "text", "text": ""}
                    deltas = [{"type": "text_delta", "text": c} for c in _chunks(text, self.chunk_size)]
                case Thinking(thinking=thinking, signature=signature):
                    empty = {"type": "thinking", "thinking": "", "signature": ""}
                    deltas = [
                        {"type": "thinking_delta", "thinking": c} for c in _chunks(thinking, self.chunk_size)
                    ]
                    deltas.append({"type": "signature_delta", "signature": signature})
                case ToolUse(name=name, id=id):
                    empty = {"type": "tool_use", "id": id, "name": name, "input": {}}
                    partial = wire.dumps(block.input).decode()
                    deltas = [
                        {"type": "input_json_delta", "partial_json": c}
                        for c in _chunks(partial, self.chunk_size)
                    ]
            events.append({"type": "content_block_start", "index": index, "content_block": empty})
            events.extend({"type": "content_block_delta", "index": index, "delta": delta} for delta in deltas)
            events.append({"type": "content_block_stop", "index": index})
        events.append(
            {
                "type": "message_delta",
                "delta": {"stop_reason": self.stop_reason, "stop_sequence": None},
                "usage": {"output_tokens": self.output_tokens()},
            }
        )
        events.append({"type": "message_stop"})
        return events


def sse(event: Mapping[str, Any]) -> bytes:
    """One server-sent event: its ``type`` as the event name, the event as its data."""
    return b"event: " + str(event["type"]).encode() + b"\ndata: " + wire.dumps(event) + b"\n\n"


def stall_point(events: Sequence[Mapping[str, Any]]) -> int:
    """Index of the first event *not* sent by a stalling turn: the last ``content_block_stop``, if any."""
    for position in range(len(events) - 1, -1, -1):
        if events[position]["type"] == "content_block_stop":
            return position
    return 1  # no blocks: stall right after message_start
