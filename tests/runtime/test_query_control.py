"""The control surface: ``open_query``'s :class:`Query`, the named control methods, the session's view of
what it offers kept current, a ``result`` line that does not type, and ``on_user_dialog``.

In-memory, against the fake CLI under the autojump clock (the real CLI: ``tests/e2e/test_query_control.py``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from trio_claude import (
    ClaudeAgentOptions,
    ClaudeSession,
    CLIConnectionError,
    ControlRequestError,
    Query,
    SdkPluginConfig,
    UnsupportedRequestError,
    model as m,
    open_query,
    open_session,
    wire,
)
from trio_claude.testing import (
    FakeAction,
    FakeCLIProcess,
    RawLine,
    Say,
    SendRequest,
    Sleep,
    Stream,
    open_fake_cli,
)

from ._support import read_turn


def _sent(process: Any, cls: type[Any]) -> list[Any]:
    """The host's requests of class ``cls`` that the fake received, in order."""
    return [frame.request for frame in process.host_requests if isinstance(frame.request, cls)]


# --------------------------------------------------------------------------------------------------------
# open_query yields a Query: messages and control
# --------------------------------------------------------------------------------------------------------


async def test_a_one_shot_query_is_interrupted_and_changes_mode(
    autojump_clock: trio.testing.MockClock,
) -> None:
    script: list[list[FakeAction]] = [[Stream(text="one two three four", chunks=4, delay=5)]]
    async with (
        open_fake_cli(script) as fake,
        open_query("talk slowly", ClaudeAgentOptions(spawn=fake.spawn)) as query,
    ):
        assert isinstance(query, Query) and isinstance(query, ClaudeSession)
        seen: list[m.Message] = []
        async for message in query:
            seen.append(message)
            if isinstance(message, m.InitMessage):
                mode = await query.set_permission_mode("acceptEdits")
                assert mode.mode == "acceptEdits"
                await query.interrupt()
        process = fake.process
    result = seen[-1]
    assert isinstance(result, m.ResultMessage) and result.subtype == "error_during_execution"
    assert result.terminal_reason == "aborted_streaming"
    assert [r.mode for r in _sent(process, m.SetPermissionModeRequest)] == ["acceptEdits"]
    assert len(_sent(process, m.InterruptRequest)) == 1
    assert process.eof_at is not None  # stdin still closed when the run was over


async def test_a_query_refuses_control_once_the_run_is_over(autojump_clock: trio.testing.MockClock) -> None:
    async with (
        open_fake_cli([[Say(text="done")]]) as fake,
        open_query("hi", ClaudeAgentOptions(spawn=fake.spawn)) as query,
    ):
        messages = [message async for message in query]
        assert isinstance(messages[-1], m.ResultMessage)
        with pytest.raises(CLIConnectionError):
            await query.set_model("claude-sonnet-4-5")


async def test_a_query_answers_control_between_messages(autojump_clock: trio.testing.MockClock) -> None:
    # A request the host sends while the run goes on holds stdin open until it is answered.
    async with (
        open_fake_cli([[Say(text="a"), Sleep(seconds=1), Say(text="b")]]) as fake,
        open_query("hi", ClaudeAgentOptions(spawn=fake.spawn)) as query,
    ):
        assert [c.name for c in query.supported_commands()] == []
        assert query.supported_models()[0].value == "default"
        usage = await query.get_context_usage(detail="summary")
        assert usage.max_tokens > 0
        texts = [message async for message in query if isinstance(message, m.AssistantMessage)]
        process = fake.process
    assert len(texts) == 2
    [request] = _sent(process, m.GetContextUsageRequest)
    assert request.detail == "summary"


async def test_existing_code_iterating_open_query_keeps_working(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with (
        open_fake_cli([[Say(text="hello")]]) as fake,
        open_query("hi", ClaudeAgentOptions(spawn=fake.spawn)) as messages,
    ):
        seen = [message async for message in messages]
    assert isinstance(seen[-1], m.ResultMessage) and seen[-1].result == "hello"


# --------------------------------------------------------------------------------------------------------
# A `result` line that does not type still ends its turn
# --------------------------------------------------------------------------------------------------------

BAD_RESULT = (
    json.dumps(
        {"type": "result", "subtype": "success", "is_error": "no", "num_turns": "one", "session_id": "s1"}
    ).encode()
    + b"\n"
)
"""A ``result`` line whose fields do not fit :class:`ResultMessage` (it becomes an ``UnknownMessage``)."""


async def test_an_untyped_result_ends_receive_response(autojump_clock: trio.testing.MockClock) -> None:
    # The CLI's own result comes 30 s later: receive_response must end at the untyped one, at once.
    script: list[list[FakeAction]] = [[RawLine(data=BAD_RESULT), Sleep(seconds=30)]]
    async with open_fake_cli(script) as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        start = trio.current_time()
        await session.send("go")
        turn = [message async for message in session.receive_response()]
        assert trio.current_time() - start < 1
        assert isinstance(turn[-1], m.UnknownMessage) and turn[-1].type == "result"
        assert session.statistics().invalid_lines == 0


IDLE = b'{"type": "system", "subtype": "session_state_changed", "state": "idle"}\n'


async def test_an_untyped_result_closes_a_one_shot_querys_input(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # The untyped result, then `idle`: the run is over, stdin closes (not 30 s later, at the fake's own).
    script: list[list[FakeAction]] = [[RawLine(data=BAD_RESULT), RawLine(data=IDLE), Sleep(seconds=30)]]
    async with open_fake_cli(script) as fake:
        start = trio.current_time()
        async with open_query("go", ClaudeAgentOptions(spawn=fake.spawn)) as query:
            async for message in query:
                if isinstance(message, m.UnknownMessage):
                    break
            await trio.sleep(1)
            process = fake.process
            assert process.eof_at is not None and process.eof_at - start < 1


# --------------------------------------------------------------------------------------------------------
# The named control methods
# --------------------------------------------------------------------------------------------------------


async def test_the_named_methods_send_their_requests(
    autojump_clock: trio.testing.MockClock, tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("hello world\n")
    plugin = tmp_path / "plugin"
    plugin.mkdir()
    options = ClaudeAgentOptions(cwd=tmp_path)
    async with open_fake_cli() as fake:
        options = ClaudeAgentOptions(cwd=tmp_path, spawn=fake.spawn)
        async with open_session(options) as session:
            await session.apply_flag_settings({"model": "claude-sonnet-4-5", "effortLevel": None})
            await session.update_settings("localSettings", {"outputStyle": "Concise"})
            with pytest.raises(ControlRequestError, match="keys not allowed: effortLevel"):
                await session.update_settings("localSettings", {"effortLevel": "high"})
            read = await session.read_file("notes.txt", max_bytes=5)
            assert (read.contents, read.truncated, read.abs_path) == (
                "hello",
                True,
                str(tmp_path / "notes.txt"),
            )
            encoded = await session.read_file(tmp_path / "notes.txt", encoding="base64")
            assert (encoded.contents, encoded.encoding) == ("aGVsbG8gd29ybGQK", "base64")
            with pytest.raises(ControlRequestError, match="read denied"):
                await session.read_file("missing.txt")
            await session.seed_read_state(tmp_path / "notes.txt", 1700000000.5)
            reloaded = await session.reload_plugins(
                add_plugins=[SdkPluginConfig(path=plugin)], refuse_if_busy=True
            )
            assert reloaded.error_count == 0
            assert (await session.reload_skills()).skills == ()
            assert "default" in ((await session.reload_output_styles()).available_output_styles or ())
            with pytest.raises(ControlRequestError, match="Server not found: docs"):
                await session.read_mcp_resource("docs", "ui://page")
            assert await session.background_tasks() is True
            assert await session.background_tasks("toolu_1") is False
            usage = await session.usage(skip_behaviors=True)
            assert usage.session is not None and usage.rate_limits_available is False
            override = await session.set_mcp_permission_mode_override("docs", "default")
            assert override.warning is not None and "not yet known" in override.warning
            with pytest.raises(ControlRequestError, match="auto mode unavailable"):
                await session.set_mcp_permission_mode_override("docs", "auto")
            await session.set_max_thinking_tokens(2048, thinking_display="omitted")
            await session.set_max_thinking_tokens(None)
            process = fake.process
    assert _sent(process, m.ApplyFlagSettingsRequest)[0].settings == {
        "model": "claude-sonnet-4-5",
        "effortLevel": None,
    }
    assert _sent(process, m.UpdateSettingsRequest)[0].source == "localSettings"
    assert _sent(process, m.SeedReadStateRequest)[0].path == str(tmp_path / "notes.txt")
    [reload] = _sent(process, m.ReloadPluginsRequest)
    assert reload.add_plugins == ({"type": "local", "path": str(plugin)},) and reload.refuse_if_busy is True
    assert _sent(process, m.GetUsageRequest)[0].skip_behaviors is True
    assert [r.tool_use_id for r in _sent(process, m.BackgroundTasksRequest)] == [None, "toolu_1"]
    thinking = _sent(process, m.SetMaxThinkingTokensRequest)
    assert [(r.max_thinking_tokens, r.thinking_display) for r in thinking] == [
        (2048, "omitted"),
        (None, None),
    ]
    clear = m.SetMcpPermissionModeOverrideRequest(server_name="docs", mode=None)
    assert json.loads(wire.encode_line(m.ControlRequest(request_id="r", request=clear)))["request"] == {
        "subtype": "set_mcp_permission_mode_override",
        "serverName": "docs",
        "mode": None,
    }


async def test_add_plugins_takes_plugin_configs(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli() as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        with pytest.raises(TypeError, match="SdkPluginConfig"):
            await session.reload_plugins(add_plugins=[{"type": "local", "path": "/p"}])  # type: ignore[list-item]


async def _update_settings(session: ClaudeSession) -> object:
    await session.update_settings("localSettings", {"outputStyle": "Concise"})
    return None


async def _reload_output_styles(session: ClaudeSession) -> object:
    return await session.reload_output_styles()


async def _read_mcp_resource(session: ClaudeSession) -> object:
    return await session.read_mcp_resource("docs", "ui://page")


@pytest.mark.parametrize("call", [_update_settings, _reload_output_styles, _read_mcp_resource])
async def test_what_the_old_cli_lacks_is_a_typed_error(
    autojump_clock: trio.testing.MockClock, call: Callable[[ClaudeSession], Awaitable[object]]
) -> None:
    async with (
        open_fake_cli(claude_code_version="2.1.197") as fake,
        open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session,
    ):
        with pytest.raises(
            UnsupportedRequestError, match="is not supported by the Claude Code CLI"
        ) as caught:
            await call(session)
        assert isinstance(caught.value, ControlRequestError)
        assert await session.reload_skills() is not None  # the session goes on


async def test_reinitialize_sends_initialize_again(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_cli() as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        first = session.server_info
        fresh = await session.reinitialize()
        assert session.server_info is fresh and fresh is not first
        process = fake.process
    assert len(_sent(process, m.InitializeRequest)) == 2


# --------------------------------------------------------------------------------------------------------
# What the session offers, kept current
# --------------------------------------------------------------------------------------------------------


def _commands_changed(*names: str) -> bytes:
    commands = [{"name": name, "description": f"the {name} command"} for name in names]
    frame = {"type": "system", "subtype": "commands_changed", "commands": [*commands, {"no": "name"}]}
    return json.dumps(frame).encode() + b"\n"


async def test_commands_changed_is_folded_in(autojump_clock: trio.testing.MockClock) -> None:
    script: list[list[FakeAction]] = [[RawLine(data=_commands_changed("review", "deploy")), Say(text="ok")]]
    async with open_fake_cli(script) as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        assert session.supported_commands() == ()
        await session.send("go")
        turn = await read_turn(session)
        assert any(isinstance(message, m.CommandsChangedMessage) for message in turn)  # still delivered
        assert [command.name for command in session.supported_commands()] == ["review", "deploy"]
        assert (
            session.server_info is not None and session.server_info.commands == session.supported_commands()
        )
        assert session.supported_agents() == ()
        account = session.account_info()
        assert account is not None and account.api_provider == "firstParty"


async def test_reload_plugins_updates_commands_and_agents(autojump_clock: trio.testing.MockClock) -> None:
    script: list[list[FakeAction]] = [[RawLine(data=_commands_changed("review")), Say(text="ok")]]
    async with open_fake_cli(script) as fake, open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
        await session.send("go")
        await read_turn(session)
        assert len(session.supported_commands()) == 1
        await session.reload_plugins()  # the fake's plugins have no commands
        assert session.supported_commands() == ()


# --------------------------------------------------------------------------------------------------------
# User dialogs
# --------------------------------------------------------------------------------------------------------

DIALOG = m.RequestUserDialogRequest(
    dialog_kind="refusal_fallback_prompt", payload={"model": "claude-opus-5-5"}, tool_use_id="toolu_9"
)


def _dialog_answer(process: FakeCLIProcess) -> m.ControlSuccess | m.ControlError | None:
    [sent] = process.requests
    return sent.response


async def test_on_user_dialog_answers_the_dialog(autojump_clock: trio.testing.MockClock) -> None:
    seen: list[m.RequestUserDialogRequest] = []

    async def on_user_dialog(request: m.RequestUserDialogRequest) -> m.UserDialogResponse:
        seen.append(request)
        return m.UserDialogResponse(behavior="completed", result={"choice": "retry"})

    async with (
        open_fake_cli([[SendRequest(request=DIALOG), Say(text="ok")]]) as fake,
        open_session(
            ClaudeAgentOptions(
                spawn=fake.spawn,
                on_user_dialog=on_user_dialog,
                supported_dialog_kinds=["refusal_fallback_prompt"],
            )
        ) as session,
    ):
        await session.send("go")
        await read_turn(session)
        process = fake.process
    assert seen == [DIALOG]
    answer = _dialog_answer(process)
    assert isinstance(answer, m.ControlSuccess)
    assert answer.response == {"behavior": "completed", "result": {"choice": "retry"}}
    [initialize] = _sent(process, m.InitializeRequest)
    assert initialize.supported_dialog_kinds == ("refusal_fallback_prompt",)


async def _failing(request: m.RequestUserDialogRequest) -> m.UserDialogResponse:
    raise RuntimeError("the UI is gone")


async def _garbage(request: m.RequestUserDialogRequest) -> m.UserDialogResponse:
    return {"behavior": "completed"}  # type: ignore[return-value]


@pytest.mark.parametrize("callback", [None, _failing, _garbage], ids=["none", "raises", "garbage"])
async def test_a_dialog_fails_safe_as_cancelled(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture, callback: Any
) -> None:
    async with (
        open_fake_cli([[SendRequest(request=DIALOG), Say(text="ok")]]) as fake,
        open_session(ClaudeAgentOptions(spawn=fake.spawn, on_user_dialog=callback)) as session,
    ):
        with caplog.at_level(logging.ERROR, logger="trio_claude"):
            await session.send("go")
            await read_turn(session)
        process = fake.process
    answer = _dialog_answer(process)
    assert isinstance(answer, m.ControlSuccess) and answer.response == {"behavior": "cancelled"}
    if callback is not None:
        assert "answering request_user_dialog failed" in caplog.text


async def test_a_withdrawn_dialog_cancels_its_callback(autojump_clock: trio.testing.MockClock) -> None:
    events: list[str] = []

    async def on_user_dialog(request: m.RequestUserDialogRequest) -> m.UserDialogResponse:
        events.append("shown")
        try:
            await trio.sleep_forever()
        finally:
            events.append("withdrawn")
        raise AssertionError("unreachable")

    script: list[list[FakeAction]] = [[SendRequest(request=DIALOG, cancel_after=5), Say(text="ok")]]
    async with (
        open_fake_cli(script) as fake,
        open_session(ClaudeAgentOptions(spawn=fake.spawn, on_user_dialog=on_user_dialog)) as session,
    ):
        await session.send("go")
        await read_turn(session)
        assert session.statistics().handlers_in_flight == 0
        process = fake.process
    assert events == ["shown", "withdrawn"]
    assert _dialog_answer(process) is None  # a withdrawn request is not answered


def test_dialog_kinds_need_the_callback() -> None:
    with pytest.raises(ValueError, match="supported_dialog_kinds: needs on_user_dialog"):
        ClaudeAgentOptions(supported_dialog_kinds=["refusal_fallback_prompt"])
    with pytest.raises(TypeError, match="supported_dialog_kinds"):
        ClaudeAgentOptions(supported_dialog_kinds="refusal_fallback_prompt")
    with pytest.raises(TypeError, match="on_user_dialog"):
        ClaudeAgentOptions(on_user_dialog=lambda request: None)  # type: ignore[arg-type]
