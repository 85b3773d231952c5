"""Run a snippet in a fresh interpreter, where nothing has loaded the modules a test watches yet: the one
way the tests of what an import loads (``tests/test_import_cost.py``, ``tests/wire/test_lazy_*.py``) see
which modules a path takes.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Sequence

_PRELUDE = """\
import sys
WATCHED = {watched!r}
def loaded():
    return ','.join(m.rsplit('.', 1)[-1] for m in WATCHED if m in sys.modules) or '-'
"""


PLAIN_IMPORT = """
import trio_claude, trio_claude.model, trio_claude.wire, trio_claude.protocol
from trio_claude import ClaudeAgentOptions, ClaudeSession, HookMatcher, Prompt, open_query, open_session
print(loaded())
"""
"""What a program that only imports the package and the names of a plain session loads: for the checks that
it leaves a module for later (``run_fresh(PLAIN_IMPORT, watched=...) == ["-"]``)."""


def run_fresh(code: str, *args: str, watched: Sequence[str], stdin: bytes | None = None) -> list[str]:
    """The words ``code`` (dedented) prints in a fresh interpreter given ``args`` and ``stdin``.

    The snippet may call ``loaded()``: the last dotted part of each ``watched`` module loaded so far, in
    the order of ``watched``, comma-separated, or ``-`` when none is; ``sys`` is imported.
    """
    prelude = _PRELUDE.format(watched=tuple(watched))
    out = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code), *args],
        input=stdin,
        capture_output=True,
        check=True,
    )
    return out.stdout.decode().split()
