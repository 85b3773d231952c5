"""``rewind_files`` against the real CLI, with file checkpointing: a file the turn wrote is restored; and
where an administrator's managed settings say ``fileCheckpointingEnabled: false`` (CLI ≥ 2.1.332 honours it
in a session an SDK starts), the dry run answers ``can_rewind=False`` with the CLI's reason and the rewind
itself raises :class:`ControlRequestError`, the file left as the turn wrote it.

The managed settings file is the machine's (``/etc/claude-code/managed-settings.json``): the test lays one
over ``/etc`` in a mount namespace of the CLI's own (``unshare``, an overlay), so it needs root, and is
skipped without."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    ControlRequestError,
    PermissionResultAllow,
    ToolPermissionContext,
    open_session,
    prefixed_spawn,
)
from trio_claude.model import JSONObject, RewindFilesResponse, UserMessage
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import collect

pytestmark = pytest.mark.real_cli


async def _allow(name: str, tool_input: JSONObject, context: ToolPermissionContext) -> PermissionResultAllow:
    return PermissionResultAllow()


async def _write_then_rewind(
    options: ClaudeAgentOptions, messages_api: MessagesAPI, target: Path
) -> tuple[RewindFilesResponse, RewindFilesResponse | ControlRequestError]:
    """A turn that writes ``target``; then a dry-run rewind to its prompt, and the rewind itself."""
    messages_api.add_steps(
        tool_turn("Write", {"file_path": str(target), "content": "new"}), text_turn("written")
    )
    options = attrs.evolve(
        options,
        enable_file_checkpointing=True,
        can_use_tool=_allow,
        extra_args={**options.extra_args, "replay-user-messages": None},  # the prompt's uuid comes back
    )
    async with open_session(options) as session:
        await session.send("write the file")
        with trio.fail_after(60):
            messages = await collect(session.receive_response())
        assert await trio.Path(target).read_text() == "new"
        prompt = next(m.uuid for m in messages if isinstance(m, UserMessage) and m.uuid is not None)
        with trio.fail_after(60):
            dry = await session.rewind_files(prompt, dry_run=True)
            try:
                return dry, await session.rewind_files(prompt)
            except ControlRequestError as exc:
                return dry, exc


async def test_a_rewind_restores_the_files(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    target = claude_project / "a.txt"
    dry, done = await _write_then_rewind(offline_options, messages_api, target)
    assert dry.can_rewind and dry.files_changed == (str(target),)
    assert isinstance(done, RewindFilesResponse) and done.can_rewind
    assert not target.exists()  # the turn created it: the rewind removed it


def _overlay_prefix(tmp_path: Path) -> tuple[str, ...]:
    """A command prefix that runs the CLI with ``/etc`` overlaid by a folder holding
    ``claude-code/managed-settings.json`` that turns file checkpointing off; skips when that cannot be."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare, to lay managed settings over /etc for the CLI alone")
    upper, work = tmp_path / "etc-upper", tmp_path / "etc-work"
    (upper / "claude-code").mkdir(parents=True)
    work.mkdir()
    (upper / "claude-code" / "managed-settings.json").write_text('{"fileCheckpointingEnabled": false}')
    mount = f"mount -t overlay overlay -o lowerdir=/etc,upperdir={upper},workdir={work} /etc"
    probe = subprocess.run(
        ["unshare", "--mount", "--", "sh", "-c", f"{mount} && cat /etc/claude-code/managed-settings.json"],
        capture_output=True,
        check=False,
    )
    if probe.returncode != 0:
        pytest.skip(f"cannot overlay /etc here: {probe.stderr.decode(errors='replace').strip()}")
    return ("unshare", "--mount", "--", "sh", "-c", f'{mount} && exec "$@"', "sh")


async def test_managed_file_checkpointing_off_is_reported(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_cli_version: tuple[int, ...],
    tmp_path: Path,
) -> None:
    options = attrs.evolve(offline_options, spawn=prefixed_spawn(*_overlay_prefix(tmp_path)))
    target = claude_project / "a.txt"
    dry, done = await _write_then_rewind(options, messages_api, target)
    if claude_cli_version < (2, 1, 332):  # an older CLI does not read the setting in an SDK's session
        assert dry.can_rewind and isinstance(done, RewindFilesResponse)
        return
    assert dry == RewindFilesResponse(can_rewind=False, error="File rewinding is not enabled.")
    assert isinstance(done, ControlRequestError) and done.error == "File rewinding is not enabled."
    assert target.read_text() == "new"
