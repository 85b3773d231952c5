"""The ``initialize`` request built from the options: system prompt, hooks, in-process MCP servers,
agents, skills, the output schema."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import attrs

from ..model import AgentDefinitionConfig, HookMatcherConfig, InitializeRequest
from ..wire import converter
from ._agents import AgentDefinition
from ._hooks import register_hooks
from ._mcp_servers import sdk_server_names
from ._values import SystemPromptFile, SystemPromptPreset

if TYPE_CHECKING:
    from ._options import ClaudeAgentOptions


def _json_schema(options: ClaudeAgentOptions) -> dict[str, Any] | None:
    output_format = options.output_format
    return None if output_format is None else cast("dict[str, Any]", output_format["schema"])


def build_initialize(
    options: ClaudeAgentOptions, *, hooks: dict[str, tuple[HookMatcherConfig, ...]] | None = None
) -> InitializeRequest:
    """The ``initialize`` request for ``options``, registering ``hooks`` (callback ids by event).

    The system prompt goes here, not on the command line: ``None`` → an empty custom prompt, a string →
    that prompt, :class:`SystemPromptPreset` → Claude Code's prompt (plus ``append``).  ``extra_initialize``
    adds its keys; raises :class:`ValueError` for one that the other options already set (it would be
    lost).
    """
    typed = _typed_initialize(options, hooks)
    if not options.extra_initialize:
        return typed
    owned = converter.unstructure(typed)
    for key in options.extra_initialize:
        if key in owned:
            raise ValueError(
                f"ClaudeAgentOptions.extra_initialize: expected keys that no other option sets; got {key!r}, "
                "which the options set (use the option for it)"
            )
    return attrs.evolve(typed, extra=dict(options.extra_initialize))


def _typed_initialize(
    options: ClaudeAgentOptions, hooks: dict[str, tuple[HookMatcherConfig, ...]] | None
) -> InitializeRequest:
    prompt = options.system_prompt
    common: dict[str, Any] = {
        "hooks": hooks,
        "sdk_mcp_servers": sdk_server_names(options.mcp_servers),
        "json_schema": _json_schema(options),
        "agents": None
        if options.agents is None
        else {name: _agent_config(agent) for name, agent in options.agents.items()},
        "skills": options.skills if isinstance(options.skills, tuple) else None,
        "forward_subagent_text": options.forward_subagent_text or None,
        "supported_dialog_kinds": options.supported_dialog_kinds,
    }
    if isinstance(prompt, SystemPromptPreset):
        return InitializeRequest(
            append_system_prompt=prompt.append,
            exclude_dynamic_sections=prompt.exclude_dynamic_sections,
            **common,
        )
    if isinstance(prompt, SystemPromptFile):  # the CLI reads it (--system-prompt-file)
        return InitializeRequest(**common)
    return InitializeRequest(system_prompt=("" if prompt is None else prompt,), **common)


def check_initialize(options: ClaudeAgentOptions) -> None:
    """Raise :class:`ValueError` if ``options.extra_initialize`` holds a key the other options set."""
    build_initialize(options, hooks=register_hooks(options.hooks)[1])


def _agent_config(agent: AgentDefinition) -> AgentDefinitionConfig:
    """An agent as the ``initialize`` request's ``agents`` takes it (the converter spells it)."""
    return AgentDefinitionConfig(
        description=agent.description,
        prompt=agent.prompt,
        tools=agent.tools,
        disallowed_tools=agent.disallowed_tools,
        model=agent.model,
        skills=agent.skills,
        memory=agent.memory,
        mcp_servers=agent.mcp_servers,
        initial_prompt=agent.initial_prompt,
        max_turns=agent.max_turns,
        background=agent.background,
        effort=agent.effort,
        permission_mode=agent.permission_mode,
    )
