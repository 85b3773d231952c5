"""``resolve_settings`` and ``filter_escalating_default_mode``.

The main test replays workspaces on which the TypeScript SDK 0.3.330's ``resolveSettings`` was run (under
node, with the managed settings directory bound over ``/etc/claude-code``): ``tests/data/settings/
resolve_settings_ts.json`` holds each workspace's files and options and the TypeScript answer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trio_claude import ResolvedSettings, filter_escalating_default_mode, resolve_settings

DATA = Path(__file__).parent / "data" / "settings" / "resolve_settings_ts.json"
CASES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["cases"]
# Where the TypeScript answer differs on purpose (docs/settings.rst): the CLI checks each file against its
# settings schema and drops what it cannot use; we keep the values as written.
SCHEMA_CHECKED = {"schema drops a bad file"}


def _workspace(tmp_path: Path, files: dict[str, str | None]) -> dict[str, Path]:
    dirs = {name: tmp_path / name for name in ("config", "project", "managed")}
    for directory in dirs.values():
        directory.mkdir()
    for relative, content in files.items():
        base, _, rest = relative.partition("/")
        path = dirs[base] / rest
        path.parent.mkdir(parents=True, exist_ok=True)
        if content is None:
            path.mkdir()
        else:
            path.write_text(content, encoding="utf-8")
    return dirs


def _as_ts(resolved: ResolvedSettings, dirs: dict[str, Path]) -> dict[str, Any]:
    """Our answer in the TypeScript SDK's JSON shape, paths as ``{config}``/``{project}``."""

    def entry(source: str, path: str | None, origin: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {"source": source}
        if path is not None:
            out["path"] = path
        if origin is not None:
            out["policyOrigin"] = origin
        return out

    answer = {
        "effective": resolved.effective,
        "provenance": {k: entry(v.source, v.path, v.policy_origin) for k, v in resolved.provenance.items()},
        "sources": [
            {**entry(s.source, s.path, s.policy_origin), "settings": s.settings} for s in resolved.sources
        ],
        "machinePolicy": {"didNotLoad": list(resolved.machine_policy.did_not_load) or False},
    }
    text = json.dumps(answer)
    for name, directory in dirs.items():
        text = text.replace(str(directory), "{" + name + "}")
    return json.loads(text)  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_agrees_with_the_typescript_sdk(case: dict[str, Any], tmp_path: Path) -> None:
    if case["name"] in SCHEMA_CHECKED:
        pytest.skip("the CLI's schema checks are not repeated (docs/settings.rst)")
    dirs = _workspace(tmp_path, case["files"])
    opts = case["opts"]
    resolved = resolve_settings(
        cwd=dirs["project"],
        setting_sources=opts.get("settingSources"),
        managed_settings=opts.get("managedSettings"),
        server_managed_settings=opts.get("serverManagedSettings"),
        config_dir=dirs["config"],
        managed_dir=dirs["managed"],
    )
    expected = case["expected"]
    ours = _as_ts(resolved, dirs)
    assert ours["effective"] == expected["resolved"]["effective"]
    assert ours["provenance"] == expected["resolved"]["provenance"]
    assert ours["sources"] == expected["resolved"]["sources"]
    assert ours["machinePolicy"] == expected["resolved"]["machinePolicy"]
    filtered = json.loads(
        json.dumps(filter_escalating_default_mode(resolved)).replace(str(dirs["project"]), "{project}")
    )
    assert filtered == expected["filtered"]
