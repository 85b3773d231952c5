"""The converter's own paths, each on a converter built inside the test (``make_converter()``): what a
class's hook refuses and how it says so, what ``extra`` keeps, the hand-tuned classes, the tag dispatchers'
errors, dict subclasses, and what building the functions leaves behind.

(The package's converter has built most of its functions by the time a test runs; a new one builds them
here, where a test sees it.)
"""

from __future__ import annotations

import linecache
import re
from collections import OrderedDict
from typing import Any

import orjson
import pytest
from _fresh import run_fresh

from trio_claude import model as m
from trio_claude.wire import WireConverter, make_converter
from trio_claude.wire._converter import Malformed
from trio_claude.wire._hot import HOT


@pytest.fixture
def new() -> Any:
    return make_converter()


def refuses(conv: Any, value: object, tp: Any, error: str) -> None:
    with pytest.raises(Malformed, match=rf"^{re.escape(error)}$"):
        conv.structure(value, tp)


SIDEWAYS = {"type": "setMode", "mode": "sideways", "destination": "session"}
MODES = "'default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk', 'auto'"


def test_a_class_hook_names_the_class_and_what_it_refused(new: Any) -> None:
    refuses(new, 3, m.TextBlock, "TextBlock: expected an object, got int")
    refuses(new, ["text"], m.SetModeUpdate, "SetModeUpdate: expected an object, got list")
    refuses(new, {"type": "image", "text": "hi"}, m.TextBlock, "TextBlock: type is not 'text'")
    refuses(new, {**SIDEWAYS, "type": "addRules"}, m.SetModeUpdate, "SetModeUpdate: type is not 'setMode'")
    # the class's own validator: its reason, under the class's name
    refuses(new, SIDEWAYS, m.SetModeUpdate, f"SetModeUpdate: mode must be one of {MODES}, not 'sideways'")


def test_a_field_always_on_the_wire_is_required_even_with_a_default(new: Any) -> None:
    refuses(new, {"content": "hi"}, m.UserMessageParam, "UserMessageParam.role: missing key role")
    assert new.structure({"content": "hi", "role": "user"}, m.UserMessageParam) == m.UserMessageParam(
        content="hi"
    )


USER = {"type": "user", "message": {"role": "user", "content": "hi"}, "parent_tool_use_id": None}


@pytest.mark.parametrize(
    ("edit", "error"),
    [
        # cattrs' function types the optional keys (session_id) before the required ones (message); the
        # reason names the first misfit in field order all the same
        ({"message": 3, "session_id": 5}, "UserMessageParam: expected an object, got int"),
        ({"message": 3}, "UserMessageParam: expected an object, got int"),
        ({"session_id": 5}, "UserMessage.session_id: expected str, got int"),
        ({"message": {"role": "user", "content": 3}, "uuid": 5}, "UserMessageParam.content: unexpected int"),
    ],
)
def test_the_reason_names_the_first_misfit_in_field_order(new: Any, edit: dict[str, Any], error: str) -> None:
    value = {**USER, **edit}
    for _ in range(2):  # the first value of a tag binds its functions; the second takes them as bound
        kept = new.structure_frame(value)
        assert (type(kept), kept.raw, kept.error) == (m.UnknownMessage, value, error)


INIT = {"subtype": "initialize", "toolAliases": {"a": "b"}}


@pytest.mark.parametrize(
    ("edit", "extra"),
    [
        ({}, {}),
        ({"newKey": 1}, {"newKey": 1}),
        ({"hooks": None}, {"hooks": None}),  # the null of a field normally left out
        ({"newKey": None, "hooks": None}, {"newKey": None, "hooks": None}),
        ({"newKey": 1, "hooks": {}}, {"newKey": 1}),
    ],
)
def test_extra_keeps_unknown_keys_and_nulls_only(
    new: Any, edit: dict[str, Any], extra: dict[str, Any]
) -> None:
    value = {**INIT, **edit}
    request = new.structure(value, m.InitializeRequest)
    assert request.extra == extra
    assert request.tool_aliases == {"a": "b"}
    assert new.unstructure(request) == value
    # the same through the request dispatcher (its first value binds the functions, the second uses them)
    for _ in range(2):
        frame = new.structure_frame({"type": "control_request", "request_id": "r", "request": value})
        assert frame.request == request and frame.request.extra == extra


def test_the_hand_tuned_classes_and_only_they_build_complete_objects() -> None:
    tuned, plain = make_converter(), WireConverter(hand_tuned=False)
    for cls in HOT:
        assert tuned._class_fns(cls).complete, cls
        assert not plain._class_fns(cls).complete, cls
    assert not tuned._class_fns(m.ResultMessage).complete
    assert not tuned._class_fns(m.InitializeRequest).complete


ASSISTANT: dict[str, Any] = {
    "type": "assistant",
    "message": {
        "id": "msg",
        "model": "claude",
        "role": "assistant",
        "content": [{"type": "text", "text": "hi"}],
        "stop_reason": None,
    },
    "parent_tool_use_id": None,
    "session_id": "s",
}


@pytest.mark.parametrize("hand_tuned", [True, False])
def test_a_frame_whose_part_misfits_is_kept_raw_with_the_parts_reason(hand_tuned: bool) -> None:
    conv: Any = WireConverter(hand_tuned=hand_tuned)
    broken = {**ASSISTANT, "message": {**ASSISTANT["message"], "model": 3}}
    user = {"type": "user", "message": 3, "parent_tool_use_id": None}
    for _ in range(2):  # the first value of a tag binds its functions; the second takes them as bound
        kept = conv.structure_frame(broken)
        assert (type(kept), kept.raw, kept.error) == (
            m.UnknownMessage,
            broken,
            "APIMessage.model: expected str, got int",
        )
        odd = conv.structure_frame(user)
        assert (type(odd), odd.raw, odd.error) == (
            m.UnknownMessage,
            user,
            "UserMessageParam: expected an object, got int",
        )
        assert type(conv.structure_frame(ASSISTANT)) is m.AssistantMessage


def test_a_union_without_an_unknown_class_names_the_tag_it_does_not_know(new: Any) -> None:
    refuses(new, {"behavior": "maybe"}, m.PermissionResult, "unknown behavior 'maybe'")
    refuses(new, {"behavior": 3}, m.PermissionResult, "unknown behavior None")
    refuses(new, {}, m.PermissionResult, "unknown behavior None")
    refuses(new, 3, m.PermissionResult, "expected an object, got int")
    refuses(
        new,
        {"behavior": "deny", "message": 3},
        m.PermissionResult,
        "PermissionResultDeny.message: expected str, got int",
    )
    assert new.structure({"behavior": "deny", "message": "no"}, m.PermissionResult) == m.PermissionResultDeny(
        message="no"
    )


def test_a_union_with_an_unknown_class_keeps_what_it_cannot_type(new: Any) -> None:
    for value, error in [
        ({"type": "newer"}, None),
        ({"type": 3}, None),
        ({}, None),
        ("text", "expected an object, got str"),
        ({"type": "text", "text": 3}, "TextBlock.text: expected str, got int"),
    ]:
        kept = new.structure(value, m.ContentBlock)
        assert (type(kept), kept.raw, kept.error) == (m.UnknownBlock, value, error)


def ordered(**items: Any) -> OrderedDict[str, Any]:
    return OrderedDict(items)


def test_a_dict_subclass_is_typed_as_the_plain_dict_it_equals(new: Any) -> None:
    message = ordered(role="user", content=[ordered(type="text", text="hi")])
    value = ordered(type="user", message=message, parent_tool_use_id=None, newer=1)
    convs: list[Any] = [new, make_converter()]
    for conv in convs:
        frame = conv.structure_frame(value)
        assert frame == conv.structure_frame(orjson.loads(orjson.dumps(value)))
        assert isinstance(frame, m.UserMessage) and frame.extra == {"newer": 1}
        assert frame.message.content == (m.TextBlock(text="hi"),)
        assert conv.structure(ordered(type="text", text="hi"), m.TextBlock) == m.TextBlock(text="hi")
        assert conv.structure(ordered(type="text", text="hi"), m.ContentBlock) == m.TextBlock(text="hi")
        refuses(conv, ordered(type="text"), m.TextBlock, "TextBlock.text: missing key text")
        odd = conv.structure_frame(ordered(type="user", message=3))
        assert isinstance(odd, m.UnknownMessage) and odd.raw == {"type": "user", "message": 3}


def test_any_is_written_as_it_is(new: Any) -> None:
    value = {"a": [1, {"b": None}]}
    assert new.unstructure(value, Any) is value
    assert new.structure(value, Any) is value


def test_building_the_functions_leaves_nothing_behind(new: Any) -> None:
    frames: list[dict[str, Any]] = [
        ASSISTANT,
        {"type": "control_request", "request_id": "r", "request": INIT},
        {"type": "system", "subtype": "status", "status": None},
        {**USER, "message": {"role": "user", "content": [{"type": "image", "source": {}}]}},
    ]
    for value in frames:
        frame = new.structure_frame(value)
        assert not isinstance(frame, m.BaseUnknown), frame
        assert new.unstructure_frame(frame) == value
    assert new._classes and new._unstructure_fns
    assert not new._building  # no class is left marked as being built
    # cattrs' generated source is not kept (linecache would hold it for the life of the process)
    assert not [
        name for name in linecache.cache if name.startswith("<cattrs generated") and "trio_claude" in name
    ]


def test_a_new_converter_types_a_class_before_the_union_modules_load() -> None:
    # A union alias is recognised only once its model module is loaded; until then no type is it.  (Built
    # here too, where every model module is loaded: mutation runs pick a test by what it calls in-process.)
    assert type(make_converter().structure({"type": "text", "text": "x"}, m.TextBlock)) is m.TextBlock
    words = run_fresh(
        """
        from trio_claude import model as m
        from trio_claude.wire import make_converter
        conv = make_converter()
        block = conv.structure({"type": "text", "text": "x"}, m.TextBlock)
        request = conv.structure({"subtype": "interrupt"}, m.InterruptRequest)
        print(type(block).__name__, type(request).__name__, loaded())
        """,
        watched=[
            "trio_claude.model._hooks",
            "trio_claude.model._hook_inputs",
            "trio_claude.model._permissions",
            "trio_claude.model._content_rare",
        ],
    )
    assert words == ["TextBlock", "InterruptRequest", "-"]
