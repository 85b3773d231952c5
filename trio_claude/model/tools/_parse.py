"""Tool name + JSON → the typed input or output of that tool, never raising.

The classes are generated from the CLI's ``sdk-tools.d.ts`` (:mod:`._inputs`, :mod:`._outputs`); this
module knows which tool each belongs to, the tools' old names, and what a value that does not fit
becomes (:class:`UnknownToolInput` / :class:`UnknownToolOutput`, carrying the raw JSON and why).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias, cast

import attrs

from .._base import WIRE_HOOKS, BaseUnknown
from .._names import LEGACY_TOOL_NAME_ALIASES
from ._inputs import INPUTS, KnownToolInput
from ._outputs import OUTPUTS, KnownToolOutput

MCP_PREFIX = "mcp__"
"""The prefix of MCP tools' names (``mcp__<server>__<tool>``): their input is :class:`McpInput`."""

_MCP = "mcp__<server>__<tool>"  # the tables' key for MCP tools


@attrs.frozen(kw_only=True)
class UnknownToolInput(BaseUnknown):
    """A tool input that could not be typed: a tool this version does not know (``error`` is ``None``), or
    an input that does not fit its tool's class (``error`` says where).  ``raw`` is the input as received."""

    tool_name: str = attrs.field(default="", eq=False)


@attrs.frozen(kw_only=True)
class UnknownToolOutput(BaseUnknown):
    """A tool output that could not be typed (an unknown tool, an error text, a shape this version does not
    know); ``raw`` is the output as received, ``error`` why it did not fit (``None`` for an unknown tool)."""

    tool_name: str = attrs.field(default="", eq=False)


ToolInput: TypeAlias = KnownToolInput | UnknownToolInput
"""What :func:`parse_tool_input` returns: one of the tools' input classes, or :class:`UnknownToolInput`."""

ToolOutput: TypeAlias = KnownToolOutput | UnknownToolOutput
"""What :func:`parse_tool_output` returns: a tool's output type, or :class:`UnknownToolOutput`."""


def canonical_tool_name(tool_name: str) -> str:
    """Today's name of a tool (``Task`` → ``Agent``); other names unchanged."""
    return LEGACY_TOOL_NAME_ALIASES.get(tool_name, tool_name)


def _lookup(table: Mapping[str, object], tool_name: str) -> Any:
    if tool_name.startswith(MCP_PREFIX):
        return table[_MCP]
    return table.get(canonical_tool_name(tool_name))


def input_type(tool_name: str) -> type[KnownToolInput] | None:
    """The input class of a tool (any ``mcp__*`` tool: :class:`McpInput`), ``None`` for an unknown tool."""
    return cast("type[KnownToolInput] | None", _lookup(INPUTS, tool_name))


def output_type(tool_name: str) -> Any:
    """The output type of a tool (a class, a union of classes or, for a few tools, a tuple or JSON type),
    ``None`` for an unknown tool."""
    return _lookup(OUTPUTS, tool_name)


def _typed(
    tool_name: str, value: Any, tp: Any, unknown: type[UnknownToolInput] | type[UnknownToolOutput]
) -> Any:
    """``value`` as ``tp`` (``None``: a tool this version does not know), or ``unknown`` keeping it raw."""
    if tp is None:
        return unknown(raw=value, tool_name=tool_name)
    try:
        if value.__class__ is not dict and isinstance(value, Mapping):  # a MappingProxy, a dict subclass...
            return WIRE_HOOKS.structure(dict(cast("Mapping[str, Any]", value)), tp)
        return WIRE_HOOKS.structure(value, tp)
    except (ValueError, TypeError, RecursionError) as exc:
        return unknown(raw=value, error=str(exc) or type(exc).__name__, tool_name=tool_name)


def parse_tool_input(tool_name: str, tool_input: Any) -> ToolInput:
    """The typed input of a tool call: ``parse_tool_input("Bash", {"command": "ls"})`` is
    ``BashInput(command='ls')``.

    Never raises: an unknown tool gives :class:`UnknownToolInput` with the raw input, and an input that does
    not fit its class (a missing key, a value of the wrong JSON type) gives one with ``error`` set.  Keys the
    class has no field for stay in ``extra``, so encoding the result gives back the input."""
    return cast(ToolInput, _typed(tool_name, tool_input, input_type(tool_name), UnknownToolInput))


def tool_json(value: ToolInput | ToolOutput) -> Any:
    """The JSON form of a typed tool input or output (what :func:`parse_tool_input` and
    :func:`parse_tool_output` read): wire keys, unknown keys from ``extra``, an ``Unknown*``'s raw value.
    E.g. an edited input for ``updated_input``: ``tool_json(attrs.evolve(typed, command="ls -a"))``."""
    return WIRE_HOOKS.unstructure(value)


def parse_tool_output(tool_name: str, tool_output: Any) -> ToolOutput:
    """The typed output of a tool call (a user message's ``tool_use_result``, a ``PostToolUse`` hook's
    ``tool_response``): ``parse_tool_output("Bash", {...})`` is a :class:`BashOutput`.

    Never raises, like :func:`parse_tool_input`: what does not fit (a failed call's error text...) gives
    :class:`UnknownToolOutput` with the raw value."""
    return cast(ToolOutput, _typed(tool_name, tool_output, output_type(tool_name), UnknownToolOutput))
