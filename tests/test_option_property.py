"""No option value is silently misread.

For any value given to any ``ClaudeAgentOptions`` field (drawn from a broad strategy: text, numbers, bools,
None, bytes, paths, callables, typed option objects, nested lists and dicts with official-looking keys),
either building the options raises a ``TypeError``/``ValueError`` that names the option, or what the CLI gets
(its command line, environment and ``initialize`` request) carries exactly that value.

"Exactly that value" is defined per option by two small functions written here from the CLI's side, not
from the implementation: ``expect`` says what the value *means* (or ``INVALID``), ``decode`` reads the
meaning back out of what the CLI gets.  For options marked ``strict``, a value the reference accepts must
also be accepted.
"""

from __future__ import annotations

import functools
import math
import os
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path, PurePath
from typing import Any, cast

import attrs
import orjson
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from trio_claude import (
    AgentDefinition,
    AskUserQuestionConfig,
    ClaudeAgentOptions,
    HookMatcher,
    InMemorySessionStore,
    PermissionResultAllow,
    SdkMcpServer,
    SdkPluginConfig,
    SystemPromptCustom,
    SystemPromptFile,
    SystemPromptPreset,
    TaskBudget,
    ThinkingConfigAdaptive,
    ThinkingConfigDisabled,
    ThinkingConfigEnabled,
    ToolConfig,
    ToolsPreset,
    create_sdk_mcp_server,
)
from trio_claude._config._command import build_command
from trio_claude._config._initialize import build_initialize
from trio_claude._handlers._hooks import HookRegistry
from trio_claude.wire import converter

INVALID: Any = object()
"""The reference says: this value must be refused."""

# -- callables of known kinds ---------------------------------------------------------------------------


async def _async_fn(*args: Any) -> PermissionResultAllow:
    return PermissionResultAllow()


def _sync_fn(*args: Any) -> None:
    return None


class _AsyncCallable:
    async def __call__(self, *args: Any) -> None:
        return None


ASYNC_CALLABLES: tuple[Any, ...] = (_async_fn, functools.partial(_async_fn), _AsyncCallable())
SYNC_CALLABLES: tuple[Any, ...] = (_sync_fn, len, lambda *args: None)  # pyright: ignore[reportUnknownLambdaType, reportUnknownVariableType]

SERVER = create_sdk_mcp_server("srv")


def _hook_matcher(hooks: list[Any], matcher: str | None = None) -> object:
    """A HookMatcher, or a marker if HookMatcher itself refuses these callbacks."""
    try:
        return HookMatcher(matcher=matcher, hooks=hooks)
    except (TypeError, ValueError):
        return "unbuildable matcher"


TYPED_SAMPLES: tuple[Any, ...] = (
    ToolsPreset(),
    SystemPromptPreset(append="A"),
    SystemPromptPreset(exclude_dynamic_sections=True),
    SystemPromptFile(path="prompt.md"),
    SystemPromptCustom(prompt="P", snapshot=False),
    SystemPromptCustom(prompt=["a", "b"]),
    ToolConfig(ask_user_question=AskUserQuestionConfig(preview_format="html")),
    ToolConfig(),
    ThinkingConfigAdaptive(),
    ThinkingConfigAdaptive(display="omitted"),
    ThinkingConfigEnabled(budget_tokens=2048),
    ThinkingConfigEnabled(),
    ThinkingConfigDisabled(),
    TaskBudget(total=1000),
    SdkPluginConfig(path="/plug"),
    SdkPluginConfig(path=Path("/plug2"), skip_mcp_discovery=True),
    AgentDefinition(description="d", prompt="p", tools=["Read"], max_turns=2),
    SERVER,
)

OFFICIAL_WORDS = (
    "preset", "claude_code", "file", "custom", "adaptive", "enabled", "disabled", "summarized", "omitted",
    "local", "json_schema", "object", "all", "user", "project", "local", "default", "acceptEdits", "plan",
    "bypassPermissions", "dontAsk", "auto", "low", "high", "max", "Read", "Bash", "Bash(git status:*)",
    "Read,Write", "Bash(ls", "stdio", "sse", "http", "sdk", "PreToolUse", "Stop", "context-1m-2025-08-07",
    "8d1f0a57-3c1e-4b7a-9f1e-2a6c0d5e4b21", "debug-to-stderr", "--model", "Skill", "review",
)  # fmt: skip
OFFICIAL_KEYS = (
    "type", "preset", "append", "exclude_dynamic_sections", "path", "budget_tokens", "display", "total",
    "description", "prompt", "tools", "disallowedTools", "maxTurns", "max_turns", "model", "command", "args",
    "env", "url", "headers", "instance", "name", "enabled", "network", "schema", "skip_mcp_discovery",
    "excludedCommands", "allowedDomains", "failIfUnavailable", "Read", "A", "PreToolUse", "foo",
)  # fmt: skip

_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-2, max_value=5),
    st.integers(),
    st.floats(),
    st.text(max_size=8),
    st.sampled_from(OFFICIAL_WORDS),
    st.binary(max_size=3),
    st.builds(PurePath, st.text(max_size=5)),
    st.sampled_from(ASYNC_CALLABLES + SYNC_CALLABLES),
    st.sampled_from(TYPED_SAMPLES),
)
ANY_VALUE = st.recursive(
    _leaves,
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.lists(children, max_size=2).map(tuple),
        st.dictionaries(st.sampled_from(OFFICIAL_KEYS) | st.text(max_size=4), children, max_size=4),
    ),
    max_leaves=8,
)

_word = st.sampled_from(OFFICIAL_WORDS) | st.text(max_size=6)
_rule = st.sampled_from(
    ("Read", "Bash(git status:*)", "mcp__s__t", "Read,Write", "Bash(ls", "", " Read")
) | st.text(max_size=6)
_path = st.sampled_from(("/a", "rel/p", "", "a\0b", b"/bytes")) | st.builds(Path, st.text(max_size=5))


def _preset_dicts(kinds: Sequence[str], extra_keys: Sequence[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"type": st.sampled_from(kinds)},
        optional={key: _leaves for key in extra_keys},
    )


# Per option: values shaped like the accepted forms, so that the accepted paths are exercised too.
STORE = InMemorySessionStore()

PLAUSIBLE: dict[str, st.SearchStrategy[Any]] = {
    "session_store": st.sampled_from([None, STORE, InMemorySessionStore, object()]),
    "session_store_flush": st.sampled_from(["batched", "eager", "Eager", "", None]),
    "tools": st.lists(_rule, max_size=3) | _preset_dicts(["preset", "x"], ["preset"]),
    "allowed_tools": st.lists(_rule, max_size=3),
    "disallowed_tools": st.lists(_rule, max_size=3),
    "system_prompt": st.text(max_size=5)
    | st.lists(st.text(max_size=3) | _leaves, max_size=3)
    | _preset_dicts(
        ["preset", "file", "custom"],
        ["preset", "append", "exclude_dynamic_sections", "path", "prompt", "snapshot"],
    ),
    "tool_config": st.dictionaries(
        st.sampled_from(["askUserQuestion", "ask_user_question", "x"]),
        st.none()
        | st.dictionaries(
            st.sampled_from(["previewFormat", "preview_format", "y"]),
            st.sampled_from(["markdown", "html", "pdf"]) | _leaves,
            max_size=2,
        ),
        max_size=2,
    ),
    "tool_aliases": st.dictionaries(_word, _word | _leaves, max_size=3),
    "managed_settings": st.dictionaries(_word, ANY_VALUE, max_size=2),
    "executable_args": st.lists(_word | _leaves, max_size=3),
    "thinking": _preset_dicts(["adaptive", "enabled", "disabled", "max"], ["budget_tokens", "display"]),
    "task_budget": st.fixed_dictionaries({"total": _leaves}),
    "plugins": st.lists(_preset_dicts(["local", "remote"], ["path", "skip_mcp_discovery"]), max_size=2),
    "env": st.dictionaries(_word, _word | _leaves, max_size=3),
    "extra_args": st.dictionaries(_word, st.none() | _word, max_size=3),
    "setting_sources": st.lists(_word, max_size=3),
    "betas": st.lists(_word, max_size=3),
    "add_dirs": st.lists(_path, max_size=3),
    "max_turns": st.integers(min_value=-1, max_value=4),
    "output_format": st.fixed_dictionaries(
        {"type": st.sampled_from(["json_schema", "text"])}, optional={"schema": ANY_VALUE}
    ),
    "agents": st.dictionaries(
        _word,
        st.fixed_dictionaries(
            {"description": _word, "prompt": _word},
            optional={
                key: _leaves
                for key in (
                    "tools",
                    "disallowedTools",
                    "maxTurns",
                    "max_turns",
                    "model",
                    "background",
                    "memory",
                )
            },
        ),
        max_size=2,
    ),
    "mcp_servers": st.dictionaries(
        _word,
        st.sampled_from([SERVER, {"type": "sdk", "name": "x", "instance": SERVER}])
        | st.fixed_dictionaries(
            {"command": _word}, optional={"args": st.lists(_word, max_size=2), "env": ANY_VALUE}
        )
        | st.fixed_dictionaries(
            {"type": st.sampled_from(["sse", "http", "ws2"]), "url": _word}, optional={"headers": ANY_VALUE}
        ),
        max_size=2,
    )
    | _path,
    "sandbox": st.fixed_dictionaries(
        {}, optional={"enabled": _leaves, "excludedCommands": ANY_VALUE, "network": ANY_VALUE, "x": _leaves}
    ),
    "hooks": st.dictionaries(
        st.sampled_from(["PreToolUse", "Stop", "pre_tool_use", ""]),
        st.lists(
            st.sampled_from(
                [
                    _hook_matcher([_async_fn], "Bash"),
                    _hook_matcher([]),
                    _hook_matcher([_sync_fn]),
                    {"matcher": "Bash", "hooks": [_async_fn]},
                ]
            ),
            max_size=2,
        ),
        max_size=2,
    ),
    "skills": st.lists(st.sampled_from(["review", "p:lint", "*", "/x", " a", "a,b"]), max_size=2),
    "extra_initialize": st.dictionaries(
        st.sampled_from(["title", "systemPrompt", "agents", "x"]), ANY_VALUE, max_size=2
    ),
    "settings": st.dictionaries(_word, ANY_VALUE, max_size=2) | _path,
    "session_id": st.uuids().map(str)
    | st.uuids().map(lambda u: str(u).upper())
    | st.uuids().map(lambda u: u.hex),
}

# Options that only mean something with others.
COMPANIONS: dict[str, dict[str, Any]] = {
    "fork_session": {"resume": "r"},
    "resume_session_at": {"resume": "r"},
    "resume_drops_turn": {"resume": "r", "resume_session_at": "u"},
    "supported_dialog_kinds": {"on_user_dialog": _async_fn},
    "mcp_servers_delivery": {"mcp_servers": {"s": {"command": "x"}}},
    "plugin_delivery": {"plugins": [SdkPluginConfig(path="/p")]},
}

# -- the reference: what a value means, from the CLI's side -------------------------------------------


def _cli_rules(text: str) -> list[str]:
    """How the CLI splits --allowedTools/--disallowedTools/--tools (at commas and spaces outside parentheses;
    read from the CLI 2.1.330 bundle)."""
    rules: list[str] = []
    current, inside = "", False
    for char in text:
        if char in "()":
            inside = char == "("
        elif char in ", " and not inside:
            if current.strip():
                rules.append(current.strip())
            current = ""
            continue
        if current or char.strip():
            current += char
    if current.strip():
        rules.append(current.strip())
    return rules


def _is_int(value: object, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def _argv_text(value: object, *, empty: bool = False) -> bool:
    if not isinstance(value, str) or (not empty and not value) or "\0" in value:
        return False
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def _path_text(value: object) -> str | None:
    if not isinstance(value, (str, os.PathLike)):
        return None
    text = os.fspath(value)  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    if not isinstance(text, str) or not text or "\0" in text:
        return None
    return text


def _is_list(value: object) -> bool:
    return isinstance(value, (list, tuple))


def _mapping(value: object) -> dict[Any, Any] | None:
    """``value`` as a dict if it is a mapping."""
    return dict(cast("Mapping[Any, Any]", value)) if isinstance(value, Mapping) else None  # type: ignore[redundant-cast]


def _items(value: object) -> list[Any] | None:
    """``value`` as a list if it is a list or tuple."""
    return list(cast("Sequence[Any]", value)) if isinstance(value, (list, tuple)) else None


def _text_flag(value: Any) -> object:
    return value if _argv_text(value) else (None if value is None else INVALID)


def _bool(value: Any) -> object:
    return value if isinstance(value, bool) else INVALID


def _rules(value: Any) -> object:
    entries = _items(value)
    if entries is None:
        return INVALID
    for entry in entries:
        if not _argv_text(entry) or _cli_rules(entry) != [entry] or entry.count("(") > entry.count(")"):
            return INVALID
    return entries


def _json(value: Any) -> object:
    """``value`` as JSON, or INVALID if it is not plain JSON."""
    if value is None or isinstance(value, (str, bool)):
        return value
    if isinstance(value, int):
        return value if abs(value) <= 2**53 - 1 else INVALID  # JavaScript reads JSON numbers as doubles
    if isinstance(value, float):
        return value if math.isfinite(value) else INVALID
    mapping, entries = _mapping(value), _items(value)
    if mapping is not None:
        result: dict[str, object] = {}
        for key, entry in mapping.items():
            if not isinstance(key, str) or (decoded := _json(entry)) is INVALID:
                return INVALID
            result[key] = decoded
        return result
    if entries is not None:
        items = [_json(entry) for entry in entries]
        return INVALID if any(item is INVALID for item in items) else items
    return INVALID


@attrs.frozen
class Seen:
    """What the CLI gets from one set of options."""

    options: ClaudeAgentOptions
    tokens: list[tuple[str, str | None]]
    """The flags in order: (name, value or None)."""
    flags: dict[str, list[str | None]]
    env: dict[str, str]
    cwd: str | None
    init: dict[str, Any]

    def flag(self, name: str) -> str | None:
        values = self.flags.get(name)
        if values is None:
            return None
        assert len(values) == 1 and values[0] is not None, (name, values)
        return values[0]

    def bare(self, name: str) -> bool:
        values = self.flags.get(name)
        if values is None:
            return False
        assert values == [None], (name, values)
        return True


def _seen(options: ClaudeAgentOptions) -> Seen:
    command = build_command(options, "/bin/claude")
    tokens: list[tuple[str, str | None]] = []
    flags: dict[str, list[str | None]] = {}
    for token in command.argv[6:]:  # after the executable and the base flags
        assert token.startswith("--"), token
        name, eq, value = token[2:].partition("=")
        tokens.append((name, value if eq else None))
        flags.setdefault(name, []).append(value if eq else None)
    init = converter.unstructure(
        build_initialize(options, hooks=HookRegistry(options.hooks).initialize_config)
    )
    return Seen(options, tokens, flags, dict(command.env), command.cwd, init)


@attrs.frozen
class Spec:
    expect: Callable[[Any], object]
    """The meaning of a value (INVALID: must be refused)."""
    decode: Callable[[Seen], object]
    """The meaning read back from what the CLI gets."""
    strict: bool = True
    """Whether every value the reference accepts must be accepted."""


def _flag_spec(flag: str, expect: Callable[[Any], object] = _text_flag) -> Spec:
    return Spec(expect, lambda seen: seen.flag(flag))


def _bare_spec(flag: str, *, inverted: bool = False) -> Spec:
    return Spec(_bool, lambda seen: seen.bare(flag) != inverted)


def _path_flag(flag: str) -> Spec:
    return Spec(lambda v: None if v is None else (_path_text(v) or INVALID), lambda seen: seen.flag(flag))


def _attribute(name: str, expect: Callable[[Any], object]) -> Spec:
    return Spec(expect, lambda seen: getattr(seen.options, name))


def _callable(kind: str, *, flag: str | None = None) -> Callable[[Any], object]:
    def expect(value: Any) -> object:
        if value is None:
            return (None, False) if flag else None
        known = ASYNC_CALLABLES if kind == "async" else SYNC_CALLABLES
        if any(value is candidate for candidate in known):
            return (value, True) if flag else value
        return INVALID

    return expect


def _choice(*choices: str) -> Callable[[Any], object]:
    return lambda value: (
        None if value is None else (value if value in choices and isinstance(value, str) else INVALID)
    )


def _number(*, positive: bool, finite: bool, kept: bool = False) -> Callable[[Any], object]:
    """A valid number's expected reading: as a float (it crosses a flag), or the value itself when the
    options keep it as given (``kept``: an int of 2**53 + 1 stays that int)."""

    def expect(value: Any) -> object:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return INVALID
        number = float(value)
        if math.isnan(number) or number < 0 or (positive and number == 0) or (finite and math.isinf(number)):
            return INVALID
        return value if kept else number

    return expect


# tools -------------------------------------------------------------------------------------------------


def _expect_tools(value: Any) -> object:
    if value is None:
        return None
    if value == ToolsPreset() or value == {"type": "preset", "preset": "claude_code"}:
        return "preset"
    rules = _rules(value)
    return "preset" if rules == ["default"] else rules


def _decode_tools(seen: Seen) -> object:
    text = seen.flag("tools")
    if text is None:
        return None
    return "preset" if text == "default" else _cli_rules(text)


# system prompt -----------------------------------------------------------------------------------------


def _blocks(value: Any) -> object:
    """A custom prompt's text as the CLI gets it (a list of blocks), or INVALID."""
    if isinstance(value, str):
        return [value]
    entries = _items(value)
    if entries is None or not all(isinstance(entry, str) for entry in entries):
        return INVALID
    return entries


def _snapshot_ok(value: object) -> bool:
    return value is None or isinstance(value, bool)


def _expect_system_prompt(value: Any) -> object:
    if value is None:
        return ("custom", [""], None)
    if isinstance(value, str) or _is_list(value):
        blocks = _blocks(value)
        return INVALID if blocks is INVALID else ("custom", blocks, None)
    if isinstance(value, SystemPromptCustom):
        return ("custom", _blocks(value.prompt), value.snapshot)
    if isinstance(value, SystemPromptPreset):
        return ("preset", value.append, value.exclude_dynamic_sections, value.snapshot)
    if isinstance(value, SystemPromptFile):
        return ("file", os.fspath(value.path))
    form = _mapping(value)
    if form is None:
        return INVALID
    if form.get("type") == "preset" and form.get("preset") == "claude_code":
        if not set(form) <= {"type", "preset", "append", "exclude_dynamic_sections", "snapshot"}:
            return INVALID
        append, exclude, snapshot = (
            form.get("append"),
            form.get("exclude_dynamic_sections"),
            form.get("snapshot"),
        )
        if (
            (append is not None and not isinstance(append, str))
            or (exclude is not None and not isinstance(exclude, bool))
            or not _snapshot_ok(snapshot)
        ):
            return INVALID
        return ("preset", append, exclude, snapshot)
    if form.get("type") == "custom" and "prompt" in form and set(form) <= {"type", "prompt", "snapshot"}:
        blocks = _blocks(form["prompt"])
        if blocks is INVALID or not _snapshot_ok(form.get("snapshot")):
            return INVALID
        return ("custom", blocks, form.get("snapshot"))
    if form.get("type") == "file" and set(form) == {"type", "path"}:
        path = _path_text(form["path"])
        return INVALID if path is None else ("file", path)
    return INVALID


def _decode_system_prompt(seen: Seen) -> object:
    if "systemPrompt" in seen.init:
        return ("custom", seen.init["systemPrompt"], seen.init.get("systemPromptSnapshot"))
    path = seen.flag("system-prompt-file")
    if path is not None:
        return ("file", path)
    init = seen.init
    return (
        "preset", init.get("appendSystemPrompt"), init.get("excludeDynamicSections"),
        init.get("systemPromptSnapshot"),
    )  # fmt: skip


# thinking ----------------------------------------------------------------------------------------------

_DISPLAYS = ("summarized", "omitted")


def _expect_thinking(value: Any) -> object:
    if value is None:
        return (None, None, None)
    if isinstance(value, ThinkingConfigDisabled) or value == {"type": "disabled"}:
        return ("disabled", None, None)
    if isinstance(value, ThinkingConfigAdaptive):
        return ("adaptive", None, value.display)
    if isinstance(value, ThinkingConfigEnabled):
        budget = value.budget_tokens
        return ("adaptive", None, value.display) if budget is None else ("enabled", budget, value.display)
    form = _mapping(value)
    if form is None:
        return INVALID
    display = form.get("display")
    if display is not None and display not in _DISPLAYS:
        return INVALID
    if form.get("type") == "adaptive" and set(form) <= {"type", "display"}:
        return ("adaptive", None, display)
    if form.get("type") == "enabled" and set(form) <= {"type", "display", "budget_tokens"}:
        budget = form.get("budget_tokens")
        if budget is None:
            return ("adaptive", None, display)
        return ("enabled", budget, display) if _is_int(budget, 1) else INVALID
    return INVALID


def _decode_thinking(seen: Seen) -> object:
    kind = seen.flag("thinking")
    budget = seen.flag("max-thinking-tokens")
    display = seen.flag("thinking-display")
    if budget is not None:
        assert kind is None
        return ("enabled", int(budget), display)
    return (kind, None, display)


# collections -------------------------------------------------------------------------------------------


def _expect_env(value: Any) -> object:
    env = _mapping(value)
    if env is None:
        return INVALID
    for key, entry in env.items():
        if not _argv_text(key) or "=" in key or not _argv_text(entry, empty=True):
            return INVALID
    return env


def _decode_env(seen: Seen) -> object:
    given = seen.options.env
    return {key: seen.env.get(key) for key in given}


def _expect_extra_args(value: Any) -> object:
    args = _mapping(value)
    if args is None:
        return INVALID
    for key, entry in args.items():
        if (
            not isinstance(key, str)
            or not key
            or key[0] in "-_"
            or not all(c.isascii() and (c.isalnum() or c in "-_") for c in key)
        ):
            return INVALID
        if entry is not None and not _argv_text(entry, empty=True):
            return INVALID
    return args


def _decode_extra_args(seen: Seen) -> object:
    return {name: values[0] for name, values in seen.flags.items() if len(values) == 1}


def _expect_names(value: Any) -> object:
    names = _items(value)
    if names is None:
        return INVALID
    if not all(_argv_text(entry) and not any(c == "," or c.isspace() for c in entry) for entry in names):
        return INVALID
    return names


def _decode_csv(flag: str) -> Callable[[Seen], object]:
    def decode(seen: Seen) -> object:
        text = seen.flag(flag)
        return [] if text is None or text == "" else text.split(",")

    return decode


def _expect_sources(value: Any) -> object:
    if value is None:
        return None
    sources = _items(value)
    if sources is None or not all(isinstance(e, str) and e in ("user", "project", "local") for e in sources):
        return INVALID
    return sources


def _decode_sources(seen: Seen) -> object:
    text = seen.flag("setting-sources")
    return None if text is None else ([] if text == "" else text.split(","))


def _expect_dirs(value: Any) -> object:
    entries = _items(value)
    if entries is None:
        return INVALID
    paths = [_path_text(entry) for entry in entries]
    return INVALID if None in paths else paths


def _expect_plugins(value: Any) -> object:
    entries = _items(value)
    if entries is None:
        return INVALID
    result: list[tuple[str | None, bool]] = []
    for entry in entries:
        if isinstance(entry, SdkPluginConfig):
            result.append((os.fspath(entry.path), entry.skip_mcp_discovery))
            continue
        form = _mapping(entry)
        if form is None or form.get("type") != "local":
            return INVALID
        if not {"type", "path"} <= set(form) <= {"type", "path", "skip_mcp_discovery"}:
            return INVALID
        path, skip = _path_text(form["path"]), form.get("skip_mcp_discovery", False)
        if path is None or not isinstance(skip, bool):
            return INVALID
        result.append((path, skip))
    return result


def _decode_plugins(seen: Seen) -> object:
    return [
        (value, name == "plugin-dir-no-mcp")
        for name, value in seen.tokens
        if name in ("plugin-dir", "plugin-dir-no-mcp")
    ]


# structured output, budgets ----------------------------------------------------------------------------


def _expect_output_format(value: Any) -> object:
    if value is None:
        return None
    form = _mapping(value)
    if form is None or set(form) != {"type", "schema"} or form["type"] != "json_schema":
        return INVALID
    schema = _mapping(_json(form["schema"]))
    return INVALID if schema is None else schema


def _decode_output_format(seen: Seen) -> object:
    flag = seen.flag("json-schema")
    if flag is None:
        assert "jsonSchema" not in seen.init
        return None
    schema = orjson.loads(flag)
    assert seen.init["jsonSchema"] == schema
    return schema


def _expect_task_budget(value: Any) -> object:
    if value is None:
        return None
    if isinstance(value, TaskBudget):
        return value.total
    form = _mapping(value)
    if form is not None and set(form) == {"total"} and _is_int(form["total"], 1):
        return form["total"]
    return INVALID


def _expect_settings(value: Any) -> object:
    if value is None:
        return None
    if _mapping(value) is not None:
        decoded = _json(value)
        return INVALID if decoded is INVALID else ("json", decoded)
    path = _path_text(value)
    if path is None or (isinstance(value, str) and not _argv_text(value)):
        return INVALID
    return ("text", path)


def _decode_settings(seen: Seen) -> object:
    flag = seen.flag("settings")
    if flag is not None:
        return ("text", flag)
    inline = seen.init.get("settings")  # in initialize, never on the command line
    return None if inline is None else ("json", inline)


def _expect_session_id(value: Any) -> object:
    if value is None:
        return None
    if not isinstance(value, str):
        return INVALID
    try:
        return value if str(uuid.UUID(value)) == value.lower() else INVALID
    except ValueError:
        return INVALID


def _expect_extra_initialize(value: Any) -> object:
    decoded = _mapping(_json(value))
    if decoded is None or {"subtype", "systemPrompt"} & decoded.keys():
        return INVALID
    return decoded


def _decode_extra_initialize(seen: Seen) -> object:
    return {key: seen.init.get(key) for key in seen.options.extra_initialize}


# forward-only options: the value's own shape is checked by the unit tests; here, what was accepted is
# carried exactly ------------------------------------------------------------------------------------------


def _expect_sandbox(value: Any) -> object:
    if value is None:
        return None
    box = _mapping(_json(value))
    if box is None:
        return INVALID
    if box.get("enabled") is True:
        box.setdefault("failIfUnavailable", True)
    return box


def _decode_sandbox(seen: Seen) -> object:
    inline = seen.init.get("settings")  # in initialize, never on the command line
    return None if inline is None else inline["sandbox"]


def _expect_agents(value: Any) -> object:
    if value is None:
        return None
    agents = _mapping(value)
    if agents is None:
        return INVALID
    result: dict[str, object] = {}
    for name, agent in agents.items():
        if isinstance(agent, AgentDefinition):
            fields = {key: getattr(agent, key) for key in ("description", "prompt", "tools", "max_turns")}
            agent = {key: entry for key, entry in fields.items() if entry is not None}
        form = _mapping(agent)
        if form is None:
            return INVALID
        renames = {"max_turns": "maxTurns", "disallowed_tools": "disallowedTools"}
        decoded = _mapping(_json({renames.get(key, key): entry for key, entry in form.items()}))
        if decoded is None:
            return INVALID
        result[name] = {key: entry for key, entry in decoded.items() if entry is not None}
    return result


def _decode_agents(seen: Seen) -> object:
    return seen.init.get("agents")


def _expect_mcp_servers(value: Any) -> object:
    if value is None:
        return (None, None)
    path = _path_text(value)
    if path is not None:
        return (path, None)
    if isinstance(value, (str, os.PathLike)):
        return INVALID
    servers = _mapping(value)
    if servers is None:
        return INVALID
    external: dict[str, object] = {}
    in_process: list[str] = []
    for name, server in servers.items():
        form = _mapping(server)
        if isinstance(server, SdkMcpServer) or (form is not None and form.get("type") == "sdk"):
            in_process.append(name)
        else:
            decoded = _mapping(_json(server))
            if decoded is None:
                return INVALID
            external[name] = decoded
    return ({"mcpServers": external} if external else None, in_process or None)


def _decode_mcp_servers(seen: Seen) -> object:
    flag = seen.flag("mcp-config")
    config: object = None
    if flag is not None:
        config = flag if not isinstance(seen.options.mcp_servers, dict) else orjson.loads(flag)
    elif "mcpServers" in seen.init:  # the default delivery: in initialize, off the command line
        assert seen.bare("await-initialize")
        config = {"mcpServers": seen.init["mcpServers"]}
    return (config, seen.init.get("sdkMcpServers"))


def _expect_hooks(value: Any) -> object:
    if value is None:
        return None
    hooks = _mapping(value)
    if hooks is None:
        return INVALID
    result: dict[str, object] = {}
    for event, matchers in hooks.items():
        if not isinstance(event, str) or not event[:1].isupper() or not (event.isalpha() and event.isascii()):
            return INVALID
        entries = _items(matchers)
        if entries is None:
            return INVALID
        result[event] = []
        for matcher in entries:
            if not isinstance(matcher, HookMatcher):
                return INVALID
            if any(not any(hook is known for known in ASYNC_CALLABLES) for hook in matcher.hooks):
                return INVALID
            result[event].append((matcher.matcher, len(matcher.hooks)))  # type: ignore[attr-defined]
    return result or None


def _decode_hooks(seen: Seen) -> object:
    hooks = seen.init.get("hooks")
    if hooks is None:
        return None
    return {
        event: [(entry.get("matcher"), len(entry["hookCallbackIds"])) for entry in entries]
        for event, entries in hooks.items()
    }


def _expect_skills(value: Any) -> object:
    if value is None:
        return (None, None, None)
    if value == "all":
        return ("Skill", "user,project", None)
    if not _is_list(value) or not all(isinstance(name, str) for name in value):
        return INVALID
    rules = ",".join(dict.fromkeys(f"Skill({name})" for name in value)) or None
    return (rules, "user,project", list(value) if value is not None else None)


def _decode_skills(seen: Seen) -> object:
    return (seen.flag("allowedTools"), seen.flag("setting-sources"), seen.init.get("skills"))


def _expect_mcp_delivery(value: Any) -> object:
    return "initialize" if value is None else _choice("argv", "initialize")(value)


def _decode_mcp_delivery(seen: Seen) -> object:
    by_argv = seen.flag("mcp-config") is not None
    by_init = "mcpServers" in seen.init and seen.bare("await-initialize")
    assert by_argv != by_init
    return "argv" if by_argv else "initialize"


def _expect_plugin_delivery(value: Any) -> object:
    return "argv" if value is None else _choice("argv", "initialize")(value)


def _decode_plugin_delivery(seen: Seen) -> object:
    by_argv = bool(seen.flags.get("plugin-dir"))
    by_init = seen.init.get("plugins") == [{"type": "local", "path": "/p"}] and seen.bare("await-initialize")
    assert by_argv != by_init
    return "argv" if by_argv else "initialize"


def _expect_managed_settings(value: Any) -> object:
    if value is None:
        return None
    return _json(value) if _mapping(value) is not None else INVALID


def _expect_tool_aliases(value: Any) -> object:
    if value is None:
        return None
    aliases = _mapping(value)
    if aliases is None or not all(
        isinstance(key, str) and key and isinstance(entry, str) for key, entry in aliases.items()
    ):
        return INVALID
    return aliases


def _expect_tool_config(value: Any) -> object:
    if value is None:
        return None
    if isinstance(value, ToolConfig):
        question = value.ask_user_question
        return None if question is None else question.preview_format
    form = _mapping(value)
    if form is None or not set(form) <= {"askUserQuestion", "ask_user_question"} or len(form) > 1:
        return INVALID
    inner = next(iter(form.values()), None)
    if inner is None:
        return None
    if isinstance(inner, AskUserQuestionConfig):
        return inner.preview_format
    fields = _mapping(inner)
    if fields is None or not set(fields) <= {"previewFormat", "preview_format"} or len(fields) > 1:
        return INVALID
    preview = next(iter(fields.values()), None)
    return preview if preview is None or preview in ("markdown", "html") else INVALID


def _expect_text(value: Any) -> object:
    return value if value is None or isinstance(value, str) else INVALID


def _expect_args(value: Any) -> object:
    entries = _items(value)
    if entries is None or not all(_argv_text(entry) for entry in entries):
        return INVALID
    return tuple(entries)


SPECS: dict[str, Spec] = {
    "cli_path": _attribute("cli_path", lambda v: v if v is None or _path_text(v) else INVALID),
    "cwd": Spec(lambda v: None if v is None else (_path_text(v) or INVALID), lambda seen: seen.cwd),
    "env": Spec(_expect_env, _decode_env),
    "model": _flag_spec("model"),
    "system_prompt": Spec(_expect_system_prompt, _decode_system_prompt),
    "permission_mode": _flag_spec(
        "permission-mode", _choice("default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto")
    ),
    "allowed_tools": Spec(_rules, lambda seen: _cli_rules(seen.flag("allowedTools") or "")),
    "disallowed_tools": Spec(_rules, lambda seen: _cli_rules(seen.flag("disallowedTools") or "")),
    "max_turns": Spec(
        lambda v: None if v is None else (v if _is_int(v, 1) else INVALID),
        lambda seen: None if (t := seen.flag("max-turns")) is None else int(t),
    ),
    "include_partial_messages": _bare_spec("include-partial-messages"),
    "resume": _flag_spec("resume"),
    "extra_args": Spec(_expect_extra_args, _decode_extra_args),
    "stderr": _attribute("stderr", _callable("sync")),
    "can_use_tool": Spec(
        _callable("async", flag="permission-prompt-tool"),
        lambda seen: (seen.options.can_use_tool, seen.flag("permission-prompt-tool") == "stdio"),
    ),
    "hooks": Spec(_expect_hooks, _decode_hooks),
    "on_elicitation": _attribute("on_elicitation", _callable("async")),
    "on_user_dialog": _attribute("on_user_dialog", _callable("async")),
    "supported_dialog_kinds": Spec(
        lambda v: None if v is None else _expect_names(v), lambda seen: seen.init.get("supportedDialogKinds")
    ),
    "mcp_servers": Spec(_expect_mcp_servers, _decode_mcp_servers, strict=False),
    "shutdown_grace": _attribute("shutdown_grace", _number(positive=False, finite=False, kept=True)),
    "terminate_grace": _attribute("terminate_grace", _number(positive=False, finite=False, kept=True)),
    "max_line_bytes": _attribute("max_line_bytes", lambda v: v if _is_int(v, 1) else INVALID),
    "user": _attribute("user", _text_flag),
    "spawn": _attribute("spawn", _callable("async")),
    "extra_initialize": Spec(_expect_extra_initialize, _decode_extra_initialize, strict=False),
    "tools": Spec(_expect_tools, _decode_tools),
    "permission_prompt_tool_name": _flag_spec("permission-prompt-tool"),
    "allow_dangerously_skip_permissions": _bare_spec("allow-dangerously-skip-permissions"),
    "fallback_model": _flag_spec("fallback-model"),
    "effort": _flag_spec("effort", _choice("low", "medium", "high", "xhigh", "max")),
    "thinking": Spec(_expect_thinking, _decode_thinking),
    "max_budget_usd": Spec(
        lambda v: None if v is None else _number(positive=True, finite=True)(v),
        lambda seen: None if (t := seen.flag("max-budget-usd")) is None else float(t),
    ),
    "task_budget": Spec(
        _expect_task_budget, lambda seen: None if (t := seen.flag("task-budget")) is None else int(t)
    ),
    "betas": Spec(_expect_names, _decode_csv("betas")),
    "continue_conversation": _bare_spec("continue"),
    "resume_session_at": _flag_spec("resume-session-at"),
    "resume_drops_turn": _flag_spec("resume-drops-turn"),
    "fork_session": _bare_spec("fork-session"),
    "session_id": _flag_spec("session-id", _expect_session_id),
    "persist_session": _bare_spec("no-session-persistence", inverted=True),
    "add_dirs": Spec(_expect_dirs, lambda seen: seen.flags.get("add-dir", [])),
    "settings": Spec(_expect_settings, _decode_settings),
    "setting_sources": Spec(_expect_sources, _decode_sources),
    "sandbox": Spec(_expect_sandbox, _decode_sandbox, strict=False),
    "plugins": Spec(_expect_plugins, _decode_plugins),
    "agents": Spec(_expect_agents, _decode_agents, strict=False),
    "agent": _flag_spec("agent"),
    "skills": Spec(_expect_skills, _decode_skills, strict=False),
    "forward_subagent_text": Spec(_bool, lambda seen: seen.init.get("forwardSubagentText", False)),
    "output_format": Spec(_expect_output_format, _decode_output_format),
    "include_hook_events": _bare_spec("include-hook-events"),
    "strict_mcp_config": _bare_spec("strict-mcp-config"),
    "enable_file_checkpointing": Spec(
        _bool, lambda seen: seen.env.get("CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING") == "true"
    ),
    "debug_file": _path_flag("debug-file"),
    "session_store": Spec(
        lambda v: False if v is None else (True if v is STORE else INVALID),
        lambda seen: seen.bare("session-mirror"),
    ),
    "session_store_flush": _attribute(
        "session_store_flush", lambda v: v if isinstance(v, str) and v in ("batched", "eager") else INVALID
    ),
    "load_timeout_ms": _attribute("load_timeout_ms", lambda v: v if _is_int(v, 1) else INVALID),
    "mcp_servers_delivery": Spec(_expect_mcp_delivery, _decode_mcp_delivery),
    "plugin_delivery": Spec(_expect_plugin_delivery, _decode_plugin_delivery),
    "managed_settings": Spec(
        _expect_managed_settings,
        lambda seen: seen.init.get("managedSettings"),  # in initialize, never on the command line
    ),
    "project_config_root": _path_flag("project-config-root"),
    "permission_prompts": _flag_spec("permission-prompts", _choice("host", "none")),
    "plan_mode_instructions": Spec(_expect_text, lambda seen: seen.init.get("planModeInstructions")),
    "title": Spec(_expect_text, lambda seen: seen.init.get("title")),
    "client_app": Spec(_expect_text, lambda seen: seen.env.get("CLAUDE_AGENT_SDK_CLIENT_APP")),
    "tool_aliases": Spec(_expect_tool_aliases, lambda seen: seen.init.get("toolAliases")),
    "tool_config": Spec(
        _expect_tool_config, lambda seen: seen.env.get("CLAUDE_CODE_QUESTION_PREVIEW_FORMAT")
    ),
    "prompt_suggestions": Spec(_bool, lambda seen: seen.init.get("promptSuggestions", False)),
    "agent_progress_summaries": Spec(_bool, lambda seen: seen.init.get("agentProgressSummaries", False)),
    "per_task_stop_affordance": Spec(_bool, lambda seen: seen.init.get("perTaskStopAffordance", False)),
    "debug": _bare_spec("debug"),
    "verbatim_prompts": _attribute("verbatim_prompts", _bool),  # applied per line: tests/e2e/test_verbatim.py
    "executable": _attribute("executable", _choice("node", "bun", "deno")),
    "executable_args": _attribute("executable_args", _expect_args),
}


def test_every_option_has_a_spec() -> None:
    assert set(SPECS) == {field.name for field in attrs.fields(ClaudeAgentOptions)}


def _check(name: str, value: Any) -> None:
    spec = SPECS[name]
    expected = spec.expect(value)
    try:
        options = ClaudeAgentOptions(**{name: value}, **COMPANIONS.get(name, {}))
    except (TypeError, ValueError) as error:
        assert str(error).startswith(f"ClaudeAgentOptions.{name}"), error
        assert not (spec.strict and expected is not INVALID), f"refused a valid value: {error}"
        return
    assert expected is not INVALID, f"accepted {value!r} (options.{name} = {getattr(options, name)!r})"
    assert spec.decode(_seen(options)) == expected


@pytest.mark.parametrize("name", sorted(SPECS))
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_value_is_misread(name: str, data: st.DataObject) -> None:
    _check(name, data.draw(st.one_of(ANY_VALUE, _leaves, PLAUSIBLE.get(name, _leaves)), label=name))


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("tools", {"type": "preset", "preset": "claude_code"}),
        ("allowed_tools", {"Read": True}),
        ("system_prompt", {"type": "preset", "preset": "claude_code"}),
        ("thinking", {"type": "enabled", "budget_tokens": 100}),
        ("agents", {"a": {"description": "d", "prompt": "p"}}),
        ("plugins", [{"type": "local", "path": "/p"}]),
        ("extra_initialize", {"systemPrompt": "lost"}),
        ("max_turns", 0),
    ],
)
def test_the_measured_misreads(name: str, value: Any) -> None:
    """The values that were misread before the options were checked: the property holds for them."""
    _check(name, value)
