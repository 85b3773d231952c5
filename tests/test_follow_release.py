"""``tools/follow_release.py``, the one command that follows a Claude Code release (docs/releases.rst): its
comparison of two ``.d.ts`` versions names what a release added, removed and changed; the SDK of a CLI
release; the conformance kit's hook point; and ``./dev follow-release`` runs it."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
PINNED_D_TS = (ROOT / "tests" / "data" / "sdk" / "sdk.d.ts").read_text(encoding="utf-8")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("follow_release", ROOT / "tools" / "follow_release.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["follow_release"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


tool = _tool()

OLD = """\
/** A request. */
export declare type McpCall = {
    tool: string;
    /** Old words. */
    timeout_ms?: number;
};
export declare type Reason = 'a' | 'b';
export declare type Input = A | B;
declare type Gone = {
    x: string;
};
/** Said once. */
export declare type Same = { y: number };
"""

NEW = """\
/** A request. */
export declare type McpCall = {
    tool: string;
    /** New words. */
    timeout_ms?: number;
    soft_error_result?: boolean;
};
export declare type Reason = 'a' | 'b' | 'c';
export declare type Input = A | B | C;
export declare type Fresh = {
    z: string;
};
/** Said twice. */
export declare type Same = { y: number };
"""


def test_the_comparison_names_each_change() -> None:
    comparison = tool.compare(OLD, NEW)
    assert comparison.new == ["Fresh"]
    assert comparison.removed == ["Gone"]
    assert comparison.changed == {
        "Input": ["+C"],
        "McpCall": ["+soft_error_result"],
        "Reason": ["+'c'"],
    }
    assert comparison.comments_only == ["Same"]
    assert list(tool.describe("sdk.d.ts", comparison))[1:] == [
        "  new:     Fresh",
        "  removed: Gone",
        "  changed: Input (+C)",
        "  changed: McpCall (+soft_error_result)",
        "  changed: Reason (+'c')",
        "  comments only: Same",
    ]
    assert tool.compare(NEW, NEW).empty
    assert list(tool.describe("x", tool.compare(NEW, NEW))) == [
        "x: 0 lines added, 0 removed",
        "  no declaration changed",
    ]


def test_a_release_of_the_pinned_declarations_reads_as_its_additions() -> None:
    # 0.3.332 as it would read against a copy without two of its additions.
    older = PINNED_D_TS.replace(" | 'sideload_flags_disabled'", "").replace(
        "    soft_error_result?: boolean;\n", ""
    )
    changed = tool.compare(older, PINNED_D_TS).changed
    assert changed["SDKStartupFailureReason"] == ["+'sideload_flags_disabled'"]
    assert changed["SDKControlMcpCallRequest"] == ["+soft_error_result"]
    assert len(changed) == 2


def test_the_sdk_of_a_cli_release() -> None:
    assert tool.pinned_sdk_version() == "0.3.332"
    assert tool.sdk_version_for("2.1.340") == "0.3.340"


def test_the_conformance_kit_plugs_in_by_its_command() -> None:
    # Until `python -m trio_claude conformance` exists the step is skipped, not failed.
    ok, lines = tool.conformance_kit(Path("claude"), ROOT / "unused.json")
    has_kit = (
        subprocess.run(
            [sys.executable, "-m", "trio_claude", "conformance", "--help"], capture_output=True, check=False
        ).returncode
        == 0
    )
    assert (ok is None) is not has_kit
    if not has_kit:
        assert lines == ["not available in this trio_claude yet (python -m trio_claude conformance)"]


def test_dev_runs_it() -> None:
    # Not `./dev follow-release --help`: ./dev first brings .venv in step with pyproject.toml (pip install
    # -e), which in a worktree sharing another checkout's .venv would repoint it here.
    usage = subprocess.run([str(ROOT / "dev"), "help"], capture_output=True, text=True, check=True).stdout
    assert "follow-release VERSION" in usage
    assert 'exec "$VENV_PY" tools/follow_release.py "$@"' in (ROOT / "dev").read_text(encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "follow_release.py"), "--help"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "the candidate Claude Code CLI release" in done.stdout


def test_accept_pins_the_candidate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # On a copy of the files it edits: the declarations, the tool types, the three pins.
    edited = [
        "tests/data/sdk/sdk.d.ts",
        "tests/data/sdk/sdk-tools.d.ts",
        "tests/data/sdk/README.md",
        ".ci/cli-versions",
        "trio_claude/_config/_install.py",
        "docs/parity.toml",
    ]
    for path in edited:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / path, tmp_path / path)
    for path in ("trio_claude/model/tools", "trio_claude/wire"):
        (tmp_path / path).mkdir(parents=True, exist_ok=True)
    candidate = tmp_path / "package"
    candidate.mkdir()
    (candidate / "sdk.d.ts").write_text(PINNED_D_TS + "export declare type Fresh = 'x';\n", encoding="utf-8")
    sdk_tools = (ROOT / "tests" / "data" / "sdk" / "sdk-tools.d.ts").read_text(encoding="utf-8")
    (candidate / "sdk-tools.d.ts").write_text(sdk_tools, encoding="utf-8")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "PINNED", tmp_path / "tests" / "data" / "sdk")

    tool.accept("2.1.340", "0.3.340", candidate)

    assert (tmp_path / "tests/data/sdk/sdk.d.ts").read_text(encoding="utf-8").endswith("Fresh = 'x';\n")
    readme = (tmp_path / "tests/data/sdk/README.md").read_text(encoding="utf-8")
    assert "0.3.340" in readme and "2.1.340" in readme and "0.3.332" not in readme
    assert "primary=2.1.340\noldest=2.1.197" in (tmp_path / ".ci/cli-versions").read_text()
    assert '("2.1.340", "2.1.197")' in (tmp_path / "trio_claude/_config/_install.py").read_text()
    assert 'ts = "@anthropic-ai/claude-agent-sdk 0.3.340"' in (tmp_path / "docs/parity.toml").read_text()
    outputs = (tmp_path / "trio_claude/model/tools/_outputs.py").read_text(encoding="utf-8")
    assert "(CLI 2.1.340)" in outputs
    assert outputs.replace("2.1.340", "2.1.332") == (ROOT / "trio_claude/model/tools/_outputs.py").read_text()


def test_a_failing_step_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    def run(step: object) -> None:
        command = [sys.executable, "-c", "import sys; sys.exit('npm error 404 no such version')"]
        subprocess.run(command, check=True, capture_output=True, text=True)

    step = tool.timed("pack the SDK", run)
    assert step.ok is False
    assert step.lines[-1] == "  npm error 404 no such version"
    assert "npm error 404" in capsys.readouterr().out


def test_what_follows_two_dashes_goes_to_the_suite() -> None:
    args, pytest_args = tool.parse_args(["2.1.340", "--no-tests", "--", "tests/e2e/test_hooks.py", "-x"])
    assert (args.version, args.no_tests, args.accept) == ("2.1.340", True, False)
    assert pytest_args == ["tests/e2e/test_hooks.py", "-x"]
    args, pytest_args = tool.parse_args(["2.1.340", "--accept"])
    assert (args.version, args.accept, pytest_args) == ("2.1.340", True, [])
