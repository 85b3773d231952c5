"""Conformance scenarios: ``initialize``, a plain turn, streaming events, interrupt."""

from __future__ import annotations

from ... import AssistantMessage, ResultMessage, StreamEvent, TextBlock
from ...model import InitMessage, Message, UserMessage
from ..messages_api.script import text_turn
from ._probe import Probe, Scenario, collect, expect


def texts(messages: list[Message]) -> list[str]:
    """The assistant's text blocks."""
    return [
        block.text
        for message in messages
        if isinstance(message, AssistantMessage)
        for block in message.content
        if isinstance(block, TextBlock)
    ]


def result_of(messages: list[Message]) -> ResultMessage:
    """The one result, which ends the turn ``messages``."""
    results = [message for message in messages if isinstance(message, ResultMessage)]
    expect(len(results) == 1 and messages[-1] is results[0], f"one result ending the turn: {messages!r}")
    return results[0]


async def initialize(probe: Probe) -> None:
    async with probe.workspace() as workspace, probe.session(probe.options(workspace)) as session:
        info = session.server_info
        expect(info is not None, "an answer to initialize")
        assert info is not None
        expect(info.commands is not None, f"the slash commands in the initialize answer: {info!r}")
        expect(session.pid is not None, "the CLI's process id")


async def plain_turn(probe: Probe) -> None:
    async with probe.workspace(text_turn("Hello from the scripted model.")) as workspace:
        async with probe.session(probe.options(workspace)) as session:
            messages = await probe.turn(session, "Say hello")
        expect(any(isinstance(m, InitMessage) for m in messages), f"a system/init message: {messages!r}")
        expect(texts(messages) == ["Hello from the scripted model."], f"the model's text: {texts(messages)}")
        result = result_of(messages)
        expect(result.subtype == "success" and not result.is_error, f"a successful result: {result!r}")
        expect(session.session_id == result.session_id, "the session id of the result")
        expect(session.returncode == 0, f"the CLI exits 0 (exit status {session.returncode})")


async def streaming_events(probe: Probe) -> None:
    async with probe.workspace(text_turn("streamed in small pieces", chunk_size=4)) as workspace:
        options = probe.options(workspace, include_partial_messages=True)
        async with probe.session(options) as session:
            messages = await probe.turn(session, "stream please")
    events = [message for message in messages if isinstance(message, StreamEvent)]
    kinds = [event.event_type for event in events]
    expect(kinds[:1] == ["message_start"] and "message_stop" in kinds, f"a streamed message: {kinds}")
    deltas = [
        event.event["delta"]["text"]
        for event in events
        if event.event_type == "content_block_delta" and event.event["delta"]["type"] == "text_delta"
    ]
    expect(len(deltas) > 1 and "".join(deltas) == "streamed in small pieces", f"text deltas: {deltas}")
    expect(texts(messages) == ["streamed in small pieces"], "the whole message after its events")


async def interrupt(probe: Probe) -> None:
    steps = (text_turn("one two three four five six", chunk_size=4, stall=True), text_turn("still here"))
    async with probe.workspace(*steps) as workspace:
        options = probe.options(workspace, include_partial_messages=True)
        async with probe.session(options) as session:
            await session.send("talk slowly")
            message = await session.receive_message()
            while not (isinstance(message, StreamEvent) and message.event_type == "content_block_delta"):
                message = await session.receive_message()  # until the model streams (and then stalls)
            await session.interrupt()
            interrupted = await collect(session.receive_response())
            result = result_of(interrupted)
            expect(result.is_error and result.subtype == "error_during_execution", f"aborted: {result!r}")
            expect(
                any(
                    isinstance(m, UserMessage) and "[Request interrupted by user]" in str(m.content)
                    for m in interrupted
                ),
                "the interruption noted in the conversation",
            )
            after = await probe.turn(session, "are you there?")
    expect(texts(after) == ["still here"], f"the session goes on after the interrupt: {texts(after)}")


SCENARIOS = (
    Scenario("initialize", initialize),
    Scenario("plain turn", plain_turn),
    Scenario("streaming events", streaming_events),
    Scenario("interrupt", interrupt),
)
