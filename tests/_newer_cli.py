"""What a CLI newer than this SDK might send, for the conformance kit's drift tests."""

from __future__ import annotations

from typing import Any

# What a newer CLI might send: an unknown message type, a known one with a new field, a hook input of an
# unknown event, a control request of an unknown subtype, and an initialize answer with a new capability.
NEWER_CLI_LINES: list[dict[str, Any]] = [
    {"type": "fancy_frame", "payload": {"x": 1}},
    {"type": "keep_alive", "brand_new_field": "surprise"},
    {
        "type": "control_request",
        "request_id": "r1",
        "request": {
            "subtype": "hook_callback",
            "callback_id": "hook_0",
            "input": {"hook_event_name": "PreTeleport", "session_id": "s", "destination": "mars"},
        },
    },
    {"type": "control_request", "request_id": "r2", "request": {"subtype": "summon_llama", "count": 2}},
    {
        "type": "system",
        "subtype": "init",
        "session_id": "s",
        "capabilities": ["interrupt_receipt_v1", "teleport_v1"],
    },
]
