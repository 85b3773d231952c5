"""Content blocks: the pieces of an assistant or user message (Anthropic Messages API shapes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import attrs

from ._base import BaseUnknown, JSONObject, JSONValue, WireObject, json_str

if TYPE_CHECKING:
    from .tools import ToolInput


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TextBlock(WireObject):
    """``{"type": "text"}``: text written by the model (or by the user)."""

    text: str
    citations: tuple[JSONObject, ...] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ThinkingBlock(WireObject):
    """``{"type": "thinking"}``: the model's extended thinking, with its signature."""

    thinking: str
    signature: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RedactedThinkingBlock(WireObject):
    """``{"type": "redacted_thinking"}``: encrypted thinking the model may not show."""

    data: str


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ToolUseBlock(WireObject):
    """``{"type": "tool_use"}``: the model calls a tool."""

    id: str
    name: str
    input: JSONObject
    caller: JSONObject | None = None

    def typed_input(self) -> ToolInput:
        """``input`` as its tool's class (:class:`~trio_claude.model.tools.BashInput`...), by
        :func:`~trio_claude.model.tools.parse_tool_input`: never raises."""
        from .tools import parse_tool_input  # loaded on first use

        return parse_tool_input(self.name, self.input)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ToolResultBlock(WireObject):
    """``{"type": "tool_result"}``: the result of a tool call, sent back to the model."""

    tool_use_id: str
    content: str | tuple[ContentBlock, ...] | None = None
    is_error: bool | None = None


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
    content: tuple[JSONObject, ...]
    citations: JSONValue = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ContainerUploadBlock(WireObject):
    """``{"type": "container_upload"}``: a file uploaded to the code-execution container."""

    file_id: str


@attrs.frozen(kw_only=True)
class UnknownBlock(BaseUnknown):
    """A content block of a type this version does not know, or that did not fit its class.

    ``raw`` is the block exactly as received; ``error`` says why it could not be typed (``None`` for a
    merely unknown type).
    """

    @property
    def type(self) -> str | None:
        """The block's ``type``, if it has one."""
        return json_str(self.raw, "type")


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
