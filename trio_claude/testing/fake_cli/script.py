"""The fake CLI's script: what each prompt makes it do (the public actions), and how a process behaves."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias

import attrs

from ...model import ControlError, ControlRequestPayload, ControlSuccess, JSONObject

__all__ = [
    "DEFAULT_MODEL",
    "DEFAULT_SIGNATURE",
    "AskPermission",
    "CallHook",
    "Crash",
    "FakeAction",
    "FakeCLIBehavior",
    "FakeCLIScript",
    "RawLine",
    "Say",
    "SendRequest",
    "SentRequest",
    "Sleep",
    "Stderr",
    "Stream",
    "Think",
    "Together",
]

DEFAULT_MODEL = "claude-opus-5-5"
"""The model the fake reports by default (the real 2.1.330's default against the fake Messages API)."""

DEFAULT_SIGNATURE = "c2lnLWZha2U="
"""The signature of a :class:`Think` block when none is given (base64 of ``sig-fake``)."""


def _to_dict(value: Mapping[str, Any]) -> dict[str, Any]:
    return dict(value)


@attrs.frozen(kw_only=True)
class Say:
    """The model writes ``text``: one ``assistant`` frame with a text block.

    The last text said in a turn becomes the ``result`` of its ``result`` frame.
    """

    text: str


@attrs.frozen(kw_only=True)
class Think:
    """The model thinks: a ``system/thinking_tokens`` frame, then an ``assistant`` frame with a thinking
    block carrying ``signature``."""

    thinking: str
    signature: str = DEFAULT_SIGNATURE


@attrs.frozen(kw_only=True)
class Stream:
    """The model streams ``text`` slowly, in ``chunks`` pieces with ``delay`` seconds before each.

    With partial messages on (``--include-partial-messages`` or
    ``include_partial_messages`` of :class:`FakeCLIBehavior`) it writes ``system/status requesting`` and the
    ``stream_event`` frames (``message_start``, ``content_block_start``, one ``text_delta`` per chunk, then
    — after the ``assistant`` frame, as the real CLI orders them — ``content_block_stop``,
    ``message_delta`` and ``message_stop``); without, only the ``assistant`` frame at the end.  An
    ``interrupt`` during the stream aborts the turn like the real CLI: the text streamed so far as an
    ``assistant`` frame with ``aborted: true``, ``[Request interrupted by user]``, the synthesized stop
    events, and an ``aborted_streaming`` result.
    """

    text: str
    chunks: int = 3
    delay: float = 0.0


@attrs.frozen(kw_only=True)
class AskPermission:
    """The model calls ``tool_name`` with ``input``, and the CLI asks the host with ``can_use_tool``.

    Writes the ``assistant`` ``tool_use`` frame, ``session_state_changed requires_action``, then the
    request (``tool_name``, ``display_name``, ``input``, ``description``, ``permission_suggestions``,
    ``tool_use_id``) and waits for the answer, which is recorded in :attr:`FakeCLIProcess.requests`.

    * allow: the tool "runs" and a ``user`` ``tool_result`` with ``output`` follows;
    * deny: an error ``tool_result`` with the message, the denial counted in ``permission_denials``;
    * deny with ``interrupt: true``: the turn ends like the real CLI's (the canned rejection, then
      ``[Request interrupted by user for tool use]`` and an ``error_during_execution`` result with
      ``terminal_reason: aborted_tools``);
    * an error answer or an invalid result: an error ``tool_result`` with the real CLI's text.

    ``tool_use_id`` defaults to ``toolu_fake_<n>``, numbered per process.
    """

    tool_name: str
    input: dict[str, Any] = attrs.field(factory=dict[str, Any], converter=_to_dict)
    tool_use_id: str | None = None
    output: str = "ok"


@attrs.frozen(kw_only=True)
class CallHook:
    """The CLI runs the host's hook callback ``callback_id`` on ``input`` (a ``hook_callback`` request)
    and waits for the answer, which is recorded.  Nothing else is written: the answer does not steer the
    script.  ``tool_use_id`` defaults to a random UUID, as the real CLI sends for non-tool events.
    """

    callback_id: str
    input: dict[str, Any] = attrs.field(factory=dict[str, Any], converter=_to_dict)
    tool_use_id: str | None = None
    cancel_after: float | None = None
    """Seconds after which the CLI gives up waiting, writes a ``control_cancel_request`` for the request
    and goes on (as the real CLI does when another hook or the permission prompt wins a race)."""


@attrs.frozen(kw_only=True)
class SendRequest:
    """The CLI sends any control request to the host and waits for the answer, which is recorded.

    ``request`` is a typed body (e.g. :class:`~trio_claude.model.McpMessageRequest`) or the raw JSON of
    one (with its ``subtype``), so unknown subtypes can be sent too.
    """

    request: ControlRequestPayload | JSONObject
    cancel_after: float | None = None
    """Seconds after which the CLI gives up waiting, writes a ``control_cancel_request`` for the request
    and goes on."""
    park: bool = False
    """Whether to keep the request unwritten, so that the host learns of it only from the
    ``pending_*_requests`` of its next ``initialize`` answer (as for a request written while another host
    was connected)."""


@attrs.frozen(kw_only=True)
class Sleep:
    """A slow step (a slow model or tool) of ``seconds``.  An ``interrupt`` during it aborts the turn
    (``[Request interrupted by user]``, ``aborted_streaming``)."""

    seconds: float


@attrs.frozen(kw_only=True)
class Crash:
    """The CLI dies: writes ``stderr`` (a newline is added if missing) and exits with ``exit_code`` at
    once, without a ``result``."""

    exit_code: int = 1
    stderr: str = ""


@attrs.frozen(kw_only=True)
class RawLine:
    """Write ``data`` to stdout exactly as given (include the ``\\n``): a line that is not JSON, an
    unknown type, a huge line…"""

    data: bytes


@attrs.frozen(kw_only=True)
class Stderr:
    """Write ``text`` to stderr (a newline is added if missing) and go on, like the CLI's debug output."""

    text: str


def _to_actions(value: Iterable[FakeAction]) -> tuple[FakeAction, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class Together:
    """Play ``actions`` concurrently and go on when all of them are done: several control requests in
    flight at once (e.g. a ``can_use_tool`` request and a ``PermissionRequest`` hook racing each other).

    Use at most one :class:`AskPermission` in it.  An ``interrupt`` aborts all of them.
    """

    actions: tuple[FakeAction, ...] = attrs.field(converter=_to_actions)


FakeAction: TypeAlias = (
    Say
    | Think
    | Stream
    | AskPermission
    | CallHook
    | SendRequest
    | Sleep
    | Crash
    | RawLine
    | Stderr
    | Together
)
"""One step of a scripted turn."""


def _to_turns(value: Iterable[Iterable[FakeAction]]) -> tuple[tuple[FakeAction, ...], ...]:
    return tuple(tuple(turn) for turn in value)


def _to_turn(value: Iterable[FakeAction] | None) -> tuple[FakeAction, ...] | None:
    return None if value is None else tuple(value)


_DEFAULT_TURN: tuple[FakeAction, ...] = (Say(text="ok"),)


@attrs.frozen(kw_only=True)
class FakeCLIScript:
    """What the fake CLI does: the ``n``-th prompt of a process plays ``turns[n]``.

    When the turns run out, a prompt plays ``default_turn`` (``Say(text="ok")``); with
    ``default_turn=None`` the fake fails loudly instead: it writes
    ``fake CLI: the script has no turn left for prompt #N`` to stderr and exits with code 1.
    """

    turns: tuple[tuple[FakeAction, ...], ...] = attrs.field(default=(), converter=_to_turns)
    default_turn: tuple[FakeAction, ...] | None = attrs.field(default=_DEFAULT_TURN, converter=_to_turn)


def _requests(requests: Iterable[ControlRequestPayload]) -> tuple[ControlRequestPayload, ...]:
    return tuple(requests)


@attrs.frozen(kw_only=True)
class FakeCLIBehavior:
    """How a fake CLI process behaves, beyond its script.

    * ``claude_code_version``: reported in ``initialize`` and ``system/init``; below 2.1.330 the fake also
      answers like 2.1.197 (no ``error_code``, no body for ``interrupt``/``set_model``, no
      ``pending_*`` siblings, no ``tool_result_meta``/``api_message_id``).
    * ``emit_session_state``: write ``system/session_state_changed`` frames (2.1.330 with
      ``CLAUDE_CODE_SDK_READS_SESSION_STATE=1``); ``False`` emulates 2.1.197.
    * ``exit_on_eof``: on stdin EOF finish the current and queued turns, then exit (0, or 1 if the last
      result was an error).  ``False``: keep running until terminated or killed.
    * ``exit_delay``: seconds to wait before that exit (a CLI that is slow to shut down).
    * ``ignore_sigterm``: ``terminate()`` (SIGTERM) does nothing; only ``kill()`` ends the process.
    * ``resume_missing``: behave like ``--resume=<missing id>``: never answer ``initialize``, write the
      error result and the stderr line, exit 1.
    * ``include_partial_messages``: write ``stream_event`` frames for :class:`Stream`; ``None`` follows the
      ``--include-partial-messages`` flag.
    * ``context_usage_delay``: seconds before ``get_context_usage`` is answered; ``None``: never.
    * ``answer_after_cancel``: a delayed ``get_context_usage`` answer is written even when the host
      cancelled the request (the answer lost the race with the cancel and arrives late).
    * ``cancel_on_interrupt``: on ``interrupt``, write a ``control_cancel_request`` for each request of the
      turn still waiting for the host, as the real CLI does; ``False`` only stops waiting for them, to
      check that the host cancels its handlers by itself.
    * ``model``: the default model; ``session_id``: the session id (default: the ``--resume`` id, else a
      random UUID); ``fake_pid``: give in-memory processes fake pids (else ``pid`` is ``None``);
      ``seed``: make uuids and request ids reproducible.
    * ``refused_models``: ``set_model`` to one of these is answered with an error (a CLI that cannot
      take that model; e.g. a claimed spare's ``option_not_applied``).
    * ``parked_requests``: requests (``can_use_tool``, ``request_user_dialog``, ``elicitation``) the CLI
      was already waiting on when the host connected — a CLI another host drove before: never written
      as frames, listed in the ``pending_*_requests`` of every ``initialize`` answer until the host
      answers them (recorded in :attr:`FakeCLIProcess.requests`).  The real CLI lists there every
      request of those kinds still waiting, the ones it wrote too; so does the fake.
    """

    claude_code_version: str = "2.1.330"
    emit_session_state: bool = True
    exit_on_eof: bool = True
    exit_delay: float = 0.0
    ignore_sigterm: bool = False
    resume_missing: bool = False
    include_partial_messages: bool | None = None
    context_usage_delay: float | None = 0.0
    answer_after_cancel: bool = False
    cancel_on_interrupt: bool = True
    model: str = DEFAULT_MODEL
    session_id: str | None = None
    fake_pid: bool = True
    seed: int | None = None
    refused_models: tuple[str, ...] = ()
    parked_requests: tuple[ControlRequestPayload, ...] = attrs.field(default=(), converter=_requests)


@attrs.define(eq=False)
class SentRequest:
    """A control request the fake CLI sent to the host, and what became of it.

    ``response`` is the host's answer (``None`` while waiting, and forever if the fake gave up);
    ``cancelled`` says the fake gave up on it (an ``interrupt``) and wrote a ``control_cancel_request``;
    ``failed`` says stdin closed before an answer came.
    """

    request_id: str
    request: ControlRequestPayload
    response: ControlSuccess | ControlError | None = None
    cancelled: bool = False
    failed: bool = False

    @property
    def answered(self) -> bool:
        """Whether the host's answer arrived (in time)."""
        return self.response is not None
