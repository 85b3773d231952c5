"""Conformance scenarios: resume, fork and continue; sessions on disk; the session-store mirror."""

from __future__ import annotations

import trio

from ... import (
    ClaudeAgentOptions,
    InMemorySessionStore,
    ResultMessage,
    SessionKey,
    get_session_messages,
    list_sessions,
    project_key_for_directory,
)
from .._workspace import Workspace
from ..messages_api.script import text_turn
from ._basics import result_of
from ._probe import Probe, Scenario, expect


async def _ask(probe: Probe, options: ClaudeAgentOptions, prompt: str) -> ResultMessage:
    async with probe.session(options) as session:
        return result_of(await probe.turn(session, prompt))


def _history(workspace: Workspace, request: int) -> str:
    """The texts of the CLI's ``request``-th request to the model (0-based)."""
    assert workspace.api is not None
    return " ".join(workspace.api.script_requests[request].texts())


async def resume(probe: Probe) -> None:
    async with probe.workspace(text_turn("noted PAPAYA"), text_turn("it was PAPAYA")) as workspace:
        first = await _ask(probe, probe.options(workspace), "remember PAPAYA")
        second = await _ask(probe, probe.options(workspace, resume=first.session_id), "which word?")
        expect(second.session_id == first.session_id, "the resumed session keeps its id")
        expect("remember PAPAYA" in _history(workspace, 1), "the model reads the resumed history")


async def fork(probe: Probe) -> None:
    async with probe.workspace(text_turn("noted KIWI"), text_turn("KIWI, in the fork")) as workspace:
        original = await _ask(probe, probe.options(workspace), "remember KIWI")
        options = probe.options(workspace, resume=original.session_id, fork_session=True)
        forked = await _ask(probe, options, "which fruit?")
        expect(forked.session_id != original.session_id, "the fork has a new session id")
        expect("remember KIWI" in _history(workspace, 1), "the model reads the forked history")


async def continue_conversation(probe: Probe) -> None:
    async with probe.workspace(text_turn("noted MANGO"), text_turn("it was MANGO")) as workspace:
        recent = await _ask(probe, probe.options(workspace), "remember MANGO")
        continued = await _ask(probe, probe.options(workspace, continue_conversation=True), "which fruit?")
        expect(continued.session_id == recent.session_id, "continue picks the most recent session")
        expect("remember MANGO" in _history(workspace, 1), "the model reads the continued history")


async def sessions_on_disk(probe: Probe) -> None:
    async with probe.workspace(text_turn("noted on disk")) as workspace:
        result = await _ask(probe, probe.options(workspace), "write me down")
        config = workspace.home / ".claude"

        def read() -> tuple[list[str], list[str]]:
            listed = [info.session_id for info in list_sessions(workspace.project, config_dir=config)]
            messages = get_session_messages(result.session_id, workspace.project, config_dir=config)
            return listed, [message.type for message in messages]

        listed, kinds = await trio.to_thread.run_sync(read)
    expect(listed == [result.session_id], f"the session listed: {listed}")
    expect(kinds == ["user", "assistant"], f"the conversation read back: {kinds}")


async def session_store_mirror(probe: Probe) -> None:
    store = InMemorySessionStore()
    async with probe.workspace(text_turn("mirrored")) as workspace:
        result = await _ask(probe, probe.options(workspace, session_store=store), "mirror me")
        key: SessionKey = {
            "project_key": project_key_for_directory(workspace.project),
            "session_id": result.session_id,
        }
    entries = await store.load(key)
    expect(entries, "the session mirrored into the store")
    kinds = [entry.get("type") for entry in entries or ()]
    expect("user" in kinds and "assistant" in kinds, f"the conversation in the store: {kinds}")


SCENARIOS = (
    Scenario("resume", resume),
    Scenario("fork", fork),
    Scenario("continue", continue_conversation),
    Scenario("sessions on disk", sessions_on_disk),
    Scenario("session-store mirror", session_store_mirror),
)
