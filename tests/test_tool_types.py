"""The typed tool inputs and outputs (:mod:`trio_claude.model.tools`): generated from the pinned CLI's
``sdk-tools.d.ts`` and current, the declarations' names and keys pinned, real examples (the captured
transcripts) typed and encoded back unchanged, every generated shape round-tripped, and nothing a peer or a
user sends ever raising."""

from __future__ import annotations

import collections.abc
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import attrs
import orjson
import pytest
from hypothesis import given, settings, strategies as st

from trio_claude import ToolPermissionContext
from trio_claude.model import (
    CanUseToolRequest,
    FrozenList,
    HookToolCall,
    PostToolUseHookInput,
    PreToolUseHookInput,
    ToolUseBlock,
    WireObject,
    tools as t,
)
from trio_claude.model.tools import _inputs, _outputs
from trio_claude.testing.strategies import json_objects, json_values, strategy_for
from trio_claude.wire._tags import wire_name

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "tests" / "data" / "wire" / "transcripts"
PINNED_D_TS = ROOT / "tests" / "data" / "sdk" / "sdk-tools.d.ts"  # the pinned release's (README there)
PRIMARY_CLI = dict(
    line.split("=", 1)
    for line in (ROOT / ".ci" / "cli-versions").read_text().splitlines()
    if "=" in line and not line.startswith("#")
)["primary"]
INSTALLED_D_TS = (
    ROOT / ".cli" / PRIMARY_CLI / "node_modules" / "@anthropic-ai" / "claude-code" / "sdk-tools.d.ts"
)

# -- the declarations, pinned -------------------------------------------------------------------------

#: The 88 tool shapes of sdk-tools.d.ts (with ToolInputSchemas and ToolOutputSchemas, its 90 exports).
DECLARED = [
    "AgentInput",
    "BashInput",
    "ExitPlanModeInput",
    "FileEditInput",
    "FileReadInput",
    "FileWriteInput",
    "GlobInput",
    "GrepInput",
    "TaskStopInput",
    "ListMcpResourcesInput",
    "RefreshMcpToolsInput",
    "McpInput",
    "NotebookEditInput",
    "ReadMcpResourceDirInput",
    "ReadMcpResourceInput",
    "ReportFindingsInput",
    "TodoWriteInput",
    "WebFetchInput",
    "WebSearchInput",
    "AskUserQuestionInput",
    "SendFeedbackInput",
    "ClaudeDesignInput",
    "ProjectsInput",
    "EnterPlanModeInput",
    "TaskCreateInput",
    "TaskGetInput",
    "TaskUpdateInput",
    "TaskListInput",
    "WorkflowInput",
    "CronCreateInput",
    "CronDeleteInput",
    "CronListInput",
    "ScheduleWakeupInput",
    "RemoteTriggerInput",
    "ShowOnboardingRolePickerInput",
    "OfferChromeSetupInput",
    "ReadNotificationsInput",
    "MonitorInput",
    "ProposeSkillsInput",
    "ProposeGoalInput",
    "ArtifactInput",
    "PushNotificationInput",
    "EnterWorktreeInput",
    "ExitWorktreeInput",
    "AgentOutput",
    "BashOutput",
    "ExitPlanModeOutput",
    "FileEditOutput",
    "FileReadOutput",
    "FileWriteOutput",
    "GlobOutput",
    "GrepOutput",
    "TaskStopOutput",
    "ListMcpResourcesOutput",
    "RefreshMcpToolsOutput",
    "McpOutput",
    "NotebookEditOutput",
    "ReadMcpResourceDirOutput",
    "ReadMcpResourceOutput",
    "ReportFindingsOutput",
    "TodoWriteOutput",
    "WebFetchOutput",
    "WebSearchOutput",
    "AskUserQuestionOutput",
    "SendFeedbackOutput",
    "EnterWorktreeOutput",
    "ExitWorktreeOutput",
    "TaskCreateOutput",
    "TaskGetOutput",
    "TaskUpdateOutput",
    "TaskListOutput",
    "ArtifactOutput",
    "RemoteTriggerOutput",
    "ShowOnboardingRolePickerOutput",
    "OfferChromeSetupOutput",
    "ReadNotificationsOutput",
    "ScheduleWakeupOutput",
    "MonitorOutput",
    "ProposeSkillsOutput",
    "ProposeGoalOutput",
    "EnterPlanModeOutput",
    "WorkflowOutput",
    "CronCreateOutput",
    "CronDeleteOutput",
    "CronListOutput",
    "PushNotificationOutput",
    "ClaudeDesignOutput",
    "ProjectsOutput",
]

#: The wire keys of the shapes users meet most, pinned: a regenerated file that renames one fails here.
PINNED_KEYS: dict[type, set[str]] = {
    t.AgentInput: {
        "description",
        "prompt",
        "subagent_type",
        "model",
        "effort",
        "run_in_background",
        "name",
        "team_name",
        "mode",
        "isolation",
    },
    t.BashInput: {"command", "timeout", "description", "run_in_background", "dangerouslyDisableSandbox"},
    t.FileEditInput: {"file_path", "old_string", "new_string", "replace_all"},
    t.FileReadInput: {"file_path", "offset", "limit", "pages", "allow_large"},
    t.FileWriteInput: {"file_path", "content"},
    t.GlobInput: {"pattern", "path"},
    t.GrepInput: {
        "pattern",
        "path",
        "glob",
        "output_mode",
        "-B",
        "-A",
        "-C",
        "context",
        "-n",
        "-i",
        "-o",
        "type",
        "head_limit",
        "offset",
        "multiline",
    },
    t.TodoWriteInputTodo: {"content", "status", "activeForm"},
    t.WebFetchInput: {"url", "prompt", "offset"},
    t.WebSearchInput: {"query", "allowed_domains", "blocked_domains"},
    t.NotebookEditInput: {"notebook_path", "cell_id", "new_source", "cell_type", "edit_mode"},
    t.AskUserQuestionInputQuestion: {"question", "header", "options", "multiSelect"},
    t.BashOutput: {
        "backgroundCwdHint",
        "backgroundEndsWithFinalResponse",
        "backgroundTaskId",
        "backgroundWakesOwner",
        "backgroundedByUser",
        "dangerouslyDisableSandbox",
        "ghRateLimitHint",
        "gitOperation",
        "interrupted",
        "isImage",
        "noOutputExpected",
        "persistedOutputPath",
        "persistedOutputSize",
        "rawOutputPath",
        "returnCodeInterpretation",
        "staleReadFileStateHint",
        "stderr",
        "stdout",
        "structuredContent",
        "timedOutAfterMs",
    },
    t.FileEditOutput: {
        "filePath",
        "gitDiff",
        "newString",
        "oldString",
        "originalFile",
        "replaceAll",
        "staged",
        "structuredPatch",
        "userModified",
    },
}


def _wire_keys(cls: type) -> set[str]:
    return {wire_name(cls, f.name) for f in attrs.fields(cls) if f.name != "extra"}


def test_every_declaration_has_its_type() -> None:
    assert len(DECLARED) == 88 and len(set(DECLARED)) == 88
    for name in DECLARED:
        assert hasattr(t, name), name
    inputs = [n for n in DECLARED if n.endswith("Input")]
    outputs = [n for n in DECLARED if n.endswith("Output")]
    assert {getattr(t, n) for n in inputs} == set(_inputs.INPUTS.values())
    assert {id(getattr(t, n)) for n in outputs} == {id(v) for v in _outputs.OUTPUTS.values()}


@pytest.mark.parametrize("cls", list(PINNED_KEYS), ids=lambda cls: cls.__name__)
def test_the_wire_keys_are_pinned(cls: type) -> None:
    assert _wire_keys(cls) == PINNED_KEYS[cls]


def test_every_class_is_a_frozen_slotted_keyword_only_wire_object() -> None:
    classes = [v for v in vars(t).values() if isinstance(v, type) and issubclass(v, WireObject)]
    assert len(classes) > 150
    for cls in classes:
        assert attrs.has(cls) and "__slots__" in cls.__dict__, cls
        assert all(f.kw_only for f in attrs.fields(cls)), cls
        obj_fields = {f.name for f in attrs.fields(cls)}
        assert "extra" in obj_fields


def test_the_tool_names() -> None:
    assert t.input_type("Bash") is t.BashInput and t.output_type("Bash") is t.BashOutput
    assert t.input_type("Edit") is t.FileEditInput and t.input_type("Read") is t.FileReadInput
    assert t.input_type("Task") is t.AgentInput  # the old name of Agent, which the CLI still lists
    assert t.input_type("KillShell") is t.TaskStopInput and t.input_type("SetGoal") is t.ProposeGoalInput
    assert t.input_type("mcp__calc__add") is t.McpInput and t.output_type("mcp__calc__add") is t.McpOutput
    assert t.input_type("NoSuchTool") is None and t.output_type("NoSuchTool") is None
    assert t.canonical_tool_name("Task") == "Agent" and t.canonical_tool_name("Bash") == "Bash"


def test_the_generated_modules_are_current() -> None:
    """The committed modules are what tools/gen_tool_types.py makes of the pinned release's
    sdk-tools.d.ts."""
    spec = importlib.util.spec_from_file_location("gen_tool_types", ROOT / "tools" / "gen_tool_types.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    sys.modules["gen_tool_types"] = gen
    try:
        spec.loader.exec_module(gen)
        files = gen.generate(PINNED_D_TS.read_text(encoding="utf-8"), PRIMARY_CLI)
    finally:
        del sys.modules["gen_tool_types"]
    assert set(files) == {
        "trio_claude/model/tools/_inputs.py",
        "trio_claude/model/tools/_outputs.py",
        "trio_claude/wire/_tool_spelling.py",
    }
    for path, text in files.items():
        assert (ROOT / path).read_text(encoding="utf-8") == text, (
            f"{path} is stale: run tools/gen_tool_types.py"
        )


@pytest.mark.skipif(not INSTALLED_D_TS.exists(), reason="the pinned CLI is not installed (./dev setup)")
def test_the_pinned_declarations_are_the_pinned_clis() -> None:
    """tests/data/sdk/sdk-tools.d.ts is the one the primary pinned CLI ships."""
    assert PINNED_D_TS.read_bytes() == INSTALLED_D_TS.read_bytes()


# -- real examples -----------------------------------------------------------------------------------


def _transcript_values() -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
    """(tool name, input) of every tool_use and (tool name, tool_use_result) of every tool result in the
    captured transcripts (both CLI versions)."""
    inputs: list[tuple[str, Any]] = []
    outputs: list[tuple[str, Any]] = []
    for path in sorted(TRANSCRIPTS.glob("*.jsonl")):
        names: dict[str, str] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            event: dict[str, Any] = json.loads(line)
            msg: Any = event.get("msg")
            if not isinstance(msg, dict):
                continue
            msg = cast("dict[str, Any]", msg)
            if msg.get("type") == "assistant":
                blocks: list[dict[str, Any]] = msg["message"].get("content", [])
                for block in blocks:
                    if block.get("type") == "tool_use":
                        names[block["id"]] = block["name"]
                        inputs.append((block["name"], block["input"]))
            elif msg.get("type") == "user" and "tool_use_result" in msg:
                content: list[dict[str, Any]] = msg["message"]["content"]
                outputs.append((names[content[0]["tool_use_id"]], msg["tool_use_result"]))
    return inputs, outputs


REAL_INPUTS, REAL_OUTPUTS = _transcript_values()


def test_the_transcripts_hold_real_examples() -> None:
    assert {name for name, _ in REAL_INPUTS} >= {"Bash", "Write", "AskUserQuestion", "mcp__calc__add"}
    assert len(REAL_OUTPUTS) > 50


@pytest.mark.parametrize(("name", "value"), REAL_INPUTS, ids=[n for n, _ in REAL_INPUTS])
def test_real_inputs_type_and_encode_back(name: str, value: Any) -> None:
    typed = t.parse_tool_input(name, value)
    assert isinstance(typed, t.input_type(name)), typed  # type: ignore[arg-type]
    assert not isinstance(typed, t.UnknownToolInput)
    assert t.tool_json(typed) == value
    if name != "mcp__calc__add":  # an MCP tool's input is the server's own: all of it in extra
        assert typed.extra == {}


@pytest.mark.parametrize(("name", "value"), REAL_OUTPUTS, ids=[n for n, _ in REAL_OUTPUTS])
def test_real_outputs_type_and_encode_back(name: str, value: Any) -> None:
    typed = t.parse_tool_output(name, value)
    assert t.tool_json(typed) == value
    if isinstance(value, str) and name != "mcp__calc__add":
        # A failed call's result is its error text: kept, with why it is not the tool's output.
        assert isinstance(typed, t.UnknownToolOutput) and typed.raw == value
        assert typed.error == f"{t.output_type(name).__name__}: expected an object, got str"
    else:
        assert not isinstance(typed, t.UnknownToolOutput), typed


def test_a_real_bash_output_reads_as_attributes() -> None:
    bash: list[dict[str, Any]] = [v for n, v in REAL_OUTPUTS if n == "Bash" and not isinstance(v, str)]
    value = next(v for v in bash if v["stdout"])
    typed = t.parse_tool_output("Bash", value)
    assert isinstance(typed, t.BashOutput)
    assert typed.stdout == value["stdout"] and typed.interrupted == value["interrupted"]
    assert typed.no_output_expected == value.get("noOutputExpected")


def test_a_real_ask_user_question_input() -> None:
    value = next(v for n, v in REAL_INPUTS if n == "AskUserQuestion")
    typed = t.parse_tool_input("AskUserQuestion", value)
    assert isinstance(typed, t.AskUserQuestionInput)
    question = typed.questions[0]
    assert isinstance(question, t.AskUserQuestionInputQuestion)
    assert question.multi_select == value["questions"][0]["multiSelect"]
    assert [o.label for o in question.options] == [o["label"] for o in value["questions"][0]["options"]]


# -- generated shapes ---------------------------------------------------------------------------------


def _top_types() -> list[tuple[str, Any]]:
    return [*_inputs.INPUTS.items(), *_outputs.OUTPUTS.items()]


def _strategy(tp: Any) -> st.SearchStrategy[Any]:
    if tp is t.McpOutput:
        return st.one_of(
            st.text(), st.lists(strategy_for(t.McpOutputItem), max_size=3).map(tuple), json_objects()
        )
    if getattr(tp, "__origin__", None) in (tuple, collections.abc.Sequence):
        return st.lists(strategy_for(tp.__args__[0]), max_size=3).map(FrozenList)
    return strategy_for(tp)


@pytest.mark.parametrize(
    ("name", "tp"), _top_types(), ids=[f"{n}-{i}" for i, (n, _) in enumerate(_top_types())]
)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_generated_values_round_trip(name: str, tp: Any, data: st.DataObject) -> None:
    typed = data.draw(_strategy(tp))
    value = orjson.loads(orjson.dumps(t.tool_json(typed)))
    parse = t.parse_tool_input if tp in _inputs.INPUTS.values() else t.parse_tool_output
    tool = "mcp__server__tool" if name.startswith("mcp__") else name
    again = parse(tool, value)
    assert again == typed
    assert t.tool_json(again) == value


# -- never raising ---------------------------------------------------------------------------------


_NAMED = {*_inputs.INPUTS, *_outputs.OUTPUTS, "Task", "NoSuchTool"} - {"mcp__<server>__<tool>"}
TOOLS = [*sorted(_NAMED), "mcp__s__t"]


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(TOOLS), value=json_values())
def test_any_json_parses_without_raising_and_loses_nothing(name: str, value: Any) -> None:
    typed_input = t.parse_tool_input(name, value)
    typed_output = t.parse_tool_output(name, value)
    assert t.tool_json(typed_input) == value
    assert t.tool_json(typed_output) == value


def test_an_unknown_tool_keeps_the_raw_input() -> None:
    raw = {"anything": [1, 2], "deep": {"x": None}}
    typed = t.parse_tool_input("BrandNewTool", raw)
    assert typed == t.UnknownToolInput(raw=raw, tool_name="BrandNewTool")
    assert isinstance(typed, t.UnknownToolInput)
    assert typed.raw is raw and typed.error is None and t.tool_json(typed) == raw
    assert isinstance(t.parse_tool_output("BrandNewTool", "done"), t.UnknownToolOutput)


def test_a_value_of_the_wrong_type_keeps_the_raw_input_and_says_where() -> None:
    typed = t.parse_tool_input("Bash", {"command": ["ls"], "timeout": 5})
    assert isinstance(typed, t.UnknownToolInput)
    assert typed.raw == {"command": ["ls"], "timeout": 5} and typed.tool_name == "Bash"
    assert typed.error == "BashInput.command: expected str, got list"
    nested = t.parse_tool_input(
        "TodoWrite", {"todos": [{"content": "x", "status": "pending", "activeForm": 3}]}
    )
    assert (
        isinstance(nested, t.UnknownToolInput) and nested.error is not None and "active_form" in nested.error
    )
    missing = t.parse_tool_input("Edit", {"file_path": "a"})
    assert isinstance(missing, t.UnknownToolInput) and "missing key old_string" in str(missing.error)
    assert isinstance(t.parse_tool_input("Bash", "ls"), t.UnknownToolInput)


def test_unknown_keys_and_values_are_kept() -> None:
    raw = {"command": "ls", "timeout": 1000, "newFlag": {"a": 1}, "description": None}
    typed = t.parse_tool_input("Bash", raw)
    assert isinstance(typed, t.BashInput) and typed.timeout == 1000 and isinstance(typed.timeout, int)
    assert typed.extra == {"newFlag": {"a": 1}, "description": None}
    assert t.tool_json(typed) == raw
    # A Literal value this version does not know is kept too (a newer CLI never makes an input untyped).
    grep = t.parse_tool_input("Grep", {"pattern": "x", "output_mode": "json"})
    assert isinstance(grep, t.GrepInput) and str(grep.output_mode) == "json"


def test_unions_dispatch_on_their_tag_or_their_shape() -> None:
    launched = {
        "status": "async_launched",
        "agentId": "a1",
        "description": "d",
        "prompt": "p",
        "outputFile": "/o",
    }
    agent = t.parse_tool_output("Agent", launched)
    assert isinstance(agent, t.AgentOutputAsyncLaunched) and agent.output_file == "/o"
    odd = t.parse_tool_output("Agent", {**launched, "status": "teleported"})
    assert isinstance(odd, t.UnknownToolOutput) and odd.error == "unknown status 'teleported'"
    image = t.parse_tool_output(
        "Read", {"type": "image", "file": {"base64": "AA==", "type": "image/png", "originalSize": 2}}
    )
    assert isinstance(image, t.FileReadOutputImage) and image.file.original_size == 2
    unwatch = t.parse_tool_output("Artifact", {"unwatch": {"url": "u", "was_watching": True}})
    assert isinstance(unwatch, t.ArtifactOutputUnwatch) and unwatch.unwatch.was_watching is True
    resources = t.parse_tool_output("ListMcpResourcesTool", [{"uri": "u", "name": "n", "server": "s"}])
    assert resources == (t.ListMcpResourcesOutputItem(uri="u", name="n", server="s"),)


def test_a_typed_input_built_in_python_encodes_with_the_wire_keys() -> None:
    typed = t.GrepInput(pattern="TODO", before_context=2, case_insensitive=True)
    assert t.tool_json(typed) == {"pattern": "TODO", "-B": 2, "-i": True}
    edited = attrs.evolve(t.BashInput(command="ls"), dangerously_disable_sandbox=False)
    assert t.tool_json(edited) == {"command": "ls", "dangerouslyDisableSandbox": False}
    assert attrs.fields(t.AgentOutputCompleted).status.default == "completed"  # a tag Python callers omit


# -- where users meet them -------------------------------------------------------------------------


def test_the_typed_accessors() -> None:
    raw = {"command": "ls -la", "description": "List"}
    block = ToolUseBlock(id="toolu_1", name="Bash", input=raw)
    assert block.typed_input() == t.BashInput(command="ls -la", description="List")
    request = CanUseToolRequest(tool_name="Bash", input=raw, tool_use_id="toolu_1")
    assert request.typed_input() == block.typed_input()
    assert ToolPermissionContext.from_request(request).typed_input() == block.typed_input()
    pre = PreToolUseHookInput(
        session_id="s", transcript_path="/t", cwd="/", tool_name="Bash", tool_input=raw, tool_use_id="toolu_1"
    )
    assert pre.typed_tool_input() == block.typed_input()
    assert pre["tool_input"] == raw  # the official SDK's mapping access is unchanged
    post = PostToolUseHookInput(
        session_id="s",
        transcript_path="/t",
        cwd="/",
        tool_name="Bash",
        tool_input=raw,
        tool_use_id="toolu_1",
        tool_response={"stdout": "x", "stderr": "", "interrupted": False},
    )
    assert post.typed_tool_response() == t.BashOutput(stdout="x", stderr="", interrupted=False)
    assert isinstance(
        ToolUseBlock(id="toolu_2", name="Bash", input={"command": 1}).typed_input(), t.UnknownToolInput
    )
    call = HookToolCall(tool_name="Read", tool_input={"file_path": "/a"}, tool_use_id="toolu_3")
    assert call.typed_tool_input() == t.FileReadInput(file_path="/a")
    assert isinstance(call.typed_tool_response(), t.UnknownToolOutput)  # no response: None kept as raw


def test_any_mapping_is_read_like_a_dict() -> None:
    from collections import OrderedDict
    from collections.abc import Mapping
    from types import MappingProxyType

    raws: list[Mapping[str, str]] = [OrderedDict(command="ls"), MappingProxyType({"command": "ls"})]
    for raw in raws:
        assert t.parse_tool_input("Bash", raw) == t.BashInput(command="ls")


def test_a_plain_import_does_not_load_the_tool_classes() -> None:
    code = (
        "import sys, trio_claude; "
        "print(sorted(m for m in sys.modules if 'model.tools' in m or 'wire._tool' in m)); "
        "from trio_claude.model import ToolUseBlock; "
        "ToolUseBlock(id='1', name='Bash', input={'command': 'ls'}).typed_input(); "
        "print(sorted(m for m in sys.modules if 'model.tools' in m or 'wire._tool' in m))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = out.stdout.splitlines()
    assert before == "[]"
    assert "trio_claude.model.tools" in after and "trio_claude.wire._tool_spelling" in after
