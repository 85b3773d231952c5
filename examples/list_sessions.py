"""List the stored sessions, show the newest conversation, then tag it and fork it — all without a CLI.

Usage: ``python examples/list_sessions.py [CONFIG_DIR]`` (default: ``$CLAUDE_CONFIG_DIR``, else
``~/.claude``).  Tagging and forking write to the session files: try it on a copy.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any, cast

import trio

from trio_claude import fork_session, get_session_info, get_session_messages, list_sessions, tag_session


def preview(message: Mapping[str, Any]) -> str:
    """The text of an API message (as stored: a JSON object), on one line."""
    content: object = message.get("content")
    if isinstance(content, list):
        blocks = cast("list[Mapping[str, Any]]", content)
        content = " ".join(str(block.get("text", "")) for block in blocks)
    return " ".join(str(content or "").split())[:60]


async def main(config_dir: str | None) -> None:
    # The functions are synchronous file I/O: a Trio program runs them in a worker thread.
    sessions = await trio.to_thread.run_sync(lambda: list_sessions(limit=10, config_dir=config_dir))
    for info in sessions:
        print(f"{info.session_id}  {info.summary!r}  cwd={info.cwd}  tag={info.tag}")
    if not sessions:
        return
    newest = sessions[0]
    messages = await trio.to_thread.run_sync(
        lambda: get_session_messages(newest.session_id, config_dir=config_dir)
    )
    print(f"\nthe newest conversation ({len(messages)} messages):")
    for message in messages:
        print(f"  {message.type:9} {preview(message.message)}")

    def tag_and_fork() -> str:
        tag_session(newest.session_id, "reviewed", config_dir=config_dir)
        first_reply = next(m for m in messages if m.type == "assistant")
        fork = fork_session(newest.session_id, up_to_message_id=first_reply.uuid, config_dir=config_dir)
        info = get_session_info(fork.session_id, config_dir=config_dir)
        return f"forked after the first reply: {fork.session_id} titled {info.summary if info else None!r}"

    print("\n" + await trio.to_thread.run_sync(tag_and_fork))


if __name__ == "__main__":
    trio.run(main, sys.argv[1] if len(sys.argv) > 1 else None)
