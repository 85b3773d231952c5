"""The official examples about agents, settings layers and plugins (agents, filesystem_agents,
setting_sources, plugin_example), ported, run against the real CLI offline."""

from __future__ import annotations

import json

import attrs
import pytest

from trio_claude.testing import MessagesAPI, ModelTurn, RecordedRequest, Step, text_turn, tool_turn

from . import agents, filesystem_agents, plugin_example, setting_sources

pytestmark = pytest.mark.real_cli


def system_text(request: RecordedRequest) -> str:
    system = request.body.get("system")
    return system if isinstance(system, str) else "".join(block["text"] for block in system or ())


@attrs.frozen
class Delegation:
    """What the scripted model does for a prompt naming ``agent``: the main thread hands the work to
    ``agent`` and then says ``summary``; the subagent (recognised by its ``instructions``) says ``answer``."""

    agent: str
    instructions: str
    answer: str
    summary: str


def delegating_model(*delegations: Delegation) -> Step:
    """A script step for any request of the delegations.  (The tool is ``Agent`` on newer CLIs, which run
    it in the background and come back to the main thread once more; ``Task`` on older ones.)"""

    def step(request: RecordedRequest) -> ModelTurn:
        for delegation in delegations:
            if delegation.instructions in system_text(request):
                return text_turn(delegation.answer)
        prompt = json.dumps(request.messages[:1])
        delegation = next(d for d in delegations if d.agent in prompt)
        if any(block.get("type") == "tool_result" for block in request.content_blocks()):
            return text_turn(delegation.summary)
        name = "Agent" if "Agent" in request.tool_names else "Task"
        return tool_turn(name, {"subagent_type": delegation.agent, "description": "Delegate", "prompt": "Go"})

    return step


async def test_agents(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    delegations = [
        Delegation("style-reviewer", "You review code style.", "Line 3 is long.", "One problem."),
        Delegation("finder", "You find files and list their paths.", "main.py", "One file."),
    ]
    official_env.add_steps(*[delegating_model(*delegations)] * 8)  # (older CLIs take 6)
    await agents.main()
    out = capsys.readouterr().out
    assert "Claude: One problem.\n" in out and "Claude: One file.\n" in out
    tools = {"style-reviewer": {"Read", "Grep"}, "finder": {"Read", "Glob"}}
    for delegation in delegations:
        # The subagent ran with its own prompt and tools, and the main thread got its answer.
        mine = [r for r in official_env.script_requests if delegation.agent in json.dumps(r.messages[:1])]
        subagent = [r for r in official_env.script_requests if delegation.instructions in system_text(r)]
        assert len(subagent) == 1 and set(subagent[0].tool_names) == tools[delegation.agent]
        assert any(delegation.answer in json.dumps(request.body) for request in mine)
    [reviewer] = [r for r in official_env.script_requests if "code style" in system_text(r)]
    assert "sonnet" in (reviewer.model or "")  # AgentDefinition(model="sonnet")


async def test_filesystem_agents(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("Hello there, friend."))
    await filesystem_agents.main()
    out = capsys.readouterr().out
    assert "test-agent loaded\n" in out
    assert "Message kinds: ['InitMessage', 'AssistantMessage', 'ResultMessage']" in out
    assert "Claude: Hello there, friend.\n" in out


@pytest.mark.parametrize(
    ("name", "available"),
    [("default", True), ("disable_all", False), ("user_only", False), ("project_and_user", True)],
)
async def test_setting_sources(
    official_env: MessagesAPI, capsys: pytest.CaptureFixture[str], name: str, available: bool
) -> None:
    official_env.add_steps(text_turn("42."))  # (the example stops reading at init: maybe never asked)
    await setting_sources.main(name)
    out = capsys.readouterr().out
    assert ("/commit is available\n" if available else "/commit is NOT available\n") in out


async def test_plugin_example(official_env: MessagesAPI, capsys: pytest.CaptureFixture[str]) -> None:
    official_env.add_steps(text_turn("Hello!"))
    await plugin_example.main()
    out = capsys.readouterr().out
    assert f"Plugin: hello-plugin at {plugin_example.PLUGIN}\n" in out
    assert "hello-plugin:hello" in out
