"""The model modules a plain session does not need (hook inputs, the answers asked for on demand) load on
first use: inside the converter, the first time a frame needs one of their classes.

Each check runs in a fresh interpreter, where nothing has loaded them yet.
"""

from __future__ import annotations

from _fresh import PLAIN_IMPORT, run_fresh

LAZY = ("trio_claude.model._hook_inputs", "trio_claude.model._responses")


def _run(code: str) -> list[str]:
    return run_fresh(code, watched=LAZY)


def test_a_plain_import_leaves_them_for_later() -> None:
    assert _run(PLAIN_IMPORT) == ["-"]


def test_a_hook_input_decodes_the_first_time() -> None:
    code = """
        from trio_claude import wire
        line = (
            '{"type": "control_request", "request_id": "r1", "request": {"subtype": "hook_callback", '
            '"callback_id": "hook_0", "tool_use_id": "t1", "input": {"hook_event_name": "PreToolUse", '
            '"session_id": "s", "transcript_path": "/t", "cwd": "/", "tool_name": "Bash", '
            '"tool_input": {"command": "ls"}, "tool_use_id": "t1"}}}'
        )
        print(loaded())
        hook_input = wire.decode_line(line).request.input
        print(type(hook_input).__name__, hook_input.hook_event_name, hook_input.tool_name, loaded())
    """
    assert _run(code) == ["-", "PreToolUseHookInput", "PreToolUse", "Bash", "_hook_inputs"]


def test_an_unknown_hook_event_decodes_the_first_time() -> None:
    code = """
        from trio_claude import wire
        line = (
            '{"type": "control_request", "request_id": "r1", "request": {"subtype": "hook_callback", '
            '"callback_id": "hook_0", "input": {"hook_event_name": "NewEvent", "x": 1}}}'
        )
        hook_input = wire.decode_line(line).request.input
        print(type(hook_input).__name__, hook_input.hook_event_name, hook_input.raw["x"])
    """
    assert _run(code) == ["UnknownHookInput", "NewEvent", "1"]


def test_an_answer_asked_for_on_demand_decodes_the_first_time() -> None:
    code = """
        from trio_claude import model, wire
        answer_type = wire.converter.response_types[model.GetUsageRequest]
        print(answer_type.__name__, loaded())
        answer = {"rate_limits_available": False, "session": {"total_cost_usd": 0.5}}
        usage = wire.structure(answer, answer_type)
        print(type(usage).__name__, usage.session.total_cost_usd)
    """
    assert _run(code) == ["UsageResponse", "_responses", "UsageResponse", "0.5"]


def test_the_classes_loaded_on_first_use_are_the_faces_classes() -> None:
    code = """
        import trio_claude
        from trio_claude import model
        from trio_claude.wire._tags import HOOK_INPUT_EVENTS
        print(trio_claude.PreToolUseHookInput is model.PreToolUseHookInput is HOOK_INPUT_EVENTS["PreToolUse"])
        print(model.UsageResponse.__module__, "UsageResponse" in dir(model), loaded())
    """
    assert _run(code) == ["True", "trio_claude.model._responses", "True", "_hook_inputs,_responses"]


def test_annotations_that_name_them_still_resolve() -> None:
    """``typing.get_type_hints`` (the docs, attrs, cattrs and users call it) resolves every annotation that
    names a class of these modules, loading the module then."""
    code = """
        import typing
        import trio_claude
        from trio_claude import model
        print(loaded())
        print(typing.get_type_hints(trio_claude.ClaudeSession.usage)["return"] is model.UsageResponse)
        print(typing.get_type_hints(model.HookCallbackRequest)["input"] == model.HookInput)
        (callback,) = typing.get_args(typing.get_type_hints(trio_claude.HookMatcher)["hooks"])
        print(typing.get_args(callback)[0][0] == model.HookInput, loaded())
    """
    assert _run(code) == ["-", "True", "True", "True", "_hook_inputs,_responses"]


def test_the_model_face_lists_the_same_names_for_type_checkers() -> None:
    """The model face imports the names it loads on first use under ``if TYPE_CHECKING:`` too (for type
    checkers and readers); the two lists must agree, as the top level's do (``tests/test_exports.py``)."""
    import ast
    import inspect

    from trio_claude import model

    tree = ast.parse(inspect.getsource(model))
    (block,) = [n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"]
    imported = {
        "." * imp.level + (imp.module or ""): tuple(alias.name for alias in imp.names)
        for imp in block.body
        if isinstance(imp, ast.ImportFrom)
    }
    assert imported == model._ON_FIRST_USE
    assert sorted(set(dir(model)) - set(vars(model))) == sorted(
        name for names in model._ON_FIRST_USE.values() for name in names if name not in vars(model)
    )


def test_a_tag_table_refuses_a_class_object() -> None:
    """The tables name classes: a class object (written as before, ``m.InitMessage``) would load its
    module at import and never match, so it fails at once."""
    import pytest

    from trio_claude import model
    from trio_claude.wire._tags import ClassTable

    with pytest.raises(TypeError, match="as strings"):
        ClassTable({"init": model.InitMessage})  # type: ignore[dict-item]
    assert ClassTable({"init": "InitMessage"})["init"] is model.InitMessage
