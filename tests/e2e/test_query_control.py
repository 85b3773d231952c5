"""The real CLI, controlled from a one-shot :func:`open_query` and through the named control methods.

Run against the pinned CLI and again against the oldest supported one (``./dev test``).
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    CLIConnectionError,
    ControlRequestError,
    PermissionResultAllow,
    Query,
    ToolPermissionContext,
    UnsupportedRequestError,
    open_query,
    open_session,
)
from trio_claude.model import (
    ControlResponse,
    ControlSuccess,
    JSONObject,
    Message,
    ResultMessage,
    UserMessage,
)
from trio_claude.protocol import Connection, RequestReceived
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import TOUCH, result_of, tool_results

pytestmark = pytest.mark.real_cli


async def test_interrupt_a_one_shot_query(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("one two three four five six", chunk_size=4, stall=True))
    seen: list[Message] = []
    with trio.fail_after(30):
        async with open_query("talk slowly", offline_options) as query:
            assert isinstance(query, Query)
            await messages_api.wait_for_requests(1)
            answer = await query.interrupt()
            assert answer is not None
            seen = [message async for message in query]  # ends: stdin closed after the result
    result = result_of(seen)
    assert result.subtype == "error_during_execution" and result.is_error
    assert any(isinstance(m, UserMessage) and "[Request interrupted by user]" in str(m.content) for m in seen)


async def test_set_permission_mode_from_a_one_shot_query(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    # The Write call streams slowly: the mode changes before the CLI decides on it, so the file is written
    # without a permission prompt (in "default" mode, with no one to ask, the CLI would refuse it).
    write = {"file_path": str(claude_project / "made.txt"), "content": "made\n"}
    messages_api.add_steps(tool_turn("Write", write, chunk_delay=0.3, chunk_size=4), text_turn("Written."))
    with trio.fail_after(60):
        async with open_query("write the file", offline_options) as query:
            await messages_api.wait_for_requests(1)
            changed = await query.set_permission_mode("acceptEdits")
            messages = [message async for message in query]
    assert changed.mode in (None, "acceptEdits")
    assert not result_of(messages).is_error
    [written] = tool_results(messages)
    assert not written.is_error, written
    assert (claude_project / "made.txt").read_text() == "made\n"


async def test_the_named_methods_on_the_real_cli(
    offline_options: ClaudeAgentOptions, claude_project: Path, claude_cli_version: tuple[int, ...]
) -> None:
    (claude_project / "notes.txt").write_text("hello world\n")
    new = claude_cli_version >= (2, 1, 330)
    with trio.fail_after(60):
        async with open_session(offline_options) as session:
            await session.apply_flag_settings({"effortLevel": "high"})
            read = await session.read_file("notes.txt", max_bytes=5)
            assert (read.contents, read.truncated) == ("hello", True)
            with pytest.raises(ControlRequestError):
                await session.read_file("missing.txt")
            await session.seed_read_state(claude_project / "notes.txt", 1700000000.0)
            reloaded = await session.reload_plugins()
            assert reloaded.error_count == 0 and reloaded.commands
            assert [c.name for c in session.supported_commands()] == [c.name for c in reloaded.commands]
            assert (await session.reload_skills()).skills is not None
            assert await session.background_tasks("toolu_none") is False
            usage = await session.usage(skip_behaviors=True)
            assert usage.session is not None
            override = await session.set_mcp_permission_mode_override("docs", "default")
            assert override.warning is not None and "docs" in override.warning
            await session.set_max_thinking_tokens(4096, thinking_display="omitted")
            context = await session.get_context_usage(detail="summary")
            assert context.max_tokens > 0
            fresh = await session.reinitialize()
            assert session.server_info is fresh and fresh.commands
            assert session.supported_models() and session.account_info() is not None
            if new:
                await session.update_settings("localSettings", {"outputStyle": "Concise"})
                styles = await session.reload_output_styles()
                assert "default" in (styles.available_output_styles or ())
                with pytest.raises(ControlRequestError, match="Server not found"):
                    await session.read_mcp_resource("docs", "ui://page")
            else:
                for call in (
                    session.update_settings("localSettings", {"outputStyle": "Concise"}),
                    session.reload_output_styles(),
                    session.read_mcp_resource("docs", "ui://page"),
                ):
                    with pytest.raises(UnsupportedRequestError):
                        await call


async def test_a_query_after_its_run_refuses_control(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("done"))
    with trio.fail_after(30):
        async with open_query("hi", offline_options) as query:
            messages = [message async for message in query]
            assert isinstance(messages[-1], ResultMessage)
            with pytest.raises(CLIConnectionError):
                await query.set_model("claude-sonnet-4-5")


async def test_reinitialize_during_a_permission_question_asks_it_once(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The CLI lists the can_use_tool it still waits on in the initialize answer (2.1.330); the session
    # is already answering it, so the callback is not asked twice and the one answer lets the tool run.
    listed: list[list[str]] = []
    redelivered = Connection.redelivered

    def spy(self: Connection, response: ControlResponse) -> list[RequestReceived]:
        held = response.response
        if isinstance(held, ControlSuccess):
            listed.append([f.request_id for f in held.pending_permission_requests or ()])
        return redelivered(self, response)

    monkeypatch.setattr(Connection, "redelivered", spy)
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn("Done.")
    )
    asked: list[str] = []
    asking, release = trio.Event(), trio.Event()

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow:
        asked.append(context.request_id or "")
        asking.set()
        await release.wait()
        return PermissionResultAllow()

    options = attrs.evolve(offline_options, can_use_tool=can_use_tool)
    with trio.fail_after(30):
        async with open_session(options) as session:
            await session.send("create a file")
            await asking.wait()
            await session.reinitialize()
            await trio.sleep(0.3)
            release.set()
            messages = [message async for message in session.receive_response()]
    assert len(asked) == 1
    assert not result_of(messages).is_error and (claude_project / "created.txt").exists()
    if session.cli_version == "2.1.330":
        assert listed == [[], asked]  # the first initialize listed nothing, the second the question
