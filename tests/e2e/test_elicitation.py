"""End-to-end: an external stdio MCP server asks the user for input (``elicitation/create``); the real CLI
passes the question on as an ``elicitation`` control request, answered by ``on_elicitation``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    ElicitationContext,
    ElicitationRequestNotPendingError,
    ElicitationResponseDeferred,
    open_session,
)
from trio_claude.model import ElicitationRequest, ElicitationResponse, JSONObject
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import allow_everything, block_text, collect, result_of

pytestmark = pytest.mark.real_cli

SERVER = Path(__file__).with_name("elicitation_server.py")


def _with_tickets(options: ClaudeAgentOptions, messages_api: MessagesAPI, log: Path) -> ClaudeAgentOptions:
    """``options`` with the tickets server (logging the client's ``initialize`` params to ``log``), every
    tool allowed, and a turn in which the model calls the server's tool and then says "Filed."."""
    messages_api.add_steps(tool_turn("mcp__tickets__pick_project", {}), text_turn("Filed."))
    server = {"command": sys.executable, "args": [str(SERVER), str(log)]}
    return attrs.evolve(options, mcp_servers={"tickets": server}, can_use_tool=allow_everything)


class _Deferring:
    """An ``on_elicitation`` callback that hands each question on: it keeps the request id and returns the
    marker, for another task to answer by that id."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.asked = trio.Event()

    async def __call__(
        self, request: ElicitationRequest, context: ElicitationContext
    ) -> ElicitationResponseDeferred:
        assert context.request_id is not None
        self.ids.append(context.request_id)
        self.asked.set()
        return ElicitationResponseDeferred()


def _deferring(
    options: ClaudeAgentOptions, messages_api: MessagesAPI, tmp_path: Path
) -> tuple[ClaudeAgentOptions, _Deferring]:
    """:func:`_with_tickets` options whose ``on_elicitation`` hands each question on, and that callback."""
    deferring = _Deferring()
    options = attrs.evolve(options, on_elicitation=deferring)
    return _with_tickets(options, messages_api, tmp_path / "initialize.jsonl"), deferring


async def _ask(
    options: ClaudeAgentOptions, messages_api: MessagesAPI, tmp_path: Path
) -> tuple[str, list[JSONObject]]:
    """Run one turn in which the model calls the server's tool; return the tool result the model got and
    the server's log of the client's ``initialize`` params."""
    log = tmp_path / "initialize.jsonl"
    async with open_session(_with_tickets(options, messages_api, log)) as session:
        await session.send("file a ticket")
        messages = await collect(session.receive_response())
    assert not result_of(messages).is_error
    result = block_text(messages_api.script_requests[1].tool_result("toolu_fake_1"))
    return result, [json.loads(line) for line in log.read_text().splitlines()]


async def test_accept_with_content(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    tmp_path: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    asked: list[ElicitationRequest] = []

    async def on_elicitation(request: ElicitationRequest) -> ElicitationResponse:
        asked.append(request)
        return ElicitationResponse(action="accept", content={"project": "apollo"})

    options = attrs.evolve(offline_options, on_elicitation=on_elicitation)
    result, initialize = await _ask(options, messages_api, tmp_path)
    # The server's answer, built from ours, reached the model.
    assert result == 'accept {"project": "apollo"}'
    (request,) = asked
    assert request.mcp_server_name == "tickets"
    assert request.message == "Which project?"
    assert request.mode == "form"
    assert request.requested_schema == {
        "type": "object",
        "properties": {"project": {"type": "string", "description": "The project's name"}},
        "required": ["project"],
    }
    # The CLI declares the elicitation capability to external servers by itself: nothing to configure.
    (params,) = initialize
    capabilities = params["capabilities"]
    if claude_cli_version >= (2, 1, 330):
        assert capabilities["elicitation"] == {"form": {}, "url": {}}
        assert request.property_order == ("project",)
    else:
        assert capabilities["elicitation"] == {}


@pytest.mark.parametrize(
    ("answer", "server_got"),
    [
        (ElicitationResponse(action="decline"), "decline"),
        (ElicitationResponse(action="cancel"), "cancel"),
        # The CLI passes content on without checking it against the schema.
        (ElicitationResponse(action="accept", content={"project": 3}), 'accept {"project": 3}'),
    ],
)
async def test_decline_cancel_and_unchecked_content(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    tmp_path: Path,
    answer: ElicitationResponse,
    server_got: str,
) -> None:
    async def on_elicitation(request: ElicitationRequest) -> ElicitationResponse:
        return answer

    options = attrs.evolve(offline_options, on_elicitation=on_elicitation)
    result, _ = await _ask(options, messages_api, tmp_path)
    assert result == server_got


async def test_without_a_callback_the_answer_is_decline(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, tmp_path: Path
) -> None:
    assert offline_options.on_elicitation is None
    result, _ = await _ask(offline_options, messages_api, tmp_path)
    assert result == "decline"


async def test_a_raising_callback_cancels_the_elicitation(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, tmp_path: Path
) -> None:
    async def on_elicitation(request: ElicitationRequest) -> ElicitationResponse:
        raise RuntimeError("nobody is here to answer")

    options = attrs.evolve(offline_options, on_elicitation=on_elicitation)
    result, _ = await _ask(options, messages_api, tmp_path)
    # The session answers the CLI with an error; the CLI tells the server "cancel".
    assert result == "cancel"


async def test_an_elicitation_answered_out_of_band(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, tmp_path: Path
) -> None:
    options, deferring = _deferring(offline_options, messages_api, tmp_path)
    ids, asked = deferring.ids, deferring.asked
    async with open_session(options) as session, trio.open_nursery() as nursery:

        async def answer_later() -> None:
            await asked.wait()
            await trio.sleep(0.5)  # the CLI waits
            session.respond_to_elicitation(
                ids[0], ElicitationResponse(action="accept", content={"project": "zeus"})
            )

        nursery.start_soon(answer_later)
        await session.send("file a ticket")
        messages = await collect(session.receive_response())
        with pytest.raises(ElicitationRequestNotPendingError):
            session.respond_to_elicitation(ids[0], ElicitationResponse(action="decline"))
    assert not result_of(messages).is_error
    result = block_text(messages_api.script_requests[1].tool_result("toolu_fake_1"))
    assert result == 'accept {"project": "zeus"}'


async def test_an_interrupt_drops_a_deferred_elicitation(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, tmp_path: Path
) -> None:
    options, deferring = _deferring(offline_options, messages_api, tmp_path)
    ids, asked = deferring.ids, deferring.asked
    async with open_session(options) as session:
        await session.send("file a ticket")
        with trio.fail_after(30):
            await asked.wait()
        await session.interrupt()
        assert session.statistics().handlers_in_flight == 0
        with pytest.raises(ElicitationRequestNotPendingError):
            session.respond_to_elicitation(ids[0], ElicitationResponse(action="accept", content={}))
        messages = await collect(session.receive_response())
    assert result_of(messages).subtype == "error_during_execution"
