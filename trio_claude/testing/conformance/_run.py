"""Running the conformance scenarios against one CLI, and the report: capability · result · time, then the
drift."""

from __future__ import annotations

import os
import shlex
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import trio

from ... import ClaudeAgentOptions, launch_plan
from ..._config._discovery import parse_version
from . import _basics, _hooks, _mcp, _permissions, _sessions
from ._drift import DriftItem
from ._probe import ConformanceFailure, Probe, Scenario, open_probe

SCENARIOS: tuple[Scenario, ...] = (
    *_basics.SCENARIOS,
    *_permissions.SCENARIOS,
    *_hooks.SCENARIOS,
    *_mcp.SCENARIOS,
    *_sessions.SCENARIOS,
)
"""Every capability the kit checks, in order; the first, ``initialize``, is what every other one needs."""

DEFAULT_TIMEOUT = 60.0
"""How long one scenario may take (seconds)."""

DEFAULT_JOBS = 4
"""How many scenarios run side by side (each starts one CLI at a time)."""

VERSION_TIMEOUT = 30.0
"""How long ``claude --version`` may take (seconds)."""

ERROR_WIDTH = 300


@attrs.frozen(kw_only=True)
class Outcome:
    """One scenario's result: ``ok`` (``None``: not run, since ``initialize`` failed), how long it took,
    and why it failed."""

    name: str
    ok: bool | None
    seconds: float = 0.0
    error: str | None = None

    @property
    def result(self) -> str:
        """``ok``, ``FAILED`` or ``not run``."""
        return "not run" if self.ok is None else "ok" if self.ok else "FAILED"


@attrs.frozen(kw_only=True)
class ConformanceReport:
    """What :func:`run_conformance` found: the CLI, each capability's outcome, and the drift."""

    cli: str
    version: str | None
    launch: tuple[str, ...] | None = None
    """How a session with plain options launches this CLI (the argv of its :class:`~trio_claude.LaunchPlan`;
    ``None`` when the CLI's version is unknown)."""
    outcomes: tuple[Outcome, ...]
    drift: tuple[DriftItem, ...]
    untyped_on_purpose: int
    """How many keys the CLI sent that this SDK leaves untyped on purpose (internal CLI fields)."""
    seconds: float

    @property
    def ok(self) -> bool:
        """Whether every capability holds."""
        return all(outcome.ok for outcome in self.outcomes)

    def text(self) -> str:
        """The report as printed: the table, then the drift."""
        width = max(len(outcome.name) for outcome in self.outcomes)
        lines = [
            f"Claude Code CLI {self.version or '(version unknown)'}: {self.cli}",
            *([f"launched as: {shlex.join(self.launch)}"] if self.launch else []),
            "",
            f"{'capability':<{width}}  result   time",
            f"{'-' * width}  -------  ------",
        ]
        for outcome in self.outcomes:
            lines.append(f"{outcome.name:<{width}}  {outcome.result:<7}  {outcome.seconds:5.1f} s")
            if outcome.error:
                lines.append(f"{'':<{width}}    {outcome.error}")
        held = sum(1 for outcome in self.outcomes if outcome.ok)
        lines += ["", f"{held} of {len(self.outcomes)} capabilities hold ({self.seconds:.0f} s)", ""]
        on_purpose = f" ({self.untyped_on_purpose} internal CLI fields left untyped on purpose)"
        if self.drift:
            lines.append(
                f"drift: {len(self.drift)} thing(s) the CLI sent that this SDK does not type{on_purpose}"
            )
            lines += [f"  {item.kind}: {item.name}\n      e.g. {item.example}" for item in self.drift]
        else:
            lines.append(f"drift: none: everything the CLI sent is typed{on_purpose}")
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        """The report as JSON (``--json``)."""
        return {
            "cli": self.cli,
            "version": self.version,
            "launch": None if self.launch is None else list(self.launch),
            "ok": self.ok,
            "seconds": round(self.seconds, 2),
            "capabilities": [
                {"name": o.name, "ok": o.ok, "seconds": round(o.seconds, 2), "error": o.error}
                for o in self.outcomes
            ],
            "drift": [{"kind": i.kind, "name": i.name, "example": i.example} for i in self.drift],
            "untyped_on_purpose": self.untyped_on_purpose,
        }


async def run_scenario(
    probe: Probe, scenario: Scenario, scenario_timeout: float = DEFAULT_TIMEOUT
) -> Outcome:
    """Run one scenario against ``probe``'s CLI, bounded by ``scenario_timeout`` seconds."""
    started = time.monotonic()
    try:
        with trio.fail_after(scenario_timeout):
            await scenario.check(probe)
    except trio.TooSlowError:
        error = f"no result within {scenario_timeout:g} s"
    except ConformanceFailure as exc:
        error = f"expected {exc}"
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"
    else:
        return Outcome(name=scenario.name, ok=True, seconds=time.monotonic() - started)
    error = " ".join(error.split())
    if len(error) > ERROR_WIDTH:
        error = f"{error[: ERROR_WIDTH - 3]}..."
    return Outcome(name=scenario.name, ok=False, seconds=time.monotonic() - started, error=error)


async def run_conformance(
    cli: str | os.PathLike[str],
    *,
    scenario_timeout: float = DEFAULT_TIMEOUT,
    jobs: int = DEFAULT_JOBS,
    scenarios: Sequence[Scenario] = SCENARIOS,
    on_outcome: Callable[[Outcome], None] = lambda outcome: None,
) -> ConformanceReport:
    """Check every capability in ``scenarios`` against the real CLI at ``cli``, offline (a throw-away
    ``HOME`` and config directory per scenario, the scripted Messages API), and collect the drift.

    The first scenario (``initialize``) runs alone: when it fails, the others are not run; then up to
    ``jobs`` run side by side, each for at most ``scenario_timeout`` seconds.  ``on_outcome`` is called as
    each scenario ends."""
    started = time.monotonic()
    version = await cli_version(Path(cli))
    outcomes: list[Outcome | None] = [None] * len(scenarios)
    limiter = trio.CapacityLimiter(jobs)

    async def run(index: int) -> None:
        async with limiter:
            outcome = await run_scenario(probe.fork(str(index)), scenarios[index], scenario_timeout)
        outcomes[index] = outcome
        on_outcome(outcome)

    async with open_probe(Path(cli)) as probe:
        if scenarios:
            await run(0)
        async with trio.open_nursery() as nursery:
            for index, scenario in enumerate(scenarios[1:], start=1):
                if outcomes[0] is not None and outcomes[0].ok:
                    nursery.start_soon(run, index)
                else:
                    skipped = outcomes[index] = Outcome(name=scenario.name, ok=None)
                    on_outcome(skipped)
        probe.read_drift()
    plan = None if version is None else launch_plan(ClaudeAgentOptions(cli_path=cli), cli_version=version)
    return ConformanceReport(
        cli=str(cli),
        version=version,
        launch=None if plan is None else plan.argv,
        outcomes=tuple(outcome for outcome in outcomes if outcome is not None),
        drift=tuple(probe.drift.items),
        untyped_on_purpose=len(probe.drift.untyped_on_purpose),
        seconds=time.monotonic() - started,
    )


async def cli_version(cli: Path) -> str | None:
    """The version ``cli --version`` prints (``None`` when it prints none in time)."""
    with trio.move_on_after(VERSION_TIMEOUT):
        try:
            done = await trio.run_process([str(cli), "--version"], capture_stdout=True, check=False)
        except OSError:
            return None
        version = parse_version(done.stdout.decode(errors="replace"))
        return ".".join(map(str, version)) if version else None
    return None
