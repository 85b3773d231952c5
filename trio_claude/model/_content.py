"""Content blocks: the pieces of an assistant or user message (Anthropic Messages API shapes).

The blocks every query meets are here; the others, and :data:`ContentBlock`, the union of every block,
are in :mod:`._content_rare`, loaded on first use: the fields here name the union through a
:class:`~trio_claude.model._base.LazyUnion`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from ._base import BaseUnknown, JSONObject, LazyUnion, WireObject, json_str

ANY_BLOCK = LazyUnion(f"{__package__}._content_rare", "ContentBlock")
"""The union of every block (:data:`~trio_claude.model.ContentBlock`) as the fields here name it at run time:
loaded on first use (``._content_rare``), dispatched by its tags."""

if TYPE_CHECKING:
    from ._content_rare import ContentBlock as ContentBlock
    from .tools import ToolInput
else:
    ContentBlock = ANY_BLOCK


@attrs.frozen(kw_only=True, repr=False, eq=False)
class TextBlock(WireObject):
    """``{"type": "text"}``: text written by the model (or by the user)."""

    text: str
    citations: Sequence[JSONObject] | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ThinkingBlock(WireObject):
    """``{"type": "thinking"}``: the model's extended thinking, with its signature."""

    thinking: str
    signature: str | None = None


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
    content: str | Sequence[ContentBlock] | None = None
    is_error: bool | None = None


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
