"""The fake CLI as a command: ``python -m trio_claude.testing.fake_cli --scenario NAME``, its scenarios, and
the argv or executable that runs it."""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs
import trio

from .engine import Engine
from .script import AskPermission, Crash, FakeAction, FakeCLIBehavior, FakeCLIScript, RawLine, Say, Sleep

__all__ = ["SCENARIOS", "fake_cli_command", "main", "write_fake_cli_executable"]

SCENARIOS: Mapping[str, str] = {
    "plain": "one text turn (--text)",
    "slow": "a turn that sleeps --sleep seconds (interruptible) before its text",
    "permission": "a Bash tool use that asks can_use_tool, then a text",
    "crash": "a text, then writes --stderr and exits with --exit-code mid-turn (no result)",
    "ignore-eof": "plain, but stdin EOF does not end the process",
    "ignore-sigterm": "plain, but neither stdin EOF nor SIGTERM ends the process (only SIGKILL)",
    "resume-missing": "like --resume=<missing id>: error result, stderr line, exit 1, initialize unanswered",
    "huge-line": "a stdout line of exactly --size bytes (an unknown frame type), then a text",
    "not-json": "a stdout line that is not JSON, then a text",
}
"""The named scenarios of ``python -m trio_claude.testing.fake_cli --scenario NAME``."""

_OPTIONS: Mapping[str, str] = {
    "text": "the text of the scripted answer (default: 'Hello from the fake CLI')",
    "sleep": "seconds the slow scenario sleeps (default: 30)",
    "exit_code": "exit code of the crash scenario (default: 3)",
    "stderr": "stderr text of the crash scenario",
    "size": "bytes of the huge-line scenario's line, newline included (default: 1 MiB)",
    "exit_delay": "seconds to wait before exiting after stdin EOF",
    "cli_version": "the version to report (default: 2.1.330)",
    "no_session_state": "do not write session_state_changed frames (like CLI 2.1.197)",
    "ignore_eof": "keep running after stdin EOF",
    "ignore_sigterm": "ignore SIGTERM",
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m trio_claude.testing.fake_cli",
        description="A scripted fake Claude Code CLI speaking stream-json on stdin/stdout. "
        "Flags of the real CLI are accepted (and mostly ignored).",
        allow_abbrev=False,
    )
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), help="what to play")
    parser.add_argument("--text", default="Hello from the fake CLI", help=_OPTIONS["text"])
    parser.add_argument("--sleep", type=float, default=30.0, help=_OPTIONS["sleep"])
    parser.add_argument("--exit-code", type=int, default=3, help=_OPTIONS["exit_code"])
    parser.add_argument("--stderr", default="fatal: the fake CLI crashed", help=_OPTIONS["stderr"])
    parser.add_argument("--size", type=int, default=1 << 20, help=_OPTIONS["size"])
    parser.add_argument("--exit-delay", type=float, default=0.0, help=_OPTIONS["exit_delay"])
    parser.add_argument("--cli-version", default="2.1.330", help=_OPTIONS["cli_version"])
    parser.add_argument("--no-session-state", action="store_true", help=_OPTIONS["no_session_state"])
    parser.add_argument("--ignore-eof", action="store_true", help=_OPTIONS["ignore_eof"])
    parser.add_argument("--ignore-sigterm", action="store_true", help=_OPTIONS["ignore_sigterm"])
    parser.add_argument("--version", action="store_true", help="print the version like `claude --version`")
    return parser


def _padding_line(size: int) -> bytes:
    """A JSON line of exactly ``size`` bytes (newline included), of a type no one knows."""
    head, tail = b'{"type":"fake_padding","data":"', b'"}\n'
    return head + b"x" * max(0, size - len(head) - len(tail)) + tail


def _scenario(options: argparse.Namespace) -> tuple[FakeCLIScript, FakeCLIBehavior]:
    name: str = options.scenario
    text: str = options.text
    behavior = FakeCLIBehavior(
        claude_code_version=options.cli_version,
        emit_session_state=not options.no_session_state,
        exit_on_eof=not options.ignore_eof,
        exit_delay=options.exit_delay,
        ignore_sigterm=options.ignore_sigterm,
    )
    turns: list[list[FakeAction]] = [[Say(text=text)]]
    if name == "slow":
        turns = [[Sleep(seconds=options.sleep), Say(text=text)]]
    elif name == "permission":
        command = {"command": "touch hi.txt && echo hi", "description": "Touch and print"}
        turns = [
            [
                Say(text="Let me run it."),
                AskPermission(tool_name="Bash", input=command, output="hi"),
                Say(text=text),
            ]
        ]
    elif name == "crash":
        turns = [[Say(text=text), Crash(exit_code=options.exit_code, stderr=options.stderr)]]
    elif name == "ignore-eof":
        behavior = attrs.evolve(behavior, exit_on_eof=False)
    elif name == "ignore-sigterm":
        behavior = attrs.evolve(behavior, exit_on_eof=False, ignore_sigterm=True)
    elif name == "resume-missing":
        behavior = attrs.evolve(behavior, resume_missing=True)
    elif name == "huge-line":
        turns = [[RawLine(data=_padding_line(options.size)), Say(text=text)]]
    elif name == "not-json":
        turns = [[RawLine(data=b"this is not json\n"), Say(text=text)]]
    return FakeCLIScript(turns=turns), behavior


async def _serve(script: FakeCLIScript, behavior: FakeCLIBehavior, argv: Sequence[str]) -> int:
    """Run the engine over this process's stdin/stdout/stderr; SIGTERM exits 143 at once (unless
    ignored), like the real CLI."""
    engine = Engine(
        script,
        behavior,
        argv=argv,
        cwd=os.getcwd(),
        pid=os.getpid(),
        stdin=trio.lowlevel.FdStream(0),
        stdout=trio.lowlevel.FdStream(1),
        stderr=trio.lowlevel.FdStream(2),
    )
    exit_code = 128 + signal.SIGTERM
    with trio.open_signal_receiver(signal.SIGTERM) as signals:
        async with trio.open_nursery() as nursery:

            async def run() -> None:
                nonlocal exit_code
                exit_code = await engine.run()
                nursery.cancel_scope.cancel()

            nursery.start_soon(run)
            async for _ in signals:
                if not behavior.ignore_sigterm:
                    nursery.cancel_scope.cancel()
                    break
    return exit_code


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``python -m trio_claude.testing.fake_cli --scenario NAME [options] [CLI flags]``.

    Returns the exit code (``main`` does not call :func:`sys.exit`).  Unknown arguments (the real CLI's
    flags) are accepted; ``--version`` prints ``<version> (Claude Code)``.  Exits 2 (argparse) for a
    missing or unknown scenario.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    options, _ = parser.parse_known_args(args)
    if options.version:
        sys.stdout.write(f"{options.cli_version} (Claude Code)\n")
        return 0
    if options.scenario is None:
        parser.error("--scenario is required")
    script, behavior = _scenario(options)
    return trio.run(_serve, script, behavior, ["claude", *args])


def fake_cli_command(scenario: str = "plain", **options: str | int | float | bool) -> list[str]:
    """The argv that runs the fake CLI as a subprocess: ``[sys.executable, "-m", ...]``.

    ``options`` are the scenario options by Python name (``text``, ``sleep``, ``exit_code``, ``stderr``,
    ``size``, ``exit_delay``, ``cli_version``, ``no_session_state``, ``ignore_eof``, ``ignore_sigterm``):
    ``True`` adds the flag, ``False`` leaves it out.  The child must be able to import ``trio_claude``
    (installed, or on ``PYTHONPATH``).  Raises :class:`ValueError` for an unknown scenario or option.
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown fake CLI scenario {scenario!r}; choose from {sorted(SCENARIOS)}")
    argv = [sys.executable, "-m", "trio_claude.testing.fake_cli", "--scenario", scenario]
    for name, value in options.items():
        if name not in _OPTIONS:
            raise ValueError(f"unknown fake CLI option {name!r}; choose from {sorted(_OPTIONS)}")
        flag = "--" + name.replace("_", "-")
        if value is True:
            argv.append(flag)
        elif value is not False:
            argv.append(f"{flag}={value}")
    return argv


def write_fake_cli_executable(
    directory: str | os.PathLike[str],
    scenario: str = "plain",
    *,
    name: str = "claude",
    **options: str | int | float | bool,
) -> Path:
    """Write an executable shell script ``directory/name`` that runs the fake CLI, and return its path.

    Use it as ``ClaudeAgentOptions(cli_path=...)``: the session runs it with its normal flags, which the
    fake accepts.  The script puts this ``trio_claude`` on ``PYTHONPATH`` and runs this interpreter, so it
    works from any working directory.  ``scenario`` and ``options`` are as for :func:`fake_cli_command`
    (which raises :class:`ValueError` for unknown ones).  POSIX only.
    """
    argv = fake_cli_command(scenario, **options)
    package_root = Path(__file__).resolve().parents[3]  # fake_cli, testing, trio_claude, its directory
    path = Path(directory) / name
    path.write_text(
        "#!/bin/sh\n"
        f"PYTHONPATH={shlex.quote(str(package_root))}${{PYTHONPATH:+:$PYTHONPATH}}\n"
        "export PYTHONPATH\n"
        f'exec {shlex.join(argv)} "$@"\n'
    )
    path.chmod(0o755)
    return path
