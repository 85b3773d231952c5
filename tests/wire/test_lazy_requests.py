"""The control requests a session sends only on demand (``model/_requests.py``) and the union of every
request body load on first use: inside the converter, the first time a frame carries one of their tags,
or when a program names one.  ``ControlRequest.request`` names the union through a ``LazyUnion``.

Each check runs in a fresh interpreter, where nothing has loaded them yet.
"""

from __future__ import annotations

from _fresh import PLAIN_IMPORT, run_fresh

MODULE = "trio_claude.model._requests"


def _run(code: str) -> list[str]:
    return run_fresh(code, watched=(MODULE,))


def test_a_plain_import_leaves_them_for_later() -> None:
    assert _run(PLAIN_IMPORT) == ["-"]


def test_the_requests_every_session_meets_do_not_load_them() -> None:
    code = """
        from trio_claude import model, wire
        bodies = (
            '{"subtype": "interrupt"}',
            '{"subtype": "can_use_tool", "tool_name": "Bash", "input": {}}',
            '{"subtype": "x-new", "a": 1}',
        )
        for body in bodies:
            line = '{"type": "control_request", "request_id": "r1", "request": ' + body + '}'
            frame = wire.decode_line(line)
            print(type(frame.request).__name__)
        request = model.ControlRequest(request_id="r2", request=model.InterruptRequest())
        print(wire.encode_line(request).decode().strip(), loaded())
    """
    assert _run(code) == [
        "InterruptRequest",
        "CanUseToolRequest",
        "UnknownControlRequest",
        '{"type":"control_request","request_id":"r2","request":{"subtype":"interrupt"}}',
        "-",
    ]


def test_a_rare_request_decodes_the_first_time() -> None:
    code = """
        from trio_claude import model, wire
        line = '{"type": "control_request", "request_id": "r1", "request": {"subtype": "mcp_toggle", ' \\
            '"serverName": "s", "enabled": false}}'
        print(loaded())
        frame = wire.decode_line(line)
        print(type(frame.request).__name__, frame.request.server_name, frame.request.enabled, loaded())
        print(frame.request is not None and type(frame.request) is model.McpToggleRequest)
        misfit = wire.decode_line('{"type": "control_request", "request_id": "r2", "request": '
                                  '{"subtype": "mcp_toggle", "serverName": 1}}')
        print(type(misfit.request).__name__)
    """
    assert _run(code) == ["-", "McpToggleRequest", "s", "False", "_requests", "True", "UnknownControlRequest"]


def test_a_rare_request_encodes_the_first_time() -> None:
    code = """
        from trio_claude import model, wire
        request = model.ControlRequest(request_id="r1", request=model.GetUsageRequest(skip_behaviors=True))
        print(loaded(), wire.converter.control_subtypes[model.GetUsageRequest])
        print(wire.encode_line(request).decode().strip())
    """
    assert _run(code) == [
        "_requests",
        "get_usage",
        '{"type":"control_request","request_id":"r1","request":{"subtype":"get_usage","skip_behaviors":true}}',
    ]


def test_the_union_is_whole_for_users_and_type_checkers() -> None:
    code = """
        import typing
        from trio_claude import model
        field_type = typing.get_type_hints(model.ControlRequest)["request"]
        print(type(field_type).__name__, loaded())
        union = model.ControlRequestPayload
        print(loaded(), field_type.resolve() is union, len(typing.get_args(union)))
        members = typing.get_args(union)
        print(model.McpToggleRequest in members, model.InterruptRequest in members)
        print(isinstance(model.McpToggleRequest(server_name="s", enabled=True), union))
    """
    assert _run(code) == ["LazyUnion", "-", "_requests", "True", "44", "True", "True", "True"]
