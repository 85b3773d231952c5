"""The typed values of :class:`~trio_claude.ClaudeAgentOptions` fields, and how the official SDK's dict forms
of them become these classes.

Every class validates its fields when built (the errors name ``Class.field`` and the accepted forms); every
``from_*`` function takes *where* the value was given, for its messages.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypeAlias, TypeVar, get_args

import attrs

from .._mcp._policy import tool_policies_from
from .._record import Record
from ..model import FrozenList, PermissionMode
from ._checks import (
    as_mapping,
    as_sequence,
    check_bool,
    check_choice,
    check_int,
    check_json_object,
    check_json_text,
    check_keys,
    check_path,
    check_sequence,
    check_str,
    check_str_mapping,
    check_tool_rules,
    fail,
    fail_value,
    is_path,
    validator,
)

EffortLevel: TypeAlias = Literal["low", "medium", "high", "xhigh", "max"]
"""How hard the model works (``--effort``)."""

ThinkingDisplay: TypeAlias = Literal["summarized", "omitted"]
"""Whether thinking text is returned summarised or left out (``--thinking-display``)."""

SettingSource: TypeAlias = Literal["user", "project", "local"]
"""A settings layer the CLI loads (``--setting-sources``)."""

EFFORT_LEVELS: tuple[str, ...] = get_args(EffortLevel)
THINKING_DISPLAYS: tuple[str, ...] = get_args(ThinkingDisplay)
SETTING_SOURCES: tuple[str, ...] = get_args(SettingSource)
PERMISSION_MODES: tuple[str, ...] = get_args(PermissionMode)
MEMORY_SCOPES: tuple[str, ...] = ("user", "project", "local")

_T = TypeVar("_T")


def _build(where: str, cls: type[_T], **kwargs: Any) -> _T:
    """``cls(**kwargs)``, its errors prefixed with ``where`` (the option the dict form was given to)."""
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as error:
        raise type(error)(f"{where}: {error}") from None


def _dict_form(
    where: str, value: Mapping[Any, Any], allowed: Sequence[str], required: Sequence[str] = ()
) -> dict[str, Any]:
    """The fields of the dict form ``value`` (all but its ``type``), checked to be among ``allowed`` and to
    include ``required``."""
    check_keys(where, value, allowed=("type", *allowed), required=required)
    return {key: entry for key, entry in value.items() if key != "type"}


# -- system prompt ------------------------------------------------------------------------------------

SYSTEM_PROMPT_DYNAMIC_BOUNDARY = "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__"
"""A block of its own in a system prompt given as a list: the blocks before it are the same for every
session (cacheable across sessions), the blocks after it are not."""


def _snapshot(where: str, value: object) -> object:
    return check_bool(where, value)


def _prompt_blocks(value: object) -> str | FrozenList[str]:
    """A custom prompt's text: one string, or a list of blocks (a :class:`~trio_claude.model.FrozenList`)."""
    if isinstance(value, str):
        return value
    return check_sequence(
        "SystemPromptCustom.prompt",
        value,
        lambda w, v: check_str(w, v, empty=True),
        expected="a string or a list of strings",
    )


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SystemPromptCustom(Record):
    """Your own system prompt, as text or as a list of blocks (a block equal to
    :data:`SYSTEM_PROMPT_DYNAMIC_BOUNDARY` separates the cacheable prefix from the per-session rest), with
    ``snapshot`` (``initialize`` ``systemPromptSnapshot``).

    Dict form (TypeScript SDK): ``{"type": "custom", "prompt": "...", "snapshot": False}``.
    """

    prompt: str | Sequence[str] = attrs.field(converter=_prompt_blocks)
    """The prompt (``initialize`` ``systemPrompt``)."""
    snapshot: bool | None = attrs.field(default=None, validator=validator(_snapshot, optional=True))
    """``True`` (the CLI's default): the prompt is recorded with the conversation on its first request and
    reused verbatim afterwards (also on resume); ``False``: rendered afresh on every request."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SystemPromptPreset(Record):
    """Claude Code's own system prompt, optionally with text appended.

    Dict form (official SDK): ``{"type": "preset", "preset": "claude_code", "append": "...",
    "exclude_dynamic_sections": True, "snapshot": True}``.
    """

    preset: Literal["claude_code"] = "claude_code"
    append: str | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_str(w, v, empty=True), optional=True)
    )
    """Text added after Claude Code's prompt (``initialize`` ``appendSystemPrompt``)."""
    exclude_dynamic_sections: bool | None = attrs.field(
        default=None, validator=validator(check_bool, optional=True)
    )
    """Leave out the per-user sections (working directory, memory, git status) so the prompt stays the same
    across users and caches; the CLI moves them into the first user message (``initialize``
    ``excludeDynamicSections``; older CLIs ignore it)."""
    snapshot: bool | None = attrs.field(default=None, validator=validator(_snapshot, optional=True))
    """As :attr:`SystemPromptCustom.snapshot` (``initialize`` ``systemPromptSnapshot``)."""

    def __attrs_post_init__(self) -> None:
        check_choice("SystemPromptPreset.preset", self.preset, ("claude_code",))


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SystemPromptFile(Record):
    """A system prompt read by the CLI from a file (``--system-prompt-file=<path>``).

    Dict form (official SDK): ``{"type": "file", "path": "prompt.md"}``.
    """

    path: str | os.PathLike[str] = attrs.field(validator=validator(check_path))
    """The file, as the CLI sees it (relative paths are relative to the CLI's working directory)."""


SystemPrompt: TypeAlias = str | Sequence[str] | SystemPromptCustom | SystemPromptPreset | SystemPromptFile
"""A ``system_prompt`` as the options hold it."""

SYSTEM_PROMPT_FORMS = (
    "a string, a list of strings (blocks), SystemPromptCustom / {'type': 'custom', 'prompt': ..., "
    "'snapshot': ...}, SystemPromptPreset / {'type': 'preset', 'preset': 'claude_code', 'append': ...}, "
    "SystemPromptFile / {'type': 'file', 'path': ...}, or None"
)


def system_prompt_from(where: str, value: object) -> SystemPrompt | None:
    """A system prompt option: typed values as they are, the official dict forms converted, a list of
    blocks as a :class:`~trio_claude.model.FrozenList`."""
    if value is None or isinstance(value, (str, SystemPromptCustom, SystemPromptPreset, SystemPromptFile)):
        return value
    mapping = as_mapping(value)
    if mapping is None:
        if as_sequence(value) is None:
            fail(where, SYSTEM_PROMPT_FORMS, value)
        return check_sequence(
            where, value, lambda w, v: check_str(w, v, empty=True), expected=SYSTEM_PROMPT_FORMS
        )
    kind = mapping.get("type")
    if kind == "preset":
        fields = _dict_form(
            where, mapping, ("preset", "append", "exclude_dynamic_sections", "snapshot"), ("preset",)
        )
        return _build(where, SystemPromptPreset, **fields)
    if kind == "custom":
        return _build(
            where, SystemPromptCustom, **_dict_form(where, mapping, ("prompt", "snapshot"), ("prompt",))
        )
    if kind == "file":
        return _build(where, SystemPromptFile, **_dict_form(where, mapping, ("path",), ("path",)))
    fail_value(where, SYSTEM_PROMPT_FORMS, value)


# -- tools --------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ToolsPreset(Record):
    """Claude Code's default set of built-in tools (``--tools=default``).

    Dict form (official SDK): ``{"type": "preset", "preset": "claude_code"}``.
    """

    preset: Literal["claude_code"] = "claude_code"

    def __attrs_post_init__(self) -> None:
        check_choice("ToolsPreset.preset", self.preset, ("claude_code",))


TOOLS_FORMS = (
    "a list of tool names (e.g. ['Read', 'Bash']; [] for none), ToolsPreset() / "
    "{'type': 'preset', 'preset': 'claude_code'}, or None"
)


def tools_from(where: str, value: object) -> FrozenList[str] | ToolsPreset | None:
    """The ``tools`` option: a list of names, or the preset (typed or dict form)."""
    if value is None or isinstance(value, ToolsPreset):
        return value
    mapping = as_mapping(value)
    if mapping is not None:
        if mapping.get("type") != "preset":
            fail_value(where, TOOLS_FORMS, value)
        return _build(where, ToolsPreset, **_dict_form(where, mapping, ("preset",), ("preset",)))
    if as_sequence(value) is None:
        fail(where, TOOLS_FORMS, value)
    return check_tool_rules(where, value)


# -- thinking -----------------------------------------------------------------------------------------


def _display(where: str, value: object) -> object:
    return check_choice(where, value, THINKING_DISPLAYS)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ThinkingConfigAdaptive(Record):
    """The model decides when and how much to think (``--thinking=adaptive``).

    Dict form (official SDK): ``{"type": "adaptive", "display": "summarized"}``.
    """

    display: ThinkingDisplay | None = attrs.field(default=None, validator=validator(_display, optional=True))


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ThinkingConfigEnabled(Record):
    """Extended thinking with a token budget (``--max-thinking-tokens=N``; without a budget, adaptive).

    Dict form (official SDK): ``{"type": "enabled", "budget_tokens": 4096, "display": "omitted"}``.
    """

    budget_tokens: int | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_int(w, v, minimum=1), optional=True)
    )
    display: ThinkingDisplay | None = attrs.field(default=None, validator=validator(_display, optional=True))


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ThinkingConfigDisabled(Record):
    """No thinking (``--thinking=disabled``).

    Dict form (official SDK): ``{"type": "disabled"}``.
    """


ThinkingConfig: TypeAlias = ThinkingConfigAdaptive | ThinkingConfigEnabled | ThinkingConfigDisabled
"""One of :class:`ThinkingConfigAdaptive`, :class:`ThinkingConfigEnabled`, :class:`ThinkingConfigDisabled`."""

THINKING_FORMS = (
    "ThinkingConfigAdaptive / {'type': 'adaptive'}, ThinkingConfigEnabled / "
    "{'type': 'enabled', 'budget_tokens': N}, ThinkingConfigDisabled / {'type': 'disabled'}, or None"
)

_THINKING_KINDS: dict[str, tuple[type[ThinkingConfig], tuple[str, ...]]] = {
    "adaptive": (ThinkingConfigAdaptive, ("display",)),
    "enabled": (ThinkingConfigEnabled, ("budget_tokens", "display")),
    "disabled": (ThinkingConfigDisabled, ()),
}


def thinking_from(where: str, value: object) -> ThinkingConfig | None:
    """The ``thinking`` option: a typed config, or the official dict form."""
    if value is None or isinstance(
        value, (ThinkingConfigAdaptive, ThinkingConfigEnabled, ThinkingConfigDisabled)
    ):
        return value
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, THINKING_FORMS, value)
    kind: object = mapping.get("type")
    if not isinstance(kind, str) or kind not in _THINKING_KINDS:
        fail_value(where, THINKING_FORMS, value)
    cls, allowed = _THINKING_KINDS[kind]
    return _build(where, cls, **_dict_form(where, mapping, allowed))


# -- budgets, plugins ---------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TaskBudget(Record):
    """An API-side token budget the model is told about so it can pace itself (``--task-budget=N``).

    Dict form (official SDK): ``{"total": 50000}``.
    """

    total: int = attrs.field(validator=validator(lambda w, v: check_int(w, v, minimum=1)))


TASK_BUDGET_FORMS = "TaskBudget(total=N) / {'total': N}, or None"


def task_budget_from(where: str, value: object) -> TaskBudget | None:
    """The ``task_budget`` option: typed, or the official dict form."""
    if value is None or isinstance(value, TaskBudget):
        return value
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, TASK_BUDGET_FORMS, value)
    check_keys(where, mapping, required=("total",), allowed=("total",))
    return _build(where, TaskBudget, total=mapping["total"])


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SdkPluginConfig(Record):
    """A local plugin directory (``--plugin-dir=<path>``, or ``--plugin-dir-no-mcp=<path>`` to skip the
    plugin's MCP servers).

    Dict form (official SDK): ``{"type": "local", "path": "..."}``.
    """

    path: str | os.PathLike[str] = attrs.field(validator=validator(check_path))
    skip_mcp_discovery: bool = attrs.field(default=False, validator=validator(check_bool))
    type: Literal["local"] = "local"

    def __attrs_post_init__(self) -> None:
        check_choice("SdkPluginConfig.type", self.type, ("local",))


PLUGIN_FORMS = "a list of SdkPluginConfig / {'type': 'local', 'path': ...}"


def plugins_from(where: str, value: object) -> FrozenList[SdkPluginConfig]:
    """The ``plugins`` option: typed configs or the official dict forms."""

    def plugin(at: str, entry: object) -> SdkPluginConfig:
        if isinstance(entry, SdkPluginConfig):
            return entry
        mapping = as_mapping(entry)
        if mapping is None:
            fail(at, "SdkPluginConfig / {'type': 'local', 'path': ...}", entry)
        check_keys(at, mapping, required=("type", "path"), allowed=("type", "path", "skip_mcp_discovery"))
        return _build(at, SdkPluginConfig, **mapping)

    return check_sequence(where, value, plugin, expected=PLUGIN_FORMS)


# -- agents -------------------------------------------------------------------------------------------


MCP_CONFIG_TYPES = ("stdio", "sse", "http", "sdk", "claudeai-proxy", "ws")


def mcp_config_from(where: str, value: object) -> dict[str, Any]:
    """An external MCP server's config, as the CLI's ``--mcp-config`` takes it: ``{"command": ...,
    "args": [...], "env": {...}}`` (stdio; ``"type": "stdio"`` optional) or ``{"type": "sse" | "http",
    "url": ..., "headers": {...}}``.  The keys it knows are checked (``tools``: a list of
    :class:`~trio_claude.McpServerToolPolicy` or their JSON form); others (``timeout``, ``alwaysLoad``…)
    are passed on as JSON."""
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, "an MCP server config mapping, e.g. {'command': 'server', 'args': []}", value)
    if "tools" in mapping:  # the per-tool policies: checked, in their JSON form
        policies = tool_policies_from(f"{where}['tools']", mapping["tools"])
        mapping = {**mapping, "tools": [policy.to_json() for policy in policies]}
    config = check_json_object(where, mapping)
    kind = config.get("type", "stdio")
    check_choice(f"{where}['type']", kind, MCP_CONFIG_TYPES)
    if kind == "stdio":
        check_keys(where, config, required=("command",), allowed=config)
        check_str(f"{where}['command']", config["command"])
        if "args" in config:
            check_sequence(
                f"{where}['args']",
                config["args"],
                lambda at, arg: check_str(at, arg, empty=True),
                expected="a list of strings",
            )
        if "env" in config:
            check_str_mapping(f"{where}['env']", config["env"], secret=True)
    elif kind in ("sse", "http", "ws", "claudeai-proxy"):
        check_keys(where, config, required=("url",), allowed=config)
        check_str(f"{where}['url']", config["url"])
        if "headers" in config:
            check_str_mapping(f"{where}['headers']", config["headers"], secret=True)
    return config


# -- settings and sandbox -----------------------------------------------------------------------------


def settings_from(where: str, value: object) -> str | os.PathLike[str] | dict[str, Any] | None:
    """The ``settings`` option: a path or JSON text (as it is), or a mapping (copied as JSON)."""
    if value is None:
        return None
    if as_mapping(value) is not None:
        return check_json_object(where, value)
    if isinstance(value, str):
        return check_json_text(where, check_str(where, value, argv=True))
    if is_path(value):
        return check_path(where, value)
    fail(where, "a settings file path, JSON text, or a mapping of settings", value)


def _bool(where: str, value: object) -> object:
    return check_bool(where, value)


def _strings(where: str, value: object) -> object:
    return check_sequence(where, value, check_str, expected="a list of strings")


def _port(where: str, value: object) -> object:
    return check_int(where, value, minimum=0)


def _object(where: str, value: object) -> object:
    if as_mapping(value) is None:
        fail(where, "a mapping", value)
    return value


_SANDBOX_NETWORK = {
    "allowedDomains": _strings,
    "deniedDomains": _strings,
    "strictAllowlist": _bool,
    "allowManagedDomainsOnly": _bool,
    "allowUnixSockets": _strings,
    "allowAllUnixSockets": _bool,
    "allowLocalBinding": _bool,
    "allowMachLookup": _strings,
    "httpProxyPort": _port,
    "socksProxyPort": _port,
    "tlsTerminate": _object,
}
_SANDBOX_FILESYSTEM = {
    "allowWrite": _strings,
    "denyWrite": _strings,
    "denyRead": _strings,
    "allowRead": _strings,
    "allowManagedReadPathsOnly": _bool,
    "disabled": _bool,
}


def _settings_object(schema: Mapping[str, Any]) -> Any:
    def check(where: str, value: object) -> object:
        mapping = as_mapping(value)
        if mapping is None:
            fail(where, "a mapping with keys among " + ", ".join(map(repr, schema)), value)
        check_keys(where, mapping, allowed=schema)
        for key, entry in mapping.items():
            schema[key](f"{where}[{key!r}]", entry)
        return value

    return check


def _ignore_violations(where: str, value: object) -> object:
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, "a mapping of str to lists of strings", value)
    for key, entry in mapping.items():
        check_str(f"{where} key", key)
        _strings(f"{where}[{key!r}]", entry)
    return value


SANDBOX_KEYS: Mapping[str, Any] = {
    "enabled": _bool,
    "failIfUnavailable": _bool,
    "autoAllowBashIfSandboxed": _bool,
    "allowUnsandboxedCommands": _bool,
    "network": _settings_object(_SANDBOX_NETWORK),
    "filesystem": _settings_object(_SANDBOX_FILESYSTEM),
    "credentials": _object,
    "ignoreViolations": _ignore_violations,
    "enableWeakerNestedSandbox": _bool,
    "allowNestedUserNamespaces": _bool,
    "enableWeakerNetworkIsolation": _bool,
    "allowAppleEvents": _bool,
    "excludedCommands": _strings,
    "ripgrep": _object,
    "bwrapPath": check_str,
    "socatPath": check_str,
}
"""The sandbox settings the CLI knows (those of the official SDKs' ``SandboxSettings``), with their checks.
The CLI silently drops unknown keys inside ``network`` and ``filesystem``, so a typo there would be lost:
every key is checked."""


def sandbox_from(where: str, value: object) -> dict[str, Any] | None:
    """The ``sandbox`` option: the official ``SandboxSettings`` mapping (camelCase keys), checked key by
    key and copied as JSON."""
    if value is None:
        return None
    if as_mapping(value) is None:
        fail(
            where, "a mapping of sandbox settings, e.g. {'enabled': True, 'excludedCommands': ['git']}", value
        )
    _settings_object(SANDBOX_KEYS)(where, value)
    return check_json_object(where, value)


# -- skills -------------------------------------------------------------------------------------------


_SKILL_NAME_FORBIDDEN = r"[(),\x00-\x1f\x7f-\x9f\ufeff]"  # compiled on first use (re's cache)


def _skill_name(where: str, value: object) -> str:
    """A skill name that fits in a ``Skill(<name>)`` rule and can match a skill the CLI found."""
    name = check_str(where, value, argv=True)
    expected = "a skill's exact name (its directory name, or 'plugin:skill')"
    if name != name.strip() or re.search(_SKILL_NAME_FORBIDDEN, name):
        fail_value(
            where, expected + " without surrounding spaces, parentheses, commas or control characters", value
        )
    if name == "*" or name.endswith((":*", " *")):
        fail_value(where, expected + ", not a wildcard (skills='all' enables every skill)", value)
    if name.startswith("/"):
        fail_value(where, expected + ", not its slash command", value)
    if "\\\\" in name or name.endswith("\\"):
        fail_value(where, expected + " without doubled or trailing backslashes", value)
    return name


SKILLS_FORMS = "a list of skill names, 'all', or None"


def skills_from(where: str, value: object) -> FrozenList[str] | Literal["all"] | None:
    """The ``skills`` option."""
    if value is None:
        return None
    if value == "all":
        return "all"
    if isinstance(value, str):
        fail(where, f"{SKILLS_FORMS} (did you mean [{value!r}]?)", value)
    return check_sequence(where, value, _skill_name, expected=SKILLS_FORMS)
