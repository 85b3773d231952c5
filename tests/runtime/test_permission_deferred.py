"""``can_use_tool`` answered out of band: :class:`PermissionResultDeferred` and
:meth:`ClaudeSession.respond_to_permission` (the TypeScript SDK's ``null`` answer and ``requestId``).

Against the in-memory fake CLI with the autojump clock; the real CLI's half is in
``tests/e2e/test_permissions.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
import trio
import trio.testing

from trio_claude import (
    ClaudeAgentOptions,
    ClaudeSession,
    PermissionRequestNotPendingError,
    PermissionResultAllow,
    PermissionResultDeferred,
    PermissionResultDeny,
    ToolPermissionContext,
    open_query,
    open_session,
)
from trio_claude.model import ControlSuccess, JSONObject
from trio_claude.testing import AskPermission, FakeAction, Say, SendRequest, open_fake_cli

from ._support import BASH, Asked, permission, read_turn, result_of

ECHO: JSONObject = {"command": "echo hi"}


def _options(spawn: Any, callback: Any) -> ClaudeAgentOptions:
    return ClaudeAgentOptions(spawn=spawn, can_use_tool=callback)


async def test_a_deferred_request_is_answered_later_by_its_id(autojump_clock: trio.testing.MockClock) -> None:
    asked = Asked(PermissionResultDeferred())
    script: list[list[FakeAction]] = [
        [AskPermission(tool_name="Bash", input=ECHO, output="hi"), Say(text="ran")]
    ]
    async with open_fake_cli(script) as fake:
        async with open_session(_options(fake.spawn, asked)) as session:
            await session.send("go")
            request_id = await asked.request_id()
            await trio.sleep(5)  # the request stays open: nothing answered, nothing denied
            [sent] = fake.process.requests
            assert sent.request_id == request_id and sent.response is None
            assert session.statistics().handlers_in_flight == 1
            session.respond_to_permission(request_id, PermissionResultAllow())
            assert result_of(await read_turn(session)).result == "ran"
            # Answered once: a second answer names a request that no longer waits.
            with pytest.raises(PermissionRequestNotPendingError) as error:
                session.respond_to_permission(request_id, PermissionResultDeny(message="late"))
            assert error.value.request_id == request_id and isinstance(error.value, LookupError)
        process = fake.process
    [sent] = process.requests
    assert isinstance(sent.response, ControlSuccess)
    # The allow without updated_input got the tool's input, as an answer of the callback does.
    assert sent.response.response == {"behavior": "allow", "updatedInput": ECHO}


async def test_an_answer_while_the_callback_runs_wins_and_cancels_it(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # The TypeScript pattern: answer out of band first, then return; here the callback is cancelled.
    asked = Asked(PermissionResultAllow(), delay=60)
    script: list[list[FakeAction]] = [[AskPermission(tool_name="Bash", input=ECHO), Say(text="after")]]
    async with open_fake_cli(script) as fake:
        async with open_session(_options(fake.spawn, asked)) as session:
            await session.send("go")
            request_id = await asked.request_id()
            start = trio.current_time()
            session.respond_to_permission(request_id, PermissionResultDeny(message="no, from the web UI"))
            messages = await read_turn(session)
            assert trio.current_time() - start < 1
            assert asked.cancelled == 1
            assert result_of(messages).result == "after"
        [sent] = fake.process.requests
    assert isinstance(sent.response, ControlSuccess)
    assert sent.response.response == {"behavior": "deny", "message": "no, from the web UI"}


async def test_unknown_ids_and_garbage_answers_are_refused_at_once(
    autojump_clock: trio.testing.MockClock,
) -> None:
    asked = Asked(PermissionResultDeferred())
    script: list[list[FakeAction]] = [[AskPermission(tool_name="Bash", input=ECHO), Say(text="done")]]
    async with open_fake_cli(script) as fake:
        async with open_session(_options(fake.spawn, asked)) as session:
            with pytest.raises(PermissionRequestNotPendingError, match="'nope'"):
                session.respond_to_permission("nope", PermissionResultAllow())
            await session.send("go")
            request_id = await asked.request_id()
            # A wrong answer raises for the caller and leaves the request open for a right one.
            with pytest.raises(TypeError, match="PermissionResultAllow or PermissionResultDeny"):
                session.respond_to_permission(request_id, None)  # type: ignore[arg-type]
            with pytest.raises(TypeError):
                session.respond_to_permission(request_id, {"behavior": "allow"})  # type: ignore[arg-type]
            assert fake.process.requests[0].response is None
            session.respond_to_permission(request_id, PermissionResultDeny(message="no"))
            await read_turn(session)
        [sent] = fake.process.requests
    assert isinstance(sent.response, ControlSuccess)
    assert sent.response.response == {"behavior": "deny", "message": "no"}


@pytest.mark.parametrize("garbage", [None, True, "allow", {"behavior": "allow"}])
async def test_none_or_garbage_from_the_callback_still_denies(
    autojump_clock: trio.testing.MockClock, garbage: object
) -> None:
    async def callback(name: str, tool_input: dict[str, Any], context: ToolPermissionContext) -> Any:
        return garbage

    script: list[list[FakeAction]] = [[AskPermission(tool_name="Bash", input=ECHO), Say(text="done")]]
    async with open_fake_cli(script) as fake:
        async with open_session(_options(fake.spawn, callback)) as session:
            await session.send("go")
            await read_turn(session)
        [sent] = fake.process.requests
    assert isinstance(sent.response, ControlSuccess)
    assert sent.response.response is not None and sent.response.response["behavior"] == "deny"


async def test_the_clis_cancel_drops_a_deferred_request(autojump_clock: trio.testing.MockClock) -> None:
    asked = Asked(PermissionResultDeferred())
    script: list[list[FakeAction]] = [
        [SendRequest(request=permission("toolu_withdrawn"), cancel_after=2), Say(text="went on")]
    ]
    async with open_fake_cli(script) as fake:
        async with open_session(_options(fake.spawn, asked)) as session:
            await session.send("go")
            request_id = await asked.request_id()
            assert result_of(await read_turn(session)).result == "went on"
            assert session.statistics().handlers_in_flight == 0
            with pytest.raises(PermissionRequestNotPendingError):
                session.respond_to_permission(request_id, PermissionResultAllow())
        process = fake.process
    assert process.cancels_sent == [request_id]
    assert process.responses_received == []


@pytest.mark.parametrize("cli_cancels", [True, False], ids=["cli-cancels-too", "cli-only-stops-waiting"])
async def test_an_interrupt_drops_a_deferred_request(
    autojump_clock: trio.testing.MockClock, cli_cancels: bool
) -> None:
    asked = Asked(PermissionResultDeferred())
    script: list[list[FakeAction]] = [
        [SendRequest(request=permission("toolu_a")), Say(text="never said")],
        [Say(text="second turn")],
    ]
    async with open_fake_cli(script, cancel_on_interrupt=cli_cancels) as fake:
        async with open_session(_options(fake.spawn, asked)) as session:
            await session.send("go")
            request_id = await asked.request_id()
            await session.interrupt()
            assert session.statistics().handlers_in_flight == 0
            with pytest.raises(PermissionRequestNotPendingError):
                session.respond_to_permission(request_id, PermissionResultAllow())
            assert result_of(await read_turn(session)).subtype == "error_during_execution"
            await session.send("again")
            assert result_of(await read_turn(session)).result == "second turn"
        assert fake.process.responses_received == []


async def test_leaving_the_block_with_a_deferred_request_ends_cleanly(
    autojump_clock: trio.testing.MockClock,
) -> None:
    asked = Asked(PermissionResultDeferred())
    script: list[list[FakeAction]] = [[AskPermission(tool_name="Bash", input=ECHO), Say(text="never")]]
    kept: list[ClaudeSession] = []
    async with open_fake_cli(script) as fake:
        start = trio.current_time()
        async with open_session(_options(fake.spawn, asked)) as session:
            kept.append(session)
            await session.send("go")
            request_id = await asked.request_id()
        assert trio.current_time() - start < 5  # no hang on the open request
        assert fake.process.responses_received == []  # the tool never ran
    with pytest.raises(PermissionRequestNotPendingError):
        kept[0].respond_to_permission(request_id, PermissionResultAllow())


async def test_a_query_waits_for_its_deferred_answer(autojump_clock: trio.testing.MockClock) -> None:
    # A one-shot query's input stays open while a deferred question waits: answered from another task.
    asked = Asked(PermissionResultDeferred())
    script: list[list[FakeAction]] = [[AskPermission(tool_name="Bash", input=ECHO), Say(text="finished")]]
    async with open_fake_cli(script) as fake:
        async with open_query("go", _options(fake.spawn, asked)) as query, trio.open_nursery() as nursery:

            async def answer_later() -> None:
                request_id = await asked.request_id()
                await trio.sleep(30)
                query.respond_to_permission(request_id, PermissionResultAllow(updated_input=BASH))

            nursery.start_soon(answer_later)
            messages = [message async for message in query]
        [sent] = fake.process.requests
    assert result_of(messages).result == "finished"
    assert isinstance(sent.response, ControlSuccess)
    assert sent.response.response == {"behavior": "allow", "updatedInput": BASH}
