"""The page "Compared with the official SDKs", generated from ``docs/parity.toml`` when the docs are built.

``.. parity-table::`` reads the table (one ``[[section]]`` per part, one ``[[row]]`` per feature) and writes,
for each section, a heading and a table with the feature's name in the TypeScript SDK, in the official Python
SDK and in trio_claude, how trio_claude compares with each, and the note; then the counts per status.  The
data file is the one source: edit a row there when a feature lands.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Sphinx needs 3.11; kept for the test on 3.10
    import tomli as tomllib

TABLE = Path(__file__).resolve().parents[1] / "parity.toml"

STATUSES: dict[str, str] = {
    "yes": "✓",
    "partial": "partial",
    "no": "✗",
    "deliberate": "no (deliberate)",
    "na": "n/a",
    "none": "—",
}
"""Each status of a row, as the page shows it."""

ROW_KEYS = ("section", "feature", "ts", "python", "ours", "ts_status", "python_status", "note")


def load(path: Path = TABLE) -> dict[str, Any]:
    """The table, checked: every row has every key, a known section and known statuses, and every deliberate
    "no" gives its reason.  :class:`ValueError` names the first row that does not."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    sections = {section["id"] for section in data.get("section", [])}
    rows = data.get("row", [])
    if not sections or not rows:
        raise ValueError(f"{path}: no sections or no rows")
    for number, row in enumerate(rows, 1):
        where = f"{path.name}: row {number} ({row.get('feature')!r})"
        missing = [key for key in ROW_KEYS if not isinstance(row.get(key), str)]
        if missing:
            raise ValueError(f"{where}: missing {missing}")
        if row["section"] not in sections:
            raise ValueError(f"{where}: unknown section {row['section']!r}")
        for key in ("ts_status", "python_status"):
            if row[key] not in STATUSES:
                raise ValueError(f"{where}: {key} {row[key]!r} is not one of {list(STATUSES)}")
        if not row["feature"].strip() or not (row["ts"] or row["python"]):
            raise ValueError(f"{where}: no feature name")
        if "deliberate" in (row["ts_status"], row["python_status"]) and not row["note"].strip():
            raise ValueError(f"{where}: a deliberate no needs its reason in the note")
    return data


def _cell(text: str) -> list[str]:
    return [text.strip() or "—"]


def render(data: dict[str, Any]) -> list[str]:
    """The reStructuredText of the page's body."""
    peers = data.get("peers", {})
    rows: list[dict[str, str]] = data["row"]
    ts, python = peers.get("ts", "the TypeScript SDK"), peers.get("python", "the Python SDK")
    lines: list[str] = [
        f"Compared with **{ts}** (TS) and **{python}** (Python)."
        " ✓: trio_claude has it; partial: some of it (the note says what is missing); ✗: not yet;"
        " no (deliberate): left out on purpose, for the reason given; —: that SDK has no such feature.",
        "",
    ]
    lines += _counts(rows)
    for section in data["section"]:
        title = f"{section['id']}. {section['title']}"
        lines += ["", title, "-" * (len(title) + 4), ""]
        lines += [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 20 18 22 7 7 26",
            "",
            "   * - TypeScript",
            "     - Python",
            "     - trio_claude",
            "     - vs TS",
            "     - vs Python",
            "     - Note",
        ]
        for row in rows:
            if row["section"] != section["id"]:
                continue
            cells = [
                row["ts"],
                row["python"],
                row["ours"],
                STATUSES[row["ts_status"]],
                STATUSES[row["python_status"]],
                row["note"],
            ]
            for index, cell in enumerate(cells):
                lines.append(("   * - " if index == 0 else "     - ") + _cell(cell)[0])
        lines.append("")
    return lines


def _counts(rows: list[dict[str, str]]) -> list[str]:
    lines = [".. list-table:: Rows by status", "   :header-rows: 1", "", "   * - Against"]
    lines += [f"     - {STATUSES[status]}" for status in STATUSES]
    for peer, key in (("TypeScript", "ts_status"), ("Python", "python_status")):
        counts = Counter(row[key] for row in rows)
        lines.append(f"   * - {peer}")
        lines += [f"     - {counts.get(status, 0)}" for status in STATUSES]
    return [*lines, ""]


class ParityTable(SphinxDirective):
    """``.. parity-table::``: the comparison, from ``docs/parity.toml``."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(TABLE))
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(render(load()), str(TABLE)), container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("parity-table", ParityTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
