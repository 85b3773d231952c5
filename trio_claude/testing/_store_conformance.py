"""The session store conformance kit: the behaviour every :class:`~trio_claude.SessionStore` must have."""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any, cast

import trio

from .._config._store import (
    OPTIONAL_METHODS,
    SessionKey,
    SessionListSubkeysKey,
    SessionStore,
    SessionStoreEntry,
    store_implements,
)
from .._history._summary import fold_session_summary

__all__ = ["run_session_store_conformance"]

MakeStore = Callable[[], object]
"""Returns a store, or an awaitable of one (any object with the methods of :class:`~trio_claude.SessionStore`,
the optional ones optional)."""

_KEY: SessionKey = {"project_key": "proj", "session_id": "sess"}
_SUB1: SessionKey = {**_KEY, "subpath": "subagents/agent-1"}
_SUB2: SessionKey = {**_KEY, "subpath": "subagents/agent-2"}


def _e(uuid: str | None = None, **fields: Any) -> SessionStoreEntry:
    """A test entry: ``type`` is required, its value is irrelevant to the contracts."""
    entry: dict[str, Any] = {"type": "x", **fields}
    if uuid is not None:
        entry["uuid"] = uuid
    return cast("SessionStoreEntry", entry)


def _batch(prefix: str, n: int) -> list[SessionStoreEntry]:
    return [_e(f"{prefix}-{i}", n=i) for i in range(n)]


async def run_session_store_conformance(
    make_store: MakeStore,
    *,
    skip_optional: frozenset[str] = frozenset(),
) -> None:
    """Check that the stores ``make_store()`` returns meet every contract of
    :class:`~trio_claude.SessionStore`; raise :class:`AssertionError` naming the first broken one.

    ``make_store`` (sync or async) is called once per contract and must return an empty store, isolated
    from the others (a new table, file or prefix).  A store with an ``aclose()`` method is closed after its
    contract.  The contracts of an optional method (``list_sessions``, ``list_session_summaries``,
    ``delete``, ``list_subkeys``) run only when the store has it (see
    :func:`~trio_claude.store_implements`) and it is not named in ``skip_optional``.

    Run it inside Trio (e.g. an async pytest-trio test).  Contracts: order; ``load`` of unknown keys;
    ``append([])``; ``uuid`` idempotency (retried, overlapping and repeated batches; entries without a
    ``uuid`` always kept; per key); copies in and out; subpath and project isolation; a key part with a NUL
    or a lone surrogate refused with :class:`ValueError` naming the part, by every method, never reaching
    another key's data (see :func:`~trio_claude.check_session_key`); JSON fidelity; listing and its clock;
    summaries (kept by the fold, never reverted by a retried batch, untouched by subpaths); deletion
    (cascading, targeted, then appending again); subkeys; many concurrent appenders (distinct keys, one key,
    one batch repeated); cancelled appends (all or nothing); key parts compared exactly (never case-folded,
    normalised, trimmed, or matched as a prefix or a LIKE or glob pattern), by every method.
    """
    unknown = skip_optional - OPTIONAL_METHODS
    if unknown:
        raise ValueError(f"unknown optional methods in skip_optional: {sorted(unknown)}")

    @asynccontextmanager
    async def fresh() -> AsyncGenerator[Any, None]:
        made = make_store()
        store = await made if inspect.isawaitable(made) else made
        try:
            yield store
        finally:
            close = getattr(store, "aclose", None)
            if callable(close):
                with trio.CancelScope(shield=True):
                    await cast("Callable[[], Awaitable[object]]", close)()

    async with fresh() as probe:
        has = {m: m not in skip_optional and store_implements(probe, m) for m in OPTIONAL_METHODS}

    for name, contract in _contracts(has):
        async with fresh() as store:
            try:
                await contract(store)
            except AssertionError as exc:
                raise AssertionError(f"session store contract {name!r} failed: {exc}") from exc


def _contracts(has: dict[str, bool]) -> Iterator[tuple[str, Callable[[Any], Awaitable[None]]]]:
    yield "append then load returns the entries in order", _append_load
    yield "load of an unknown key returns None", _load_unknown
    yield "appends keep call order", _call_order
    yield "append([]) stores nothing", _append_empty
    yield "uuid is an idempotency key", _idempotent
    yield "entries without uuid are always appended", _no_uuid
    yield "uuid idempotency is per key", _uuid_per_key
    yield "the store keeps copies", _copies
    yield "subpaths are independent transcripts", _subpaths
    yield "project keys are isolated", _projects
    yield "a key part no store can hold exactly is refused", functools.partial(_unholdable_keys, has=has)
    yield "JSON values round-trip exactly", _fidelity
    yield "many concurrent appenders", _concurrent
    yield "one batch appended concurrently lands once", _concurrent_duplicates
    yield "a cancelled append is all or nothing", _cancelled
    if has["list_sessions"]:
        yield "list_sessions lists a project's main transcripts", _list_sessions
        yield "list_sessions mtime is a storage clock that moves forward", _list_clock
    if has["list_session_summaries"]:
        yield "summaries are the fold of the stored entries", _summaries
        yield "a retried batch never reverts a summary", _summary_retry
        if has["list_sessions"]:
            yield "summary mtime shares the list_sessions clock", _summary_clock
    if has["delete"]:
        yield "delete of a session cascades to its subpaths", _delete_cascade
        yield "delete of a subpath removes only it", _delete_subpath
        yield "a deleted session can be written again", _delete_then_append
        if has["list_session_summaries"]:
            yield "delete removes the summary", _delete_summary
    if has["list_subkeys"]:
        yield "list_subkeys lists a session's subpaths", _list_subkeys
    yield "key parts are compared exactly", functools.partial(_exact_keys, has=has)


async def _append_load(store: SessionStore) -> None:
    await store.append(_KEY, [_e("b", n=1), _e("a", n=2)])
    loaded = await store.load(_KEY)
    assert loaded == [_e("b", n=1), _e("a", n=2)], loaded


async def _load_unknown(store: SessionStore) -> None:
    assert await store.load({"project_key": "proj", "session_id": "nope"}) is None
    await store.append(_KEY, [_e("x")])
    assert await store.load({**_KEY, "subpath": "nope"}) is None
    assert await store.load({"project_key": "other", "session_id": _KEY["session_id"]}) is None


async def _call_order(store: SessionStore) -> None:
    await store.append(_KEY, [_e("z", n=1)])
    await store.append(_KEY, [_e("a", n=2), _e("m", n=3)])
    await store.append(_KEY, [_e("b", n=4)])
    loaded = await store.load(_KEY)
    assert loaded == [_e("z", n=1), _e("a", n=2), _e("m", n=3), _e("b", n=4)], loaded


async def _append_empty(store: SessionStore) -> None:
    await store.append(_KEY, [])
    assert await store.load(_KEY) is None, "append([]) created the key"
    await store.append(_KEY, [_e("a")])
    await store.append(_KEY, [])
    assert await store.load(_KEY) == [_e("a")]


async def _idempotent(store: SessionStore) -> None:
    first = _batch("u", 3)
    await store.append(_KEY, first)
    await store.append(_KEY, first)  # a retried batch that had landed
    assert await store.load(_KEY) == first, "a retried batch was stored twice"
    overlapping = [*first[1:], _e("u-3", n=3)]  # a retry that partly landed, plus something new
    await store.append(_KEY, overlapping)
    assert await store.load(_KEY) == [*first, _e("u-3", n=3)]
    await store.append(_KEY, [_e("dup", n=1), _e("dup", n=2)])  # one batch naming a uuid twice
    loaded = await store.load(_KEY)
    assert loaded is not None and loaded[-1] == _e("dup", n=1) and len(loaded) == 5, loaded


async def _no_uuid(store: SessionStore) -> None:
    title = _e(None, customTitle="t")
    await store.append(_KEY, [title])
    await store.append(_KEY, [title, title])
    assert await store.load(_KEY) == [title, title, title]


async def _uuid_per_key(store: SessionStore) -> None:
    other: SessionKey = {"project_key": "proj", "session_id": "sess2"}
    other_project: SessionKey = {"project_key": "proj2", "session_id": "sess"}
    for key in (_KEY, _SUB1, other, other_project):
        await store.append(key, [_e("same", n=1)])
        assert await store.load(key) == [_e("same", n=1)], key


async def _copies(store: SessionStore) -> None:
    entry = _e("a", nested={"list": [1, 2]})
    batch = [entry]
    await store.append(_KEY, batch)
    entry["nested"]["list"].append(3)  # type: ignore[typeddict-item]
    batch.append(_e("b"))
    loaded = await store.load(_KEY)
    assert loaded == [_e("a", nested={"list": [1, 2]})], "the store kept a reference to the caller's data"
    loaded[0]["nested"]["list"].append(4)  # type: ignore[typeddict-item]
    assert await store.load(_KEY) == [_e("a", nested={"list": [1, 2]})], "load returned the store's own data"


async def _subpaths(store: SessionStore) -> None:
    await store.append(_KEY, [_e("m")])
    await store.append(_SUB1, [_e("s1")])
    await store.append(_SUB2, [_e("s2")])
    assert await store.load(_KEY) == [_e("m")]
    assert await store.load(_SUB1) == [_e("s1")]
    assert await store.load(_SUB2) == [_e("s2")]


async def _projects(store: SessionStore) -> None:
    a: SessionKey = {"project_key": "A", "session_id": "s1"}
    b: SessionKey = {"project_key": "B", "session_id": "s1"}
    await store.append(a, [_e(None, source="A")])
    await store.append(b, [_e(None, source="B")])
    assert await store.load(a) == [_e(None, source="A")]
    assert await store.load(b) == [_e(None, source="B")]


_VICTIM: SessionKey = {"project_key": "victim", "session_id": "sess"}
_VICTIM_SUB: SessionKey = {**_VICTIM, "subpath": "subagents/agent-1"}
_UNHOLDABLE = ("\x00attacker", "\ud800")
"""Text no store can keep exactly: a NUL (PostgreSQL ``text`` cannot hold it; libpq and C strings end at
it, so ``"victim\x00attacker"`` would be read as ``"victim"``) and a lone surrogate (not UTF-8)."""


async def _refused(part: str, what: str, call: Callable[[], Awaitable[object]]) -> None:
    try:
        await call()
    except ValueError as exc:
        assert part in str(exc), f"{what} raised a ValueError that does not name {part}: {exc}"
    else:
        raise AssertionError(f"{what} was accepted (it must raise ValueError naming {part})")


def _spoiled(part: str, tail: str) -> SessionKey:
    """The victim's key with ``tail`` after its ``part`` (main transcript unless ``part`` is ``subpath``)."""
    key = cast("dict[str, str]", dict(_VICTIM_SUB if part == "subpath" else _VICTIM))
    key[part] += tail
    return cast(SessionKey, key)


async def _unholdable_keys(store: SessionStore, has: dict[str, bool]) -> None:
    await store.append(_VICTIM, [_e("v", secret="the victim's")])
    await store.append(_VICTIM_SUB, [_e("v", secret="the victim's subagent")])
    for tail in _UNHOLDABLE:
        for part in ("project_key", "session_id", "subpath"):
            key = _spoiled(part, tail)
            what = f"a key with {part}={cast('dict[str, str]', key)[part]!r}"
            entries = [_e("a", secret="the attacker's")]
            await _refused(part, f"append() of {what}", functools.partial(store.append, key, entries))
            await _refused(part, f"load() of {what}", functools.partial(store.load, key))
            if has["delete"]:
                await _refused(part, f"delete() of {what}", functools.partial(store.delete, key))
            if has["list_subkeys"] and part != "subpath":
                subkeys = functools.partial(store.list_subkeys, cast(SessionListSubkeysKey, key))
                await _refused(part, f"list_subkeys() of {what}", subkeys)
        project = _VICTIM["project_key"] + tail
        if has["list_sessions"]:
            listing = functools.partial(store.list_sessions, project)
            await _refused("project_key", f"list_sessions({project!r})", listing)
        if has["list_session_summaries"]:
            summaries = functools.partial(store.list_session_summaries, project)
            await _refused("project_key", f"list_session_summaries({project!r})", summaries)
    assert await store.load(_VICTIM) == [_e("v", secret="the victim's")], "the victim's session changed"
    assert await store.load(_VICTIM_SUB) == [_e("v", secret="the victim's subagent")], "the victim's subagent"


_ORIGINAL: SessionKey = {
    "project_key": "Caf\u00e9-%_",
    "session_id": "Sess-1",
    "subpath": "subagents/Agent-1",
}


def _lookalikes(text: str) -> list[str]:
    """Strings a store must not take for ``text``: other case, other Unicode normalisation, spaces and
    newlines around it, a prefix, LIKE and glob patterns that match it, the same path spelled otherwise."""
    decomposed = text.replace("\u00e9", "e\u0301")
    return [
        text.swapcase(),
        text.upper(),
        *([decomposed] if decomposed != text else []),
        f"{text} ",
        f"{text}\n",
        f" {text}",
        text[:-1],
        text[:2] + "%",
        text[:2] + "_" * (len(text) - 2),
        text[:2] + "*",
        f"./{text}",
        f"{text}/.",
        f"x/../{text}",
    ]


async def _exact_keys(store: SessionStore, has: dict[str, bool]) -> None:
    main = cast(SessionKey, {k: v for k, v in _ORIGINAL.items() if k != "subpath"})
    await store.append(main, [_e("m")])
    await store.append(_ORIGINAL, [_e("s")])
    for part in ("project_key", "session_id", "subpath"):
        for lookalike in _lookalikes(cast("dict[str, str]", _ORIGINAL)[part]):
            key = cast(SessionKey, {**(_ORIGINAL if part == "subpath" else main), part: lookalike})
            assert await store.load(key) is None, f"load() of {part}={lookalike!r} found {_ORIGINAL}"
            if has["list_subkeys"] and part != "subpath":
                subkeys = await store.list_subkeys(cast(SessionListSubkeysKey, key))
                assert subkeys == [], f"list_subkeys() of {part}={lookalike!r} listed {subkeys}"
            if part == "project_key":
                if has["list_sessions"]:
                    listed = await store.list_sessions(lookalike)
                    assert listed == [], f"list_sessions({lookalike!r}) listed {listed}"
                if has["list_session_summaries"]:
                    summaries = await store.list_session_summaries(lookalike)
                    assert summaries == [], f"list_session_summaries({lookalike!r}) listed {summaries}"
            if has["delete"]:
                await store.delete(key)
    assert await store.load(main) == [_e("m")], "a lookalike key changed or deleted the session"
    assert await store.load(_ORIGINAL) == [_e("s")], "a lookalike key changed or deleted the subpath"


async def _fidelity(store: SessionStore) -> None:
    entry = _e(
        "f",
        text='héllo \u2603 \U0001f600 "quotes" \\ back\nslash \u0000 nul',
        big=2**62,
        negative=-17,
        real=0.1,
        exponent=1e300,
        flags=[True, False, None],
        empty={"o": {}, "l": []},
        keys={"": 1, "with space": 2, "ünï": 3},
        deep={"a": [{"b": [{"c": [1]}]}]},
    )
    await store.append(_KEY, [entry])
    loaded = await store.load(_KEY)
    assert loaded == [entry], loaded
    assert loaded is not None and type(loaded[0]["big"]) is int and type(loaded[0]["real"]) is float  # type: ignore[typeddict-item]


async def _concurrent(store: SessionStore) -> None:
    tasks, batches, size = 16, 5, 4
    shared: SessionKey = {"project_key": "proj", "session_id": "shared"}

    async def writer(i: int) -> None:
        own: SessionKey = {"project_key": "proj", "session_id": f"s{i}"}
        for b in range(batches):
            await store.append(own, _batch(f"{i}-{b}", size))
            await store.append(shared, _batch(f"shared-{i}-{b}", size))

    async with trio.open_nursery() as nursery:
        for i in range(tasks):
            nursery.start_soon(writer, i)
    for i in range(tasks):
        loaded = await store.load({"project_key": "proj", "session_id": f"s{i}"})
        assert loaded == [e for b in range(batches) for e in _batch(f"{i}-{b}", size)], (
            f"session s{i}: {loaded}"
        )
    loaded = await store.load(shared) or []
    assert len(loaded) == tasks * batches * size, f"{len(loaded)} entries in the shared session"
    for i in range(tasks):  # each writer's batches, whole and in its own call order
        mine = [e for e in loaded if str(e.get("uuid", "")).startswith(f"shared-{i}-")]
        assert mine == [e for b in range(batches) for e in _batch(f"shared-{i}-{b}", size)], f"writer {i}"


async def _concurrent_duplicates(store: SessionStore) -> None:
    batch = _batch("once", 5)
    async with trio.open_nursery() as nursery:
        for _ in range(12):
            nursery.start_soon(store.append, _KEY, batch)
    assert await store.load(_KEY) == batch


async def _cancelled(store: SessionStore) -> None:
    batch = _batch("c", 50)
    for attempt, delay in enumerate((0.0, 0.0001, 0.0005, 0.001, 0.005)):
        key: SessionKey = {"project_key": "proj", "session_id": f"cancel-{attempt}"}
        with trio.move_on_after(delay):
            await store.append(key, batch)
        loaded = await store.load(key)
        assert loaded in (None, batch), f"a cancelled append left {len(loaded or [])} of {len(batch)} entries"
        await store.append(key, batch)  # and the store still works
        assert await store.load(key) == batch


async def _list_sessions(store: SessionStore) -> None:
    await store.append({"project_key": "proj", "session_id": "a"}, [_e("1")])
    await store.append({"project_key": "proj", "session_id": "b"}, [_e("1")])
    await store.append({"project_key": "proj", "session_id": "b", "subpath": "subagents/agent-1"}, [_e("1")])
    await store.append({"project_key": "proj", "session_id": "c", "subpath": "subagents/agent-1"}, [_e("1")])
    await store.append({"project_key": "other", "session_id": "d"}, [_e("1")])
    listed = await store.list_sessions("proj")
    assert sorted(s["session_id"] for s in listed) == ["a", "b"], listed
    for s in listed:
        mtime = s["mtime"]
        assert isinstance(mtime, int) and math.isfinite(mtime) and mtime > 1e12, (
            f"mtime {mtime!r} is not epoch ms"
        )
    assert await store.list_sessions("never-written") == []


async def _list_clock(store: SessionStore) -> None:
    key: SessionKey = {"project_key": "proj", "session_id": "a"}
    await store.append(key, [_e("1")])
    (before,) = await store.list_sessions("proj")
    await store.append(key, [_e("2")])
    (after,) = await store.list_sessions("proj")
    assert after["mtime"] > before["mtime"], f"mtime did not move forward: {before} then {after}"


def _summary_entries() -> list[list[SessionStoreEntry]]:
    return [
        [
            _e(
                "1",
                type="user",
                timestamp="2024-01-01T00:00:00.000Z",
                cwd="/work",
                gitBranch="main",
                message={"role": "user", "content": "the first prompt"},
            ),
            _e(
                "2",
                type="assistant",
                timestamp="2024-01-01T00:00:01.000Z",
                message={"role": "assistant", "content": [{"type": "text", "text": "hi"}]},
            ),
        ],
        [_e(None, type="custom-title", customTitle="first title"), _e(None, type="tag", tag="blue")],
        [
            _e(
                "3",
                type="user",
                timestamp="2024-01-01T00:00:02.000Z",
                gitBranch="dev",
                message={"role": "user", "content": "second"},
            ),
            _e(None, type="custom-title", customTitle="second title"),
        ],
    ]


async def _summaries(store: SessionStore) -> None:
    batches = _summary_entries()
    for batch in batches:
        await store.append(_KEY, batch)
    await store.append({"project_key": "other", "session_id": "elsewhere"}, [_e("o")])
    await store.append(_SUB1, [_e("s", customTitle="a subagent", isSidechain=True)])
    (summary,) = await store.list_session_summaries("proj")
    assert summary["session_id"] == _KEY["session_id"], summary
    expected = fold_session_summary(None, _KEY, [e for batch in batches for e in batch])
    assert summary["data"] == expected["data"], f"{summary['data']} != {expected['data']}"
    mtime = summary["mtime"]
    assert isinstance(mtime, int) and mtime > 1e12, f"summary mtime {mtime!r} is not epoch ms"
    refolded = fold_session_summary(summary, _KEY, [_e("4", timestamp="2024-01-01T00:00:03.000Z")])
    assert refolded["mtime"] == summary["mtime"] and refolded["session_id"] == summary["session_id"]
    assert await store.list_session_summaries("never-written") == []


async def _summary_retry(store: SessionStore) -> None:
    older = [_e("t1", customTitle="old")]
    await store.append(_KEY, older)
    await store.append(_KEY, [_e("t2", customTitle="new")])
    await store.append(_KEY, older)  # a late retry of a batch that had landed
    (summary,) = await store.list_session_summaries("proj")
    assert summary["data"].get("custom_title") == "new", summary


async def _summary_clock(store: SessionStore) -> None:
    await store.append(_KEY, _summary_entries()[0])
    await store.append(_KEY, _summary_entries()[1])
    (summary,) = await store.list_session_summaries("proj")
    (listed,) = await store.list_sessions("proj")
    assert summary["mtime"] >= listed["mtime"], (
        f"summary {summary['mtime']} older than the session {listed['mtime']}"
    )


async def _delete_cascade(store: SessionStore) -> None:
    other: SessionKey = {"project_key": "proj", "session_id": "sess2"}
    other_project: SessionKey = {"project_key": "other-proj", "session_id": _KEY["session_id"]}
    await store.delete({"project_key": "proj", "session_id": "never-written"})
    for key in (_KEY, _SUB1, _SUB2, other, other_project):
        await store.append(key, [_e("1")])
    await store.delete(_KEY)
    for key in (_KEY, _SUB1, _SUB2):
        assert await store.load(key) is None, f"{key} survived the delete"
    for key in (other, other_project):
        assert await store.load(key) == [_e("1")], f"{key} was deleted too"
    if store_implements(store, "list_subkeys"):
        assert await store.list_subkeys(_KEY) == []
    if store_implements(store, "list_sessions"):
        assert [s["session_id"] for s in await store.list_sessions("proj")] == ["sess2"]


async def _delete_subpath(store: SessionStore) -> None:
    for key in (_KEY, _SUB1, _SUB2):
        await store.append(key, [_e("1")])
    await store.delete(_SUB1)
    assert await store.load(_SUB1) is None
    assert await store.load(_SUB2) == [_e("1")]
    assert await store.load(_KEY) == [_e("1")]
    if store_implements(store, "list_subkeys"):
        assert await store.list_subkeys(_KEY) == ["subagents/agent-2"]


async def _delete_then_append(store: SessionStore) -> None:
    await store.append(_KEY, [_e("1", n=1)])
    await store.delete(_KEY)
    await store.append(_KEY, [_e("1", n=2)])  # the same uuid again: a new transcript, not a duplicate
    assert await store.load(_KEY) == [_e("1", n=2)]


async def _delete_summary(store: SessionStore) -> None:
    await store.append(_KEY, _summary_entries()[0])
    await store.delete(_KEY)
    assert await store.list_session_summaries("proj") == []


async def _list_subkeys(store: SessionStore) -> None:
    await store.append(_KEY, [_e("1")])
    assert await store.list_subkeys(_KEY) == []
    await store.append(_SUB1, [_e("1")])
    await store.append(_SUB2, [_e("1")])
    await store.append({**_KEY, "subpath": "subagents/workflows/run-1/agent-3"}, [_e("1")])
    await store.append(
        {"project_key": "proj", "session_id": "other", "subpath": "subagents/agent-x"}, [_e("1")]
    )
    subkeys = await store.list_subkeys({"project_key": "proj", "session_id": "sess"})
    assert sorted(subkeys) == [
        "subagents/agent-1",
        "subagents/agent-2",
        "subagents/workflows/run-1/agent-3",
    ], subkeys
    assert await store.list_subkeys({"project_key": "proj", "session_id": "never-written"}) == []
