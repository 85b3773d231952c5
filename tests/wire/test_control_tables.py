"""The converter's control request tables (``trio_claude/wire/_control_tables.py``): request body class →
its ``subtype`` (``control_subtypes``) and → the type of its success payload (``response_types``), filled
on first use, read by the runtime with ``.get`` on every request.

Each test asks a new converter, whose tables are empty until asked."""

from __future__ import annotations

from typing import Any

import pytest

from trio_claude import model as m
from trio_claude.wire import make_converter
from trio_claude.wire._tags import CONTROL_SUBTYPES

REQUESTS = list(CONTROL_SUBTYPES.values())


@pytest.fixture
def new() -> Any:
    return make_converter()


def test_each_request_class_has_its_subtype_and_only_request_classes_have_one(new: Any) -> None:
    subtypes = new.control_subtypes
    assert subtypes.get(m.InterruptRequest) == "interrupt"  # first asked with .get, as the runtime does
    assert subtypes.get(m.InterruptRequest) == "interrupt"
    assert subtypes[m.InitializeRequest] == "initialize"
    assert dict(subtypes) == {cls: tag for tag, cls in CONTROL_SUBTYPES.items()}
    assert len(subtypes) == len(REQUESTS) > 40
    assert subtypes.get(int) is None
    assert subtypes.get(int, "undefined") == "undefined"
    with pytest.raises(KeyError) as info:
        subtypes[int]
    assert info.value.args == (int,)


def test_a_class_named_like_a_request_class_is_not_that_request(new: Any) -> None:
    impostor = type("InitializeRequest", (), {})
    assert impostor not in new.control_subtypes
    assert new.control_subtypes.get(impostor, "undefined") == "undefined"
    assert impostor not in new.response_types
    with pytest.raises(KeyError) as info:
        new.response_types[impostor]
    assert info.value.args == (impostor,)


def test_each_request_class_names_the_type_of_its_answer(new: Any) -> None:
    types = new.response_types
    # First asked with .get, as the runtime does; a payload named as a string is evaluated then.
    assert types.get(m.McpStatusRequest) is m.McpStatusResponse
    assert types.get(m.McpStatusRequest) is m.McpStatusResponse
    assert types[m.InitializeRequest] is m.InitializeResponse
    answers = dict(types)
    assert list(answers) == REQUESTS and len(types) == len(REQUESTS)
    assert answers[m.InitializeRequest] is m.InitializeResponse
    assert answers[m.McpStatusRequest] is m.McpStatusResponse
    assert types.get(int) is None
    assert types.get(int, "none") == "none"
    with pytest.raises(KeyError) as info:
        types[int]
    assert info.value.args == (int,)
