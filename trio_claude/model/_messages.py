"""Conversation messages and the other non-``system`` frames the CLI writes on stdout.

Names follow the official Python SDK where the concept is the same (:class:`AssistantMessage`,
:class:`UserMessage`, :class:`ResultMessage`, :class:`StreamEvent`).  The frames a plain query does not meet
are in :mod:`._messages_rare`, loaded on first use.
"""

from __future__ import annotations

import attrs

from ._base import BaseUnknown, JSONObject, JSONValue, WireObject, always_sent, brief, json_str
from ._content import ContentBlock
from ._names import StartupFailureReason


@attrs.frozen(kw_only=True, repr=False, eq=False)
class APIMessage(WireObject):
    """The Anthropic API message inside an :class:`AssistantMessage` (``message``).

    The CLI writes one assistant line per completed content block, so ``content`` usually holds one
    block and ``stop_reason`` is ``None``; the final stop reason is on the :class:`ResultMessage`.
    """

    id: str
    model: str
    role: str
    content: tuple[ContentBlock, ...]
    stop_reason: str | None
    type: str | None = None
    stop_sequence: str | None = None
    usage: JSONObject | None = None
    context_management: JSONValue = None
    container: JSONValue = None
    stop_details: JSONValue = None
    """Why the model stopped, in detail (the API's ``stop_details``; a refusal's ``category`` and
    ``explanation``)."""
    diagnostics: JSONValue = None
    """The API's ``diagnostics`` (``null`` on the CLI's synthetic error messages)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AssistantMessage(WireObject):
    """``{"type": "assistant"}``: a completed content block from the model.

    ``error`` is set on the synthetic message the CLI writes for an API error (``authentication_failed``,
    ``rate_limit``, ``server_error``, ``overloaded``, ``invalid_request``, ``unknown`` …).
    """

    message: APIMessage
    parent_tool_use_id: str | None
    session_id: str | None = None
    uuid: str | None = None
    error: str | None = None
    request_id: str | None = None
    timestamp: str | None = None
    user_message_uuid: str | None = None
    user_message_uuids: tuple[str, ...] | None = None
    resume_reason: str | None = None
    resumed_from_incomplete_thinking: bool | None = None
    supersedes: tuple[str, ...] | None = None
    aborted: bool | None = None
    agent_id: str | None = None
    subagent_type: str | None = None
    task_description: str | None = None
    context_usage: JSONObject | None = None
    usage_report: JSONObject | None = None
    is_api_error_message: bool | None = None
    api_error_status: int | None = None
    api_error_type: str | None = None
    thinking_duration_ms: float | None = None
    thinking_display: str | None = None

    @property
    def content(self) -> tuple[ContentBlock, ...]:
        """The content blocks (``message.content``)."""
        return self.message.content

    @property
    def model(self) -> str:
        """The model that wrote the message (``message.model``; ``<synthetic>`` for API errors)."""
        return self.message.model

    @property
    def usage(self) -> JSONObject | None:
        """The API usage of the message (``message.usage``)."""
        return self.message.usage

    @property
    def message_id(self) -> str:
        """The API message id (``message.id``)."""
        return self.message.id

    @property
    def stop_reason(self) -> str | None:
        """Why the model stopped (``message.stop_reason``; usually ``None``, see the class docs)."""
        return self.message.stop_reason


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UserMessageParam(WireObject):
    """The Anthropic ``MessageParam`` inside a :class:`UserMessage` (``message``)."""

    content: str | tuple[ContentBlock, ...]
    role: str = "user"


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ToolPermissionDecision(WireObject):
    """How the CLI decided on a tool use (:attr:`ToolResultMeta.permission_decision`): ``decision``
    ``accept`` or ``reject``, by ``source`` (``user_temporary``, ``user_reject``, ``config``, ``hook``…),
    for a ``reason_type`` (``hook``, ``other``…) when the CLI says."""

    decision: str
    source: str | None = None
    reason_type: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ToolResultMeta(WireObject):
    """What the CLI says about one tool result of a :class:`UserMessage` (``tool_result_meta``, CLI ≥
    2.1.330): the tool use ``id``, why the tool did not run (``non_execution_kind``: ``user-rejected``,
    ``permission-rule``…) and how its permission was decided."""

    id: str
    non_execution_kind: str | None = None
    permission_decision: ToolPermissionDecision | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class UserMessage(WireObject):
    """``{"type": "user"}``: a user turn.

    The host writes these to send a prompt; the CLI writes them for tool results (with
    ``tool_use_result``), for interrupt markers (``[Request interrupted by user]``), for synthetic
    feedback (``is_synthetic``) and, with ``--replay-user-messages``, as replays (``is_replay``).
    """

    message: UserMessageParam
    parent_tool_use_id: str | None = always_sent()
    session_id: str | None = None
    uuid: str | None = None
    timestamp: str | None = None
    tool_use_result: JSONValue = None
    is_replay: bool | None = None
    is_synthetic: bool | None = None
    priority: str | None = None
    should_query: bool | None = None
    client_composed: bool | None = None
    origin: JSONValue = None
    pasted_content: tuple[JSONValue, ...] | None = None
    inline_pastes: tuple[str, ...] | None = None
    file_attachments: tuple[JSONValue, ...] | None = None
    agent_id: str | None = None
    subagent_type: str | None = None
    task_description: str | None = None
    tool_result_meta: tuple[ToolResultMeta, ...] | None = None

    @property
    def content(self) -> str | tuple[ContentBlock, ...]:
        """The content (``message.content``): a string or content blocks."""
        return self.message.content


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ModelUsage(WireObject):
    """Per-model usage in :attr:`ResultMessage.model_usage` (camelCase on the wire)."""

    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_input_tokens: int | None = None
    cache_creation_input_tokens: int | None = None
    web_search_requests: int | None = None
    cost_usd: float | None = None
    context_window: int | None = None
    max_output_tokens: int | None = None
    thinking_tokens: int | None = None
    canonical_model: str | None = None
    provider: str | None = None
    cost_basis: str | None = None
    cache_creation_ephemeral_5m_input_tokens: int | None = None
    """Cache writes with a 5-minute lifetime (counted in ``cache_creation_input_tokens`` too)."""
    cache_creation_ephemeral_1h_input_tokens: int | None = None
    """Cache writes with a 1-hour lifetime (counted in ``cache_creation_input_tokens`` too)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PermissionDenial(WireObject):
    """A tool use that was denied during the turn (:attr:`ResultMessage.permission_denials`)."""

    tool_name: str
    tool_use_id: str
    tool_input: JSONObject


@attrs.frozen(kw_only=True, repr=False, eq=False)
class InvalidConfigFile(WireObject):
    """The configuration file the CLI could not read (:attr:`ResultMessage.invalid_config_file`, on a
    startup failure)."""

    path: str | None = None
    is_global: bool | None = None
    backup_searched: bool | None = None
    backup_path: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ResultMessage(WireObject):
    """``{"type": "result"}``: the end of a turn; exactly one per turn.

    ``subtype`` is ``success``, ``error_during_execution``, ``error_max_turns``, ``error_max_budget_usd``
    or ``error_max_structured_output_retries``.  A ``success`` can still have ``is_error`` set when the
    turn ended on an API error: always check :attr:`is_error`.  ``total_cost_usd`` and ``model_usage`` are
    cumulative for the process.
    """

    subtype: str
    is_error: bool
    duration_ms: float
    duration_api_ms: float
    num_turns: int
    session_id: str
    total_cost_usd: float | None = None
    stop_reason: str | None = None
    uuid: str | None = None
    result: str | None = None
    errors: tuple[str, ...] | None = None
    usage: JSONObject | None = attrs.field(default=None, repr=brief)
    model_usage: dict[str, ModelUsage] | None = attrs.field(default=None, repr=brief)
    permission_denials: tuple[PermissionDenial, ...] | None = attrs.field(default=None, repr=brief)
    structured_output: JSONValue = None
    terminal_reason: str | None = None
    api_error_status: int | None = None
    result_index: int | None = None
    queued_turn_count: int | None = None
    deferred_tool_use: JSONObject | None = attrs.field(default=None, repr=brief)
    fast_mode_state: str | None = None
    user_message_uuid: str | None = None
    user_message_uuids: tuple[str, ...] | None = None
    startup_failure_reason: StartupFailureReason | str | None = None
    """Why the CLI refused to start (a :data:`~trio_claude.model.StartupFailureReason`, or a newer one)."""
    origin: JSONValue = None
    """Where the prompt of the turn came from (``{"kind": "human"}``, ``{"kind": "task-notification"}``…),
    when the CLI says."""
    resume_reason: str | None = None
    local_command: str | None = None
    """The local slash command the turn ran (a turn that never reached the model)."""
    credential_expires_at: str | None = None
    fast_mode_disabled_reason: str | None = None
    invalid_config_file: InvalidConfigFile | None = None
    warm_spare_claimed: bool | None = None
    # Timings of the turn, in milliseconds (the CLI's own measurements; absent on older CLIs).
    ttft_ms: float | None = None
    """Time to the first token."""
    ttft_stream_ms: float | None = None
    time_to_request_ms: float | None = None
    time_to_request_from_spawn_ms: float | None = None
    request_sent_wall_ms: float | None = None
    time_origin_ms: float | None = None
    first_content_frame_ms: float | None = None
    first_stream_post_ms: float | None = None
    first_stream_post_ack_ms: float | None = None
    first_stream_post_queue_wait_ms: float | None = None
    first_stream_post_queued_behind: str | None = None
    """The post the first stream post queued behind (``durable_post``, ``ephemeral_post``,
    ``retry_backoff``, ``hold`` or ``none``)."""
    first_stream_post_wall_ms: float | None = None
    first_text_post_ms: float | None = None
    first_text_post_queue_wait_ms: float | None = None
    first_text_post_queued_behind: str | None = None
    first_text_post_wall_ms: float | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AbandonedBlocks(WireObject):
    """The content blocks an interrupted stream left unfinished (:attr:`StreamEvent.abandoned_blocks`,
    on the synthesized ``message_stop``): those of message ``api_message_id`` from ``from_block_index``
    on."""

    api_message_id: str
    from_block_index: int


@attrs.frozen(kw_only=True, repr=False, eq=False)
class StreamEvent(WireObject):
    """``{"type": "stream_event"}``: one raw Anthropic streaming event (with ``include_partial_messages``).

    ``event`` is kept as JSON (``message_start``, ``content_block_start``/``delta``/``stop``,
    ``message_delta``, ``message_stop``): decoding it into classes would cost more than it gives on the
    hottest path.
    """

    event: JSONObject
    parent_tool_use_id: str | None = always_sent()
    session_id: str | None = None
    uuid: str | None = None
    ttft_ms: float | None = None
    api_message_id: str | None = None
    user_message_uuid: str | None = None
    user_message_uuids: tuple[str, ...] | None = None
    resume_reason: str | None = None
    thinking_display: str | None = None
    abandoned_blocks: AbandonedBlocks | None = None

    @property
    def event_type(self) -> str | None:
        """The streaming event's ``type`` (e.g. ``content_block_delta``)."""
        return json_str(self.event, "type")


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RateLimitInfo(WireObject):
    """Rate-limit state (camelCase on the wire)."""

    status: str
    resets_at: float | None = None
    rate_limit_type: str | None = None
    utilization: float | None = None
    overage_status: str | None = None
    overage_resets_at: float | None = None
    overage_disabled_reason: str | None = None
    is_using_overage: bool | None = None
    overage_in_use: bool | None = None
    overage_enabled: bool | None = None
    surpassed_threshold: float | None = None
    limit_scope: str | None = None
    error_code: str | None = None
    can_user_purchase_credits: bool | None = None
    has_chargeable_saved_payment_method: bool | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RateLimitEvent(WireObject):
    """``{"type": "rate_limit_event"}``: the account's rate-limit state changed."""

    rate_limit_info: RateLimitInfo
    session_id: str | None = None
    uuid: str | None = None


@attrs.frozen(kw_only=True, repr=False, eq=False)
class KeepAlive(WireObject):
    """``{"type": "keep_alive"}``: either side may send it; the receiver ignores it."""

    startup_mark: JSONValue = None


@attrs.frozen(kw_only=True)
class UnknownMessage(BaseUnknown):
    """A line this version cannot type: an unknown ``type``, a non-object JSON value, or a known type
    whose content does not fit its class.

    ``raw`` is the decoded JSON exactly as received, so nothing is lost; ``error`` says why it could not be
    typed (``None`` when the type is merely unknown).
    """

    @property
    def type(self) -> str | None:
        """The frame's ``type``, if it has one."""
        return json_str(self.raw, "type")
