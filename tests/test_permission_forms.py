"""Permission results and updates in the official SDK's forms: ``PermissionUpdate(type=..., ...)``,
``PermissionRuleValue``, ``PermissionResultAllow(behavior="allow", ...)``, ``PermissionUpdate.from_dict`` and
``to_dict``; anything else fails at construction with the accepted forms."""

from __future__ import annotations

from typing import Any

import pytest

from trio_claude import (
    PermissionResultAllow,
    PermissionResultDeny,
    PermissionRuleValue,
    PermissionUpdate,
    wire,
)
from trio_claude.model import (
    AddDirectoriesUpdate,
    AddRulesUpdate,
    RemoveDirectoriesUpdate,
    SetModeUpdate,
    UnknownPermissionUpdate,
)

NPM_TEST = PermissionRuleValue(tool_name="Bash", rule_content="npm test")


def test_the_official_constructor_builds_the_typed_update() -> None:
    update = PermissionUpdate(type="addRules", rules=[NPM_TEST], behavior="allow", destination="session")
    assert update == AddRulesUpdate(rules=(NPM_TEST,), behavior="allow", destination="session")
    assert type(update) is AddRulesUpdate and isinstance(update, PermissionUpdate)
    assert update.type == "addRules"
    assert PermissionUpdate(type="setMode", mode="acceptEdits", destination="session") == SetModeUpdate(
        mode="acceptEdits", destination="session"
    )
    directories = PermissionUpdate("removeDirectories", directories=["/tmp/x"], destination="session")
    assert directories == RemoveDirectoriesUpdate(directories=("/tmp/x",), destination="session")
    assert directories.type == "removeDirectories"
    # The typed classes take lists too, and are updates.
    assert AddDirectoriesUpdate(directories=["/a"], destination="session").directories == ("/a",)
    assert isinstance(UnknownPermissionUpdate(raw={"type": "future"}), PermissionUpdate)
    assert UnknownPermissionUpdate(raw={"type": "future"}).type == "future"


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        (
            {"type": "addRules", "rules": [NPM_TEST], "behavior": "allow"},
            TypeError,
            r"PermissionUpdate\(type='addRules'\) needs rules, behavior and destination; "
            r"missing: destination",
        ),
        (
            {"type": "setMode", "mode": "plan", "destination": "session", "rules": [NPM_TEST]},
            TypeError,
            r"PermissionUpdate\(type='setMode'\) takes mode and destination, not rules",
        ),
        (
            {"type": "addRule", "destination": "session"},
            ValueError,
            r"unknown type 'addRule' \(types: addRules, replaceRules, removeRules, setMode, addDirectories, "
            r"removeDirectories\)",
        ),
        (
            {"type": "addRules", "rules": [NPM_TEST], "behavior": "alow", "destination": "session"},
            ValueError,
            r"behavior must be one of 'allow', 'deny', 'ask', not 'alow'",
        ),
        (
            {"type": "setMode", "mode": "yolo", "destination": "session"},
            ValueError,
            r"mode must be one of 'default', 'acceptEdits'.*not 'yolo'",
        ),
        (
            {
                "type": "addRules",
                "rules": [{"toolName": "Bash"}],
                "behavior": "allow",
                "destination": "session",
            },
            TypeError,
            r"rules\[0\] must be a PermissionRuleValue\(tool_name=..., rule_content=...\), not \{'toolName'",
        ),
        (
            {"type": "addDirectories", "directories": "/tmp", "destination": "session"},
            TypeError,
            r"directories must be a list of strings, not '/tmp'",
        ),
        ({"kind": "addRules"}, TypeError, r"PermissionUpdate\(\) got an unexpected keyword argument 'kind'"),
    ],
)
def test_a_wrong_update_fails_at_construction(fields: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        PermissionUpdate(**fields)


def test_rule_values_are_checked() -> None:
    with pytest.raises(TypeError, match=r"PermissionRuleValue.tool_name must be a string, not 3"):
        PermissionRuleValue(tool_name=3)  # type: ignore[arg-type]


def test_results_in_the_official_forms() -> None:
    update = PermissionUpdate(type="addRules", rules=[NPM_TEST], behavior="allow", destination="session")
    allow = PermissionResultAllow(
        behavior="allow", updated_input={"command": "npm test"}, updated_permissions=[update]
    )
    assert allow.updated_permissions == (update,)
    assert allow == PermissionResultAllow(
        updated_input={"command": "npm test"}, updated_permissions=(update,)
    )
    assert wire.unstructure(allow) == {
        "behavior": "allow",
        "updatedInput": {"command": "npm test"},
        "updatedPermissions": [
            {
                "type": "addRules",
                "rules": [{"toolName": "Bash", "ruleContent": "npm test"}],
                "behavior": "allow",
                "destination": "session",
            }
        ],
    }
    deny = PermissionResultDeny(behavior="deny", message="no", interrupt=False)
    assert deny == PermissionResultDeny(message="no", interrupt=False)
    assert PermissionResultDeny().message == ""  # as the official default
    assert wire.unstructure(PermissionResultDeny()) == {"behavior": "deny", "message": ""}


def test_wrong_results_fail_at_construction() -> None:
    with pytest.raises(ValueError, match=r"PermissionResultAllow\(behavior='deny'\).*PermissionResultDeny"):
        PermissionResultAllow(behavior="deny")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"PermissionResultDeny\(behavior='allow'\).*PermissionResultAllow"):
        PermissionResultDeny(behavior="allow")  # type: ignore[arg-type]
    wire_form = {"type": "setMode", "mode": "plan", "destination": "session"}
    with pytest.raises(TypeError, match=r"updated_permissions\[0\] must be a permission update.*from_dict"):
        PermissionResultAllow(updated_permissions=[wire_form])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"updated_permissions must be a list of permission updates"):
        PermissionResultAllow(updated_permissions=PermissionUpdate.from_dict(wire_form))  # type: ignore[arg-type]


def test_from_dict_and_to_dict_are_the_wire_form() -> None:
    wire_form = {
        "type": "addRules",
        "rules": [{"toolName": "Bash", "ruleContent": "npm test"}],
        "behavior": "allow",
        "destination": "localSettings",
    }
    update = PermissionUpdate.from_dict(wire_form)
    assert update == AddRulesUpdate(rules=(NPM_TEST,), behavior="allow", destination="localSettings")
    assert update.to_dict() == wire_form
    assert PermissionUpdate.from_dict(
        {"type": "setMode", "mode": "plan", "destination": "session"}
    ).to_dict() == {
        "type": "setMode",
        "mode": "plan",
        "destination": "session",
    }
    with pytest.raises(ValueError, match=r"not a permission update: AddRulesUpdate.behavior: missing key"):
        PermissionUpdate.from_dict({"type": "addRules", "rules": [], "destination": "session"})
    with pytest.raises(ValueError, match=r"unknown type 'addRule'"):
        PermissionUpdate.from_dict({"type": "addRule"})
    with pytest.raises(TypeError, match="from_dict takes a dict"):
        PermissionUpdate.from_dict([])  # type: ignore[arg-type]
