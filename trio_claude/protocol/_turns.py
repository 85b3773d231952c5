"""When a run is over: the turns of a run, counted the same way at either end of the pipe (sans-IO).

A *run* is what a host asks of the CLI between two quiet moments: every prompt that asks for a turn gets
exactly one ``result`` frame, and a CLI that reports its state (``system/session_state_changed``, CLI ≥
2.1.330) goes back to ``idle`` after the last one.  The host needs the rule to know when it may close the
CLI's input (nothing more can come); the CLI side (the test kit's fake CLI) needs the same rule to know
when, after its input closed, it may exit.
"""

from __future__ import annotations

from .. import model  # the face: names the union of every message, loaded on first use
from ..model import ResultMessage, UnknownMessage, UserMessage

__all__ = ["Turns", "ends_turn"]


def ends_turn(message: model.Message) -> bool:
    """Whether ``message`` is a ``result`` frame, the end of a turn: a
    :class:`~trio_claude.model.ResultMessage`, or a ``result`` line that did not fit that class (kept as an
    :class:`~trio_claude.model.UnknownMessage`): it still ends the turn, or whoever waits for the end waits
    forever."""
    if isinstance(message, ResultMessage):
        return True
    return isinstance(message, UnknownMessage) and message.type == "result"


class Turns:
    """The turns of one run, as either end sees them; :meth:`run_over` says whether the run is over.

    Feed it every prompt (:meth:`add_prompt`: the host when it sends one, the CLI when it reads one),
    every ``result`` frame (:meth:`add_result`), every session state (:meth:`set_state`), and the prompts
    the CLI dropped unanswered (:meth:`drop_prompts`).  ``state`` is the state to start from: ``None`` for a
    host that has seen no state frame yet (a CLI that never reports one is treated as idle).
    """

    __slots__ = ("_prompts", "_results", "_state")

    def __init__(self, state: str | None = None) -> None:
        self._prompts = 0
        self._results = 0
        self._state = state

    @property
    def prompts(self) -> int:
        """How many prompts asked for a turn (those dropped by :meth:`drop_prompts` not included)."""
        return self._prompts

    @property
    def results(self) -> int:
        """How many ``result`` frames ended a turn."""
        return self._results

    @property
    def state(self) -> str | None:
        """The last session state (``idle``, ``running``, ``requires_action``), ``None`` before any."""
        return self._state

    @property
    def unanswered(self) -> int:
        """How many prompts still wait for their ``result`` (the one being answered included)."""
        return max(0, self._prompts - self._results)

    def add_prompt(self, prompt: UserMessage) -> bool:
        """Count ``prompt`` unless it asks for no turn (``should_query`` is ``False``: the CLI only records
        it).  Returns whether it was counted."""
        if prompt.should_query is False:
            return False
        self._prompts += 1
        return True

    def add_result(self) -> None:
        """Count a ``result`` frame: one turn is over."""
        self._results += 1

    def set_state(self, state: str) -> None:
        """The CLI's session state changed to ``state``."""
        self._state = state

    def drop_prompts(self, count: int) -> None:
        """The CLI dropped ``count`` queued prompts without answering them (``interrupt`` with
        ``cancel_queued``): they will have no result.  Raises :class:`ValueError` for a negative count or more
        prompts than are waiting."""
        if not 0 <= count <= self.unanswered:
            raise ValueError(f"cannot drop {count} prompts: {self.unanswered} wait for a result")
        self._prompts -= count

    def run_over(self, *, requests_open: bool = False) -> bool:
        """Whether the run is over: every prompt has its result, the CLI is idle (or has never reported a
        state), and — as the caller says with ``requests_open`` — no control request of either side still
        waits for its answer."""
        return self._results >= self._prompts and self._state in (None, "idle") and not requests_open

    def __repr__(self) -> str:
        return f"Turns(prompts={self._prompts}, results={self._results}, state={self._state!r})"
