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
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
