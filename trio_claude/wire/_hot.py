"""The hot path: hand-tuned structure functions for the frames a turn streams, and the permission request.

cattrs' generated functions call a hook per field and build each object through attrs' frozen
``__init__``; that is about twice the cost of a hand-written function, too much for the two frames that
``benchmarks/bench_decode.py`` measures against :func:`orjson.loads`: ``stream_event``, which the CLI
writes for every token with ``include_partial_messages``, and ``assistant`` with its message and content
blocks; and for the ``can_use_tool`` request, which every tool call of a policy-checked agent waits on
(the S2 round trip of ``benchmarks/run_all.py``).  For those classes only, a function below takes the
*common shape* (every key one it expects, every value of the expected JSON type, ``null`` only where the
CLI writes it) and builds the object with plain slot stores on a mutable twin of the class (see
:func:`_builder`); anything else goes to ``fallback``, the class's cattrs hook.  ``tests/wire`` checks
that both give the same objects, for the common shapes, every one-key edit of them, and any frame.
"""

from __future__ import annotations

import itertools
import typing
from collections.abc import Callable
from types import MappingProxyType
from typing import Any, cast

import attrs

from .. import model as m
from ..model._base import EMPTY, FrozenList
from ..model._content import ANY_BLOCK
from ._values import Misfit

Structure = Callable[[Any], Any]
HotLookup = Callable[[Any], Structure]
Finish = Callable[[Any], None]

_new: Callable[[type], Any] = object.__new__
_NUMBER = frozenset({int, float})  # a JSON number's class (not ``bool``, as the number hook)


def _builder(cls: type, names: str) -> tuple[type, Finish]:
    """A mutable twin of the frozen class ``cls``, and the function that finishes an object built with it.

    A hand-tuned function creates the twin, stores the fields ``names`` with plain attribute stores (the
    twin has ``cls``'s slots and ``object``'s ``__setattr__``, so each store is a slot write, several times
    cheaper than a frozen class's per-field ``object.__setattr__``), then calls ``finish(o)``: it sets
    ``cls``'s other fields to ``None`` and makes the object a ``cls`` (same slots, so ``__class__`` can be
    assigned).  The twin never escapes this module.  The other fields must default to ``None``: a field
    added to the model that does not makes this fail at once, rather than build a wrong object.
    """
    fields = attrs.fields_dict(cls)
    given = names.split()
    others = [name for name in fields if name not in given]
    if not set(given) <= fields.keys() or any(fields[name].default is not None for name in others):
        raise TypeError(f"the hot path of {cls.__name__} sets {given} and None to the rest: {list(fields)}")
    twin = type(
        f"_Mutable{cls.__name__}",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )
    lines = [f"    o.{name} = None" for name in others] + ["    o.__class__ = cls"]
    namespace: dict[str, Any] = {"cls": cls}
    exec("def finish(o):\n" + "\n".join(lines), namespace)  # generated from the field names
    return twin, namespace["finish"]


def _tag(block: Any) -> str:
    """A content block's ``type`` if it is a string, else ``""``."""
    tag = block.get("type") if block.__class__ is dict else None
    return tag if isinstance(tag, str) else ""


def stream_event(fallback: Structure, hot: HotLookup) -> Structure:
    """A ``stream_event``: the API event, the parent tool use (``null`` at the top level), the session,
    the uuid and the API message id; the time to first token (``message_start``) and the thinking display
    (events of a thinking block), as CLI 2.1.330 writes them."""
    names = "event parent_tool_use_id session_id uuid api_message_id ttft_ms thinking_display"
    keys = frozenset({"type", *names.split()})
    twin, finish = _builder(m.StreamEvent, "extra " + names)

    def structure(d: dict[str, Any]) -> Any:
        event = d.get("event")
        parent = d.get("parent_tool_use_id", 0)
        session = d.get("session_id")
        uuid = d.get("uuid")
        api = d.get("api_message_id")
        ttft = d.get("ttft_ms")
        display = d.get("thinking_display")
        if not (
            event.__class__ is dict
            and (parent is None or parent.__class__ is str)
            and keys.issuperset(d)
            # an optional key is a string (a number) or absent (its null would go to ``extra``)
            and (session.__class__ is str or (session is None and "session_id" not in d))
            and (uuid.__class__ is str or (uuid is None and "uuid" not in d))
            and (api.__class__ is str or (api is None and "api_message_id" not in d))
            and (ttft.__class__ in _NUMBER or (ttft is None and "ttft_ms" not in d))
            and (display.__class__ is str or (display is None and "thinking_display" not in d))
        ):
            return fallback(d)
        o = _new(twin)
        o.extra = EMPTY
        o.event = event
        o.parent_tool_use_id = parent
        o.session_id = session
        o.uuid = uuid
        o.api_message_id = api
        o.ttft_ms = ttft
        o.thinking_display = display
        finish(o)
        return o

    return structure


def assistant_message(fallback: Structure, hot: HotLookup) -> Structure:
    """An ``assistant`` frame: its message (hand-tuned too), parent tool use, session, uuid, timestamp and
    request id; the thinking duration and display of a thinking block's line, as CLI 2.1.330 writes them."""
    names = "message parent_tool_use_id session_id uuid timestamp request_id"
    thinking = "thinking_duration_ms thinking_display"
    keys = frozenset({"type", *names.split(), *thinking.split()})
    twin, finish = _builder(m.AssistantMessage, f"extra {names} {thinking}")
    api_message = hot(m.APIMessage)

    def structure(d: dict[str, Any]) -> Any:
        message = d.get("message")
        parent = d.get("parent_tool_use_id", 0)
        session = d.get("session_id")
        uuid = d.get("uuid")
        timestamp = d.get("timestamp")
        request = d.get("request_id")
        duration = d.get("thinking_duration_ms")
        display = d.get("thinking_display")
        if not (
            message.__class__ is dict
            and (parent is None or parent.__class__ is str)
            and keys.issuperset(d)
            and (session.__class__ is str or (session is None and "session_id" not in d))
            and (uuid.__class__ is str or (uuid is None and "uuid" not in d))
            and (timestamp.__class__ is str or (timestamp is None and "timestamp" not in d))
            and (request.__class__ is str or (request is None and "request_id" not in d))
            and (duration.__class__ in _NUMBER or (duration is None and "thinking_duration_ms" not in d))
            and (display.__class__ is str or (display is None and "thinking_display" not in d))
        ):
            return fallback(d)
        o = _new(twin)
        o.extra = NULL_PARENT if parent is None else EMPTY  # the top level's null, kept
        o.message = api_message(message)
        o.parent_tool_use_id = parent
        o.session_id = session
        o.uuid = uuid
        o.timestamp = timestamp
        o.request_id = request
        o.thinking_duration_ms = duration
        o.thinking_display = display
        finish(o)
        return o

    return structure


def api_message(fallback: Structure, hot: HotLookup) -> Structure:
    """The API message of an ``assistant`` frame; its ``text``, ``tool_use`` and ``thinking`` blocks are
    hand-tuned too, any other block goes through the content-block union."""
    names = "id model role content stop_reason type stop_sequence usage context_management"
    keys = frozenset({"type", *names.split()})
    twin, finish = _builder(m.APIMessage, "extra " + names)
    any_block = hot(ANY_BLOCK)  # the union's rare blocks load tag by tag
    blocks = {
        "text": text_block(any_block, hot),
        "tool_use": tool_use_block(any_block, hot),
        "thinking": thinking_block(any_block, hot),
    }

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
        o = _new(twin)
        # The CLI writes these as null, though they are normally left out: ``extra`` keeps the nulls (one
        # shared read-only mapping for each set of them).
        o.extra = _NULLS[
            stop is None,
            sequence is None and "stop_sequence" in d,
            context is None and "context_management" in d,
        ]
        o.id = id_
        o.model = model
        o.role = role
        o.content = FrozenList([(blocks.get(_tag(block)) or any_block)(block) for block in content])
        o.stop_reason = stop
        o.type = type_
        o.stop_sequence = sequence
        o.usage = usage
        o.context_management = context
        finish(o)
        return o

    return structure


def text_block(fallback: Structure, hot: HotLookup) -> Structure:
    """A ``text`` block without citations."""
    keys = frozenset({"type", "text"})
    twin, finish = _builder(m.TextBlock, "extra text")

    def structure(d: dict[str, Any]) -> Any:
        text = d.get("text")
        if not (text.__class__ is str and keys.issuperset(d)):
            return fallback(d)
        o = _new(twin)
        o.extra = EMPTY
        o.text = text
        finish(o)
        return o

    return structure


def thinking_block(fallback: Structure, hot: HotLookup) -> Structure:
    """A ``thinking`` block with its signature."""
    keys = frozenset({"type", "thinking", "signature"})
    twin, finish = _builder(m.ThinkingBlock, "extra thinking signature")

    def structure(d: dict[str, Any]) -> Any:
        thinking = d.get("thinking")
        signature = d.get("signature")
        if not (
            thinking.__class__ is str
            and keys.issuperset(d)
            and (signature.__class__ is str or (signature is None and "signature" not in d))
        ):
            return fallback(d)
        o = _new(twin)
        o.extra = EMPTY
        o.thinking = thinking
        o.signature = signature
        finish(o)
        return o

    return structure


def tool_use_block(fallback: Structure, hot: HotLookup) -> Structure:
    """A ``tool_use`` block without ``caller``."""
    keys = frozenset({"type", "id", "name", "input"})
    twin, finish = _builder(m.ToolUseBlock, "extra id name input")

    def structure(d: dict[str, Any]) -> Any:
        id_ = d.get("id")
        name = d.get("name")
        input_ = d.get("input")
        if not (
            id_.__class__ is str and name.__class__ is str and input_.__class__ is dict and keys.issuperset(d)
        ):
            return fallback(d)
        o = _new(twin)
        o.extra = EMPTY
        o.id = id_
        o.name = name
        o.input = input_
        finish(o)
        return o

    return structure


def can_use_tool_request(fallback: Structure, hot: HotLookup) -> Structure:
    """A ``can_use_tool`` request with the keys the pinned CLIs write (each a string, or absent), its
    suggestions typed by their own functions."""
    texts = "tool_use_id blocked_path decision_reason title display_name description agent_id"
    keys = frozenset({"subtype", "tool_name", "input", "permission_suggestions", *texts.split()})
    twin, finish = _builder(m.CanUseToolRequest, f"extra tool_name input permission_suggestions {texts}")
    typed_suggestions = _suggestions(hot)

    def structure(d: dict[str, Any]) -> Any:
        name = d.get("tool_name")
        input_ = d.get("input")
        suggestions = d.get("permission_suggestions")
        use_id = d.get("tool_use_id")
        blocked = d.get("blocked_path")
        reason = d.get("decision_reason")
        title = d.get("title")
        display = d.get("display_name")
        description = d.get("description")
        agent = d.get("agent_id")
        if not (
            name.__class__ is str
            and input_.__class__ is dict
            and keys.issuperset(d)
            # an optional key has its type or is absent (its null would go to ``extra``)
            and (suggestions.__class__ is list or (suggestions is None and "permission_suggestions" not in d))
            and (use_id.__class__ is str or (use_id is None and "tool_use_id" not in d))
            and (blocked.__class__ is str or (blocked is None and "blocked_path" not in d))
            and (reason.__class__ is str or (reason is None and "decision_reason" not in d))
            and (title.__class__ is str or (title is None and "title" not in d))
            and (display.__class__ is str or (display is None and "display_name" not in d))
            and (description.__class__ is str or (description is None and "description" not in d))
            and (agent.__class__ is str or (agent is None and "agent_id" not in d))
        ):
            return fallback(d)
        if suggestions is not None:
            try:
                suggestions = typed_suggestions(suggestions)
            except Misfit:  # the class's hook says where
                return fallback(d)
        o = _new(twin)
        o.extra = EMPTY
        o.tool_name = name
        o.input = input_
        o.permission_suggestions = suggestions
        o.tool_use_id = use_id
        o.blocked_path = blocked
        o.decision_reason = reason
        o.title = title
        o.display_name = display
        o.description = description
        o.agent_id = agent
        finish(o)
        return o

    return structure


def rules_update(cls: type) -> Callable[[Structure, HotLookup], Structure]:
    """An ``addRules``, ``replaceRules`` or ``removeRules`` suggestion (``cls``): its rules (a tool name and
    an optional rule content each), a known behaviour and destination."""

    def factory(fallback: Structure, hot: HotLookup) -> Structure:
        keys = frozenset({"type", "rules", "behavior", "destination"})
        twin, finish = _builder(cls, "extra rules behavior destination")
        rule_twin, rule_finish = _builder(m.PermissionRuleValue, "extra tool_name rule_content")
        rule_keys = frozenset({"toolName", "ruleContent"})
        behaviors, destinations = _values(m.PermissionBehavior), _values(m.PermissionUpdateDestination)

        def structure(d: dict[str, Any]) -> Any:
            rules: Any = d.get("rules")
            behavior = d.get("behavior")
            destination = d.get("destination")
            if not (
                rules.__class__ is list
                and behavior.__class__ is str
                and behavior in behaviors
                and destination.__class__ is str
                and destination in destinations
                and keys.issuperset(d)
            ):
                return fallback(d)
            built: list[Any] = []
            for rule in rules:
                if rule.__class__ is not dict:
                    return fallback(d)
                name = rule.get("toolName")
                content = rule.get("ruleContent")
                if not (
                    name.__class__ is str
                    and (content.__class__ is str or (content is None and "ruleContent" not in rule))
                    and rule_keys.issuperset(rule)
                ):
                    return fallback(d)
                value = _new(rule_twin)
                value.extra = EMPTY
                value.tool_name = name
                value.rule_content = content
                rule_finish(value)
                built.append(value)
            o = _new(twin)
            o.extra = EMPTY
            o.rules = FrozenList(built)
            o.behavior = behavior
            o.destination = destination
            finish(o)
            return o

        return structure

    return factory


def set_mode_update(fallback: Structure, hot: HotLookup) -> Structure:
    """A ``setMode`` suggestion with a known mode and destination."""
    keys = frozenset({"type", "mode", "destination"})
    twin, finish = _builder(m.SetModeUpdate, "extra mode destination")
    modes, destinations = _values(m.PermissionMode), _values(m.PermissionUpdateDestination)

    def structure(d: dict[str, Any]) -> Any:
        mode = d.get("mode")
        destination = d.get("destination")
        if not (
            mode.__class__ is str
            and mode in modes
            and destination.__class__ is str
            and destination in destinations
            and keys.issuperset(d)
        ):
            return fallback(d)
        o = _new(twin)
        o.extra = EMPTY
        o.mode = mode
        o.destination = destination
        finish(o)
        return o

    return structure


def directories_update(cls: type) -> Callable[[Structure, HotLookup], Structure]:
    """An ``addDirectories`` or ``removeDirectories`` suggestion (``cls``): strings and a known
    destination."""

    def factory(fallback: Structure, hot: HotLookup) -> Structure:
        keys = frozenset({"type", "directories", "destination"})
        twin, finish = _builder(cls, "extra directories destination")
        destinations = _values(m.PermissionUpdateDestination)

        def structure(d: dict[str, Any]) -> Any:
            directories: Any = d.get("directories")
            destination = d.get("destination")
            if not (
                directories.__class__ is list
                and all(item.__class__ is str for item in directories)
                and destination.__class__ is str
                and destination in destinations
                and keys.issuperset(d)
            ):
                return fallback(d)
            o = _new(twin)
            o.extra = EMPTY
            o.directories = FrozenList(directories)
            o.destination = destination
            finish(o)
            return o

        return structure

    return factory


def _suggestions(hot: HotLookup) -> Callable[[list[Any]], Any]:
    """The function typing a request's ``permission_suggestions`` (a JSON array): the common suggestions
    by the functions above, any other item by the ``PermissionUpdate`` union's (which raises
    :class:`Misfit` where cattrs' array hook does).  Built on first use, when the permission model has
    loaded: its module is not loaded with the package."""
    union = cast("Callable[[Any, Any], Any]", hot(m.PermissionUpdate))

    def item_fallback(d: Any) -> Any:
        return union(d, None)

    tuned = {
        "addRules": rules_update(m.AddRulesUpdate),
        "replaceRules": rules_update(m.ReplaceRulesUpdate),
        "removeRules": rules_update(m.RemoveRulesUpdate),
        "setMode": set_mode_update,
        "addDirectories": directories_update(m.AddDirectoriesUpdate),
        "removeDirectories": directories_update(m.RemoveDirectoriesUpdate),
    }
    table = {tag: factory(item_fallback, hot) for tag, factory in tuned.items()}

    def structure(items: list[Any]) -> Any:
        try:
            return FrozenList([(table.get(_tag(item)) or item_fallback)(item) for item in items])
        except Misfit as exc:
            raise Misfit(exc.reason, "[]" + exc.path) from None

    return structure


def _values(alias: Any) -> frozenset[str]:
    """The strings of a ``Literal`` alias (a field's known values; anything else goes to cattrs)."""
    return frozenset(typing.get_args(alias))


NULL_PARENT = MappingProxyType({"parent_tool_use_id": None})
"""The ``extra`` of a top-level assistant message: the CLI writes its ``parent_tool_use_id`` as null."""

_NULLS = {
    flags: MappingProxyType(
        {
            key: None
            for key, null in zip(("stop_reason", "stop_sequence", "context_management"), flags, strict=True)
            if null
        }
    )
    if any(flags)
    else EMPTY
    for flags in itertools.product((False, True), repeat=3)
}
"""The ``extra`` of an API message by which of its three keys the CLI wrote as null."""

#: The classes with a hand-tuned function: class → factory(fallback, hot) of its structure function, where
#: ``fallback`` is the class's cattrs hook and ``hot(tp)`` the one-argument structure function of ``tp``.
HOT: dict[type, Callable[[Structure, HotLookup], Structure]] = {
    m.StreamEvent: stream_event,
    m.AssistantMessage: assistant_message,
    m.APIMessage: api_message,
    m.TextBlock: text_block,
    m.ToolUseBlock: tool_use_block,
    m.ThinkingBlock: thinking_block,
    m.CanUseToolRequest: can_use_tool_request,
}
