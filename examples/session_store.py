"""Mirror a running session to a session store, then resume it on "another machine": a second worker with
its own home directory, where the CLI's files of the first worker do not exist, loads the session from the
store and carries on with the whole conversation.

Usage: ``python examples/session_store.py [DATABASE]`` (default: a file in a new temporary directory).
Offline against the scripted model unless ``TRIO_CLAUDE_REAL_API=1``.  Both workers run in the same project
directory: a session belongs to its working directory (:func:`~trio_claude.project_key_for_directory`).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import trio

from trio_claude import (
    AssistantMessage,
    ResultMessage,
    SQLiteSessionStore,
    TextBlock,
    open_session,
    project_key_for_directory,
)
from trio_claude.model import MirrorErrorMessage
from trio_claude.testing import open_workspace, text_turn


async def main(database: Path) -> None:
    project = Path(tempfile.mkdtemp(prefix="trio-claude-project-"))
    try:
        await run_two_workers(database, project)
    finally:
        shutil.rmtree(project, ignore_errors=True)


async def run_two_workers(database: Path, project: Path) -> None:
    async with SQLiteSessionStore(database) as store:
        # Worker 1: each line the CLI writes to its transcript is mirrored to the store.
        async with open_workspace([text_turn("Paris.")]) as workspace:
            options = workspace.options(cwd=project, session_store=store)
            async with open_session(options) as session:
                await session.send("What is the capital of France?")
                result = [m async for m in session.receive_response()][-1]
            assert isinstance(result, ResultMessage)
        # Worker 1's home directory, with the CLI's own copy of the transcript, is gone now.
        key = {"project_key": project_key_for_directory(project), "session_id": result.session_id}
        stored = await store.load(key)  # type: ignore[arg-type]
        print(f"worker 1: {result.result!r}; the store holds {len(stored or [])} lines of the session")

        # Worker 2: a new home; the session is loaded from the store into a temporary config directory.
        async with open_workspace([text_turn("About two million people.")]) as workspace:
            options = workspace.options(cwd=project, session_store=store, resume=result.session_id)
            async with open_session(options) as session:
                await session.send("How many people live there?")
                async for message in session.receive_response():
                    if isinstance(message, AssistantMessage):
                        text = "".join(b.text for b in message.content if isinstance(b, TextBlock))
                        print(f"worker 2: {text!r}")
                    elif isinstance(message, MirrorErrorMessage):  # the store failed: the local file has it
                        print(f"the store missed some lines: {message.error}")
            if workspace.api is not None:
                texts = workspace.api.script_requests[0].texts()
                said = [t for t in texts if t.endswith(("?", ".")) and len(t) < 40]
                print(f"worker 2's model saw the whole conversation: {said}")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()) / "sessions.db"
    trio.run(main, target)
