"""A tool's explicit JSON Schema, compiled once and enforced in full.

The validator is jsonschema-rs (loaded on first use, so ``import trio_claude`` does not pay for it):
every keyword of Draft 2020-12 (the default, as in MCP) and Draft 7, ``$ref`` into the schema itself,
and ``pattern`` with ECMA-262 semantics, as the JSON Schema specification asks (``$`` matches only at
the end; ``\\d`` and ``\\w`` are ASCII).  ``format`` is an annotation, as both drafts have it by default.
A schema it cannot enforce in full is refused when it is compiled: an unknown draft, a keyword the draft
ignores (:mod:`._drafts`), a ``$ref`` that does not resolve within the schema (nothing is fetched), an
invalid regular expression, or a schema its draft's meta-schema rejects.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from ._drafts import SchemaNotEnforceable, check_drafts, draft_of, pointer_segment
from ._schema import ToolInputError, _child

SchemaCheck: TypeAlias = Callable[[object, str], None]
"""Check a JSON value found at a path; raises :class:`ToolInputError` naming the path and the keyword."""

_LONGEST_PROBLEM = 300
"""The most characters of a validator's message passed on (it quotes the value, which can be long)."""


def compile_json_schema(schema: object) -> SchemaCheck:
    """Compile ``schema`` (a JSON Schema: an object or a boolean) into a check.

    Raises :class:`~trio_claude._mcp._drafts.SchemaNotEnforceable` (a ``ValueError`` naming the keyword
    and where it is) for a schema that cannot be enforced in full.
    """
    if not isinstance(schema, (dict, bool)):
        raise SchemaNotEnforceable("schema", "#", f"a JSON Schema is an object or a boolean, not {schema!r}")
    document = typing.cast("dict[str, Any] | bool", schema)
    check_drafts(document, draft_of(document))
    import jsonschema_rs

    try:
        validator = jsonschema_rs.validator_for(document, validate_formats=False, offline=True)
    except jsonschema_rs.ValidationError as exc:  # the meta-schema's verdict, or a $ref that does not resolve
        keywords = [segment for segment in exc.instance_path if isinstance(segment, str)]
        keyword = keywords[-1] if keywords else exc.kind.name
        raise SchemaNotEnforceable(keyword, _pointer(exc.instance_path), exc.message) from None

    def check(value: object, path: str) -> None:
        try:
            validator.validate(value)
        except jsonschema_rs.ValidationError as exc:
            problem = f"{_shortened(exc.message)} (schema: {_pointer(exc.schema_path)})"
            raise ToolInputError(_instance_path(path, exc.instance_path), problem) from None

    return check


def _pointer(segments: Sequence[str | int]) -> str:
    """A location in the schema as a JSON pointer fragment (``#/$defs/small/maximum``)."""
    return "#" + "".join(f"/{pointer_segment(str(segment))}" for segment in segments)


def _instance_path(path: str, segments: Sequence[str | int]) -> str:
    """A location in the value, as :class:`ToolInputError` spells it (``items[2].name``)."""
    for segment in segments:
        path = f"{path}[{segment}]" if isinstance(segment, int) else _child(path, segment)
    return path


def _shortened(message: str) -> str:
    if len(message) <= _LONGEST_PROBLEM:
        return message
    half = _LONGEST_PROBLEM // 2
    return f"{message[:half]} … {message[-half:]}"
