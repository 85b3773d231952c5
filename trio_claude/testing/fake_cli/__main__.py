"""Run the fake Claude Code CLI as a process: ``python -m trio_claude.testing.fake_cli --scenario NAME``.

See :func:`trio_claude.testing.fake_cli_command` and :data:`trio_claude.testing.SCENARIOS`; ``--help``
lists the options.
"""

from __future__ import annotations

from .command import main

if __name__ == "__main__":
    raise SystemExit(main())
