"""Code written for the official Python SDK, as its users and its own tests write it, gives the same answers
here (``parse_message(data)`` is ``wire.decode_value(data)``; imports from ``trio_claude``): messages built
with the official arguments, the official message dicts decoded, per-model usage read by the CLI's keys, a
deferred tool use read by attribute, list fields compared with lists.  Where the concept differs, the code
fails at once, saying what to use instead (tests/test_official_imports.py,
tests/runtime/test_migration_mistakes.py).
"""

from __future__ import annotations

import copy
import operator
import pickle

import attrs
import pytest

from trio_claude import (
    AgentDefinition,
    AssistantMessage,
    ClaudeAgentOptions,
    DeferredToolUse,
    ResultMessage,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
    UserMessage,
    wire,
)


def result_frame(**fields: object) -> dict[str, object]:
    return {
        "type": "result",
        "subtype": "success",
        "duration_ms": 2100,
        "duration_api_ms": 1800,
        "is_error": False,
        "num_turns": 2,
        "session_id": "b6a1c0de-0000-4000-8000-000000000001",
        **fields,
    }


# -- messages built with the official arguments -----------------------------------------------------------


def test_a_user_message_from_its_content() -> None:
    msg = UserMessage(content="What is 2 + 2?")
    assert msg.content == "What is 2 + 2?"
    assert msg.parent_tool_use_id is None
    blocks = UserMessage(content=[TextBlock(text="look at this")], uuid="u-1", parent_tool_use_id="toolu_9")
    assert blocks.content[0] == TextBlock(text="look at this")
    assert blocks.uuid == "u-1" and blocks.parent_tool_use_id == "toolu_9"


def test_an_assistant_message_from_its_content_and_model() -> None:
    text = TextBlock(text="It is 4.")
    msg = AssistantMessage(content=[text], model="claude-sonnet-4-5")
    assert len(msg.content) == 1
    assert msg.content[0].text == "It is 4."  # type: ignore[union-attr]
    assert msg.model == "claude-sonnet-4-5"
    assert msg.parent_tool_use_id is None and msg.message_id is None and msg.stop_reason is None
    thinking = ThinkingBlock(thinking="adding", signature="sig-1")
    full = AssistantMessage(
        content=[thinking, text],
        model="claude-sonnet-4-5",
        usage={"input_tokens": 5, "output_tokens": 3},
        message_id="msg_0123",
        stop_reason="end_turn",
        session_id="s-1",
        error="rate_limit",
    )
    assert full.content[0].thinking == "adding"  # type: ignore[union-attr]
    assert full.usage == {"input_tokens": 5, "output_tokens": 3}
    assert (full.message_id, full.stop_reason, full.session_id, full.error) == (
        "msg_0123",
        "end_turn",
        "s-1",
        "rate_limit",
    )


def test_a_message_built_either_way_is_told_what_it_needs() -> None:
    with pytest.raises(TypeError, match=r"content= and model="):
        AssistantMessage(content=[TextBlock(text="no model")])
    with pytest.raises(TypeError, match=r"not both"):
        AssistantMessage(message=AssistantMessage(content=[], model="m").message, model="m")
    with pytest.raises(TypeError, match=r"message=UserMessageParam\(\.\.\.\) or the official SDK's content="):
        UserMessage()


def test_a_bare_system_message_says_what_to_build() -> None:
    with pytest.raises(TypeError, match=r"build that class \(InitMessage\(\.\.\.\)\), or decode the frame"):
        SystemMessage(subtype="init", data={"session_id": "s"})
    init = wire.decode_value({"type": "system", "subtype": "init", "session_id": "s"})
    assert isinstance(init, SystemMessage) and init.subtype == "init"


def test_blocks_and_results_from_the_official_arguments() -> None:
    block = ToolUseBlock(id="toolu_1", name="Read", input={"file_path": "/etc/hosts"})
    assert block.input["file_path"] == "/etc/hosts"
    result = ResultMessage(
        subtype="success",
        duration_ms=900,
        duration_api_ms=700,
        is_error=False,
        num_turns=1,
        session_id="s-2",
        total_cost_usd=0.02,
    )
    assert result.total_cost_usd == 0.02


# -- the official message dicts, decoded ------------------------------------------------------------------


def test_an_assistant_dict_without_id_or_role_decodes() -> None:
    data = {
        "type": "assistant",
        "message": {
            "content": [
                {"type": "text", "text": "Reading it"},
                {"type": "tool_use", "id": "toolu_7", "name": "Read", "input": {"file_path": "/a.txt"}},
            ],
            "model": "claude-opus-4-1",
        },
    }
    message = wire.decode_value(data)
    assert isinstance(message, AssistantMessage)
    assert len(message.content) == 2
    assert isinstance(message.content[0], TextBlock)
    assert isinstance(message.content[1], ToolUseBlock)
    assert message.message_id is None and message.stop_reason is None and message.session_id is None
    assert wire.encode_value(message) == data  # nothing added, nothing lost


def test_an_assistant_dict_with_every_official_field_decodes() -> None:
    data = {
        "type": "assistant",
        "message": {
            "content": [{"type": "text", "text": "done"}],
            "model": "claude-opus-4-1",
            "id": "msg_77",
            "stop_reason": "end_turn",
            "usage": {"input_tokens": 12, "output_tokens": 4},
        },
        "session_id": "s-3",
        "uuid": "u-3",
    }
    message = wire.decode_value(data)
    assert isinstance(message, AssistantMessage)
    assert message.message_id == "msg_77" and message.stop_reason == "end_turn"
    assert message.usage == {"input_tokens": 12, "output_tokens": 4}
    assert message.session_id == "s-3" and message.uuid == "u-3"
    assert wire.encode_value(message) == data


def test_per_model_usage_reads_by_the_clis_keys() -> None:
    data = result_frame(
        total_cost_usd=0.031,
        modelUsage={
            "claude-opus-4-1": {
                "inputTokens": 10,
                "outputTokens": 250,
                "cacheReadInputTokens": 4000,
                "costUSD": 0.031,
                "contextWindow": 200000,
            }
        },
    )
    message = wire.decode_value(data)
    assert isinstance(message, ResultMessage)
    assert message.model_usage is not None
    assert message.model_usage["claude-opus-4-1"]["costUSD"] == 0.031
    for model_name, model_data in message.model_usage.items():
        assert model_name == "claude-opus-4-1"
        assert "inputTokens" in model_data and "webSearchRequests" not in model_data
        assert model_data.get("outputTokens") == 250
        assert dict(model_data) == data["modelUsage"]["claude-opus-4-1"]  # type: ignore[index]
        assert model_data.cost_usd == 0.031  # typed too
    assert sum(usage["costUSD"] for usage in message.model_usage.values()) == 0.031


def test_a_deferred_tool_use_reads_by_attribute() -> None:
    message = wire.decode_value(
        result_frame(deferred_tool_use={"id": "toolu_5", "name": "Bash", "input": {"command": "make deploy"}})
    )
    assert isinstance(message, ResultMessage)
    deferred = message.deferred_tool_use
    assert isinstance(deferred, DeferredToolUse)
    assert deferred.id == "toolu_5"
    assert deferred.name == "Bash"
    assert deferred.input == {"command": "make deploy"}
    assert deferred["name"] == "Bash"  # and by key, as this SDK's code read it before
    missing = wire.decode_value(result_frame())
    assert isinstance(missing, ResultMessage) and missing.deferred_tool_use is None


# -- list fields are lists ----------------------------------------------------------------------------


def test_option_lists_compare_with_lists() -> None:
    options = ClaudeAgentOptions()
    assert options.allowed_tools == []
    assert options.disallowed_tools == []
    assert options.add_dirs == [] and options.betas == [] and options.plugins == []
    options = ClaudeAgentOptions(
        allowed_tools=["Read", "Write"], disallowed_tools=["Bash"], setting_sources=["project"]
    )
    assert options.allowed_tools == ["Read", "Write"]
    assert options.disallowed_tools == ["Bash"]
    assert options.setting_sources == ["project"]
    assert isinstance(options.allowed_tools, list)
    agent = AgentDefinition(description="reviews", prompt="Review the diff", tools=["Read", "Grep"])
    assert agent.tools == ["Read", "Grep"]


def test_message_lists_are_lists() -> None:
    message = wire.decode_value(
        result_frame(
            permission_denials=[],
            errors=["tool failed"],
            user_message_uuids=["u-1", "u-2"],
        )
    )
    assert isinstance(message, ResultMessage)
    assert message.permission_denials == []
    assert isinstance(message.permission_denials, list)
    assert message.errors == ["tool failed"]
    assert message.user_message_uuids == ["u-1", "u-2"]
    assistant = wire.decode_value(
        {"type": "assistant", "message": {"content": [{"type": "text", "text": "hi"}], "model": "m"}}
    )
    assert isinstance(assistant, AssistantMessage)
    assert assistant.content == [TextBlock(text="hi")]
    assert isinstance(assistant.content, list)
    assert AssistantMessage(content=[TextBlock(text="hi")], model="m").content == [TextBlock(text="hi")]


def test_the_lists_cannot_change_and_say_so() -> None:
    options = ClaudeAgentOptions(allowed_tools=["Read"])
    with pytest.raises(TypeError, match=r"cannot change .* list\(value\)"):
        options.allowed_tools.append("Write")  # type: ignore[attr-defined]
    message = wire.decode_value(result_frame(errors=["a"]))
    assert isinstance(message, ResultMessage) and message.errors is not None
    changes: list[tuple[str, tuple[object, ...], dict[str, object]]] = [
        ("append", ("b",), {}),
        ("extend", (["b"],), {}),
        ("insert", (0, "b"), {}),
        ("remove", ("a",), {}),
        ("pop", (), {}),
        ("clear", (), {}),
        ("sort", (), {"key": len}),
        ("reverse", (), {}),
        ("__setitem__", (0, "b"), {}),
        ("__delitem__", (0,), {}),
        ("__iadd__", (["b"],), {}),
        ("__imul__", (2,), {}),
    ]
    for name, args, kwargs in changes:
        with pytest.raises(TypeError, match="cannot change"):
            getattr(message.errors, name)(*args, **kwargs)
    assert message.errors == ["a"]
    assert [*message.errors, "b"] == ["a", "b"]


def test_the_lists_hash_pickle_copy_and_equal_the_tuples_they_were() -> None:
    agent = AgentDefinition(description="d", prompt="p", tools=["Read"])
    assert hash(agent) == hash(AgentDefinition(description="d", prompt="p", tools=("Read",)))
    message = wire.decode_value(result_frame(errors=["a", "b"], permission_denials=[]))
    assert isinstance(message, ResultMessage) and message.errors is not None
    errors = message.errors
    assert operator.eq(errors, ("a", "b")) and operator.eq(("a", "b"), errors)
    assert operator.ne(errors, ("a",)) and operator.ne(("a",), errors) and operator.ne(errors, ["a"])
    assert hash(errors) == hash(("a", "b"))
    for copied in (pickle.loads(pickle.dumps(message)), copy.copy(message), copy.deepcopy(message)):
        assert copied == message
        assert type(copied.errors) is type(errors)
    built = attrs.evolve(message, errors=("a", "b"))
    assert built == message and wire.encode_value(built) == wire.encode_value(message)
