"""What this SDK knows of the CLI beyond its classes: the keys it leaves untyped on purpose, what else is
left in ``extra``, and the capabilities it was tested with.

A decoded object keeps the keys its class has no field for in ``extra``.  Most such keys are new in the CLI
and should be typed; :data:`UNTYPED` lists those the CLI writes but the TypeScript SDK's types
(``sdk.d.ts``) do not declare, each with the reason it stays untyped.  ``tests/wire/test_typed_keys.py``
checks the list against the wire captures, and the conformance kit (:mod:`trio_claude.testing.conformance`)
leaves these keys out of its drift.  A capability (``initialize`` answer, ``system/init``) is a string the
CLI announces; :data:`KNOWN_CAPABILITIES` are those of the CLIs this SDK is tested with, and the kit reports
any other as drift.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ..model import WireObject
from ._tags import wire_name

_INTERNAL = "not in sdk.d.ts: an internal CLI field, undocumented and free to change"

UNTYPED: dict[tuple[str, str], str] = {
    ("AssistantMessage", "tool_use_meta"): _INTERNAL + " (MCP display names of the message's tool uses)",
    ("CanUseToolRequest", "server_policy_ask_only"): _INTERNAL,
    ("InitMessage", "memory_paths"): _INTERNAL,
    ("InitMessage", "messaging_socket_path"): _INTERNAL,
    ("InitMessage", "per_turn_effort_active"): _INTERNAL,
    ("InitMessage", "product_feedback_disabled"): _INTERNAL,
    ("InitMessage", "served_by_anthropic"): _INTERNAL,
    ("InitMessage", "ultrathink_available"): _INTERNAL,
    ("InitMessage", "ultrathink_typed_raises"): _INTERNAL,
    ("InitMessage", "user_message_uuids"): _INTERNAL + " (sdk.d.ts declares it on results only)",
    ("InitializeResponse", "feedback_mode"): _INTERNAL,
    ("InitializeResponse", "hooks_when_unanswered_kept"): _INTERNAL,
    ("InitializeResponse", "ide_rc_auto_enable_gate"): _INTERNAL + " (IDE remote control)",
    ("InitializeResponse", "other_hook_ask_outranks_host"): _INTERNAL,
    ("InitializeResponse", "remote_control_auto_connect_default"): _INTERNAL + " (remote control)",
    ("InitializeResponse", "remote_control_auto_enable"): _INTERNAL + " (remote control)",
    ("InitializeResponse", "remote_control_auto_on_by_default"): _INTERNAL + " (remote control)",
    ("InitializeResponse", "remote_control_available"): _INTERNAL + " (remote control)",
    ("InitializeResponse", "user_output_styles_dir"): _INTERNAL,
    ("ResultMessage", "api_error_type"): _INTERNAL + " (the API error's type, next to api_error_status)",
    ("ResultMessage", "begun_message_ids"): _INTERNAL,
    ("ResultMessage", "first_request_cache_read_input_tokens"): _INTERNAL,
    ("ResultMessage", "first_request_input_tokens"): _INTERNAL,
    ("ResultMessage", "model_usage_since_last_result"): _INTERNAL + " (a per-turn modelUsage)",
    ("ResultMessage", "safety_stops"): _INTERNAL,
    ("ResultMessage", "subagent_stats"): _INTERNAL,
    ("SettingsResponse", "served_settings_state"): _INTERNAL + " (get_settings is internal in sdk.d.ts too)",
}
"""``(class name, wire key)`` → why the key is not a typed attribute."""


KNOWN_CAPABILITIES = frozenset(
    {
        # Announced by CLI 2.1.330 (2.1.197 announces none).
        "ask_user_question_unanswered_v1",
        "get_usage_detached_v1",
        "interrupt_cancel_queued_v1",
        "interrupt_receipt_v1",
        "interrupt_requeue_taken_v1",
        "interrupt_send_now_v1",
        "lifecycle_wakeup_source_v1",
        "mcp_call_check_permissions_v1",
        "mcp_call_result_not_for_model_v1",
        "mcp_read_resource_v1",
        "mcp_tool_ui_meta_v1",
        "msg_lifecycle_v1",
        "reload_plugins_refuse_if_busy_v1",
        "request_marker_lists_v1",
        "sdk_mcp_manifests",
        "sdk_mcp_tools_list_changed",
        "silent_resend_files_v1",
        "ui_pane_widget_v1",
        "ui_surface_v1",
        "voice_call_talk_line_v1",
        "withdrawn_files_note_v2",
        "withdrawn_tools_v1",
        # Added by CLI 2.1.332.
        "mcp_call_soft_error_result_v1",
    }
)
"""The capabilities of the CLIs this SDK is tested with (following a release adds the new ones)."""


def unknown_keys(obj: WireObject) -> Iterator[str]:
    """The keys in ``obj.extra`` that no field of its class takes (leaving out the explicit ``null`` of a
    field that is normally left out, which ``extra`` keeps so that re-encoding reproduces the input)."""
    cls = type(obj)
    names = {wire_name(cls, field.name) for field in attrs.fields(cls) if field.name != "extra"}
    return (key for key in obj.extra if key not in names)
