"""A scripted fake of the Anthropic Messages API, served over HTTP/1.1 on 127.0.0.1 (Trio + h11).

The real ``claude`` CLI runs fully offline when ``ANTHROPIC_BASE_URL`` points at this server: every request
of the agent's main loop takes the next *step* of a script (a model turn to stream back, or an HTTP error),
while side requests (the model-validation probe after ``set_model``, token counting, title generation…) get
canned answers and never consume the script.  Every request is recorded, so a test can also check what the
CLI sent.

The module has two layers: pure functions that turn a script step into the JSON message or the server-sent
events of one answer (no I/O), and :class:`MessagesAPI`, the server that speaks HTTP through :mod:`h11`.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import AsyncGenerator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, Literal, TypeAlias, cast
from urllib.parse import parse_qsl, urlsplit

import attrs
import h11
import trio

from .. import wire

__all__ = [
    "APIError",
    "Answer",
    "MessagesAPI",
    "ModelTurn",
    "RecordedRequest",
    "RequestKind",
    "ScriptError",
    "Step",
    "Text",
    "Thinking",
    "ToolUse",
    "Usage",
    "serve_messages_api",
    "text_turn",
    "tool_turn",
]

JSONObject: TypeAlias = Mapping[str, Any]

DEFAULT_SIGNATURE = "c2lnLWZha2U="
"""The thinking signature used when a :class:`Thinking` block names none (base64 of ``sig-fake``)."""

DEFAULT_API_KEY = "sk-ant-fake-trio-claude"
"""The dummy API key :meth:`MessagesAPI.cli_env` hands to the CLI; the fake server accepts any key."""

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

_READ_SIZE = 65536


# --------------------------------------------------------------------------------------------------------
# The script
# --------------------------------------------------------------------------------------------------------


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
        return _error_body(
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
        return _objects(self.body.get("messages"))

    @property
    def tool_names(self) -> list[str]:
        """The names of the tools the request offered the model."""
        return [
            name for tool in _objects(self.body.get("tools")) if isinstance(name := tool.get("name"), str)
        ]

    def content_blocks(self) -> list[JSONObject]:
        """Every content block of every message, in order (a string ``content`` counts as one text block)."""
        blocks: list[JSONObject] = []
        for message in self.messages:
            content = message.get("content")
            if isinstance(content, str):
                blocks.append({"type": "text", "text": content})
            else:
                blocks.extend(_objects(content))
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


# --------------------------------------------------------------------------------------------------------
# Rendering answers (pure)
# --------------------------------------------------------------------------------------------------------


def _objects(value: object) -> list[JSONObject]:
    if not isinstance(value, list):
        return []
    return [cast("JSONObject", item) for item in cast("list[object]", value) if isinstance(item, dict)]


def _is_main_loop(body: JSONObject) -> bool:
    """Whether a ``/v1/messages`` body comes from the agent's main loop (rather than a side request).

    The main loop sends a non-empty ``tools`` array, and always streams; with ``--tools ""`` it sends no
    tools at all, so a streaming request for more than one token counts as well.  The side requests seen so
    far (the model-validation probe after ``set_model``: ``max_tokens: 1``, no tools, no ``stream``) match
    neither.
    """
    if _objects(body.get("tools")):
        return True
    max_tokens = body.get("max_tokens")
    return body.get("stream") is True and not (isinstance(max_tokens, int) and max_tokens <= 1)


def _error_body(error_type: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": error_type, "message": message}}


def _chunks(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


@attrs.frozen(kw_only=True)
class _Message:
    """A model turn with every default resolved: what one answer contains, whatever its framing."""

    id: str
    model: str
    blocks: tuple[Block, ...]
    stop_reason: str
    usage: Usage
    chunk_size: int

    def block_json(self, block: Block) -> dict[str, Any]:
        match block:
            case Text(text=text):
                return {"type": "text", "text": text}
            case Thinking(thinking=thinking, signature=signature):
                return {"type": "thinking", "thinking": thinking, "signature": signature}
            case ToolUse(name=name, input=input, id=id):
                return {"type": "tool_use", "id": id, "name": name, "input": input}

    def output_tokens(self) -> int:
        if self.usage.output_tokens is not None:
            return self.usage.output_tokens
        chars = sum(len(wire.dumps(self.block_json(block))) for block in self.blocks)
        return max(1, math.ceil(chars / 4))

    def usage_json(self, *, output_tokens: int) -> dict[str, Any]:
        return {
            "input_tokens": self.usage.input_tokens,
            "output_tokens": output_tokens,
            "cache_creation_input_tokens": self.usage.cache_creation_input_tokens,
            "cache_read_input_tokens": self.usage.cache_read_input_tokens,
        }

    def message_json(self) -> dict[str, Any]:
        """The whole message, as a non-streaming answer returns it."""
        return {
            "id": self.id,
            "type": "message",
            "role": "assistant",
            "model": self.model,
            "content": [self.block_json(block) for block in self.blocks],
            "stop_reason": self.stop_reason,
            "stop_sequence": None,
            "usage": self.usage_json(output_tokens=self.output_tokens()),
        }

    def events(self) -> list[dict[str, Any]]:
        """The server-sent events of a streaming answer, in order (each has its ``type``)."""
        start: dict[str, Any] = {**self.message_json(), "content": [], "stop_reason": None}
        start["usage"] = self.usage_json(output_tokens=1)
        events: list[dict[str, Any]] = [{"type": "message_start", "message": start}]
        for index, block in enumerate(self.blocks):
            deltas: list[dict[str, Any]]
            match block:
                case Text(text=text):
                    empty: dict[str, Any] = {"type": "text", "text": ""}
                    deltas = [{"type": "text_delta", "text": c} for c in _chunks(text, self.chunk_size)]
                case Thinking(thinking=thinking, signature=signature):
                    empty = {"type": "thinking", "thinking": "", "signature": ""}
                    deltas = [
                        {"type": "thinking_delta", "thinking": c} for c in _chunks(thinking, self.chunk_size)
                    ]
                    deltas.append({"type": "signature_delta", "signature": signature})
                case ToolUse(name=name, id=id):
                    empty = {"type": "tool_use", "id": id, "name": name, "input": {}}
                    partial = wire.dumps(block.input).decode()
                    deltas = [
                        {"type": "input_json_delta", "partial_json": c}
                        for c in _chunks(partial, self.chunk_size)
                    ]
            events.append({"type": "content_block_start", "index": index, "content_block": empty})
            events.extend({"type": "content_block_delta", "index": index, "delta": delta} for delta in deltas)
            events.append({"type": "content_block_stop", "index": index})
        events.append(
            {
                "type": "message_delta",
                "delta": {"stop_reason": self.stop_reason, "stop_sequence": None},
                "usage": {"output_tokens": self.output_tokens()},
            }
        )
        events.append({"type": "message_stop"})
        return events


def _sse(event: Mapping[str, Any]) -> bytes:
    return b"event: " + str(event["type"]).encode() + b"\ndata: " + wire.dumps(event) + b"\n\n"


def _stall_point(events: Sequence[Mapping[str, Any]]) -> int:
    """Index of the first event *not* sent by a stalling turn: the last ``content_block_stop``, if any."""
    for position in range(len(events) - 1, -1, -1):
        if events[position]["type"] == "content_block_stop":
            return position
    return 1  # no blocks: stall right after message_start


# --------------------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------------------


class _PeerGone(Exception):
    """The client closed or reset the connection."""


@attrs.define(eq=False)
class _Exchange:
    """One HTTP connection: an h11 state machine over a trio stream."""

    stream: trio.abc.Stream
    conn: h11.Connection = attrs.field(factory=lambda: h11.Connection(h11.SERVER))
    method: bytes = b""  # of the request being answered

    async def send(self, event: h11.Event) -> None:
        data = self.conn.send(event)
        if data:
            try:
                await self.stream.send_all(data)
            except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                raise _PeerGone from exc

    async def receive(self) -> bytes:
        """Feed h11 what the client sends next, and return it (``b""``: the client hung up)."""
        try:
            data = bytes(await self.stream.receive_some(_READ_SIZE))
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            data = b""
        self.conn.receive_data(data)
        return data

    async def next_event(self) -> h11.Event | type[h11.PAUSED]:
        while True:
            event = self.conn.next_event()
            if event is h11.NEED_DATA:
                await self.receive()
                continue
            return cast("h11.Event | type[h11.PAUSED]", event)

    async def send_json(self, status: int, body: Mapping[str, Any], headers: Mapping[str, str]) -> None:
        payload = wire.dumps(body)
        all_headers = [("content-type", "application/json"), ("content-length", str(len(payload)))]
        all_headers.extend(headers.items())
        await self.send(h11.Response(status_code=status, headers=all_headers))
        if self.method != b"HEAD":  # h11 frames the answer to HEAD as headers only
            await self.send(h11.Data(data=payload))
        await self.send(h11.EndOfMessage())


class MessagesAPI:
    """The fake Messages API: the script, the record of requests, and the HTTP handling.

    :func:`serve_messages_api` makes one and serves it over TCP.  To serve it some other way (e.g. over
    :func:`trio.testing.memory_stream_pair`), construct it with the script and run
    :meth:`serve_connection` on each stream; ``port`` then only shapes :attr:`base_url`.

    Attributes:
        base_url: ``"http://127.0.0.1:PORT"``, the value for ``ANTHROPIC_BASE_URL``.
        port: the TCP port it listens on (127.0.0.1 only).
        requests: every request received, in order.
        script_requests: only the requests that took a script step, in order.
        dropped: the requests whose streamed answer the client abandoned before its end (e.g. interrupts).
        connections: how many connections have been accepted (the CLI keeps one alive across requests).
        errors: what went wrong (requests beyond the end of the script, function steps that raised, bodies
            that were not JSON), one sentence each.
    """

    def __init__(self, steps: Iterable[Step] = (), *, port: int = 0, side_text: str = "OK") -> None:
        self.port = port
        self.base_url = f"http://127.0.0.1:{port}"
        self.requests: list[RecordedRequest] = []
        self.script_requests: list[RecordedRequest] = []
        self.dropped: list[RecordedRequest] = []
        self.errors: list[str] = []
        self.connections = 0
        self._steps: list[Step] = list(steps)
        self._side_text = side_text
        self._next_step = 0
        self._tool_ids = 0
        self._message_ids = 0
        self._changed = trio.Event()

    # ---- for tests ----------------------------------------------------------------------------------

    @property
    def steps_left(self) -> int:
        """How many script steps have not been taken yet."""
        return len(self._steps) - self._next_step

    @property
    def exhausted(self) -> bool:
        """Whether every script step has been taken."""
        return self.steps_left == 0

    def add_steps(self, *steps: Step) -> None:
        """Append steps to the end of the script (e.g. the answers for a test's next user turn)."""
        self._steps.extend(steps)
        self._notify()

    def cli_env(
        self,
        home: str | os.PathLike[str],
        *,
        max_retries: int | None = 0,
        extra: Mapping[str, str] | None = None,
    ) -> dict[str, str]:
        """Return a complete environment for running the ``claude`` CLI offline against this server.

        It holds ``ANTHROPIC_BASE_URL``, a dummy ``ANTHROPIC_API_KEY``,
        ``CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1``, ``DISABLE_AUTOUPDATER=1``, ``HOME=home``,
        ``CLAUDE_CONFIG_DIR=home/.claude``, ``CLAUDE_CODE_MAX_RETRIES=max_retries`` (left out when ``None``,
        so the CLI's default of 10 retries with back-off applies), ``PATH`` and ``LANG`` from this process's
        environment, then ``extra``.  Nothing else of this process's environment leaks into it.
        """
        home_str = os.fspath(home)
        env = {
            "PATH": os.environ.get("PATH", os.defpath),
            "LANG": os.environ.get("LANG", "C.UTF-8"),
            "HOME": home_str,
            "CLAUDE_CONFIG_DIR": os.path.join(home_str, ".claude"),
            "ANTHROPIC_BASE_URL": self.base_url,
            "ANTHROPIC_API_KEY": DEFAULT_API_KEY,
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
        }
        if max_retries is not None:
            env["CLAUDE_CODE_MAX_RETRIES"] = str(max_retries)
        env.update(extra or {})
        return env

    async def wait_for_requests(self, n: int) -> RecordedRequest:
        """Wait until ``n`` requests have taken a script step, and return the ``n``-th of them.

        Raises:
            ValueError: ``n`` is less than 1.
            ScriptError: the script has fewer than ``n`` steps, so the wait could never end.

        Cancellation simply abandons the wait (wrap it in :func:`trio.fail_after` to bound it).
        """
        if n < 1:
            raise ValueError(f"n must be at least 1, not {n}")
        while len(self.script_requests) < n:
            if n > len(self._steps):
                raise ScriptError(
                    f"waiting for script request {n}, but the script has only {len(self._steps)} steps"
                )
            await self._changed.wait()
        await trio.lowlevel.checkpoint()
        return self.script_requests[n - 1]

    async def wait_for_dropped(self, n: int = 1) -> RecordedRequest:
        """Wait until the client has abandoned ``n`` streamed answers, and return the ``n``-th request.

        The CLI hangs up in the middle of a streamed answer when it is interrupted; the server notices at
        once, even while a :attr:`ModelTurn.stall`-ing turn sends nothing.

        Raises:
            ValueError: ``n`` is less than 1.

        Cancellation simply abandons the wait (wrap it in :func:`trio.fail_after` to bound it).
        """
        if n < 1:
            raise ValueError(f"n must be at least 1, not {n}")
        while len(self.dropped) < n:
            await self._changed.wait()
        await trio.lowlevel.checkpoint()
        return self.dropped[n - 1]

    def assert_script_done(self) -> None:
        """Check that every step was taken and nothing unexpected happened.

        Raises:
            ScriptError: steps are left over, or :attr:`errors` is not empty.
        """
        problems = list(self.errors)
        if self.steps_left:
            problems.append(f"{self.steps_left} of {len(self._steps)} script steps were never requested")
        if problems:
            raise ScriptError("; ".join(problems))

    # ---- serving --------------------------------------------------------------------------------------

    def _notify(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    async def serve_connection(self, stream: trio.abc.Stream) -> None:
        """Serve HTTP/1.1 requests on ``stream`` until the client closes it, then close ``stream``.

        :func:`serve_messages_api` runs this for every accepted TCP connection; a test can also run it
        on an in-memory stream (:func:`trio.testing.memory_stream_pair`).  A client that hangs up, even in
        the middle of a streamed answer, ends it quietly; a malformed request is answered with 400.
        Cancellation closes ``stream`` at once.
        """
        self.connections += 1
        exchange = _Exchange(stream=stream)
        try:
            while await self._serve_one(exchange):
                exchange.conn.start_next_cycle()
        except _PeerGone:
            pass
        except h11.RemoteProtocolError as exc:
            if exchange.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE):
                body = _error_body("invalid_request_error", f"bad HTTP request: {exc}")
                with contextlib.suppress(_PeerGone, h11.LocalProtocolError):
                    await exchange.send_json(exc.error_status_hint, body, {"connection": "close"})
        finally:
            await stream.aclose()

    async def _serve_one(self, exchange: _Exchange) -> bool:
        """Read one request and answer it; return whether the connection can serve another."""
        event = await exchange.next_event()
        if not isinstance(event, h11.Request):
            return False  # ConnectionClosed (or a client that sent something else first)
        exchange.method = event.method
        raw_body = bytearray()
        while True:
            part = await exchange.next_event()
            if isinstance(part, h11.Data):
                raw_body += part.data
            elif isinstance(part, h11.EndOfMessage):
                break
            else:
                return False  # the client went away halfway through its request
        record = self._record(event, bytes(raw_body))
        await self._answer(exchange, record)
        return exchange.conn.our_state is h11.DONE and exchange.conn.their_state is h11.DONE

    def _record(self, request: h11.Request, raw_body: bytes) -> RecordedRequest:
        method = request.method.decode("ascii", "replace")
        target = request.target.decode("ascii", "replace")
        split = urlsplit(target)
        headers: dict[str, str] = {}
        for name, value in request.headers:
            key = name.decode("ascii", "replace")
            text = value.decode("latin-1")
            headers[key] = f"{headers[key]}, {text}" if key in headers else text
        body: JSONObject = {}
        parsed_ok = True
        if raw_body:
            try:
                parsed: object = wire.loads(raw_body)
            except wire.DecodeError:
                parsed_ok = False
            else:
                if isinstance(parsed, dict):
                    body = cast("JSONObject", parsed)
                else:
                    parsed_ok = False

        kind: RequestKind
        step: int | None = None
        if method != "POST" or split.path not in ("/v1/messages", "/v1/messages/count_tokens"):
            kind = "unknown"
        elif not parsed_ok:
            kind = "unknown"
            self.errors.append(f"request {len(self.requests)}: {method} {target} body is not a JSON object")
        elif split.path == "/v1/messages/count_tokens":
            kind = "count_tokens"
        elif _is_main_loop(body):
            kind = "main"
            if self._next_step < len(self._steps):
                step = self._next_step
                self._next_step += 1
            else:
                self.errors.append(
                    f"request {len(self.requests)}: main-loop request after the end of the script "
                    f"({len(self._steps)} steps)"
                )
        else:
            kind = "side"
        record = RecordedRequest(
            index=len(self.requests),
            method=method,
            target=target,
            path=split.path,
            query=dict(parse_qsl(split.query, keep_blank_values=True)),
            headers=headers,
            body=body,
            raw_body=raw_body,
            kind=kind,
            step=step,
        )
        self.requests.append(record)
        if step is not None:
            self.script_requests.append(record)
        self._notify()
        return record

    def _request_id_header(self, record: RecordedRequest) -> dict[str, str]:
        return {"request-id": f"req_fake_{record.index + 1}"}

    async def _answer(self, exchange: _Exchange, record: RecordedRequest) -> None:
        headers = self._request_id_header(record)
        match record.kind:
            case "unknown":
                if record.path in ("/v1/messages", "/v1/messages/count_tokens") and record.method == "POST":
                    body = _error_body("invalid_request_error", "the request body is not a JSON object")
                    await exchange.send_json(400, body, headers)
                else:
                    body = _error_body("not_found_error", f"no route for {record.method} {record.path}")
                    await exchange.send_json(404, body, headers)
            case "count_tokens":
                await exchange.send_json(200, {"input_tokens": max(1, len(record.raw_body) // 4)}, headers)
            case "side":
                await self._send_turn(exchange, record, ModelTurn(blocks=[Text(text=self._side_text)]))
            case "main":
                answer = self._take_answer(record)
                if isinstance(answer, APIError):
                    await exchange.send_json(answer.status, answer.body(), headers | answer.headers)
                else:
                    await self._send_turn(exchange, record, answer)

    def _take_answer(self, record: RecordedRequest) -> Answer:
        if record.step is None:
            return APIError(
                status=500,
                message=f"trio_claude fake Messages API: the script is exhausted ({len(self._steps)} steps)",
            )
        step = self._steps[record.step]
        if isinstance(step, ModelTurn | APIError):
            return step
        try:
            answer = step(record)
        except Exception as exc:
            self.errors.append(f"request {record.index}: script step {record.step} raised {exc!r}")
            return APIError(status=500, message=f"trio_claude fake Messages API: script step raised {exc!r}")
        if not isinstance(answer, ModelTurn | APIError):  # pyright: ignore[reportUnnecessaryIsInstance]
            self.errors.append(f"request {record.index}: script step {record.step} returned {answer!r}")
            return APIError(status=500, message="trio_claude fake Messages API: bad script step")
        return answer

    def _resolve(self, record: RecordedRequest, turn: ModelTurn) -> _Message:
        blocks: list[Block] = []
        for block in turn.blocks:
            if isinstance(block, ToolUse) and block.id is None:
                self._tool_ids += 1
                block = attrs.evolve(block, id=f"toolu_fake_{self._tool_ids}")
            blocks.append(block)
        self._message_ids += 1
        stop_reason = turn.stop_reason
        if stop_reason is None:
            stop_reason = "tool_use" if any(isinstance(block, ToolUse) for block in blocks) else "end_turn"
        return _Message(
            id=f"msg_fake_{self._message_ids}",
            model=turn.model or record.model or "claude-fake",
            blocks=tuple(blocks),
            stop_reason=stop_reason,
            usage=turn.usage or Usage(),
            chunk_size=turn.chunk_size,
        )

    async def _send_turn(self, exchange: _Exchange, record: RecordedRequest, turn: ModelTurn) -> None:
        message = self._resolve(record, turn)
        headers = self._request_id_header(record)
        if not record.stream:
            await exchange.send_json(200, message.message_json(), headers)
            return
        events = message.events()
        end = _stall_point(events) if turn.stall else len(events)
        response_headers = [
            ("content-type", "text/event-stream; charset=utf-8"),
            ("cache-control", "no-cache"),
            *headers.items(),
        ]
        peer_gone = trio.Event()
        finished = False
        async with trio.open_nursery() as nursery:
            # (the ignore is for the outdated trio-typing stubs; trio's own annotations are complete)
            nursery.start_soon(  # pyright: ignore[reportUnknownMemberType]
                self._watch_for_hangup, exchange, peer_gone
            )
            try:
                finished = await self._stream(
                    exchange, response_headers, events, end, turn.chunk_delay, peer_gone
                )
            except _PeerGone:
                pass
            finally:
                nursery.cancel_scope.cancel()
        if not finished:
            self.dropped.append(record)
            self._notify()
            raise _PeerGone

    async def _stream(
        self,
        exchange: _Exchange,
        headers: list[tuple[str, str]],
        events: Sequence[Mapping[str, Any]],
        end: int,
        delay: float,
        peer_gone: trio.Event,
    ) -> bool:
        """Send ``events[:end]``, then end the response if ``end`` is the last; return whether it ended."""
        await exchange.send(h11.Response(status_code=200, headers=headers))
        for position, event in enumerate(events[:end]):
            if position and delay:
                with trio.move_on_after(delay):
                    await peer_gone.wait()
            if peer_gone.is_set():
                return False
            await exchange.send(h11.Data(data=_sse(event)))
        if end < len(events):
            await peer_gone.wait()  # stall: hold the response open until the client gives up
            return False
        await exchange.send(h11.EndOfMessage())
        return True

    async def _watch_for_hangup(self, exchange: _Exchange, peer_gone: trio.Event) -> None:
        """While an answer streams, read the connection so that a client hanging up is noticed at once.

        Whatever arrives meanwhile (a pipelined request) is kept in h11's buffer for the next cycle.
        """
        while await exchange.receive():
            pass
        peer_gone.set()


def _sole_member(exc: BaseException) -> BaseException | None:
    """If ``exc`` is an exception group with exactly one member, return that member."""
    members: object = getattr(exc, "exceptions", None)  # BaseExceptionGroup is not a builtin on 3.10
    if isinstance(members, tuple):
        items = cast("tuple[object, ...]", members)
        if len(items) == 1 and isinstance(items[0], BaseException):
            return items[0]
    return None


@asynccontextmanager
async def serve_messages_api(
    script: Iterable[Step] = (),
    *,
    strict: bool = True,
    side_text: str = "OK",
) -> AsyncGenerator[MessagesAPI, None]:
    """Serve a scripted fake Messages API on 127.0.0.1 (an ephemeral port) for the duration of the block.

    Each main-loop request (see :data:`RequestKind`) takes the next step of ``script``; other
    ``/v1/messages`` requests get a canned ``side_text`` reply, ``count_tokens`` gets an estimate, any other
    path gets 404.  A main-loop request after the end of the script is answered with
    HTTP 500 and recorded in :attr:`MessagesAPI.errors`.

    The server and every connection run in a nursery of their own inside the block; leaving the block
    cancels them at once, dropping any open connection.  An exception raised by the block propagates
    unchanged (not wrapped in an exception group).

    Raises:
        ScriptError: with ``strict=True``, when the block ends without an exception but
            :attr:`MessagesAPI.errors` is not empty.
        OSError: the listening socket could not be opened.
    """
    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    sockname = cast("tuple[str, int]", listeners[0].socket.getsockname())
    api = MessagesAPI(script, port=sockname[1], side_text=side_text)
    body_exc: BaseException | None = None
    unwrap = False
    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(  # pyright: ignore[reportUnknownMemberType]  (outdated trio-typing stubs)
                trio.serve_listeners, api.serve_connection, listeners
            )
            try:
                yield api
            except BaseException as exc:
                body_exc = exc
                raise
            finally:
                nursery.cancel_scope.cancel()
    except BaseException as exc:
        if body_exc is None or _sole_member(exc) is not body_exc:
            raise
        unwrap = True
    if unwrap:
        assert body_exc is not None
        raise body_exc
    if strict and api.errors:
        raise ScriptError("; ".join(api.errors))
