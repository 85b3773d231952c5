"""trio_claude.launch_plan: what a session would launch, compiled from the options for one CLI version,
without starting anything."""

from __future__ import annotations

import sys
from typing import Any

import attrs
import orjson
import pytest

from trio_claude import (
    ClaudeAgentOptions,
    CLICommand,
    CLIProcess,
    LaunchPlan,
    UnsupportedOptionError,
    launch_plan,
    open_session,
)

SECRET = "sk-ant-not-for-any-log"


def _options(**changes: Any) -> ClaudeAgentOptions:
    typical: dict[str, Any] = {
        "model": "claude-sonnet-4-5",
        "max_turns": 3,
        "allowed_tools": ["Read"],
        "env": {"ANTHROPIC_API_KEY": SECRET},
        "settings": {"env": {"MY_TOKEN": SECRET}},
        "cli_path": sys.executable,  # found as given: no CLI needs installing to plan
    }
    return ClaudeAgentOptions(**{**typical, **changes})


def _flags(plan: LaunchPlan) -> list[str]:
    return list(plan.argv[1:])


def test_the_primary_cli_gets_the_settings_in_initialize() -> None:
    plan = launch_plan(_options())
    assert plan.cli_version == (2, 1, 332)
    assert _flags(plan) == [
        "--output-format",
        "stream-json",
        "--verbose",
        "--input-format",
        "stream-json",
        "--model=claude-sonnet-4-5",
        "--allowedTools=Read",
        "--max-turns=3",
        "--initialize-fields=settings",
        "--await-initialize",
    ]
    assert plan.env["ANTHROPIC_API_KEY"] == SECRET
    assert plan.env["CLAUDE_CODE_ENTRYPOINT"] == "sdk-py-trio"
    assert plan.initialize.settings == {"env": {"MY_TOKEN": SECRET}}
    assert plan.settings_file is None
    assert "settings: --initialize-fields (CLI 2.1.330 or newer)" in plan.version_gates
    line = orjson.loads(plan.stdin_prelude)
    assert line["type"] == "control_request"
    assert line["request"]["subtype"] == "initialize"
    assert line["request"]["settings"] == {"env": {"MY_TOKEN": SECRET}}


def test_the_oldest_cli_gets_the_settings_in_a_private_file_not_on_argv() -> None:
    plan = launch_plan(_options(), cli_version=(2, 1, 197))
    assert plan.argv == launch_plan(_options(), cli_version="2.1.197").argv
    assert _flags(plan)[-1] == "--settings=<private settings file>"
    assert not any(SECRET in flag for flag in plan.argv)
    assert "--await-initialize" not in plan.argv
    assert plan.settings_file == {"env": {"MY_TOKEN": SECRET}}
    assert plan.initialize.settings is None
    assert plan.version_gates == ()


def test_its_repr_hides_the_secrets() -> None:
    for version in ("2.1.332", "2.1.197"):
        shown = repr(launch_plan(_options(), cli_version=version))
        assert SECRET not in shown
        assert "'ANTHROPIC_API_KEY': '<redacted>'" in shown
        assert "stdin_prelude=<" in shown


def test_it_is_immutable() -> None:
    plan = launch_plan(_options(), cli_version="2.1.197")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        plan.argv = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        plan.env["ANTHROPIC_API_KEY"] = "other"  # type: ignore[index]
    assert plan.settings_file is not None
    with pytest.raises(TypeError):
        plan.settings_file["env"] = {}  # type: ignore[index]


def test_an_option_the_cli_lacks_is_refused_at_plan_time() -> None:
    options = _options(per_task_stop_affordance=True)
    assert "per_task_stop_affordance" in " ".join(launch_plan(options).version_gates)
    with pytest.raises(UnsupportedOptionError, match="per_task_stop_affordance"):
        launch_plan(options, cli_version="2.1.197")


def test_an_unreadable_version_is_refused() -> None:
    with pytest.raises(ValueError, match="CLI version"):
        launch_plan(_options(), cli_version="latest")


class _Launched(Exception):
    def __init__(self, command: CLICommand) -> None:
        super().__init__("recorded, not started")
        self.command = command


async def _refuse_to_start(command: CLICommand) -> CLIProcess:
    raise _Launched(command)


@pytest.mark.trio
async def test_the_plan_is_what_a_session_launches() -> None:
    options = _options(spawn=_refuse_to_start, settings=None)  # no gate: the CLI's version is not asked
    with pytest.raises(_Launched) as launched:
        async with open_session(options):
            pass  # pragma: no cover
    command = launched.value.command
    plan = launch_plan(options)
    assert plan.argv == command.argv
    assert plan.cwd == command.cwd
    assert {k: v for k, v in plan.env.items() if k != "TRACEPARENT"} == {
        k: v for k, v in command.env.items() if k != "TRACEPARENT"
    }
    sent, planned = orjson.loads(command.stdin_prelude), orjson.loads(plan.stdin_prelude)
    assert sent.pop("request_id").startswith("req_1_")
    assert planned.pop("request_id").startswith("req_1_")
    assert sent == planned
