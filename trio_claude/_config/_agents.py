"""Subagent definitions (the ``agents`` option): ``AgentDefinition`` and the forms it is accepted in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import attrs

from .._record import Record
from .._redact import redacted_repr
from ..model import FrozenList, PermissionMode
from ._checks import (
    as_mapping,
    check_bool,
    check_choice,
    check_int,
    check_keys,
    check_sequence,
    check_str,
    check_tool_rules,
    fail,
    fail_value,
    validator,
)
from ._values import EFFORT_LEVELS, MEMORY_SCOPES, PERMISSION_MODES, EffortLevel, _build, mcp_config_from


def _agent_mcp_server(where: str, value: object) -> str | dict[str, Any]:
    if isinstance(value, str):
        return check_str(where, value)
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, "a server name or an inline {name: config} mapping", value)
    servers: dict[str, Any] = {}
    for key, config in mapping.items():
        name = check_str(f"{where} key", key)
        at = f"{where}[{name!r}]"
        servers[name] = _without_policies(at, name, mcp_config_from(at, config))
    return servers


def _without_policies(where: str, name: str, config: dict[str, Any]) -> dict[str, Any]:
    """Refuse tool policies (``tools``) on an agent's inline server: both pinned CLIs ignore them there (an
    ``always_deny`` let the tool run: tests/e2e/test_mcp_external_policies.py), while the agent's own
    ``disallowed_tools`` does keep the tool from it."""
    if "tools" in config:
        raise ValueError(
            f"{where}['tools']: the CLI ignores the tool policies of an agent's inline MCP server (an "
            f"always_deny would let the tool run); deny its tools with the agent's disallowed_tools "
            f"(e.g. 'mcp__{name}__<tool>') instead"
        )
    return config


def _agent_tools(value: Sequence[str] | None) -> FrozenList[str] | None:
    return None if value is None else check_tool_rules("AgentDefinition.tools", value)


def _agent_disallowed_tools(value: Sequence[str] | None) -> FrozenList[str] | None:
    return None if value is None else check_tool_rules("AgentDefinition.disallowed_tools", value)


def _agent_skills(value: Sequence[str] | None) -> FrozenList[str] | None:
    if value is None:
        return None
    return check_sequence("AgentDefinition.skills", value, check_str, expected="a list of skill names")


def _agent_mcp_servers(
    value: Sequence[str | Mapping[str, Any]] | None,
) -> FrozenList[str | dict[str, Any]] | None:
    if value is None:
        return None
    return check_sequence(
        "AgentDefinition.mcp_servers",
        value,
        _agent_mcp_server,
        expected="a list of server names or inline {name: config} mappings",
    )


def _agent_effort(where: str, value: object) -> object:
    if isinstance(value, str):
        return check_choice(where, value, EFFORT_LEVELS)
    if isinstance(value, bool) or not isinstance(value, int):
        fail(where, "an effort level (" + ", ".join(map(repr, EFFORT_LEVELS)) + ") or an int", value)
    return check_int(where, value, minimum=0)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AgentDefinition(Record):
    """A custom subagent, sent in the ``initialize`` request's ``agents`` (by name).

    Fields left ``None`` are not sent (the CLI's defaults apply).  ``ClaudeAgentOptions.agents`` also takes
    an agent as a dict with the official SDK's keys (``{"description": ..., "prompt": ...,
    "disallowedTools": [...], "maxTurns": 3, ...}``; the snake_case names below work too).
    """

    description: str = attrs.field(validator=validator(check_str))
    """When the main agent should use this agent."""
    prompt: str = attrs.field(validator=validator(lambda w, v: check_str(w, v, empty=True)))
    """The agent's system prompt."""
    tools: Sequence[str] | None = attrs.field(default=None, converter=_agent_tools)
    """The tools it may use (``None``: inherit all)."""
    disallowed_tools: Sequence[str] | None = attrs.field(default=None, converter=_agent_disallowed_tools)
    """Tools removed from its context."""
    model: str | None = attrs.field(default=None, validator=validator(check_str, optional=True))
    """A model alias (``sonnet``, ``opus``, ``haiku``, ``inherit``) or a full model id."""
    skills: Sequence[str] | None = attrs.field(default=None, converter=_agent_skills)
    """The skills it may use."""
    memory: Literal["user", "project", "local"] | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_choice(w, v, MEMORY_SCOPES), optional=True)
    )
    """Which memory scope it reads and writes."""
    mcp_servers: Sequence[str | dict[str, Any]] | None = attrs.field(
        default=None, converter=_agent_mcp_servers, repr=redacted_repr
    )
    """Server names, or inline ``{name: config}`` objects."""
    initial_prompt: str | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_str(w, v, empty=True), optional=True)
    )
    """A first user message the agent starts with."""
    max_turns: int | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_int(w, v, minimum=1), optional=True)
    )
    """Stop the agent after this many model round trips."""
    background: bool | None = attrs.field(default=None, validator=validator(check_bool, optional=True))
    """Run it in the background."""
    effort: EffortLevel | int | None = attrs.field(
        default=None, validator=validator(_agent_effort, optional=True)
    )
    """How hard its model works (a level or a number)."""
    permission_mode: PermissionMode | None = attrs.field(
        default=None,
        validator=validator(lambda w, v: check_choice(w, v, PERMISSION_MODES), optional=True),
    )
    """Its permission mode."""
    auto_compact_window: int | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_int(w, v, minimum=1), optional=True)
    )
    """When it runs as a subagent, compact its conversation at this many tokens (it only lowers the
    inherited window)."""
    omit_claude_md: bool | None = attrs.field(default=None, validator=validator(check_bool, optional=True))
    """When it runs as a subagent, leave out the user, project and local ``CLAUDE.md`` files (managed ones
    are kept)."""
    observer: str | None = attrs.field(default=None, validator=validator(check_str, optional=True))
    """An agent type (or up to four, comma-separated) started as a read-only observer whenever this agent
    runs."""
    observer_message: str | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_str(w, v, empty=True), optional=True)
    )
    """Text appended to each activity digest sent to the observer."""
    critical_system_reminder: str | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_str(w, v, empty=True), optional=True)
    )
    """A critical reminder added to its system prompt (experimental;
    ``criticalSystemReminder_EXPERIMENTAL``)."""


AGENT_KEYS: Mapping[str, str] = {
    "description": "description",
    "prompt": "prompt",
    "tools": "tools",
    "disallowedTools": "disallowed_tools",
    "model": "model",
    "skills": "skills",
    "memory": "memory",
    "mcpServers": "mcp_servers",
    "initialPrompt": "initial_prompt",
    "maxTurns": "max_turns",
    "background": "background",
    "effort": "effort",
    "permissionMode": "permission_mode",
    "autoCompactWindow": "auto_compact_window",
    "omitClaudeMd": "omit_claude_md",
    "observer": "observer",
    "observerMessage": "observer_message",
    "criticalSystemReminder_EXPERIMENTAL": "critical_system_reminder",
}
"""The official SDKs' ``AgentDefinition`` fields (the wire's camelCase) → ours."""


AGENT_FORMS = "a mapping of agent names to AgentDefinition(...) or {'description': ..., 'prompt': ..., ...}"


def agent_from(where: str, value: object) -> AgentDefinition:
    """One agent: typed, or a dict with the official (camelCase) or our (snake_case) field names."""
    if isinstance(value, AgentDefinition):
        return value
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, "AgentDefinition(...) or {'description': ..., 'prompt': ..., ...}", value)
    kwargs: dict[str, Any] = {}
    allowed = sorted({*AGENT_KEYS, *AGENT_KEYS.values()})
    check_keys(where, mapping, required=("description", "prompt"), allowed=allowed)
    for key, entry in mapping.items():
        name = AGENT_KEYS.get(key, key)
        if name in kwargs:
            fail_value(where, f"one of {name!r} and its official spelling, not both", value)
        kwargs[name] = entry
    return _build(where, AgentDefinition, **kwargs)


def agents_from(where: str, value: object) -> dict[str, AgentDefinition] | None:
    """The ``agents`` option: agent names → typed agents (dict forms converted)."""
    if value is None:
        return None
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, AGENT_FORMS, value)
    return {
        check_str(f"{where} key", name): agent_from(f"{where}[{name!r}]", agent)
        for name, agent in mapping.items()
    }
