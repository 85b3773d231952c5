"""``tool_config``: the configuration of built-in tools, typed, and the TypeScript SDK's dict form of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeAlias

import attrs

from .._record import Record
from ._checks import as_mapping, check_choice, check_keys, fail, fail_value, validator
from ._values import _build

PreviewFormat: TypeAlias = Literal["markdown", "html"]
"""The format of the ``preview`` field of ``AskUserQuestion``'s options."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AskUserQuestionConfig(Record):
    """How the built-in ``AskUserQuestion`` tool works."""

    preview_format: PreviewFormat | None = attrs.field(
        default=None,
        validator=validator(lambda w, v: check_choice(w, v, ("markdown", "html")), optional=True),
    )
    """What the model is told to write in an option's ``preview``: ``"markdown"`` or ``"html"`` (env
    ``CLAUDE_CODE_QUESTION_PREVIEW_FORMAT``)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ToolConfig(Record):
    """Per-tool configuration of built-in tools.

    Dict form (TypeScript SDK): ``{"askUserQuestion": {"previewFormat": "html"}}`` (snake_case keys too).
    """

    ask_user_question: AskUserQuestionConfig | None = attrs.field(
        default=None, validator=validator(lambda w, v: _is(w, v, AskUserQuestionConfig), optional=True)
    )


def _is(where: str, value: object, cls: type) -> object:
    if not isinstance(value, cls):
        fail(where, cls.__name__, value)
    return value


def _one_spelling(where: str, mapping: Mapping[Any, Any], camel: str, snake: str) -> object:
    """The value of the one key of ``mapping``, spelt ``camel`` or ``snake`` (not both)."""
    check_keys(where, mapping, allowed=(camel, snake))
    if camel in mapping and snake in mapping:
        fail_value(where, f"either {camel!r} or {snake!r}, not both", dict(mapping))
    return mapping.get(camel, mapping.get(snake))


TOOL_CONFIG_FORMS = "ToolConfig(...) or {'askUserQuestion': {'previewFormat': 'markdown' | 'html'}}"


def tool_config_from(where: str, value: object) -> ToolConfig | None:
    """The ``tool_config`` option: typed, or the TypeScript SDK's dict form (camelCase or snake_case)."""
    if value is None or isinstance(value, ToolConfig):
        return value
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, TOOL_CONFIG_FORMS, value)
    question: object = _one_spelling(where, mapping, "askUserQuestion", "ask_user_question")
    if question is None or isinstance(question, AskUserQuestionConfig):
        return _build(where, ToolConfig, ask_user_question=question)
    inner = as_mapping(question)
    at = f"{where}['askUserQuestion']"
    if inner is None:
        fail(at, "AskUserQuestionConfig(...) or {'previewFormat': 'markdown' | 'html'}", question)
    preview: object = _one_spelling(at, inner, "previewFormat", "preview_format")
    return ToolConfig(ask_user_question=_build(at, AskUserQuestionConfig, preview_format=preview))
