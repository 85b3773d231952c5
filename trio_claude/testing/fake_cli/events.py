"""The Anthropic streaming events of a streamed text answer, as the fake CLI forwards them in ``stream_event``
frames.  The model keeps these events as JSON (:attr:`~trio_claude.model.StreamEvent.event`), so they are
built as JSON here, in one place."""

from __future__ import annotations

from typing import Any

from ...model import JSONObject

__all__ = [
    "block_stop",
    "message_delta",
    "message_start",
    "message_stop",
    "text_block_start",
    "text_delta",
    "usage",
]


def usage(input_tokens: int, output_tokens: int, *, short: bool = False) -> JSONObject:
    """The ``usage`` of a message (``short``: as in a streamed or ``assistant`` message)."""
    value: dict[str, Any] = {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
    }
    if not short:
        value.update(
            server_tool_use={"web_search_requests": 0, "web_fetch_requests": 0},
            service_tier="standard",
        )
    return value


def message_start(message_id: str, model: str) -> JSONObject:
    """``message_start``: an empty assistant message ``message_id`` of ``model``."""
    message: dict[str, Any] = {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": usage(11, 1, short=True),
    }
    return {"type": "message_start", "message": message}


def text_block_start() -> JSONObject:
    """``content_block_start`` of the message's one text block."""
    return {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}


def text_delta(text: str) -> JSONObject:
    """``content_block_delta``: the next piece of the text block."""
    return {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}}


def block_stop() -> JSONObject:
    """``content_block_stop`` of the text block."""
    return {"type": "content_block_stop", "index": 0}


def message_delta(stop_reason: str | None, *, output_tokens: int) -> JSONObject:
    """``message_delta``: why the message stopped (``None``: it was cut off), and its output tokens."""
    delta = {"stop_reason": stop_reason, "stop_sequence": None}
    return {"type": "message_delta", "delta": delta, "usage": {"output_tokens": output_tokens}}


def message_stop() -> JSONObject:
    """``message_stop``."""
    return {"type": "message_stop"}
