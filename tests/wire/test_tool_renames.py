"""The wire keys of the typed tool classes (``trio_claude/wire/_tools.py``): the generated table becomes
the converter's renames, and a table naming a class that ``model.tools`` lacks fails at once."""

from __future__ import annotations

import attrs
import pytest

from trio_claude.model.tools import _inputs, _outputs
from trio_claude.wire import _tools
from trio_claude.wire._tool_spelling import KEYS


def test_each_generated_key_becomes_a_rename_of_a_field_of_its_tool_class() -> None:
    renames = _tools.tool_renames()
    assert renames == {(name, field): key for name, keys in KEYS.items() for field, key in keys.items()}
    assert renames[("GrepInput", "before_context")] == "-B"
    assert renames[("BashInput", "dangerously_disable_sandbox")] == "dangerouslyDisableSandbox"
    classes = {**vars(_inputs), **vars(_outputs)}
    for name, field in renames:
        assert field in attrs.fields_dict(classes[name]), (name, field)


def test_a_table_naming_classes_model_tools_lacks_fails_naming_them(monkeypatch: pytest.MonkeyPatch) -> None:
    stale = {**KEYS, "ZedInput": {"a_b": "aB"}, "AbleInput": {"c_d": "cD"}, "FileOutput": {"x": "X"}}
    monkeypatch.setattr(_tools, "KEYS", stale)
    monkeypatch.setattr(_inputs, "FileOutput", "not a class", raising=False)
    with pytest.raises(RuntimeError) as info:
        _tools.tool_renames()
    assert str(info.value) == (
        "wire/_tool_spelling.py names classes model.tools lacks: ['AbleInput', 'FileOutput', 'ZedInput']"
    )
