"""Sessions on disk, on session files the real CLI wrote (tests/data/claude: CLI 2.1.330 and 2.1.197, with
the bulky ``api-request*`` lines of the 2.1.330 files left out)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tracemalloc
import uuid
from pathlib import Path
from typing import Any

import orjson
import pytest

from trio_claude import (
    delete_session,
    fork_session,
    get_session_info,
    get_session_messages,
    get_subagent_messages,
    list_sessions,
    list_subagents,
    project_key_for_directory,
    rename_session,
    tag_session,
)

DATA = Path(__file__).parent / "data" / "claude"
PROJECT = "/home/dev/project"
TWO_TURNS = "650b54f5-f162-4bb7-845a-d0e56592646c"  # 2.1.330: first, second, third
FORKED = "968bd7d7-ad99-4c72-9370-2ecc08f99d9f"  # 2.1.330: a fork of it, then "fork"
OLD = "251dd526-28fa-462a-921e-28b1e041b914"  # 2.1.197: first, second, third


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """A writable copy of the fixtures, with known modification times (OLD newest)."""
    target = tmp_path / "claude"
    shutil.copytree(DATA, target)
    folder = target / "projects" / "-home-dev-project"
    for path in folder.iterdir():
        path.chmod(0o644)
    for age, session in enumerate((OLD, FORKED, TWO_TURNS)):
        stamp = 1_700_000_000 - age * 100
        os.utime(folder / f"{session}.jsonl", (stamp, stamp))
    return target


def _js_hash(text: str) -> int:
    """JavaScript's ``h = (h * 31 + s.charCodeAt(i)) | 0``, independently of the implementation."""
    h = 0
    units = text.encode("utf-16-le")
    for i in range(0, len(units), 2):
        h = (h * 31 + int.from_bytes(units[i : i + 2], "little")) % 2**32
    return h - 2**32 if h >= 2**31 else h


def _base36(n: int) -> str:
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = "0123456789abcdefghijklmnopqrstuvwxyz"[r] + out
        if not n:
            return out


def test_project_key() -> None:
    assert project_key_for_directory("/home/dev/work") == "-home-dev-work"
    assert project_key_for_directory("/tmp/a.b_c d/é") == "-tmp-a-b-c-d--"
    long = "/" + "x" * 120 + "/" + "ü" * 100
    key = project_key_for_directory(long)
    escaped = "-" + "x" * 120 + "-" + "-" * 100
    assert key == escaped[:200] + "-" + _base36(abs(_js_hash(long)))
    assert project_key_for_directory("/" + "y" * 199) == "-" + "y" * 199  # exactly 200: not hashed


def test_list_sessions(config: Path) -> None:
    sessions = list_sessions(config_dir=config)
    assert [s.session_id for s in sessions] == [OLD, FORKED, TWO_TURNS]
    old, forked, two = sessions
    assert (two.summary, two.first_prompt, two.cwd, two.git_branch) == ("third", "first", PROJECT, "HEAD")
    assert forked.summary == "first"  # the CLI's last-prompt of a fork names its first prompt
    assert old.summary == "third" and old.custom_title is None and old.tag is None
    assert old.last_modified == 1_700_000_000_000
    assert old.file_size == (config / "projects" / "-home-dev-project" / f"{OLD}.jsonl").stat().st_size
    assert two.created_at is not None and two.created_at < two.last_modified + 10**12
    assert [s.session_id for s in list_sessions(limit=1, offset=1, config_dir=config)] == [FORKED]
    assert list_sessions(offset=5, config_dir=config) == []
    assert len(list_sessions(PROJECT, config_dir=config)) == 3
    assert list_sessions("/home/dev/elsewhere", config_dir=config) == []
    with pytest.raises(ValueError):
        list_sessions(limit=-1, config_dir=config)


def test_config_dir_from_the_environment(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    assert len(list_sessions()) == 3
    info = get_session_info(TWO_TURNS)
    assert info is not None and info.summary == "third"


def test_an_empty_config_dir_is_the_working_directory(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``CLAUDE_CONFIG_DIR=""`` is set: the CLI keeps ``projects/`` in its working directory, not at home."""
    monkeypatch.setenv("HOME", str(tmp_path / "nowhere"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", "")
    monkeypatch.chdir(config)
    assert len(list_sessions()) == 3


def test_get_session_info(config: Path) -> None:
    assert get_session_info(str(uuid.uuid4()), config_dir=config) is None
    with pytest.raises(ValueError, match="UUID"):
        get_session_info("../../etc/passwd", config_dir=config)
    info = get_session_info(OLD, PROJECT, config_dir=config)
    assert info is not None and info.first_prompt == "first"


def test_get_session_messages(config: Path) -> None:
    messages = get_session_messages(TWO_TURNS, config_dir=config)
    assert [m.type for m in messages] == ["user", "assistant"] * 3
    prompts = [m.message["content"] for m in messages if m.type == "user"]
    assert prompts == ["first", "second", "third"]
    assert all(m.session_id == TWO_TURNS for m in messages)
    assert messages[0].raw["parentUuid"] is None
    assert messages[1].message["role"] == "assistant"
    assert [m.uuid for m in get_session_messages(TWO_TURNS, limit=2, offset=1, config_dir=config)] == [
        m.uuid for m in messages[1:3]
    ]
    old = get_session_messages(OLD, config_dir=config)
    assert [m.message["content"] for m in old if m.type == "user"] == ["first", "second", "third"]
    forked = get_session_messages(FORKED, config_dir=config)
    assert [m.message["content"] for m in forked if m.type == "user"] == ["first", "second", "third", "fork"]
    assert get_session_messages(str(uuid.uuid4()), config_dir=config) == []


def test_a_corrupt_line_hides_nothing_else(config: Path) -> None:
    path = config / "projects" / "-home-dev-project" / f"{OLD}.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    damaged = [lines[0], b'{"type": "user", "message": {oops\n', b"\xff\xfe not json\n", *lines[1:]]
    damaged.append(b'{"type":"assistant","uuid":"trunc')  # a write cut short
    path.write_bytes(b"".join(damaged))
    assert len(get_session_messages(OLD, config_dir=config)) == 6
    info = get_session_info(OLD, config_dir=config)
    assert info is not None and info.summary == "third"


def test_a_branch_is_left_out(config: Path) -> None:
    """A message written on an older branch (its parent has a newer child) is not in the conversation."""
    path = config / "projects" / "-home-dev-project" / f"{OLD}.jsonl"
    messages = get_session_messages(OLD, config_dir=config)
    stale = dict(messages[1].raw, uuid=str(uuid.uuid4()), parentUuid=messages[0].uuid)
    stale["timestamp"] = "2020-01-01T00:00:00.000Z"
    # Another answer (another API message): an entry of the *same* API message would be a parallel
    # sibling, which the conversation takes back (test_parallel_tool_calls_are_all_in_the_conversation).
    stale["message"] = {**stale["message"], "id": "msg_of_an_abandoned_branch"}
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join([*lines[:6], orjson.dumps(stale) + b"\n", *lines[6:]]))
    assert [m.uuid for m in get_session_messages(OLD, config_dir=config)] == [m.uuid for m in messages]


def test_reading_streams(tmp_path: Path) -> None:
    """A 12 MB transcript is read with memory bounded by a line, not by the file."""
    folder = tmp_path / "projects" / project_key_for_directory("/big")
    folder.mkdir(parents=True)
    session = str(uuid.uuid4())
    parent = None
    with (folder / f"{session}.jsonl").open("wb") as out:
        for i in range(600):
            uid = str(uuid.uuid4())
            kind = "user" if i % 2 == 0 else "assistant"
            message = {"role": kind, "content": f"{i} " + "x" * 20_000}
            entry = {
                "type": kind,
                "uuid": uid,
                "parentUuid": parent,
                "sessionId": session,
                "message": message,
            }
            out.write(orjson.dumps(entry) + b"\n")
            parent = uid
    tracemalloc.start()
    try:
        page = get_session_messages(session, "/big", limit=2, offset=598, config_dir=tmp_path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [m.message["content"].split()[0] for m in page] == ["598", "599"]
    assert peak < 2_000_000, peak
    assert len(get_session_messages(session, config_dir=tmp_path)) == 600


def test_subagents(config: Path) -> None:
    folder = config / "projects" / "-home-dev-project" / OLD / "subagents"
    folder.mkdir(parents=True)
    first: dict[str, Any] = {
        "type": "user",
        "uuid": str(uuid.uuid4()),
        "parentUuid": None,
        "isSidechain": True,
    }
    first |= {"sessionId": OLD, "message": {"role": "user", "content": "look"}}
    second: dict[str, Any] = {
        "type": "assistant",
        "uuid": str(uuid.uuid4()),
        "parentUuid": first["uuid"],
        "isSidechain": True,
    }
    second |= {
        "sessionId": OLD,
        "message": {"role": "assistant", "content": [{"type": "text", "text": "ok"}]},
    }
    (folder / "agent-a1b2.jsonl").write_bytes(orjson.dumps(first) + b"\n" + orjson.dumps(second) + b"\n")
    (folder / "agent-a1b2.meta.json").write_bytes(orjson.dumps({"toolUseId": "toolu_1"}))
    (folder / "agent-c3.jsonl").write_bytes(b"")
    assert list_subagents(OLD, config_dir=config) == ["a1b2", "c3"]
    messages = get_subagent_messages(OLD, "a1b2", config_dir=config)
    assert [m.type for m in messages] == ["user", "assistant"]
    assert {m.parent_tool_use_id for m in messages} == {"toolu_1"}
    assert get_subagent_messages(OLD, "c3", config_dir=config) == []
    assert list_subagents(TWO_TURNS, config_dir=config) == []
    with pytest.raises(ValueError):
        get_subagent_messages(OLD, "../x", config_dir=config)
    # a subagent transcript is not listed as a session of its own
    assert len(list_sessions(config_dir=config)) == 3


def test_nested_subagents_and_parent_agent(config: Path) -> None:
    """Subagents of a workflow run live in ``subagents/workflows/<run>/``; one started by another subagent
    records it as ``parentAgentId`` in its ``.meta.json``."""
    folder = config / "projects" / "-home-dev-project" / OLD / "subagents"
    nested = folder / "workflows" / "run-7"
    nested.mkdir(parents=True)
    entry: dict[str, Any] = {
        "type": "user",
        "uuid": str(uuid.uuid4()),
        "parentUuid": None,
        "isSidechain": True,
    }
    entry |= {"sessionId": OLD, "message": {"role": "user", "content": "step"}}
    (folder / "agent-top.jsonl").write_bytes(orjson.dumps(entry) + b"\n")
    (nested / "agent-inner.jsonl").write_bytes(orjson.dumps(entry) + b"\n")
    (nested / "agent-inner.meta.json").write_bytes(
        orjson.dumps({"toolUseId": "toolu_9", "parentAgentId": "top"})
    )
    (nested / "notes.jsonl").write_bytes(b"")  # not a subagent transcript
    assert list_subagents(OLD, config_dir=config) == ["inner", "top"]
    (inner,) = get_subagent_messages(OLD, "inner", config_dir=config)
    assert (inner.parent_tool_use_id, inner.parent_agent_id) == ("toolu_9", "top")
    (top,) = get_subagent_messages(OLD, "top", config_dir=config)
    assert (top.parent_tool_use_id, top.parent_agent_id) == (None, None)


def test_rename_and_tag(config: Path) -> None:
    rename_session(TWO_TURNS, "  My title ", config_dir=config)
    tag_session(TWO_TURNS, "review", config_dir=config)
    info = get_session_info(TWO_TURNS, config_dir=config)
    assert info is not None
    assert (info.summary, info.custom_title, info.tag) == ("My title", "My title", "review")
    rename_session(TWO_TURNS, "Newer", config_dir=config)
    tag_session(TWO_TURNS, None, config_dir=config)
    info = get_session_info(TWO_TURNS, config_dir=config)
    assert info is not None and (info.summary, info.tag) == ("Newer", None)
    last = (config / "projects" / "-home-dev-project" / f"{TWO_TURNS}.jsonl").read_bytes().splitlines()[-2:]
    assert [orjson.loads(line) for line in last] == [
        {"type": "custom-title", "customTitle": "Newer", "sessionId": TWO_TURNS},
        {"type": "tag", "tag": "", "sessionId": TWO_TURNS},
    ]
    with pytest.raises(ValueError):
        rename_session(TWO_TURNS, "  ", config_dir=config)
    with pytest.raises(FileNotFoundError):
        tag_session(str(uuid.uuid4()), "x", config_dir=config)


def test_delete(config: Path) -> None:
    (config / "projects" / "-home-dev-project" / OLD / "subagents").mkdir(parents=True)
    delete_session(OLD, config_dir=config)
    assert get_session_info(OLD, config_dir=config) is None
    assert not (config / "projects" / "-home-dev-project" / OLD).exists()
    with pytest.raises(FileNotFoundError):
        delete_session(OLD, config_dir=config)


def test_a_line_with_a_lone_surrogate_is_read_and_copied(config: Path) -> None:
    # The CLI (Node) writes a string cut inside a surrogate pair as "\\ud83d": valid JSON, not UTF-8 text.
    path = config / "projects" / "-home-dev-project" / f"{OLD}.jsonl"
    data = path.read_bytes()
    assert data.count(b'"content":"second"') == 2  # the queued prompt and the message
    path.write_bytes(data.replace(b'"content":"second"', b'"content":"second \\ud83d"'))
    prompts = [m.message["content"] for m in get_session_messages(OLD, config_dir=config) if m.type == "user"]
    assert prompts == ["first", "second \ud83d", "third"]

    copy = fork_session(OLD, config_dir=config, title="cut \udc00")
    forked = get_session_messages(copy.session_id, config_dir=config)
    assert [m.message["content"] for m in forked if m.type == "user"] == prompts
    written = (path.parent / f"{copy.session_id}.jsonl").read_bytes()
    assert b'"second \\ud83d"' in written and b'"cut \\udc00' in written
    written.decode("utf-8")  # valid UTF-8 throughout
    info = get_session_info(copy.session_id, config_dir=config)
    assert info is not None and info.custom_title == "cut \udc00"


def test_fork(config: Path) -> None:
    original = get_session_messages(TWO_TURNS, config_dir=config)
    result = fork_session(TWO_TURNS, config_dir=config)
    assert result.session_id != TWO_TURNS
    copy = get_session_messages(result.session_id, config_dir=config)
    assert [m.message for m in copy] == [m.message for m in original]
    assert not {m.uuid for m in copy} & {m.uuid for m in original}
    assert all(m.session_id == result.session_id for m in copy)
    assert [m.raw["forkedFrom"]["messageUuid"] for m in copy] == [m.uuid for m in original]
    info = get_session_info(result.session_id, config_dir=config)
    assert info is not None and info.custom_title == "third (fork)"

    at = fork_session(
        TWO_TURNS, PROJECT, up_to_message_id=original[3].uuid, title="Branch", config_dir=config
    )
    branch = get_session_messages(at.session_id, config_dir=config)
    assert [m.message for m in branch] == [m.message for m in original[:4]]
    info = get_session_info(at.session_id, config_dir=config)
    assert info is not None and info.summary == "Branch"

    with pytest.raises(ValueError, match="is not in session"):
        fork_session(TWO_TURNS, up_to_message_id=str(uuid.uuid4()), config_dir=config)
    with pytest.raises(FileNotFoundError):
        fork_session(str(uuid.uuid4()), config_dir=config)
    assert len(list_sessions(config_dir=config)) == 5  # no half-written fork was left behind


# -- git worktrees ------------------------------------------------------------------------------------

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


def _store(config: Path, directory: Path, session: str, stamp: int) -> None:
    """A session file of ``directory``'s project, as the CLI would have written it there."""
    folder = config / "projects" / project_key_for_directory(directory)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{session}.jsonl"
    shutil.copy(DATA / "projects" / "-home-dev-project" / f"{OLD}.jsonl", target)
    target.chmod(0o644)
    os.utime(target, (stamp, stamp))


@pytest.fixture
def isolated_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Git sees neither the user's configuration nor any repository above ``tmp_path``."""
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", os.devnull)
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def repo(tmp_path: Path, isolated_git: None) -> tuple[Path, Path, Path]:
    """A git repository ``main`` with two more worktrees, ``wt-a`` and ``wt-b``."""
    main, wt_a, wt_b = tmp_path / "main", tmp_path / "wt-a", tmp_path / "wt-b"
    main.mkdir()
    _git(main, "init", "-q")
    _git(main, "commit", "-q", "--allow-empty", "-m", "start")
    _git(main, "worktree", "add", "-q", "-b", "a", str(wt_a))
    _git(main, "worktree", "add", "-q", "-b", "b", str(wt_b))
    return main, wt_a, wt_b


IN_MAIN, IN_A, IN_B, IN_SUB, IN_BOTH, ELSEWHERE = (str(uuid.UUID(int=n)) for n in range(1, 7))


@needs_git
def test_list_sessions_includes_git_worktrees(tmp_path: Path, repo: tuple[Path, Path, Path]) -> None:
    main, wt_a, wt_b = repo
    config = tmp_path / "claude"
    (main / "sub").mkdir()
    _store(config, main, IN_MAIN, 1_700_000_600)
    _store(config, wt_a, IN_A, 1_700_000_500)
    _store(config, wt_b, IN_B, 1_700_000_400)
    _store(config, main / "sub", IN_SUB, 1_700_000_300)
    _store(config, main, IN_BOTH, 1_700_000_100)  # the same session in two worktrees: the newest file wins
    _store(config, wt_b, IN_BOTH, 1_700_000_200)
    _store(config, tmp_path / "main-other", ELSEWHERE, 1_700_000_700)  # a look-alike path, not a worktree

    every = [IN_MAIN, IN_A, IN_B, IN_BOTH]
    assert [s.session_id for s in list_sessions(main, config_dir=config)] == every
    assert [s.session_id for s in list_sessions(str(wt_b), config_dir=config)] == every
    merged = list_sessions(wt_a, config_dir=config)
    assert [s.last_modified for s in merged] == [
        1_700_000_600_000,
        1_700_000_500_000,
        1_700_000_400_000,
        1_700_000_200_000,
    ]
    # a subfolder lists its own project and those of every worktree
    assert [s.session_id for s in list_sessions(main / "sub", config_dir=config)] == [
        IN_MAIN,
        IN_A,
        IN_B,
        IN_SUB,
        IN_BOTH,
    ]
    # paging is over the merged list
    assert [s.session_id for s in list_sessions(main, 2, 1, config_dir=config)] == [IN_A, IN_B]
    assert [s.session_id for s in list_sessions(main, limit=1, offset=3, config_dir=config)] == [IN_BOTH]
    assert list_sessions(main, offset=4, config_dir=config) == []
    # opting out lists the directory alone
    assert [s.session_id for s in list_sessions(main, include_worktrees=False, config_dir=config)] == [
        IN_MAIN,
        IN_BOTH,
    ]
    only_b = list_sessions(wt_b, include_worktrees=False, config_dir=config)
    assert [(s.session_id, s.last_modified) for s in only_b] == [
        (IN_B, 1_700_000_400_000),
        (IN_BOTH, 1_700_000_200_000),
    ]
    # without a directory, every project is listed, worktrees or not
    assert len(list_sessions(config_dir=config)) == 6


@needs_git
def test_a_worktree_without_sessions_changes_nothing(tmp_path: Path, repo: tuple[Path, Path, Path]) -> None:
    main, wt_a, _ = repo
    config = tmp_path / "claude"
    _store(config, wt_a, IN_A, 1_700_000_000)
    assert [s.session_id for s in list_sessions(main, config_dir=config)] == [IN_A]
    assert list_sessions(main, include_worktrees=False, config_dir=config) == []


@needs_git
def test_outside_a_repository_the_directory_is_listed_alone(tmp_path: Path, isolated_git: None) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    config = tmp_path / "claude"
    _store(config, plain, IN_MAIN, 1_700_000_000)
    _store(config, tmp_path / "other", IN_A, 1_700_000_100)
    assert [s.session_id for s in list_sessions(plain, config_dir=config)] == [IN_MAIN]
    # a directory that does not exist (git cannot even start there) is no error either
    assert list_sessions(tmp_path / "gone", config_dir=config) == []


@pytest.mark.parametrize(
    "git",
    [
        None,  # no git on PATH
        "#!/bin/sh\necho 'fatal: broken' >&2\nexit 128\n",  # git fails
        "#!/bin/sh\necho 'worktree /nowhere'\nexit 1\n",  # git fails after writing something
        "#!/bin/sh\nexec sleep 30\n",  # git hangs: the timeout ends it
    ],
    ids=["missing", "fails", "fails-after-output", "hangs"],
)
def test_without_a_working_git_the_directory_is_listed_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, git: str | None
) -> None:
    from trio_claude._history import _paths as _history

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    if git is not None:
        script = bin_dir / "git"
        script.write_text(git)
        script.chmod(0o755)
        sleep = shutil.which("sleep")
        assert sleep is not None
        (bin_dir / "sleep").symlink_to(sleep)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setattr(_history, "_GIT_TIMEOUT", 0.2)
    project = tmp_path / "project"
    project.mkdir()
    config = tmp_path / "claude"
    _store(config, project, IN_MAIN, 1_700_000_000)
    _store(config, Path("/nowhere"), IN_A, 1_700_000_100)
    assert [s.session_id for s in list_sessions(project, config_dir=config)] == [IN_MAIN]


def _session_file(folder: Path, prompt: str, **fields: object) -> str:
    """A one-prompt session file with ``fields`` on its message; returns its id."""
    session_id = str(uuid.uuid4())
    line = {
        "type": "user",
        "parentUuid": None,
        "isSidechain": False,
        "sessionId": session_id,
        "uuid": str(uuid.uuid4()),
        "timestamp": "2026-01-02T03:04:05.000Z",
        "message": {"role": "user", "content": prompt},
        **fields,
    }
    (folder / f"{session_id}.jsonl").write_bytes(orjson.dumps(line) + b"\n")
    return session_id


def test_list_sessions_without_programmatic_ones(config: Path) -> None:
    folder = config / "projects" / "-home-dev-project"
    terminal = _session_file(folder, "typed in a terminal", entrypoint="cli")
    unknown = _session_file(folder, "no entrypoint at all")
    ts = _session_file(folder, "from the TS SDK", entrypoint="sdk-ts")
    ours = _session_file(folder, "from trio_claude", entrypoint="sdk-py-trio")
    daemon = _session_file(folder, "a daemon's", entrypoint="cli", sessionKind="daemon-worker")
    everything = {s.session_id for s in list_sessions(config_dir=config)}
    assert everything == {OLD, FORKED, TWO_TURNS, terminal, unknown, ts, ours, daemon}  # the default
    people = {s.session_id for s in list_sessions(include_programmatic=False, config_dir=config)}
    assert people == {terminal, unknown}  # the fixtures were driven by the official SDK (sdk-py)
    in_project = list_sessions(PROJECT, include_programmatic=False, config_dir=config)
    assert {s.session_id for s in in_project} == people


def _entry(uid: str, parent: str | None, kind: str, stamp: int, **message: object) -> bytes:
    return orjson.dumps(
        {
            "type": kind,
            "uuid": uid,
            "parentUuid": parent,
            "sessionId": "s",
            "timestamp": f"2026-01-01T00:00:{stamp:02d}.000Z",
            "message": {"role": kind, **message},
        }
    )


def test_parallel_tool_calls_are_all_in_the_conversation(tmp_path: Path) -> None:
    # One API message (msg_1) written as three entries, two of them children of the first (a branch), each
    # tool result hanging off its own tool_use; the next answer follows one result only.
    def use(tool_id: str) -> list[dict[str, object]]:
        return [{"type": "tool_use", "id": tool_id, "name": "Bash", "input": {}}]

    def result(tool_id: str) -> list[dict[str, object]]:
        return [{"type": "tool_result", "tool_use_id": tool_id, "content": "ok"}]

    lines = [
        _entry("u0", None, "user", 0, content="go"),
        _entry("x1", "u0", "assistant", 1, id="msg_old", content=[{"type": "text", "text": "abandoned"}]),
        _entry("a1", "u0", "assistant", 1, id="msg_1", content=[{"type": "text", "text": "two calls"}]),
        _entry("a2", "a1", "assistant", 2, id="msg_1", content=use("t1")),
        _entry("a3", "a1", "assistant", 3, id="msg_1", content=use("t2")),
        _entry("r2", "a3", "user", 5, content=result("t2")),
        _entry("r1", "a2", "user", 4, content=result("t1")),
        _entry("a4", "r1", "assistant", 6, id="msg_2", content=[{"type": "text", "text": "done"}]),
    ]
    session_id = str(uuid.uuid4())
    folder = tmp_path / "projects" / "-p"
    folder.mkdir(parents=True)
    (folder / f"{session_id}.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    messages = get_session_messages(session_id, config_dir=tmp_path)
    # The walk from a4 finds u0 a1 a2 r1 a4; a3 and r2 go back after a2, the last entry of msg_1 on it.
    # x1 (another API message on a dead branch) stays out.
    assert [m.uuid for m in messages] == ["u0", "a1", "a2", "a3", "r2", "r1", "a4"]
