"""Resume from a session store: load the session (and its subagents) from the store into a temporary
``CLAUDE_CONFIG_DIR`` laid out like ``~/.claude``, start the CLI on it, delete it when the session ends.

The CLI resumes only from a local file, ``projects/<project key>/<session>.jsonl`` under its config dir,
where the project key is the escaped working directory of the *resuming* process.  That file (and the
subagents' ``<session>/subagents/agent-<id>.jsonl`` with their ``.meta.json``) is all it needs; the caller's
login (``.credentials.json`` without its refresh token, ``.claude.json``) and user ``settings.json``
(without the plugin keys, which would reinstall plugins into the empty directory) are copied beside it.
"""

from __future__ import annotations

import functools
import re
import shutil
import stat
import tempfile
import uuid
from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import attrs
import orjson
import trio

from .._config._home import claude_json_of, config_home_of, on_disk
from .._config._store import SessionKey, SessionStore, SessionStoreEntry, check_key_text, store_implements
from .._errors import SessionStoreLoadError
from .._files import make_private_dirs, open_private

if TYPE_CHECKING:
    from .._config._options import ClaudeAgentOptions

__all__ = ["is_safe_subpath", "materialised_resume", "write_session"]

T = TypeVar("T")

_PLUGIN_SETTINGS = ("enabledPlugins", "extraKnownMarketplaces")


@asynccontextmanager
async def materialised_resume(options: ClaudeAgentOptions) -> AsyncGenerator[ClaudeAgentOptions, None]:
    """``options`` to start the CLI with: unchanged without a store or without ``resume``/``continue``;
    otherwise pointed (``CLAUDE_CONFIG_DIR``, ``resume``) at a temporary config dir holding the session
    loaded from the store, which is deleted when the block ends.

    A session the store does not have is left to the CLI (a local session, or the CLI's own "no
    conversation found"); ``continue`` with an empty store starts a new session.  A store call that fails or
    takes longer than ``load_timeout_ms`` raises :class:`~trio_claude.SessionStoreLoadError`.
    """
    store = options.session_store
    if store is None or (options.resume is None and not options.continue_conversation):
        yield options
        return
    from .._history._paths import project_key_for_directory  # only when resuming from a store

    seconds = options.load_timeout_ms / 1000
    project_key = project_key_for_directory(options.cwd)
    if options.resume is not None:
        found = await _load_main(store, project_key, options.resume, seconds)
    else:
        found = await _newest_session(store, project_key, seconds)
    if found is None:
        yield attrs.evolve(options, continue_conversation=False) if options.continue_conversation else options
        return
    session_id, entries = found
    config_dir = Path(await trio.to_thread.run_sync(lambda: tempfile.mkdtemp(prefix="trio-claude-resume-")))
    try:
        await trio.to_thread.run_sync(_prepare, config_dir, options, project_key, session_id, entries)
        if store_implements(store, "list_subkeys"):
            await _load_subagents(
                store, config_dir / "projects" / project_key / session_id, project_key, session_id, seconds
            )
        yield attrs.evolve(
            options,
            env={**options.env, "CLAUDE_CONFIG_DIR": str(config_dir)},
            resume=session_id,
            continue_conversation=False,
        )
    finally:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(lambda: shutil.rmtree(config_dir, ignore_errors=True))


# -- loading -----------------------------------------------------------------------------------------------


async def _bounded(call: Callable[[], Awaitable[T]], seconds: float, what: str) -> T:
    """``await call()``, turning a failure or a timeout into :class:`SessionStoreLoadError`."""
    try:
        with trio.fail_after(seconds):
            return await call()
    except trio.TooSlowError:
        raise SessionStoreLoadError(
            f"{what} took longer than load_timeout_ms={round(seconds * 1000)} while resuming from the "
            "session store"
        ) from None
    except Exception as exc:
        raise SessionStoreLoadError(f"{what} failed while resuming from the session store: {exc!r}") from exc


async def _load_main(
    store: SessionStore, project_key: str, session_id: str, seconds: float
) -> tuple[str, list[SessionStoreEntry]] | None:
    if not _is_uuid(session_id):  # it names a file: nothing else is let near the disk
        return None
    key: SessionKey = {"project_key": project_key, "session_id": session_id}
    entries = await _bounded(lambda: store.load(key), seconds, f"SessionStore.load() of session {session_id}")
    return (session_id, list(entries)) if entries else None


async def _newest_session(
    store: SessionStore, project_key: str, seconds: float
) -> tuple[str, list[SessionStoreEntry]] | None:
    """``continue``: the most recently written session of the project that is not a subagent's."""
    sessions = await _bounded(
        lambda: store.list_sessions(project_key), seconds, "SessionStore.list_sessions()"
    )
    for listed in sorted(sessions, key=lambda s: s["mtime"], reverse=True):
        found = await _load_main(store, project_key, listed["session_id"], seconds)
        if found is not None and found[1][0].get("isSidechain") is not True:
            return found
    return None


async def _load_subagents(
    store: SessionStore, session_dir: Path, project_key: str, session_id: str, seconds: float
) -> None:
    subpaths = await _bounded(
        lambda: store.list_subkeys({"project_key": project_key, "session_id": session_id}),
        seconds,
        f"SessionStore.list_subkeys() of session {session_id}",
    )
    for subpath in subpaths:
        if not is_safe_subpath(subpath):
            continue
        key: SessionKey = {"project_key": project_key, "session_id": session_id, "subpath": subpath}
        entries = await _bounded(
            functools.partial(store.load, key), seconds, f"SessionStore.load() of {session_id}/{subpath}"
        )
        if entries:
            await trio.to_thread.run_sync(_write_subagent, session_dir, subpath, list(entries))


def is_safe_subpath(subpath: object) -> bool:
    """Whether a ``subpath`` from a store may become a file under the session's folder: a valid key part
    (no NUL, no lone surrogate: :func:`~trio_claude.check_session_key`) that is a relative ``/``-separated
    path without ``.``/``..`` parts, drive or backslash."""
    try:
        text = check_key_text("subpath", subpath)
    except ValueError:
        return False
    if "\\" in text or text.startswith("/") or re.match(r"^[A-Za-z]:", text):
        return False
    return all(part not in ("", ".", "..") for part in text.split("/"))


def _is_uuid(text: str) -> bool:
    try:
        return str(uuid.UUID(text)) == text.lower()
    except ValueError:
        return False


# -- writing (in a worker thread) ----------------------------------------------------------------------------


def _prepare(
    config_dir: Path,
    options: ClaudeAgentOptions,
    project_key: str,
    session_id: str,
    entries: list[SessionStoreEntry],
) -> None:
    write_session(config_dir / "projects" / project_key / f"{session_id}.jsonl", entries)
    source = on_disk(config_home_of(options), options)
    _copy_login(config_dir, Path(source), Path(on_disk(claude_json_of(options), options)))


def write_session(path: Path, entries: list[SessionStoreEntry] | list[dict[str, Any]]) -> None:
    """Write ``entries`` as a JSONL transcript at ``path`` (owner-only), making its folders (owner-only)."""
    make_private_dirs(path.parent)
    with open_private(path, "wb") as file:
        for entry in entries:
            file.write(orjson.dumps(entry))
            file.write(b"\n")


def _write_subagent(session_dir: Path, subpath: str, entries: list[SessionStoreEntry]) -> None:
    metadata = [entry for entry in entries if entry.get("type") == "agent_metadata"]
    transcript = [entry for entry in entries if entry.get("type") != "agent_metadata"]
    file = session_dir / f"{subpath}.jsonl"
    if transcript:
        write_session(file, transcript)
    if metadata:  # the store's copy of the .meta.json sidecar; the last one wins
        fields = {name: value for name, value in metadata[-1].items() if name != "type"}
        make_private_dirs(file.parent)
        _write_private(file.with_name(f"{file.name[: -len('.jsonl')]}.meta.json"), orjson.dumps(fields))


def _copy_login(config_dir: Path, source: Path, claude_json: Path) -> None:
    """The caller's login and user settings, so that a CLI logged in with OAuth or an ``apiKeyHelper``
    still is: ``.credentials.json`` without the refresh token (a refresh in the temporary directory would
    revoke the caller's tokens), ``.claude.json``, ``settings.json`` without the plugin keys."""
    credentials = _read_file(source / ".credentials.json")
    if credentials is not None:
        _write_private(config_dir / ".credentials.json", _without_refresh_token(credentials))
    state = _read_file(claude_json)
    if state is not None:
        _write_private(config_dir / ".claude.json", state)
    settings = _read_file(source / "settings.json")
    if settings is not None:
        _write_private(config_dir / "settings.json", _without_plugins(settings))


def _read_file(path: Path) -> bytes | None:
    """A regular file's bytes; ``None`` when it is missing or not a regular file (a FIFO would hang)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return None
        return path.read_bytes()
    except OSError:
        return None


def _write_private(path: Path, data: bytes) -> None:
    with open_private(path, "wb") as file:
        file.write(data)


def _json_object(data: bytes) -> dict[str, Any] | None:
    try:
        parsed: object = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    return parsed if isinstance(parsed, dict) else None  # pyright: ignore[reportUnknownVariableType]


def _without_refresh_token(data: bytes) -> bytes:
    parsed = _json_object(data)
    oauth = parsed.get("claudeAiOauth") if parsed is not None else None
    if parsed is None or not isinstance(oauth, dict) or "refreshToken" not in oauth:
        return data
    del oauth["refreshToken"]
    return orjson.dumps(parsed)


def _without_plugins(data: bytes) -> bytes:
    parsed = _json_object(data)
    if parsed is None:
        return data
    env: object = parsed.get("env")
    env_fields = cast("dict[str, Any]", env) if isinstance(env, dict) else {}
    if not any(name in parsed for name in _PLUGIN_SETTINGS) and "CLAUDE_CONFIG_DIR" not in env_fields:
        return data
    for name in _PLUGIN_SETTINGS:
        parsed.pop(name, None)
    env_fields.pop("CLAUDE_CONFIG_DIR", None)
    return orjson.dumps(parsed)
