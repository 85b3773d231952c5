"""The notice of a CLI the test suite did not run: a CLI newer than the newest tested one is named once per
process in a ``WARNING`` on the ``trio_claude`` logger, with the newest tested version (the primary pin of
``.ci/cli-versions``, which ``TESTED_CLI_VERSIONS`` follows: tests/test_cli_discovery.py) and the command
that checks the pair; a tested or older CLI gets no such notice (an older one its own warning)."""

from __future__ import annotations

import logging

import pytest
import trio

from trio_claude import TESTED_CLI_VERSION, ClaudeAgentOptions, open_session
from trio_claude._config import _discovery
from trio_claude._config._install import TESTED_CLI_VERSIONS
from trio_claude.testing import open_fake_cli


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a process that has not warned yet."""
    monkeypatch.setattr(_discovery, "_newer_noticed", False)


def _notices(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        record.getMessage()
        for record in caplog.records
        if record.name.startswith("trio_claude") and record.levelno == logging.WARNING
    ]


async def _session(version: str) -> None:
    async with (
        open_fake_cli([], claude_code_version=version) as fake,
        open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session,
    ):
        await session.send("hi")
        async for _ in session.receive_response():
            pass  # system/init names the version too


async def test_a_newer_cli_is_named_once_per_process(
    autojump_clock: trio.abc.Clock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="trio_claude")
    await _session("2.1.999")
    await _session("2.1.999")
    await _session("3.0.0")
    [notice] = _notices(caplog)
    assert "Claude Code CLI 2.1.999 is newer than the newest version trio_claude is tested with" in notice
    assert f"({TESTED_CLI_VERSION})" in notice
    assert notice.endswith("run: python -m trio_claude conformance")


@pytest.mark.parametrize("version", [*TESTED_CLI_VERSIONS, "2.1.331", "2.1.250"])
async def test_a_tested_or_older_cli_gets_no_notice(
    autojump_clock: trio.abc.Clock, caplog: pytest.LogCaptureFixture, version: str
) -> None:
    caplog.set_level(logging.WARNING, logger="trio_claude")
    await _session(version)
    assert _notices(caplog) == []


def test_an_older_cli_than_the_oldest_tested_is_named_each_time(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="trio_claude")
    _discovery.notice_untested("2.1.100")
    _discovery.notice_untested("2.1.100 (Claude Code)")
    _discovery.notice_untested("not a version")
    assert _notices(caplog) == [
        f"Claude Code CLI {version} is older than the oldest version trio_claude is tested with "
        f"({TESTED_CLI_VERSIONS[-1]})"
        for version in ("2.1.100", "2.1.100 (Claude Code)")
    ]
    assert not _discovery._newer_noticed
