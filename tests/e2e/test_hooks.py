"""Hook callbacks against the real CLI: every outcome of wire REPORT §c, checked on the typed inputs, the
messages and the API requests the CLI sent afterwards."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
import trio

from trio_claude import (
    ClaudeAgentOptions,
    HookCallback,
    HookContext,
    HookFailurePolicy,
    HookMatcher,
    HookOutput,
    PermissionResultAllow,
    PermissionResultDeny,
    ToolPermissionContext,
    open_session,
)
from trio_claude.model import (
    AsyncHookOutput,
    BaseHookInput,
    HookInput,
    InformationalMessage,
    JSONObject,
    PermissionRequestHookInput,
    PermissionRequestHookSpecificOutput,
    PostToolUseHookInput,
    PostToolUseHookSpecificOutput,
    PreToolUseHookInput,
    PreToolUseHookSpecificOutput,
    StopHookInput,
    SyncHookOutput,
    UserPromptSubmitHookInput,
    UserPromptSubmitHookSpecificOutput,
)
from trio_claude.testing import MessagesAPI, text_turn, tool_turn

from ._helpers import TOUCH, Stuck, body_text, collect, result_of, result_text, texts, tool_use

pytestmark = pytest.mark.real_cli

Seen = list[HookInput]
Answer = Callable[[HookInput], HookOutput | None]


def _hook(seen: Seen, answer: Answer = lambda _: None) -> HookCallback:
    async def hook(hook_input: HookInput, tool_use_id: str | None, context: HookContext) -> HookOutput | None:
        seen.append(hook_input)
        return answer(hook_input)

    return hook


def _options(
    options: ClaudeAgentOptions,
    hooks: dict[str, list[HookMatcher]],
    asked: list[str] | None = None,
) -> ClaudeAgentOptions:
    """``options`` with ``hooks`` and a permission callback that records tool names and allows."""

    async def can_use_tool(
        name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        if asked is not None:
            asked.append(name)
        return PermissionResultAllow()

    return attrs.evolve(options, hooks=hooks, can_use_tool=can_use_tool)


def _matcher(seen: Seen, answer: Answer = lambda _: None, *, matcher: str | None = None) -> HookMatcher:
    return HookMatcher(matcher=matcher, hooks=[_hook(seen, answer)])


def _bash_turns(messages_api: MessagesAPI, after: str = "Done.") -> None:
    messages_api.add_steps(
        tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}), text_turn(after)
    )


async def test_every_callback_gets_its_typed_input(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    _bash_turns(messages_api)
    seen: Seen = []
    events = ("UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop")
    hooks = {event: [_matcher(seen)] for event in events}
    asked: list[str] = []
    async with open_session(_options(offline_options, hooks, asked)) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    call = tool_use(messages)
    kinds = [type(i) for i in seen]
    assert kinds[0] is UserPromptSubmitHookInput and kinds[-1] is StopHookInput
    assert set(kinds) == {
        UserPromptSubmitHookInput,
        PreToolUseHookInput,
        PermissionRequestHookInput,
        PostToolUseHookInput,
        StopHookInput,
    }
    assert kinds.index(PreToolUseHookInput) < kinds.index(PostToolUseHookInput)
    for hook_input in seen:
        assert isinstance(hook_input, BaseHookInput)
        assert hook_input.session_id == result_of(messages).session_id
        assert hook_input.cwd == str(claude_project)
    prompt = next(i for i in seen if isinstance(i, UserPromptSubmitHookInput))
    assert prompt.prompt == "create a file"
    pre = next(i for i in seen if isinstance(i, PreToolUseHookInput))
    assert pre.tool_name == "Bash" and pre.tool_use_id == call.id and pre.tool_input["command"] == TOUCH
    post = next(i for i in seen if isinstance(i, PostToolUseHookInput))
    assert post.tool_response["stdout"] == "made"  # Bash's structured result
    request = next(i for i in seen if isinstance(i, PermissionRequestHookInput))
    assert request.tool_name == "Bash" and request.permission_suggestions
    stop = next(i for i in seen if isinstance(i, StopHookInput))
    assert stop.stop_hook_active is False and stop.last_assistant_message == "Done."
    assert asked == ["Bash"]  # "no opinion" everywhere: the permission callback still decides
    assert not result_of(messages).is_error


async def test_pre_tool_use_deny_skips_the_permission_callback(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_cli_version: tuple[int, ...],
) -> None:
    _bash_turns(messages_api, "Blocked, fine.")
    deny = SyncHookOutput(
        hook_specific_output=PreToolUseHookSpecificOutput(
            permission_decision="deny", permission_decision_reason="Blocked by policy hook"
        )
    )
    seen: Seen = []
    asked: list[str] = []
    hooks = {"PreToolUse": [_matcher(seen, lambda _: deny, matcher="Bash")]}
    async with open_session(_options(offline_options, hooks, asked)) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    call = tool_use(messages)
    assert asked == []
    assert not (claude_project / "created.txt").exists()
    text, is_error = result_text(messages_api.script_requests[1], call.id)
    assert is_error
    if claude_cli_version >= (2, 1, 330):
        assert text == "PreToolUse:Bash hook error: Blocked by policy hook"
    else:
        assert text == "Blocked by policy hook"
    result = result_of(messages)
    assert [d.tool_use_id for d in result.permission_denials or ()] == [call.id]


async def test_pre_tool_use_allow_with_updated_input(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    _bash_turns(messages_api)
    allow = SyncHookOutput(
        hook_specific_output=PreToolUseHookSpecificOutput(
            permission_decision="allow", updated_input={"command": "touch from-hook.txt && echo from-hook"}
        )
    )
    seen: Seen = []
    asked: list[str] = []
    hooks = {"PreToolUse": [_matcher([], lambda _: allow)], "PostToolUse": [_matcher(seen)]}
    async with open_session(_options(offline_options, hooks, asked)) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    assert asked == []  # an allow from the hook skips can_use_tool
    assert (claude_project / "from-hook.txt").exists() and not (claude_project / "created.txt").exists()
    (post,) = seen
    assert isinstance(post, PostToolUseHookInput)
    assert post.tool_input == {"command": "touch from-hook.txt && echo from-hook"}  # replaced, not merged
    text, is_error = result_text(messages_api.script_requests[1], tool_use(messages).id)
    assert "from-hook" in text and not is_error


async def test_pre_tool_use_continue_false_stops_after_the_tool(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    messages_api.add_steps(tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}))
    stop = SyncHookOutput(continue_=False, stop_reason="policy says stop", system_message="hook stopped it")
    asked: list[str] = []
    hooks = {"PreToolUse": [_matcher([], lambda _: stop)]}
    async with open_session(_options(offline_options, hooks, asked)) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    result = result_of(messages)
    assert result.terminal_reason == "hook_stopped" and not result.is_error
    assert asked == ["Bash"] and (claude_project / "created.txt").exists()  # the tool still runs
    assert len(messages_api.script_requests) == 1


async def test_post_tool_use_additional_context_reaches_the_model(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    _bash_turns(messages_api)
    context = SyncHookOutput(
        hook_specific_output=PostToolUseHookSpecificOutput(additional_context="POST TOOL CONTEXT 7141")
    )
    hooks = {"PostToolUse": [_matcher([], lambda _: context)]}
    async with open_session(_options(offline_options, hooks)) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    assert "POST TOOL CONTEXT 7141" in body_text(messages_api.script_requests[1])
    assert "POST TOOL CONTEXT 7141" not in body_text(messages_api.script_requests[0])
    assert texts(messages) == ["Done."]


async def test_post_tool_use_continue_false_stops_after_the_result(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(tool_turn("Bash", {"command": TOUCH, "description": "Create a file"}))
    hooks = {"PostToolUse": [_matcher([], lambda _: SyncHookOutput(continue_=False))]}
    async with open_session(_options(offline_options, hooks)) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    assert result_of(messages).terminal_reason == "hook_stopped"
    assert len(messages_api.script_requests) == 1


async def test_user_prompt_submit_additional_context(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("Hello."))
    context = SyncHookOutput(
        hook_specific_output=UserPromptSubmitHookSpecificOutput(additional_context="The user is in Oslo.")
    )
    seen: Seen = []
    hooks = {"UserPromptSubmit": [_matcher(seen, lambda _: context)]}
    async with open_session(_options(offline_options, hooks)) as session:
        await session.send("where am I?")
        messages = await collect(session.receive_response())
    (prompt,) = seen
    assert isinstance(prompt, UserPromptSubmitHookInput) and prompt.prompt == "where am I?"
    request = messages_api.script_requests[0]
    assert any("The user is in Oslo." in text for text in request.texts())
    assert not result_of(messages).is_error


async def test_stop_block_makes_a_second_model_turn(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI
) -> None:
    messages_api.add_steps(text_turn("First answer."), text_turn("Second answer."))
    seen: Seen = []

    def block_once(hook_input: HookInput) -> HookOutput | None:
        assert isinstance(hook_input, StopHookInput)
        if hook_input.stop_hook_active:
            return None
        return SyncHookOutput(decision="block", reason="Keep going, say more")

    hooks = {"Stop": [_matcher(seen, block_once)]}
    async with open_session(_options(offline_options, hooks)) as session:
        await session.send("talk")
        messages = await collect(session.receive_response())
    assert [i.stop_hook_active for i in seen if isinstance(i, StopHookInput)] == [False, True]
    assert texts(messages) == ["First answer.", "Second answer."]
    assert "Keep going, say more" in " ".join(messages_api.script_requests[1].texts())
    assert result_of(messages).num_turns == len(messages_api.script_requests) == 2


async def test_async_output_is_no_decision(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path
) -> None:
    _bash_turns(messages_api)
    asked: list[str] = []
    hooks = {"PreToolUse": [_matcher([], lambda _: AsyncHookOutput(async_timeout=5000))]}
    async with open_session(_options(offline_options, hooks, asked)) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    assert asked == ["Bash"]  # the CLI does not wait, and still asks for permission
    assert (claude_project / "created.txt").exists()
    assert not result_of(messages).is_error


@pytest.mark.parametrize("behavior", ["deny", "allow"])
async def test_permission_request_hook_wins_over_a_slow_callback(
    offline_options: ClaudeAgentOptions, messages_api: MessagesAPI, claude_project: Path, behavior: str
) -> None:
    _bash_turns(messages_api)
    slow = Stuck()

    async def permission_request(
        hook_input: HookInput, tool_use_id: str | None, context: HookContext
    ) -> HookOutput | None:
        assert isinstance(hook_input, PermissionRequestHookInput)
        await slow.started.wait()  # let can_use_tool be in flight: the hook then wins the race
        decision = (
            PermissionResultDeny(message="Denied by the PermissionRequest hook")
            if behavior == "deny"
            else PermissionResultAllow(updated_input={"command": "touch by-hook.txt && echo by-hook"})
        )
        return SyncHookOutput(hook_specific_output=PermissionRequestHookSpecificOutput(decision=decision))

    options = attrs.evolve(
        offline_options,
        can_use_tool=slow.can_use_tool,
        hooks={"PermissionRequest": [HookMatcher(hooks=[permission_request])]},
    )
    async with open_session(options) as session:
        await session.send("create a file")
        messages = await collect(session.receive_response())
    assert slow.cancelled.is_set()  # the CLI sent control_cancel_request for can_use_tool
    text, is_error = result_text(messages_api.script_requests[1], tool_use(messages).id)
    if behavior == "deny":
        assert is_error and "Denied by the PermissionRequest hook" in text
        assert not (claude_project / "created.txt").exists()
    else:
        assert not is_error and "by-hook" in text
        assert (claude_project / "by-hook.txt").exists()
    assert not result_of(messages).is_error


@pytest.mark.parametrize("on_failure", [None, "block", "continue"])
async def test_a_hook_that_times_out_is_cancelled_and_fails_as_its_matcher_says(
    offline_options: ClaudeAgentOptions,
    messages_api: MessagesAPI,
    claude_project: Path,
    claude_cli_version: tuple[int, ...],
    on_failure: HookFailurePolicy | None,
) -> None:
    _bash_turns(messages_api)
    stuck = Stuck()
    asked: list[str] = []
    hooks = {"PreToolUse": [HookMatcher(hooks=[stuck.hook], timeout=0.5, on_failure=on_failure)]}
    async with open_session(_options(offline_options, hooks, asked)) as session:
        await session.send("create a file")
        with trio.fail_after(20):
            messages = await collect(session.receive_response())
    assert stuck.cancelled.is_set()
    assert texts(messages) == ["Done."] and not result_of(messages).is_error
    text, is_error = result_text(messages_api.script_requests[1], tool_use(messages).id)
    if on_failure != "continue":  # a PreToolUse hook fails closed: the session answers a deny
        assert asked == [] and not (claude_project / "created.txt").exists()
        assert is_error and "Denied: the PreToolUse hook failed (HookTimeoutError: hook " in text
    else:  # the error answer counts as no opinion
        assert asked == ["Bash"] and (claude_project / "created.txt").exists()
        assert text == "made" and not is_error
        if claude_cli_version >= (2, 1, 330):
            (warning,) = [m for m in messages if isinstance(m, InformationalMessage)]
            assert warning.tag == "hook_callback_failed" and "hook_0" in warning.content
