"""A tiny stdio MCP server for the elicitation end-to-end tests (plain JSON-RPC, no dependencies).

Its tool ``pick_project`` asks the client for a project with ``elicitation/create`` and returns the answer
as text: ``accept {"project": "apollo"}``, ``decline``, ``cancel`` or ``error <message>``.  The client's
``initialize`` params are appended as a JSON line to the file named by the first argument, so a test can
see what the CLI declared.
"""

from __future__ import annotations

import json
import sys
from typing import Any

SCHEMA = {
    "type": "object",
    "properties": {"project": {"type": "string", "description": "The project's name"}},
    "required": ["project"],
}


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def receive() -> dict[str, Any] | None:
    line = sys.stdin.readline()
    if not line:
        return None
    message: dict[str, Any] = json.loads(line)
    return message


def main() -> None:
    log_path = sys.argv[1]
    elicitations = 0
    while (message := receive()) is not None:
        method = message.get("method")
        request_id = message.get("id")
        if method == "initialize":
            with open(log_path, "a") as log:
                log.write(json.dumps(message["params"]) + "\n")
            send(
                {
                    "jsonrpc": "2.0",
                    "id": request_id,
                    "result": {
                        "protocolVersion": message["params"]["protocolVersion"],
                        "capabilities": {"tools": {}},
                        "serverInfo": {"name": "tickets", "version": "1.0.0"},
                    },
                }
            )
        elif method == "tools/list":
            tool: dict[str, Any] = {
                "name": "pick_project",
                "description": "Ask the user which project to file the ticket in",
                "inputSchema": {"type": "object", "properties": {}},
            }
            send({"jsonrpc": "2.0", "id": request_id, "result": {"tools": [tool]}})
        elif method == "tools/call":
            elicitations += 1
            elicitation_id = f"elicit-{elicitations}"
            params = {"mode": "form", "message": "Which project?", "requestedSchema": SCHEMA}
            send({"jsonrpc": "2.0", "id": elicitation_id, "method": "elicitation/create", "params": params})
            # Wait for the answer to our request (the client may send other messages meanwhile).
            while (answer := receive()) is not None and answer.get("id") != elicitation_id:
                if answer.get("method") == "ping":
                    send({"jsonrpc": "2.0", "id": answer["id"], "result": {}})
            if answer is None:
                return
            if "error" in answer:
                text = f"error {answer['error'].get('message')}"
            else:
                result = answer["result"]
                text = result["action"]
                if "content" in result:
                    text += " " + json.dumps(result["content"], sort_keys=True)
            send(
                {"jsonrpc": "2.0", "id": request_id, "result": {"content": [{"type": "text", "text": text}]}}
            )
        elif method == "ping":
            send({"jsonrpc": "2.0", "id": request_id, "result": {}})
        elif request_id is not None and method is not None:
            send(
                {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": "Method not found"}}
            )


if __name__ == "__main__":
    main()
