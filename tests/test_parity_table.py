"""The comparison table ``docs/parity.toml`` (rendered as the docs page "Compared with the official SDKs" by
``docs/_ext/parity.py``): it parses, every row has a status against each SDK, a deliberate "no" gives its
reason, and the renderer refuses a row that breaks these rules."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location("parity_extension", DOCS / "_ext" / "parity.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


parity = _extension()


def test_the_table_parses_and_every_row_has_a_status() -> None:
    data = parity.load()
    rows = data["row"]
    assert len(rows) > 200
    for row in rows:
        assert row["ts_status"] in parity.STATUSES and row["python_status"] in parity.STATUSES, row
        # A row compares with at least one SDK.
        assert row["ts"] or row["python"], row
        if not row["ts"]:
            assert row["ts_status"] in ("none", "na"), row
        if not row["python"]:
            assert row["python_status"] in ("none", "na"), row
    sections = [section["id"] for section in data["section"]]
    assert len(sections) == len(set(sections))
    assert {row["section"] for row in rows} == set(sections)  # no empty section


def test_deliberate_rows_give_their_reason() -> None:
    deliberate = [
        row for row in parity.load()["row"] if "deliberate" in (row["ts_status"], row["python_status"])
    ]
    assert deliberate  # the remote-session APIs, the bundled CLI
    for row in deliberate:
        assert "deliberate" in row["note"].lower(), row


def test_rows_the_typed_fields_closed_are_marked() -> None:
    rows = {row["feature"]: row for row in parity.load()["row"]}
    for feature in (
        "SDKRateLimitEvent",
        "ModelUsage",
        "SDKModelRefusalFallbackMessage",
        "initializationResult()",
    ):
        assert rows[feature]["ts_status"] == "yes", feature


BAD_ROWS: list[tuple[dict[str, str | None], str]] = [
    ({"ts_status": "maybe"}, "ts_status 'maybe'"),
    ({"python_status": None}, "missing ['python_status']"),
    ({"section": "Z"}, "unknown section 'Z'"),
    ({"ts_status": "deliberate", "note": ""}, "needs its reason"),
]


@pytest.mark.parametrize(("edit", "message"), BAD_ROWS)
def test_a_bad_row_is_refused(tmp_path: Path, edit: dict[str, str | None], message: str) -> None:
    data = tomllib.loads((DOCS / "parity.toml").read_text(encoding="utf-8"))
    row = cast("dict[str, str]", data["row"][3])
    for key, value in edit.items():
        if value is None:
            del row[key]
        else:
            row[key] = value
    bad = tmp_path / "parity.toml"
    bad.write_text(_dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(message)):
        parity.load(bad)


def test_the_page_renders_every_section_and_row() -> None:
    data = parity.load()
    text = "\n".join(parity.render(data))
    for section in data["section"]:
        assert f"{section['id']}. {section['title']}" in text
    assert text.count("   * - ") == len(data["row"]) + len(data["section"]) + 3  # + headers, + counts


def _dumps(data: dict[str, Any]) -> str:
    """A minimal TOML writer for the table's shape (a table of strings, arrays of tables of strings)."""
    out: list[str] = []
    for key, value in data.items():
        single = isinstance(value, dict)
        items = cast("list[dict[str, str]]", [value] if single else value)
        for item in items:
            out.append(f"[{key}]" if single else f"[[{key}]]")
            out += [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in item.items()]
    return "\n".join(out) + "\n"
