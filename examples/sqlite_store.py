"""Keep sessions in a SQLite session store: run a conversation, copy it into the store, then list, rename,
fork and read it from the store alone, after the CLI's own files are gone.

Usage: ``python examples/sqlite_store.py [DATABASE]`` (default: a file in a new temporary directory).
Offline against the scripted model unless ``TRIO_CLAUDE_REAL_API=1``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import trio

from trio_claude import (
    ResultMessage,
    SQLiteSessionStore,
    fork_session_via_store,
    get_session_messages_from_store,
    import_session_to_store,
    list_sessions_from_store,
    open_session,
    project_key_for_directory,
    rename_session_via_store,
)
from trio_claude.testing import open_workspace, text_turn


async def main(database: Path) -> None:
    script = [text_turn("Paris."), text_turn("About two million people.")]
    async with SQLiteSessionStore(database) as store:
        async with open_workspace(script) as workspace:
            async with open_session(workspace.options()) as session:
                await session.send("What is the capital of France?")
                [m async for m in session.receive_response()]
                await session.send("How many people live there?")
                result = [m async for m in session.receive_response()][-1]
            assert isinstance(result, ResultMessage)
            session_id = result.session_id
            # Copy the session the CLI wrote to disk into the store.
            config_dir = workspace.home / ".claude" if workspace.offline else None
            await import_session_to_store(
                session_id, store, directory=workspace.project, config_dir=config_dir
            )
            project = project_key_for_directory(workspace.project)
        # The workspace and the CLI's files are gone: from here on, the store has the only copy.

        for info in await list_sessions_from_store(store, project_key=project):
            print(f"stored: {info.session_id} {info.summary!r} first prompt {info.first_prompt!r}")
        await rename_session_via_store(store, session_id, "Facts about Paris", project_key=project)
        messages = await get_session_messages_from_store(store, session_id, project_key=project)
        for message in messages:
            print(f"  {message.type:9} {message.uuid}")
        fork = await fork_session_via_store(
            store,
            session_id,
            up_to_message_id=messages[1].uuid,
            title="Just the capital",
            project_key=project,
        )
        for info in await list_sessions_from_store(store, project_key=project):
            which = "the fork" if info.session_id == fork.session_id else "original"
            print(f"listed: {info.summary!r} ({which})")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()) / "sessions.db"
    trio.run(main, target)
