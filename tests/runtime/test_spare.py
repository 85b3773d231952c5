"""prewarm() and SpareProcess.claim() against the fake CLI: the wire of a claim, every refusal, a spare
that dies while parked, old CLIs, and cancellation at every step (the process is always reaped)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import trio

from trio_claude import (
    ClaimedSession,
    ClaimOptions,
    ClaimRefusedError,
    ClaudeAgentOptions,
    CLICommand,
    CLIConnectionError,
    Query,
    UnsupportedOptionError,
    prewarm,
)
from trio_claude.model import (
    ApplyFlagSettingsRequest,
    ClaimSessionRequest,
    ControlRequest,
    InitializeRequest,
    InitMessage,
    Message,
    ResultMessage,
    SetMaxThinkingTokensRequest,
    SetModelRequest,
    UserMessage,
)
from trio_claude.testing import FakeCLI, FakeCLIProcess, Say, open_fake_cli


def _options(fake: FakeCLI, park: Path, **more: object) -> ClaudeAgentOptions:
    return ClaudeAgentOptions(spawn=fake.spawn, cwd=park, **more)  # type: ignore[arg-type]


def _sent(process: FakeCLIProcess) -> list[str]:
    """What the host wrote, in order: control request subtypes and ``prompt``."""
    out: list[str] = []
    for frame in process.received:
        if isinstance(frame, ControlRequest):
            out.append(type(frame.request).__name__)
        elif isinstance(frame, UserMessage):
            out.append("prompt")
    return out


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The folder a spare is claimed into (resolved: the CLI answers its canonical path), next to the
    ``park`` folder."""
    (tmp_path / "park").mkdir()
    (tmp_path / "work").mkdir()
    return (tmp_path / "work").resolve()


async def test_a_claim_runs_the_prompt_in_the_claimed_folder(folder: Path) -> None:
    async with open_fake_cli([[Say(text="warm")]]) as fake:
        async with prewarm(_options(fake, folder.parent / "park")) as spare:
            process = fake.process
            assert "--await-claim" in process.command.argv
            assert process.command.env["CLAUDE_CODE_SDK_READS_STARTUP_MARKS"] == "1"
            assert process.command.cwd == str(folder.parent / "park")
            assert _sent(process) == ["InitializeRequest"] and not spare.exited
            assert spare.claimed is None
            async with spare.claim("hi", ClaimOptions(cwd=folder, model="m2", title="t")) as query:
                assert isinstance(query, Query)
                claimed = spare.claimed
                assert isinstance(claimed, ClaimedSession)
                assert claimed.cwd == str(folder) and claimed.sdk_mcp_settled
                assert claimed.session_id == query.session_id and claimed.not_applied == {}
                messages = [message async for message in query]
            [claim] = [f.request for f in process.host_requests if isinstance(f.request, ClaimSessionRequest)]
            assert claim == ClaimSessionRequest(
                cwd=str(folder), title="t", sdk_mcp_servers=(), include_initialize=True
            )
        assert process.returncode == 0 and spare.exited
    # The claim, the model right after it and the prompt, written without waiting for the answers.
    assert _sent(process) == ["InitializeRequest", "ClaimSessionRequest", "SetModelRequest", "prompt"]
    init = next(message for message in messages if isinstance(message, InitMessage))
    assert init.cwd == str(folder)
    result = messages[-1]
    assert isinstance(result, ResultMessage) and result.result == "warm"


async def test_the_claim_answer_describes_the_claimed_session(folder: Path) -> None:
    async with open_fake_cli() as fake, prewarm(_options(fake, folder.parent / "park")) as spare:
        parked = spare.server_info
        assert parked is not None and parked.current_permission_mode == "default"
        async with spare.claim("hi", ClaimOptions(cwd=folder, permission_mode="acceptEdits")) as query:
            assert query.server_info is not None
            assert query.server_info.current_permission_mode == "acceptEdits"
            assert spare.server_info is query.server_info
            [message async for message in query]


async def test_a_refused_claim_raises_its_reason_and_lets_the_process_go(folder: Path) -> None:
    async with open_fake_cli() as fake, prewarm(_options(fake, folder.parent / "park")) as spare:
        with pytest.raises(ClaimRefusedError) as info:
            async with spare.claim("hi", ClaimOptions(cwd=folder / "missing")):
                pytest.fail("the block must not run")
        assert info.value.reason == "cwd_not_found" and info.value.claimed is None
        assert str(info.value).startswith("cwd_not_found: the claim cwd does not exist")
        await spare.wait_exited()
        assert spare.exited
        # The prompt went out with the claim; the spare answered it with the not_claimed result.
        [result] = fake.process.results
        assert result.is_error and result.errors and result.errors[0].startswith("not_claimed:")
        with pytest.raises(RuntimeError, match="only be called once"):
            async with spare.claim("again", ClaimOptions(cwd=folder)):
                pass


async def test_a_permission_mode_the_spare_cannot_take_refuses_the_claim(folder: Path) -> None:
    async with open_fake_cli() as fake, prewarm(_options(fake, folder.parent / "park")) as spare:
        with pytest.raises(ClaimRefusedError) as info:
            async with spare.claim("hi", ClaimOptions(cwd=folder, permission_mode="bypassPermissions")):
                pass
        assert info.value.reason == "permission_mode_not_claimable"


async def test_a_refused_model_is_not_fatal(folder: Path, caplog: pytest.LogCaptureFixture) -> None:
    options = ClaimOptions(cwd=folder, model="nope", max_thinking_tokens=2048)
    async with (
        open_fake_cli([[Say(text="runs")]], refused_models=("nope",)) as fake,
        prewarm(_options(fake, folder.parent / "park")) as spare,
    ):
        with caplog.at_level(logging.WARNING, logger="trio_claude"):
            async with spare.claim("hi", options) as query:
                messages = [message async for message in query]
    assert spare.claimed is not None
    assert list(spare.claimed.not_applied) == ["model"]
    assert "Cannot switch to model nope" in spare.claimed.not_applied["model"]
    assert "option_not_applied: model:" in caplog.text
    result = messages[-1]
    assert isinstance(result, ResultMessage) and result.result == "runs"
    kinds = _sent(fake.process)
    assert kinds[1:] == ["ClaimSessionRequest", "SetModelRequest", "SetMaxThinkingTokensRequest", "prompt"]
    assert SetMaxThinkingTokensRequest(max_thinking_tokens=2048) in [
        frame.request for frame in fake.process.host_requests
    ]


async def test_a_settings_overlay_is_split_and_holds_the_prompt(folder: Path) -> None:
    settings = {"effortLevel": "high", "model": "m3", "permissions": {"allow": ["Read"]}}
    async with open_fake_cli() as fake, prewarm(_options(fake, folder.parent / "park")) as spare:
        async with spare.claim("hi", ClaimOptions(cwd=folder, settings=settings)) as query:
            [message async for message in query]
        requests = [frame.request for frame in fake.process.host_requests]
    assert _sent(fake.process) == [
        "InitializeRequest",
        "ApplyFlagSettingsRequest",
        "ClaimSessionRequest",
        "ApplyFlagSettingsRequest",
        "prompt",
    ]
    assert requests[1] == ApplyFlagSettingsRequest(settings={"effortLevel": "high"})
    assert requests[3] == ApplyFlagSettingsRequest(
        settings={"model": "m3", "permissions": {"allow": ["Read"]}}
    )


async def test_a_refused_overlay_refuses_the_claim_and_never_sends_the_prompt(folder: Path) -> None:
    async with open_fake_cli() as fake, prewarm(_options(fake, folder.parent / "park")) as spare:
        with pytest.raises(ClaimRefusedError) as info:
            async with spare.claim("hi", ClaimOptions(cwd=folder, settings={"permissions": "all"})):
                pass
        assert info.value.reason == "settings_not_applied"
        assert "invalid settings" in str(info.value) and "permissions" in str(info.value)
        # "permissions" follows the claim, which the CLI accepted: the refusal says what was claimed.
        assert info.value.claimed is not None and info.value.claimed.cwd == str(folder)
        await spare.wait_exited()
    assert "prompt" not in _sent(fake.process)


async def test_hook_settings_and_start_up_env_are_refused_before_anything_is_sent(folder: Path) -> None:
    async with open_fake_cli() as fake, prewarm(_options(fake, folder.parent / "park")) as spare:
        with pytest.raises(ValueError, match=r"ClaimOptions\.settings: .*hooks, disableAllHooks.*prewarm"):
            ClaimOptions(cwd=folder, settings={"hooks": {}, "disableAllHooks": True})
        with pytest.raises(ValueError, match=r"ClaimOptions\.env key: .*CLAUDE_CODE_OAUTH_TOKEN.*'HOME'"):
            ClaimOptions(cwd=folder, env={"HOME": "/elsewhere"})
        with pytest.raises(TypeError, match="ClaimOptions"):
            async with spare.claim("hi", {"cwd": str(folder)}):  # type: ignore[arg-type]
                pass
        assert _sent(fake.process) == ["InitializeRequest"]  # the spare is still parked: claim it
        token = {"CLAUDE_CODE_OAUTH_TOKEN": "secret"}
        async with spare.claim("hi", ClaimOptions(cwd=folder, env=token)) as query:
            [message async for message in query]
    [claim] = [f.request for f in fake.process.host_requests if isinstance(f.request, ClaimSessionRequest)]
    assert claim.env == token
    assert not any("secret" in arg for arg in fake.process.command.argv)


async def test_prompts_from_an_async_iterable_follow_the_claim(folder: Path) -> None:
    async def prompts() -> AsyncIterator[str]:
        yield "one"
        yield "two"

    async with (
        open_fake_cli([[Say(text="1")], [Say(text="2")]]) as fake,
        prewarm(_options(fake, folder.parent / "park")) as spare,
        spare.claim(prompts(), ClaimOptions(cwd=folder)) as query,
    ):
        results = [m.result for m in [message async for message in query] if isinstance(m, ResultMessage)]
    assert results == ["1", "2"]
    assert _sent(fake.process) == ["InitializeRequest", "ClaimSessionRequest", "prompt", "prompt"]


async def test_a_spare_that_dies_while_parked_is_seen_and_cannot_be_claimed(folder: Path) -> None:
    async with open_fake_cli() as fake, prewarm(_options(fake, folder.parent / "park")) as spare:
        fake.process.kill()
        with trio.fail_after(5):
            await spare.wait_exited()
        assert spare.exited
        with pytest.raises(ClaimRefusedError) as info:
            async with spare.claim("hi", ClaimOptions(cwd=folder)):
                pass
        assert info.value.reason == "spare_exited" and "code -9" in str(info.value)


async def test_a_claim_after_the_block_is_refused_as_closed(folder: Path) -> None:
    async with open_fake_cli() as fake:
        async with prewarm(_options(fake, folder.parent / "park")) as spare:
            pass
        assert fake.process.returncode == 0  # a parked spare exits on stdin EOF
        with pytest.raises(ClaimRefusedError) as info:
            async with spare.claim("hi", ClaimOptions(cwd=folder)):
                pass
        assert info.value.reason == "spare_closed"


async def test_an_old_cli_is_refused_at_prewarm(folder: Path) -> None:
    async with open_fake_cli(claude_code_version="2.1.197") as fake:
        with pytest.raises(UnsupportedOptionError, match=r"prewarm\(\) \(--await-claim\) needs .* 2\.1\.330"):
            async with prewarm(_options(fake, folder.parent / "park")):
                pytest.fail("the block must not run")
        # Only the version probe ran.
        assert [process.command.argv[1:] for process in fake.processes] == [("--version",)]


async def test_an_old_cli_that_hides_its_version_dies_with_its_own_error(folder: Path) -> None:
    # Without a readable version the CLI is started anyway, and says what it does not know.
    async with open_fake_cli(claude_code_version="2.1.197") as fake:

        async def no_version(command: CLICommand) -> FakeCLIProcess:
            if "--version" in command.argv:
                command = CLICommand(argv=("claude",), env={}, cwd=None)
                process = await fake.spawn(command)
                await process.stdin.aclose()
                return process
            return await fake.spawn(command)

        with pytest.raises(CLIConnectionError, match="unknown option '--await-claim'"):
            async with prewarm(ClaudeAgentOptions(spawn=no_version, cwd=folder)):
                pass


@pytest.mark.parametrize(
    "options", [{"resume": "abc"}, {"continue_conversation": True}, {"fork_session": True}]
)
async def test_session_options_are_refused(folder: Path, options: dict[str, object]) -> None:
    name = next(iter(options))
    with pytest.raises(ValueError, match=rf"prewarm\(\): ClaudeAgentOptions\.{name} describes a session"):
        async with prewarm(ClaudeAgentOptions(cwd=folder, **options)):  # type: ignore[arg-type]
            pass


async def test_a_custom_spawn_needs_a_parking_folder() -> None:
    async with open_fake_cli() as fake:
        with pytest.raises(ValueError, match=r"custom spawn .* ClaudeAgentOptions\.cwd"):
            async with prewarm(ClaudeAgentOptions(spawn=fake.spawn)):
                pass
        assert fake.processes == []


@pytest.mark.parametrize("where", ["prewarm", "parked", "claim", "claimed"])
async def test_cancellation_at_every_step_reaps_the_process(folder: Path, where: str) -> None:
    seen: list[Message] = []
    async with open_fake_cli([[Say(text="x")]], exit_on_eof=False) as fake:
        scope = trio.CancelScope()

        async def spawn(command: CLICommand) -> FakeCLIProcess:
            process = await fake.spawn(command)
            if where == "prewarm" and "--await-claim" in command.argv:
                scope.cancel()  # while the spare starts: before it answers initialize
            return process

        with scope:
            async with prewarm(ClaudeAgentOptions(spawn=spawn, cwd=folder.parent / "park")) as spare:
                if where == "parked":
                    scope.cancel()
                    await trio.sleep_forever()
                if where == "claim":
                    scope.cancel()  # the claim's first checkpoint is after its first request is queued
                async with spare.claim("hi", ClaimOptions(cwd=folder)) as query:
                    seen.append(await query.__anext__())
                    scope.cancel()
                    await trio.sleep_forever()
        assert scope.cancelled_caught
        process = fake.process
        assert "--await-claim" in process.command.argv
        assert process.returncode is not None  # reaped, though this fake never exits on EOF by itself
        assert process.signals  # stopped by the SDK (the claim's prompt is interrupted first)
    assert (where == "claimed") == bool(seen)


def test_claim_options_check_their_fields(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match=r"ClaimOptions\.cwd"):
        ClaimOptions(cwd=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"ClaimOptions\.permission_mode"):
        ClaimOptions(cwd=tmp_path, permission_mode="sometimes")  # type: ignore[arg-type]
    with pytest.raises((TypeError, ValueError), match=r"ClaimOptions\.max_thinking_tokens"):
        ClaimOptions(cwd=tmp_path, max_thinking_tokens=-1)
    relative = ClaimOptions(cwd="sub", add_dirs=["../other"]).request(("calc",))
    assert Path(relative.cwd).is_absolute() and relative.cwd.endswith("/sub")
    assert relative.additional_directories == ("../other",) and relative.sdk_mcp_servers == ("calc",)
    assert ClaimOptions(cwd="~/proj").request(()).cwd == "~/proj"  # the CLI expands it
    assert ClaimOptions(cwd=tmp_path).split_settings() == (None, None)
    assert isinstance(InitializeRequest(), InitializeRequest) and SetModelRequest(model="m").model == "m"


@pytest.mark.parametrize("settings", [None, {"effortLevel": "high"}])
async def test_a_spare_that_dies_during_the_claim_fails_it(
    folder: Path, settings: dict[str, str] | None
) -> None:
    async with open_fake_cli() as fake, prewarm(_options(fake, folder.parent / "park")) as spare:
        fake.process.kill()  # the session has not seen it yet: the claim goes out, and breaks
        assert not spare.exited
        with pytest.raises(ClaimRefusedError) as info:
            async with spare.claim("hi", ClaimOptions(cwd=folder, settings=settings)):
                pass
        assert info.value.reason == "claim_failed" and "the claim broke" in str(info.value)
        assert spare.exited
