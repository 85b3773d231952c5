"""``resolve_settings`` and ``filter_escalating_default_mode``.

The main test replays workspaces on which the TypeScript SDK 0.3.330's ``resolveSettings`` was run (under
node, with the managed settings directory bound over ``/etc/claude-code``): ``tests/data/settings/
resolve_settings_ts.json`` holds each workspace's files and options and the TypeScript answer.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import assume, given, strategies as st

from trio_claude import ResolvedSettings, filter_escalating_default_mode, resolve_settings
from trio_claude._config._settings_merge import merge_settings

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


AGREEING = [case for case in CASES if case["name"] not in SCHEMA_CHECKED]


@pytest.mark.parametrize("case", AGREEING, ids=[case["name"] for case in AGREEING])
def test_agrees_with_the_typescript_sdk(case: dict[str, Any], tmp_path: Path) -> None:
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


# -- unit tests ------------------------------------------------------------------------------------------


def _resolve(dirs: dict[str, Path], **kwargs: Any) -> ResolvedSettings:
    return resolve_settings(
        cwd=dirs["project"], config_dir=dirs["config"], managed_dir=dirs["managed"], **kwargs
    )


def test_a_file_that_is_skipped_is_named(tmp_path: Path) -> None:
    dirs = _workspace(
        tmp_path,
        {
            "config/settings.json": "{oops",
            "project/.claude/settings.json": "[]",
            "project/.claude/settings.local.json/": None,
            "managed/managed-settings.json": '{"model": NaN}',
        },
    )
    resolved = _resolve(dirs)
    assert resolved.effective == {} and resolved.sources == ()
    assert [(p.source, p.path) for p in resolved.problems] == [
        ("user", str(dirs["config"] / "settings.json")),
        ("project", str(dirs["project"] / ".claude" / "settings.json")),
        ("local", str(dirs["project"] / ".claude" / "settings.local.json")),
        ("managed", str(dirs["managed"] / "managed-settings.json")),
    ]
    messages = [p.message for p in resolved.problems]
    assert "is not valid JSON" in messages[0] and "is not a JSON object" in messages[1]
    assert "could not be read" in messages[2] and "is not valid JSON" in messages[3]
    assert all(str(p.path) in p.message for p in resolved.problems)
    assert resolved.machine_policy.did_not_load == ("file",)


def test_a_file_that_is_not_utf8_is_skipped(tmp_path: Path) -> None:
    dirs = _workspace(tmp_path, {})
    (dirs["config"] / "settings.json").write_bytes(b'{"model": "\xff"}')
    [problem] = _resolve(dirs).problems
    assert "UTF-8" in problem.message


def test_a_byte_order_mark_is_read_past(tmp_path: Path) -> None:
    dirs = _workspace(tmp_path, {})
    (dirs["config"] / "settings.json").write_bytes(b'\xef\xbb\xbf{"model": "m"}')
    assert _resolve(dirs).effective == {"model": "m"}


def test_setting_sources_are_checked_at_once(tmp_path: Path) -> None:
    dirs = _workspace(tmp_path, {})
    with pytest.raises(
        ValueError, match=r"setting_sources: unknown source 'users' \(accepted: user, project, local\)"
    ):
        _resolve(dirs, setting_sources=["users"])
    with pytest.raises(TypeError, match="setting_sources must be a list"):
        _resolve(dirs, setting_sources="user")


def test_the_settings_argument_is_the_flag_tier(tmp_path: Path) -> None:
    dirs = _workspace(
        tmp_path,
        {"config/settings.json": '{"model": "u", "env": {"A": "1"}}', "project/extra.json": '{"model": "f"}'},
    )
    as_mapping = _resolve(dirs, settings={"env": {"B": "2"}})
    assert as_mapping.effective == {"model": "u", "env": {"A": "1", "B": "2"}}
    assert as_mapping.provenance["env"].source == "flag" and as_mapping.provenance["env"].path is None
    as_text = _resolve(dirs, settings='{"model": "t"}')
    assert as_text.effective["model"] == "t"
    as_file = _resolve(dirs, settings="extra.json")  # relative to cwd, as the CLI reads --settings
    assert as_file.provenance["model"].path == str(dirs["project"] / "extra.json")
    bad = _resolve(dirs, settings="{nope")
    assert bad.effective["model"] == "u" and "settings is not valid JSON" in bad.problems[0].message
    missing = _resolve(dirs, settings="missing.json")
    assert missing.problems == () and missing.effective["model"] == "u"


def test_the_config_dir_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dirs = _workspace(
        tmp_path,
        {"config/settings.json": '{"model": "env"}', "config/cowork_settings.json": '{"model": "cowork"}'},
    )
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(dirs["config"]))
    monkeypatch.delenv("CLAUDE_CODE_USE_COWORK_PLUGINS", raising=False)
    resolved = resolve_settings(cwd=dirs["project"], managed_dir=dirs["managed"])
    assert resolved.effective == {"model": "env"}
    assert resolved.provenance["model"].path == str(dirs["config"] / "settings.json")
    monkeypatch.setenv("CLAUDE_CODE_USE_COWORK_PLUGINS", "1")
    assert resolve_settings(cwd=dirs["project"], managed_dir=dirs["managed"]).effective == {"model": "cowork"}


def test_the_cwd_defaults_to_the_current_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dirs = _workspace(tmp_path, {"project/.claude/settings.json": '{"model": "here"}'})
    monkeypatch.chdir(dirs["project"])
    resolved = resolve_settings(config_dir=dirs["config"], managed_dir=dirs["managed"])
    assert resolved.effective == {"model": "here"}


def test_the_managed_directory_is_the_platforms() -> None:
    from trio_claude import managed_settings_dir

    assert str(managed_settings_dir()) in (
        "/etc/claude-code",
        "/Library/Application Support/ClaudeCode",
        "C:\\Program Files\\ClaudeCode",
    )


def test_filter_escalating_default_mode_leaves_the_resolved_settings_alone(tmp_path: Path) -> None:
    dirs = _workspace(
        tmp_path, {"project/.claude/settings.json": '{"permissions": {"defaultMode": "acceptEdits"}}'}
    )
    resolved = _resolve(dirs)
    assert filter_escalating_default_mode(resolved) == {"permissions": {}}
    assert resolved.effective == {"permissions": {"defaultMode": "acceptEdits"}}


# -- the merge, as laws ------------------------------------------------------------------------------------

_LEAF = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b", "c"])
_JSON: st.SearchStrategy[Any] = st.recursive(
    _LEAF,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["k", "x", "fallbackModel", "modelPicker", "managedMcpServers"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=10,
)
_SETTINGS = st.dictionaries(
    st.sampled_from(["model", "env", "permissions", "fallbackModel", "xs"]), _JSON, max_size=4
)


def _kinds_agree(a: object, b: object) -> bool:
    """Every path holds the same kind of value in both (no object over a scalar): where merging is a
    plain deep merge."""
    if isinstance(a, dict) and isinstance(b, dict):
        left, right = cast("dict[str, Any]", a), cast("dict[str, Any]", b)
        return all(_kinds_agree(left[k], right[k]) for k in left.keys() & right.keys())
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list)
    return type(a) is type(b)  # pyright: ignore[reportUnknownArgumentType]


@given(a=_SETTINGS)
def test_the_empty_settings_are_neutral(a: dict[str, Any]) -> None:
    assert merge_settings({}, a) == a
    assert merge_settings(a, {}) == a


@given(a=_SETTINGS, b=_SETTINGS)
def test_merging_leaves_its_arguments_alone_and_the_higher_scalar_wins(
    a: dict[str, Any], b: dict[str, Any]
) -> None:
    before = copy.deepcopy((a, b))
    merged = merge_settings(a, b)
    assert (a, b) == before
    assert merged.keys() == a.keys() | b.keys()
    for key, value in b.items():
        if not isinstance(value, (dict, list)):
            assert merged[key] == value


@given(a=_SETTINGS, b=_SETTINGS, c=_SETTINGS)
def test_merging_is_associative_where_the_kinds_agree(
    a: dict[str, Any], b: dict[str, Any], c: dict[str, Any]
) -> None:
    assume(_kinds_agree(a, b) and _kinds_agree(b, c) and _kinds_agree(a, c))
    assert merge_settings(merge_settings(a, b), c) == merge_settings(a, merge_settings(b, c))


@given(a=st.lists(_LEAF, max_size=5), b=st.lists(_LEAF, max_size=5))
def test_arrays_concatenate_without_repeating_a_value(a: list[Any], b: list[Any]) -> None:
    merged = merge_settings({"xs": a}, {"xs": b})["xs"]
    expected: list[Any] = []
    for item in a + b:
        if not any(item == seen and type(item) is type(seen) for seen in expected):
            expected.append(item)
    assert merged == expected
    assert merge_settings({"fallbackModel": a}, {"fallbackModel": b})["fallbackModel"] == b


def test_a_file_the_cli_would_drop_is_kept_as_written(tmp_path: Path) -> None:
    # The one case where the TypeScript answer differs on purpose: its schema check drops the project file
    # (``env`` is not an object); we keep the values as written, each with its provenance.
    (case,) = [case for case in CASES if case["name"] in SCHEMA_CHECKED]
    dirs = _workspace(tmp_path, case["files"])
    resolved = resolve_settings(cwd=dirs["project"], config_dir=dirs["config"], managed_dir=dirs["managed"])
    assert case["expected"]["resolved"]["effective"] == {"model": "u"}
    assert resolved.effective == {"model": "u", "statusLine": None, "env": "oops"}
    assert resolved.provenance["env"].source == "project"
    assert resolved.provenance["model"].source == "user"
