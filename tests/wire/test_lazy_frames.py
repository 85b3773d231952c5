"""The frames a plain query does not meet load on first use: the rare ``system`` subtypes
(``model/_system_rare.py``), the rare other frames (``model/_messages_rare.py``), the rare content blocks
and the union of every block (``model/_content_rare.py``), and the unions of every frame
(``model/_frames.py``: ``Message``, ``ControlFrame``, ``Frame``).  Inside the converter, a class is created
the first time a frame carries its tag; a program that names one loads its module.

Each check runs in a fresh interpreter, where nothing has loaded them yet.
"""

from __future__ import annotations

import pickle
import typing
from pathlib import Path
from typing import Any

import hypothesis
import hypothesis.strategies as st
import orjson
import pytest
from _fresh import PLAIN_IMPORT, run_fresh

import trio_claude
from trio_claude import model as m
from trio_claude.model._base import LazyUnion
from trio_claude.testing.strategies import strategy_for
from trio_claude.wire import decode_line, encode_value
from trio_claude.wire._tags import BLOCK_TYPES, FRAME_TYPES, SYSTEM_SUBTYPES

RARE = (
    "trio_claude.model._system_rare",
    "trio_claude.model._messages_rare",
    "trio_claude.model._content_rare",
    "trio_claude.model._frames",
)
TRANSCRIPTS = Path(__file__).resolve().parents[1] / "data" / "wire" / "transcripts"


def _run(code: str, *args: str, stdin: bytes | None = None) -> list[str]:
    """What ``code`` prints in a fresh interpreter (``loaded()``: the rare modules loaded, or ``-``)."""
    return run_fresh(code, *args, watched=RARE, stdin=stdin)


def _moved(table: Any, module: str) -> dict[str, str]:
    """Tag → class name of the table's classes that ``module`` defines."""
    return {tag: name for tag, name in table.names.items() if getattr(m, name).__module__ == module}


MOVED_SYSTEM = _moved(SYSTEM_SUBTYPES, RARE[0])
MOVED_FRAMES = _moved(FRAME_TYPES, RARE[1])
MOVED_BLOCKS = _moved(BLOCK_TYPES, RARE[2])


def test_the_moved_tables_are_what_a_plain_query_does_not_meet() -> None:
    """What stays: the frames every query meets (decided by the captures of the real CLI, see
    ``test_a_plain_querys_frames_do_not_load_them``), those the session acts on, and every ``Unknown*``."""
    assert set(SYSTEM_SUBTYPES.names) - set(MOVED_SYSTEM) == {
        "init",
        "status",
        "session_state_changed",
        "thinking_tokens",
        "commands_changed",
    }
    assert set(FRAME_TYPES.names) - set(MOVED_FRAMES) == {
        "assistant",
        "user",
        "result",
        "stream_event",
        "rate_limit_event",
        "keep_alive",
        "control_request",
        "control_response",
        "control_cancel_request",
    }
    assert set(BLOCK_TYPES.names) - set(MOVED_BLOCKS) == {"text", "thinking", "tool_use", "tool_result"}
    for name in ("UnknownSystemMessage", "UnknownMessage", "UnknownBlock", "SystemMessage"):
        assert getattr(m, name).__module__ not in RARE


def test_a_plain_import_leaves_them_for_later() -> None:
    assert _run(PLAIN_IMPORT) == ["-"]


def _plain_lines() -> list[bytes]:
    """Every line the real CLI wrote in the captures of plain runs: a prompt and an answer, with thinking,
    with tools allowed by rules or by the permission callback (CLI 2.1.330 and 2.1.197)."""
    lines: list[bytes] = []
    for path in sorted(TRANSCRIPTS.glob("*.jsonl")):
        if path.name.startswith(("a_plain", "a_thinking", "b_perm_allow", "b_perm_echo")):
            for line in path.read_bytes().splitlines():
                record = orjson.loads(line)
                if record.get("dir") == "cli->sdk" and "msg" in record:
                    lines.append(orjson.dumps(record["msg"]))
    return lines


def test_a_plain_querys_frames_do_not_load_them() -> None:
    lines = _plain_lines()
    assert len(lines) > 100
    code = """
        import sys
        from trio_claude import wire
        names = set()
        for line in sys.stdin.buffer.read().splitlines():
            frame = wire.decode_line(line)
            names.add(type(frame).__name__)
            message = getattr(frame, "message", None)
            for block in getattr(message, "content", ()) if not isinstance(message, str) else ():
                names.add(type(block).__name__)
            assert wire.encode_value(frame) == wire.loads(line)
        print(loaded(), *sorted(names))
    """
    found = _run(code, stdin=b"\n".join(lines))
    assert found[0] == "-"
    assert {"InitMessage", "AssistantMessage", "ResultMessage", "TextBlock", "ToolUseBlock"} <= set(found)
    assert not any(name.startswith("Unknown") for name in found)


def _sample(cls: type[object]) -> Any:
    """The simplest instance of ``cls`` (required fields only): hypothesis' first example, its all-zero
    choice, with no shrinking (shrinking the 45 samples took minutes at collection, in every worker)."""
    strategy: st.SearchStrategy[Any] = strategy_for(cls)
    settings = hypothesis.settings(
        database=None, max_examples=1, phases=[hypothesis.Phase.generate], derandomize=True
    )
    return hypothesis.find(strategy, lambda _: True, settings=settings)


def _samples() -> list[tuple[str, str, dict[str, Any]]]:
    """``(module, class name, frame JSON)`` for each moved class with a tag, and a few with nested classes."""
    samples: list[tuple[str, str, dict[str, Any]]] = []
    for table in (MOVED_SYSTEM, MOVED_FRAMES):
        for name in dict.fromkeys(table.values()):
            cls = getattr(m, name)
            samples.append((cls.__module__, name, encode_value(_sample(cls))))
    for name in dict.fromkeys(MOVED_BLOCKS.values()):
        block = encode_value(_sample(getattr(m, name)))
        frame = {
            "type": "assistant",
            "message": {
                "id": "m1",
                "model": "x",
                "role": "assistant",
                "content": [block],
                "stop_reason": None,
            },
            "parent_tool_use_id": None,
        }
        samples.append((RARE[2], name, frame))
    nested: list[dict[str, Any]] = [
        {"type": "system", "subtype": "task_progress", "task_id": "t1", "usage": {"total_tokens": 3}},
        {"type": "system", "subtype": "background_tasks_changed", "tasks": [{"task_id": "t1", "x": 1}]},
        {
            "type": "system",
            "subtype": "mirror_error",
            "error": "e",
            "key": {"projectKey": "p", "sessionId": "s"},
        },
        {"type": "tool_progress", "tool_use_id": "t", "tool_name": "Bash", "subagent_retry": {"attempt": 2}},
    ]
    samples += [(RARE[0], "", frame) for frame in nested[:3]] + [(RARE[1], "", nested[3])]
    return samples


SAMPLES = _samples()


def test_each_moved_class_has_a_sample() -> None:
    names = {name for _, name, _ in SAMPLES}
    assert names >= {*MOVED_SYSTEM.values(), *MOVED_FRAMES.values(), *MOVED_BLOCKS.values()}


@pytest.mark.parametrize("module", RARE[:3])
def test_a_moved_frame_decodes_the_first_time_and_loads_only_its_module(module: str) -> None:
    frames = [(name, frame) for home, name, frame in SAMPLES if home == module]
    code = """
        import sys, orjson
        from trio_claude import model, wire
        print(loaded())
        for name, frame in orjson.loads(sys.argv[1]):
            decoded = wire.decode_value(frame)
            typed = decoded.message.content[0] if name.endswith("Block") else decoded
            assert type(typed).__name__ == name or not name, (name, typed)
            assert typed is not None and not type(typed).__name__.startswith("Unknown"), typed
            assert not typed.extra or "x" in typed.extra or "tasks" in frame, typed
            assert wire.encode_value(decoded) == frame, (decoded, frame)
            assert type(typed) is getattr(model, type(typed).__name__)
            assert type(typed).__module__ == sys.argv[2]
        print(loaded())
    """
    before, after = _run(code, orjson.dumps(frames).decode(), module)
    assert before == "-"
    assert after == module.rsplit(".", 1)[1]  # not the other rare modules, not the unions


def test_a_rare_block_in_a_tool_result_decodes_the_first_time() -> None:
    code = """
        from trio_claude import wire
        line = (
            '{"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", '
            '"tool_use_id": "t1", "content": [{"type": "text", "text": "a"}, '
            '{"type": "image", "source": {"type": "base64", "data": "AA"}}]}]}, "parent_tool_use_id": null}'
        )
        frame = wire.decode_line(line)
        result = frame.message.content[0]
        print(loaded(), *[type(block).__name__ for block in result.content])
        print(wire.encode_value(frame) == wire.loads(line))
    """
    assert _run(code) == ["_content_rare", "TextBlock", "ImageBlock", "True"]


def test_a_misfit_rare_frame_is_kept_as_unknown() -> None:
    code = """
        from trio_claude import wire
        frame = wire.decode_line('{"type": "system", "subtype": "task_started", "task_id": 1}')
        block = wire.decode_line(
            '{"type": "assistant", "message": {"id": "m", "model": "x", "role": "assistant", "content": '
            '[{"type": "image"}], "stop_reason": null}, "parent_tool_use_id": null}'
        ).message.content[0]
        print(type(frame).__name__, frame.subtype, type(block).__name__, block.type, loaded())
    """
    assert _run(code) == [
        "UnknownSystemMessage",
        "task_started",
        "UnknownBlock",
        "image",
        "_system_rare,_content_rare",
    ]


def test_a_moved_name_imports_from_both_faces() -> None:
    code = """
        import typing
        from trio_claude import TaskStartedMessage, ServerToolUseBlock, ConversationResetMessage
        from trio_claude.model import TaskStartedMessage as again, ImageBlock, ToolProgressMessage
        import trio_claude, trio_claude.model as model
        print(TaskStartedMessage is again is model.TaskStartedMessage is trio_claude.TaskStartedMessage)
        print(TaskStartedMessage.__module__, ToolProgressMessage.__module__, ImageBlock.__module__)
        print(repr(TaskStartedMessage(task_id="t1")))
        message = TaskStartedMessage(task_id="t1", session_id="s")
        print(isinstance(message, model.SystemMessage), message.subtype, message.data["task_id"])
        match message:
            case TaskStartedMessage(task_id=task):
                print("matched", task)
        print(message == TaskStartedMessage(session_id="s", task_id="t1"))
        print(loaded())
        print("task_id" in typing.get_type_hints(TaskStartedMessage))
    """
    assert _run(code) == [
        "True",
        "trio_claude.model._system_rare",
        "trio_claude.model._messages_rare",
        "trio_claude.model._content_rare",
        "TaskStartedMessage(task_id='t1')",
        "True",
        "task_started",
        "t1",
        "matched",
        "t1",
        "True",
        "_system_rare,_messages_rare,_content_rare",
        "True",
    ]


def test_a_decoded_frame_pickled_here_unpickles_in_a_fresh_interpreter() -> None:
    line = (
        '{"type": "system", "subtype": "task_notification", "task_id": "t1", "status": "completed", "new": 1}'
    )
    message = decode_line(line)
    assert type(message) is m.TaskNotificationMessage
    code = """
        import pickle, sys
        message = pickle.loads(bytes.fromhex(sys.argv[1]))
        print(type(message).__name__, message.task_id, message.extra["new"], loaded())
    """
    assert _run(code, pickle.dumps(message).hex()) == ["TaskNotificationMessage", "t1", "1", "_system_rare"]


def test_the_unions_of_every_frame_are_whole() -> None:
    """``Message``, ``Frame`` and ``ContentBlock`` name every class, the rare ones too, as before."""
    members = set(typing.get_args(m.Message))
    tagged = {getattr(m, name) for name in (*FRAME_TYPES.names.values(), *SYSTEM_SUBTYPES.names.values())}
    control = {m.ControlRequest, m.ControlResponse, m.ControlCancelRequest, m.KeepAlive}
    assert members == (tagged - control) | {m.UnknownMessage, m.UnknownSystemMessage}
    assert set(typing.get_args(m.Frame)) == members | control
    assert set(typing.get_args(m.ControlFrame)) == control
    blocks = {getattr(m, name) for name in BLOCK_TYPES.names.values()} | {m.UnknownBlock}
    assert set(typing.get_args(m.ContentBlock)) == blocks
    assert trio_claude.Message is m.Message and trio_claude.ContentBlock is m.ContentBlock


def test_the_unions_load_on_first_use() -> None:
    code = """
        import typing
        from trio_claude import model, wire
        field = typing.get_type_hints(model.APIMessage)["content"]
        print(repr(field), loaded())
        print(len(typing.get_args(model.ContentBlock)), loaded())
        print(len(typing.get_args(model.Message)), loaded())
        frame = wire.structure({"type": "system", "subtype": "task_started", "task_id": "t"}, model.Frame)
        print(type(frame).__name__)
    """
    assert _run(code) == [
        "collections.abc.Sequence[trio_claude.model.ContentBlock]",
        "-",
        "14",
        "_content_rare",
        str(len(typing.get_args(m.Message))),
        "_system_rare,_messages_rare,_content_rare,_frames",
        "TaskStartedMessage",
    ]


def test_a_prompt_of_common_blocks_does_not_load_the_rare_ones() -> None:
    code = """
        from trio_claude import model
        from trio_claude._runtime._prompts import outgoing
        message, _ = outgoing([model.TextBlock(text="a"), {"type": "text", "text": "b"}])
        print(*[type(b).__name__ for b in message.content], loaded())
        message, line = outgoing([{"type": "image", "source": {"type": "base64", "data": "AA"}}])
        print(*[type(b).__name__ for b in message.content], loaded())
        message, _ = outgoing([message.content[0], model.TextBlock(text="c")])
        print(*[type(b).__name__ for b in message.content])
    """
    assert _run(code) == [
        "TextBlock",
        "TextBlock",
        "-",
        "ImageBlock",
        "_content_rare",
        "ImageBlock",
        "TextBlock",
    ]


def test_an_attrs_field_names_the_union_lazily() -> None:
    """The fields of the eagerly loaded classes name the union of every block through a ``LazyUnion``."""
    hints = typing.get_type_hints(m.ToolResultBlock)
    (inner,) = [arg for arg in typing.get_args(hints["content"]) if typing.get_args(arg)]
    (lazy,) = typing.get_args(inner)
    assert isinstance(lazy, LazyUnion) and lazy.resolve() is m.ContentBlock
