"""HTTP/1.1 for the fake Messages API, through :mod:`h11`: read requests, answer with JSON or an event stream.

The one module that imports h11 (the ``test`` extra's): :class:`~.server.MessagesAPI` imports it when it
serves a connection, so loading the test kit (as the pytest plugin does in every run) does not need it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, cast

import attrs
import h11
import trio

from ... import wire
from .script import error_body

__all__ = ["Exchange", "Request", "serve"]

_READ_SIZE = 65536


class _PeerGone(Exception):
    """The client closed or reset the connection."""


@attrs.frozen(kw_only=True)
class Request:
    """One request as received: ``headers`` have lower-case names (repeated ones joined with ``", "``)."""

    method: str
    target: str
    headers: Mapping[str, str]
    body: bytes


class Exchange:
    """One HTTP connection: an h11 state machine over a trio stream."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        self._stream = stream
        self._conn = h11.Connection(h11.SERVER)
        self._method = b""  # of the request being answered

    async def _send(self, event: h11.Event) -> None:
        data = self._conn.send(event)
        if data:
            try:
                await self._stream.send_all(data)
            except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                raise _PeerGone from exc

    async def _receive(self) -> bytes:
        """Feed h11 what the client sends next, and return it (``b""``: the client hung up)."""
        try:
            data = bytes(await self._stream.receive_some(_READ_SIZE))
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            data = b""
        self._conn.receive_data(data)
        return data

    async def _next_event(self) -> h11.Event | type[h11.PAUSED]:
        while True:
            event = self._conn.next_event()
            if event is h11.NEED_DATA:
                await self._receive()
                continue
            return cast("h11.Event | type[h11.PAUSED]", event)

    async def next_request(self) -> Request | None:
        """The next whole request; ``None`` when the client closed the connection (or went away halfway
        through its request)."""
        event = await self._next_event()
        if not isinstance(event, h11.Request):
            return None  # ConnectionClosed (or a client that sent something else first)
        self._method = event.method
        body = bytearray()
        while True:
            part = await self._next_event()
            if isinstance(part, h11.Data):
                body += part.data
            elif isinstance(part, h11.EndOfMessage):
                break
            else:
                return None
        headers: dict[str, str] = {}
        for name, value in event.headers:
            key = name.decode("ascii", "replace")
            text = value.decode("latin-1")
            headers[key] = f"{headers[key]}, {text}" if key in headers else text
        return Request(
            method=event.method.decode("ascii", "replace"),
            target=event.target.decode("ascii", "replace"),
            headers=headers,
            body=bytes(body),
        )

    async def serve(self, answer: Callable[[Exchange, Request], Awaitable[None]]) -> None:
        """Answer requests until the client closes the connection or it cannot serve another."""
        try:
            while (request := await self.next_request()) is not None:
                await answer(self, request)
                if not self._next_cycle():
                    break
        except _PeerGone:
            pass
        except h11.RemoteProtocolError as exc:
            if self._conn.our_state in (h11.IDLE, h11.SEND_RESPONSE):
                body = error_body("invalid_request_error", f"bad HTTP request: {exc}")
                with contextlib.suppress(_PeerGone, h11.LocalProtocolError):
                    await self.send_json(exc.error_status_hint, body, {"connection": "close"})

    def _next_cycle(self) -> bool:
        """Get ready for the next request; ``False`` if the connection cannot serve another."""
        if self._conn.our_state is h11.DONE and self._conn.their_state is h11.DONE:
            self._conn.start_next_cycle()
            return True
        return False

    async def send_json(self, status: int, body: Mapping[str, Any], headers: Mapping[str, str]) -> None:
        """Answer with ``body`` as JSON."""
        payload = wire.dumps(body)
        all_headers = [("content-type", "application/json"), ("content-length", str(len(payload)))]
        all_headers.extend(headers.items())
        await self._send(h11.Response(status_code=status, headers=all_headers))
        if self._method != b"HEAD":  # h11 frames the answer to HEAD as headers only
            await self._send(h11.Data(data=payload))
        await self._send(h11.EndOfMessage())

    async def send_stream(
        self, headers: Sequence[tuple[str, str]], events: Sequence[bytes], *, complete: bool, delay: float
    ) -> bool:
        """Answer 200 with ``events`` (server-sent events), ``delay`` seconds apart; then end the answer if it
        is ``complete``, else hold it open until the client hangs up.  Returns whether the answer ended:
        ``False`` when the client hung up first, which is noticed at once, even while nothing is sent."""
        peer_gone = trio.Event()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._watch_for_hangup, peer_gone)
            try:
                return await self._stream_events(headers, events, complete, delay, peer_gone)
            except _PeerGone:
                return False
            finally:
                nursery.cancel_scope.cancel()

    async def _stream_events(
        self,
        headers: Sequence[tuple[str, str]],
        events: Sequence[bytes],
        complete: bool,
        delay: float,
        peer_gone: trio.Event,
    ) -> bool:
        await self._send(h11.Response(status_code=200, headers=list(headers)))
        for position, event in enumerate(events):
            if position and delay:
                with trio.move_on_after(delay):
                    await peer_gone.wait()
            if peer_gone.is_set():
                return False
            await self._send(h11.Data(data=event))
        if not complete:
            await peer_gone.wait()  # stall: hold the response open until the client gives up
            return False
        await self._send(h11.EndOfMessage())
        return True

    async def _watch_for_hangup(self, peer_gone: trio.Event) -> None:
        """While an answer streams, read the connection so that a client hanging up is noticed at once.

        Whatever arrives meanwhile (a pipelined request) is kept in h11's buffer for the next cycle.
        """
        while await self._receive():
            pass
        peer_gone.set()


async def serve(stream: trio.abc.Stream, answer: Callable[[Exchange, Request], Awaitable[None]]) -> None:
    """Serve HTTP/1.1 requests on ``stream`` with ``answer`` until the client closes it (or an answer leaves
    the connection unusable: a stream the client dropped), then close ``stream``.  A client that hangs up
    ends it quietly; a malformed request is answered with 400."""
    try:
        await Exchange(stream).serve(answer)
    finally:
        await stream.aclose()
