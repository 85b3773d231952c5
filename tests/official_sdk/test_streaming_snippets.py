"""The official ``examples/streaming_mode_trio.py`` and ``examples/streaming_mode_ipython.py``, ported, run
against the real CLI offline."""

from __future__ import annotations

import time

import pytest

from trio_claude.testing import MessagesAPI, text_turn

from . import streaming_mode_ipython as snippets, streaming_mode_trio

pytestmark = pytest.mark.real_cli


def claude_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("Claude:")]


async def test_streaming_mode_trio(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("36."), text_turn("42."), text_turn("21."))
    await streaming_mode_trio.conversation()
    out = capsys.readouterr().out
    assert claude_lines(out) == ["Claude: 36.", "Claude: 42.", "Claude: 21."]
    assert out.count("Result ended") == 3 and out.endswith("Conversation complete\n")
    assert {request.model for request in official_env.script_requests} == {"claude-sonnet-4-5"}
    assert "36." in str(official_env.script_requests[2].messages)  # one conversation


SNIPPETS = {
    "one_question": ([text_turn("42.")], ["Claude: 42."]),
    "send_and_receive_helper": (
        [text_turn("A joke."), text_turn("A fact.")],
        ["User: Tell me a short joke", "Claude: A joke.", "User: Now a fun fact", "Claude: A fact."],
    ),
    "one_client_many_questions": ([text_turn("6."), text_turn("81.")], ["Claude: 6.", "Claude: 81."]),
    "interrupt_while_reading": (
        [text_turn("1, 2", stall=True), text_turn("I was interrupted.")],
        ["--- interrupting ---", "Claude: 1, 2", "Claude: I was interrupted."],
    ),
    "timeout_around_a_response": (
        [text_turn("Sleeping", stall=True)],
        [f"Timed out after {snippets.TIMEOUT} seconds"],
    ),
    # It reads the first result only, and leaves (the CLI may be answering the next prompt).
    "async_iterable_of_messages": (
        [text_turn("Go on."), text_turn("100."), text_turn("20.")],
        ["User: Two questions.", "User: What is 25 * 4?", "User: What is 100 / 5?", "Claude: Go on."],
    ),
    "collect_into_a_list": (
        [text_turn("Red, yellow and blue.")],
        ["Claude: Red, yellow and blue.", "3 messages"],  # init, assistant, result
    ),
}


@pytest.mark.parametrize("name", SNIPPETS)
async def test_ipython_snippets(
    official_env: MessagesAPI, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    script, expected = SNIPPETS[name]
    official_env.add_steps(*script)
    started = time.monotonic()
    await getattr(snippets, name)()
    assert time.monotonic() - started < 15
    assert capsys.readouterr().out.splitlines() == expected
    if any(step.stall for step in script):
        assert len(official_env.dropped) == 1  # the interrupted or timed-out answer


def test_every_snippet_is_tested() -> None:
    assert [snippet.__name__ for snippet in snippets.SNIPPETS] == list(SNIPPETS)
