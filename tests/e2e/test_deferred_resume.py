"""End-to-end: a deferred tool resumed under a deny hook does not run (issue 22, defect 8).

A turn ends with a deferred tool use (a ``PreToolUse`` hook answered ``defer``).  The session is resumed
with a ``PreToolUse`` hook that denies: the CLI runs the pending tool as it starts, and consults the
session's hooks only if it has read ``initialize`` (which registers them) by then.  The ``initialize`` line
is in the CLI's stdin pipe before the CLI starts, and CLI 2.1.330 reads it before it runs anything
(``--await-initialize``), so the hook is consulted every time and the command never runs.  CLI 2.1.197 may
run the tool first, so there such a resume is refused before the CLI starts.  Ported from the official
Python SDK's end-to-end test ``test_deferred_tool_resume_reruns_pre_tool_use`` (its resume without a
prompt); the resume is repeated, from the same transcript, to catch a race.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    HookCallback,
    HookContext,
    HookMatcher,
    HookOutput,
    ResultMessage,
    UnsupportedOptionError,
    open_session,
)
from trio_claude.model import HookInput, PreToolUseHookSpecificOutput, SyncHookOutput
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import collect, result_of

pytestmark = pytest.mark.real_cli

HOOKS_AT_BOOT = (2, 1, 330)
"""The first CLI that reads ``initialize`` before it runs anything (``--await-initialize``)."""
RESUMES = int(os.environ.get("TRIO_CLAUDE_DEFERRED_RESUMES", "50"))


def _decide(decision: str, calls: list[str | None]) -> HookCallback:
    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookOutput:
        calls.append(tool_use_id)
        return SyncHookOutput(
            hook_specific_output=PreToolUseHookSpecificOutput(
                permission_decision=decision,  # type: ignore[arg-type]
                permission_decision_reason=f"{decision} by the test",
            )
        )

    return hook


def _options(
    options: ClaudeAgentOptions, hook: HookCallback, resume: str | None = None
) -> ClaudeAgentOptions:
    return attrs.evolve(
        options,
        setting_sources=(),
        tools=("Bash",),
        allowed_tools=("Bash",),
        hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[hook])]},
        max_turns=3,
        resume=resume,
    )


async def _resume(options: ClaudeAgentOptions) -> ResultMessage:
    """Resume without a prompt: the CLI runs the deferred tool as it starts, then asks the model."""
    async with open_session(options) as session:
        async for message in session.receive_messages():
            if isinstance(message, ResultMessage):
                return message
    raise AssertionError("the resumed session ended without a result")


async def test_a_resumed_deferred_tool_consults_the_deny_hook(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_home: Path,
    claude_cli_version: tuple[int, ...],
    tmp_path: Path,
) -> None:
    marker = tmp_path / "executed.txt"
    command = f"echo resumed > {shlex.quote(str(marker))}"
    deferred: list[str | None] = []
    messages_api.add_steps(tool_turn("Bash", {"command": command}, id="toolu_deferred"))
    with trio.fail_after(120):
        async with open_session(_options(offline_options, _decide("defer", deferred))) as session:
            await session.send(f"Run this exact Bash command once: {command}")
            first = result_of(await collect(session.receive_response()))
    assert first.deferred_tool_use is not None and first.deferred_tool_use.get("id") == "toolu_deferred"
    assert deferred == ["toolu_deferred"] and not marker.exists()
    (transcript,) = (claude_home / ".claude" / "projects").glob(f"*/{first.session_id}.jsonl")
    pending = transcript.read_bytes()  # each resume starts from the turn that ended deferred

    consulted = ran = 0
    denied: list[str | None]
    if claude_cli_version < HOOKS_AT_BOOT:  # it may run the tool before it reads initialize: refused
        for _ in range(RESUMES):
            denied = []
            with pytest.raises(UnsupportedOptionError, match=r"ends in a Bash tool use a hook deferred"):
                await _resume(_options(offline_options, _decide("deny", denied), first.session_id))
            assert denied == [] and not marker.exists()
        return
    for _ in range(RESUMES):
        transcript.write_bytes(pending)
        denied = []
        messages_api.add_steps(text_turn("It was denied."))
        with trio.fail_after(60):
            result = await _resume(_options(offline_options, _decide("deny", denied), first.session_id))
        assert not result.is_error, result
        consulted += denied == ["toolu_deferred"]
        if marker.exists():
            ran += 1
            marker.unlink()
    assert (consulted, ran) == (RESUMES, 0), f"hook consulted {consulted}/{RESUMES}, ran {ran}/{RESUMES}"
