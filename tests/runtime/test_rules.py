"""The cancellation rules (docs/cancellation.rst), one section each.

Rules 1 to 4, 6 and 7 run against the in-memory fake CLI with the autojump clock, and assert both on what the
caller sees and on the frames the fake CLI received.  Rule 5 (leaving the block) and the subprocess half of
rule 6 are in ``test_shutdown.py``.
"""

from __future__ import annotations

import logging

import pytest
import trio
import trio.testing

from trio_claude import (
    ClaudeAgentOptions,
    CLICommand,
    CLIConnectionError,
    HookMatcher,
    ProcessError,
    Spawn,
    open_session,
)
from trio_claude.model import (
    AssistantMessage,
    CanUseToolRequest,
    ContextUsageResponse,
    ControlSuccess,
    GetContextUsageRequest,
    HookCallbackRequest,
    InitMessage,
    InterruptRequest,
    InterruptResponse,
    ResultMessage,
    SetModelRequest,
    TextBlock,
    ToolResultBlock,
    UserMessage,
)
from trio_claude.testing import (
    AskPermission,
    CallHook,
    Crash,
    FakeAction,
    Say,
    SendRequest,
    Sleep,
    Together,
    open_fake_cli,
)

from ._support import (
    BASH,
    LaggingStderr,
    Recorder,
    answered_ids,
    delivered,
    host_requests,
    permission,
    read_turn,
    result_of,
    sent_request,
)


def options_for(spawn: Spawn, recorder: Recorder) -> ClaudeAgentOptions:
    """A session with the recorder's permission callback and two PreToolUse hooks (``hook_0``, ``hook_1``)."""
    return ClaudeAgentOptions(
        spawn=spawn,
        can_use_tool=recorder.can_use_tool,
        hooks={"PreToolUse": [HookMatcher(hooks=[recorder.hook, recorder.hook])]},
    )


# --------------------------------------------------------------------------------------------------------
# Rule 1: a control_cancel_request from the CLI cancels exactly that handler
# --------------------------------------------------------------------------------------------------------


async def test_rule1_the_clis_cancel_cancels_exactly_that_handler(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # Three requests in flight at once: a permission check that never decides (the CLI gives up on it after
    # 1 s, as when a PermissionRequest hook wins the race), another permission check and a hook, both
    # answering after 3 s.
    recorder = Recorder(block=frozenset({"toolu_slow"}), delay=3)
    script: list[list[FakeAction]] = [
        [
            Together(
                actions=[
                    SendRequest(request=permission("toolu_slow"), cancel_after=1),
                    SendRequest(request=permission("toolu_other")),
                    CallHook(callback_id="hook_0", input={"hook_event_name": "PreToolUse"}),
                ]
            ),
            Say(text="all three settled"),
        ]
    ]
    async with open_fake_cli(script) as fake:
        async with open_session(options_for(fake.spawn, recorder)) as session:
            start = trio.current_time()
            await session.send("go")
            messages = await read_turn(session)
            assert result_of(messages).result == "all three settled"
            assert session.statistics().handlers_in_flight == 0
        process = fake.process

    # The caller's callback saw trio.Cancelled when the cancel arrived, and only that one.
    assert recorder.at("toolu_slow cancelled") - start == pytest.approx(1)
    assert sorted(recorder.events()) == sorted(
        [
            "toolu_slow started",
            "toolu_other started",
            "hook_0 started",
            "toolu_slow cancelled",
            "toolu_other answered",
            "hook_0 answered",
        ]
    )
    # On the wire: the cancelled request got no answer at all; the others got theirs.
    slow = sent_request(process, CanUseToolRequest, "toolu_slow")
    other = sent_request(process, CanUseToolRequest, "toolu_other")
    hook = sent_request(process, HookCallbackRequest, "hook_0")
    assert process.cancels_sent == [slow.request_id]
    assert slow.cancelled and slow.response is None
    assert sorted(answered_ids(process)) == sorted([other.request_id, hook.request_id])
    assert isinstance(other.response, ControlSuccess)
    assert other.response.response == {"behavior": "allow", "updatedInput": BASH}
    assert isinstance(hook.response, ControlSuccess) and hook.response.response == {"continue": True}


async def test_rule1_a_cancel_for_a_finished_handler_is_ignored(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # The hook answers at once; the CLI's cancel comes after the answer (a stale cancel): nothing happens.
    recorder = Recorder()
    script: list[list[FakeAction]] = [
        [CallHook(callback_id="hook_1", input={"hook_event_name": "PreToolUse"}), Say(text="fine")]
    ]
    async with open_fake_cli(script) as fake, open_session(options_for(fake.spawn, recorder)) as session:
        await session.send("go")
        await read_turn(session)
        [hook] = fake.process.requests
        assert not hook.cancelled and isinstance(hook.response, ControlSuccess)
        assert answered_ids(fake.process) == [hook.request_id]
    assert recorder.events() == ["hook_1 started", "hook_1 answered"]


# --------------------------------------------------------------------------------------------------------
# Rule 2: interrupt() sends interrupt and cancels every in-flight handler of the turn
# --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cli_cancels", [True, False], ids=["cli-cancels-too", "cli-only-stops-waiting"])
async def test_rule2_interrupt_cancels_every_handler_of_the_turn(
    autojump_clock: trio.testing.MockClock, cli_cancels: bool
) -> None:
    # With cancel_on_interrupt=False the fake CLI does not cancel its requests on interrupt: the handlers
    # stop only because the session cancels them itself.
    recorder = Recorder(block=frozenset({"toolu_a", "toolu_b", "hook_0"}))
    script: list[list[FakeAction]] = [
        [
            Say(text="asking"),
            Together(
                actions=[
                    SendRequest(request=permission("toolu_a")),
                    SendRequest(request=permission("toolu_b")),
                    CallHook(callback_id="hook_0", input={"hook_event_name": "PreToolUse"}),
                ]
            ),
            Say(text="never said"),
        ],
        [Say(text="second turn")],
    ]
    async with open_fake_cli(script, cancel_on_interrupt=cli_cancels) as fake:
        async with open_session(options_for(fake.spawn, recorder)) as session:
            await session.send("go")
            await recorder.wait_started(3)
            assert session.statistics().handlers_in_flight == 3
            answer = await session.interrupt()
            assert isinstance(answer, InterruptResponse)
            assert session.statistics().handlers_in_flight == 0
            assert sorted(recorder.events()) == sorted(
                [
                    f"{name} {what}"
                    for name in ("toolu_a", "toolu_b", "hook_0")
                    for what in ("started", "cancelled")
                ]
            )
            result = result_of(await read_turn(session))
            assert result.subtype == "error_during_execution" and result.terminal_reason == "aborted_tools"

            # The session keeps working: a request, then the next turn.
            assert (await session.set_model("claude-next")).model == "claude-next"
            await session.send("again")
            assert result_of(await read_turn(session)).result == "second turn"
        process = fake.process

    [interrupt] = host_requests(process, InterruptRequest)
    assert isinstance(process.responses_sent[interrupt.request_id], ControlSuccess)
    assert answered_ids(process) == []  # none of the three handlers answered, ever
    assert all(sent.response is None for sent in process.requests)
    assert len(process.requests) == 3
    assert sorted(process.cancels_sent) == (
        sorted(sent.request_id for sent in process.requests) if cli_cancels else []
    )
    assert [prompt.content for prompt in process.prompts] == ["go", "again"]


async def test_rule2_interrupt_without_a_turn_is_harmless(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli() as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            assert isinstance(await session.interrupt(), InterruptResponse)
            await session.send("hi")
            assert result_of(await read_turn(session)).result == "ok"
        assert len(host_requests(fake.process, InterruptRequest)) == 1


# --------------------------------------------------------------------------------------------------------
# Rule 3: cancelling the caller of an outbound request
# --------------------------------------------------------------------------------------------------------


async def test_rule3_a_cancelled_request_is_cancelled_on_the_wire(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with open_fake_cli(context_usage_delay=None) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            start = trio.current_time()
            with trio.move_on_after(1) as scope:
                await session.get_context_usage()
            assert scope.cancelled_caught
            assert trio.current_time() - start == pytest.approx(1)  # at once: no waiting for the CLI
            assert session.statistics().pending_requests == 0
            await trio.testing.wait_all_tasks_blocked()
            [request] = host_requests(fake.process, GetContextUsageRequest)
            assert fake.process.cancels_received == [request.request_id]
            assert request.request_id not in fake.process.responses_sent
            # Later requests work.
            assert (await session.set_model("m")).model == "m"
        assert fake.process.returncode == 0


async def test_rule3_the_late_answer_is_dropped(autojump_clock: trio.testing.MockClock) -> None:
    # The fake answers get_context_usage after 5 s even when cancelled: the answer arrives late.
    async with open_fake_cli(context_usage_delay=5, answer_after_cancel=True) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            with trio.move_on_after(1):
                await session.get_context_usage()
            await trio.sleep(10)
            [first] = host_requests(fake.process, GetContextUsageRequest)
            assert fake.process.cancels_received == [first.request_id]
            assert isinstance(fake.process.responses_sent[first.request_id], ControlSuccess)  # sent anyway
            assert session.statistics().late_responses == 1
            assert session.statistics().buffered_messages == 0  # not delivered as a message either

            # The next request of the same kind gets its own answer, not the stale one.
            start = trio.current_time()
            usage = await session.get_context_usage()
            assert isinstance(usage, ContextUsageResponse) and usage.max_tokens == 1_000_000
            assert trio.current_time() - start == pytest.approx(5)
            await session.send("hi")
            assert result_of(await read_turn(session)).result == "ok"
        assert fake.process.cancels_received == [first.request_id]


async def test_rule3_cancelling_one_of_two_callers_leaves_the_other(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with open_fake_cli(context_usage_delay=2) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            got: list[ContextUsageResponse] = []

            async def patient() -> None:
                got.append(await session.get_context_usage())

            async with trio.open_nursery() as nursery:
                nursery.start_soon(patient)
                with trio.move_on_after(1):
                    await session.get_context_usage()
            assert len(got) == 1
        first, second = host_requests(fake.process, GetContextUsageRequest)
        cancelled = set(fake.process.cancels_received)
        assert len(cancelled) == 1 and cancelled < {first.request_id, second.request_id}


# --------------------------------------------------------------------------------------------------------
# Rule 4: a handler that raises answers with an error; the session goes on
# --------------------------------------------------------------------------------------------------------


async def test_rule4_a_raising_permission_callback_answers_a_deny(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    recorder = Recorder(fail="the policy database is down")
    script: list[list[FakeAction]] = [
        [AskPermission(tool_name="Bash", input=BASH), Say(text="I could not run it.")],
        [Say(text="next turn")],
    ]
    caplog.set_level(logging.ERROR, logger="trio_claude")
    async with open_fake_cli(script) as fake:
        async with open_session(options_for(fake.spawn, recorder)) as session:
            await session.send("run it")
            messages = await read_turn(session)
            # The CLI told the model, and the turn went on.
            [tool_result] = [
                block
                for message in messages
                if isinstance(message, UserMessage) and not isinstance(message.message.content, str)
                for block in message.message.content
                if isinstance(block, ToolResultBlock)
            ]
            assert tool_result.is_error  # fail closed: a deny that names the error
            assert tool_result.content == (
                "Denied: the can_use_tool callback failed (RuntimeError: the policy database is down)"
            )
            assert result_of(messages).result == "I could not run it."
            # The session goes on: a request and a turn.
            assert (await session.set_model("m")).model == "m"
            await session.send("again")
            assert result_of(await read_turn(session)).result == "next turn"
        process = fake.process

    [sent] = process.requests
    assert isinstance(sent.response, ControlSuccess)
    assert sent.response.response == {
        "behavior": "deny",
        "message": "Denied: the can_use_tool callback failed (RuntimeError: the policy database is down)",
    }
    assert answered_ids(process) == [sent.request_id]
    [record] = [record for record in caplog.records if record.name == "trio_claude.protocol"]
    assert record.levelno == logging.ERROR and "can_use_tool" in record.getMessage()
    assert record.exc_info is not None and isinstance(record.exc_info[1], RuntimeError)


async def test_rule4_a_raising_hook_fails_closed_and_other_handlers_go_on(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    failing = Recorder(fail="hook exploded")
    fine = Recorder(delay=1)
    script: list[list[FakeAction]] = [
        [
            Together(
                actions=[
                    CallHook(callback_id="hook_0", input={"hook_event_name": "PreToolUse"}),
                    SendRequest(request=permission("toolu_fine")),
                ]
            ),
            Say(text="done"),
        ]
    ]
    caplog.set_level(logging.ERROR, logger="trio_claude")
    async with open_fake_cli(script) as fake:
        options = ClaudeAgentOptions(
            spawn=fake.spawn,
            can_use_tool=fine.can_use_tool,
            hooks={"PreToolUse": [HookMatcher(hooks=[failing.hook])]},
        )
        async with open_session(options) as session:
            await session.send("go")
            assert result_of(await read_turn(session)).result == "done"
        hook = sent_request(fake.process, HookCallbackRequest, "hook_0")
        allowed = sent_request(fake.process, CanUseToolRequest, "toolu_fine")
    assert isinstance(hook.response, ControlSuccess)  # a PreToolUse hook fails closed: a deny
    assert hook.response.response == {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "Denied: the PreToolUse hook failed (RuntimeError: hook exploded)",
        }
    }
    assert isinstance(allowed.response, ControlSuccess)
    assert fine.events() == ["toolu_fine started", "toolu_fine answered"]
    assert any("hook_callback" in record.getMessage() for record in caplog.records)


# --------------------------------------------------------------------------------------------------------
# Rule 6: a CLI that dies fails pending requests and the consumer with ProcessError
# --------------------------------------------------------------------------------------------------------


async def test_rule6_a_crash_fails_pending_requests_and_the_consumer(
    autojump_clock: trio.testing.MockClock,
) -> None:
    script: list[list[FakeAction]] = [
        [Say(text="working"), Sleep(seconds=1), Crash(exit_code=3, stderr="fatal: out of cheese\nat line 2")]
    ]
    request_error: list[BaseException] = []
    async with open_fake_cli(script, context_usage_delay=None) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:

            async def pending_request() -> None:
                with pytest.raises(ProcessError) as info:
                    await session.get_context_usage()
                request_error.append(info.value)

            seen: list[object] = []
            async with trio.open_nursery() as nursery:
                nursery.start_soon(pending_request)
                await session.send("go")
                with pytest.raises(ProcessError) as info:
                    async for message in session.receive_messages():
                        seen.append(message)
            error = info.value
            # Everything written before the crash was delivered first.
            assert [type(message) for message in seen] == [InitMessage, AssistantMessage]
            assert error.exit_code == 3
            assert error.stderr.splitlines() == ["fatal: out of cheese", "at line 2"]
            assert "out of cheese" in str(error) and error.result is None
            assert request_error == [error]
            # Later calls fail the same way, at once.
            with pytest.raises(ProcessError):
                await session.get_context_usage()
            with pytest.raises(ProcessError):
                await session.send("anyone?")
            assert session.returncode == 3
        # Leaving the block after a crash does not signal the dead CLI.
        assert fake.process.signals == []


async def test_rule6_the_error_carries_stderr_read_after_the_exit(
    autojump_clock: trio.testing.MockClock,
) -> None:
    script: list[list[FakeAction]] = [[Crash(exit_code=7, stderr="the last words")]]
    async with open_fake_cli(script) as fake:

        async def spawn(command: CLICommand) -> LaggingStderr:
            return LaggingStderr(await fake.spawn(command), lag=0.2)

        async with open_session(ClaudeAgentOptions(spawn=spawn)) as session:
            await session.send("go")
            with pytest.raises(ProcessError) as info:
                async for _ in session.receive_messages():
                    pass
    assert info.value.exit_code == 7 and info.value.stderr == "the last words"


async def test_rule6_a_kill_from_outside_is_a_process_error(autojump_clock: trio.testing.MockClock) -> None:
    async with (
        open_fake_cli([[Sleep(seconds=60)]]) as fake,
        open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session,
    ):
        await session.send("go")
        assert isinstance(await session.receive_message(), InitMessage)
        await trio.sleep(1)
        fake.process.kill()
        with pytest.raises(ProcessError) as info:
            await session.receive_message()
        assert info.value.exit_code == -9


async def test_rule6_an_error_exit_after_an_interrupted_turn_is_not_an_error(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with open_fake_cli([[Sleep(seconds=60), Say(text="never")]]) as fake:
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            await session.send("go")
            assert isinstance(await session.receive_message(), InitMessage)
            await session.interrupt()
            result = result_of(await read_turn(session))
            assert result.is_error and result.terminal_reason == "aborted_streaming"
        # The CLI reports its last error result with exit code 1 when its input closes; nobody raised.
        assert session.returncode == 1
        assert fake.process.signals == []
        with pytest.raises(CLIConnectionError, match="block was left"):  # not a ProcessError
            [message async for message in session.receive_messages()]


# --------------------------------------------------------------------------------------------------------
# Rule 7: control traffic is handled while the consumer is not reading
# --------------------------------------------------------------------------------------------------------


async def test_rule7_control_traffic_never_waits_for_the_consumer(
    autojump_clock: trio.testing.MockClock,
) -> None:
    count = 500
    recorder = Recorder()
    script: list[list[FakeAction]] = [
        [
            *(Say(text=f"message {index}") for index in range(count)),
            AskPermission(tool_name="Bash", input=BASH, output="hi"),
            CallHook(callback_id="hook_0", input={"hook_event_name": "Stop"}),
            Say(text="the end"),
        ]
    ]
    async with (
        open_fake_cli(script, context_usage_delay=0) as fake,
        open_session(options_for(fake.spawn, recorder)) as session,
    ):
        await session.send("go")
        # Nobody reads; the whole turn still runs to its end, callbacks included.
        await trio.testing.wait_all_tasks_blocked()
        assert recorder.events() == [
            "toolu_fake_1 started",
            "toolu_fake_1 answered",
            "hook_0 started",
            "hook_0 answered",
        ]
        assert all(isinstance(sent.response, ControlSuccess) for sent in fake.process.requests)
        assert fake.process.results, "the turn has finished while nobody read"
        # Our own requests are answered too while the buffer is full.
        assert isinstance(await session.get_context_usage(), ContextUsageResponse)
        assert session.statistics().buffered_messages >= count + 4

        # Now read: everything, in order, nothing lost.
        messages = await read_turn(session)
        assert messages == delivered(fake.process)
        texts = [
            block.text
            for message in messages
            if isinstance(message, AssistantMessage)
            for block in message.content
            if isinstance(block, TextBlock)
        ]
        assert texts == [*(f"message {index}" for index in range(count)), "the end"]
        assert session.statistics().buffered_messages == 0
    assert isinstance(messages[-1], ResultMessage)
    assert len(host_requests(fake.process, SetModelRequest)) == 0
