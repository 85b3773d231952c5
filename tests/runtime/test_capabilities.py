"""Request fields that only a CLI saying a capability honours (``McpCallRequest.soft_error_result``…):
refused before anything is sent to a CLI that does not say it (it would ignore the field: without
``check_permissions``, an ``mcp_call`` runs the tool unchecked), sent to one that does.  The capabilities are
those of the ``initialize`` answer and of ``system/init``.  The real CLIs: ``tests/e2e/test_mcp_call.py``."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
import trio

from trio_claude import ClaudeAgentOptions, UnsupportedCapabilityError, open_session
from trio_claude.model import McpCallRequest
from trio_claude.model._base import capabilities_needed
from trio_claude.testing import open_fake_cli

CALL = McpCallRequest(tool="mcp__records__check", arguments={})


def test_the_fields_that_need_a_capability() -> None:
    assert capabilities_needed(CALL) == {}
    assert capabilities_needed(
        McpCallRequest(tool="t", soft_error_result=True, check_permissions=False, result_not_for_model=True)
    ) == {
        "soft_error_result": "mcp_call_soft_error_result_v1",
        "check_permissions": "mcp_call_check_permissions_v1",
        "result_not_for_model": "mcp_call_result_not_for_model_v1",
    }


@pytest.mark.parametrize("field", ["soft_error_result", "check_permissions", "result_not_for_model"])
async def test_a_field_the_cli_does_not_say_it_honours_is_refused_unsent(
    autojump_clock: trio.abc.Clock, field: str
) -> None:
    async with open_fake_cli([]) as fake:  # says ui_surface_v1 and get_usage_detached_v1 only
        async with open_session(ClaudeAgentOptions(spawn=fake.spawn)) as session:
            changes: dict[str, Any] = {field: True}
            call = attrs.evolve(McpCallRequest(tool="t"), **changes)
            with pytest.raises(UnsupportedCapabilityError, match=f"mcp_call: {field} needs") as raised:
                await session.request(call)
            assert raised.value.capability == capabilities_needed(call)[field]
            assert raised.value.cli_version == session.cli_version
        [process] = fake.processes
        assert not [frame for frame in process.host_requests if isinstance(frame.request, McpCallRequest)]
