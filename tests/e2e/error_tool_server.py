"""A tiny stdio MCP server whose one tool, ``check``, fails with its own error result (plain JSON-RPC, no
dependencies): ``isError`` with a text block, ``structuredContent`` and a ``_meta`` that has a key under the
CLI-reserved ``com.anthropic/`` prefix, for the ``mcp_call`` ``soft_error_result`` tests."""

from __future__ import annotations

import json
import sys
from typing import Any

RESULT = {
    "content": [{"type": "text", "text": "the record is locked"}],
    "isError": True,
    "structuredContent": {"code": "locked"},
    "_meta": {"trace": "t-1", "com.anthropic/internal": "hidden"},
}


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    for line in sys.stdin:
        message: dict[str, Any] = json.loads(line)
        method, request_id = message.get("method"), message.get("id")
        if method == "initialize":
            result: dict[str, Any] = {
                "protocolVersion": message["params"]["protocolVersion"],
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "records", "version": "1.0.0"},
            }
        elif method == "tools/list":
            tool = {"name": "check", "description": "Check a record", "inputSchema": {"type": "object"}}
            result = {"tools": [tool]}
        elif method == "tools/call":
            result = RESULT
        elif method == "ping":
            result = {}
        else:
            if request_id is not None and method is not None:
                send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": "no method"}})
            continue
        send({"jsonrpc": "2.0", "id": request_id, "result": result})


if __name__ == "__main__":
    main()
