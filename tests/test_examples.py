"""Every example runs (they are the docs' runnable examples)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from trio_claude.testing import SSHServer

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _run(*args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=120, check=False, env=env
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _run_refused(*args: str, env: dict[str, str]) -> str:
    """Run a program that must stop at once with a typed error (exit 1, nothing printed); its stderr."""
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=120, check=False, env=env
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout == ""
    return done.stderr


def test_decode_lines_builtin_sample() -> None:
    out = _run(str(EXAMPLES / "decode_lines.py"))
    # the unknown key is kept, and so is the CLI's null for a field an official-shaped dict leaves out
    assert "assistant [TextBlock] extra={'parent_tool_use_id': None, 'brand_new_field': 42}" in out
    assert "unknown type='something_new'" in out
    assert r"result='cut in half: \ud83d'" in out  # a lone surrogate escape, decoded and written back


def test_official_options() -> None:
    out = _run(str(EXAMPLES / "official_options.py"))
    assert "tools: ToolsPreset(preset='claude_code')" in out
    assert "thinking: ThinkingConfigEnabled(budget_tokens=4096, display=None)" in out
    assert "TypeError: ClaudeAgentOptions.allowed_tools: expected a list of tool names" in out
    assert "ValueError: ClaudeAgentOptions.max_turns: expected a positive int; got int 0" in out
    assert "'max_buffer_size': use max_line_bytes" in out


def test_sans_io() -> None:
    out = _run(str(EXAMPLES / "sans_io.py"))
    assert "no late answer" in out


@pytest.mark.real_cli
def test_offline_test_example(claude_cli: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env["TRIO_CLAUDE_CLI"] = str(claude_cli)
    out = _run("-m", "pytest", "-q", "-p", "no:cacheprovider", str(EXAMPLES / "offline_test.py"), env=env)
    assert "1 passed" in out


def _offline_env(claude_cli: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env["TRIO_CLAUDE_CLI"] = str(claude_cli)
    return env


@pytest.mark.real_cli
def test_audit_hooks_example(claude_cli: Path, tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    out = _run(str(EXAMPLES / "audit_hooks.py"), str(log), env=_offline_env(claude_cli))
    assert out.splitlines() == [
        "audit: UserPromptSubmit Prepare the report with Bash.",
        "audit: PreToolUse Bash",
        "audit: PostToolUse Bash",
        "audit: Stop The report is ready.",
    ]
    post = [line for line in log.read_text().splitlines() if '"PostToolUse"' in line]
    assert '"stdout": "report ready"' in post[0]


@pytest.mark.real_cli
def test_typed_tools_example(claude_cli: Path) -> None:
    out = _run(str(EXAMPLES / "typed_tools.py"), env=_offline_env(claude_cli)).splitlines()
    assert out[0].startswith("model calls: FileWriteInput(file_path=") and out[0].endswith(
        "content='buy milk\\n')"
    )
    assert out[1:] == [
        "policy: allowed writing 9 characters to notes.txt",
        "Write: create notes.txt",
        "model calls: BashInput(command='rm -rf .', description='Clean up')",
        "policy: rewrote 'rm -rf .'",
        "Bash printed 'not deleting anything' (interrupted: False)",
        "model calls: BashInput(command='cat notes.txt', description='Read the notes')",
        "Bash printed 'buy milk' (interrupted: False)",
        "notes.txt exists: True",
    ]


@pytest.mark.real_cli
def test_policy_hooks_example(claude_cli: Path) -> None:
    out = _run(str(EXAMPLES / "policy_hooks.py"), env=_offline_env(claude_cli)).splitlines()
    assert out[0] == "policy: allowed touch allowed.txt"
    assert "policy: forbidden sudo touch forbidden.txt" in out
    reads = [line for line in out if line.startswith("model reads: ")]
    assert len(reads) == 3 and "The policy forbids: sudo touch forbidden.txt" in reads[1]
    assert "Denied: the PreToolUse hook failed (ConnectionError: policy service unreachable)" in reads[2]
    assert out[-3:] == [
        "allowed.txt exists: True",
        "forbidden.txt exists: False",
        "during-outage.txt exists: False",
    ]


@pytest.mark.real_cli
def test_project_policy_example(claude_cli: Path) -> None:
    out = _run(str(EXAMPLES / "project_policy.py"), env=_offline_env(claude_cli))
    assert "policy: allowed Write " in out and "project/notes.txt" in out
    assert "policy: denied Write " in out and "elsewhere/stolen.txt" in out
    assert "result: success, denied: ['Write']" in out
    assert "notes.txt exists: True" in out and "stolen.txt exists: False" in out


@pytest.mark.real_cli
def test_calculator_tools(claude_cli: Path) -> None:
    out = _run(str(EXAMPLES / "calculator_tools.py"), env=_offline_env(claude_cli))
    assert "tool call: mcp__calc__calculate {'a': 6, 'b': 7, 'op': 'multiply'}" in out
    assert "tool result: 42" in out
    assert "(slow_square for tool use toolu_fake_2)" in out
    assert "tool result: 1764" in out
    assert "tool call: mcp__calc__sqrt {'n': 1764}" in out
    assert out.count("tool result: 42") == 2
    assert "done: success" in out


def test_list_sessions(tmp_path: Path) -> None:
    config = tmp_path / "claude"
    shutil.copytree(Path(__file__).parent / "data" / "claude", config)
    for path in config.rglob("*.jsonl"):
        path.chmod(0o644)
    out = _run(str(EXAMPLES / "list_sessions.py"), str(config))
    assert "251dd526-28fa-462a-921e-28b1e041b914" in out
    assert "user      first" in out and "assistant" in out
    assert "forked after the first reply" in out and "(fork)" in out
    assert "tag=reviewed" in _run(str(EXAMPLES / "list_sessions.py"), str(config))


@pytest.mark.real_cli
def test_mcp_package_server(claude_cli: Path) -> None:
    out = _run(str(EXAMPLES / "mcp_package_server.py"), env=_offline_env(claude_cli))
    assert "tool call: mcp__weather__forecast {'city': 'Paris'}" in out
    assert "tool result: Paris: sunny, 24 °C" in out
    assert "tool result: Oslo: rain, 12 °C" in out
    assert "claude: Pack the umbrella for Oslo." in out
    assert "done: success" in out


@pytest.mark.real_cli
def test_session_store_example(claude_cli: Path, tmp_path: Path) -> None:
    out = _run(str(EXAMPLES / "session_store.py"), str(tmp_path / "s.db"), env=_offline_env(claude_cli))
    assert out.splitlines()[0].startswith("worker 1: 'Paris.'; the store holds ")
    assert "worker 2: 'About two million people.'" in out
    assert (
        "worker 2's model saw the whole conversation: "
        "['What is the capital of France?', 'Paris.', 'How many people live there?']" in out
    )
    assert "the store missed" not in out


@pytest.mark.real_cli
def test_sqlite_store(claude_cli: Path, tmp_path: Path) -> None:
    database = tmp_path / "sessions.db"
    out = _run(str(EXAMPLES / "sqlite_store.py"), str(database), env=_offline_env(claude_cli))
    assert "stored: " in out and "first prompt 'What is the capital of France?'" in out
    assert out.count("  user      ") == 2 and out.count("  assistant ") == 2
    assert "listed: 'Just the capital' (the fork)" in out
    assert "listed: 'Facts about Paris' (original)" in out
    assert database.exists()


@pytest.mark.real_cli
def test_many_workers(claude_cli: Path) -> None:
    out = _run(str(EXAMPLES / "many_workers.py"), "3", env=_offline_env(claude_cli))
    assert [line.split("  ")[0] for line in out.splitlines()[:3]] == [
        "Report 1 is ready.",
        "Report 2 is ready.",
        "Report 3 is ready.",
    ]
    assert "3 of 3 workers finished" in out


@pytest.mark.real_cli
def test_many_workers_over_ssh(claude_cli: Path, sshd: SSHServer) -> None:
    env = _offline_env(claude_cli)
    env["TRIO_CLAUDE_REMOTE_CLI"] = str(claude_cli)
    out = _run(str(EXAMPLES / "many_workers.py"), "2", *sshd.ssh_command, env=env)
    assert "2 of 2 workers finished" in out


@pytest.mark.real_cli
def test_prewarm(claude_cli: Path, claude_cli_version: tuple[int, ...]) -> None:
    if claude_cli_version < (2, 1, 330):
        # A CLI without --await-claim: the example stops at once with the typed error naming the feature.
        stderr = _run_refused(str(EXAMPLES / "prewarm.py"), env=_offline_env(claude_cli))
        assert "UnsupportedOptionError" in stderr and "--await-claim" in stderr, stderr
        return
    out = _run(str(EXAMPLES / "prewarm.py"), env=_offline_env(claude_cli)).splitlines()
    assert out == [
        "parked under: .claude/spares",
        "claimed: project",
        "result: Hello from a warm start.",
        "refused: cwd_not_found",
        "result: Hello from a cold start.",
    ]


@pytest.mark.real_cli
def test_query_control(claude_cli: Path) -> None:
    out = _run(str(EXAMPLES / "query_control.py"), env=_offline_env(claude_cli)).splitlines()
    assert out == [
        "models offered: ['default']",
        "permission mode: acceptEdits",
        "tool result: written",
        "interrupted",
        "result: error_during_execution",
        "plan.md exists: True",
    ]


def test_inspect_settings() -> None:
    out = _run(str(EXAMPLES / "inspect_settings.py"))
    permissions = (
        '{"allow": ["Read", "Bash(npm test:*)"], "defaultMode": "acceptEdits", "deny": ["WebFetch"]}'
    )
    assert f'"permissions": {permissions}' in out
    assert "env          from local (settings.local.json)" in out
    assert "defaultMode the CLI honours: None" in out  # acceptEdits from the project's file is not trusted
    assert "denied: {'claude-opus-5-5': True, 'claude-sonnet-4-5': False}" in out
    assert "'Task' is now 'Agent'" in out and "a usage limit message: True" in out


@pytest.mark.real_cli
def test_approval_queue_example(claude_cli: Path) -> None:
    out = _run(str(EXAMPLES / "approval_queue.py"), env=_offline_env(claude_cli)).splitlines()
    assert out == [
        "approver: allowed Write notes.txt",
        "approver: denied Write stolen.txt",
        "result: success, denied: ['Write']",
        "notes.txt exists: True",
        "stolen.txt exists: False",
    ]


@pytest.mark.real_cli
def test_tool_policies_example(claude_cli: Path, claude_cli_version: tuple[int, ...]) -> None:
    if claude_cli_version < (2, 1, 330):
        # The CLI would ignore the policies: the example stops at once with the typed error.
        stderr = _run_refused(str(EXAMPLES / "tool_policies.py"), env=_offline_env(claude_cli))
        assert "UnsupportedOptionError" in stderr and "mcp_servers" in stderr, stderr
        return
    out = _run(str(EXAMPLES / "tool_policies.py"), env=_offline_env(claude_cli)).splitlines()
    assert out == [
        "asked about mcp__db__delete_row {'name': 'bob'}",
        "result: deleted bob; 2 rows left",
        "asked about mcp__db__delete_row {'name': 'alice'}",
        "error: alice stays",
        "error: <tool_use_error>Error: No such tool available: mcp__db__drop",
        "asked about mcp__db__vacuum {}",
        'error: MCP server "db" tool "vacuum" timed out after 2s',
        "done: success",
        "rows left: ['alice', 'carol']",
    ]


@pytest.mark.real_cli
def test_elicitation_form_example(claude_cli: Path) -> None:
    out = _run(str(EXAMPLES / "elicitation_form.py"), env=_offline_env(claude_cli)).splitlines()
    assert out == [
        "form: tickets asks 'Which project?'",
        "tool result: filed in apollo",
        "result: success: The ticket is filed.",
    ]


@pytest.mark.real_cli
def test_mcp_package_policies_example(claude_cli: Path, claude_cli_version: tuple[int, ...]) -> None:
    if claude_cli_version < (2, 1, 330):
        # The CLI would ignore the policies: the example stops at once with the typed error.
        stderr = _run_refused(str(EXAMPLES / "mcp_package_policies.py"), env=_offline_env(claude_cli))
        assert "UnsupportedOptionError" in stderr and "mcp_servers" in stderr, stderr
        return
    out = _run(str(EXAMPLES / "mcp_package_policies.py"), env=_offline_env(claude_cli)).splitlines()
    assert out == [
        "asked about mcp__db__count_rows",
        "result: 3 rows",
        "error: <tool_use_error>Error: No such tool available: mcp__db__drop",
        "done: success",
        "offered up front: mcp__db__count_rows",  # always_load (drop_table is denied: not offered at all)
        "rows left: ['alice', 'bob', 'carol']",
    ]


@pytest.mark.real_cli
def test_debug_logging_example(claude_cli: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "debug_logging.py"), "--lines"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=_offline_env(claude_cli),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Hello from the scripted model.\n"
    log = [line.split(None, 1)[1] for line in done.stderr.splitlines()]
    assert any(line.startswith("trio_claude.runtime DEBUG starting CLICommand(") for line in log)
    assert any(line.startswith("trio_claude.wire DEBUG in result success (") for line in log)
    assert any(line.startswith("trio_claude.wire TRACE in {") and '"type":"result"' in line for line in log)
    assert any(line.startswith("trio_claude.runtime DEBUG the CLI (pid ") for line in log)
