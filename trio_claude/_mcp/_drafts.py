"""Which JSON Schema drafts a tool's explicit schema may use, and the keywords a draft would ignore.

A validator ignores a keyword its draft does not define, so a schema written for one draft and read as
another is enforced only in part: Draft 7's ``dependencies`` under Draft 2020-12, 2020-12's
``dependentRequired`` under Draft 7, or any keyword beside ``$ref`` under Draft 7 (which ignores them).
:func:`check_drafts` finds those before the validator is built, so the schema is refused instead.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeAlias

Draft: TypeAlias = Literal["2020-12", "7"]

DRAFT_URIS: dict[str, Draft] = {
    "https://json-schema.org/draft/2020-12/schema": "2020-12",
    "http://json-schema.org/draft-07/schema": "7",
    "https://json-schema.org/draft-07/schema": "7",
}
"""The ``$schema`` values accepted (each also with a trailing ``#``); without ``$schema``: 2020-12."""

_ONLY_IN: dict[Draft, frozenset[str]] = {
    "7": frozenset({"dependencies", "additionalItems"}),
    "2020-12": frozenset(
        {
            "prefixItems", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
            "unevaluatedItems", "minContains", "maxContains", "$dynamicRef",
        }
    ),
}  # fmt: skip
"""Keywords that check values in one of the two drafts and are ignored by the other."""

_DRAFT_7_CHECKS = frozenset(
    {
        "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "items", "additionalItems", "maxItems", "minItems",
        "uniqueItems", "contains", "maxProperties", "minProperties", "required", "properties",
        "patternProperties", "additionalProperties", "dependencies", "propertyNames", "if", "then", "else",
        "allOf", "anyOf", "oneOf", "not",
    }
)  # fmt: skip
"""Draft 7's keywords that check a value: beside ``$ref`` Draft 7 ignores them."""

_ONE = ("additionalProperties", "propertyNames", "not", "if", "then", "else", "contains", "items",
        "additionalItems", "unevaluatedProperties", "unevaluatedItems", "contentSchema")  # fmt: skip
_MANY = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
_BY_NAME = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies")


class SchemaNotEnforceable(ValueError):
    """A JSON Schema the SDK cannot enforce in full: ``keyword`` at ``location`` (a JSON pointer)."""

    def __init__(self, keyword: str, location: str, problem: str) -> None:
        super().__init__(f"{keyword} at {location}: {problem}")


def draft_of(schema: object) -> Draft:
    """The draft the schema's ``$schema`` names (2020-12 without one); raises
    :class:`SchemaNotEnforceable` for any other."""
    declared = typing.cast(Mapping[str, Any], schema).get("$schema") if isinstance(schema, Mapping) else None
    if declared is None:
        return "2020-12"
    draft = DRAFT_URIS.get(declared.removesuffix("#")) if isinstance(declared, str) else None
    if draft is None:
        accepted = ", ".join(f"{uri}#" for uri in DRAFT_URIS)
        raise SchemaNotEnforceable(
            "$schema",
            "#",
            f"{declared!r} is not a draft the SDK enforces (accepted: {accepted}; none: 2020-12)",
        )
    return draft


def check_drafts(schema: object, draft: Draft) -> None:
    """Refuse a keyword ``draft`` would ignore (see the module's docstring), or a ``$schema`` below the
    root (a change of draft inside the schema); raises :class:`SchemaNotEnforceable`."""
    _check(schema, draft, "#")


def _check(schema: object, draft: Draft, location: str) -> None:
    if not isinstance(schema, Mapping):
        return
    node = typing.cast(Mapping[str, Any], schema)
    if location != "#" and "$schema" in node:
        raise SchemaNotEnforceable(
            "$schema", location, "a change of draft inside the schema is not supported"
        )
    other: Draft = "2020-12" if draft == "7" else "7"
    for keyword in node:
        if keyword in _ONLY_IN[other]:
            raise SchemaNotEnforceable(
                keyword, location, f"a keyword of Draft {other}, which Draft {draft} ignores; "
                f'declare "$schema" for the draft the schema is written in'
            )  # fmt: skip
    if draft == "7" and "$ref" in node:
        ignored = [key for key in node if key in _DRAFT_7_CHECKS and not _sdk_checked(node, key, location)]
        if ignored:
            raise SchemaNotEnforceable(
                ignored[0], location, "beside $ref, which Draft 7 ignores; put both in an allOf"
            )
    for keyword, child in _subschemas(node):
        _check(child, draft, f"{location}/{keyword}")


def _sdk_checked(node: Mapping[str, Any], key: str, location: str) -> bool:
    """The root's ``"type": "object"``, which the SDK checks itself (and MCP requires)."""
    return location == "#" and key == "type" and node[key] == "object"


def _subschemas(node: Mapping[str, Any]) -> list[tuple[str, object]]:
    """The subschemas of ``node``, each with its JSON pointer relative to ``node``."""
    found: list[tuple[str, object]] = [(keyword, node[keyword]) for keyword in _ONE if keyword in node]
    for keyword in _MANY:
        items = node.get(keyword)
        if isinstance(items, list):
            found += [
                (f"{keyword}/{index}", item) for index, item in enumerate(typing.cast(list[object], items))
            ]
    for keyword in _BY_NAME:
        named = node.get(keyword)
        if isinstance(named, Mapping):
            found += [
                (f"{keyword}/{pointer_segment(str(name))}", item)
                for name, item in typing.cast(Mapping[object, object], named).items()
            ]
    return found


def pointer_segment(name: str) -> str:
    """A JSON pointer segment (RFC 6901)."""
    return name.replace("~", "~0").replace("/", "~1")
