"""End-to-end: ``verbatim_prompts`` makes the real CLI send a prompt as written (no slash-command
dispatch, no ``@path`` expansion)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from trio_claude import ClaudeAgentOptions, UnsupportedOptionError, open_session
from trio_claude.testing import MessagesAPI, text_turn

from ._helpers import collect

pytestmark = pytest.mark.real_cli

PROMPT = "Summarise @notes.txt please"


async def _model_saw(options: ClaudeAgentOptions, messages_api: MessagesAPI) -> str:
    messages_api.add_steps(text_turn("Done."))
    async with open_session(options) as session:
        await session.send(PROMPT)
        await collect(session.receive_response())
    return "\n".join(messages_api.script_requests[0].texts())


async def test_verbatim_prompts(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    (claude_project / "notes.txt").write_text("the file's secret contents")
    options = attrs.evolve(offline_options, verbatim_prompts=True)
    if claude_cli_version < (2, 1, 330):
        with pytest.raises(UnsupportedOptionError, match="verbatim_prompts"):
            await _model_saw(options, messages_api)
        return
    seen = await _model_saw(options, messages_api)
    assert PROMPT in seen and "the file's secret contents" not in seen


async def test_without_verbatim_the_file_is_attached(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    """The contrast that shows the test above can fail: by default the CLI expands ``@notes.txt``."""
    (claude_project / "notes.txt").write_text("the file's secret contents")
    assert "the file's secret contents" in await _model_saw(offline_options, messages_api)
