"""The fake CLI as a parked spare (``--await-claim``), driven through a plain session: the refusals and
results of the real CLI 2.1.330 (captured with it; see tests/e2e/test_spare.py), and ``--version``."""

from __future__ import annotations

from pathlib import Path

import pytest
import trio

from trio_claude import ClaudeAgentOptions, ControlRequestError, ResultMessage, open_session
from trio_claude._config._command import CLICommand
from trio_claude.model import ClaimSessionRequest, ClaimSessionResponse
from trio_claude.testing import open_fake_cli


def _spare(spawn: object, cwd: Path) -> ClaudeAgentOptions:
    return ClaudeAgentOptions(spawn=spawn, cwd=cwd, extra_args={"await-claim": None})  # type: ignore[arg-type]


async def test_a_prompt_before_any_claim_gets_the_not_claimed_result(tmp_path: Path) -> None:
    async with open_fake_cli() as fake, open_session(_spare(fake.spawn, tmp_path)) as session:
        await session.query("hi")
        [result] = [message async for message in session.receive_response()]
        assert isinstance(result, ResultMessage) and result.is_error
        assert result.errors is not None and result.errors[0].startswith(
            "not_claimed: this process was started"
        )
        # Let go: a claim now is refused.
        with pytest.raises(ControlRequestError, match="not_a_spare"):
            await session.request(ClaimSessionRequest(cwd=str(tmp_path)))


@pytest.mark.parametrize(
    ("claim", "error"),
    [
        ({"env": {"FOO": "1"}}, "env_key_not_claimable: FOO is read during start-up"),
        ({"cwd": "/no/such/folder"}, "cwd_not_found: the claim cwd does not exist or is not accessible"),
        ({"permission_mode": "bypassPermissions"}, "permission_mode_not_claimable:"),
    ],
)
async def test_refusals(tmp_path: Path, claim: dict[str, object], error: str) -> None:
    body = ClaimSessionRequest(**{"cwd": str(tmp_path), **claim})  # type: ignore[arg-type]
    async with open_fake_cli() as fake, open_session(_spare(fake.spawn, tmp_path)) as session:
        with pytest.raises(ControlRequestError) as info:
            await session.request(body)
        assert info.value.error.startswith(error)


async def test_bypass_permissions_with_the_flag_and_a_claim_on_a_non_spare(tmp_path: Path) -> None:
    options = _spare(None, tmp_path)
    async with open_fake_cli() as fake:
        allowed = ClaudeAgentOptions(
            spawn=fake.spawn,
            cwd=tmp_path,
            extra_args=options.extra_args,
            allow_dangerously_skip_permissions=True,
        )
        async with open_session(allowed) as session:
            answer = await session.request(
                ClaimSessionRequest(cwd=str(tmp_path), permission_mode="bypassPermissions")
            )
            assert isinstance(answer, ClaimSessionResponse) and answer.status == "ok"
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn, cwd=tmp_path)) as session:
            with pytest.raises(ControlRequestError, match="not_a_spare: claim_session is only accepted"):
                await session.request(ClaimSessionRequest(cwd=str(tmp_path)))


async def test_the_in_memory_fake_answers_version_and_refuses_await_claim_when_old() -> None:
    async with open_fake_cli(claude_code_version="2.1.197") as fake:
        version = await fake.spawn(CLICommand(argv=("claude", "--version"), env={}, cwd=None))
        assert await version.stdout.receive_some() == b"2.1.197 (Claude Code)\n"
        spare = await fake.spawn(CLICommand(argv=("claude", "--await-claim"), env={}, cwd=None))
        with trio.fail_after(5):
            assert await spare.wait() == 1
        assert "error: unknown option '--await-claim'" in spare.stderr_text
