"""prewarm() and SpareProcess.claim() with the real CLI, offline: a spare parked under the config home,
claimed into a folder where its turn runs; a refused claim; and a CLI too old for ``--await-claim``."""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    ClaimOptions,
    ClaimRefusedError,
    ClaudeAgentOptions,
    ResultMessage,
    list_sessions,
    prewarm,
)
from trio_claude.model import InitMessage
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import refused_below, result_of, tool_results

pytestmark = pytest.mark.real_cli

NEW_CLI = (2, 1, 330)


@pytest.fixture
def spare_options(offline_options: ClaudeAgentOptions) -> ClaudeAgentOptions:
    """The offline options without a ``cwd``: the spare parks under the config home."""
    return attrs.evolve(offline_options, cwd=None)


async def refused_by_an_old_cli(options: ClaudeAgentOptions, version: tuple[int, ...]) -> bool:
    """On a CLI without ``--await-claim`` (2.1.197), ``prewarm()`` is refused with the typed error before its
    block runs: the test has nothing more to check on that CLI."""
    return await refused_below(version, NEW_CLI, prewarm(options), r"prewarm\(\) \(--await-claim\)")


async def test_a_claimed_spare_runs_its_turn_in_the_claimed_folder(
    spare_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_home: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    if await refused_by_an_old_cli(spare_options, claude_cli_version):
        return
    # The model reads a file by a path relative to the session's folder: it is found only there.
    (claude_project / "notes.txt").write_text("claimed folder\n")
    spares, project = claude_home / ".claude" / "spares", str(await trio.Path(claude_project).resolve())
    messages_api.add_steps(tool_turn("Read", {"file_path": "notes.txt"}), text_turn("Read it."))
    with trio.fail_after(60):
        async with prewarm(spare_options) as spare:
            park = trio.Path(spare.park)
            assert Path(park.parent) == spares and await park.is_dir()
            await trio.sleep(0.5)  # parked
            options = ClaimOptions(cwd=claude_project, permission_mode="acceptEdits", title="warm")
            async with spare.claim("read notes.txt", options) as query:
                claimed = spare.claimed
                assert claimed is not None
                assert claimed.cwd == project
                assert claimed.parked_ms is not None and claimed.parked_ms >= 400
                assert query.server_info is not None
                assert query.server_info.current_permission_mode == "acceptEdits"
                messages = [message async for message in query]
        assert spare.exited and not await park.exists()
    init = next(message for message in messages if isinstance(message, InitMessage))
    assert init.cwd == project and init.session_id == claimed.session_id
    assert not result_of(messages).is_error
    [read] = tool_results(messages)
    assert "claimed folder" in str(read.content)
    # The transcript belongs to the claimed folder, not to the parking directory.
    sessions = list_sessions(claude_project, config_dir=claude_home / ".claude")
    assert [session.session_id for session in sessions] == [claimed.session_id]


async def test_a_claim_into_a_missing_folder_is_refused(
    spare_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    if await refused_by_an_old_cli(spare_options, claude_cli_version):
        return
    with trio.fail_after(60):
        async with prewarm(spare_options) as spare:
            with pytest.raises(ClaimRefusedError) as info:
                async with spare.claim("hi", ClaimOptions(cwd=claude_project / "missing")):
                    pytest.fail("the block must not run")
            assert info.value.reason == "cwd_not_found"
            await spare.wait_exited()
    assert messages_api.script_requests == []  # the prompt never reached the model


async def test_a_warm_spare_answers_a_dead_spare_is_seen(
    spare_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    if await refused_by_an_old_cli(spare_options, claude_cli_version):
        return
    messages_api.add_steps(text_turn("warm"))
    with trio.fail_after(60):
        async with prewarm(spare_options) as dead, prewarm(spare_options) as alive:
            pid = dead._core.process.pid  # pyright: ignore[reportPrivateUsage]
            assert pid is not None
            os.kill(pid, 9)
            await dead.wait_exited()
            with pytest.raises(ClaimRefusedError, match="spare_exited"):
                async with dead.claim("hi", ClaimOptions(cwd=claude_project)):
                    pass
            async with alive.claim("hi", ClaimOptions(cwd=claude_project)) as query:
                results = [
                    message for message in [m async for m in query] if isinstance(message, ResultMessage)
                ]
    assert [result.result for result in results] == ["warm"]
