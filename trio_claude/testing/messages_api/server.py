"""The fake Messages API server: takes script steps, records requests, answers over HTTP on 127.0.0.1."""

from __future__ import annotations

import os
from collections.abc import AsyncGenerator, Iterable, Mapping
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, cast
from urllib.parse import parse_qsl, urlsplit

import attrs
import trio

from ... import wire
from .render import ResolvedTurn, sse, stall_point
from .script import (
    Answer,
    APIError,
    Block,
    JSONObject,
    ModelTurn,
    RecordedRequest,
    RequestKind,
    ScriptError,
    Step,
    Text,
    ToolUse,
    Usage,
    error_body,
    json_objects,
)

if TYPE_CHECKING:
    from .http import Exchange, Request

__all__ = ["DEFAULT_API_KEY", "MessagesAPI", "serve_messages_api"]

DEFAULT_API_KEY = "sk-ant-fake-trio-claude"
"""The dummy API key :meth:`MessagesAPI.cli_env` hands to the CLI; the fake server accepts any key."""


def _is_main_loop(body: JSONObject) -> bool:
    """Whether a ``/v1/messages`` body comes from the agent's main loop (rather than a side request).

    The main loop sends a non-empty ``tools`` array, and always streams; with ``--tools ""`` it sends no
    tools at all, so a streaming request for more than one token counts as well.  The side requests seen so
    far (the model-validation probe after ``set_model``: ``max_tokens: 1``, no tools, no ``stream``) match
    neither.
    """
    if json_objects(body.get("tools")):
        return True
    max_tokens = body.get("max_tokens")
    return body.get("stream") is True and not (isinstance(max_tokens, int) and max_tokens <= 1)


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
        from .http import serve  # h11 imported on first use: see the module http

        self.connections += 1
        await serve(stream, self._answer_request)

    async def _answer_request(self, exchange: Exchange, request: Request) -> None:
        await self._answer(exchange, self._record(request))

    def _record(self, request: Request) -> RecordedRequest:
        method, target, headers, raw_body = request.method, request.target, request.headers, request.body
        split = urlsplit(target)
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

    async def _answer(self, exchange: Exchange, record: RecordedRequest) -> None:
        headers = self._request_id_header(record)
        match record.kind:
            case "unknown":
                if record.path in ("/v1/messages", "/v1/messages/count_tokens") and record.method == "POST":
                    body = error_body("invalid_request_error", "the request body is not a JSON object")
                    await exchange.send_json(400, body, headers)
                else:
                    body = error_body("not_found_error", f"no route for {record.method} {record.path}")
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

    def _resolve(self, record: RecordedRequest, turn: ModelTurn) -> ResolvedTurn:
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
        return ResolvedTurn(
            id=f"msg_fake_{self._message_ids}",
            model=turn.model or record.model or "claude-fake",
            blocks=tuple(blocks),
            stop_reason=stop_reason,
            usage=turn.usage or Usage(),
            chunk_size=turn.chunk_size,
        )

    async def _send_turn(self, exchange: Exchange, record: RecordedRequest, turn: ModelTurn) -> None:
        message = self._resolve(record, turn)
        headers = self._request_id_header(record)
        if not record.stream:
            await exchange.send_json(200, message.message_json(), headers)
            return
        events = message.events()
        end = stall_point(events) if turn.stall else len(events)
        response_headers = [
            ("content-type", "text/event-stream; charset=utf-8"),
            ("cache-control", "no-cache"),
            *headers.items(),
        ]
        rendered = [sse(event) for event in events[:end]]
        finished = await exchange.send_stream(
            response_headers, rendered, complete=end == len(events), delay=turn.chunk_delay
        )
        if not finished:  # the client hung up: the connection ends here
            self.dropped.append(record)
            self._notify()


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
