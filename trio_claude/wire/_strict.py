"""Strict typing of values written by hand in Python (e.g. a hook's dict answer).

Decoding what the CLI sends is lenient on purpose: a key this version does not know is kept in ``extra``, a
part that does not fit becomes an ``Unknown*`` object, a new enumeration value is a plain string.  A value
written by hand is different: there such a key is a typo, and a lenient reading silently drops the user's
decision (a ``"permisionDecision": "deny"`` would let the tool run).  So here every key must be known, every
part typed, and every ``Literal`` field one of its values.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator, Sequence
from typing import Any, Literal, get_args, get_origin

import attrs

from ..model._base import BaseUnknown, WireObject, json_get
from ._tags import tags, wire_name
from ._values import Malformed


def keyword_aliases(cls: Any) -> dict[str, str]:
    """The Python spellings of wire keys that are Python keywords (``continue_`` → ``continue``), for
    ``cls`` or the members of a union: the official Python SDK lets hook answers use them."""
    members = get_args(cls) if get_origin(cls) in (typing.Union, types.UnionType) else (cls,)
    return {
        field.name: wire_name(member, field.name)
        for member in members
        if attrs.has(member)
        for field in attrs.fields(member)
        if field.name.endswith("_") and wire_name(member, field.name) != field.name
    }


def unalias(value: Any, cls: Any) -> Any:
    """``value`` with the keyword spellings of :func:`keyword_aliases` replaced by their wire keys (at the
    top level); raises :class:`Malformed` when both spellings of a key are given."""
    aliases = keyword_aliases(cls)
    if not isinstance(value, dict):
        return value
    given = typing.cast("dict[str, Any]", value)
    if not aliases.keys() & given.keys():
        return given
    out: dict[str, Any] = {}
    for key, item in given.items():
        wire = aliases.get(key, key)
        if wire in out:
            raise Malformed(f"both {wire!r} and {key!r} given")
        out[wire] = item
    return out


def _known_keys(cls: type) -> frozenset[str]:
    return frozenset(
        {wire_name(cls, field.name) for field in attrs.fields(cls) if field.name != "extra"} | set(tags(cls))
    )


def _literal_values(tp: Any) -> tuple[Any, ...] | None:
    """The allowed values of a ``Literal[...]`` (or ``Literal[...] | None``) field type, else ``None``."""
    if get_origin(tp) is Literal:
        return get_args(tp)
    if get_origin(tp) in (typing.Union, types.UnionType):
        for arg in get_args(tp):
            if get_origin(arg) is Literal:
                return get_args(arg)
    return None


def problems(obj: object, *, allow_unknown: bool = False, path: str = "") -> Iterator[str]:
    """What a typed value holds that its classes do not describe, each as ``"<wire path>: <why>"``.

    Always: a ``Literal`` field holding another value.  Unless ``allow_unknown``: a key no field knows (in
    ``extra``; an explicit ``null`` of a known key is fine) and a part only an ``Unknown*`` class could hold.
    JSON-typed fields (``updated_input``…) are not looked into.
    """
    if isinstance(obj, BaseUnknown):
        if not allow_unknown:
            yield f"{path.rstrip('.') or 'value'}: {obj.error or _unknown_tag(obj.raw)}"
    elif isinstance(obj, WireObject):
        cls = type(obj)
        if not allow_unknown:
            known = _known_keys(cls)
            for key in obj.extra:
                if key not in known:
                    yield f"{path}{key}: unknown key (known: {', '.join(sorted(known))})"
        for field in attrs.fields(cls):
            if field.name == "extra":
                continue
            value = getattr(obj, field.name)
            where = f"{path}{wire_name(cls, field.name)}"
            allowed = _literal_values(field.type)
            if allowed is not None and value is not None and value not in allowed:
                yield f"{where}: {value!r} is not one of {', '.join(map(repr, allowed))}"
            yield from problems(value, allow_unknown=allow_unknown, path=f"{where}.")
    elif isinstance(obj, (tuple, list)):
        for index, item in enumerate(typing.cast("Sequence[object]", obj)):
            yield from problems(item, allow_unknown=allow_unknown, path=f"{path.rstrip('.')}[{index}].")


def decides_permission(answer: object) -> bool:
    """Whether a hook's answer, as JSON, carries a permission decision: a ``decision`` key at its top level
    (``approve``/``block``) or one of the permission keys the model knows in its ``hookSpecificOutput``
    (``permissionDecision``; ``PermissionRequest``'s ``decision``), whatever the event."""
    if not isinstance(answer, dict):
        return False
    top = typing.cast("dict[str, object]", answer)
    specific = top.get("hookSpecificOutput")
    inner = typing.cast("dict[str, object]", specific) if isinstance(specific, dict) else {}
    return not _decision_keys().isdisjoint(top.keys() | inner.keys())


def _decision_keys() -> frozenset[str]:
    """The wire keys of the fields of a hook's answer the model names as permission decisions."""
    from .. import model  # the face: the hook outputs load on first use

    classes: tuple[type, ...] = (model.SyncHookOutput, *model.HOOK_SPECIFIC_OUTPUT_CLASSES)
    return frozenset(
        wire_name(cls, field.name)
        for cls in classes
        for field in attrs.fields(cls)
        if field.name in model.PERMISSION_DECISION_FIELDS
    )


def _unknown_tag(raw: object) -> str:
    for key in ("hookEventName", "type", "subtype", "behavior"):
        tag = json_get(raw, key)
        if tag is not None:
            return f"unknown {key} {tag!r}"
    if not isinstance(raw, dict):
        return f"expected an object, got {type(raw).__name__}"
    return "no tag key (hookEventName, type, subtype or behavior)"
