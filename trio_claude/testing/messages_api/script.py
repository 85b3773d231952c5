"""The fake Messages API's script: the model turns and errors a test scripts, and the requests it records."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, TypeAlias, cast

import attrs

from ... import wire

__all__ = [
    "DEFAULT_SIGNATURE",
    "APIError",
    "Answer",
    "Block",
    "ModelTurn",
    "RecordedRequest",
    "RequestKind",
    "ScriptError",
    "Step",
    "Text",
    "Thinking",
    "ToolUse",
    "Usage",
    "error_body",
    "json_objects",
    "text_turn",
    "tool_turn",
]

JSONObject: TypeAlias = Mapping[str, Any]

DEFAULT_SIGNATURE = "c2lnLWZha2U="
"""The thinking signature used when a :class:`Thinking` block names none (base64 of ``sig-fake``)."""

_ERROR_TYPES: Mapping[int, str] = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def error_body(error_type: str, message: str) -> dict[str, Any]:
    """An error answer's JSON body, in the Anthropic shape."""
    return {"type": "error", "error": {"type": error_type, "message": message}}


def json_objects(value: object) -> list[JSONObject]:
    """The JSON objects of ``value`` if it is an array (none otherwise)."""
    if not isinstance(value, list):
        return []
    return [cast("JSONObject", item) for item in cast("list[object]", value) if isinstance(item, dict)]


def _json_copy(value: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of a JSON object (so later changes to the caller's dict do not leak into the script)."""
    try:
        copy: dict[str, Any] = wire.loads(wire.dumps(value))
    except TypeError as exc:
        raise ValueError(f"cannot be sent as JSON: {exc}") from exc
    return copy


def _sendable(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """attrs validator: the value must encode as JSON (a lone surrogate in a string is sent as its
    ``\\uXXXX`` escape, like the real API)."""
    try:
        wire.dumps(value)
    except TypeError as exc:
        raise ValueError(f"{attribute.name} cannot be sent as JSON: {exc}") from exc


def _header_pairs(instance: object, attribute: attrs.Attribute[Any], value: Mapping[str, str]) -> None:
    """attrs validator: every name and value must be a valid HTTP header."""
    import h11  # imported on first use, so that importing the kit stays cheap

    try:
        h11.Response(status_code=200, headers=list(value.items()))
    except h11.LocalProtocolError as exc:
        raise ValueError(f"{attribute.name} holds an invalid header: {exc}") from exc


def _to_blocks(value: Iterable[Block]) -> tuple[Block, ...]:
    return tuple(value)


def _to_headers(value: Mapping[str, str]) -> dict[str, str]:
    return dict(value)


@attrs.frozen(kw_only=True)
class Text:
    """A text block the fake model writes; streamed as ``text_delta`` chunks.

    ``text`` may hold lone surrogates (a text cut inside a surrogate pair): they are sent as ``\\uXXXX``
    escapes.  Raises ``ValueError`` if ``text`` cannot be sent as JSON (it is not a string).
    """

    text: str = attrs.field(validator=_sendable)


@attrs.frozen(kw_only=True)
class Thinking:
    """A thinking block; streamed as ``thinking_delta`` chunks followed by one ``signature_delta``.

    Raises ``ValueError`` if a field cannot be sent as JSON (it is not a string).
    """

    thinking: str = attrs.field(validator=_sendable)
    signature: str = attrs.field(default=DEFAULT_SIGNATURE, validator=_sendable)


@attrs.frozen(kw_only=True)
class ToolUse:
    """A tool call; streamed as ``input_json_delta`` chunks of the JSON-encoded ``input``.

    ``id`` defaults to ``toolu_fake_<n>``, numbered from 1 per server in the order the ids are handed out,
    so the first tool call a server streams without an explicit id is ``toolu_fake_1``.  ``input`` is
    deep-copied.  Raises ``ValueError`` if a field cannot be sent as JSON (e.g. an integer beyond 64 bits,
    a non-string key, an object of another type).
    """

    name: str = attrs.field(validator=_sendable)
    input: dict[str, Any] = attrs.field(factory=dict[str, Any], converter=_json_copy)
    id: str | None = attrs.field(default=None, validator=_sendable)


Block: TypeAlias = Text | Thinking | ToolUse
"""One content block of a scripted model turn."""


@attrs.frozen(kw_only=True)
class Usage:
    """Token counts reported for a scripted model turn.

    ``output_tokens=None`` means "estimate from the blocks" (about four characters a token).
    """

    input_tokens: int = 10
    output_tokens: int | None = None
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0


@attrs.frozen(kw_only=True)
class ModelTurn:
    """One answer of the fake model: a message made of ``blocks``, streamed (or returned) in order.

    * ``stop_reason``: ``None`` means ``"tool_use"`` if any block is a :class:`ToolUse`, else ``"end_turn"``.
    * ``model``: ``None`` echoes the model the request asked for.
    * ``usage``: ``None`` means ``Usage()``.
    * ``chunk_delay``: seconds to wait before each server-sent event after the first (slow streaming).
    * ``chunk_size``: characters per ``text_delta``/``thinking_delta``/``input_json_delta`` chunk.
    * ``stall``: after the last content delta, send nothing more and hold the response open until the
      client drops the connection or the server closes: a model that never finishes, for interrupt tests.

    ``chunk_delay`` and ``stall`` only apply to streaming requests (the CLI always streams).  Raises
    ``ValueError`` for a negative delay, a chunk size below 1 or a field that cannot be sent as JSON, and
    ``TypeError`` for a block that is not a :class:`Text`, :class:`Thinking` or :class:`ToolUse`.
    """

    blocks: tuple[Block, ...] = attrs.field(
        converter=_to_blocks,
        validator=attrs.validators.deep_iterable(attrs.validators.instance_of((Text, Thinking, ToolUse))),
    )
    stop_reason: str | None = attrs.field(default=None, validator=_sendable)
    model: str | None = attrs.field(default=None, validator=_sendable)
    usage: Usage | None = None
    chunk_delay: float = attrs.field(default=0.0, validator=attrs.validators.ge(0.0))
    chunk_size: int = attrs.field(default=8, validator=attrs.validators.ge(1))
    stall: bool = False


@attrs.frozen(kw_only=True)
class APIError:
    """An HTTP error answer in the Anthropic shape ``{"type":"error","error":{"type":…,"message":…}}``.

    * ``message``: ``None`` means ``"fake error <status>"``.
    * ``error_type``: ``None`` derives it from ``status`` (500 ``api_error``, 401 ``authentication_error``,
      429 ``rate_limit_error``, 529 ``overloaded_error``, 400 ``invalid_request_error``…).
    * ``headers``: extra response headers, e.g. ``{"retry-after": "0"}`` or ``{"x-should-retry": "false"}``.

    The CLI retries most errors (``CLAUDE_CODE_MAX_RETRIES`` times, see :meth:`MessagesAPI.cli_env`), and
    every attempt takes one step of the script.  Raises ``ValueError`` for a status outside 400-599, an
    invalid header, or a field that cannot be sent as JSON.
    """

    status: int = attrs.field(
        validator=attrs.validators.and_(attrs.validators.ge(400), attrs.validators.le(599))
    )
    message: str | None = attrs.field(default=None, validator=_sendable)
    error_type: str | None = attrs.field(default=None, validator=_sendable)
    headers: dict[str, str] = attrs.field(
        factory=dict[str, str], converter=_to_headers, validator=_header_pairs
    )

    def body(self) -> dict[str, Any]:
        """Return the JSON error body this step answers with."""
        return error_body(
            self.error_type or _ERROR_TYPES.get(self.status, "api_error"),
            self.message if self.message is not None else f"fake error {self.status}",
        )


RequestKind: TypeAlias = Literal["main", "side", "count_tokens", "unknown"]
"""How the server classified a request.

* ``"main"``: ``POST /v1/messages`` from the agent's main loop (it carries a non-empty ``tools`` array, or
  streams an answer of more than one token); it takes the next step of the script.
* ``"side"``: any other ``POST /v1/messages`` (the model-validation probe after ``set_model``…); it gets
  a canned text reply.
* ``"count_tokens"``: ``POST /v1/messages/count_tokens``; answered with a rough estimate.
* ``"unknown"``: any other method or path, answered with 404; or a body that is not a JSON object,
  answered with 400 (and recorded in :attr:`MessagesAPI.errors`).
"""


@attrs.frozen(kw_only=True)
class RecordedRequest:
    """One HTTP request the fake API received, as the CLI sent it.

    ``index`` is its position in :attr:`MessagesAPI.requests`; ``step`` is the index of the script step it
    took (``None`` if it took none).  ``headers`` have lower-case names (repeated headers are joined with
    ``", "``).  ``body`` is the parsed JSON object (empty if the body was not a JSON object).
    """

    index: int
    method: str
    target: str
    path: str
    query: Mapping[str, str]
    headers: Mapping[str, str]
    body: JSONObject
    raw_body: bytes = attrs.field(repr=False)
    kind: RequestKind
    step: int | None = None

    @property
    def model(self) -> str | None:
        """The ``model`` the request asked for."""
        model = self.body.get("model")
        return model if isinstance(model, str) else None

    @property
    def stream(self) -> bool:
        """Whether the request asked for a server-sent event stream."""
        return self.body.get("stream") is True

    @property
    def messages(self) -> list[JSONObject]:
        """The ``messages`` array (only its JSON objects)."""
        return json_objects(self.body.get("messages"))

    @property
    def tool_names(self) -> list[str]:
        """The names of the tools the request offered the model."""
        return [
            name for tool in json_objects(self.body.get("tools")) if isinstance(name := tool.get("name"), str)
        ]

    def content_blocks(self) -> list[JSONObject]:
        """Every content block of every message, in order (a string ``content`` counts as one text block)."""
        blocks: list[JSONObject] = []
        for message in self.messages:
            content = message.get("content")
            if isinstance(content, str):
                blocks.append({"type": "text", "text": content})
            else:
                blocks.extend(json_objects(content))
        return blocks

    def tool_result(self, tool_use_id: str) -> JSONObject | None:
        """Return the ``tool_result`` block answering ``tool_use_id``, or ``None`` if there is none."""
        for block in self.content_blocks():
            if block.get("type") == "tool_result" and block.get("tool_use_id") == tool_use_id:
                return block
        return None

    def texts(self) -> list[str]:
        """The text of every text block of every message, in order."""
        return [text for block in self.content_blocks() if isinstance(text := block.get("text"), str)]


Answer: TypeAlias = ModelTurn | APIError
"""What a script step answers a main-loop request with."""

Step: TypeAlias = ModelTurn | APIError | Callable[[RecordedRequest], Answer]
"""One step of a script: a fixed answer, or a function choosing the answer from the request it answers.

An exception raised by a function step is recorded in :attr:`MessagesAPI.errors` and answered with 500.
"""


def text_turn(
    text: str,
    *,
    stop_reason: str | None = None,
    model: str | None = None,
    usage: Usage | None = None,
    chunk_delay: float = 0.0,
    chunk_size: int = 8,
    stall: bool = False,
) -> ModelTurn:
    """Return a :class:`ModelTurn` with one text block; the keywords are the :class:`ModelTurn` fields."""
    return ModelTurn(
        blocks=(Text(text=text),),
        stop_reason=stop_reason,
        model=model,
        usage=usage,
        chunk_delay=chunk_delay,
        chunk_size=chunk_size,
        stall=stall,
    )


def tool_turn(
    name: str,
    input: Mapping[str, Any],
    *,
    id: str | None = None,
    text: str | None = None,
    stop_reason: str | None = None,
    model: str | None = None,
    usage: Usage | None = None,
    chunk_delay: float = 0.0,
    chunk_size: int = 8,
    stall: bool = False,
) -> ModelTurn:
    """Return a :class:`ModelTurn` calling one tool (after a text block if ``text`` is given).

    The other keywords are the :class:`ModelTurn` fields; the stop reason defaults to ``"tool_use"``.
    """
    blocks: list[Block] = [] if text is None else [Text(text=text)]
    blocks.append(ToolUse(name=name, input=input, id=id))
    return ModelTurn(
        blocks=blocks,
        stop_reason=stop_reason,
        model=model,
        usage=usage,
        chunk_delay=chunk_delay,
        chunk_size=chunk_size,
        stall=stall,
    )


class ScriptError(AssertionError):
    """The script was not followed.

    Raised by :meth:`MessagesAPI.assert_script_done` when steps are left over or something unexpected
    happened (see :attr:`MessagesAPI.errors`); by :meth:`MessagesAPI.wait_for_requests` when the wait can
    never end; and, with ``strict=True``, when the :func:`serve_messages_api` block ends normally although
    :attr:`MessagesAPI.errors` is not empty.
    """
