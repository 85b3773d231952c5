"""Serving a server object of the ``mcp`` package (``MCPServer``, ``FastMCP`` or a low-level ``Server``) in
the session, through the same ``mcp_message`` bridge as :class:`~trio_claude.SdkMcpServer`.

The package is an optional extra: nothing here imports it (or ``anyio``/``pydantic``, which come with it)
until the session is given such an object.

How: the package's own public way to serve a connection, ``Server.run(read_stream, write_stream,
initialization_options)`` — the one its stdio, SSE and in-memory transports use in mcp 1.x and 2.x alike —
runs in the session's nursery over a pair of in-memory streams.  Each CLI message from an ``mcp_message``
request is validated into the package's ``JSONRPCMessage`` (under an id unique on the connection) and
written to the server; the server's reply is matched by that id, dumped back to JSON and given the CLI's
id again.  The package does the whole MCP side (handshake and
version negotiation, error results, its ``Context``), so the same code serves both
major versions, whose in-process handler tables differ (1.x: handlers keyed by request class taking the
request; 2.x: handlers keyed by method taking ``(ctx, params)``).

The one thing added: a ``tools/call``'s arguments are checked against the ``inputSchema`` the server
lists for the tool, in full, as for :func:`~trio_claude.tool` (the CLI does not check them, a low-level
``Server`` of mcp 2.x does not either, and 1.x checks ``pattern`` with Python's ``re``).
"""

from __future__ import annotations

import logging
import math
import typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import trio

from .._mcp._package import McpPackageServerConfig, lowlevel_server
from ..model import JSONObject, JSONValue

if TYPE_CHECKING:
    from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
    from mcp.server.lowlevel import Server
    from mcp.shared.message import SessionMessage

    from .._mcp._validate import SchemaCheck  # (loaded on first use, with the tool classes it shares)

logger = logging.getLogger("trio_claude.mcp")

INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INTERNAL_ERROR = -32603
CONNECTION_CLOSED = -32000


class PackageServerBridge:
    """Serves one ``mcp`` package server to one session, over one connection (``Server.run`` in
    ``nursery``) that lasts until the session ends or the server is removed; a connection that ends by
    itself is restarted by the next message.

    The CLI may talk to one server name as several clients at once (CLI 2.1.197 connects twice,
    concurrently, to a server added by ``mcp_set_servers``; a reconnect restarts its ids at 0), so the
    CLI's request ids are replaced by ids unique on the connection, and put back in the replies.  A
    repeated ``initialize`` is passed on (the package answers it again).
    """

    def __init__(self, server: object, nursery: trio.Nursery | None) -> None:
        self.server = server
        """The user's server object (or its :class:`~trio_claude.McpPackageServerConfig`)."""
        config = server if isinstance(server, McpPackageServerConfig) else None
        lowlevel = lowlevel_server(server if config is None else config.server)
        assert lowlevel is not None  # checked by McpBridge (_is_in_process)
        self._lowlevel = lowlevel
        self._policy_names = [] if config is None else [policy.name for policy in config.tool_policies]
        self._always_load = config is not None and config.always_load
        self._nursery = nursery
        self._connection: _Connection | None = None
        self._input_checks: dict[str, SchemaCheck] = {}
        """Each tool's check of its arguments, from the server's latest listing."""

    def __repr__(self) -> str:
        return f"<PackageServerBridge {self._lowlevel.name!r}>"

    def close(self) -> None:
        """Close the connection (cancelling its calls)."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def handle(self, message: object, *, server_name: str | None = None) -> JSONObject | None:
        """The server's JSON-RPC reply to ``message``, or ``None`` when it needs none.

        A request waits for the server's reply; cancelling the caller sends the server
        ``notifications/cancelled`` for it, which cancels the server's handler (the tool).  A message
        that is not JSON-RPC 2.0 gets error -32600 without reaching the server.
        """
        if not isinstance(message, Mapping):
            return _error(None, INVALID_REQUEST, "a JSON-RPC message is an object")
        data = typing.cast(Mapping[str, Any], message)
        request_id = data.get("id")
        if request_id is not None and (
            isinstance(request_id, bool) or not isinstance(request_id, (str, int))
        ):
            return _error(None, INVALID_REQUEST, "the id must be a string or an integer")
        connection = self._connection
        if connection is None or connection.closed:
            if self._nursery is None:
                raise RuntimeError("a server of the mcp package is served only inside a session")
            connection = self._connection = _Connection(self._lowlevel)
            await self._nursery.start(connection.run)
        try:
            if "method" in data and request_id is not None:
                if data["method"] == "tools/call":
                    refusal = await self._refused_call(connection, data.get("params"))
                    if refusal is not None:
                        return {"jsonrpc": "2.0", "id": request_id, "result": refusal}
                reply = await connection.request(data)
                if data["method"] == "tools/list":
                    return self._marked_listing(self._checked_listing(reply))
                return reply
            connection.notify(data)  # a notification, or a reply to a request of the server
        except _Invalid as exc:
            return _error(request_id, INVALID_REQUEST, f"not a JSON-RPC 2.0 message ({exc})")
        return None

    def _checked_listing(self, reply: JSONObject) -> JSONObject:
        """The server's ``tools/list`` reply, or an error (without the listing the CLI offers none of the
        server's tools) when a tool's ``inputSchema`` cannot be enforced in full, or a tool policy names a
        tool it does not list: a misspelt ``always_deny`` must not quietly deny nothing."""
        listed = _listing(reply)
        if listed is None:
            return reply
        message = self._learn_schemas(listed[1]) or self._unknown_policy(listed)
        if message is None:
            return reply
        logger.error("%s; the CLI is refused its tool listing", message)
        return _error(reply.get("id"), INTERNAL_ERROR, message)

    def _learn_schemas(self, tools: list[object]) -> str | None:
        """Compile the listed tools' ``inputSchema``; the first that cannot be enforced, said."""
        from .._mcp._drafts import SchemaNotEnforceable
        from .._mcp._validate import compile_json_schema

        problem: str | None = None
        for tool in tools:
            definition: Mapping[str, Any] = (
                typing.cast(Mapping[str, Any], tool) if isinstance(tool, Mapping) else {}
            )
            name = definition.get("name")
            if not isinstance(name, str):
                continue
            try:
                self._input_checks[name] = compile_json_schema(definition.get("inputSchema"))
            except SchemaNotEnforceable as exc:
                reason = f"cannot enforce its inputSchema: {exc}"
                self._input_checks[name] = _refusing(reason)
                problem = problem or f"MCP server {self._lowlevel.name!r}, tool {name!r}: {reason}"
        return problem

    def _unknown_policy(self, listed: tuple[Mapping[str, Any], list[object]]) -> str | None:
        if not self._policy_names or listed[0].get("nextCursor"):
            return None  # no policies, or a page of a longer listing (not all names known)
        names = [
            typing.cast(Mapping[str, Any], tool).get("name")
            for tool in listed[1]
            if isinstance(tool, Mapping)
        ]
        unknown = [name for name in self._policy_names if name not in names]
        if not unknown:
            return None
        return (
            f"McpPackageServerConfig.tool_policies: server {self._lowlevel.name!r} has no tool "
            f"{unknown[0]!r} (its tools: {', '.join(map(str, names)) or 'none'})"
        )

    async def _refused_call(self, connection: _Connection, params: object) -> JSONObject | None:
        """The error result for a ``tools/call`` whose arguments the tool's listed ``inputSchema`` rejects
        (or for a tool the server does not list); ``None`` to let the call through.  The server is asked
        for its listing when the tool's schema is not known yet."""
        from .._mcp._results import error_result
        from .._mcp._schema import ToolInputError

        if not isinstance(params, Mapping):
            return None  # the package answers invalid params
        call = typing.cast(Mapping[str, Any], params)
        name = call.get("name")
        if not isinstance(name, str):
            return None
        if name not in self._input_checks:
            await self._list_tools(connection)
        check = self._input_checks.get(name)
        arguments = call.get("arguments")
        try:
            if check is None:
                raise ToolInputError("", "the server lists no such tool, so its input cannot be checked")
            check({} if arguments is None else arguments, "")
        except ToolInputError as exc:
            return error_result(f"Invalid input for tool {name}: {exc}")
        return None

    async def _list_tools(self, connection: _Connection) -> None:
        """Learn the server's tools' input schemas from its whole listing (every page)."""
        cursor: object = None
        while True:
            params = {} if cursor is None else {"cursor": cursor}
            message = {
                "jsonrpc": "2.0",
                "id": "trio_claude/tools/list",
                "method": "tools/list",
                "params": params,
            }
            listed = _listing(await connection.request(message))
            if listed is None:
                return
            self._learn_schemas(listed[1])
            cursor = listed[0].get("nextCursor")
            if not isinstance(cursor, str):
                return

    def _marked_listing(self, reply: JSONObject) -> JSONObject:
        """The ``tools/list`` reply with each tool marked ``_meta["anthropic/alwaysLoad"]`` when the server is
        ``always_load`` (its other ``_meta`` kept); as it is otherwise, or when it is an error."""
        listed = _listing(reply)
        if not self._always_load or listed is None:
            return reply
        listing, tools = listed
        return {**reply, "result": {**listing, "tools": [_always_loaded(tool) for tool in tools]}}


def _refusing(reason: str) -> SchemaCheck:
    from .._mcp._schema import ToolInputError

    def check(value: object, path: str) -> None:
        raise ToolInputError(path, reason)

    return check


def _listing(reply: JSONObject) -> tuple[Mapping[str, Any], list[object]] | None:
    """The result of a ``tools/list`` reply and its ``tools``; ``None`` for an error or an odd reply."""
    result = reply.get("result")
    if not isinstance(result, Mapping):
        return None
    listing = typing.cast(Mapping[str, Any], result)
    tools = listing.get("tools")
    return (listing, typing.cast(list[object], tools)) if isinstance(tools, list) else None


def _always_loaded(tool: object) -> object:
    if not isinstance(tool, Mapping):
        return tool
    definition = typing.cast(Mapping[str, Any], tool)
    meta = definition.get("_meta")
    kept: Mapping[str, Any] = typing.cast(Mapping[str, Any], meta) if isinstance(meta, Mapping) else {}
    return {**definition, "_meta": {**kept, "anthropic/alwaysLoad": True}}


class _Invalid(Exception):
    """A message the package's ``JSONRPCMessage`` does not accept."""


class _Waiter:
    __slots__ = ("done", "reply")

    def __init__(self) -> None:
        self.done = trio.Event()
        self.reply: JSONObject = {}


class _Connection:
    """One run of ``Server.run`` over in-memory streams, with the requests waiting for its replies."""

    def __init__(self, lowlevel: Server[Any]) -> None:
        import anyio
        from mcp.shared.message import SessionMessage

        self._lowlevel = lowlevel
        self._session_message = SessionMessage
        self._to_server: MemoryObjectSendStream[SessionMessage | Exception]
        self._server_in: MemoryObjectReceiveStream[SessionMessage | Exception]
        self._to_server, self._server_in = anyio.create_memory_object_stream[SessionMessage | Exception](
            math.inf
        )
        self._server_out: MemoryObjectSendStream[SessionMessage]
        self._from_server: MemoryObjectReceiveStream[SessionMessage]
        self._server_out, self._from_server = anyio.create_memory_object_stream[SessionMessage](math.inf)
        self._next_id = 0
        self._pending: dict[int, tuple[JSONValue, _Waiter]] = {}
        """Requests waiting for the server, by the id the server sees: (the CLI's id, the waiter)."""
        self._ids: dict[JSONValue, int] = {}
        """The id the server sees for the CLI's id (the latest), for the CLI's ``notifications/cancelled``."""
        self._scope = trio.CancelScope()
        self.closed = False

    def close(self) -> None:
        self._scope.cancel()

    async def run(self, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        with self._scope:
            try:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._read_replies)
                    task_status.started()
                    await self._lowlevel.run(
                        self._server_in,
                        self._server_out,
                        self._lowlevel.create_initialization_options(),
                        raise_exceptions=False,
                    )
                    nursery.cancel_scope.cancel()
            except Exception:
                logger.exception("the MCP server %r failed", self._lowlevel.name)
            finally:
                self._finish()

    def _finish(self) -> None:
        self.closed = True
        for stream in (self._to_server, self._server_in, self._server_out, self._from_server):
            stream.close()
        pending, self._pending = self._pending, {}
        for request_id, waiter in pending.values():
            waiter.reply = _error(request_id, CONNECTION_CLOSED, "the MCP server's connection closed")
            waiter.done.set()

    def _send(self, message: Mapping[str, Any]) -> None:
        """Validate ``message`` into the package's ``JSONRPCMessage`` and write it to the server (never
        blocks: the buffer is unbounded).  Raises :class:`_Invalid`."""
        import anyio
        from pydantic import ValidationError

        try:
            parsed = _message_adapter().validate_python(message)
        except ValidationError as exc:
            raise _Invalid(f"{exc.error_count()} validation errors") from None
        if self.closed:
            return
        try:
            self._to_server.send_nowait(self._session_message(message=parsed))
        except (anyio.BrokenResourceError, anyio.ClosedResourceError):
            logger.debug("the MCP server %r stopped reading", self._lowlevel.name)

    def notify(self, message: Mapping[str, Any]) -> None:
        """Pass on a notification (the CLI's ``notifications/cancelled`` names the request by the id the
        server saw) or a reply."""
        if message.get("method") == "notifications/cancelled":
            params = message.get("params")
            cli_id = (
                typing.cast(Mapping[str, Any], params).get("requestId")
                if isinstance(params, Mapping)
                else None
            )
            server_id = self._ids.get(cli_id)
            if server_id is None:
                return  # not (or no longer) in flight
            message = {
                **message,
                "params": {**typing.cast(Mapping[str, Any], params), "requestId": server_id},
            }
        self._send(message)

    async def request(self, message: Mapping[str, Any]) -> JSONObject:
        """Send a request with an id unique on this connection and wait for the reply, under the CLI's id."""
        cli_id: JSONValue = message["id"]
        self._next_id += 1
        server_id = self._next_id
        self._send({**message, "id": server_id})
        waiter = _Waiter()
        self._pending[server_id] = (cli_id, waiter)
        self._ids[cli_id] = server_id
        try:
            await waiter.done.wait()
        except trio.Cancelled:
            if self._pending.pop(server_id, None) is not None:
                self._send(
                    {
                        "jsonrpc": "2.0",
                        "method": "notifications/cancelled",
                        "params": {"requestId": server_id, "reason": "cancelled by the client"},
                    }
                )
            raise
        finally:
            if self._ids.get(cli_id) == server_id:
                del self._ids[cli_id]
        return waiter.reply

    async def _read_replies(self) -> None:
        async for item in self._from_server:
            data = _dump(item.message)
            method = data.get("method")
            request_id = data.get("id")
            if isinstance(method, str):
                if request_id is not None:
                    # A request to the client (elicitation, sampling, roots…): the control protocol has no
                    # way to pass it on to the CLI, so refuse it rather than let the tool hang.
                    self._send(
                        _error(
                            request_id,
                            METHOD_NOT_FOUND,
                            f"{method} is not available to an in-process MCP server",
                        )
                    )
                else:
                    logger.debug(
                        "dropping a notification of the MCP server %r: %s", self._lowlevel.name, method
                    )
                continue
            entry = self._pending.pop(request_id, None) if isinstance(request_id, int) else None
            if entry is not None:
                cli_id, waiter = entry
                waiter.reply = {**data, "id": cli_id}
                waiter.done.set()


def _dump(message: Any) -> JSONObject:
    """A ``JSONRPCMessage`` (a pydantic root model in mcp 1.x, a union of models in 2.x) as JSON."""
    dumped: JSONObject = message.model_dump(by_alias=True, exclude_none=True, mode="json")
    return dumped


_adapter: Any = None


def _message_adapter() -> Any:
    """A pydantic ``TypeAdapter`` of the package's ``JSONRPCMessage`` (made once, on first use)."""
    global _adapter
    if _adapter is None:
        from mcp.types import JSONRPCMessage
        from pydantic import TypeAdapter

        _adapter = TypeAdapter(JSONRPCMessage)
    return _adapter


def _error(request_id: JSONValue, code: int, message: str) -> JSONObject:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}
