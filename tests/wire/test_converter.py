"""The converter's own machinery: the hand-tuned hot path agrees with cattrs' generated functions, the
per-class functions are built on first use (never at import) and safely from several threads, and a class
that contains itself still converts."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any, cast

import attrs
import orjson
import pytest
from hypothesis import example, given, strategies as st

from trio_claude import model as m, wire
from trio_claude.model._base import WireObject
from trio_claude.testing.strategies import frames, json_values
from trio_claude.wire import _converter, _hot, converter, decode_value, encode_value, make_converter
from trio_claude.wire._converter import Malformed, WireConverter

from .test_properties import _canonical, _mutated

#: Cattrs' generated functions only, to check the hand-tuned ones against.
PLAIN = WireConverter(hand_tuned=False)

#: Frames of the common shapes the hot path takes (as the 2.1.330 CLI writes them).
STREAM_EVENT: dict[str, Any] = {
    "type": "stream_event",
    "event": {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
    "session_id": "8c5a3e6e-0d5c-4b0e-9d8f-2f8e6c1d7a10",
    "parent_tool_use_id": None,
    "uuid": "5b7f7a51-3c1e-4f87-9a0e-1f5f3b9f6a11",
    "api_message_id": "msg_01",
}
ASSISTANT: dict[str, Any] = {
    "type": "assistant",
    "message": {
        "id": "msg_01",
        "type": "message",
        "role": "assistant",
        "model": "claude-opus-5-5",
        "content": [
            {"type": "text", "text": "Let me look."},
            {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "ls"}},
            {"type": "thinking", "thinking": "hm", "signature": "sig"},
        ],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 3, "output_tokens": 9},
        "context_management": None,
    },
    "parent_tool_use_id": None,
    "session_id": "8c5a3e6e-0d5c-4b0e-9d8f-2f8e6c1d7a10",
    "uuid": "0e6c7b3a-9f7e-4e0b-8d55-7b0a3f4c2e12",
    "timestamp": "2026-11-22T14:00:00.000Z",
    "request_id": "req_01",
}
#: The frame keys CLI 2.1.330 adds on some lines (tests/data/wire/transcripts/j_partial.330.jsonl and
#: a_thinking.330.jsonl): the time to first token on ``message_start``, the thinking display on a thinking
#: block's events and line, the thinking duration on that line.
MESSAGE_START: dict[str, Any] = {
    **STREAM_EVENT,
    "event": {"type": "message_start", "message": {"id": "msg_01", "content": []}},
    "ttft_ms": 12,
    "thinking_display": "updates",
}
THINKING_BLOCK: dict[str, Any] = {"type": "thinking", "thinking": "hm", "signature": "c2ln"}
THINKING: dict[str, Any] = {
    **ASSISTANT,
    "message": {**ASSISTANT["message"], "content": [THINKING_BLOCK]},
    "thinking_duration_ms": 1,
    "thinking_display": "updates",
}
#: A ``can_use_tool`` request as CLI 2.1.330 writes it (line 11 of
#: tests/data/wire/transcripts/b_perm_allow_rules.330.jsonl; 44 of the 54 in the captures have these keys,
#: the others fewer of them).
CAN_USE_TOOL_REQUEST: dict[str, Any] = {
    "subtype": "can_use_tool",
    "tool_name": "Bash",
    "display_name": "Bash",
    "input": {"command": "touch hi.txt && echo hi", "description": "Touch and print"},
    "description": "Touch and print",
    "permission_suggestions": [
        {
            "type": "addRules",
            "rules": [{"toolName": "Bash", "ruleContent": "touch hi.txt && echo hi"}],
            "behavior": "allow",
            "destination": "localSettings",
        },
        {"type": "addDirectories", "directories": ["/home/dev/project"], "destination": "session"},
        {"type": "setMode", "mode": "acceptEdits", "destination": "session"},
    ],
    "blocked_path": "/home/dev/project/hi.txt",
    "tool_use_id": "toolu_fake_00_1",
}
CAN_USE_TOOL: dict[str, Any] = {
    "type": "control_request",
    "request_id": "39c62156-ca5c-48fa-a844-651343d94ad9",
    "request": CAN_USE_TOOL_REQUEST,
}
_BARE_REQUEST = {
    k: v for k, v in CAN_USE_TOOL_REQUEST.items() if k in ("subtype", "tool_name", "input", "tool_use_id")
}

COMMON_SHAPES: list[dict[str, Any]] = [
    STREAM_EVENT,
    MESSAGE_START,
    {**MESSAGE_START, "ttft_ms": 12.5},
    THINKING,
    {k: v for k, v in STREAM_EVENT.items() if k != "api_message_id"},
    {**STREAM_EVENT, "parent_tool_use_id": "toolu_01"},
    ASSISTANT,
    {k: v for k, v in ASSISTANT.items() if k not in ("timestamp", "request_id")},
    {
        **ASSISTANT,
        "message": {**ASSISTANT["message"], "stop_sequence": "\n\nHuman:", "stop_reason": "end_turn"},
    },
    CAN_USE_TOOL,
    {**CAN_USE_TOOL, "request": _BARE_REQUEST},
    {  # every kind of suggestion, a rule without content
        **CAN_USE_TOOL,
        "request": {
            **CAN_USE_TOOL_REQUEST,
            "permission_suggestions": [
                {
                    "type": "replaceRules",
                    "rules": [{"toolName": "Read"}],
                    "behavior": "deny",
                    "destination": "session",
                },
                {"type": "removeRules", "rules": [], "behavior": "ask", "destination": "userSettings"},
                {"type": "removeDirectories", "directories": ["/tmp"], "destination": "projectSettings"},
            ],
        },
    },
    {
        **CAN_USE_TOOL,
        "request": {**CAN_USE_TOOL_REQUEST, "decision_reason": "ask rule", "title": "Run?", "agent_id": "a1"},
    },
]


def _same(value: Any, hot: WireConverter | None = None) -> None:
    """The converter (with its hot path) and cattrs' functions alone type ``value`` alike.

    ``hot`` is a converter like the package's, new unless given: its functions are built here, inside the
    test (the package's own may have been built while the test modules were imported, out of sight of
    mutation testing, which also credits a function built once only to the test that built it).
    """
    hot = WireConverter() if hot is None else hot
    expected = PLAIN.structure_frame(value)
    got = hot.structure_frame(value)
    assert decode_value(value) == got  # the package's converter is the same
    assert type(got) is type(expected)
    assert got == expected
    if isinstance(got, WireObject):
        assert got.extra == cast(WireObject, expected).extra  # compared by == too; said for the reader
    assert _canonical(hot.unstructure_frame(got)) == _canonical(PLAIN.unstructure_frame(expected))
    assert encode_value(got) == hot.unstructure_frame(got)


@pytest.mark.parametrize("value", COMMON_SHAPES, ids=range(len(COMMON_SHAPES)))
def test_the_hot_path_types_the_common_shapes_like_cattrs(value: dict[str, Any]) -> None:
    _same(value)
    assert _canonical(encode_value(decode_value(value))) == _canonical(value)


_ABSENT = object()
_REPLACEMENTS: tuple[Any, ...] = (_ABSENT, None, 0, 1.5, True, "x", [], {}, [{"type": "text", "text": "x"}])


def _edits(value: Any) -> Iterator[Any]:
    """``value`` with one key of one object inside it deleted or replaced, in every way of
    :data:`_REPLACEMENTS`, plus one unknown key added to each object."""
    if isinstance(value, dict):
        value = cast("dict[str, Any]", value)
        for key in value:
            for replacement in _REPLACEMENTS:
                rest = {k: v for k, v in value.items() if k != key}
                yield rest if replacement is _ABSENT else {**value, key: replacement}
            for edited in _edits(value[key]):
                yield {**value, key: edited}
        yield {**value, "x-new": 1}
    elif value.__class__ is list:
        for i, item in enumerate(value):
            for edited in _edits(item):
                yield [*value[:i], edited, *value[i + 1 :]]


@pytest.mark.parametrize("shape", COMMON_SHAPES, ids=range(len(COMMON_SHAPES)))
def test_the_hot_path_agrees_with_cattrs_on_every_one_edit_of_a_common_shape(shape: dict[str, Any]) -> None:
    hot = WireConverter()
    for edited in _edits(shape):
        _same(edited, hot)


@given(st.sampled_from(COMMON_SHAPES).flatmap(_mutated))
@example({**STREAM_EVENT, "session_id": None})  # a null the hot path must leave to cattrs (kept in extra)
@example({**ASSISTANT, "message": {**ASSISTANT["message"], "content": [{"type": ["text"], "text": "x"}]}})
@example({**ASSISTANT, "message": {**ASSISTANT["message"], "usage": None}})
def test_the_hot_path_agrees_with_cattrs_on_edited_common_shapes(value: Any) -> None:
    _same(value)


@given(frames().map(encode_value))
def test_the_hot_path_agrees_with_cattrs_on_any_frame(value: Any) -> None:
    _same(value)


@given(json_values())
def test_the_hot_path_agrees_with_cattrs_on_any_json(value: Any) -> None:
    _same(value)


def _refuse(value: Any) -> Any:
    raise AssertionError(f"the hot path fell back on its common shape: {value}")


def _refusing(tp: Any) -> Any:
    """The hot path of ``tp`` with fallbacks that fail the test (or the converter's hook of a union)."""
    factory = _hot.HOT.get(tp)
    return factory(_refuse, _refusing) if factory is not None else converter.get_structure_hook(tp)


@pytest.mark.parametrize(
    ("cls", "value"),
    [
        (m.StreamEvent, STREAM_EVENT),
        (m.AssistantMessage, ASSISTANT),
        (m.APIMessage, ASSISTANT["message"]),
        (m.TextBlock, ASSISTANT["message"]["content"][0]),
        (m.ToolUseBlock, ASSISTANT["message"]["content"][1]),
        (m.ThinkingBlock, ASSISTANT["message"]["content"][2]),
        (m.StreamEvent, MESSAGE_START),
        (m.AssistantMessage, THINKING),
        (m.CanUseToolRequest, CAN_USE_TOOL_REQUEST),
    ],
    ids=lambda x: getattr(x, "__name__", ""),
)
def test_the_hot_path_does_not_fall_back_on_its_common_shape(cls: type, value: dict[str, Any]) -> None:
    hot = {
        m.StreamEvent,
        m.AssistantMessage,
        m.APIMessage,
        m.TextBlock,
        m.ToolUseBlock,
        m.ThinkingBlock,
        m.CanUseToolRequest,
    }
    assert set(_hot.HOT) == hot
    assert _refusing(cls)(value) == PLAIN.structure(value, cls)


_PLAIN_FRAME = {k: v for k, v in STREAM_EVENT.items() if k not in ("session_id", "uuid", "api_message_id")}
_BARE_MESSAGE = {k: v for k, v in ASSISTANT["message"].items() if k not in ("type", "usage", "stop_sequence")}


@pytest.mark.parametrize(
    ("cls", "value"),
    [
        (m.StreamEvent, _PLAIN_FRAME),  # the optional keys absent
        (m.StreamEvent, {**STREAM_EVENT, "parent_tool_use_id": "toolu_01"}),
        (m.AssistantMessage, {k: v for k, v in ASSISTANT.items() if k not in ("timestamp", "request_id")}),
        (m.AssistantMessage, {k: v for k, v in ASSISTANT.items() if k not in ("session_id", "uuid")}),
        (m.APIMessage, _BARE_MESSAGE),
        (m.CanUseToolRequest, _BARE_REQUEST),
    ],
    ids=lambda x: getattr(x, "__name__", ""),
)
def test_the_hot_path_does_not_fall_back_when_optional_keys_are_absent(
    cls: type, value: dict[str, Any]
) -> None:
    assert _refusing(cls)(value) == PLAIN.structure(value, cls)


def test_text_tool_use_and_thinking_blocks_take_their_own_hot_path() -> None:
    # Any block other than these two goes through the content-block union, which refuses here.
    def lookup(tp: Any) -> Any:
        return _refuse if tp == m.ContentBlock else _refusing(tp)

    message = ASSISTANT["message"]
    assert _hot.api_message(_refuse, lookup)(message) == PLAIN.structure(message, m.APIMessage)


def test_the_hot_path_may_set_every_field_of_its_class() -> None:
    _hot._builder(m.TextBlock, " ".join(attrs.fields_dict(m.TextBlock)))  # no error


def test_the_hot_path_names_every_field_of_its_classes() -> None:
    # A field added to a hot class must be added to its hand-tuned function: building it says so.
    with pytest.raises(TypeError, match="TextBlock"):
        _hot._builder(m.TextBlock, "extra")
    for cls in _hot.HOT:
        assert converter._class_fns(cls).complete


# -- built on first use -------------------------------------------------------------------------------


def test_importing_the_package_builds_no_function() -> None:
    code = (
        "import trio_claude; from trio_claude.wire import converter as c; "
        "print(len(c._classes), len(c._unstructure_fns))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "0"]


def _decode_in_threads(fresh: WireConverter, values: list[Any], threads: int) -> list[list[Any]]:
    """Each of ``threads`` threads decodes ``values`` with ``fresh``, all starting at once."""
    start = threading.Barrier(threads)
    results: list[list[Any]] = []
    errors: list[BaseException] = []

    def decode_all() -> None:
        try:
            start.wait()
            results.append([fresh.structure_frame(v) for v in values])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    running = [threading.Thread(target=decode_all) for _ in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    assert not errors
    return results


def test_functions_are_built_once_from_many_threads() -> None:
    values = [orjson.loads(orjson.dumps(v)) for v in (*COMMON_SHAPES, *_SAMPLES)]
    expected = [decode_value(v) for v in values]
    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, to interleave the builds
    try:
        for _ in range(5):
            fresh = make_converter()
            builds: Counter[type] = Counter()
            make = fresh._make_structure

            def counted(cls: type, make: Any = make, builds: Counter[type] = builds) -> Any:
                builds[cls] += 1
                return make(cls)

            fresh._make_structure = counted  # type: ignore[method-assign]
            assert _decode_in_threads(fresh, values, 4) == [expected] * 4
            # Classes were built, and none twice (two threads race to build one only without the lock).
            assert builds
            assert set(builds.values()) == {1}, {cls.__name__: n for cls, n in builds.items() if n > 1}
    finally:
        sys.setswitchinterval(old_interval)


_SAMPLES: list[dict[str, Any]] = [
    {
        "type": "user",
        "message": {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "t", "content": [{"type": "text", "text": "ok"}]}
            ],
        },
        "parent_tool_use_id": None,
        "session_id": "s",
    },
    {
        "type": "control_request",
        "request_id": "r1",
        "request": {
            "subtype": "can_use_tool",
            "tool_name": "Bash",
            "input": {"command": "ls"},
            "permission_suggestions": [
                {
                    "type": "addRules",
                    "rules": [{"toolName": "Bash"}],
                    "behavior": "allow",
                    "destination": "session",
                }
            ],
        },
    },
    {"type": "system", "subtype": "status", "status": "compacting", "session_id": "s", "uuid": "u"},
]


# -- a class that contains itself ---------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Node(WireObject):
    name: str
    child: Node | None = None


def test_a_class_that_contains_itself_converts(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each function is generated once: the inner reference binds late (rather than recursing until
    # cattrs catches the RecursionError, which any hook predicate on the way could swallow).
    built: list[str] = []
    for name in ("_make_structure_fn", "_make_unstructure_fn"):
        generate = getattr(_converter, name)

        def counted(
            fields: Any, cls: type, *args: Any, _name: str = name, _generate: Any = generate, **kw: Any
        ) -> Any:
            built.append(f"{_name} {cls.__name__}")
            return _generate(fields, cls, *args, **kw)

        monkeypatch.setattr(_converter, name, counted)
    fresh = make_converter()
    value = {"name": "a", "child": {"name": "b", "child": {"name": "c", "x": 1}}}
    node = fresh.structure(value, Node)
    assert node == Node(name="a", child=Node(name="b", child=Node(name="c", extra={"x": 1})))
    assert fresh.unstructure(node) == value
    with pytest.raises(Malformed, match=r"Node\.name: expected str, got int"):
        fresh.structure({"name": "a", "child": {"name": 1}}, Node)
    assert built == ["_make_structure_fn Node", "_make_unstructure_fn Node"]


def test_the_hot_path_builds_objects_of_the_model_class_itself() -> None:
    # The hand-tuned functions build through a mutable twin; what they return is the frozen class.
    line = (
        b'{"type":"stream_event","event":{"type":"message_stop"},"parent_tool_use_id":null,"session_id":"s"}'
    )
    frame = wire.decode_line(line)
    assert type(frame) is m.StreamEvent
    assert frame == m.StreamEvent(event={"type": "message_stop"}, parent_tool_use_id=None, session_id="s")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        frame.session_id = "other"  # type: ignore[misc]
