"""``python -m trio_claude``: set-up commands.

``python -m trio_claude install-cli [VERSION]`` installs the Claude Code CLI that trio_claude is tested
with (or VERSION) into the per-user cache where :func:`trio_claude.find_cli` finds it, and prints the path
of its ``claude`` program on stdout.  Each step, and npm's own output, is shown on stderr; ``--quiet``
keeps stderr to errors.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ._config._install import (
    TESTED_CLI_VERSION,
    TESTED_CLI_VERSIONS,
    CLIInstallError,
    cli_cache_dir,
    install_cli,
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trio_claude", description="trio_claude set-up commands.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    install = commands.add_parser(
        "install-cli",
        help="install the tested Claude Code CLI with npm into the per-user cache",
        description=(
            f"Install the Claude Code CLI with npm into {cli_cache_dir()}/VERSION/, where trio_claude "
            "finds it, and print the path of its `claude` program. Nothing is downloaded when that "
            "version is already there."
        ),
    )
    install.add_argument(
        "version",
        nargs="?",
        default=TESTED_CLI_VERSION,
        metavar="VERSION",
        help=f"the CLI release (default: {TESTED_CLI_VERSION}, the one trio_claude is tested with)",
    )
    install.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="show only errors on stderr (not each step, nor npm's output)",
    )
    conformance = commands.add_parser(
        "conformance",
        help="check, offline, that a Claude Code CLI does everything trio_claude relies on",
        description=(
            "Run the Claude Code CLI offline against a scripted model (a throw-away HOME: nothing of "
            "yours is touched) through every capability trio_claude relies on; print each capability's "
            "result and time, then the drift: what the CLI sent that this SDK does not type. Exits 0 "
            "only when every capability holds. Needs the 'testing' extra."
        ),
    )
    conformance.add_argument(
        "--cli", metavar="PATH", help="the CLI to check (default: the one found as usual)"
    )
    conformance.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")
    conformance.add_argument(
        "--timeout", metavar="SECONDS", type=float, default=60.0, help="how long one check may take (60)"
    )
    conformance.add_argument(
        "--jobs", metavar="N", type=int, default=4, help="how many checks run side by side (4)"
    )
    args = parser.parse_args(argv)
    if args.command == "conformance":
        return _conformance(args.cli, args.json, args.timeout, args.jobs)
    if args.command != "install-cli":
        parser.print_help(sys.stderr)
        return 2
    version: str = args.version
    if version not in TESTED_CLI_VERSIONS:
        tested = ", ".join(TESTED_CLI_VERSIONS)
        print(
            f"trio_claude: note: CLI {version} is not one trio_claude is tested with ({tested})",
            file=sys.stderr,
        )
    if not args.quiet:
        print(f"trio_claude: the Claude Code CLI {version} in {cli_cache_dir()}", file=sys.stderr, flush=True)
    try:
        path = install_cli(version, verbose=not args.quiet)
    except ValueError as exc:
        parser.error(str(exc))
    except CLIInstallError as exc:
        print(f"trio_claude: error: {exc}", file=sys.stderr)
        return 1
    print(path)
    return 0


def _conformance(cli: str | None, json_file: str | None, timeout: float, jobs: int) -> int:
    # The kit is imported here, on demand: it needs the 'testing' extra, and it is the layer above this
    # command's other imports.
    try:
        from .testing.conformance import run_command
    except ImportError as exc:
        print(f"trio_claude: error: {exc}", file=sys.stderr)
        return 2
    return run_command(cli, json_file, timeout, jobs)


if __name__ == "__main__":
    sys.exit(main())
