"""A parked spare (``--await-claim``): how the fake answers ``claim_session`` and a prompt before it, as the
real CLI 2.1.330 does (its messages, word for word where the tests read them)."""

from __future__ import annotations

import os
from collections.abc import Callable

from ...model import ClaimSessionRequest, ClaimSessionResponse, InitializeResponse, ResultMessage
from .frames import Frames
from .state import ProcessState

__all__ = ["CLAIMABLE_ENV", "NOT_CLAIMED", "answer_claim", "not_claimed_result"]

CLAIMABLE_ENV = ("CLAUDE_CODE_OAUTH_TOKEN", "CLAUDE_CODE_SESSION_ACCESS_TOKEN", "CLAUDE_CODE_HOST_SESSION_ID")
"""The environment variables the real CLI takes in a claim."""

NOT_CLAIMED = (
    "not_claimed: this process was started with --await-claim and has not been claimed; send claim_session "
    "before the first message"
)
"""The error of the ``result`` a spare writes for a prompt it was not claimed for."""


def answer_claim(
    state: ProcessState,
    frames: Frames,
    request: ClaimSessionRequest,
    *,
    parked_ms: int,
    initialize: Callable[[], InitializeResponse],
) -> ClaimSessionResponse | str:
    """The answer to ``claim_session``: the claimed session, or the error text (a refusal lets the process
    go: every prompt then gets the ``not_claimed`` result).  ``initialize`` makes the ``initialize`` answer
    of the claimed session."""
    if state.spare != "parked":
        return (
            "not_a_spare: claim_session is only accepted by a process started with --await-claim that has "
            "not been claimed yet"
        )
    error = _refusal(state, request)
    if error is not None:
        state.spare = "let_go"
        return error
    state.spare = "claimed"
    cwd = os.path.realpath(os.path.expanduser(request.cwd))
    frames.move_to(cwd)
    if request.permission_mode is not None:
        state.permission_mode = request.permission_mode
    for name in request.sdk_mcp_servers or ():
        state.mcp_servers.setdefault(name, {"type": "sdk", "name": name})
    return ClaimSessionResponse(
        status="ok",
        cwd=cwd,
        session_id=frames.session_id,
        parked_ms=parked_ms,
        sdk_mcp_settled=True,
        initialize=initialize() if request.include_initialize else None,
    )


def _refusal(state: ProcessState, request: ClaimSessionRequest) -> str | None:
    for name in request.env or {}:
        if name not in CLAIMABLE_ENV:
            return (
                f"env_key_not_claimable: {name} is read during start-up; pass it in the spare's spawn env "
                "instead"
            )
    if not os.path.isdir(os.path.expanduser(request.cwd)):
        return "cwd_not_found: the claim cwd does not exist or is not accessible"
    if request.permission_mode == "bypassPermissions" and not state.skip_permissions_allowed:
        return (
            "permission_mode_not_claimable: bypassPermissions needs a spare started with "
            "--allow-dangerously-skip-permissions"
        )
    return None


def not_claimed_result(frames: Frames) -> ResultMessage:
    """The ``result`` of a prompt to a spare that was not claimed."""
    return frames.missing_session_result(NOT_CLAIMED)
