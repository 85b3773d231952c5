"""An in-process MCP server: the JSON-RPC side of the tools made with :func:`~trio_claude.tool`.

The CLI is the MCP client; each of its JSON-RPC messages arrives in an ``mcp_message`` control request and
:meth:`SdkMcpServer.handle` returns the reply.  The server keeps no per-connection state, so a reconnect
(ids restart at 0) or a repeated handshake (CLI 2.1.197) needs nothing special.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .. import wire
from ..model import JSONObject, JSONValue
from ._policy import McpServerToolPolicy, check_timeout, server_settings, tool_policies_from

if TYPE_CHECKING:  # imported where used: options can name a server without loading @tool and its kin
    from ._tools import SdkMcpTool

SUPPORTED_PROTOCOL_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07")
"""MCP protocol versions the server speaks, newest first (the CLI asks for ``2025-11-25``)."""

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603

NOTIFICATION_ACK: dict[str, Any] = {"jsonrpc": "2.0", "result": {}, "id": 0}
"""What the bridge answers for a message that needs no reply (a notification), as the official SDKs do."""


class SdkMcpServer:
    """An MCP server whose tools run in this process, in the session that serves it.

    Make one with :func:`create_sdk_mcp_server` and put it in
    :attr:`ClaudeAgentOptions.mcp_servers <trio_claude.ClaudeAgentOptions.mcp_servers>` or
    :meth:`ClaudeSession.set_mcp_servers <trio_claude.ClaudeSession.set_mcp_servers>`.  One server object
    can serve several sessions.
    """

    def __init__(
        self,
        name: str,
        version: str = "1.0.0",
        tools: Iterable[SdkMcpTool[Any, Any]] | None = None,
        *,
        instructions: str | None = None,
        always_load: bool = False,
        timeout: float | None = None,
        tool_policies: Iterable[McpServerToolPolicy | Mapping[str, Any]] | None = None,
    ) -> None:
        self.name = name
        """The server's name in its ``serverInfo``."""
        self.version = version
        """The server's version in its ``serverInfo``."""
        self.instructions = instructions
        """Instructions for the model, sent in the ``initialize`` result."""
        if not isinstance(always_load, bool):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise TypeError(f"SdkMcpServer.always_load: expected a bool; got {always_load!r}")
        self.always_load = always_load
        """Every tool is offered to the model up front, never behind ``ToolSearch`` (each tool's
        ``_meta["anthropic/alwaysLoad"]``, OR'd with the tool's own ``always_load``)."""
        self.timeout = check_timeout("SdkMcpServer.timeout", timeout)
        """The CLI's limit on each tool call, in seconds (``None``: ``MCP_TOOL_TIMEOUT`` or its default)."""
        self.tools: dict[str, SdkMcpTool[Any, Any]] = {}
        """The tools by name."""
        from ._tools import SdkMcpTool  # loaded on first use

        for item in tools or ():
            if not isinstance(item, SdkMcpTool):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise TypeError(f"{item!r} is not a tool; decorate it with @trio_claude.tool(...)")
            if item.name in self.tools:
                raise ValueError(f"server {name!r} has two tools named {item.name!r}")
            try:  # what tools/list sends: a schema holding a Python object fails here, not mid-session
                wire.dumps(item.definition())
            except TypeError as exc:
                raise TypeError(f"tool {item.name!r} of server {name!r} is not JSON: {exc}") from None
            self.tools[item.name] = item
        self.tool_policies = tool_policies_from("SdkMcpServer.tool_policies", tool_policies or ())
        """The per-tool permission policies the CLI applies (:class:`~trio_claude.McpServerToolPolicy`)."""
        for policy in self.tool_policies:
            if policy.name not in self.tools:  # a misspelt "always_deny" must not quietly deny nothing
                raise ValueError(
                    f"SdkMcpServer.tool_policies: server {name!r} has no tool {policy.name!r} "
                    f"(its tools: {', '.join(self.tools) or 'none'})"
                )

    def settings(self) -> JSONObject:
        """The server's settings for the CLI (``initialize``'s ``sdkMcpServerConfigs`` entry and the
        ``mcp_set_servers`` entry): ``timeout`` in milliseconds, ``tools`` (the policies); empty when it
        has none."""
        return server_settings(self.timeout, self.tool_policies)

    def __repr__(self) -> str:
        return f"<SdkMcpServer {self.name!r} tools={list(self.tools)}>"

    async def handle(self, message: object, *, server_name: str | None = None) -> JSONObject | None:
        """The JSON-RPC reply to ``message``, or ``None`` when it needs none (a notification, or a reply
        to the client).  ``server_name`` is the name the session knows the server by (default: its own).

        Never raises for bad input: a malformed message gets a JSON-RPC error (-32600 invalid request,
        -32601 unknown method, -32602 invalid params).  A tool call runs the tool; cancelling the caller
        cancels it.  A tool result that is not JSON becomes an error result for the model.
        """
        if not isinstance(message, Mapping):
            return _error(None, INVALID_REQUEST, "a JSON-RPC message is an object")
        msg = typing.cast(Mapping[str, Any], message)
        request_id = msg.get("id")
        if request_id is not None and (
            isinstance(request_id, bool) or not isinstance(request_id, (str, int))
        ):
            return _error(None, INVALID_REQUEST, "the id must be a string or an integer")
        method = msg.get("method")
        if method is None and "id" in msg and ("result" in msg or "error" in msg):
            return None  # a reply to a request of ours (we send none)
        if "id" not in msg and isinstance(method, str):
            return None  # notifications/initialized, notifications/cancelled…: nothing to answer
        if msg.get("jsonrpc") != "2.0" or not isinstance(method, str) or request_id is None:
            return _error(request_id, INVALID_REQUEST, "not a JSON-RPC 2.0 request")
        params = msg.get("params", {})
        if params is None:
            params = {}
        if not isinstance(params, Mapping):
            return _error(request_id, INVALID_PARAMS, "params must be an object")
        params = typing.cast(Mapping[str, Any], params)
        result = await self._dispatch(method, params, server_name or self.name)
        if isinstance(result, _Error):
            return _error(request_id, result.code, result.message)
        return {"jsonrpc": "2.0", "id": request_id, "result": result}

    async def _dispatch(
        self, method: str, params: Mapping[str, Any], server_name: str
    ) -> JSONObject | _Error:
        if method == "initialize":
            return self._initialize(params)
        if method == "ping":
            return {}
        if method == "tools/list":
            return {"tools": [self._definition(item) for item in self.tools.values()]}
        if method == "tools/call":
            return await self._call(params, server_name)
        return _Error(METHOD_NOT_FOUND, f"Method not found: {method}")

    def _definition(self, item: SdkMcpTool[Any, Any]) -> JSONObject:
        definition = dict(item.definition())
        if self.always_load:
            meta = definition.get("_meta")
            definition["_meta"] = {**(meta if isinstance(meta, dict) else {}), "anthropic/alwaysLoad": True}
        return definition

    def _initialize(self, params: Mapping[str, Any]) -> JSONObject | _Error:
        requested = params.get("protocolVersion")
        if not isinstance(requested, str):
            return _Error(INVALID_PARAMS, "initialize needs a protocolVersion")
        version = requested if requested in SUPPORTED_PROTOCOL_VERSIONS else SUPPORTED_PROTOCOL_VERSIONS[0]
        result: dict[str, Any] = {
            "protocolVersion": version,
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": self.name, "version": self.version},
        }
        if self.instructions is not None:
            result["instructions"] = self.instructions
        return result

    async def _call(self, params: Mapping[str, Any], server_name: str) -> JSONObject | _Error:
        name = params.get("name")
        if not isinstance(name, str):
            return _Error(INVALID_PARAMS, "tools/call needs a tool name")
        item = self.tools.get(name)
        if item is None:
            return _Error(INVALID_PARAMS, f"Unknown tool: {name}")
        raw_meta = params.get("_meta")
        meta: dict[str, Any] = (
            dict(typing.cast(Mapping[str, Any], raw_meta)) if isinstance(raw_meta, Mapping) else {}
        )
        tool_use_id = meta.get("claudecode/toolUseId")
        token = meta.get("progressToken")
        from ._results import error_result  # loaded with the tool already
        from ._tools import ToolContext

        context = ToolContext(
            server_name=server_name,
            tool_name=name,
            tool_use_id=tool_use_id if isinstance(tool_use_id, str) else None,
            progress_token=token if isinstance(token, (str, int)) and not isinstance(token, bool) else None,
            meta=meta,
        )
        result = await item.call(params.get("arguments"), context)
        try:
            wire.dumps(result)
        except TypeError as exc:
            return error_result(f"tool {name} returned a result that is not JSON: {exc}")
        return result


class _Error:
    __slots__ = ("code", "message")

    def __init__(self, code: int, message: str) -> None:
        self.code = code
        self.message = message


def _error(request_id: JSONValue, code: int, message: str) -> JSONObject:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


def create_sdk_mcp_server(
    name: str,
    version: str = "1.0.0",
    tools: Iterable[SdkMcpTool[Any, Any]] | None = None,
    *,
    instructions: str | None = None,
    always_load: bool = False,
    timeout: float | None = None,
    tool_policies: Iterable[McpServerToolPolicy | Mapping[str, Any]] | None = None,
) -> SdkMcpServer:
    """An in-process MCP server serving ``tools`` (made with :func:`~trio_claude.tool`; ``None``: none).

    The official SDK's calls work unchanged: ``create_sdk_mcp_server(name="calc", version="2.0.0",
    tools=[add])`` or positionally.

    Give it to a session under a name: ``ClaudeAgentOptions(mcp_servers={"calc": server})``; the model then
    sees its tools as ``mcp__calc__<tool>``.

    As the TypeScript SDK's ``createSdkMcpServer``: ``always_load`` offers every tool up front (never behind
    ``ToolSearch``), ``timeout`` (seconds, at least 1) limits each tool call in place of
    ``MCP_TOOL_TIMEOUT``, and ``tool_policies`` (:class:`~trio_claude.McpServerToolPolicy`, by tool name)
    makes the CLI always ask ``can_use_tool`` about a tool, or always deny it.  ``timeout`` and
    ``tool_policies`` need CLI ≥ 2.1.330 (an older one ignores them: the session refuses to start).

    Raises:
        TypeError: an item of ``tools`` is not a tool, or a policy is not one.
        ValueError: two tools share a name; a timeout under 1 second; a policy names no tool of the
            server, or one tool twice.
    """
    return SdkMcpServer(
        name,
        version,
        tools,
        instructions=instructions,
        always_load=always_load,
        timeout=timeout,
        tool_policies=tool_policies,
    )
