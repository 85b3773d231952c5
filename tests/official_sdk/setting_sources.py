"""Port of the official SDK's ``examples/setting_sources.py``: which settings layers the CLI loads, seen
through the project's ``/commit`` slash command in the ``init`` message (``setting_sources`` left out,
``[]``, ``["user"]``, ``["user", "project"]``).  Each example stops reading at the ``init`` message.

Written in our words; what differs from official code: the imports, ``open_session`` for the official
``ClaudeSDKClient``, and ``trio.run``.
"""

import sys
from pathlib import Path

import trio

from trio_claude import ClaudeAgentOptions, SettingSource, SystemMessage, open_session

PROJECT = Path(__file__).parent / "project"


async def show_commands(setting_sources: list[SettingSource] | None) -> list[str]:
    if setting_sources is None:
        options = ClaudeAgentOptions(cwd=PROJECT)
    else:
        options = ClaudeAgentOptions(setting_sources=setting_sources, cwd=PROJECT)
    print(f"--- setting_sources={setting_sources!r} ---")
    commands: list[str] = []
    async with open_session(options) as client:
        await client.query("What is 6 * 7?")
        async for message in client.receive_response():
            if isinstance(message, SystemMessage) and message.subtype == "init":
                commands = message.data.get("slash_commands", [])
                print("/commit is available" if "commit" in commands else "/commit is NOT available")
                break
    return commands


async def default() -> None:
    await show_commands(None)


async def disable_all() -> None:
    await show_commands([])


async def user_only() -> None:
    await show_commands(["user"])


async def project_and_user() -> None:
    await show_commands(["user", "project"])


EXAMPLES = {
    "default": default,
    "disable_all": disable_all,
    "user_only": user_only,
    "project_and_user": project_and_user,
}


async def main(name: str) -> None:
    if name == "all":
        for example in EXAMPLES.values():
            await example()
    else:
        await EXAMPLES[name]()


if __name__ == "__main__":
    trio.run(main, sys.argv[1] if len(sys.argv) > 1 else "all")
