"""The typed tool inputs and outputs (``trio_claude.model.tools``) read and write their JSON through the
wire layer (``wire._structure_any`` / ``wire._unstructure_any``): a class, a tuple of classes, a misfit kept
raw with the converter's reason."""

from __future__ import annotations

from trio_claude.model.tools import (
    BashInput,
    ListMcpResourcesOutputItem,
    UnknownToolInput,
    UnknownToolOutput,
    parse_tool_input,
    parse_tool_output,
    tool_json,
)

RESOURCES = [
    {"uri": "file:///a", "name": "a", "mimeType": "text/plain", "server": "docs"},
    {"uri": "file:///b", "name": "b", "server": "docs", "newer": 1},
]


def test_a_tool_input_reads_and_writes_its_class() -> None:
    typed = parse_tool_input("Bash", {"command": "ls", "dangerouslyDisableSandbox": True})
    assert typed == BashInput(command="ls", dangerously_disable_sandbox=True)
    assert tool_json(typed) == {"command": "ls", "dangerouslyDisableSandbox": True}


def test_a_misfit_input_is_kept_raw_with_the_converters_reason() -> None:
    raw = {"command": 3}
    typed = parse_tool_input("Bash", raw)
    assert isinstance(typed, UnknownToolInput)
    assert (typed.raw, typed.tool_name) == (raw, "Bash")
    assert typed.error == "BashInput.command: expected str, got int"
    assert tool_json(typed) == raw


def test_a_list_of_classes_reads_and_writes_each_item() -> None:
    typed = parse_tool_output("ListMcpResourcesTool", RESOURCES)
    assert isinstance(typed, list) and len(typed) == 2
    items = [item for item in typed if isinstance(item, ListMcpResourcesOutputItem)]
    assert [(item.uri, item.mime_type) for item in items] == [
        ("file:///a", "text/plain"),
        ("file:///b", None),
    ]
    assert tool_json(typed) == RESOURCES
    misfit = parse_tool_output("ListMcpResourcesTool", [{"uri": "x"}])
    assert isinstance(misfit, UnknownToolOutput)
    assert misfit.raw == [{"uri": "x"}]
    assert tool_json(misfit) == [{"uri": "x"}]


def test_a_json_value_writes_as_it_is() -> None:
    assert tool_json("plain text") == "plain text"
