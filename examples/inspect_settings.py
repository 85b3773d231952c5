"""What settings would a session in this project see?  Resolve them without starting the CLI.

Usage: ``python examples/inspect_settings.py [PROJECT_DIR]`` (default: a throw-away project with a user,
a project and a local settings file, and a host's restrictive managed settings).  It prints the merged
settings, the tier each key came from, what the trust filter leaves of ``defaultMode``, and which models
the policy's ``deniedModels`` blocks.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import trio

from trio_claude import (
    BUILTIN_TOOL_NAMES,
    LEGACY_TOOL_NAME_ALIASES,
    USAGE_LIMIT_ERROR_PREFIXES,
    filter_escalating_default_mode,
    match_denied_models,
    resolve_settings,
)


def make_workspace(root: Path) -> tuple[Path, Path]:
    """A config dir and a project, each with settings files."""
    config, project = root / "config", root / "project"
    files = {
        config / "settings.json": {"model": "claude-opus-5-5", "permissions": {"allow": ["Read"]}},
        project / ".claude" / "settings.json": {
            "permissions": {"allow": ["Bash(npm test:*)"], "defaultMode": "acceptEdits"},
            "env": {"NODE_ENV": "test"},
        },
        project / ".claude" / "settings.local.json": {"env": {"DEBUG": "1"}},
    }
    for path, settings in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))
    return config, project


async def main(project_dir: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        config, project = make_workspace(Path(tmp)) if project_dir is None else (None, Path(project_dir))
        # The host passes restrictive policy, as `managed_settings` does for a session: only what
        # restricts is kept (the model it names here is dropped, the deny rule and denied model stay).
        managed = {
            "model": "claude-haiku-4-5",
            "permissions": {"deny": ["WebFetch"]},
            "deniedModels": ["opus"],
        }
        # resolve_settings reads files: a Trio program runs it in a worker thread.
        resolved = await trio.to_thread.run_sync(
            lambda: resolve_settings(cwd=project, config_dir=config, managed_settings=managed)
        )
    print("effective:", json.dumps(resolved.effective, sort_keys=True))
    for key, entry in sorted(resolved.provenance.items()):
        where = (entry.path and Path(entry.path).name) or entry.policy_origin
        print(f"  {key:12} from {entry.source} ({where})")
    for problem in resolved.problems:
        print("skipped:", problem.message)
    trusted = filter_escalating_default_mode(resolved)
    print("defaultMode the CLI honours:", trusted.get("permissions", {}).get("defaultMode"))
    denied = match_denied_models(
        ["claude-opus-5-5", "claude-sonnet-4-5"], resolved.effective.get("deniedModels")
    )
    print("denied:", dict(zip(["claude-opus-5-5", "claude-sonnet-4-5"], denied.denied, strict=True)))
    print(
        f"{len(BUILTIN_TOOL_NAMES)} built-in tool names; 'Task' is now {LEGACY_TOOL_NAME_ALIASES['Task']!r}"
    )
    message = "You've hit your limit · resets 5pm"
    print("a usage limit message:", message.startswith(USAGE_LIMIT_ERROR_PREFIXES))


if __name__ == "__main__":
    trio.run(main, sys.argv[1] if len(sys.argv) > 1 else None)
