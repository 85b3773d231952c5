"""Resume from a store without a CLI: what the temporary config dir holds, how ``continue`` picks the
session, failures and timeouts of the store, and that the directory is always deleted."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
import trio
import trio.testing

from trio_claude import (
    ClaudeAgentOptions,
    InMemorySessionStore,
    SessionKey,
    SessionStoreEntry,
    SessionStoreLoadError,
    project_key_for_directory,
)
from trio_claude._runtime._materialise import is_safe_subpath, materialised_resume

OLD = "11111111-1111-4111-8111-111111111111"
NEW = "22222222-2222-4222-8222-222222222222"
SIDE = "33333333-3333-4333-8333-333333333333"


@pytest.fixture
def temp_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "tmp"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    return root


@pytest.fixture
def caller_config(tmp_path: Path) -> Path:
    config = tmp_path / "caller-config"
    config.mkdir()
    (config / ".credentials.json").write_text(
        json.dumps({"claudeAiOauth": {"accessToken": "at", "refreshToken": "rt"}})
    )
    (config / ".claude.json").write_text('{"userID": "u"}')
    (config / "settings.json").write_text(
        json.dumps(
            {"apiKeyHelper": "x", "enabledPlugins": {"a": True}, "env": {"CLAUDE_CONFIG_DIR": "/y", "K": "v"}}
        )
    )
    return config


def entry(uuid: str, **more: object) -> SessionStoreEntry:
    return {"type": "user", "uuid": uuid, **more}  # type: ignore[typeddict-item]


async def filled_store(project: str) -> InMemorySessionStore:
    store = InMemorySessionStore()
    await store.append({"project_key": project, "session_id": OLD}, [entry("o1")])
    await store.append({"project_key": project, "session_id": NEW}, [entry("n1"), entry("n2")])
    for subpath, entries in {
        "subagents/agent-a1": [
            {"type": "agent_metadata", "agentType": "x", "toolUseId": "t0"},
            entry("s1"),
            {"type": "agent_metadata", "agentType": "general-purpose", "toolUseId": "t1"},
        ],
        "../escape": [entry("e1")],
        "subagents/./agent-dot": [entry("e2")],
    }.items():
        key: SessionKey = {"project_key": project, "session_id": NEW, "subpath": subpath}
        await store.append(key, entries)  # type: ignore[arg-type]
    return store


def listing(folder: Path) -> list[str]:
    """Everything under ``folder``, relative, sorted ([] when it does not exist)."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


async def test_resume_writes_the_session_its_subagents_and_the_login(
    tmp_path: Path, temp_root: Path, caller_config: Path
) -> None:
    project = project_key_for_directory(tmp_path)
    store = await filled_store(project)
    options = ClaudeAgentOptions(
        session_store=store, resume=NEW, cwd=tmp_path, env={"CLAUDE_CONFIG_DIR": str(caller_config)}
    )
    async with materialised_resume(options) as started:
        config = Path(started.env["CLAUDE_CONFIG_DIR"])
        assert config.parent == temp_root and started.resume == NEW
        session_dir = config / "projects" / project
        assert lines(session_dir / f"{NEW}.jsonl") == [entry("n1"), entry("n2")]
        agent = session_dir / NEW / "subagents" / "agent-a1.jsonl"
        assert lines(agent) == [entry("s1")]
        meta = json.loads(agent.with_name("agent-a1.meta.json").read_text())
        assert meta == {"agentType": "general-purpose", "toolUseId": "t1"}  # the last one wins
        assert not any("escape" in p or "agent-dot" in p for p in listing(config))  # unsafe subpaths skipped
        assert (session_dir / f"{NEW}.jsonl").stat().st_mode & 0o777 == 0o600
        credentials = json.loads((config / ".credentials.json").read_text())
        assert credentials == {"claudeAiOauth": {"accessToken": "at"}}  # no refresh token
        assert (config / ".claude.json").read_text() == '{"userID": "u"}'
        settings = json.loads((config / "settings.json").read_text())
        assert settings == {"apiKeyHelper": "x", "env": {"K": "v"}}
    assert listing(temp_root) == [] and not listing(config)


def place_login(given: str, tmp_path: Path, caller_config: Path) -> tuple[Path, dict[str, str]]:
    """Move the caller's login where a CLI keeps it when ``options.env`` gives it only ``HOME`` (with
    ``.claude.json`` beside ``.claude``), or a relative ``CLAUDE_CONFIG_DIR``; return the working directory
    and ``options.env``."""
    work = tmp_path / "work"
    work.mkdir()
    if given == "HOME":
        worker_home = tmp_path / "worker-home"
        worker_home.mkdir()
        caller_config.rename(worker_home / ".claude")
        (worker_home / ".claude" / ".claude.json").rename(worker_home / ".claude.json")
        return work, {"HOME": str(worker_home)}
    caller_config.rename(work / "cfg")
    return work, {"CLAUDE_CONFIG_DIR": "cfg"}


@pytest.mark.parametrize("given", ["HOME", "relative CLAUDE_CONFIG_DIR"])
async def test_the_login_comes_from_the_config_home_the_cli_gets(
    given: str, tmp_path: Path, temp_root: Path, caller_config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The login is copied from where the caller's CLI keeps it: under the ``HOME`` that ``options.env``
    alone gives it, or under a relative ``CLAUDE_CONFIG_DIR`` taken in the CLI's working directory."""
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "this-process-home"))
    work, env = place_login(given, tmp_path, caller_config)
    store = await filled_store(project_key_for_directory(work))
    options = ClaudeAgentOptions(session_store=store, resume=NEW, cwd=work, env=env)
    async with materialised_resume(options) as started:
        config = Path(started.env["CLAUDE_CONFIG_DIR"])
        credentials = json.loads((config / ".credentials.json").read_text())
        assert credentials == {"claudeAiOauth": {"accessToken": "at"}}
        assert (config / ".claude.json").read_text() == '{"userID": "u"}'
        assert json.loads((config / "settings.json").read_text()) == {"apiKeyHelper": "x", "env": {"K": "v"}}


async def test_continue_picks_the_newest_session_that_is_not_a_sidechain(
    tmp_path: Path, temp_root: Path, autojump_clock: trio.testing.MockClock
) -> None:
    project = project_key_for_directory(tmp_path)
    store = await filled_store(project)
    await trio.sleep(1)
    await store.append({"project_key": project, "session_id": SIDE}, [entry("x", isSidechain=True)])
    options = ClaudeAgentOptions(session_store=store, continue_conversation=True, cwd=tmp_path)
    async with materialised_resume(options) as started:
        assert started.resume == NEW and not started.continue_conversation
        assert "CLAUDE_CONFIG_DIR" in started.env


async def test_nothing_is_materialised_without_a_store_session(tmp_path: Path, temp_root: Path) -> None:
    store = InMemorySessionStore()
    for options in (
        ClaudeAgentOptions(session_store=store, cwd=tmp_path),  # no resume
        ClaudeAgentOptions(resume=NEW, cwd=tmp_path),  # no store
        ClaudeAgentOptions(session_store=store, resume=NEW, cwd=tmp_path),  # not in the store
        ClaudeAgentOptions(session_store=store, resume="not-a-uuid/../x", cwd=tmp_path),
    ):
        async with materialised_resume(options) as started:
            assert started is options
    async with materialised_resume(
        ClaudeAgentOptions(session_store=store, continue_conversation=True, cwd=tmp_path)
    ) as started:
        assert not started.continue_conversation and started.resume is None  # an empty store: a new session
    assert listing(temp_root) == []


class Broken(InMemorySessionStore):
    def __init__(self, *, hang_on: str = "", fail_on: str = "") -> None:
        super().__init__()
        self.hang_on = hang_on
        self.fail_on = fail_on

    async def _maybe(self, name: str) -> None:
        if name == self.hang_on:
            await trio.sleep_forever()
        if name == self.fail_on:
            raise ConnectionError("no route to the database")

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        await self._maybe("load" if "subpath" not in key else "load-sub")
        return await super().load(key)

    async def list_subkeys(self, key: object) -> list[str]:
        await self._maybe("list_subkeys")
        return await super().list_subkeys(key)  # type: ignore[arg-type]


@pytest.mark.parametrize("where", ["load", "list_subkeys", "load-sub"])
async def test_store_failures_and_timeouts_fail_the_start(
    where: str, tmp_path: Path, temp_root: Path, autojump_clock: trio.testing.MockClock
) -> None:
    project = project_key_for_directory(tmp_path)
    for broken in (Broken(fail_on=where), Broken(hang_on=where)):
        source = await filled_store(project)
        for key in (
            {"project_key": project, "session_id": NEW},
            {"project_key": project, "session_id": NEW, "subpath": "subagents/agent-a1"},
        ):
            await broken.append(key, await source.load(key) or [])  # type: ignore[arg-type]
        options = ClaudeAgentOptions(session_store=broken, resume=NEW, cwd=tmp_path, load_timeout_ms=1500)
        start = trio.current_time()
        with pytest.raises(SessionStoreLoadError) as caught:
            async with materialised_resume(options):
                pytest.fail("the block must not run")
        if broken.fail_on:
            assert isinstance(caught.value.__cause__, ConnectionError)
            assert "no route to the database" in str(caught.value)
        else:
            assert trio.current_time() - start == pytest.approx(1.5)
            assert "load_timeout_ms=1500" in str(caught.value)
        assert listing(temp_root) == []  # nothing left behind


async def test_cancelling_a_resume_leaves_nothing_behind(
    tmp_path: Path, temp_root: Path, autojump_clock: trio.testing.MockClock
) -> None:
    project = project_key_for_directory(tmp_path)
    broken = Broken(hang_on="load-sub")
    await broken.append({"project_key": project, "session_id": NEW}, [entry("n1")])
    await broken.append(
        {"project_key": project, "session_id": NEW, "subpath": "subagents/agent-a"}, [entry("s")]
    )
    with trio.move_on_after(5):
        async with materialised_resume(ClaudeAgentOptions(session_store=broken, resume=NEW, cwd=tmp_path)):
            pytest.fail("the block must not run")
    assert listing(temp_root) == []


@pytest.mark.parametrize(
    ("subpath", "safe"),
    [
        ("subagents/agent-1", True),
        ("a", True),
        ("", False),
        ("/etc/passwd", False),
        ("../x", False),
        ("a/../../x", False),
        ("a//b", False),
        ("./a", False),
        ("C:x", False),
        ("a\\..\\b", False),
        ("a\x00b", False),
        ("a\ud800", False),  # no UTF-8 encoding: no file name
        ("a\udcff", False),  # would become the raw byte 0xff
        (None, False),
    ],
)
def test_safe_subpaths(subpath: object, safe: bool) -> None:
    assert is_safe_subpath(subpath) is safe
