"""The converters of ``ClaudeAgentOptions``' fields: each turns the accepted forms of one field into its
typed value, or raises an error that names the field and the accepted forms."""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeAlias, cast

from .._redact import is_secret_name
from ..model import FrozenList
from ._agents import AgentDefinition, agents_from
from ._checks import (
    as_mapping,
    check_bool,
    check_callable,
    check_choice,
    check_finite,
    check_int,
    check_json_object,
    check_names,
    check_number,
    check_path,
    check_sequence,
    check_str,
    check_str_mapping,
    check_tool_rules,
    fail,
    fail_value,
    validator,
)
from ._hooks import HookMap, HookMatcher, check_hook_event
from ._mcp_servers import InProcessServer, McpServers, mcp_servers_from
from ._store import SessionStoreFlushMode
from ._tool_config import ToolConfig, tool_config_from
from ._values import (
    EFFORT_LEVELS,
    PERMISSION_MODES,
    SETTING_SOURCES,
    SdkPluginConfig,
    SettingSource,
    SystemPrompt,
    SystemPromptCustom,
    SystemPromptFile,
    SystemPromptPreset,
    TaskBudget,
    ThinkingConfig,
    ToolsPreset,
    plugins_from,
    sandbox_from,
    settings_from,
    skills_from,
    system_prompt_from,
    task_budget_from,
    thinking_from,
    tools_from,
)

FLAG_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
"""A CLI flag name as ``extra_args`` takes it (without the leading ``--``; whole strings: ``fullmatch``)."""

_HOOK_EVENT_NAME = re.compile(r"[A-Z][A-Za-z]*")  # fullmatch

_W = "ClaudeAgentOptions."


def field_env(value: Mapping[str, str]) -> dict[str, str]:
    where = _W + "env"
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, "a mapping of environment variable names to str values", value, secret=True)
    result: dict[str, str] = {}
    for name, entry in mapping.items():
        key = check_str(f"{where} key", name, argv=True)
        if "=" in key:
            fail_value(f"{where} key", "a variable name without '='", name)
        secret = is_secret_name(key)
        result[key] = check_str(f"{where}[{key!r}]", entry, empty=True, argv=True, secret=secret)
    return result


def field_system_prompt(
    value: str
    | Sequence[str]
    | SystemPromptCustom
    | SystemPromptPreset
    | SystemPromptFile
    | Mapping[str, Any]
    | None,
) -> SystemPrompt | None:
    return system_prompt_from(_W + "system_prompt", value)


def field_allowed_tools(value: Sequence[str]) -> FrozenList[str]:
    return check_tool_rules(_W + "allowed_tools", value)


def field_disallowed_tools(value: Sequence[str]) -> FrozenList[str]:
    return check_tool_rules(_W + "disallowed_tools", value)


def field_extra_args(value: Mapping[str, str | None]) -> dict[str, str | None]:
    where = _W + "extra_args"
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, "a mapping of flag names to str values or None (for a bare --flag)", value)
    result: dict[str, str | None] = {}
    for name, entry in mapping.items():
        flag = check_str(f"{where} key", name)
        if not FLAG_NAME.fullmatch(flag):
            fail_value(
                f"{where} key", "a CLI flag name without the leading '--', e.g. 'debug-to-stderr'", name
            )
        if entry is not None:
            check_str(f"{where}[{flag!r}]", entry, empty=True, argv=True, secret=is_secret_name(flag))
        result[flag] = entry
    return result


def field_hooks(value: HookMap | None) -> dict[str, Sequence[HookMatcher]] | None:
    where = _W + "hooks"
    if value is None:
        return None
    expected = (
        "a mapping of hook event names to lists of HookMatcher, e.g. {'PreToolUse': [HookMatcher(...)]}"
    )
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, expected, value)
    result: dict[str, Sequence[HookMatcher]] = {}
    for event, matchers in mapping.items():
        name = check_str(f"{where} key", event)
        try:
            check_hook_event(name)  # a misspelt known event: the CLI would ignore its hooks
        except ValueError as exc:
            raise ValueError(f"{where} key: {str(exc).removeprefix('hooks: ')}") from None
        if not _HOOK_EVENT_NAME.fullmatch(name):
            fail_value(f"{where} key", "a hook event name such as 'PreToolUse' or 'Stop'", event)

        def matcher(at: str, entry: object) -> HookMatcher:
            if not isinstance(entry, HookMatcher):
                fail(at, "HookMatcher(matcher=..., hooks=[...])", entry)
            for index, callback in enumerate(entry.hooks):
                check_callable(
                    f"{at}.hooks[{index}]",
                    callback,
                    kind="async",
                    shape="async def hook(input, tool_use_id, context)",
                )
            return entry

        result[name] = check_sequence(
            f"{where}[{name!r}]", matchers, matcher, expected="a list of HookMatcher"
        )
    return result


def field_mcp_servers(
    value: McpServers | Mapping[str, Mapping[str, Any]] | str | os.PathLike[str] | None,
) -> dict[str, InProcessServer | Mapping[str, Any]] | str | os.PathLike[str] | None:
    return mcp_servers_from(_W + "mcp_servers", value)


def field_extra_initialize(value: Mapping[str, Any]) -> dict[str, Any]:
    return check_json_object(_W + "extra_initialize", value)


def field_tools(
    value: Sequence[str] | ToolsPreset | Mapping[str, str] | None,
) -> FrozenList[str] | ToolsPreset | None:
    return tools_from(_W + "tools", value)


def field_thinking(value: ThinkingConfig | Mapping[str, Any] | None) -> ThinkingConfig | None:
    return thinking_from(_W + "thinking", value)


def field_task_budget(value: TaskBudget | Mapping[str, int] | None) -> TaskBudget | None:
    return task_budget_from(_W + "task_budget", value)


def field_betas(value: Sequence[str]) -> FrozenList[str]:
    return check_names(_W + "betas", value, "beta name")


def field_dialog_kinds(value: Sequence[str] | None) -> FrozenList[str] | None:
    return None if value is None else check_names(_W + "supported_dialog_kinds", value, "dialog kind")


def field_add_dirs(value: Sequence[str | os.PathLike[str]]) -> FrozenList[str | os.PathLike[str]]:
    return check_sequence(_W + "add_dirs", value, check_path, expected="a list of directory paths")


def field_settings(
    value: str | os.PathLike[str] | Mapping[str, Any] | None,
) -> str | os.PathLike[str] | dict[str, Any] | None:
    return settings_from(_W + "settings", value)


def field_setting_sources(value: Sequence[SettingSource] | None) -> FrozenList[SettingSource] | None:
    if value is None:
        return None
    sources = check_sequence(
        _W + "setting_sources",
        value,
        lambda at, entry: check_choice(at, entry, SETTING_SOURCES),
        expected="a list of 'user', 'project', 'local' ([] loads none), or None",
    )
    return cast("FrozenList[SettingSource]", sources)


def field_sandbox(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return sandbox_from(_W + "sandbox", value)


def field_plugins(value: Sequence[SdkPluginConfig | Mapping[str, Any]]) -> FrozenList[SdkPluginConfig]:
    return plugins_from(_W + "plugins", value)


def field_agents(
    value: Mapping[str, AgentDefinition | Mapping[str, Any]] | None,
) -> dict[str, AgentDefinition] | None:
    return agents_from(_W + "agents", value)


def field_output_format(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    where = _W + "output_format"
    expected = "{'type': 'json_schema', 'schema': {...}}"
    if value is None:
        return None
    if as_mapping(value) is None:
        fail(where, expected, value)
    checked = check_json_object(where, value)
    if (
        set(checked) != {"type", "schema"}
        or checked["type"] != "json_schema"
        or not isinstance(checked["schema"], dict)
    ):
        fail_value(where, expected, value)
    return checked


def field_skills(value: Sequence[str] | Literal["all"] | None) -> FrozenList[str] | Literal["all"] | None:
    return skills_from(_W + "skills", value)


def _argv_str(where: str, value: object) -> object:
    return check_str(where, value, argv=True)


def field_uuid(where: str, value: object) -> object:
    text = check_str(where, value, argv=True)
    try:
        canonical = str(uuid.UUID(text))
    except ValueError:
        canonical = None
    if canonical != text.lower():
        fail_value(where, "a UUID such as '8d1f0a57-3c1e-4b7a-9f1e-2a6c0d5e4b21'", value)
    return text


def field_positive_int(where: str, value: object) -> object:
    return check_int(where, value, minimum=1)


def field_seconds(where: str, value: object) -> object:
    return check_number(where, value)


def field_dollars(where: str, value: object) -> object:
    return check_finite(where, value, positive=True)


def field_permission_mode(where: str, value: object) -> object:
    return check_choice(where, value, PERMISSION_MODES)


def field_effort(where: str, value: object) -> object:
    return check_choice(where, value, EFFORT_LEVELS)


def field_flush_mode(value: SessionStoreFlushMode) -> SessionStoreFlushMode:
    return cast(
        "SessionStoreFlushMode", check_choice(_W + "session_store_flush", value, ("batched", "eager"))
    )


def field_async(shape: str) -> Callable[[str, object], object]:
    return lambda where, value: check_callable(where, value, kind="async", shape=shape)


_PATH = validator(check_path, optional=True)


_NAME = validator(_argv_str, optional=True)


_BOOL = validator(check_bool)


# -- the TypeScript SDK's further options --------------------------------------------------------------

Delivery: TypeAlias = Literal["argv", "initialize"]
"""How a list of servers or plugins reaches the CLI: its command line, or the ``initialize`` request."""

PermissionPrompts: TypeAlias = Literal["host", "none"]
"""Who answers permission prompts (``--permission-prompts``)."""

Executable: TypeAlias = Literal["node", "bun", "deno"]
"""The JavaScript runtime of a CLI that is a script."""


def field_delivery(where: str, value: object) -> object:
    return check_choice(where, value, ("argv", "initialize"))


def field_permission_prompts(where: str, value: object) -> object:
    return check_choice(where, value, ("host", "none"))


def field_executable(where: str, value: object) -> object:
    return check_choice(where, value, ("node", "bun", "deno"))


def _text(where: str, value: object) -> object:
    return check_str(where, value, empty=True)


_TEXT = validator(_text, optional=True)


def field_tool_aliases(value: Mapping[str, str] | None) -> dict[str, str] | None:
    where = _W + "tool_aliases"
    if value is None:
        return None
    if as_mapping(value) is None:
        fail(
            where,
            "a mapping of tool names to the tool names that run instead, e.g. {'Bash': 'mcp__s__bash'}",
            value,
        )
    return check_str_mapping(where, value)


def field_tool_config(value: ToolConfig | Mapping[str, Any] | None) -> ToolConfig | None:
    return tool_config_from(_W + "tool_config", value)


def field_managed_settings(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    where = _W + "managed_settings"
    if value is None:
        return None
    if as_mapping(value) is None:
        fail(where, "a mapping of settings, e.g. {'permissions': {'deny': ['WebFetch']}}", value)
    return check_json_object(where, value)


def field_executable_args(value: Sequence[str]) -> FrozenList[str]:
    return check_sequence(
        _W + "executable_args",
        value,
        lambda w, v: check_str(w, v, argv=True),
        expected="a list of argument strings for the JavaScript runtime",
    )
