"""``on_elicitation`` and ``on_user_dialog`` answered out of band: :class:`ElicitationResponseDeferred` /
:class:`UserDialogResponseDeferred` and :meth:`ClaudeSession.respond_to_elicitation` /
:meth:`ClaudeSession.respond_to_user_dialog` (the TypeScript SDK's ``null`` answer and ``requestId``),
the same contract as ``can_use_tool``'s (``test_permission_deferred.py``).

Each test runs for both kinds, against the in-memory fake CLI with the autojump clock; the real CLI's half
(elicitation: the CLI sends no user dialog offline) is in ``tests/e2e/test_elicitation.py``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs
import pytest
import trio
import trio.testing

from trio_claude import (
    ClaudeAgentOptions,
    ClaudeSession,
    ElicitationContext,
    ElicitationRequestNotPendingError,
    ElicitationResponseDeferred,
    RequestNotPendingError,
    UserDialogContext,
    UserDialogRequestNotPendingError,
    UserDialogResponseDeferred,
    model as m,
    open_query,
    open_session,
)
from trio_claude._config._callbacks import takes_context
from trio_claude.testing import FakeAction, FakeCLIProcess, Say, SendRequest, open_fake_cli

from ._support import Asked, read_turn, result_of


@attrs.frozen(kw_only=True)
class Kind:
    """One kind of request that can be answered out of band."""

    name: str
    request: m.ControlRequestPayload
    option: str
    answer: Any
    other: Any
    answer_wire: m.JSONObject
    deferred: Any
    not_pending: type[RequestNotPendingError]
    context: type[Any]
    respond_name: str
    answer_type: str
    """How the error for a wrong answer names the answer's type."""
    failed: Callable[[m.ControlSuccess | m.ControlError | None], bool]
    """Whether the CLI's answer is the kind's failure answer (the request failed closed)."""

    def respond(self, session: ClaudeSession, request_id: str, answer: Any) -> None:
        getattr(session, self.respond_name)(request_id, answer)

    def options(self, spawn: Any, callback: Any) -> ClaudeAgentOptions:
        return ClaudeAgentOptions(spawn=spawn, **{self.option: callback})


def _elicitation_failed(answer: m.ControlSuccess | m.ControlError | None) -> bool:
    return isinstance(answer, m.ControlError)  # the CLI tells the server "cancel"


def _dialog_failed(answer: m.ControlSuccess | m.ControlError | None) -> bool:
    return isinstance(answer, m.ControlSuccess) and answer.response == {"behavior": "cancelled"}


ELICITATION = Kind(
    name="elicitation",
    request=m.ElicitationRequest(mcp_server_name="db", message="Which table?", mode="form"),
    option="on_elicitation",
    answer=m.ElicitationResponse(action="accept", content={"table": "users"}),
    other=m.ElicitationResponse(action="decline"),
    answer_wire={"action": "accept", "content": {"table": "users"}},
    deferred=ElicitationResponseDeferred(),
    not_pending=ElicitationRequestNotPendingError,
    context=ElicitationContext,
    respond_name="respond_to_elicitation",
    answer_type="an ElicitationResponse",
    failed=_elicitation_failed,
)
DIALOG = Kind(
    name="dialog",
    request=m.RequestUserDialogRequest(
        dialog_kind="refusal_fallback_prompt", payload={}, tool_use_id="toolu_d"
    ),
    option="on_user_dialog",
    answer=m.UserDialogResponse(behavior="completed", result={"choice": "retry"}),
    other=m.UserDialogResponse(behavior="cancelled"),
    answer_wire={"behavior": "completed", "result": {"choice": "retry"}},
    deferred=UserDialogResponseDeferred(),
    not_pending=UserDialogRequestNotPendingError,
    context=UserDialogContext,
    respond_name="respond_to_user_dialog",
    answer_type="a UserDialogResponse",
    failed=_dialog_failed,
)

pytestmark = pytest.mark.parametrize("kind", [ELICITATION, DIALOG], ids=lambda kind: kind.name)


def _answer(process: FakeCLIProcess) -> m.ControlSuccess | m.ControlError | None:
    [sent] = process.requests
    return sent.response


def _answered(process: FakeCLIProcess) -> m.JSONObject | None:
    """The body of the success answer to the one request the CLI sent."""
    answer = _answer(process)
    assert isinstance(answer, m.ControlSuccess), answer
    return answer.response


def _asking(kind: Kind, text: str) -> list[list[FakeAction]]:
    """A one-turn script: the CLI sends the kind's request, then says ``text``."""
    return [[SendRequest(request=kind.request), Say(text=text)]]


async def test_a_deferred_request_is_answered_later_by_its_id(
    autojump_clock: trio.testing.MockClock, kind: Kind
) -> None:
    asked = Asked(kind.deferred)
    script = _asking(kind, "went on")
    async with open_fake_cli(script) as fake:
        async with open_session(kind.options(fake.spawn, asked)) as session:
            await session.send("go")
            request_id = await asked.request_id()
            assert isinstance(asked.contexts[0], kind.context)
            await trio.sleep(5)  # the request stays open: nothing answered
            [sent] = fake.process.requests
            assert sent.request_id == request_id and sent.response is None
            assert session.statistics().handlers_in_flight == 1
            kind.respond(session, request_id, kind.answer)
            assert result_of(await read_turn(session)).result == "went on"
            # Answered once: a second answer names a request that no longer waits.
            with pytest.raises(kind.not_pending) as error:
                kind.respond(session, request_id, kind.other)
            assert error.value.request_id == request_id
            assert isinstance(error.value, RequestNotPendingError) and isinstance(error.value, LookupError)
        process = fake.process
    assert _answered(process) == kind.answer_wire


async def test_an_answer_while_the_callback_runs_wins_and_cancels_it(
    autojump_clock: trio.testing.MockClock, kind: Kind
) -> None:
    asked = Asked(kind.other, delay=60)
    script = _asking(kind, "after")
    async with open_fake_cli(script) as fake:
        async with open_session(kind.options(fake.spawn, asked)) as session:
            await session.send("go")
            request_id = await asked.request_id()
            start = trio.current_time()
            kind.respond(session, request_id, kind.answer)
            assert result_of(await read_turn(session)).result == "after"
            assert trio.current_time() - start < 1
            assert asked.cancelled == 1
        process = fake.process
    assert _answered(process) == kind.answer_wire


async def test_unknown_ids_and_garbage_answers_are_refused_at_once(
    autojump_clock: trio.testing.MockClock, kind: Kind
) -> None:
    asked = Asked(kind.deferred)
    script = _asking(kind, "done")
    async with open_fake_cli(script) as fake:
        async with open_session(kind.options(fake.spawn, asked)) as session:
            with pytest.raises(kind.not_pending, match="'nope'"):
                kind.respond(session, "nope", kind.answer)
            await session.send("go")
            request_id = await asked.request_id()
            # A wrong answer raises for the caller and leaves the request open for a right one.
            for garbage in (None, kind.answer_wire, kind.deferred, m.PermissionResultAllow()):
                with pytest.raises(TypeError, match=kind.respond_name) as error:
                    kind.respond(session, request_id, garbage)
                assert str(error.value) == f"{kind.respond_name} takes {kind.answer_type}, not {garbage!r}"
            assert fake.process.requests[0].response is None
            kind.respond(session, request_id, kind.answer)
            await read_turn(session)
        process = fake.process
    assert _answered(process) == kind.answer_wire


@pytest.mark.parametrize("garbage", [None, True, "accept", {"action": "accept"}])
async def test_none_or_garbage_from_the_callback_still_fails_closed(
    autojump_clock: trio.testing.MockClock, kind: Kind, garbage: object
) -> None:
    async def callback(request: Any, context: Any) -> Any:
        return garbage

    script = _asking(kind, "done")
    async with open_fake_cli(script) as fake:
        async with open_session(kind.options(fake.spawn, callback)) as session:
            await session.send("go")
            await read_turn(session)
            assert session.statistics().handlers_in_flight == 0
        process = fake.process
    assert kind.failed(_answer(process))


async def test_the_clis_cancel_drops_a_deferred_request(
    autojump_clock: trio.testing.MockClock, kind: Kind
) -> None:
    asked = Asked(kind.deferred)
    script: list[list[FakeAction]] = [
        [SendRequest(request=kind.request, cancel_after=2), Say(text="went on")]
    ]
    async with open_fake_cli(script) as fake:
        async with open_session(kind.options(fake.spawn, asked)) as session:
            await session.send("go")
            request_id = await asked.request_id()
            assert result_of(await read_turn(session)).result == "went on"
            assert session.statistics().handlers_in_flight == 0
            with pytest.raises(kind.not_pending):
                kind.respond(session, request_id, kind.answer)
        process = fake.process
    assert process.cancels_sent == [request_id]
    assert process.responses_received == []


@pytest.mark.parametrize("cli_cancels", [True, False], ids=["cli-cancels-too", "cli-only-stops-waiting"])
async def test_an_interrupt_drops_a_deferred_request(
    autojump_clock: trio.testing.MockClock, kind: Kind, cli_cancels: bool
) -> None:
    asked = Asked(kind.deferred)
    script: list[list[FakeAction]] = [
        [SendRequest(request=kind.request), Say(text="never said")],
        [Say(text="second turn")],
    ]
    async with open_fake_cli(script, cancel_on_interrupt=cli_cancels) as fake:
        async with open_session(kind.options(fake.spawn, asked)) as session:
            await session.send("go")
            request_id = await asked.request_id()
            await session.interrupt()
            assert session.statistics().handlers_in_flight == 0
            with pytest.raises(kind.not_pending):
                kind.respond(session, request_id, kind.answer)
            assert result_of(await read_turn(session)).subtype == "error_during_execution"
            await session.send("again")
            assert result_of(await read_turn(session)).result == "second turn"
        assert fake.process.responses_received == []


async def test_leaving_the_block_with_a_deferred_request_ends_cleanly(
    autojump_clock: trio.testing.MockClock, kind: Kind
) -> None:
    asked = Asked(kind.deferred)
    script = _asking(kind, "never")
    kept: list[ClaudeSession] = []
    async with open_fake_cli(script) as fake:
        start = trio.current_time()
        async with open_session(kind.options(fake.spawn, asked)) as session:
            kept.append(session)
            await session.send("go")
            request_id = await asked.request_id()
        assert trio.current_time() - start < 5  # no hang on the open request
        assert fake.process.responses_received == []
    with pytest.raises(kind.not_pending):
        kind.respond(kept[0], request_id, kind.answer)


async def test_a_redelivered_request_can_be_deferred_too(
    autojump_clock: trio.testing.MockClock, kind: Kind
) -> None:
    # A request the CLI was already waiting on (listed in the initialize answer) gets its id as well.
    asked = Asked(kind.deferred)
    async with open_fake_cli(parked_requests=[kind.request]) as fake:
        async with open_session(kind.options(fake.spawn, asked)) as session:
            request_id = await asked.request_id()
            await trio.sleep(1)
            assert fake.process.requests[0].response is None
            kind.respond(session, request_id, kind.answer)
            await trio.sleep(1)
            assert session.statistics().handlers_in_flight == 0
        process = fake.process
    assert process.requests[0].request_id == request_id
    assert _answered(process) == kind.answer_wire


async def test_a_query_waits_for_its_deferred_answer(
    autojump_clock: trio.testing.MockClock, kind: Kind
) -> None:
    # A one-shot query's input stays open while a deferred request waits: answered from another task.
    asked = Asked(kind.deferred)
    script = _asking(kind, "finished")
    async with open_fake_cli(script) as fake:
        async with open_query("go", kind.options(fake.spawn, asked)) as query, trio.open_nursery() as nursery:

            async def answer_later() -> None:
                request_id = await asked.request_id()
                await trio.sleep(30)
                kind.respond(query, request_id, kind.answer)

            nursery.start_soon(answer_later)
            messages = [message async for message in query]
        process = fake.process
    assert result_of(messages).result == "finished"
    assert _answered(process) == kind.answer_wire


async def test_a_one_argument_callback_cannot_defer(
    autojump_clock: trio.testing.MockClock, kind: Kind
) -> None:
    # Without a context it has no id to answer by: its marker is a broken answer, which fails closed
    # at once (rather than leaving the request open for good).
    seen: list[Any] = []

    async def callback(request: Any) -> Any:
        seen.append(request)
        return kind.deferred

    script = _asking(kind, "on")
    async with open_fake_cli(script) as fake:
        async with open_session(kind.options(fake.spawn, callback)) as session:
            await session.send("go")
            assert result_of(await read_turn(session)).result == "on"
        process = fake.process
    assert seen == [kind.request]
    assert kind.failed(_answer(process))


def test_which_callbacks_get_the_context(kind: Kind) -> None:
    async def one(request: Any) -> None: ...
    async def two(request: Any, context: Any) -> None: ...
    async def optional(request: Any, context: Any = None) -> None: ...
    async def star(*args: Any) -> None: ...
    async def keyword_only(request: Any, *, context: Any = None) -> None: ...

    class Method:
        async def __call__(self, request: Any, context: Any) -> None: ...

    assert not takes_context(one) and not takes_context(keyword_only)
    assert takes_context(two) and takes_context(optional) and takes_context(star)
    assert takes_context(Method()) and not takes_context(functools.partial(two, None))


async def test_reinitialize_leaves_a_deferred_request_to_its_answer(
    autojump_clock: trio.testing.MockClock, kind: Kind
) -> None:
    # The CLI lists the waiting request again in its initialize answer: it is already the session's
    # (its handler waits for the out-of-band answer), so it is not asked twice, and the answer still lands.
    asked = Asked(kind.deferred)
    script = _asking(kind, "went on")
    async with open_fake_cli(script) as fake:
        async with open_session(kind.options(fake.spawn, asked)) as session:
            await session.send("go")
            request_id = await asked.request_id()
            await session.reinitialize()
            await trio.sleep(1)
            assert len(asked.contexts) == 1
            kind.respond(session, request_id, kind.answer)
            assert result_of(await read_turn(session)).result == "went on"
        process = fake.process
    [_, again] = [f for f in process.host_requests if isinstance(f.request, m.InitializeRequest)]
    frame = process.responses_sent[again.request_id]
    assert isinstance(frame, m.ControlSuccess)
    listed = [*(frame.pending_elicitation_requests or ()), *(frame.pending_user_dialog_requests or ())]
    assert [waiting.request_id for waiting in listed] == [request_id]
    assert _answered(process) == kind.answer_wire
