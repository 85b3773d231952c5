"""Every Python sample of the migration guide (docs/migration.rst) is tested.

The "trio_claude" samples run as programs, as a user would run them, against the real CLI offline: the
environment points the CLI at the scripted model, with a throw-away HOME and project.  The "official SDK"
samples (``claude_agent_sdk`` code, which cannot run here) are compiled, and every name they import must
import from trio_claude or fail with our ImportError saying what to use instead, as the guide promises.
"""

from __future__ import annotations

import ast
import os
import re
import sys
import textwrap
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude.testing import MessagesAPI, Step, text_turn, tool_turn

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "migration.rst"
_BLOCK = re.compile(
    r"^\.\. code-block:: python\n((?:   :\w+:.*\n)*)\n((?:(?:   .*)?\n)+)", flags=re.MULTILINE
)


@attrs.frozen
class Sample:
    name: str
    caption: str
    code: str


def samples() -> list[Sample]:
    found: list[Sample] = []
    for options, body in _BLOCK.findall(GUIDE.read_text()):
        fields = dict(re.findall(r"   :(\w+): (.*)\n", options))
        found.append(Sample(fields.get("name", ""), fields.get("caption", ""), textwrap.dedent(body)))
    return found


SAMPLES = {sample.name: sample for sample in samples()}

#: What the scripted model answers each "trio_claude" sample, and the lines it must print (in order).
RUNS: dict[str, tuple[list[Step], list[str]]] = {
    "migration-query-after": ([text_turn("Blue.")], ["Blue."]),
    "migration-client-after": (
        [text_turn("Seven."), text_turn("Fourteen.")],
        ["commands", "Seven.", "Fourteen."],
    ),
    "migration-cancel-after": (
        [text_turn("1, 2, 3", stall=True), text_turn("Hi.")],
        ["turn ended: error_during_execution"],
    ),
    "migration-messages-after": ([text_turn("Read and Grep.")], ["['Grep', 'Read']", "['Grep', 'Read']"]),
    "migration-result-after": ([tool_turn("Glob", {"pattern": "*"})], ["failed: error_max_turns"]),
    "migration-hooks-after": (
        [
            tool_turn("Bash", {"command": "rm -rf build"}, id="toolu_rm"),
            tool_turn("Bash", {"command": "ls build"}, id="toolu_ls"),
            text_turn("Both were refused."),
        ],
        ["denied: ['Bash', 'Bash']"],
    ),
    "migration-forms-after": (
        [
            tool_turn("mcp__calc__divide", {"a": 1, "b": 0}),
            text_turn("It cannot be done."),
            tool_turn("mcp__calc__divide", {"a": 10, "b": 4}),
            text_turn("2.5."),
        ],
        ["It cannot be done.", "2.5."],
    ),
    "migration-options-after": (
        [],
        [
            "SystemPromptPreset ThinkingConfigEnabled",
            "claude-sonnet-4-5",
            "TypeError: ClaudeAgentOptions.allowed_tools: ",
            "argument 'max_buffer_size': use max_line_bytes",
            "ValueError: ClaudeAgentOptions.max_turns: ",
        ],
    ),
    "migration-transport-after": ([text_turn("Hello, slowly.")], ["Hello, slowly."]),
}


def test_every_sample_is_named_and_tested() -> None:
    found = samples()
    assert len(found) == len(SAMPLES), "every sample has its own :name:"
    for sample in found:
        if sample.caption == "Official SDK":
            assert sample.name.endswith("-before"), sample.name
            assert sample.name.replace("-before", "-after") in SAMPLES, (
                f"{sample.name} has no trio_claude form"
            )
        else:
            assert sample.caption == "trio_claude", sample.name
            assert sample.name in RUNS, f"{sample.name} is not run"
    assert set(RUNS) <= set(SAMPLES)


@pytest.mark.parametrize("name", [name for name in SAMPLES if name.endswith("-before")])
def test_official_samples_import_what_the_guide_says(name: str) -> None:
    tree = ast.parse(SAMPLES[name].code)  # it is valid Python
    imported = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module in ("claude_agent_sdk", "claude_agent_sdk.types")
        for alias in node.names
    ]
    assert imported, "an official sample imports from claude_agent_sdk"
    for imported_name in imported:
        namespace: dict[str, object] = {}
        try:
            exec(f"from trio_claude import {imported_name}", namespace)
        except ImportError as error:
            assert f"trio_claude has no {imported_name}" in str(error), error


@pytest.mark.real_cli
@pytest.mark.parametrize("name", list(RUNS))
async def test_trio_claude_samples_run(
    name: str,
    messages_api: MessagesAPI,
    claude_cli: Path,
    claude_home: Path,
    claude_project: Path,
    tmp_path: Path,
) -> None:
    script, expected = RUNS[name]
    messages_api.add_steps(*script)
    program = tmp_path / f"{name}.py"
    code = SAMPLES[name].code
    if name == "migration-cancel-after":  # its 5 s for a whole turn is a reader's bound, not a loaded CI's
        assert "trio.move_on_after(5)" in code
        code = code.replace("trio.move_on_after(5)", "trio.move_on_after(90)")
    program.write_text(code)
    env = messages_api.cli_env(claude_home)
    env["PATH"] = f"{claude_cli.parent}{os.pathsep}{env['PATH']}"  # (a prefixed spawn runs `claude`)
    env["TRIO_CLAUDE_CLI"] = str(claude_cli)
    with trio.fail_after(120):
        done = await trio.run_process(
            [sys.executable, str(program)], cwd=claude_project, env=env, capture_stdout=True,
            capture_stderr=True, check=False,
        )  # fmt: skip
    out, err = done.stdout.decode(), done.stderr.decode()
    assert done.returncode == 0, out + err
    lines = out.splitlines()
    positions = [next((n for n, line in enumerate(lines) if want in line), -1) for want in expected]
    assert -1 not in positions and positions == sorted(positions), out
    messages_api.assert_script_done()
