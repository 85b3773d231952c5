"""Prompts as the session sends them: the forms :meth:`ClaudeSession.send` takes, each checked and encoded
into one user-message line, and the official SDK's client methods that a session does not have."""

from __future__ import annotations

import sys
import typing
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ForwardRef, TypeAlias, Union, cast

from .. import wire
from ..model import (
    FrozenList,
    JSONObject,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    UnknownBlock,
    UnknownMessage,
    UserMessage,
    UserMessageParam,
)
from ..model._content import ANY_BLOCK  # the union as a LazyUnion: its rare blocks load tag by tag

if TYPE_CHECKING:
    from ..model import ContentBlock

    Prompt: TypeAlias = str | Sequence[ContentBlock | Mapping[str, Any]] | UserMessage | Mapping[str, Any]
else:  # the union of every block loads on first use: named through the model's face, found when resolved
    from .. import model  # noqa: F401  (the forward reference below names it)

    _BLOCK = ForwardRef("model.ContentBlock", module=__name__)
    Prompt = str | Sequence[Union[_BLOCK, Mapping[str, Any]]] | UserMessage | Mapping[str, Any]  # noqa: UP007
"""A prompt :meth:`ClaudeSession.send` takes: a string; content blocks (typed, or as dicts such as
``{"type": "image", "source": {...}}``); a :class:`~trio_claude.model.UserMessage`; or the official SDK's
user-message dict ``{"type": "user", "message": {"role": "user", "content": ...}, "parent_tool_use_id": None,
"session_id": ...}``."""


_SEND_ACCEPTS = (
    "send() takes a string, content blocks, a UserMessage or the official user-message dict "
    "{'type': 'user', 'message': {'role': 'user', 'content': ...}, 'parent_tool_use_id': None}"
)


#: The blocks every query meets; the others' classes exist once their module is loaded (``_is_block``).
_COMMON_BLOCK_TYPES = (TextBlock, ThinkingBlock, ToolUseBlock, ToolResultBlock, UnknownBlock)


def _is_block(item: object) -> bool:
    """Whether ``item`` is a typed content block (without loading the rare blocks' module for that)."""
    if isinstance(item, _COMMON_BLOCK_TYPES):
        return True
    return ANY_BLOCK.module in sys.modules and isinstance(item, typing.get_args(ANY_BLOCK.resolve()))


# What official-SDK users reach for on a client, and where it is here.
NOT_ON_A_SESSION = {
    "connect": (
        "a session is connected while `async with open_session(options) as session:` runs (the official "
        "ClaudeSDKClient's connect() is the start of that block)"
    ),
    "disconnect": (
        "a session is disconnected when `async with open_session(options) as session:` ends (the official "
        "ClaudeSDKClient's disconnect() is the end of that block)"
    ),
}


def outgoing(
    prompt: object, *, parent_tool_use_id: str | None = None, session_id: str = ""
) -> tuple[UserMessage, bytes]:
    """The user message of ``prompt`` and its line; raises ``TypeError`` (see :meth:`ClaudeSession.send`)."""
    if parent_tool_use_id is not None and isinstance(prompt, UserMessage | Mapping):
        raise TypeError(
            "send(): a user message (or its dict) carries its own parent_tool_use_id; give it there"
        )
    if isinstance(prompt, UserMessage):
        message = prompt
    elif isinstance(prompt, str):
        message = UserMessage(
            message=UserMessageParam(content=prompt),
            parent_tool_use_id=parent_tool_use_id,
            session_id=session_id,
        )
    elif isinstance(prompt, Mapping):
        message = _decode_user_message(cast(Mapping[object, object], prompt), session_id)
    elif isinstance(prompt, Sequence) and not isinstance(prompt, (bytes, bytearray)):
        items = cast(Sequence[object], prompt)
        blocks = FrozenList([_content_block(item, f"content[{index}]") for index, item in enumerate(items)])
        message = UserMessage(
            message=UserMessageParam(content=blocks),
            parent_tool_use_id=parent_tool_use_id,
            session_id=session_id,
        )
    else:
        raise TypeError(f"{_SEND_ACCEPTS}, not {type(prompt).__name__}")
    try:
        return message, wire.encode_line(message)
    except TypeError as exc:  # orjson: a value that is not JSON
        raise TypeError(f"send(): the prompt is not JSON: {exc}") from None
    except (KeyError, AttributeError) as exc:  # a typed field holding something else than its class
        raise TypeError(f"send(): the prompt cannot be encoded ({exc!r}); {_SEND_ACCEPTS}") from None


def _decode_user_message(value: Mapping[object, object], session_id: str) -> UserMessage:
    kind = value.get("type")
    if kind != "user":
        raise TypeError(f"{_SEND_ACCEPTS}, not a {kind!r} message")
    fields = dict(value)
    # The official SDK writes the dict as it is, and the CLI reads a missing parent_tool_use_id as null.
    fields.setdefault("parent_tool_use_id", None)
    if session_id and "session_id" not in fields:
        fields["session_id"] = session_id
    try:
        message = wire.structure(fields, UserMessage)
    except wire.MalformedError as exc:
        raise TypeError(f"{_SEND_ACCEPTS}: {exc}") from None
    if not isinstance(message.content, str):
        for index, block in enumerate(message.content):
            _check_decoded(block, f"content[{index}]")
    return message


def _content_block(item: object, where: str) -> ContentBlock:
    if _is_block(item):
        return cast("ContentBlock", item)
    if isinstance(item, Mapping):
        fields = dict(cast(Mapping[object, object], item))
        block = cast("ContentBlock", wire.structure(fields, cast(Any, ANY_BLOCK)))
        _check_decoded(block, where)
        return block
    raise TypeError(f"{_SEND_ACCEPTS}: {where} must be a content block, not {item!r}")


def _check_decoded(block: object, where: str) -> None:
    """A block written as a dict that does not fit its (known) type is an error, not an unknown block, and
    so is a whole message given as a block; a block of a type this version does not know goes to the CLI as
    it is."""
    if not isinstance(block, UnknownBlock):
        return
    if block.error is not None:
        raise TypeError(f"{_SEND_ACCEPTS}: {where}: {block.error}")
    as_message = wire.decode_value(block.raw)
    if not isinstance(as_message, UnknownMessage) or as_message.error is not None:  # a message's type tag
        kind = cast(JSONObject, block.raw).get("type")  # (a message is an object)
        raise TypeError(
            f"{_SEND_ACCEPTS}: {where} is a whole {kind!r} message, not a content block: send one message "
            "at a time, or several from an async iterable (query() and open_query() take one)"
        )
