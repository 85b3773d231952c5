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

from trio_claude import PostgresSessionStore, SessionKey, SessionStoreError
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
