"""The wire's spelling: which tags each class writes, its keys, and the hook classes' event names.

A class's tags (and a hook class's event name) are found from the tag tables the first time they are asked
for, and cached; each test here starts from empty caches, so that the rules are checked where they run,
not only through what an earlier test left behind.
"""

from __future__ import annotations

import attrs
import pytest

from trio_claude import model as m
from trio_claude.wire import _tags
from trio_claude.wire._tags import tags, wire_name


@pytest.fixture(autouse=True)
def _fresh_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_tags, "_PLACES", _tags._places())
    monkeypatch.setattr(_tags, "_TAGS", {})


#: A class from each tag table, and the tags it writes.
EXPECTED_TAGS: list[tuple[type, dict[str, str]]] = [
    (m.InitMessage, {"type": "system", "subtype": "init"}),
    (m.SessionMetadataMessage, {"type": "system", "subtype": "session_metadata"}),
    (m.AssistantMessage, {"type": "assistant"}),
    (m.ControlCancelRequest, {"type": "control_cancel_request"}),
    (m.TextBlock, {"type": "text"}),
    # the blocks after the one that keeps its own ``type`` field (ServerToolResultBlock) are tagged too
    (m.McpToolUseBlock, {"type": "mcp_tool_use"}),
    (m.ContainerUploadBlock, {"type": "container_upload"}),
    (m.InitializeRequest, {"subtype": "initialize"}),
    (m.SetMcpPermissionModeOverrideRequest, {"subtype": "set_mcp_permission_mode_override"}),
    (m.PermissionResultAllow, {"behavior": "allow"}),
    (m.PermissionResultDeny, {"behavior": "deny"}),
    (m.ControlSuccess, {"subtype": "success"}),
    (m.ControlError, {"subtype": "error"}),
    (m.PreToolUseHookInput, {"hook_event_name": "PreToolUse"}),
    (m.MessageDisplayHookInput, {"hook_event_name": "MessageDisplay"}),
    (m.PreToolUseHookSpecificOutput, {"hookEventName": "PreToolUse"}),
    (m.MessageDisplayHookSpecificOutput, {"hookEventName": "MessageDisplay"}),
    *((cls, {"type": tag}) for tag, cls in _tags.PERMISSION_UPDATE_TYPES.items()),
]

#: Classes that write no constant key: a block that keeps its own ``type`` (one class for several tags),
#: and classes outside every tag table.
UNTAGGED: list[type] = [m.ServerToolResultBlock, m.APIMessage, m.SyncHookOutput, m.ModelUsage]


@pytest.mark.parametrize(("cls", "expected"), EXPECTED_TAGS, ids=lambda x: getattr(x, "__name__", ""))
def test_each_class_writes_the_tags_of_its_table(cls: type, expected: dict[str, str]) -> None:
    assert tags(cls) == expected
    assert _tags.class_tags(cls) == expected


@pytest.mark.parametrize("cls", UNTAGGED, ids=lambda cls: cls.__name__)
def test_a_class_with_its_own_type_or_in_no_table_writes_no_tag(cls: type) -> None:
    assert tags(cls) == {}
    assert _tags.class_tags(cls) == {}


def test_every_tagged_class_is_indexed_with_the_key_of_its_table() -> None:
    for table, key in _tags.TAG_TABLES:
        for tag, cls in table.items():
            if "type" in attrs.fields_dict(cls) and table is _tags.BLOCK_TYPES:
                continue
            expected = {"type": "system", key: tag} if table is _tags.SYSTEM_SUBTYPES else {key: tag}
            assert _tags.class_tags(cls) == expected, cls


def test_tags_returns_a_copy() -> None:
    tags(m.TextBlock)["type"] = "changed"
    assert tags(m.TextBlock) == {"type": "text"}


def test_every_hook_class_is_named_after_its_event() -> None:
    for event, input_cls in _tags.HOOK_INPUT_EVENTS.items():
        assert getattr(input_cls, "hook_event_name") == event  # noqa: B009 (a class attribute mypy cannot see)
    for event, output_cls in _tags.HOOK_OUTPUT_EVENTS.items():
        assert getattr(output_cls, "hook_event_name") == event  # noqa: B009
    assert m.PreToolUseHookInput.hook_event_name == "PreToolUse"
    assert m.SessionStartHookSpecificOutput.hook_event_name == "SessionStart"


def test_a_hook_class_without_an_event_of_its_own_has_no_name() -> None:
    for base in (m.BaseHookInput, m.BaseToolHookInput):
        with pytest.raises(AttributeError, match=rf"^{base.__name__} has no tag of its own$"):
            getattr(base, "hook_event_name")  # noqa: B009 (a class attribute mypy cannot see)


@attrs.frozen
class TextBlock:
    """Not the model's, though a tag table names a class ``TextBlock``."""

    text: str


def test_a_class_named_like_a_tagged_one_but_not_the_models_writes_no_tag() -> None:
    assert _tags.class_tags(TextBlock) == {} and tags(TextBlock) == {}
    assert _tags.class_tags(m.TextBlock) == {"type": "text"}


class _SnakeCase:
    """A class in no spelling table: its keys are its field names."""


@pytest.mark.parametrize(
    ("cls", "field", "key"),
    [
        (_SnakeCase, "from_", "from"),  # a Python keyword loses its trailing underscore
        (_SnakeCase, "import__", "import"),
        (_SnakeCase, "tool_use_id", "tool_use_id"),
        (m.SyncHookOutput, "continue_", "continue"),
        (m.AsyncHookOutput, "async_", "async"),
        (m.SyncHookOutput, "suppress_output", "suppressOutput"),
        (m.ModelUsage, "cost_usd", "costUSD"),  # a rename beats the class's rule
        (m.PermissionResultAllow, "tool_use_id", "toolUseID"),
        (m.UserMessage, "should_query", "shouldQuery"),
        (m.UserMessage, "parent_tool_use_id", "parent_tool_use_id"),
    ],
)
def test_wire_name(cls: type, field: str, key: str) -> None:
    assert wire_name(cls, field) == key
