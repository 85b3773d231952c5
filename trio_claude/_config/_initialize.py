"""The ``initialize`` request built from the options: system prompt, hooks, in-process MCP servers,
agents, skills, the output schema."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, cast

import attrs

from .._errors import CLIConnectionError
from ..model import AgentDefinitionConfig, HookMatcherConfig, InitializeRequest, InitializeResponse
from ..wire import converter
from ._agents import AgentDefinition
from ._hooks import register_hooks
from ._inline_settings import inline_settings
from ._mcp_servers import external_servers, sdk_server_configs, sdk_server_names
from ._values import SdkPluginConfig, SystemPromptCustom, SystemPromptFile, SystemPromptPreset

if TYPE_CHECKING:
    from ._options import ClaudeAgentOptions


def _json_schema(options: ClaudeAgentOptions) -> dict[str, Any] | None:
    output_format = options.output_format
    return None if output_format is None else cast("dict[str, Any]", output_format["schema"])


def mcp_servers_in_initialize(options: ClaudeAgentOptions) -> bool:
    """Whether the external ``mcp_servers`` go in the ``initialize`` request (else ``--mcp-config``): there
    are some, and ``mcp_servers_delivery`` is ``"initialize"`` or unset (see :func:`adapt_to_cli
    <trio_claude._config._command.adapt_to_cli>` for older CLIs)."""
    return options.mcp_servers_delivery != "argv" and bool(external_servers(options.mcp_servers))


def plugins_in_initialize(options: ClaudeAgentOptions) -> bool:
    """Whether ``plugins`` go in the ``initialize`` request (else ``--plugin-dir`` flags)."""
    return options.plugin_delivery == "initialize" and bool(options.plugins)


def launch_fields_in_initialize(options: ClaudeAgentOptions) -> bool:
    """Whether the ``initialize`` request carries what the CLI reads at launch (external MCP servers,
    plugins, settings, managed settings), so it must be started with ``--await-initialize``."""
    return (
        mcp_servers_in_initialize(options)
        or plugins_in_initialize(options)
        or inline_settings(options) is not None
        or options.managed_settings is not None
    )


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
        "sdk_mcp_server_configs": sdk_server_configs(options.mcp_servers),
        "json_schema": _json_schema(options),
        "agents": None
        if options.agents is None
        else {name: _agent_config(agent) for name, agent in options.agents.items()},
        "skills": None if options.skills == "all" else options.skills,
        "forward_subagent_text": options.forward_subagent_text or None,
        "supported_dialog_kinds": options.supported_dialog_kinds,
        "plan_mode_instructions": options.plan_mode_instructions,
        "title": options.title,
        "tool_aliases": options.tool_aliases,
        "prompt_suggestions": options.prompt_suggestions or None,
        "agent_progress_summaries": options.agent_progress_summaries or None,
        "per_task_stop_affordance": options.per_task_stop_affordance or None,
        "mcp_servers": external_servers(options.mcp_servers) if mcp_servers_in_initialize(options) else None,
        "plugins": tuple(_plugin_json(plugin) for plugin in options.plugins)
        if plugins_in_initialize(options)
        else None,
        "settings": inline_settings(options),
        "managed_settings": options.managed_settings,
    }
    if isinstance(prompt, SystemPromptPreset):
        return InitializeRequest(
            append_system_prompt=prompt.append,
            exclude_dynamic_sections=prompt.exclude_dynamic_sections,
            system_prompt_snapshot=prompt.snapshot,
            **common,
        )
    if isinstance(prompt, SystemPromptFile):  # the CLI reads it (--system-prompt-file)
        return InitializeRequest(**common)
    if isinstance(prompt, SystemPromptCustom):
        text = prompt.prompt
        blocks = (text,) if isinstance(text, str) else text
        return InitializeRequest(system_prompt=blocks, system_prompt_snapshot=prompt.snapshot, **common)
    if prompt is None or isinstance(prompt, str):
        return InitializeRequest(system_prompt=("" if prompt is None else prompt,), **common)
    return InitializeRequest(system_prompt=prompt, **common)


def _plugin_json(plugin: SdkPluginConfig) -> dict[str, Any]:
    entry: dict[str, Any] = {"type": "local", "path": os.fspath(plugin.path)}
    if plugin.skip_mcp_discovery:
        entry["skipMcpDiscovery"] = True
    return entry


def check_launch_fields_applied(request: InitializeRequest, answer: InitializeResponse) -> None:
    """Raise :class:`CLIConnectionError` unless the CLI's ``answer`` confirms the settings and managed
    settings ``request`` carried (the CLI takes them at launch only: unconfirmed, they may not be in force,
    and the TypeScript SDK ends the session too)."""
    for name, sent, applied in (
        ("settings", request.settings, answer.settings_applied),
        ("managed_settings", request.managed_settings, answer.managed_settings_applied),
    ):
        if sent is not None and applied is not True:
            raise CLIConnectionError(
                f"the Claude Code CLI did not confirm the {name} sent in initialize ({name}_applied: "
                f"{applied!r}), so they may not be in force: the session is not started"
            )


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
        auto_compact_window=agent.auto_compact_window,
        omit_claude_md=agent.omit_claude_md,
        observer=agent.observer,
        observer_message=agent.observer_message,
        critical_system_reminder_experimental=agent.critical_system_reminder,
    )
