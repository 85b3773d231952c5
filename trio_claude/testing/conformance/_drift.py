"""The drift: what a CLI sent that this SDK does not type, each with an example.

Everything the CLI wrote on stdout during the kit's run is decoded by the SDK's own converter and walked:

* an ``Unknown*`` value is a message type, ``system`` subtype, hook event, control subtype (or another
  tagged shape) this SDK does not know, or a known one whose content no longer fits its class (a misfit);
* a key in a typed object's ``extra`` is a field this SDK has no name for, but for those it leaves untyped
  on purpose (``trio_claude.wire._known.UNTYPED``: internal CLI fields the TypeScript SDK does not declare
  either), which are only counted;
* a capability the ``initialize`` answer or ``system/init`` announces that is not in ``KNOWN_CAPABILITIES``
  (those of the CLIs this SDK is tested with) is one this SDK has not adopted.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import attrs

from ...model import (
    BaseUnknown,
    InitializeResponse,
    InitMessage,
    UnknownControlRequest,
    UnknownHookInput,
    UnknownMessage,
    UnknownSystemMessage,
    WireObject,
)
from ...model._base import json_get
from ...wire import DecodeError, decode_line
from ...wire._known import KNOWN_CAPABILITIES, UNTYPED, unknown_keys

EXAMPLE_WIDTH = 160
"""How much of an example the report keeps."""


@attrs.frozen(kw_only=True)
class DriftItem:
    """One thing the CLI sent that this SDK does not type: its ``kind`` (``message type``, ``field``,
    ``hook event``, ``control subtype``, ``capability``, ``misfit``…), its ``name`` and an ``example``
    (JSON, shortened)."""

    kind: str
    name: str
    example: str


@attrs.define
class Drift:
    """The drift found so far, one item per (kind, name), keeping the first example seen."""

    _items: dict[tuple[str, str], DriftItem] = attrs.field(factory=dict[tuple[str, str], DriftItem])
    untyped_on_purpose: set[tuple[str, str]] = attrs.field(factory=set[tuple[str, str]])
    """The ``(class name, key)`` of ``UNTYPED`` the CLI sent (not drift)."""

    @property
    def items(self) -> list[DriftItem]:
        """Every item, sorted by kind and name."""
        return [self._items[key] for key in sorted(self._items)]

    def add(self, kind: str, name: str, example: object) -> None:
        """Note ``name`` of ``kind`` (the first example is kept)."""
        if (kind, name) not in self._items:
            self._items[kind, name] = DriftItem(kind=kind, name=name, example=_example(example))

    def read_stdout(self, path: Path) -> None:
        """Walk every JSON line the CLI wrote to ``path`` (lines that are not JSON are skipped)."""
        for line in path.read_bytes().splitlines():
            if line.strip():
                try:
                    self.observe(decode_line(line))
                except DecodeError:
                    continue

    def observe(self, value: object) -> None:
        """Walk a decoded value: unknown shapes, unknown keys, unknown capabilities."""
        if isinstance(value, BaseUnknown):
            self._unknown(value)
        elif isinstance(value, WireObject):
            self._typed(value)
        elif isinstance(value, (tuple, list)):
            for item in cast("tuple[object, ...] | list[object]", value):
                self.observe(item)

    def _typed(self, value: WireObject) -> None:
        name = type(value).__name__
        for key in unknown_keys(value):
            if (name, key) in UNTYPED:
                self.untyped_on_purpose.add((name, key))
            else:
                self.add("field", f"{name}.{key}", value.extra[key])
        if isinstance(value, (InitializeResponse, InitMessage)):
            for capability in value.capabilities or ():
                if capability not in KNOWN_CAPABILITIES:
                    self.add("capability", capability, {"capabilities": [capability], "in": name})
        for field in attrs.fields(type(value)):
            if field.name != "extra":
                self.observe(getattr(value, field.name))

    def _unknown(self, value: BaseUnknown) -> None:
        raw: Any = value.raw
        if value.error is not None:
            self.add("misfit", f"{type(value).__name__}: {value.error}", raw)
            return
        kind, tag = _tag_of(value)
        self.add(kind, tag if isinstance(tag, str) else repr(tag), raw)


def _tag_of(value: BaseUnknown) -> tuple[str, object]:
    """What kind of thing ``value`` is and the tag this SDK does not know."""
    if isinstance(value, UnknownSystemMessage):
        return "message type", f"system/{value.subtype}"
    if isinstance(value, UnknownMessage):
        return "message type", value.type
    if isinstance(value, UnknownHookInput):
        return "hook event", value.hook_event_name
    if isinstance(value, UnknownControlRequest):
        return "control subtype", value.subtype
    return type(value).__name__.removeprefix("Unknown").lower(), json_get(value.raw, "type")


def _example(value: object) -> str:
    text = json.dumps(value, default=repr, ensure_ascii=False)
    return text if len(text) <= EXAMPLE_WIDTH else f"{text[: EXAMPLE_WIDTH - 3]}..."
