"""The content blocks a plain query does not meet (server and MCP tools, images, documents, search
results, redacted thinking, container uploads), and :data:`ContentBlock`, the union of every block.

Loaded on first use (the model face's ``__getattr__``; the converter's tag table when a message carries
one), so that a plain session does not create these classes: the fields of the blocks and messages every
query meets name the union through a :class:`~trio_claude.model._base.LazyUnion`, which the converter
resolves tag by tag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

import attrs

from ._base import JSONObject, JSONValue, WireObject
from ._content import TextBlock, ThinkingBlock, ToolResultBlock, ToolUseBlock, UnknownBlock


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RedactedThinkingBlock(WireObject):
    """``{"type": "redacted_thinking"}``: encrypted thinking the model may not show."""

    data: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ServerToolUseBlock(WireObject):
    """``{"type": "server_tool_use"}``: a tool the API runs itself (web search, code execution…)."""

    id: str
    name: str
    input: JSONObject


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ServerToolResultBlock(WireObject):
    """The result of a server tool, e.g. ``web_search_tool_result`` or ``code_execution_tool_result``.

    ``type`` is the block's wire type; ``content`` is kept as JSON.
    """

    type: str
    tool_use_id: str
    content: JSONValue = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpToolUseBlock(WireObject):
    """``{"type": "mcp_tool_use"}``: a call to a remote MCP server made by the API (MCP connector)."""

    id: str
    name: str
    server_name: str
    input: JSONObject


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpToolResultBlock(WireObject):
    """``{"type": "mcp_tool_result"}``: the result of an :class:`McpToolUseBlock`."""

    tool_use_id: str
    content: JSONValue = None
    is_error: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ImageBlock(WireObject):
    """``{"type": "image"}``: an image; ``source`` is ``base64``/``url``/``file`` JSON."""

    source: JSONObject


@attrs.frozen(kw_only=True, repr=False, eq=False)
class DocumentBlock(WireObject):
    """``{"type": "document"}``: a PDF or text document."""

    source: JSONObject
    title: str | None = None
    context: str | None = None
    citations: JSONValue = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SearchResultBlock(WireObject):
    """``{"type": "search_result"}``: a search result given to the model with citations."""

    source: str
    title: str
    content: Sequence[JSONObject]
    citations: JSONValue = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContainerUploadBlock(WireObject):
    """``{"type": "container_upload"}``: a file uploaded to the code-execution container."""

    file_id: str


ContentBlock: TypeAlias = (
    TextBlock
    | ThinkingBlock
    | RedactedThinkingBlock
    | ToolUseBlock
    | ToolResultBlock
    | ServerToolUseBlock
    | ServerToolResultBlock
    | McpToolUseBlock
    | McpToolResultBlock
    | ImageBlock
    | DocumentBlock
    | SearchResultBlock
    | ContainerUploadBlock
    | UnknownBlock
)
"""Any content block."""
