"""The conformance kit: does this Claude Code CLI still do everything trio_claude relies on?

:func:`run_conformance` runs a real CLI offline against the scripted Messages API (a throw-away ``HOME``
and config directory per scenario: nothing of yours is read or touched) through every capability the SDK
relies on, and reports each (held or not, and how long it took), then the *drift*: every message type,
field, hook event, control subtype and capability the CLI sent that this SDK does not type, each with an
example.  ``python -m trio_claude conformance [--cli PATH] [--json FILE]`` prints that report and exits 0
only when every capability holds.  Run it before you upgrade your CLI.

The scenarios (:data:`SCENARIOS`) are the ones the project's own test suite runs against its pinned CLIs.
"""

from __future__ import annotations

from ..._exports import fix_module as _fix_module
from ._command import run_command as run_command
from ._drift import Drift as Drift, DriftItem as DriftItem
from ._probe import (
    ConformanceFailure as ConformanceFailure,
    Probe as Probe,
    Scenario as Scenario,
    open_probe as open_probe,
)
from ._run import (
    SCENARIOS as SCENARIOS,
    ConformanceReport as ConformanceReport,
    Outcome as Outcome,
    run_conformance as run_conformance,
    run_scenario as run_scenario,
)

_fix_module(__name__, globals())
