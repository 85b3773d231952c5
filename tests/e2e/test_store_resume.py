"""The ``session_store`` option end to end, on the real CLI and a real PostgreSQL server: a session (with a
subagent) mirrored to PostgreSQL, its local files deleted, resumed by another OS process with another HOME
and config dir; a session whose HOME only ``options.env`` gives (no ``CLAUDE_CONFIG_DIR`` anywhere), mirrored
and resumed on another HOME; and a store that fails or hangs, which never costs the session or the local
transcript."""

from __future__ import annotations

import json
import shutil
import sys
import uuid
from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio

import trio_claude._runtime._mirror
from trio_claude import (
    ClaudeAgentOptions,
    InMemorySessionStore,
    PostgresSessionStore,
    ResultMessage,
    SessionKey,
    SessionStore,
    SessionStoreEntry,
    SQLiteSessionStore,
    open_session,
    project_key_for_directory,
)
from trio_claude.model import MirrorErrorMessage, TranscriptMirrorMessage
from trio_claude.testing import MessagesAPI, PostgresServer, text_turn, tool_turn

pytestmark = pytest.mark.real_cli

SUBAGENT = {
    "description": "Greet",
    "prompt": "Say hi",
    "subagent_type": "general-purpose",
    "run_in_background": False,
}

# The second worker: another process, another HOME and CLAUDE_CONFIG_DIR, nothing of the first one's files.
# It resumes the session from PostgreSQL, reports what the materialised config dir held while the CLI ran
# (the subagent's transcript and metadata), and what is left of it afterwards.
_RESUMER = """
import json, os, sys, tempfile, trio
from pathlib import Path
from trio_claude import ClaudeAgentOptions, PostgresSessionStore, ResultMessage, open_session

args = json.loads(sys.argv[1])

def materialised():
    found = {}
    for path in Path(tempfile.gettempdir()).glob("trio-claude-resume-*/projects/*/*/subagents/*"):
        found[path.name] = path.read_text()
    return found

async def main():
    async with PostgresSessionStore(args["conninfo"], table=args["table"]) as store:
        options = ClaudeAgentOptions(
            cli_path=args["cli"], cwd=args["cwd"], env=args["env"], session_store=store,
            resume=args["session_id"], allowed_tools=["Agent"],
        )
        async with open_session(options) as session:
            files = materialised()
            await session.send("second prompt")
            result = [m async for m in session.receive_response()][-1]
        assert isinstance(result, ResultMessage), result
    left = [p.name for p in Path(tempfile.gettempdir()).glob("trio-claude-resume-*")]
    report = {"session_id": result.session_id, "result": result.result, "files": files, "left": left}
    print(json.dumps(report))

trio.run(main)
"""


def _table() -> str:
    return "t_" + uuid.uuid4().hex[:12]


def _without_metadata(entries: list[SessionStoreEntry]) -> list[SessionStoreEntry]:
    return [e for e in entries if e.get("type") != "agent_metadata"]


def _texts(entries: list[SessionStoreEntry]) -> str:
    return json.dumps([e.get("message") for e in entries if e.get("type") in ("user", "assistant")])


async def test_another_process_resumes_a_session_from_postgres(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_home: Path,
    claude_project: Path,
    postgres: PostgresServer,
    tmp_path: Path,
) -> None:
    messages_api.add_steps(
        tool_turn("Agent", SUBAGENT), text_turn("sub done"), text_turn("main done"), text_turn("resumed")
    )
    table = _table()
    project = project_key_for_directory(claude_project)
    async with PostgresSessionStore(postgres.conninfo, table=table) as store:
        options = attrs.evolve(offline_options, session_store=store, allowed_tools=["Agent"])
        async with open_session(options) as session:
            await session.send("first prompt")
            seen = [m async for m in session.receive_response()]
        result = seen[-1]
        assert isinstance(result, ResultMessage) and result.result == "main done"
        assert not [m for m in seen if isinstance(m, TranscriptMirrorMessage)]  # peeled off for the store
        session_id = result.session_id
        key: SessionKey = {"project_key": project, "session_id": session_id}
        main = await store.load(key) or []
        assert "first prompt" in _texts(main) and "main done" in _texts(main)
        [subpath] = await store.list_subkeys({"project_key": project, "session_id": session_id})
        assert subpath.startswith("subagents/agent-")
        subagent = await store.load({**key, "subpath": subpath}) or []
        assert any(e.get("type") == "agent_metadata" for e in subagent) and "Say hi" in _texts(subagent)

    # The first machine is gone: its config dir (transcripts, subagents) is deleted.
    local = claude_home / ".claude"
    assert (local / "projects" / project / f"{session_id}.jsonl").is_file()
    shutil.rmtree(local)

    other_home, other_tmp = tmp_path / "worker2-home", tmp_path / "worker2-tmp"
    other_home.mkdir()
    other_tmp.mkdir()
    env = messages_api.cli_env(other_home)  # HOME and CLAUDE_CONFIG_DIR of worker 2
    args = {
        "conninfo": postgres.conninfo,
        "table": table,
        "cli": str(offline_options.cli_path),
        "cwd": str(claude_project),
        "env": env,
        "session_id": session_id,
    }
    requests_before = len(messages_api.script_requests)
    with trio.fail_after(120):
        done = await trio.run_process(
            [sys.executable, "-c", _RESUMER, json.dumps(args)],
            capture_stdout=True,
            capture_stderr=True,
            check=False,
            env={**env, "TMPDIR": str(other_tmp)},
        )
    assert done.returncode == 0, done.stderr.decode()
    report: dict[str, Any] = json.loads(done.stdout.decode().splitlines()[-1])
    assert report["session_id"] == session_id and report["result"] == "resumed"

    # The resumed CLI's next request carries the whole conversation, subagent hand-back included.
    request = messages_api.script_requests[requests_before]
    history = json.dumps(request.body["messages"])
    for said in ("first prompt", "sub done", "main done", "second prompt"):
        assert said in history, f"{said!r} missing from the resumed request"

    # The subagent's transcript made the trip: materialised as mirrored, with its .meta.json.
    agent = subpath.rsplit("/", 1)[1]
    lines = [json.loads(line) for line in report["files"][f"{agent}.jsonl"].splitlines()]
    assert lines == _without_metadata(subagent)
    last_metadata = [e for e in subagent if e.get("type") == "agent_metadata"][-1]
    assert json.loads(report["files"][f"{agent}.meta.json"]) == {
        k: v for k, v in last_metadata.items() if k != "type"
    }
    assert report["left"] == []  # the temporary config dir is deleted with the session

    # Worker 2 mirrored its turn to the same transcript.
    async with PostgresSessionStore(postgres.conninfo, table=table) as store:
        after = await store.load(key) or []
        assert after[: len(main)] == main and "second prompt" in _texts(after) and "resumed" in _texts(after)


@asynccontextmanager
async def _store(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncGenerator[SessionStore, None]:
    if kind == "sqlite":
        async with SQLiteSessionStore(tmp_path / "sessions.db") as sqlite:
            yield sqlite
        return
    postgres: PostgresServer = request.getfixturevalue("postgres")
    async with PostgresSessionStore(postgres.conninfo, table=_table()) as store:
        yield store


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
async def test_a_home_given_only_through_options_env_round_trips_through_the_store(
    kind: str,
    claude_cli: Path,
    messages_api: MessagesAPI,
    claude_project: Path,
    tmp_path: Path,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker whose CLI gets its HOME from ``options.env`` alone (one home per tenant, a container) mirrors
    its transcript from that home's ``.claude``; a worker on a fresh HOME resumes it from the store."""
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)  # neither here nor in options.env
    messages_api.add_steps(text_turn("first answer"), text_turn("resumed answer"))

    def env_of(home: Path) -> dict[str, str]:
        home.mkdir()
        env = messages_api.cli_env(home)
        del env["CLAUDE_CONFIG_DIR"]  # the test kit sets it; a plain worker does not
        return env

    home_a, home_b = tmp_path / "home-a", tmp_path / "home-b"
    project = project_key_for_directory(claude_project)
    async with _store(kind, request, tmp_path) as store:
        options = ClaudeAgentOptions(
            cli_path=claude_cli, cwd=claude_project, env=env_of(home_a), session_store=store
        )
        async with open_session(options) as session:
            await session.send("first prompt")
            result = [m async for m in session.receive_response()][-1]
        assert isinstance(result, ResultMessage) and result.result == "first answer"
        session_id = result.session_id
        local = home_a / ".claude" / "projects" / project / f"{session_id}.jsonl"
        assert local.is_file()  # the CLI kept it under the HOME it was given
        key: SessionKey = {"project_key": project, "session_id": session_id}
        mirrored = await store.load(key) or []
        assert "first prompt" in _texts(mirrored) and "first answer" in _texts(mirrored)
        shutil.rmtree(home_a)  # the first worker is gone

        requests_before = len(messages_api.script_requests)
        resumed = attrs.evolve(options, env=env_of(home_b), resume=session_id)
        async with open_session(resumed) as session:
            await session.send("second prompt")
            after = [m async for m in session.receive_response()]
        result = after[-1]
        assert isinstance(result, ResultMessage) and not result.is_error, after
        assert result.session_id == session_id and result.result == "resumed answer"
        history = json.dumps(messages_api.script_requests[requests_before].body["messages"])
        for said in ("first prompt", "first answer", "second prompt"):
            assert said in history, f"{said!r} missing from the resumed request"
        assert "second prompt" in _texts(await store.load(key) or [])  # the resumed turn is mirrored too


class FailingStore(InMemorySessionStore):
    """Every append raises, or (``hang``) waits until it is cancelled."""

    def __init__(self, *, hang: bool = False) -> None:
        super().__init__()
        self.hang = hang
        self.calls = 0

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        self.calls += 1
        if self.hang:
            await trio.sleep_forever()
        raise ConnectionError("the store is unreachable")


@pytest.mark.parametrize("hang", [False, True], ids=["raises", "hangs"])
async def test_a_failing_store_yields_mirror_error_and_loses_nothing_local(
    hang: bool,
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_home: Path,
    claude_project: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(trio_claude._runtime._mirror, "MIRROR_APPEND_TIMEOUT", 0.5)  # 60 s in real life
    messages_api.add_steps(text_turn("one"), text_turn("two"))
    store = FailingStore(hang=hang)
    async with open_session(attrs.evolve(offline_options, session_store=store)) as session:
        await session.send("first prompt")
        [m async for m in session.receive_response()]
        with trio.fail_after(30):
            error = await session.receive_message()
        assert isinstance(error, MirrorErrorMessage)
        assert store.calls == (1 if hang else 3)  # a timeout is not retried; a failure is tried 3 times
        assert ("timed out" if hang else "the store is unreachable") in error.error
        await session.send("second prompt")  # the session goes on
        after = [m async for m in session.receive_response()]
    result = after[-1]
    assert isinstance(result, ResultMessage) and result.result == "two"
    transcript = claude_home / ".claude" / "projects" / project_key_for_directory(claude_project)
    lines = [
        json.loads(line) for line in (transcript / f"{result.session_id}.jsonl").read_text().splitlines()
    ]
    conversation = json.dumps(
        [line.get("message") for line in lines if line.get("type") in ("user", "assistant")]
    )
    for said in ("first prompt", "one", "second prompt", "two"):
        assert said in conversation
