"""A session that cannot start says why, naming the option: a working directory that is missing or not a
directory is not a missing CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from trio_claude import ClaudeAgentOptions, CLIConnectionError, CLINotFoundError, open_session


@pytest.mark.real_cli
@pytest.mark.parametrize("kind", ["missing", "file"])
async def test_a_bad_working_directory_is_named(claude_cli: Path, tmp_path: Path, kind: str) -> None:
    cwd = tmp_path / "nowhere"
    if kind == "file":
        cwd.write_text("")
    options = ClaudeAgentOptions(cli_path=claude_cli, cwd=cwd)
    with pytest.raises(
        CLIConnectionError, match=r"ClaudeAgentOptions\.cwd: .*nowhere.* is not a directory"
    ) as info:
        async with open_session(options):
            pass
    assert not isinstance(info.value, CLINotFoundError)  # the CLI was found
