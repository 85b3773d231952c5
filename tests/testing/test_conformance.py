"""The conformance kit without a real CLI: its drift walk, a CLI that never answers ``initialize``, and the
command without the ``testing`` extra (its scenarios against the real CLI: tests/e2e/test_conformance.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _newer_cli import NEWER_CLI_LINES

from trio_claude.__main__ import main
from trio_claude.testing.conformance import Drift
from trio_claude.wire import decode_line

from .test_pytest_plugin import WITHOUT_THE_EXTRA


def _drift_of(lines: list[dict[str, Any]]) -> dict[tuple[str, str], str]:
    drift = Drift()
    for line in lines:
        drift.observe(decode_line(json.dumps(line)))
    return {(item.kind, item.name): item.example for item in drift.items}


def test_the_drift_names_each_unknown_thing_with_an_example() -> None:
    found = _drift_of(NEWER_CLI_LINES)
    assert set(found) == {
        ("message type", "fancy_frame"),
        ("field", "KeepAlive.brand_new_field"),
        ("hook event", "PreTeleport"),
        ("control subtype", "summon_llama"),
        ("capability", "teleport_v1"),
    }
    assert json.loads(found["message type", "fancy_frame"]) == NEWER_CLI_LINES[0]
    assert found["field", "KeepAlive.brand_new_field"] == '"surprise"'
    assert "mars" in found["hook event", "PreTeleport"]
    assert '"count": 2' in found["control subtype", "summon_llama"]


def test_known_things_are_no_drift() -> None:
    # A known frame's explicit null (kept for re-encoding), a key left untyped on purpose, known capabilities.
    drift = Drift()
    result: dict[str, Any] = {
        "type": "result",
        "subtype": "success",
        "session_id": "s",
        "is_error": False,
        "duration_ms": 1,
        "duration_api_ms": 1,
        "num_turns": 1,
        "total_cost_usd": 0,
        "usage": {},
        "stop_reason": None,
        "safety_stops": 0,
    }
    drift.observe(decode_line(json.dumps(result)))
    drift.observe(decode_line(json.dumps({**NEWER_CLI_LINES[-1], "capabilities": ["interrupt_receipt_v1"]})))
    assert drift.items == []
    assert drift.untyped_on_purpose == {("ResultMessage", "safety_stops")}


def _never_initializes(tmp_path: Path) -> Path:
    """A stand-in CLI that tells its version and then never answers anything."""
    cli = tmp_path / "claude"
    cli.write_text(
        '#!/bin/sh\nif [ "$1" = --version ]; then echo "2.1.330 (Claude Code)"; exit 0; fi\nexec sleep 600\n'
    )
    cli.chmod(0o700)
    return cli


def test_a_cli_that_never_answers_initialize_fails_the_kit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.json"
    argv = [
        "conformance",
        "--cli",
        str(_never_initializes(tmp_path)),
        "--timeout",
        "3",
        "--json",
        str(report),
    ]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "Claude Code CLI 2.1.330" in out
    first, *others = json.loads(report.read_text())["capabilities"]
    assert first == {"name": "initialize", "ok": False, "seconds": first["seconds"], "error": first["error"]}
    assert first["error"] == "no result within 3 s" and 3 <= first["seconds"] < 30
    assert others and all(other["ok"] is None for other in others)  # not run
    assert "initialize" in out and "FAILED" in out and "not run" in out and "0 of " in out


def test_the_command_without_the_extra_names_it() -> None:
    code = WITHOUT_THE_EXTRA + "from trio_claude.__main__ import main\nsys.exit(main(['conformance']))\n"
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False, env=env
    )
    assert done.returncode == 2, done.stderr
    assert "pip install 'trio_claude[testing]'" in done.stderr
