"""What official-SDK code reads on messages: ``message.subtype`` works on every system message (the
official ``isinstance(m, SystemMessage) and m.subtype == "init"``), and ``message.data`` fails at once
naming the typed attribute to read instead."""

from __future__ import annotations

import pytest

from trio_claude import SystemMessage, wire
from trio_claude.model import InitMessage, TaskStartedMessage, UnknownSystemMessage
from trio_claude.wire._converter import SYSTEM_SUBTYPES

INIT = b'{"type":"system","subtype":"init","session_id":"s","tools":["Read"],"agents":["helper"]}'


def test_every_system_message_has_its_subtype() -> None:
    init = wire.decode_line(INIT)
    assert isinstance(init, SystemMessage) and init.subtype == "init"
    assert InitMessage(session_id="s").subtype == "init"
    for tag, cls in SYSTEM_SUBTYPES.items():
        assert issubclass(cls, SystemMessage) and tag == cls.SUBTYPE, cls  # the class and the converter agree


def test_an_unknown_system_message_has_the_subtype_it_came_with() -> None:
    unknown = wire.decode_line(b'{"type":"system","subtype":"brand_new","x":1}')
    assert isinstance(unknown, UnknownSystemMessage) and unknown.subtype == "brand_new"


def test_data_names_the_typed_attributes() -> None:
    init = wire.decode_line(INIT)
    assert isinstance(init, InitMessage)
    with pytest.raises(AttributeError, match=r"InitMessage has no \.data.*message\.tools.*wire\.unstructure"):
        init.data  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(init, "data")
    task = wire.decode_line(
        b'{"type":"system","subtype":"task_started","task_id":"t","description":"d","session_id":"s"}'
    )
    assert isinstance(task, TaskStartedMessage)
    with pytest.raises(AttributeError, match=r"TaskStartedMessage has no \.data"):
        task.data  # type: ignore[attr-defined]  # noqa: B018
    unknown = wire.decode_line(b'{"type":"system","subtype":"brand_new","x":1}')
    assert isinstance(unknown, UnknownSystemMessage)
    with pytest.raises(AttributeError, match=r"UnknownSystemMessage has no \.data.*\.raw"):
        unknown.data  # type: ignore[attr-defined]  # noqa: B018
