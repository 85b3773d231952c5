"""An MCP server's question answered out of band: ``on_elicitation`` hands each question to a form task
(standing in for a person filling a form in a web UI) and returns ``ElicitationResponseDeferred``; the form
answers later with ``session.respond_to_elicitation(request_id, response)``.

Run it with ``python examples/elicitation_form.py``.  It runs offline (``TRIO_CLAUDE_REAL_API=1``: the real
API): the real ``claude`` CLI (``$TRIO_CLAUDE_CLI`` or ``PATH``) talks to the scripted Messages API of
:mod:`trio_claude.testing`, whose model calls the ``file_ticket`` tool of a small external MCP server (the
``SERVER`` below, run with this Python) that asks the user which project to file the ticket in.
"""

from __future__ import annotations

import sys

import trio

from trio_claude import (
    ClaudeSession,
    ElicitationContext,
    ElicitationResponseDeferred,
    ResultMessage,
    TextBlock,
    ToolResultBlock,
    UserMessage,
    open_session,
)
from trio_claude.model import ElicitationRequest, ElicitationResponse
from trio_claude.testing import open_workspace, text_turn, tool_turn

SERVER = r"""
import json, sys
def send(message):
    print(json.dumps(message), flush=True)
schema = {"type": "object", "properties": {"project": {"type": "string"}}, "required": ["project"]}
for line in sys.stdin:
    message = json.loads(line)
    method, key = message.get("method"), message.get("id")
    if method == "initialize":
        info = {"name": "tickets", "version": "1.0.0"}
        version = message["params"]["protocolVersion"]
        send({"jsonrpc": "2.0", "id": key,
              "result": {"protocolVersion": version, "capabilities": {"tools": {}}, "serverInfo": info}})
    elif method == "tools/list":
        tool = {"name": "file_ticket", "description": "File a ticket", "inputSchema": {"type": "object"}}
        send({"jsonrpc": "2.0", "id": key, "result": {"tools": [tool]}})
    elif method == "tools/call":
        params = {"mode": "form", "message": "Which project?", "requestedSchema": schema}
        send({"jsonrpc": "2.0", "id": "ask", "method": "elicitation/create", "params": params})
        answer = next(json.loads(l) for l in sys.stdin if json.loads(l).get("id") == "ask")["result"]
        text = f"filed in {answer['content']['project']}" if answer["action"] == "accept" else "not filed"
        send({"jsonrpc": "2.0", "id": key, "result": {"content": [{"type": "text", "text": text}]}})
    elif key is not None:
        send({"jsonrpc": "2.0", "id": key, "result": {}})
"""

Question = tuple[str, ElicitationRequest]
"""What the form shows: the request id, the question."""


async def form(session: ClaudeSession, questions: trio.MemoryReceiveChannel[Question]) -> None:
    """Shows each question and sends what the person typed in, taking its time, as a person would."""
    async for request_id, request in questions:
        print(f"form: {request.mcp_server_name} asks {request.message!r}")
        await trio.sleep(0.2)  # typing: the CLI and the server wait
        session.respond_to_elicitation(
            request_id, ElicitationResponse(action="accept", content={"project": "apollo"})
        )


async def main() -> None:
    async with open_workspace() as workspace:
        workspace.add_steps(
            tool_turn("mcp__tickets__file_ticket", {}),
            text_turn("The ticket is filed."),
        )
        send_question, questions = trio.open_memory_channel[Question](16)

        async def on_elicitation(
            request: ElicitationRequest, context: ElicitationContext
        ) -> ElicitationResponseDeferred:
            assert context.request_id is not None
            await send_question.send((context.request_id, request))
            return ElicitationResponseDeferred()  # the form answers

        options = workspace.options(
            mcp_servers={"tickets": {"command": sys.executable, "args": ["-c", SERVER]}},
            allowed_tools=["mcp__tickets__file_ticket"],
            on_elicitation=on_elicitation,
        )
        async with open_session(options) as session, trio.open_nursery() as nursery:
            nursery.start_soon(form, session, questions)
            await session.send("File a ticket about the login bug.")
            async for message in session.receive_response():
                if isinstance(message, UserMessage) and not isinstance(message.content, str):
                    for block in message.content:
                        if isinstance(block, ToolResultBlock) and not isinstance(block.content, str):
                            text = "".join(p.text for p in block.content or () if isinstance(p, TextBlock))
                            print(f"tool result: {text}")
                elif isinstance(message, ResultMessage):
                    print(f"result: {message.subtype}: {message.result}")
            nursery.cancel_scope.cancel()  # the form's work is done


if __name__ == "__main__":
    trio.run(main)
