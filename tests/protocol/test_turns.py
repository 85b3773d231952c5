"""When a run is over: one rule for both ends, on examples and on a host and a CLI under hypothesis."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from trio_claude.model import (
    APIMessage,
    AssistantMessage,
    Message,
    ResultMessage,
    SessionStateChangedMessage,
    UnknownMessage,
    UserMessage,
    UserMessageParam,
)
from trio_claude.protocol import Turns, ends_turn


def prompt(should_query: bool | None = None) -> UserMessage:
    return UserMessage(message=UserMessageParam(content="hi"), should_query=should_query)


# --- examples ---------------------------------------------------------------------------------------------


def test_a_new_run_is_over_and_counts_nothing() -> None:
    turns = Turns()
    assert (turns.prompts, turns.results, turns.unanswered, turns.state) == (0, 0, 0, None)
    assert turns.run_over()
    assert Turns(state="idle").state == "idle"


@pytest.mark.parametrize("should_query", [None, True])
def test_a_prompt_opens_a_turn_that_its_result_closes(should_query: bool | None) -> None:
    turns = Turns()
    assert turns.add_prompt(prompt(should_query)) is True
    assert (turns.prompts, turns.unanswered) == (1, 1)
    assert not turns.run_over()
    turns.add_result()
    assert (turns.results, turns.unanswered) == (1, 0)
    assert turns.run_over()


def test_a_prompt_that_asks_for_no_turn_is_not_counted() -> None:
    turns = Turns()
    assert turns.add_prompt(prompt(should_query=False)) is False
    assert (turns.prompts, turns.unanswered) == (0, 0)
    assert turns.run_over()


def test_each_prompt_needs_its_own_result() -> None:
    turns = Turns()
    for _ in range(3):
        turns.add_prompt(prompt())
    turns.add_result()
    turns.add_result()
    assert (turns.prompts, turns.results, turns.unanswered) == (3, 2, 1)
    assert not turns.run_over()
    turns.add_result()
    assert turns.run_over()


@pytest.mark.parametrize("state", ["running", "requires_action", "some_future_state"])
def test_the_run_is_not_over_until_the_cli_is_idle(state: str) -> None:
    turns = Turns()
    turns.add_prompt(prompt())
    turns.add_result()
    turns.set_state(state)
    assert turns.state == state
    assert not turns.run_over()
    turns.set_state("idle")
    assert turns.run_over()


def test_open_requests_keep_the_run_going() -> None:
    turns = Turns()
    assert not turns.run_over(requests_open=True)
    assert turns.run_over(requests_open=False)


def test_a_result_without_a_prompt_leaves_nothing_unanswered() -> None:
    turns = Turns()  # e.g. the error result of a --resume of a missing session
    turns.add_result()
    assert (turns.prompts, turns.results, turns.unanswered) == (0, 1, 0)
    assert turns.run_over()


def test_dropped_prompts_need_no_result() -> None:
    turns = Turns()
    for _ in range(3):
        turns.add_prompt(prompt())
    turns.drop_prompts(2)
    assert (turns.prompts, turns.unanswered) == (1, 1)
    turns.drop_prompts(0)
    assert turns.prompts == 1
    turns.add_result()
    assert turns.run_over()


@pytest.mark.parametrize("count", [-1, 3])
def test_dropping_more_prompts_than_wait_is_refused(count: int) -> None:
    turns = Turns()
    turns.add_prompt(prompt())
    turns.add_prompt(prompt())
    with pytest.raises(ValueError, match=rf"^cannot drop {count} prompts: 2 wait for a result$"):
        turns.drop_prompts(count)
    assert turns.prompts == 2


def test_dropping_every_waiting_prompt_is_allowed() -> None:
    turns = Turns()
    turns.add_prompt(prompt())
    turns.add_prompt(prompt())
    turns.add_result()
    turns.drop_prompts(1)
    assert (turns.prompts, turns.results) == (1, 1)
    assert turns.run_over()


def test_repr_shows_the_counts_and_the_state() -> None:
    turns = Turns(state="idle")
    turns.add_prompt(prompt())
    assert repr(turns) == "Turns(prompts=1, results=0, state='idle')"


RESULT = ResultMessage(
    subtype="success", is_error=False, duration_ms=1, duration_api_ms=1, num_turns=1, session_id="s"
)


@pytest.mark.parametrize(
    "message",
    [
        RESULT,
        # a `result` line that did not fit ResultMessage still ends the turn
        UnknownMessage(raw={"type": "result", "subtype": "success"}, error="missing is_error"),
        UnknownMessage(raw={"type": "result"}),
    ],
)
def test_a_result_frame_ends_the_turn(message: Message) -> None:
    assert ends_turn(message) is True


@pytest.mark.parametrize(
    "message",
    [
        prompt(),
        AssistantMessage(
            message=APIMessage(id="m", model="m", role="assistant", content=(), stop_reason=None),
            parent_tool_use_id=None,
        ),
        SessionStateChangedMessage(state="idle"),
        UnknownMessage(raw={"type": "results"}),
        UnknownMessage(raw={"type": "future_frame", "subtype": "result"}),
        UnknownMessage(raw={"result": "result"}),
        UnknownMessage(raw=["result"]),
        UnknownMessage(raw="result"),
    ],
)
def test_no_other_frame_ends_the_turn(message: Message) -> None:
    assert ends_turn(message) is False


# --- a host and a CLI, frames in transit both ways --------------------------------------------------------


# The rules' preconditions are named functions, not lambdas: hypothesis 6.100.2 and older (the dependency
# floors) parse a lambda's source file again each time they check the precondition (hypothesis issue 3963).


def a_prompt_is_on_its_way_to_the_cli(machine: HostAndCLI) -> bool:
    return bool(machine.to_cli)


def the_cli_can_start_a_queued_prompt(machine: HostAndCLI) -> bool:
    return bool(machine.queue) and not machine.running


def the_cli_plays_a_turn(machine: HostAndCLI) -> bool:
    return machine.running


def the_cli_finishes_its_last_turn(machine: HostAndCLI) -> bool:
    return machine.finishing


def the_cli_has_queued_prompts(machine: HostAndCLI) -> bool:
    return bool(machine.queue)


def a_frame_is_on_its_way_to_the_host(machine: HostAndCLI) -> bool:
    return bool(machine.to_host)


class HostAndCLI(RuleBasedStateMachine):
    """A host and a CLI that each keep a :class:`Turns`, with prompts and frames delivered in any order of
    steps.  The CLI plays one turn at a time and queues the prompts it reads meanwhile, like the real one."""

    def __init__(self) -> None:
        super().__init__()
        self.host = Turns()
        self.reports_state = True
        self.cli = Turns(state="idle")
        self.to_cli: deque[UserMessage] = deque()
        self.to_host: deque[ResultMessage | SessionStateChangedMessage] = deque()
        self.queue: deque[UserMessage] = deque()  # prompts the CLI read and has not started
        self.running = False
        self.finishing = False  # after the last result, before idle (e.g. a Stop hook still runs)

    @initialize(reports_state=st.booleans())
    def choose_cli(self, reports_state: bool) -> None:
        self.reports_state = reports_state  # False: a CLI without state frames (2.1.197)

    @rule(should_query=st.sampled_from([None, True, False]))
    def host_sends_a_prompt(self, should_query: bool | None) -> None:
        message = prompt(should_query)
        self.host.add_prompt(message)
        self.to_cli.append(message)

    @rule()
    @precondition(a_prompt_is_on_its_way_to_the_cli)
    def cli_reads_a_prompt(self) -> None:
        message = self.to_cli.popleft()
        if self.cli.add_prompt(message):
            self.queue.append(message)

    def _cli_state(self, state: str) -> None:
        if state != self.cli.state:
            self.cli.set_state(state)
            if self.reports_state:
                self.to_host.append(SessionStateChangedMessage(state=state))

    @rule()
    @precondition(the_cli_can_start_a_queued_prompt)
    def cli_starts_a_turn(self) -> None:
        self.queue.popleft()
        self.running = True
        self.finishing = False
        self._cli_state("running")

    @rule()
    @precondition(the_cli_plays_a_turn)
    def cli_waits_for_a_permission(self) -> None:
        self._cli_state("requires_action")

    @rule()
    @precondition(the_cli_plays_a_turn)
    def cli_ends_the_turn(self) -> None:
        self._cli_state("running")
        self.running = False
        self.cli.add_result()
        self.to_host.append(
            ResultMessage(
                subtype="success",
                is_error=False,
                duration_ms=1,
                duration_api_ms=1,
                num_turns=1,
                session_id="s",
            )
        )
        self.finishing = not self.queue

    @rule()
    @precondition(the_cli_finishes_its_last_turn)
    def cli_goes_idle(self) -> None:
        self.finishing = False
        self._cli_state("idle")

    @rule()
    @precondition(the_cli_has_queued_prompts)
    def cli_drops_its_queue(self) -> None:
        # An interrupt with cancel_queued; the host learns the count from the interrupt's answer.
        count = len(self.queue)
        self.queue.clear()
        self.cli.drop_prompts(count)
        self.host.drop_prompts(count)
        if not self.running and self.cli.state != "idle":
            self.finishing = True  # between two turns: the CLI goes idle

    @rule()
    @precondition(a_frame_is_on_its_way_to_the_host)
    def host_reads_a_frame(self) -> None:
        frame = self.to_host.popleft()
        if isinstance(frame, ResultMessage):
            self.host.add_result()
        else:
            self.host.set_state(frame.state)

    @invariant()
    def the_cli_run_is_over_exactly_when_it_has_nothing_to_play(self) -> None:
        idle = not self.queue and not self.running and not self.finishing
        assert self.cli.run_over() == idle
        assert self.cli.unanswered == len(self.queue) + self.running

    @invariant()
    def the_host_never_sees_the_end_while_the_cli_owes_a_result(self) -> None:
        if self.host.run_over():
            assert not self.queue and not self.running
            assert not self.finishing or not self.reports_state  # without state frames: at the last result
            assert all(message.should_query is False for message in self.to_cli)
            assert not any(isinstance(frame, ResultMessage) for frame in self.to_host)

    @invariant()
    def once_everything_is_delivered_both_ends_agree(self) -> None:
        if not self.to_cli and not self.to_host:
            assert self.host.unanswered == self.cli.unanswered
            if self.reports_state:  # without state frames the host cannot see a CLI finishing its turn
                assert self.host.run_over() == self.cli.run_over()


TestHostAndCLI = HostAndCLI.TestCase
TestHostAndCLI.settings = settings(max_examples=200, stateful_step_count=40, deadline=None)
