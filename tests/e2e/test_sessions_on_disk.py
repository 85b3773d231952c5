"""End to end with the real CLI: resume, continue, fork, resume at a message; reading and changing the
session files it writes; every option reaching the CLI; a custom spawn through a wrapper script."""

from __future__ import annotations

import stat
import time
import uuid
from pathlib import Path

import attrs
import orjson
import pytest
import trio

from trio_claude import (
    AssistantMessage,
    ClaudeAgentOptions,
    CLICommand,
    CLIProcess,
    Message,
    ProcessError,
    ResultMessage,
    SdkPluginConfig,
    SystemPromptFile,
    TaskBudget,
    ThinkingConfigEnabled,
    UnsupportedOptionError,
    fork_session,
    get_session_info,
    get_session_messages,
    list_sessions,
    open_session,
    prefixed_spawn,
    project_key_for_directory,
    rename_session,
)
from trio_claude.testing import MessagesAPI, ModelTurn, ToolUse, text_turn, tool_turn

pytestmark = pytest.mark.real_cli


async def _ask(options: ClaudeAgentOptions, prompt: str) -> list[Message]:
    async with open_session(options) as session:
        await session.send(prompt)
        return [message async for message in session.receive_response()]


def _result(messages: list[Message]) -> ResultMessage:
    result = messages[-1]
    assert isinstance(result, ResultMessage), messages
    return result


def _config(claude_home: Path) -> Path:
    return claude_home / ".claude"


async def test_the_session_file_reads_back(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path, claude_project: Path
) -> None:
    messages_api.add_steps(text_turn("one"), text_turn("two"))
    async with open_session(offline_options) as session:
        await session.send("first prompt")
        first = [m async for m in session.receive_response()]
        await session.send("second prompt")
        [m async for m in session.receive_response()]
    session_id = _result(first).session_id
    # Blocking file I/O: in a Trio program, run it in a worker thread.
    (info,) = await trio.to_thread.run_sync(
        lambda: list_sessions(claude_project, config_dir=_config(claude_home))
    )
    assert info.session_id == session_id
    assert info.first_prompt == "first prompt"
    assert info.summary == "second prompt"
    assert info.cwd == str(claude_project)  # tmp_path is already resolved
    messages = get_session_messages(session_id, claude_project, config_dir=_config(claude_home))
    assert [m.type for m in messages] == ["user", "assistant", "user", "assistant"]
    assert messages[0].message["content"] == "first prompt"
    assert messages[3].message["content"][0]["text"] == "two"
    live = [m.uuid for m in first if isinstance(m, AssistantMessage)]
    assert live and live[0] == messages[1].uuid  # the live message's uuid is the stored one


async def test_a_long_project_path_is_named_as_the_cli_names_it(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path, claude_project: Path
) -> None:
    """A working directory reached through a symlink, whose escaped name passes 200 characters (hashed),
    with a character beyond U+FFFF (two UTF-16 code units) and a decomposed é: the folder the CLI makes
    is the one project_key_for_directory names, and the session is found there (issue 22)."""
    deep = claude_project / ("d" * 100) / ("x\U0001f600y" * 20) / "cafe\u0301"
    deep.mkdir(parents=True)
    link = claude_project / "link"
    link.symlink_to(deep)
    messages_api.add_steps(text_turn("deep"))
    session_id = _result(await _ask(attrs.evolve(offline_options, cwd=link), "from deep down")).session_id
    projects = _config(claude_home) / "projects"
    assert [p.name for p in projects.iterdir()] == [project_key_for_directory(link)]
    assert len(project_key_for_directory(link)) > 200
    (info,) = list_sessions(link, config_dir=_config(claude_home))
    assert (info.session_id, info.cwd) == (session_id, str(deep))


async def test_continue_the_most_recent(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("older"), text_turn("noted MANGO"), text_turn("it was MANGO"))
    await _ask(offline_options, "an older conversation")
    recent = _result(await _ask(offline_options, "remember MANGO"))
    continued = _result(await _ask(attrs.evolve(offline_options, continue_conversation=True), "which fruit?"))
    assert continued.session_id == recent.session_id
    history = " ".join(messages_api.script_requests[2].texts())
    assert "remember MANGO" in history and "an older conversation" not in history


async def test_fork_keeps_the_history_under_a_new_id(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path
) -> None:
    messages_api.add_steps(text_turn("noted KIWI"), text_turn("KIWI, in the fork"))
    original = _result(await _ask(offline_options, "remember KIWI"))
    options = attrs.evolve(offline_options, resume=original.session_id, fork_session=True)
    forked = _result(await _ask(options, "which fruit?"))
    assert forked.session_id != original.session_id
    assert "remember KIWI" in " ".join(messages_api.script_requests[1].texts())
    config = _config(claude_home)
    fork_messages = get_session_messages(forked.session_id, config_dir=config)
    assert [m.message["content"] for m in fork_messages if m.type == "user"] == [
        "remember KIWI",
        "which fruit?",
    ]
    assert len(get_session_messages(original.session_id, config_dir=config)) == 2  # untouched


async def test_resume_at_a_message(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path
) -> None:
    messages_api.add_steps(text_turn("A noted"), text_turn("B noted"), text_turn("only A"))
    async with open_session(offline_options) as session:
        await session.send("remember A")
        first = [m async for m in session.receive_response()]
        await session.send("remember B")
        [m async for m in session.receive_response()]
    session_id = _result(first).session_id
    stored = get_session_messages(session_id, config_dir=_config(claude_home))
    options = attrs.evolve(
        offline_options, resume=session_id, resume_session_at=stored[1].uuid, fork_session=True
    )
    _result(await _ask(options, "what do you remember?"))
    history = " ".join(messages_api.script_requests[2].texts())
    assert "remember A" in history and "A noted" in history
    assert "remember B" not in history


async def test_resume_a_fork_made_on_disk(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path
) -> None:
    messages_api.add_steps(text_turn("P noted"), text_turn("Q noted"), text_turn("from the copy"))
    async with open_session(offline_options) as session:
        await session.send("remember P")
        first = [m async for m in session.receive_response()]
        await session.send("remember Q")
        [m async for m in session.receive_response()]
    config = _config(claude_home)
    session_id = _result(first).session_id
    stored = get_session_messages(session_id, config_dir=config)
    copy = fork_session(session_id, up_to_message_id=stored[1].uuid, title="P only", config_dir=config)
    rename_session(session_id, "The original", config_dir=config)
    resumed = _result(await _ask(attrs.evolve(offline_options, resume=copy.session_id), "and now?"))
    assert resumed.session_id == copy.session_id
    history = " ".join(messages_api.script_requests[2].texts())
    assert "remember P" in history and "remember Q" not in history
    info = get_session_info(copy.session_id, config_dir=config)
    assert info is not None and info.custom_title == "P only"
    original = get_session_info(session_id, config_dir=config)
    assert original is not None and original.summary == "The original"


async def test_resume_of_a_missing_session_with_fork_fails_fast(offline_options: ClaudeAgentOptions) -> None:
    started = time.monotonic()
    with pytest.raises(ProcessError) as info:
        async with open_session(attrs.evolve(offline_options, resume=str(uuid.uuid4()), fork_session=True)):
            pytest.fail("the session must not start")
    assert time.monotonic() - started < 10
    assert info.value.exit_code == 1


async def test_no_session_persistence(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path
) -> None:
    messages_api.add_steps(text_turn("not kept"))
    _result(await _ask(attrs.evolve(offline_options, persist_session=False), "hello"))
    assert list_sessions(config_dir=_config(claude_home)) == []


async def test_a_chosen_session_id(offline_options: ClaudeAgentOptions, messages_api: MessagesAPI) -> None:
    messages_api.add_steps(text_turn("ok"))
    chosen = str(uuid.uuid4())
    assert _result(await _ask(attrs.evolve(offline_options, session_id=chosen), "hi")).session_id == chosen


async def test_every_flag_is_accepted(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path, tmp_path: Path
) -> None:
    """Both CLI versions start and answer with every option that becomes a flag."""
    plugin = tmp_path / "plugin"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / ".claude-plugin" / "plugin.json").write_text('{"name": "p"}')
    extra_dir = tmp_path / "extra"
    extra_dir.mkdir()
    prompt_file = tmp_path / "prompt.md"
    prompt_file.write_text("You are the FILE PROMPT assistant.")
    messages_api.add_steps(text_turn("all set"))
    options = attrs.evolve(
        offline_options,
        model="claude-sonnet-4-5",
        fallback_model="claude-haiku-4-5",
        tools=["Read", "Bash"],
        allowed_tools=["Read"],
        disallowed_tools=["Write"],
        system_prompt=SystemPromptFile(path=prompt_file),
        effort="high",
        thinking=ThinkingConfigEnabled(budget_tokens=2048),
        max_turns=4,
        max_budget_usd=5.0,
        task_budget=TaskBudget(total=200_000),
        add_dirs=[extra_dir],
        settings={"cleanupPeriodDays": 30},
        sandbox={"enabled": False},
        setting_sources=["project"],
        plugins=[SdkPluginConfig(path=plugin)],
        include_hook_events=True,
        strict_mcp_config=True,
        # not allow_dangerously_skip_permissions: the CLI refuses it when running as root (as in CI)
        debug_file=tmp_path / "debug.log",
        enable_file_checkpointing=True,
    )
    result = _result(await _ask(options, "go"))
    assert result.result == "all set" and not result.is_error
    (request,) = messages_api.script_requests
    assert "FILE PROMPT" in str(request.body["system"])
    assert set(request.tool_names) >= {"Read", "Bash"} and "Write" not in request.tool_names
    assert (tmp_path / "debug.log").exists()


async def test_structured_output(offline_options: ClaudeAgentOptions, messages_api: MessagesAPI) -> None:
    schema = {
        "type": "object",
        "properties": {"city": {"type": "string"}, "population": {"type": "integer"}},
        "required": ["city", "population"],
    }
    messages_api.add_steps(
        tool_turn("StructuredOutput", {"city": "Lyon", "population": 522000}), text_turn("done")
    )
    options = attrs.evolve(offline_options, output_format={"type": "json_schema", "schema": schema})
    result = _result(await _ask(options, "a French city as JSON"))
    assert result.structured_output == {"city": "Lyon", "population": 522000}
    assert "StructuredOutput" in messages_api.script_requests[0].tool_names


async def test_a_newer_flag_is_refused_before_the_cli_starts(
    offline_options: ClaudeAgentOptions, claude_cli_version: tuple[int, ...], tmp_path: Path
) -> None:
    """``resume_drops_turn`` is unknown to 2.1.197: refused with a typed error, not "unknown option"."""
    spawned: list[str] = []
    real = prefixed_spawn("env")

    async def spawn(command: CLICommand) -> CLIProcess:
        spawned.append(" ".join(command.argv))
        return await real(command)

    options = attrs.evolve(
        offline_options,
        resume=str(uuid.uuid4()),
        resume_session_at=str(uuid.uuid4()),
        resume_drops_turn=str(uuid.uuid4()),
        spawn=spawn,
    )
    if claude_cli_version < (2, 1, 330):
        with pytest.raises(UnsupportedOptionError) as info:
            async with open_session(options):
                pytest.fail("must not start")
        assert info.value.option == "resume_drops_turn"
        assert len(spawned) == 1 and "--version" in spawned[0]  # only the version probe ran
    else:
        with pytest.raises(ProcessError):  # the flag is known; the session to resume is not
            async with open_session(options):
                pytest.fail("must not start")
        assert len(spawned) == 2


async def test_a_wrapper_script_starts_the_cli(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, tmp_path: Path
) -> None:
    """``prefixed_spawn`` runs the CLI through a command prefix (like ``docker exec -i box`` or ``ssh host``)
    whose far side has a clean environment: the session's variables travel through stdin, never on the
    command line."""
    log = tmp_path / "wrapper.log"
    wrapper = tmp_path / "remote"
    wrapper.write_text(
        "#!/bin/sh\n"
        f'printf "%s\\n" "$@" > "{log}"\n'
        "# a 'remote' side: nothing of the caller's environment but PATH\n"
        'exec env -i PATH="$PATH" "$@"\n'
    )
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    messages_api.add_steps(text_turn("hello from the other side"))
    options = attrs.evolve(offline_options, spawn=prefixed_spawn(str(wrapper)), model="claude-sonnet-4-5")
    async with open_session(options) as session:
        await session.send("hi")
        messages = [m async for m in session.receive_response()]
    assert _result(messages).result == "hello from the other side"
    argv = log.read_text().splitlines()
    assert argv[:2] == ["sh", "-c"]
    assert not any(messages_api.base_url in arg or "sdk-py-trio" in arg for arg in argv)
    assert str(offline_options.cli_path) in argv and "--model=claude-sonnet-4-5" in argv
    assert "hi" not in argv  # the prompt goes to stdin, never on the command line


async def test_parallel_tool_calls_read_back_whole(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_home: Path, claude_project: Path
) -> None:
    # Two tool calls in one answer: the CLI writes one assistant entry per block and hangs each result
    # off its own tool_use, so the walk up parentUuid alone loses one of them.
    messages_api.add_steps(
        ModelTurn(
            blocks=(
                ToolUse(name="Bash", input={"command": "echo left"}, id="toolu_left"),
                ToolUse(name="Bash", input={"command": "echo right"}, id="toolu_right"),
            ),
            stop_reason="tool_use",
        ),
        text_turn("Both ran."),
    )
    options = attrs.evolve(offline_options, allowed_tools=["Bash"])
    session_id = _result(await _ask(options, "run both")).session_id
    messages = get_session_messages(session_id, claude_project, config_dir=_config(claude_home))
    stored = [orjson.dumps(m.message) for m in messages]
    for tool in ("toolu_left", "toolu_right"):
        assert sum(f'"type":"tool_use","id":"{tool}"'.encode() in line for line in stored) == 1, tool
        assert sum(f'"tool_use_id":"{tool}"'.encode() in line for line in stored) == 1, tool
    assert messages[-1].type == "assistant" and b"Both ran." in stored[-1]
    assert len({m.uuid for m in messages}) == len(messages)
