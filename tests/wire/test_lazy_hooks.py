"""The hook outputs (``model/_hooks.py``), the permission classes (``model/_permissions.py``) and the
top level's ``HookOutput``/``HookJSONOutput`` (``_config/_hook_outputs.py``) load on first use: a session
that registers no hook and answers no permission does not create them.  A session that does gets them the
first time it needs one (decoding a ``can_use_tool`` request, answering a hook), typed as before, and a
program that names one gets the same class from either face.

Each check runs in a fresh interpreter, where nothing has loaded them yet.
"""

from __future__ import annotations

from _fresh import PLAIN_IMPORT, run_fresh

LAZY = ("trio_claude.model._hooks", "trio_claude.model._permissions", "trio_claude._config._hook_outputs")


def _run(code: str) -> list[str]:
    return run_fresh(code, watched=LAZY)


def test_a_plain_import_leaves_them_for_later() -> None:
    assert _run(PLAIN_IMPORT) == ["-"]


def test_a_plain_session_s_frames_leave_them_for_later() -> None:
    """What every session encodes and decodes (``initialize`` and its answer, a turn, an interrupt, a hook
    request's input) does not load them; options with a hook do not either, until the hook answers."""
    code = """
        import trio_claude
        from trio_claude import model, wire
        from trio_claude._config._hooks import register_hooks
        from trio_claude._config._initialize import build_initialize

        async def hook(hook_input, tool_use_id, context):
            return None

        options = trio_claude.ClaudeAgentOptions(
            hooks={"PreToolUse": [trio_claude.HookMatcher(matcher="Bash", hooks=[hook])]}
        )
        _, config = register_hooks(options.hooks)
        request = model.ControlRequest(request_id="r0", request=build_initialize(options, hooks=config))
        wire.encode_line(request)
        lines = (
            '{"type": "control_response", "response": {"subtype": "success", "request_id": "r0", '
            '"response": {"commands": [], "models": [], "pid": 1}}}',
            '{"type": "assistant", "message": {"id": "m", "type": "message", "role": "assistant", '
            '"model": "x", "content": [{"type": "text", "text": "hi"}], "stop_reason": null, '
            '"usage": {"input_tokens": 1, "output_tokens": 1}}, '
            '"parent_tool_use_id": null, "session_id": "s", "uuid": "u"}',
            '{"type": "control_request", "request_id": "r1", "request": {"subtype": "interrupt"}}',
            '{"type": "control_request", "request_id": "r2", "request": {"subtype": "hook_callback", '
            '"callback_id": "hook_0", "input": {"hook_event_name": "Stop", "session_id": "s", '
            '"transcript_path": "/t", "cwd": "/", "stop_hook_active": false}}}',
        )
        print(*(type(wire.decode_line(line)).__name__ for line in lines), loaded())
    """
    assert _run(code) == ["ControlResponse", "AssistantMessage", "ControlRequest", "ControlRequest", "-"]


def test_a_permission_request_loads_the_permission_classes_the_first_time() -> None:
    code = """
        from trio_claude import model, wire
        line = (
            '{"type": "control_request", "request_id": "r1", "request": {"subtype": "can_use_tool", '
            '"tool_name": "Bash", "input": {"command": "ls"}, "mcp_server": {"name": "calc"}, '
            '"permission_suggestions": [{"type": "addRules", "rules": [{"toolName": "Bash", '
            '"ruleContent": "ls"}], "behavior": "allow", "destination": "session"}]}}'
        )
        print(loaded())
        request = wire.decode_line(line).request
        (update,) = request.permission_suggestions
        server = type(request.mcp_server).__name__
        print(type(update).__name__, update.rules[0].rule_content, server, loaded())
        answer_type = wire.converter.response_types[model.CanUseToolRequest]
        answer = wire.structure({"behavior": "deny", "message": "no"}, answer_type)
        print(type(answer).__name__, answer.message, answer_type == model.PermissionResult)
        print(update.to_dict() == model.PermissionUpdate.from_dict(update.to_dict()).to_dict())
    """
    assert _run(code) == [
        "-",
        "AddRulesUpdate",
        "ls",
        "McpServerRef",
        "_permissions",
        "PermissionResultDeny",
        "no",
        "True",
        "True",
    ]


def test_a_hook_answer_types_every_hook_output_the_first_time() -> None:
    """A hook's dict answer, its checked typed output, and the answer decoded back: the hook outputs load
    then (with the permission results a ``PermissionRequest`` answer holds)."""
    code = """
        import trio
        from trio_claude import HookMatcher, model, wire
        from trio_claude._handlers._hooks import HookRegistry

        async def hook(hook_input, tool_use_id, context):
            return {"hookSpecificOutput": {"hookEventName": "PermissionRequest",
                                           "decision": {"behavior": "deny", "message": "no"}}}

        registry = HookRegistry({"PermissionRequest": [HookMatcher(hooks=[hook])]})
        line = (
            '{"type": "control_request", "request_id": "r1", "request": {"subtype": "hook_callback", '
            '"callback_id": "hook_0", "input": {"hook_event_name": "PermissionRequest", "session_id": "s", '
            '"transcript_path": "/t", "cwd": "/", "tool_name": "Bash", "tool_input": {}}}}'
        )
        request = wire.decode_line(line).request  # its input names permission updates
        print(loaded())
        output = trio.run(registry.answer, request)
        specific = output.hook_specific_output
        print(type(output).__name__, type(specific).__name__, type(specific.decision).__name__, loaded())
        answer_type = wire.converter.response_types[model.HookCallbackRequest]
        print(wire.structure(wire.unstructure(output), answer_type) == output)
    """
    assert _run(code) == [
        "_permissions",
        "SyncHookOutput",
        "PermissionRequestHookSpecificOutput",
        "PermissionResultDeny",
        "_hooks,_permissions",
        "True",
    ]


def test_the_names_are_the_same_from_both_faces() -> None:
    """Imports, ``isinstance``, ``match``, pickling and ``__module__`` are as before the move."""
    code = """
        import pickle
        import trio_claude
        from trio_claude import (
            HookJSONOutput, HookOutput, PermissionResultAllow, PermissionUpdate, PreToolUseHookSpecificOutput,
            SyncHookOutput,
        )
        from trio_claude import model
        from trio_claude.model import AddRulesUpdate, HookSpecificOutput, PermissionRuleValue
        print(SyncHookOutput is model.SyncHookOutput, PermissionUpdate is model.PermissionUpdate)
        print(HookOutput == SyncHookOutput | model.AsyncHookOutput, SyncHookOutput in HookJSONOutput.__args__)
        print(SyncHookOutput.__module__, PermissionUpdate.__module__, PermissionResultAllow.__module__)
        rules = [PermissionRuleValue(tool_name="Bash")]
        update = PermissionUpdate(type="addRules", rules=rules, behavior="allow", destination="session")
        output = SyncHookOutput(hook_specific_output=PreToolUseHookSpecificOutput(permission_decision="ask"))
        print(isinstance(update, AddRulesUpdate), isinstance(output.hook_specific_output, HookSpecificOutput))
        match output:
            case model.SyncHookOutput(hook_specific_output=model.PreToolUseHookSpecificOutput()):
                print("matched")
        classes = (AddRulesUpdate, PermissionUpdate, SyncHookOutput)
        print(*(pickle.loads(pickle.dumps(cls)) is cls for cls in classes))
        print("PermissionMode" in vars(model), "ElicitationAction" in vars(model))
    """
    assert _run(code) == [
        "True",
        "True",
        "True",
        "True",
        "trio_claude.model._hooks",
        "trio_claude.model._permissions",
        "trio_claude.model._permissions",
        "True",
        "True",
        "matched",
        "True",
        "True",
        "True",
        "True",
        "True",
    ]


def test_annotations_that_name_them_still_resolve() -> None:
    """``typing.get_type_hints`` (the docs, attrs, cattrs and users call it) resolves every annotation that
    names these classes, loading their modules then."""
    code = """
        import collections.abc
        import typing
        import trio_claude
        from trio_claude import model
        print(loaded())
        hints = typing.get_type_hints(model.CanUseToolRequest)
        print(hints["mcp_server"] == model.McpServerRef | None)
        context = typing.get_type_hints(trio_claude.ToolPermissionContext)
        print(context["suggestions"] == collections.abc.Sequence[model.PermissionUpdate])
        (callback,) = typing.get_args(typing.get_type_hints(trio_claude.HookMatcher)["hooks"])
        (returned,) = typing.get_args(typing.get_args(callback)[1])
        print(model.SyncHookOutput in typing.get_args(returned), type(None) in typing.get_args(returned))
        def ask(can_use_tool: trio_claude.CanUseTool) -> None: ...
        can_use_tool = typing.get_type_hints(ask)["can_use_tool"]
        (result,) = typing.get_args(typing.get_args(can_use_tool)[1])
        print(set(typing.get_args(result)) == {model.PermissionResultAllow, model.PermissionResultDeny,
                                               trio_claude.PermissionResultDeferred})
        respond = typing.get_type_hints(trio_claude.ClaudeSession.respond_to_permission)
        print(respond["result"] == model.PermissionResult, loaded())
    """
    assert _run(code) == ["-", "True", "True", "True", "True", "True", "True", "_hooks,_permissions"]


def test_the_tag_table_names_the_model_s_permission_updates() -> None:
    from trio_claude import model
    from trio_claude.wire import _tags

    assert dict(_tags.PERMISSION_UPDATE_TYPES.items()) == dict(model.PERMISSION_UPDATE_TYPES)
