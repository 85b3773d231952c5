"""How a query ends, against the real CLI: late hooks, and a result cut inside a surrogate pair."""

from __future__ import annotations

import time

import attrs
import pytest
import trio

from trio_claude import EXIT_REASONS, ClaudeAgentOptions, HookContext, HookMatcher, open_query, open_session
from trio_claude.model import (
    HookInput,
    SessionEndHookInput,
    StopHookInput,
    SyncHookOutput,
    TextBlock,
)
from trio_claude.testing import MessagesAPI, text_turn

from ._helpers import collect, result_of, texts

pytestmark = pytest.mark.real_cli


async def test_a_query_answers_its_stop_hooks_and_the_cli_sends_no_session_end(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    # The Stop hook answers slowly, and its first answer makes the CLI go on: only an answer that reached
    # the CLI gives the second model turn.  SessionEnd callbacks are never called in a one-shot query:
    # on stdin EOF the CLI (2.1.330 and 2.1.197) exits without sending them.
    messages_api.add_steps(text_turn("First answer."), text_turn("Second answer."))
    seen: list[HookInput] = []
    answered: list[float] = []

    async def stop(
        hook_input: HookInput, tool_use_id: str | None, context: HookContext
    ) -> SyncHookOutput | None:
        seen.append(hook_input)
        await trio.sleep(0.5)
        answered.append(time.monotonic())
        assert isinstance(hook_input, StopHookInput)
        if hook_input.stop_hook_active:
            return None
        return SyncHookOutput(decision="block", reason="Also say goodbye")

    async def session_end(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        seen.append(hook_input)

    hooks = {"Stop": [HookMatcher(hooks=[stop])], "SessionEnd": [HookMatcher(hooks=[session_end])]}
    async with open_query("talk", attrs.evolve(offline_options, hooks=hooks)) as messages:
        collected = await collect(messages)
        ended = time.monotonic()
    assert [type(hook_input) for hook_input in seen] == [StopHookInput, StopHookInput]
    assert texts(collected) == ["First answer.", "Second answer."]
    assert "Also say goodbye" in " ".join(messages_api.script_requests[1].texts())
    assert not result_of(collected).is_error
    assert len(answered) == 2 and answered[-1] < ended


async def test_session_end_is_called_and_answered_when_the_cli_sends_it(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    # The CLI does send SessionEnd to the SDK when the conversation is cleared (reason "clear").
    messages_api.add_steps(text_turn("Before clearing."))
    seen: list[HookInput] = []

    async def session_end(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> None:
        seen.append(hook_input)
        await trio.sleep(0.2)

    hooks = {"SessionEnd": [HookMatcher(hooks=[session_end])]}
    async with open_session(attrs.evolve(offline_options, hooks=hooks)) as session:
        await session.send("hello")
        await collect(session.receive_response())
        await session.send("/clear")
        cleared = await collect(session.receive_response())
    [ended] = seen
    assert isinstance(ended, SessionEndHookInput) and ended.reason == "clear"
    assert ended.reason in EXIT_REASONS
    assert not result_of(cleared).is_error


async def test_a_result_cut_inside_a_surrogate_pair_ends_the_query(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    # The model's text ends in half an emoji; the CLI (Node) writes it as "\ud83d" in its lines.
    cut = "Here is a smile: \ud83d"
    messages_api.add_steps(text_turn(cut))
    with trio.fail_after(60):
        async with open_query("smile", offline_options) as messages:
            collected = await collect(messages)
    assert result_of(collected).result == cut
    assert [block for message in collected for block in getattr(message, "content", ())] == [
        TextBlock(text=cut)
    ]
