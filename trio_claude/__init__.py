"""trio_claude: a Trio-native Python SDK for the Claude Code agent.

Sessions are nurseries owned by the caller (:func:`open_session`, :func:`open_query`); every message is a
typed, frozen object (:mod:`trio_claude.model`); the protocol core is sans-IO (:mod:`trio_claude.protocol`).
"""

from __future__ import annotations

from ._command import CLICommand as CLICommand
from ._command import find_cli as find_cli
from ._elicitation import OnElicitation as OnElicitation
from ._errors import ClaudeSDKError as ClaudeSDKError
from ._errors import CLIConnectionError as CLIConnectionError
from ._errors import CLINotFoundError as CLINotFoundError
from ._errors import ControlRequestError as ControlRequestError
from ._errors import MessageParseError as MessageParseError
from ._errors import ProcessError as ProcessError
from ._hooks import HOOK_TIMEOUT_MARGIN as HOOK_TIMEOUT_MARGIN
from ._hooks import HookCallback as HookCallback
from ._hooks import HookContext as HookContext
from ._hooks import HookEvent as HookEvent
from ._hooks import HookMap as HookMap
from ._hooks import HookMatcher as HookMatcher
from ._hooks import HookOutput as HookOutput
from ._hooks import HookTimeoutError as HookTimeoutError
from ._mcp import McpServers as McpServers
from ._mcp_package import McpPackageServer as McpPackageServer
from ._mcp_server import SdkMcpServer as SdkMcpServer
from ._mcp_server import create_sdk_mcp_server as create_sdk_mcp_server
from ._options import ClaudeAgentOptions as ClaudeAgentOptions
from ._options import StderrCallback as StderrCallback
from ._options import SystemPromptPreset as SystemPromptPreset
from ._permissions import CanUseTool as CanUseTool
from ._permissions import CanUseToolShadowedWarning as CanUseToolShadowedWarning
from ._permissions import ToolPermissionContext as ToolPermissionContext
from ._session import ClaudeSession as ClaudeSession
from ._session import MessageStream as MessageStream
from ._session import SessionStatistics as SessionStatistics
from ._session import open_query as open_query
from ._session import open_session as open_session
from ._tools import CallToolResult as CallToolResult
from ._tools import EmbeddedResource as EmbeddedResource
from ._tools import ImageContent as ImageContent
from ._tools import SdkMcpTool as SdkMcpTool
from ._tools import TextContent as TextContent
from ._tools import ToolAnnotations as ToolAnnotations
from ._tools import ToolContent as ToolContent
from ._tools import ToolContext as ToolContext
from ._tools import ToolInputError as ToolInputError
from ._tools import tool as tool
from ._transport import CLIProcess as CLIProcess
from ._transport import Spawn as Spawn
from ._version import __version__ as __version__
from .model import AssistantMessage as AssistantMessage
from .model import AsyncHookOutput as AsyncHookOutput
from .model import ContentBlock as ContentBlock
from .model import Message as Message
from .model import PermissionMode as PermissionMode
from .model import PermissionResultAllow as PermissionResultAllow
from .model import PermissionResultDeny as PermissionResultDeny
from .model import ResultMessage as ResultMessage
from .model import StreamEvent as StreamEvent
from .model import SyncHookOutput as SyncHookOutput
from .model import SystemMessage as SystemMessage
from .model import TextBlock as TextBlock
from .model import ThinkingBlock as ThinkingBlock
from .model import ToolResultBlock as ToolResultBlock
from .model import ToolUseBlock as ToolUseBlock
from .model import UserMessage as UserMessage
