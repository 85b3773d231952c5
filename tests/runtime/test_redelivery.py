"""Requests the CLI was already waiting on, listed in its ``initialize`` answer
(``pending_permission_requests``, ``pending_user_dialog_requests``, ``pending_elicitation_requests``): the
session hands them to the callbacks, at the first ``initialize`` and at :meth:`reinitialize`, as the
TypeScript SDK does."""

from __future__ import annotations

from typing import Any

import trio
import trio.testing

from trio_claude import (
    ClaudeAgentOptions,
    PermissionResultAllow,
    PermissionResultDeny,
    ToolPermissionContext,
    model as m,
    open_session,
)
from trio_claude.protocol import Connection
from trio_claude.testing import FakeAction, Say, SendRequest, Together, open_fake_cli

from ._support import permission

DIALOG = m.RequestUserDialogRequest(dialog_kind="refusal_fallback_prompt", payload={}, tool_use_id="toolu_d")
ELICITATION = m.ElicitationRequest(mcp_server_name="db", message="Which table?", mode="form")


class Callbacks:
    """Records every question; permissions wait for ``release`` (or answer at once)."""

    def __init__(self) -> None:
        self.permissions: list[str | None] = []
        self.dialogs: list[m.RequestUserDialogRequest] = []
        self.elicitations: list[m.ElicitationRequest] = []
        self.release = trio.Event()
        self.asked = trio.Event()
        self.hold = frozenset[str]()

    async def can_use_tool(
        self, name: str, tool_input: dict[str, Any], context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        self.permissions.append(context.tool_use_id)
        self.asked.set()
        if context.tool_use_id in self.hold:
            await self.release.wait()
        return PermissionResultDeny(message=f"no {context.tool_use_id}")

    async def on_user_dialog(self, request: m.RequestUserDialogRequest) -> m.UserDialogResponse:
        self.dialogs.append(request)
        return m.UserDialogResponse(behavior="completed", result={"choice": "retry"})

    async def on_elicitation(self, request: m.ElicitationRequest) -> m.ElicitationResponse:
        self.elicitations.append(request)
        return m.ElicitationResponse(action="accept", content={"table": "users"})

    def options(self, spawn: Any) -> ClaudeAgentOptions:
        return ClaudeAgentOptions(
            spawn=spawn,
            can_use_tool=self.can_use_tool,
            on_user_dialog=self.on_user_dialog,
            on_elicitation=self.on_elicitation,
            supported_dialog_kinds=["refusal_fallback_prompt"],
        )


async def test_the_first_initialize_redelivers_what_the_cli_waits_on(
    autojump_clock: trio.testing.MockClock,
) -> None:
    callbacks = Callbacks()
    parked: list[m.ControlRequestPayload] = [permission("toolu_parked"), DIALOG, ELICITATION]
    async with open_fake_cli(parked_requests=parked) as fake:
        async with open_session(callbacks.options(fake.spawn)) as session:
            await trio.sleep(1)
            assert session.statistics().handlers_in_flight == 0
        process = fake.process
    assert callbacks.permissions == ["toolu_parked"]
    assert callbacks.dialogs == [DIALOG] and callbacks.elicitations == [ELICITATION]
    answers = {type(sent.request): sent.response for sent in process.requests}
    assert all(isinstance(answer, m.ControlSuccess) for answer in answers.values())
    assert answers[m.CanUseToolRequest].response == {"behavior": "deny", "message": "no toolu_parked"}  # type: ignore[union-attr]
    assert answers[m.RequestUserDialogRequest].response == {  # type: ignore[union-attr]
        "behavior": "completed",
        "result": {"choice": "retry"},
    }
    assert answers[m.ElicitationRequest].response == {"action": "accept", "content": {"table": "users"}}  # type: ignore[union-attr]


async def test_reinitialize_redelivers_what_is_not_already_handled(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # One permission in flight (its callback waits), one the host never saw (parked): reinitialize lists
    # both; the one in flight is not asked twice, the parked one is asked once.
    callbacks = Callbacks()
    callbacks.hold = frozenset({"toolu_live"})
    script: list[list[FakeAction]] = [
        [
            Together(
                actions=[
                    SendRequest(request=permission("toolu_live")),
                    SendRequest(request=permission("toolu_parked"), park=True),
                ]
            ),
            Say(text="done"),
        ]
    ]
    async with open_fake_cli(script) as fake:
        async with open_session(callbacks.options(fake.spawn)) as session:
            await session.send("go")
            await callbacks.asked.wait()
            await trio.sleep(1)
            assert callbacks.permissions == ["toolu_live"]  # the parked one is not written
            fresh = await session.reinitialize()
            assert fresh is session.server_info
            await trio.sleep(1)
            assert callbacks.permissions == ["toolu_live", "toolu_parked"]  # the live one not again
            callbacks.release.set()
            async for _ in session.receive_response():
                pass
        process = fake.process
    [_, again] = [f for f in process.host_requests if isinstance(f.request, m.InitializeRequest)]
    answer = process.responses_sent[again.request_id]
    assert isinstance(answer, m.ControlSuccess)
    listed = [f.request for f in answer.pending_permission_requests or ()]
    assert sorted(r.tool_use_id or "" for r in listed if isinstance(r, m.CanUseToolRequest)) == [
        "toolu_live",
        "toolu_parked",
    ]
    responses = {sent.request.tool_use_id: sent.response for sent in process.requests}  # type: ignore[union-attr]
    for tool_use_id in ("toolu_live", "toolu_parked"):
        response = responses[tool_use_id]
        assert isinstance(response, m.ControlSuccess)
        assert response.response == {"behavior": "deny", "message": f"no {tool_use_id}"}


def test_a_request_listed_under_the_wrong_kind_is_not_redelivered() -> None:
    # The protocol core keeps each list to its own subtype (a dialog listed as a permission is skipped).
    conn = Connection()
    frame = m.ControlResponse(
        response=m.ControlSuccess(
            request_id="init",
            pending_permission_requests=(
                m.ControlRequest(request_id="a", request=DIALOG),
                m.ControlRequest(request_id="b", request=permission("toolu_b")),
            ),
            pending_user_dialog_requests=(m.ControlRequest(request_id="c", request=DIALOG),),
            pending_elicitation_requests=(m.ControlRequest(request_id="d", request=permission("x")),),
        )
    )
    assert [event.request_id for event in conn.redelivered(frame)] == ["b", "c"]
    assert sorted(conn.requests_in_flight) == ["b", "c"]
    assert conn.redelivered(frame) == []  # already in flight: not twice
