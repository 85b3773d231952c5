"""The official Claude Agent SDK (``claude_agent_sdk``) on trio against the stand-in CLI, for the harness.

Run by ``official.py`` with the Python of the official SDK's own virtual environment (never the project's
``.venv``): ``python official_driver.py SCENARIO CLI COUNT [REPORT]``.  It prints one JSON line: for
``s2``, the stand-in's round-trip latencies (``REPORT``); for ``turn``, the wall and CPU time of one turn
from the prompt to the result and how many messages it read.  Written from the official SDK's public API
(``ClaudeSDKClient``, ``sdk.ClaudeAgentOptions(cli_path=..., can_use_tool=..., env=...)``); it imports nothing
of trio_claude.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from typing import Any

import trio  # anyio runs on trio's backend when trio.run drives it

# Installed only in the official SDK's own environment, which the project's type checkers do not see.
sdk: Any = importlib.import_module("claude_agent_sdk")

ENV = {"CLAUDE_CODE_SDK_READS_SESSION_STATE": "1", "CLAUDE_AGENT_SDK_SKIP_VERSION_CHECK": "1"}


async def allow(tool_name: str, tool_input: dict[str, Any], context: Any) -> Any:
    return sdk.PermissionResultAllow()


async def permissions(cli: str, count: int, report: str) -> dict[str, Any]:
    env = {**ENV, "STANDIN_COUNT": str(count), "STANDIN_REPORT": report}
    options = sdk.ClaudeAgentOptions(cli_path=cli, can_use_tool=allow, env=env)
    async with sdk.ClaudeSDKClient(options) as client:
        await client.query("go")
        async for message in client.receive_response():
            if isinstance(message, sdk.ResultMessage) and message.is_error:
                raise RuntimeError(f"official SDK: the permission turn failed: {message}")
    latencies: list[float] = json.loads(await trio.Path(report).read_text())["latencies"]
    await trio.Path(report).unlink()
    return {"latencies": latencies}


async def turn(cli: str, count: int) -> dict[str, Any]:
    options = sdk.ClaudeAgentOptions(
        cli_path=cli, include_partial_messages=True, env={**ENV, "STANDIN_COUNT": str(count)}
    )
    seen = 0
    async with sdk.ClaudeSDKClient(options) as client:
        wall, cpu = time.perf_counter(), time.process_time()
        await client.query("go")
        async for _ in client.receive_response():
            seen += 1
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"wall": wall, "cpu": cpu, "messages": seen}


def main(argv: list[str]) -> int:
    scenario, cli, count = argv[1], argv[2], int(argv[3])
    if scenario == "s2":
        result = trio.run(permissions, cli, count, argv[4])
    elif scenario == "turn":
        trio.run(turn, cli, min(count, 100))  # warm-up, as the harness does for trio_claude
        result = trio.run(turn, cli, count)
    else:
        raise SystemExit(f"unknown scenario {scenario!r}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
