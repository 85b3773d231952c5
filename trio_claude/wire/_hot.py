"""The hot path: hand-tuned structure functions for the frames a turn streams.

cattrs' generated functions call a hook per field and build each object through attrs' frozen
``__init__``; that is about twice the cost of a hand-written function, too much for the two frames that
``benchmarks/bench_decode.py`` measures against :func:`orjson.loads` (``stream_event``, which the CLI
writes for every token with ``include_partial_messages``, and ``assistant``, with its message and content
blocks).  For those classes only, a function below takes the *common shape* (every key one it expects,
every value of the expected JSON type, ``null`` only where the CLI writes it) and builds the object
through its slots; anything else goes to the class's cattrs hook.  ``tests/wire`` checks that both give
the same object for generated and mutated frames.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .. import model as m
from ..model._base import EMPTY

Structure = Callable[[Any], Any]
HotLookup = Callable[[Any], Structure]

_new = object.__new__


def _setters(cls: type, names: str) -> list[Callable[[Any, Any], None]]:
    """The slot setters of ``cls``'s fields, which must be ``names`` in order: a hand-tuned function sets
    every slot, so a field added to the model must be added to it (this fails at once otherwise)."""
    fields = tuple(f.name for f in attrs.fields(cls))
    if fields != tuple(names.split()):
        raise TypeError(f"the hot path of {cls.__name__} sets {names.split()}, the class has {fields}")
    return [getattr(cls, name).__set__ for name in fields]


def _tag(block: Any) -> str:
    """A content block's ``type`` if it is a string, else ``""``."""
    tag = block.get("type") if block.__class__ is dict else None
    return tag if isinstance(tag, str) else ""


def stream_event(fallback: Structure, hot: HotLookup) -> Structure:
    keys = frozenset({"type", "event", "parent_tool_use_id", "session_id", "uuid", "api_message_id"})
    (s_extra, s_event, s_parent, s_session, s_uuid, s_ttft, s_api, s_user, s_users, s_resume) = _setters(
        m.StreamEvent,
        "extra event parent_tool_use_id session_id uuid ttft_ms api_message_id user_message_uuid"
        " user_message_uuids resume_reason",
    )
    cls = m.StreamEvent

    def structure(d: dict[str, Any]) -> Any:
        event = d.get("event")
        parent = d.get("parent_tool_use_id", 0)
        session = d.get("session_id")
        uuid = d.get("uuid")
        api = d.get("api_message_id")
        if not (
            event.__class__ is dict
            and (parent is None or parent.__class__ is str)
            and keys.issuperset(d)
            # an optional key is a string or absent (its null would go to ``extra``)
            and (session.__class__ is str or (session is None and "session_id" not in d))
            and (uuid.__class__ is str or (uuid is None and "uuid" not in d))
            and (api.__class__ is str or (api is None and "api_message_id" not in d))
        ):
            return fallback(d)
        o = _new(cls)
        s_extra(o, EMPTY)
        s_event(o, event)
        s_parent(o, parent)
        s_session(o, session)
        s_uuid(o, uuid)
        s_ttft(o, None)
        s_api(o, api)
        s_user(o, None)
        s_users(o, None)
        s_resume(o, None)
        return o

    return structure


def assistant_message(fallback: Structure, hot: HotLookup) -> Structure:
    keys = frozenset(
        {"type", "message", "parent_tool_use_id", "session_id", "uuid", "timestamp", "request_id"}
    )
    (
        s_extra,
        s_message,
        s_parent,
        s_session,
        s_uuid,
        s_error,
        s_request,
        s_timestamp,
        *rest,
    ) = _setters(
        m.AssistantMessage,
        "extra message parent_tool_use_id session_id uuid error request_id timestamp user_message_uuid"
        " user_message_uuids resume_reason resumed_from_incomplete_thinking supersedes aborted agent_id"
        " subagent_type task_description context_usage usage_report is_api_error_message api_error_status"
        " api_error_type",
    )
    cls = m.AssistantMessage
    api_message = hot(m.APIMessage)

    def structure(d: dict[str, Any]) -> Any:
        message = d.get("message")
        parent = d.get("parent_tool_use_id", 0)
        session = d.get("session_id")
        uuid = d.get("uuid")
        timestamp = d.get("timestamp")
        request = d.get("request_id")
        if not (
            message.__class__ is dict
            and (parent is None or parent.__class__ is str)
            and keys.issuperset(d)
            and (session.__class__ is str or (session is None and "session_id" not in d))
            and (uuid.__class__ is str or (uuid is None and "uuid" not in d))
            and (timestamp.__class__ is str or (timestamp is None and "timestamp" not in d))
            and (request.__class__ is str or (request is None and "request_id" not in d))
        ):
            return fallback(d)
        o = _new(cls)
        s_extra(o, EMPTY)
        s_message(o, api_message(message))
        s_parent(o, parent)
        s_session(o, session)
        s_uuid(o, uuid)
        s_error(o, None)
        s_request(o, request)
        s_timestamp(o, timestamp)
        for set_none in rest:
            set_none(o, None)
        return o

    return structure


def api_message(fallback: Structure, hot: HotLookup) -> Structure:
    keys = frozenset(
        {
            "id",
            "type",
            "role",
            "model",
            "content",
            "stop_reason",
            "stop_sequence",
            "usage",
            "context_management",
        }
    )
    (
        s_extra,
        s_id,
        s_model,
        s_role,
        s_content,
        s_stop,
        s_type,
        s_sequence,
        s_usage,
        s_context,
        s_container,
    ) = _setters(
        m.APIMessage,
        "extra id model role content stop_reason type stop_sequence usage context_management container",
    )
    cls = m.APIMessage
    any_block = hot(m.ContentBlock)
    # the blocks of the common shape; any other block goes through the union (and may be Unknown*)
    blocks = {"text": text_block(any_block, hot), "tool_use": tool_use_block(any_block, hot)}

    def structure(d: dict[str, Any]) -> Any:
        id_ = d.get("id")
        model = d.get("model")
        role = d.get("role")
        content: Any = d.get("content")
        stop = d.get("stop_reason", 0)
        type_ = d.get("type")
        sequence = d.get("stop_sequence")
        usage = d.get("usage")
        if not (
            id_.__class__ is str
            and model.__class__ is str
            and role.__class__ is str
            and content.__class__ is list
            and (stop is None or stop.__class__ is str)
            and keys.issuperset(d)
            and (type_.__class__ is str or (type_ is None and "type" not in d))
            and (sequence is None or sequence.__class__ is str)
            and (usage.__class__ is dict or (usage is None and "usage" not in d))
        ):
            return fallback(d)
        context = d.get("context_management")
        o = _new(cls)
        # the CLI writes these two as null, though they are normally left out: keep the nulls in ``extra``
        null_sequence = sequence is None and "stop_sequence" in d
        null_context = context is None and "context_management" in d
        if null_sequence or null_context:
            extra: dict[str, Any] = {}
            if null_sequence:
                extra["stop_sequence"] = None
            if null_context:
                extra["context_management"] = None
            s_extra(o, extra)
        else:
            s_extra(o, EMPTY)
        s_id(o, id_)
        s_model(o, model)
        s_role(o, role)
        s_content(o, tuple([(blocks.get(_tag(block)) or any_block)(block) for block in content]))
        s_stop(o, stop)
        s_type(o, type_)
        s_sequence(o, sequence)
        s_usage(o, usage)
        s_context(o, context)
        s_container(o, None)
        return o

    return structure


def text_block(fallback: Structure, hot: HotLookup) -> Structure:
    keys = frozenset({"type", "text"})
    s_extra, s_text, s_citations = _setters(m.TextBlock, "extra text citations")
    cls = m.TextBlock

    def structure(d: dict[str, Any]) -> Any:
        text = d.get("text")
        if not (text.__class__ is str and keys.issuperset(d)):
            return fallback(d)
        o = _new(cls)
        s_extra(o, EMPTY)
        s_text(o, text)
        s_citations(o, None)
        return o

    return structure


def tool_use_block(fallback: Structure, hot: HotLookup) -> Structure:
    keys = frozenset({"type", "id", "name", "input"})
    s_extra, s_id, s_name, s_input, s_caller = _setters(m.ToolUseBlock, "extra id name input caller")
    cls = m.ToolUseBlock

    def structure(d: dict[str, Any]) -> Any:
        id_ = d.get("id")
        name = d.get("name")
        input_ = d.get("input")
        if not (
            id_.__class__ is str and name.__class__ is str and input_.__class__ is dict and keys.issuperset(d)
        ):
            return fallback(d)
        o = _new(cls)
        s_extra(o, EMPTY)
        s_id(o, id_)
        s_name(o, name)
        s_input(o, input_)
        s_caller(o, None)
        return o

    return structure


#: The classes with a hand-tuned function: class → factory(fallback, hot) of its structure function, where
#: ``fallback`` is the class's cattrs hook and ``hot(tp)`` the one-argument structure function of ``tp``.
HOT: dict[type, Callable[[Structure, HotLookup], Structure]] = {
    m.StreamEvent: stream_event,
    m.AssistantMessage: assistant_message,
    m.APIMessage: api_message,
    m.TextBlock: text_block,
    m.ToolUseBlock: tool_use_block,
}
