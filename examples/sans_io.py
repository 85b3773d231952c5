"""Two sans-IO protocol cores back to back: an SDK and a CLI talking with no process and no I/O.

Usage: ``python examples/sans_io.py``
"""

from __future__ import annotations

from trio_claude.model import (
    CanUseToolRequest,
    InterruptRequest,
    PermissionResultAllow,
    UserMessage,
    UserMessageParam,
)
from trio_claude.protocol import (
    NEED_DATA,
    CancelReceived,
    Connection,
    Event,
    MessageReceived,
    RequestReceived,
    ResponseReceived,
    Role,
)


def pump(data: bytes, receiver: Connection) -> list[Event]:
    """Deliver bytes to a core, one byte at a time (any chunking gives the same events)."""
    for i in range(len(data)):
        receiver.receive_data(data[i : i + 1])
    events: list[Event] = []
    while (event := receiver.next_event()) is not NEED_DATA:
        events.append(event)
    return events


def main() -> None:
    sdk, cli = Connection(Role.SDK), Connection(Role.CLI)

    # The SDK sends a prompt; the CLI sees a message.
    prompt = UserMessage(message=UserMessageParam(content="hello"), parent_tool_use_id=None)
    (event,) = pump(sdk.send(prompt), cli)
    assert isinstance(event, MessageReceived)
    print("CLI received:", event.message)

    # The CLI asks for permission; the SDK answers once; a second answer is not written.
    ask = CanUseToolRequest(tool_name="Bash", input={"command": "ls"}, tool_use_id="toolu_1")
    request_id, data = cli.send_request(ask)
    (event,) = pump(data, sdk)
    assert isinstance(event, RequestReceived)
    answer = sdk.send_response(event.request_id, PermissionResultAllow(updated_input={"command": "ls"}))
    assert answer is not None and sdk.send_response(event.request_id, PermissionResultAllow()) is None
    (event,) = pump(answer, cli)
    assert isinstance(event, ResponseReceived) and event.request_id == request_id
    print("CLI got the answer:", event.response)

    # The SDK gives up on a request: the CLI gets a cancel, and the late answer is dropped.
    request_id, data = sdk.send_request(InterruptRequest())
    (event,) = pump(data, cli)
    assert isinstance(event, RequestReceived)
    cancel = sdk.send_cancel(request_id)
    assert cancel is not None
    (event,) = pump(cancel, cli)
    assert isinstance(event, CancelReceived)
    late = cli.send_response(request_id)
    assert late is None  # the CLI core knows it was cancelled: nothing to write
    print("cancelled", request_id, "- no late answer; statistics:", sdk.statistics)


if __name__ == "__main__":
    main()
