"""What the SDK writes that holds conversation content is created 0600 in 0700 directories (issue 22,
defect 7), under a permissive umask too: the SQLite store's database and its ``-wal``/``-shm`` files,
``fork_session``'s copy, the archive mark, an append that creates its file, a resume's temporary config dir,
a spare's parking place.  Each writer's output is read back with :func:`os.stat`."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from trio_claude import (
    ClaudeAgentOptions,
    InMemorySessionStore,
    SessionKey,
    SQLiteSessionStore,
    archive_session,
    fork_session,
    project_key_for_directory,
    rename_session,
)
from trio_claude._files import make_private_dirs, open_private
from trio_claude._history import _write
from trio_claude._runtime._materialise import materialised_resume
from trio_claude._runtime._spare import _make_park

DATA = Path(__file__).parent / "data" / "claude" / "projects" / "-home-dev-project"
SESSION = "650b54f5-f162-4bb7-845a-d0e56592646c"


@pytest.fixture(params=[0o022, 0o000], ids=["umask022", "umask000"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def modes(root: Path) -> dict[str, str]:
    """Every file and directory under ``root`` → its permission bits, in octal."""
    return {
        path.relative_to(root).as_posix(): oct(stat.S_IMODE(path.stat().st_mode)) for path in root.rglob("*")
    }


def assert_private(root: Path) -> None:
    assert modes(root), f"nothing under {root}"
    for path in root.rglob("*"):
        expected = 0o700 if path.is_dir() else 0o600
        assert stat.S_IMODE(path.stat().st_mode) == expected, modes(root)


def a_project(tmp_path: Path) -> Path:
    """A config dir holding one session the real CLI wrote (its project folder 0700, its file 0600)."""
    config = tmp_path / "claude"
    folder = config / "projects" / DATA.name
    make_private_dirs(folder)
    with open_private(folder / f"{SESSION}.jsonl", "xb") as file:
        file.write((DATA / f"{SESSION}.jsonl").read_bytes())
    return config


async def test_sqlite_store(tmp_path: Path, umask: int) -> None:
    folder = tmp_path / "store"
    folder.mkdir(mode=0o700)
    key: SessionKey = {"project_key": "p", "session_id": SESSION}
    async with SQLiteSessionStore(folder / "sessions.db") as store:
        entry: dict[str, object] = {"type": "user", "uuid": "u1", "message": {"content": "secret plans"}}
        await store.append(key, [entry])  # type: ignore[list-item]
        assert {"sessions.db", "sessions.db-wal", "sessions.db-shm"} <= set(modes(folder))  # all of them
        assert_private(folder)
    assert_private(folder)


async def test_sqlite_store_leaves_an_existing_file_as_it_is(tmp_path: Path, umask: int) -> None:
    path = tmp_path / "shared.db"
    path.touch(mode=0o640)
    path.chmod(0o640)  # the caller's choice, whatever the umask
    async with SQLiteSessionStore(path) as store:
        assert await store.load({"project_key": "p", "session_id": SESSION}) is None
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_fork_session(tmp_path: Path, umask: int) -> None:
    config = a_project(tmp_path)
    forked = fork_session(SESSION, config_dir=config)
    assert f"projects/{DATA.name}/{forked.session_id}.jsonl" in modes(config)
    assert_private(config)


def test_archive_mark(tmp_path: Path, umask: int) -> None:
    config = a_project(tmp_path)
    archive_session(SESSION, config_dir=config)
    assert f"projects/{DATA.name}/{SESSION}/archived.json" in modes(config)
    assert_private(config)


def test_an_append_that_creates_its_file(tmp_path: Path, umask: int, monkeypatch: pytest.MonkeyPatch) -> None:
    config = a_project(tmp_path)
    gone = config / "projects" / DATA.name / "gone.jsonl"  # deleted after it was found
    monkeypatch.setattr(_write, "_existing", lambda *args: gone)  # pyright: ignore[reportUnknownLambdaType, reportUnknownArgumentType]
    rename_session(SESSION, "a title", config_dir=config)
    assert gone.exists()
    assert_private(config)


async def test_resume_from_a_store(tmp_path: Path, umask: int, monkeypatch: pytest.MonkeyPatch) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir(mode=0o700)
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    caller = tmp_path / "caller"
    caller.mkdir()
    (caller / ".credentials.json").write_text(json.dumps({"claudeAiOauth": {"accessToken": "a"}}))
    (caller / "settings.json").write_text("{}")
    project = project_key_for_directory(tmp_path)
    store = InMemorySessionStore()
    key: SessionKey = {"project_key": project, "session_id": SESSION}
    await store.append(key, [{"type": "user", "uuid": "u1"}])
    subagent: SessionKey = {**key, "subpath": "subagents/agent-a1"}
    metadata: dict[str, object] = {"type": "agent_metadata", "agentType": "x"}
    await store.append(subagent, [metadata, {"type": "user", "uuid": "s1"}])  # type: ignore[list-item]
    options = ClaudeAgentOptions(
        session_store=store, resume=SESSION, cwd=tmp_path, env={"CLAUDE_CONFIG_DIR": str(caller)}
    )
    async with materialised_resume(options) as started:
        config = Path(started.env["CLAUDE_CONFIG_DIR"])
        written = modes(config)
        assert f"projects/{project}/{SESSION}/subagents/agent-a1.meta.json" in written
        assert ".credentials.json" in written and "settings.json" in written
        assert_private(temporary)  # the config dir itself too


def test_spare_parking(tmp_path: Path, umask: int) -> None:
    home = tmp_path / "home"
    home.mkdir()
    park = Path(_make_park(str(home / ".claude" / "spares")))
    assert park.parent.parent == home / ".claude"
    assert_private(home)


def test_existing_directories_are_left_alone(tmp_path: Path, umask: int) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    make_private_dirs(shared / "a" / "b")
    make_private_dirs(shared / "a" / "b")  # again: nothing to make
    assert stat.S_IMODE(shared.stat().st_mode) == 0o755
    assert_private(shared)
    (shared / "file").touch()
    with pytest.raises(FileExistsError):
        make_private_dirs(shared / "file" / "c")
