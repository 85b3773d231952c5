"""Sessions on disk stay in their project (issue 22): folder names exactly as the CLI makes them, no
prefix match that reaches another project, and identifiers checked whole (a trailing newline too)."""

from __future__ import annotations

import shutil
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from trio_claude import (
    InMemorySessionStore,
    archive_session,
    delete_session,
    fork_session,
    get_session_info,
    get_session_messages,
    get_subagent_messages,
    import_session_to_store,
    list_sessions,
    list_subagents,
    project_key_for_directory,
    rename_session,
    session_file_path,
    tag_session,
    unarchive_session,
)

DATA = Path(__file__).parent / "data" / "claude" / "projects" / "-home-dev-project"
OLD = "251dd526-28fa-462a-921e-28b1e041b914"  # 2.1.197: first, second, third

# Two projects whose escaped names share their first 200 characters (they differ only at the end).
LONG = "/" + "p" * 230
A, B = LONG + "/a", LONG + "/b"


def _session(folder: Path, cwd: str | None, session_id: str | None = None) -> str:
    """A copy of a session the CLI wrote, in ``folder``, recording ``cwd`` (none at all for ``None``)."""
    session_id = session_id or str(uuid.uuid4())
    folder.mkdir(parents=True, exist_ok=True)
    lines: list[bytes] = []
    for line in (DATA / f"{OLD}.jsonl").read_bytes().splitlines():
        value = orjson.loads(line)
        if "cwd" in value:
            if cwd is None:
                del value["cwd"]
            else:
                value["cwd"] = cwd
        if "sessionId" in value:
            value["sessionId"] = session_id
        lines.append(orjson.dumps(value) + b"\n")
    (folder / f"{session_id}.jsonl").write_bytes(b"".join(lines))
    return session_id


def _js_key(path: str) -> str:
    """The CLI's folder name, written out independently: per UTF-16 code unit, Java string hash."""
    data = path.encode("utf-16-le")
    units = [int.from_bytes(data[i : i + 2], "little") for i in range(0, len(data), 2)]
    escaped = "".join(chr(u) if chr(u).isascii() and chr(u).isalnum() else "-" for u in units)
    if len(escaped) <= 200:
        return escaped
    h = 0
    for u in units:
        h = (h * 31 + u) % 2**32
    h = abs(h - 2**32 if h >= 2**31 else h)
    digits = ""
    while True:
        h, r = divmod(h, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[r] + digits
        if not h:
            return f"{escaped[:200]}-{digits}"


def test_folder_names_count_utf16_code_units() -> None:
    """JavaScript escapes each UTF-16 code unit: a character beyond U+FFFF becomes ``--``, and counts two
    towards the 200."""
    assert project_key_for_directory("/a\U0001f600b") == "-a--b"
    long = "/" + "x" * 150 + "/" + "\U0001f600" * 30
    assert project_key_for_directory(long) == _js_key(long)
    assert len(project_key_for_directory(long)) > 200  # 182 characters, 212 code units: hashed


def test_folder_names_keep_decomposed_characters_outside_macos() -> None:
    """Only on macOS does the CLI NFC-normalise the path; elsewhere ``e`` + U+0301 stays two characters."""
    key = project_key_for_directory("/cafe\u0301")
    assert key == ("-caf-" if sys.platform == "darwin" else "-cafe-")


def test_long_paths_never_reach_another_project(tmp_path: Path) -> None:
    """Every history function given project A leaves project B's session alone, though B's folder name
    begins with the same 200 characters as A's would."""
    assert project_key_for_directory(A)[:200] == project_key_for_directory(B)[:200]
    assert project_key_for_directory(A) != project_key_for_directory(B)
    folder = tmp_path / "projects" / project_key_for_directory(B)
    theirs = _session(folder, B)
    (folder / theirs / "subagents").mkdir(parents=True)
    shutil.copy(folder / f"{theirs}.jsonl", folder / theirs / "subagents" / "agent-x1.jsonl")
    before = sorted((p, p.read_bytes()) for p in folder.rglob("*") if p.is_file())

    assert list_sessions(A, config_dir=tmp_path) == []
    assert list_sessions(A, include_worktrees=False, config_dir=tmp_path) == []
    assert get_session_info(theirs, A, config_dir=tmp_path) is None
    assert get_session_messages(theirs, A, config_dir=tmp_path) == []
    assert list_subagents(theirs, A, config_dir=tmp_path) == []
    assert get_subagent_messages(theirs, "x1", A, config_dir=tmp_path) == []
    assert session_file_path(theirs, A, config_dir=tmp_path) is None
    changes: list[Callable[[], object]] = [
        lambda: rename_session(theirs, "mine now", A, config_dir=tmp_path),
        lambda: tag_session(theirs, "mine", A, config_dir=tmp_path),
        lambda: archive_session(theirs, A, config_dir=tmp_path),
        lambda: unarchive_session(theirs, A, config_dir=tmp_path),
        lambda: fork_session(theirs, A, config_dir=tmp_path),
        lambda: delete_session(theirs, A, config_dir=tmp_path),
    ]
    for change in changes:
        with pytest.raises(FileNotFoundError):
            change()
    assert sorted((p, p.read_bytes()) for p in folder.rglob("*") if p.is_file()) == before

    ours = _session(tmp_path / "projects" / project_key_for_directory(A), A)
    assert [s.session_id for s in list_sessions(A, config_dir=tmp_path)] == [ours]
    assert [s.session_id for s in list_sessions(B, config_dir=tmp_path)] == [theirs]


async def test_importing_from_a_long_path_never_takes_another_projects_session(tmp_path: Path) -> None:
    theirs = _session(tmp_path / "projects" / project_key_for_directory(B), B)
    store = InMemorySessionStore()
    with pytest.raises(FileNotFoundError):
        await import_session_to_store(theirs, store, directory=A, config_dir=tmp_path)
    assert await store.list_sessions(project_key_for_directory(B)) == []


def test_an_older_clis_folder_gives_only_the_sessions_started_here(tmp_path: Path) -> None:
    """A folder with A's cut name and another hash (an older CLI's) may hold any project's sessions: only
    those that record A as their working directory are A's."""
    legacy = tmp_path / "projects" / (project_key_for_directory(A)[:200] + "-0ldhash")
    mine = _session(legacy, A)
    theirs = _session(legacy, B)
    unknown = _session(legacy, None)
    assert [s.session_id for s in list_sessions(A, config_dir=tmp_path)] == [mine]
    assert get_session_info(mine, A, config_dir=tmp_path) is not None
    for session in (theirs, unknown):
        assert get_session_messages(session, A, config_dir=tmp_path) == []
        with pytest.raises(FileNotFoundError):
            delete_session(session, A, config_dir=tmp_path)
    assert [s.session_id for s in list_sessions(B, config_dir=tmp_path)] == [theirs]
    # A folder whose name goes on with something other than a hash is no older CLI's.
    other = _session(tmp_path / "projects" / (project_key_for_directory(A)[:200] + "-x-y"), A)
    assert get_session_info(other, A, config_dir=tmp_path) is None
    assert get_session_info(other, config_dir=tmp_path) is not None  # every project: still found


# -- identifiers are checked whole ------------------------------------------------------------------------

SESSION_FUNCTIONS: list[Callable[[str, Path], Any]] = [
    lambda sid, config: get_session_info(sid, config_dir=config),
    lambda sid, config: get_session_messages(sid, config_dir=config),
    lambda sid, config: list_subagents(sid, config_dir=config),
    lambda sid, config: get_subagent_messages(sid, "x1", config_dir=config),
    lambda sid, config: session_file_path(sid, config_dir=config),
    lambda sid, config: rename_session(sid, "t", config_dir=config),
    lambda sid, config: tag_session(sid, "t", config_dir=config),
    lambda sid, config: archive_session(sid, config_dir=config),
    lambda sid, config: unarchive_session(sid, config_dir=config),
    lambda sid, config: delete_session(sid, config_dir=config),
    lambda sid, config: fork_session(sid, config_dir=config),
]


@pytest.mark.parametrize("call", SESSION_FUNCTIONS)
def test_a_session_id_with_a_trailing_newline_is_refused(
    call: Callable[[str, Path], Any], tmp_path: Path
) -> None:
    # A file that the id with its newline would name exactly: it must never be reached.
    _session(tmp_path / "projects" / "-p", "/p", OLD + "\n")
    with pytest.raises(ValueError, match="UUID"):
        call(OLD + "\n", tmp_path)


def test_a_message_id_with_a_trailing_newline_is_refused(tmp_path: Path) -> None:
    session = _session(tmp_path / "projects" / "-p", "/p")
    (message, *_) = get_session_messages(session, config_dir=tmp_path)
    with pytest.raises(ValueError, match="UUID"):
        fork_session(session, up_to_message_id=message.uuid + "\n", config_dir=tmp_path)


def test_files_named_with_a_trailing_newline_are_not_listed(tmp_path: Path) -> None:
    folder = tmp_path / "projects" / "-p"
    session = _session(folder, "/p")
    _session(folder, "/p", OLD + "\n")
    agents = folder / session / "subagents"
    agents.mkdir(parents=True)
    for agent in ("x1", "x2\n"):
        shutil.copy(folder / f"{session}.jsonl", agents / f"agent-{agent}.jsonl")
    assert [s.session_id for s in list_sessions(config_dir=tmp_path)] == [session]
    assert list_subagents(session, config_dir=tmp_path) == ["x1"]
    with pytest.raises(ValueError, match="agent id"):
        get_subagent_messages(session, "x2\n", config_dir=tmp_path)
