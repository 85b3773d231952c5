"""trio_claude.launch_plan: what a session would launch, compiled from the options for one CLI version,
without starting anything."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

import attrs
import orjson
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    CLICommand,
    CLIProcess,
    HookMatcher,
    LaunchPlan,
    UnsupportedOptionError,
    launch_plan,
    open_session,
)
from trio_claude.testing import write_fake_cli_executable

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


_COMPILERS = {"build_command", "build_initialize", "register_hooks", "compile_plan"}
_LAUNCH_MODULES = ("_config._command", "_config._initialize", "_config._mcp_servers", "_config._hooks")


class _Calls:
    """Who calls what of the modules that turn options into a launch (a profile hook)."""

    def __init__(self) -> None:
        self.compiled: list[tuple[str, str]] = []
        """(function, calling module) for each call of a compiling function."""
        self.from_runtime: set[str] = set()
        """The launch modules' functions the runtime calls itself."""

    def __call__(self, frame: FrameType, event: str, arg: object) -> None:
        if event != "call" or frame.f_back is None:
            return
        module = str(frame.f_globals.get("__name__", ""))
        caller = str(frame.f_back.f_globals.get("__name__", ""))
        if module == caller or not module.startswith("trio_claude."):
            return
        name = frame.f_code.co_name
        if name in _COMPILERS:
            self.compiled.append((name, caller))
        if module.endswith(_LAUNCH_MODULES) and caller.startswith("trio_claude._runtime"):
            self.from_runtime.add(name)


@pytest.mark.trio
@pytest.mark.parametrize("cli_version", ["2.1.332", "2.1.197"])
async def test_a_session_compiles_its_options_once_and_launches_the_plan(
    tmp_path: Path, cli_version: str
) -> None:
    async def hook(hook_input: Any, tool_use_id: str | None, context: Any) -> dict[str, Any]:
        return {}  # pragma: no cover

    cli = write_fake_cli_executable(tmp_path, cli_version=cli_version)
    # Settings are gated (the CLI's version is asked first); on 2.1.197 they go to a private file.
    options = _options(cli_path=cli, hooks={"PreToolUse": [HookMatcher(hooks=[hook])]}, env={})
    calls = _Calls()
    sys.setprofile(calls)
    try:
        async with open_session(options) as session:
            sys.setprofile(None)
            plan = session._core.plan  # pyright: ignore[reportPrivateUsage]
            reinitialized = session._core.handlers.hooks.initialize_config  # pyright: ignore[reportPrivateUsage]
    finally:
        sys.setprofile(None)
    assert sorted(calls.compiled) == [
        ("build_command", "trio_claude._config._plan"),
        ("build_initialize", "trio_claude._config._plan"),
        ("compile_plan", "trio_claude._runtime._launch"),
        ("register_hooks", "trio_claude._config._plan"),
        ("register_hooks", "trio_claude._handlers._hooks"),  # the handlers' table of the same callbacks
    ]
    # Besides the plan, the runtime only decides whether to ask the CLI its version (and how), adapts the
    # options to that version, and checks the CLI's answers against what the plan asked.
    assert calls.from_runtime <= {
        "needs_cli_version",
        "is_spare",
        "version_command",
        "adapt_to_cli",
        "hooks_first",
        "check_reported_version",
        "check_launch_fields_applied",
    }, calls.from_runtime
    assert plan.cli_version == tuple(map(int, cli_version.split(".")))
    assert plan.initialize.hooks == reinitialized
    expected = launch_plan(options, cli_version=cli_version)
    assert plan.initialize == expected.initialize
    assert plan.version_gates == expected.version_gates
    settings = [flag for flag in plan.argv if flag.startswith("--settings=")]
    if cli_version == "2.1.197":
        assert plan.settings_file == {"env": {"MY_TOKEN": SECRET}}
        assert len(settings) == 1 and settings[0] != "--settings=<private settings file>"
        assert not await trio.Path(settings[0].removeprefix("--settings=")).exists()  # removed at the end
    else:
        assert plan.settings_file is None and not settings
