"""The official SDK's top-level names that have no namesake here, and what to use instead.

``from trio_claude import X`` for one of these raises an ``ImportError`` that says so (see ``__getattr__`` in
``trio_claude/__init__.py``); the migration guide (docs/migration.rst) has the whole table.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

_LITERAL = "a Literal alias of the official SDK's types; the field holds a plain str here"

INSTEAD: dict[str, str] = {
    "ClaudeSDKClient": (
        "a session is `async with open_session(options) as session:` (connected for the block; send with "
        "session.query() or send(), read with receive_response())"
    ),
    "query": (
        "one query is `async with open_query(prompt, options) as messages: async for message in messages: "
        "...` (a session's query() sends a prompt)"
    ),
    "Transport": (
        "ClaudeAgentOptions(spawn=...) starts the CLI your way: a Spawn returns a CLIProcess of byte "
        "streams (prefixed_spawn() runs it through docker exec, ssh...)"
    ),
    "ResultError": (
        "a failed run is not an exception: its ResultMessage is delivered (check message.is_error, "
        "subtype, errors); a CLI that dies raises ProcessError, whose .result is its last result"
    ),
    "CLIJSONDecodeError": (
        "a line that is not JSON is logged and skipped (counted in session.statistics().invalid_lines); an "
        "answer that does not fit its class raises MessageParseError"
    ),
    "McpServerInfo": (
        "the official McpServerInfo ({name, version}) is McpServerStatus.server_info here; "
        "trio_claude.model.McpServerInfo is an init message's entry (name, status)"
    ),
    "McpServerConfig": (
        "an MCP server config is a dict in the CLI's JSON form ({'type': 'stdio', 'command': ...}) or the "
        "SdkMcpServer of create_sdk_mcp_server() (see McpServers)"
    ),
    "McpSdkServerConfig": (
        "an in-process server is the SdkMcpServer create_sdk_mcp_server() returns; the official "
        "{'type': 'sdk', 'instance': ...} dict is accepted in mcp_servers too"
    ),
    "McpServerStatusConfig": "McpServerStatus.config holds it as a JSON dict",
    **dict.fromkeys(
        [
            "McpStdioServerConfig",
            "McpSSEServerConfig",
            "McpHttpServerConfig",
            "McpClaudeAIProxyServerConfig",
            "McpSdkServerConfigStatus",
        ],
        "an MCP server config is a dict in the CLI's JSON form ({'type': 'stdio', 'command': ...}); see "
        "McpServers",
    ),
    "SyncHookJSONOutput": "a hook answers with SyncHookOutput, or the same JSON as a dict (HookJSONOutput)",
    "AsyncHookJSONOutput": "a hook answers with AsyncHookOutput, or the same JSON as a dict (HookJSONOutput)",
    "AssistantMessageError": _LITERAL,
    **dict.fromkeys(
        [
            "ControlResponse",
            "ControlErrorResponse",
            "SDKControlRequest",
            "SDKControlResponse",
            "SDKControlInitializeRequest",
            "SDKControlInterruptRequest",
            "SDKControlMcpMessageRequest",
            "SDKControlMcpReconnectRequest",
            "SDKControlMcpToggleRequest",
            "SDKControlPermissionRequest",
            "SDKControlRewindFilesRequest",
            "SDKControlSetPermissionModeRequest",
            "SDKControlStopTaskRequest",
            "SDKHookCallbackRequest",
        ],
        "the control protocol's frames and request bodies are typed classes in trio_claude.model "
        "(ControlRequest, ControlResponse, InterruptRequest...); ClaudeSession.request() sends any of them",
    ),
    "McpToolAnnotations": "McpToolInfo.annotations holds them as a JSON dict",
    "HookEventMessage": (
        "hook events are typed: HookStartedMessage, HookProgressMessage, HookResponseMessage "
        "(trio_claude.model), each with its hook_event"
    ),
    "SandboxSettings": "ClaudeAgentOptions(sandbox=...) takes the official SandboxSettings mapping as a dict",
    "SandboxNetworkConfig": "ClaudeAgentOptions(sandbox=...) takes it as the dict under 'network'",
    "SandboxIgnoreViolations": "ClaudeAgentOptions(sandbox=...) takes it as the dict 'ignoreViolations'",
    "ContextUsageCategory": "it is trio_claude.model.ContextCategory",
    "MessageOrigin": "the messages' origin field holds it as a JSON value",
    "SystemInitData": (
        "the init message is typed: trio_claude.model.InitMessage (isinstance(message, InitMessage), then "
        "message.model, message.tools...); its .data is the same dict, by wire key"
    ),
    "SystemInitMcpServer": (
        "InitMessage.mcp_servers holds trio_claude.model.McpServerInfo (name, status, source)"
    ),
    "SystemInitPlugin": "InitMessage.plugins holds trio_claude.model.PluginInfo (name, path, version)",
    "SystemInitPluginError": (
        "InitMessage.plugin_errors holds trio_claude.model.PluginError (plugin, type, message)"
    ),
    "FastModeState": _LITERAL,
    "FastModeDisabledReason": _LITERAL,
    "BackgroundTaskSummary": (
        "StopHookInput.background_tasks (and SubagentStopHookInput's) holds them as JSON dicts, the same keys"
    ),
    "SessionCronSummary": (
        "StopHookInput.session_crons (and SubagentStopHookInput's) holds them as JSON dicts, the same keys"
    ),
    "McpServerConnectionStatus": _LITERAL,
    "TaskNotificationStatus": _LITERAL,
    "TaskUpdatedStatus": _LITERAL,
    "RateLimitStatus": _LITERAL,
    "RateLimitType": _LITERAL,
    "MessageOriginKind": _LITERAL,
    "TaskNotificationOriginSubkind": _LITERAL,
    "ServerToolName": _LITERAL,
    "SdkBeta": _LITERAL,
}
"""Official top-level name → what to use here."""


def no_such_name(module: str, name: str) -> AttributeError | ImportError:
    """The error for ``module.name``: an ``ImportError`` saying what to use for an official name (so that
    ``from trio_claude import X`` shows it), else the usual ``AttributeError``."""
    instead = INSTEAD.get(name)
    if instead is None:
        return AttributeError(f"module {module!r} has no attribute {name!r}")
    return ImportError(
        f"trio_claude has no {name} (a name of the official claude_agent_sdk): {instead}; see the "
        "migration guide",
        name=module,
    )


# -- names users bring from the official SDKs -----------------------------------------------------------

OFFICIAL_NAMES_ELSEWHERE: Mapping[str, str] = {
    "max_buffer_size": "use max_line_bytes (the longest stdout line accepted, in bytes; default 256 MiB)",
    "debug_stderr": "use stderr=callback (called with each line the CLI writes on stderr)",
    "max_thinking_tokens": (
        "use thinking=ThinkingConfigEnabled(budget_tokens=N) (or {'type': 'enabled', 'budget_tokens': N}), "
        "or ThinkingConfigDisabled() for 0"
    ),
    "path_to_claude_code_executable": "use cli_path",
    "additional_directories": "use add_dirs",
    "continue": "use continue_conversation",
    "abort_controller": "cancel the session's scope instead (e.g. trio.move_on_after around it)",
    "spawn_claude_code_process": "use spawn",
}
"""Official (Python or TypeScript) option names that ``ClaudeAgentOptions`` spells differently or lacks, and
what to use instead."""


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def unknown_option_message(
    cls_name: str, name: str, known: Sequence[str], elsewhere: Mapping[str, str]
) -> str:
    """The error for an unknown keyword ``name``: what to use instead, when we know it."""
    message = f"{cls_name}() got an unexpected keyword argument {name!r}"
    snake = _snake(name)
    if name in elsewhere or snake in elsewhere:
        return f"{message}: {elsewhere.get(name) or elsewhere[snake]}"
    if snake in known:
        return f"{message}: use {snake}"
    import difflib  # only for an unknown name: not at import

    close = difflib.get_close_matches(name, known, n=1)
    return f"{message}: did you mean {close[0]}?" if close else message


def explain_unknown_keywords(cls: type[Any], elsewhere: Mapping[str, str]) -> None:
    """Wrap ``cls.__init__`` (an attrs class) so an unknown keyword says what to use instead (the name we
    use for an official option, a close match) rather than only "unexpected keyword argument"."""
    init = cls.__init__
    known = [field.alias for field in attrs.fields(cls)]

    @functools.wraps(init)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        for name in kwargs:
            if name not in known:
                raise TypeError(unknown_option_message(cls.__name__, name, known, elsewhere))
        init(self, *args, **kwargs)

    setattr(cls, "__init__", __init__)  # noqa: B010 - keeps the type checkers on attrs' signature
