"""The official JSON-Schema-Test-Suite (tests/data/json-schema-test-suite, see its README) through the
validation entry point of tools with an explicit JSON Schema: every case of Draft 2020-12 and Draft 7,
including the ECMA-262 ``pattern`` cases.

A case group whose schema the SDK refuses to compile is listed in :data:`REFUSED` with the reason; its
test asserts the refusal (a loud error at decoration) instead of the verdicts.
"""

from __future__ import annotations

import functools
import typing
from pathlib import Path
from typing import Any

import orjson
import pytest

from trio_claude import ToolInputError
from trio_claude._mcp._drafts import SchemaNotEnforceable
from trio_claude._mcp._validate import SchemaCheck, compile_json_schema

SUITE = Path(__file__).parent / "data" / "json-schema-test-suite"
DRAFT_7_URI = "http://json-schema.org/draft-07/schema#"

_REMOTE = "a remote schema (the SDK fetches nothing)"
REFUSED: dict[tuple[str, str], str] = {
    ("draft2020-12/dynamicRef.json", "strict-tree schema, guards against misspelled properties"): _REMOTE,
    ("draft2020-12/dynamicRef.json", "tests for implementation dynamic anchor and reference link"): _REMOTE,
    (
        "draft2020-12/dynamicRef.json",
        "$ref and $dynamicAnchor are independent of order - $defs first",
    ): _REMOTE,
    (
        "draft2020-12/dynamicRef.json",
        "$ref and $dynamicAnchor are independent of order - $ref first",
    ): _REMOTE,
    ("draft2020-12/dynamicRef.json", "$ref to $dynamicRef finds detached $dynamicAnchor"): _REMOTE,
    (
        "draft2020-12/vocabulary.json",
        "schema that uses custom metaschema with with no validation vocabulary",
    ): ("a custom meta-schema (only Draft 2020-12 and Draft 7 are enforced)"),
    ("draft2020-12/vocabulary.json", "ignore unrecognized optional vocabulary"): (
        "a custom meta-schema (only Draft 2020-12 and Draft 7 are enforced)"
    ),
    ("draft7/ref.json", "ref overrides any sibling keywords"): (
        "a keyword beside $ref, which Draft 7 ignores: refused rather than left unchecked"
    ),
}
"""The case groups refused at compile time, by file and description, with the reason."""


def _groups() -> list[tuple[str, int, dict[str, Any]]]:
    found: list[tuple[str, int, dict[str, Any]]] = []
    for path in sorted(SUITE.glob("draft*/**/*.json")):
        name = path.relative_to(SUITE).as_posix()
        found += [(name, index, group) for index, group in enumerate(orjson.loads(path.read_bytes()))]
    return found


GROUPS = _groups()


@functools.cache
def _compiled(name: str, index: int) -> SchemaCheck:
    schema: object = GROUPS_BY_KEY[name, index]["schema"]
    if name.startswith("draft7/") and isinstance(schema, dict):
        # the suite's Draft 7 schemas do not say their draft
        schema = {"$schema": DRAFT_7_URI, **typing.cast(dict[str, Any], schema)}
    return compile_json_schema(schema)


GROUPS_BY_KEY = {(name, index): group for name, index, group in GROUPS}

CASES = [
    pytest.param(name, index, case, id=f"{name}:{index}:{number}")
    for name, index, group in GROUPS
    if (name, group["description"]) not in REFUSED
    for number, case in enumerate(group["tests"])
]


@pytest.mark.parametrize(("name", "index", "case"), CASES)
def test_case(name: str, index: int, case: dict[str, Any]) -> None:
    check = _compiled(name, index)
    try:
        check(case["data"], "")
    except ToolInputError:
        valid = False
    else:
        valid = True
    assert valid is case["valid"], (GROUPS_BY_KEY[name, index]["description"], case["description"])


@pytest.mark.parametrize(("name", "description"), list(REFUSED))
def test_refused_group(name: str, description: str) -> None:
    (index,) = [
        index
        for group_name, index, group in GROUPS
        if (group_name, group["description"]) == (name, description)
    ]
    with pytest.raises(SchemaNotEnforceable):
        _compiled(name, index)


def test_the_suite_is_all_there() -> None:
    """Both drafts, the ECMA-262 cases among them; nothing refused that is not listed."""
    drafts = {name.split("/")[0] for name, _, _ in GROUPS}
    assert drafts == {"draft2020-12", "draft7"}
    assert {"draft2020-12/optional/ecmascript-regex.json", "draft7/optional/ecmascript-regex.json"} <= {
        name for name, _, _ in GROUPS
    }
    assert len(CASES) > 2300
