"""The conformance kit against the real CLI: each of its scenarios holds (the same code the kit runs for
``python -m trio_claude conformance``), the whole command passes, and the kit sees what a CLI that is newer,
or broken, sends."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
import trio
from _newer_cli import NEWER_CLI_LINES

from trio_claude.__main__ import main
from trio_claude.testing.conformance import SCENARIOS, Scenario, open_probe, run_conformance

pytestmark = pytest.mark.real_cli


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[scenario.name for scenario in SCENARIOS])
async def test_the_capability_holds(claude_cli: Path, scenario: Scenario) -> None:
    async with open_probe(claude_cli) as probe:
        with trio.fail_after(120):
            await scenario.check(probe)


def test_the_command_passes_on_this_cli(claude_cli: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    assert main(["conformance", "--cli", str(claude_cli), "--json", str(report)]) == 0
    found = json.loads(report.read_text())
    assert found["ok"] and [c["name"] for c in found["capabilities"]] == [s.name for s in SCENARIOS]


def _stand_in(tmp_path: Path, real: Path, body: str) -> Path:
    """A stand-in CLI: the real one for ``--version``, else ``body`` (``$REAL`` is the real CLI)."""
    cli = tmp_path / "claude"
    cli.write_text(
        "#!/usr/bin/env bash\n"
        f"REAL={shlex.quote(str(real))}\n"
        'if [ "$1" = --version ]; then exec "$REAL" "$@"; fi\n'
        f"{body}\n"
    )
    cli.chmod(0o700)
    return cli


async def test_the_drift_names_what_a_newer_cli_sends(claude_cli: Path, tmp_path: Path) -> None:
    # The real CLI, but first a message type, a field, a hook event, a control subtype and a capability
    # this SDK does not know.
    lines = "\n".join(json.dumps(line) for line in NEWER_CLI_LINES)
    newer = _stand_in(tmp_path, claude_cli, f'printf \'%s\\n\' {shlex.quote(lines)}\nexec "$REAL" "$@"')
    report = await run_conformance(newer, scenarios=SCENARIOS[:2])
    assert report.ok, report.text()
    assert report.launch is not None and report.launch[:3] == (str(newer), "--output-format", "stream-json")
    assert f"launched as: {newer} --output-format stream-json" in report.text()
    drift = {(item.kind, item.name): item.example for item in report.drift}
    for kind, name in [
        ("message type", "fancy_frame"),
        ("field", "KeepAlive.brand_new_field"),
        ("hook event", "PreTeleport"),
        ("control subtype", "summon_llama"),
        ("capability", "teleport_v1"),
    ]:
        assert (kind, name) in drift, report.text()
        assert f"{kind}: {name}\n      e.g. {drift[kind, name]}" in report.text()
    assert '"destination": "mars"' in drift["hook event", "PreTeleport"]


async def test_a_cli_that_drops_results_fails(claude_cli: Path, tmp_path: Path) -> None:
    drops = _stand_in(
        tmp_path, claude_cli, 'exec "$REAL" "$@" > >(exec grep --line-buffered -v \'"type":"result"\')'
    )
    report = await run_conformance(drops, scenarios=SCENARIOS[:2], scenario_timeout=20)
    assert not report.ok
    initialize, plain_turn = report.outcomes
    assert initialize.ok and not plain_turn.ok
    assert plain_turn.error == "no result within 20 s"
