"""trio_claude: a Trio-native Python SDK for the Claude Code agent.

Sessions are nurseries owned by the caller (:func:`open_session`, :func:`open_query`); every message is a
typed, frozen object (:mod:`trio_claude.model`); the protocol core is sans-IO (:mod:`trio_claude.protocol`).

The model classes the official ``claude_agent_sdk`` exports from its top level are re-exported here too, so
``from claude_agent_sdk import X`` becomes ``from trio_claude import X``; an official name that has no
namesake here raises an ``ImportError`` saying what to use instead (``_official_names.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from ._config._agents import AgentDefinition as AgentDefinition
from ._config._callbacks import CanUseTool as CanUseTool
from ._config._callbacks import OnElicitation as OnElicitation
from ._config._callbacks import StderrCallback as StderrCallback
from ._config._callbacks import ToolPermissionContext as ToolPermissionContext
from ._config._command import CLICommand as CLICommand
from ._config._discovery import find_cli as find_cli
from ._config._hooks import HOOK_TIMEOUT_MARGIN as HOOK_TIMEOUT_MARGIN
from ._config._hooks import HookCallback as HookCallback
from ._config._hooks import HookContext as HookContext
from ._config._hooks import HookEvent as HookEvent
from ._config._hooks import HookFailurePolicy as HookFailurePolicy
from ._config._hooks import HookJSONOutput as HookJSONOutput
from ._config._hooks import HookMap as HookMap
from ._config._hooks import HookMatcher as HookMatcher
from ._config._hooks import HookOutput as HookOutput
from ._config._install import TESTED_CLI_VERSION as TESTED_CLI_VERSION
from ._config._install import CLIInstallError as CLIInstallError
from ._config._install import install_cli as install_cli
from ._config._mcp_servers import McpServers as McpServers
from ._config._official_names import no_such_name
from ._config._options import ClaudeAgentOptions as ClaudeAgentOptions
from ._config._options import EffortLevel as EffortLevel
from ._config._options import SdkPluginConfig as SdkPluginConfig
from ._config._options import SettingSource as SettingSource
from ._config._options import SystemPromptFile as SystemPromptFile
from ._config._options import SystemPromptPreset as SystemPromptPreset
from ._config._options import TaskBudget as TaskBudget
from ._config._options import ThinkingConfig as ThinkingConfig
from ._config._options import ThinkingConfigAdaptive as ThinkingConfigAdaptive
from ._config._options import ThinkingConfigDisabled as ThinkingConfigDisabled
from ._config._options import ThinkingConfigEnabled as ThinkingConfigEnabled
from ._config._options import ThinkingDisplay as ThinkingDisplay
from ._config._options import ToolsPreset as ToolsPreset
from ._config._store import SessionKey as SessionKey
from ._config._store import SessionListSubkeysKey as SessionListSubkeysKey
from ._config._store import SessionStore as SessionStore
from ._config._store import SessionStoreEntry as SessionStoreEntry
from ._config._store import SessionStoreFlushMode as SessionStoreFlushMode
from ._config._store import SessionStoreListEntry as SessionStoreListEntry
from ._config._store import SessionSummaryEntry as SessionSummaryEntry
from ._config._store import session_key_for_file as session_key_for_file
from ._config._store import store_implements as store_implements
from ._errors import ClaudeSDKError as ClaudeSDKError
from ._errors import CLIConnectionError as CLIConnectionError
from ._errors import CLINotFoundError as CLINotFoundError
from ._errors import ControlRequestError as ControlRequestError
from ._errors import MessageParseError as MessageParseError
from ._errors import ProcessError as ProcessError
from ._errors import SessionStoreClosedError as SessionStoreClosedError
from ._errors import SessionStoreError as SessionStoreError
from ._errors import UnsupportedOptionError as UnsupportedOptionError
from ._handlers._hooks import HookTimeoutError as HookTimeoutError
from ._handlers._permissions import CanUseToolShadowedWarning as CanUseToolShadowedWarning
from ._history._paths import project_key_for_directory as project_key_for_directory
from ._history._paths import session_file_path as session_file_path
from ._history._read import SDKSessionInfo as SDKSessionInfo
from ._history._read import SessionMessage as SessionMessage
from ._history._read import get_session_info as get_session_info
from ._history._read import get_session_messages as get_session_messages
from ._history._read import get_subagent_messages as get_subagent_messages
from ._history._read import list_sessions as list_sessions
from ._history._read import list_subagents as list_subagents
from ._history._summary import fold_session_summary as fold_session_summary
from ._history._write import ForkSessionResult as ForkSessionResult
from ._history._write import delete_session as delete_session
from ._history._write import fork_session as fork_session
from ._history._write import rename_session as rename_session
from ._history._write import tag_session as tag_session
from ._mcp._package import McpPackageServer as McpPackageServer
from ._mcp._results import CallToolResult as CallToolResult
from ._mcp._results import EmbeddedResource as EmbeddedResource
from ._mcp._results import ImageContent as ImageContent
from ._mcp._results import TextContent as TextContent
from ._mcp._results import ToolAnnotations as ToolAnnotations
from ._mcp._results import ToolContent as ToolContent
from ._mcp._schema import ToolInputError as ToolInputError
from ._mcp._server import SdkMcpServer as SdkMcpServer
from ._mcp._server import create_sdk_mcp_server as create_sdk_mcp_server
from ._mcp._tools import SdkMcpTool as SdkMcpTool
from ._mcp._tools import ToolContext as ToolContext
from ._mcp._tools import tool as tool
from ._runtime._buffer import MessageStream as MessageStream
from ._runtime._open import open_query as open_query
from ._runtime._open import open_session as open_session
from ._runtime._process import CLIProcess as CLIProcess
from ._runtime._process import Spawn as Spawn
from ._runtime._process import prefixed_spawn as prefixed_spawn
from ._runtime._prompts import Prompt as Prompt
from ._runtime._session import ClaudeSession as ClaudeSession
from ._runtime._session import SessionStatistics as SessionStatistics
from ._stores import InMemorySessionStore as InMemorySessionStore
from ._stores import PostgresSessionStore as PostgresSessionStore
from ._stores import SQLiteSessionStore as SQLiteSessionStore
from ._stores import delete_session_via_store as delete_session_via_store
from ._stores import fork_session_via_store as fork_session_via_store
from ._stores import get_session_info_from_store as get_session_info_from_store
from ._stores import get_session_messages_from_store as get_session_messages_from_store
from ._stores import get_subagent_messages_from_store as get_subagent_messages_from_store
from ._stores import import_session_to_store as import_session_to_store
from ._stores import list_sessions_from_store as list_sessions_from_store
from ._stores import list_subagents_from_store as list_subagents_from_store
from ._stores import rename_session_via_store as rename_session_via_store
from ._stores import tag_session_via_store as tag_session_via_store
from ._version import __version__ as __version__
from .model import AssistantMessage as AssistantMessage
from .model import AsyncHookOutput as AsyncHookOutput
from .model import BaseHookInput as BaseHookInput
from .model import ContentBlock as ContentBlock
from .model import ContextUsageResponse as ContextUsageResponse
from .model import ConversationResetMessage as ConversationResetMessage
from .model import HookInput as HookInput
from .model import HookSpecificOutput as HookSpecificOutput
from .model import McpServerStatus as McpServerStatus
from .model import McpStatusResponse as McpStatusResponse
from .model import McpToolInfo as McpToolInfo
from .model import Message as Message
from .model import MirrorErrorMessage as MirrorErrorMessage
from .model import ModelUsage as ModelUsage
from .model import NotificationHookInput as NotificationHookInput
from .model import NotificationHookSpecificOutput as NotificationHookSpecificOutput
from .model import PermissionBehavior as PermissionBehavior
from .model import PermissionMode as PermissionMode
from .model import PermissionRequestHookInput as PermissionRequestHookInput
from .model import PermissionRequestHookSpecificOutput as PermissionRequestHookSpecificOutput
from .model import PermissionResult as PermissionResult
from .model import PermissionResultAllow as PermissionResultAllow
from .model import PermissionResultDeny as PermissionResultDeny
from .model import PermissionRuleValue as PermissionRuleValue
from .model import PermissionUpdate as PermissionUpdate
from .model import PermissionUpdateDestination as PermissionUpdateDestination
from .model import PostToolUseFailureHookInput as PostToolUseFailureHookInput
from .model import PostToolUseFailureHookSpecificOutput as PostToolUseFailureHookSpecificOutput
from .model import PostToolUseHookInput as PostToolUseHookInput
from .model import PostToolUseHookSpecificOutput as PostToolUseHookSpecificOutput
from .model import PreCompactHookInput as PreCompactHookInput
from .model import PreToolUseHookInput as PreToolUseHookInput
from .model import PreToolUseHookSpecificOutput as PreToolUseHookSpecificOutput
from .model import RateLimitEvent as RateLimitEvent
from .model import RateLimitInfo as RateLimitInfo
from .model import ResultMessage as ResultMessage
from .model import ServerToolResultBlock as ServerToolResultBlock
from .model import ServerToolUseBlock as ServerToolUseBlock
from .model import SessionStartHookSpecificOutput as SessionStartHookSpecificOutput
from .model import StopHookInput as StopHookInput
from .model import StreamEvent as StreamEvent
from .model import SubagentStartHookInput as SubagentStartHookInput
from .model import SubagentStartHookSpecificOutput as SubagentStartHookSpecificOutput
from .model import SubagentStopHookInput as SubagentStopHookInput
from .model import SyncHookOutput as SyncHookOutput
from .model import SystemMessage as SystemMessage
from .model import TaskNotificationMessage as TaskNotificationMessage
from .model import TaskProgressMessage as TaskProgressMessage
from .model import TaskStartedMessage as TaskStartedMessage
from .model import TaskUpdatedMessage as TaskUpdatedMessage
from .model import TaskUsage as TaskUsage
from .model import TextBlock as TextBlock
from .model import ThinkingBlock as ThinkingBlock
from .model import ToolResultBlock as ToolResultBlock
from .model import ToolUseBlock as ToolUseBlock
from .model import UserMessage as UserMessage
from .model import UserPromptSubmitHookInput as UserPromptSubmitHookInput
from .model import UserPromptSubmitHookSpecificOutput as UserPromptSubmitHookSpecificOutput

if not TYPE_CHECKING:  # type checkers keep reporting unknown names as usual

    def __getattr__(name: str) -> NoReturn:
        raise no_such_name(__name__, name)
