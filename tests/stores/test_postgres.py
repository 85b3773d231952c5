"""PostgresSessionStore against a real PostgreSQL server that the test session starts (the ``postgres``
fixture): the kit, cancellation that stops the server-side statement, concurrency, several processes."""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from typing import Any, cast

import pytest
import trio

from trio_claude import (
    PostgresSessionStore,
    SessionKey,
    SessionStoreEntry,
    SessionStoreError,
    get_session_messages_from_store,
    list_sessions_from_store,
)
from trio_claude.testing import PostgresServer, run_session_store_conformance

KEY: SessionKey = {"project_key": "proj", "session_id": "sess"}


def _table() -> str:
    return "t_" + uuid.uuid4().hex[:12]


async def test_postgres_store_conforms(postgres: PostgresServer) -> None:
    await run_session_store_conformance(lambda: PostgresSessionStore(postgres.conninfo, table=_table()))


async def test_the_fixture_runs_a_unix_socket_only_server(postgres: PostgresServer) -> None:
    assert f"host={postgres.directory}" in postgres.conninfo
    async with PostgresSessionStore(postgres.conninfo, table=_table()) as store:
        await store.append(KEY, [{"type": "x", "uuid": "a"}])
        async with store._pool.connection() as db:
            ((listen,),) = await db.execute("SHOW listen_addresses")
    assert listen == ""


async def _running(postgres: PostgresServer, pattern: str) -> list[Any]:
    async with (
        PostgresSessionStore(postgres.conninfo, table=_table()) as probe,
        probe._pool.connection() as db,
    ):
        return await db.execute(
            "SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1 AND pid "
            "<> pg_backend_pid()",
            [pattern],
        )


async def test_cancelling_a_call_stops_the_statement_on_the_server(postgres: PostgresServer) -> None:
    async with PostgresSessionStore(postgres.conninfo, table=_table()) as store:
        await store.create_schema()
        started = time.monotonic()
        with trio.move_on_after(0.5):
            async with store._pool.connection() as db:
                await db.execute("SELECT pg_sleep(30)")
        assert time.monotonic() - started < 5
        with trio.fail_after(10):
            while await _running(postgres, "SELECT pg_sleep(30)%"):  # noqa: ASYNC110 (polling the server)
                await trio.sleep(0.05)
        # the store goes on working with a fresh connection
        await store.append(KEY, [{"type": "x", "uuid": "after"}])
        assert await store.load(KEY) == [{"type": "x", "uuid": "after"}]


async def test_a_cancelled_append_waiting_on_a_lock_is_rolled_back(postgres: PostgresServer) -> None:
    table = _table()
    async with PostgresSessionStore(postgres.conninfo, table=table) as store:
        await store.append(KEY, [{"type": "x", "uuid": "first"}])
        async with store._pool.connection() as holder:
            await holder.execute("BEGIN")
            await holder.execute(f'LOCK TABLE "{table}_keys" IN EXCLUSIVE MODE')
            with trio.move_on_after(0.3) as scope:
                await store.append(KEY, [{"type": "x", "uuid": "blocked"}])
            assert scope.cancelled_caught
            await holder.execute("ROLLBACK")
        assert await store.load(KEY) == [{"type": "x", "uuid": "first"}]


async def test_errors_are_typed(postgres: PostgresServer) -> None:
    with pytest.raises(ValueError, match="table"):
        PostgresSessionStore(postgres.conninfo, table="x; DROP TABLE y")
    with pytest.raises(ValueError, match="table"):
        PostgresSessionStore(postgres.conninfo, table="sessions\n")
    async with PostgresSessionStore(postgres.conninfo + " dbname=no_such_db", table=_table()) as store:
        with pytest.raises(SessionStoreError, match="no_such_db"):
            await store.load(KEY)
    async with PostgresSessionStore(postgres.conninfo, table=_table()) as store:
        async with store._pool.connection() as db:
            with pytest.raises(SessionStoreError) as info:
                await db.execute("SELECT 1/0")
        assert info.value.sqlstate == "22012"
    with pytest.raises(ValueError, match="subpath"):
        await store.append({**KEY, "subpath": ""}, [{"type": "x"}])


VICTIM_SESSION = "0b5c6a3e-39c6-4b8e-9d1c-6c8f3c1f2a11"
VICTIM: SessionKey = {"project_key": "victim", "session_id": VICTIM_SESSION}
VICTIM_ENTRIES: list[SessionStoreEntry] = [
    cast(
        SessionStoreEntry,
        {
            "type": "user",
            "uuid": "7f1d2c3b-1111-4a2b-8c3d-4e5f60718293",
            "sessionId": VICTIM_SESSION,
            "timestamp": "2024-01-01T00:00:00.000Z",
            "message": {"role": "user", "content": "the victim's secret"},
        },
    )
]


async def test_a_nul_in_a_key_never_reaches_another_tenant(postgres: PostgresServer) -> None:
    # libpq sends a text parameter as a C string: "victim\x00attacker" arrived as "victim"
    attacker = "victim\x00attacker"
    evil: SessionKey = {"project_key": attacker, "session_id": VICTIM_SESSION}
    async with PostgresSessionStore(postgres.conninfo, table=_table()) as store:
        await store.append(VICTIM, VICTIM_ENTRIES)
        with pytest.raises(ValueError, match="project_key"):
            await store.load(evil)
        with pytest.raises(ValueError, match="project_key"):
            await store.append(evil, [{"type": "user", "uuid": "planted"}])
        with pytest.raises(ValueError, match="project_key"):
            await store.list_sessions(attacker)
        with pytest.raises(ValueError, match="project_key"):
            await store.list_session_summaries(attacker)
        with pytest.raises(ValueError, match="project_key"):
            await list_sessions_from_store(store, project_key=attacker)
        with pytest.raises(ValueError, match="project_key"):
            await get_session_messages_from_store(store, VICTIM_SESSION, project_key=attacker)
        with pytest.raises(ValueError, match="session_id"):
            await store.load({"project_key": "victim", "session_id": VICTIM_SESSION + "\x00x"})
        with pytest.raises(ValueError, match="subpath"):
            await store.append({**VICTIM, "subpath": "subagents/agent-1\x00x"}, [{"type": "x"}])
        with pytest.raises(ValueError, match="project_key"):
            await store.delete(evil)
        assert await store.load(VICTIM) == VICTIM_ENTRIES
        assert [s["session_id"] for s in await store.list_sessions("victim")] == [VICTIM_SESSION]


async def test_parameters_are_sent_whole(postgres: PostgresServer) -> None:
    # binary parameters carry their length: the server gets every byte, and refuses what text cannot hold
    text = 'héllo \u2603 \U0001f600 "quotes" \\ {a,b} NULL'
    async with PostgresSessionStore(postgres.conninfo, table=_table()) as store:
        async with store._pool.connection() as db:
            assert await db.execute("SELECT $1, octet_length($1)", [text]) == [
                (text, str(len(text.encode())))
            ]
            with pytest.raises(SessionStoreError) as info:
                await db.execute("SELECT $1", ["victim\x00attacker"])
            assert info.value.sqlstate == "22021"  # invalid byte sequence: nothing was cut on the way
        key: SessionKey = {"project_key": text, "session_id": text, "subpath": text}
        entries = [cast(SessionStoreEntry, {"type": "x", "uuid": text, "text": text})]
        await store.append(key, entries)
        assert await store.load(key) == entries
        assert await store.list_subkeys({"project_key": text, "session_id": text}) == [text]


async def test_a_database_that_converts_text_is_refused(postgres: PostgresServer) -> None:
    # converting to EUC_JP maps U+00A6 and U+FFE4 to the same bytes: two tenants would become one
    database = "d_" + uuid.uuid4().hex[:12]
    async with PostgresSessionStore(postgres.conninfo, table=_table()) as admin:
        async with admin._pool.connection() as db:
            await db.execute(
                f"CREATE DATABASE {database} TEMPLATE template0 ENCODING 'EUC_JP' LC_COLLATE 'C' LC_CTYPE 'C'"
            )
        try:
            conninfo = postgres.conninfo.replace("dbname=postgres", f"dbname={database}")
            entries: list[SessionStoreEntry] = [{"type": "x"}]
            for extra in ("", " client_encoding=UTF8"):
                async with PostgresSessionStore(conninfo + extra, table=_table()) as store:
                    with pytest.raises(SessionStoreError, match="UTF8"):
                        await store.append({"project_key": "tenant\u00a6", "session_id": "s"}, entries)
                    with pytest.raises(SessionStoreError, match="UTF8"):
                        await store.load({"project_key": "tenant\uffe4", "session_id": "s"})
        finally:
            async with admin._pool.connection() as db:
                await db.execute(f"DROP DATABASE {database}")


async def test_many_sessions_append_at_once(postgres: PostgresServer) -> None:
    async with PostgresSessionStore(postgres.conninfo, table=_table(), max_connections=8) as store:

        async def session(i: int) -> None:
            key: SessionKey = {"project_key": "proj", "session_id": f"s{i}"}
            for batch in range(10):
                await store.append(key, [{"type": "user", "uuid": f"{i}-{batch}-{n}"} for n in range(5)])

        async with trio.open_nursery() as nursery:
            for i in range(100):
                nursery.start_soon(session, i)
        assert len(await store.list_sessions("proj")) == 100
        assert len(await store.load({"project_key": "proj", "session_id": "s7"}) or []) == 50


_WRITER = """
import sys, trio
from trio_claude import PostgresSessionStore
conninfo, table, worker = sys.argv[1], sys.argv[2], int(sys.argv[3])
async def main():
    async with PostgresSessionStore(conninfo, table=table) as store:
        for batch in range(20):
            entries = [{"type": "user", "uuid": f"{worker}-{batch}-{n}", "customTitle": f"w{worker}"}
                       for n in range(5)]
            shared = {"project_key": "proj", "session_id": "shared"}
            await store.append(shared, entries)
            await store.append(shared, entries[:2])  # a retry
            await store.append({"project_key": "proj", "session_id": f"own-{worker}"}, entries)
trio.run(main)
"""


async def test_several_processes_append_to_one_database(postgres: PostgresServer) -> None:
    table, workers = _table(), 4
    processes = [
        await trio.lowlevel.open_process([sys.executable, "-c", _WRITER, postgres.conninfo, table, str(w)])
        for w in range(workers)
    ]
    with trio.fail_after(120):
        for process in processes:
            assert await process.wait() == 0
    async with PostgresSessionStore(postgres.conninfo, table=table) as store:
        shared = await store.load({"project_key": "proj", "session_id": "shared"}) or []
        assert len(shared) == workers * 20 * 5  # every entry once, retries and all
        for w in range(workers):
            mine = [e.get("uuid", "") for e in shared if e.get("uuid", "").startswith(f"{w}-")]
            assert mine == [f"{w}-{b}-{n}" for b in range(20) for n in range(5)]  # in each writer's order
        assert len(await store.list_sessions("proj")) == workers + 1
        summaries = {s["session_id"]: s for s in await store.list_session_summaries("proj")}
        last_writer = cast("dict[str, Any]", shared[-1])["customTitle"]
        assert summaries["shared"]["data"]["custom_title"] == last_writer


def test_the_store_needs_the_extra_only_when_built() -> None:
    # importing trio_claude never imports psycopg; building the store does (and says how to install it)
    code = "import sys, trio_claude; assert 'psycopg' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_without_psycopg_the_constructor_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # importing it now raises ImportError
    with pytest.raises(ImportError, match=r"pip install 'trio_claude\[postgres\]'"):
        PostgresSessionStore("host=/nowhere")
