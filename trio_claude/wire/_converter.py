"""The one converter: a :class:`cattrs.Converter` whose per-class functions cattrs generates.

cattrs' generator (:func:`cattrs.gen.make_dict_structure_fn_from_attrs` and
:func:`~cattrs.gen.make_dict_unstructure_fn_from_attrs`, with ``override(rename=...)`` for the keys of
:mod:`._tags` and ``omit_if_default`` for the fields that are left out when ``None``) builds each class's
functions, on first use.  This module adds only what cattrs does not do:

* ``extra``: the keys a class has no field for, and the explicit ``null`` of a field that is normally left
  out, are kept on the object and written back, so that re-encoding reproduces the input;
* tagged unions whose unknown or misfit members become ``Unknown*`` objects carrying the raw JSON
  (cattrs' ``configure_tagged_union`` takes one tag per class, removes the tag from the value it
  structures, and raises on anything else);
* the strict hooks of :mod:`._values` for the JSON-shaped field types (cattrs' own coerce);
* the hand-tuned functions of :mod:`._hot` for the frames a turn streams.

Functions are built on first use, under a lock (sessions may run in several threads), so that importing
the package generates no code.
"""

from __future__ import annotations

import threading
import typing
from collections.abc import Callable, Mapping
from typing import Any, cast, get_args

import attrs
import cattrs
import cattrs.gen
from cattrs.fns import identity

from .. import model as m
from ..model._base import json_get
from . import _hot
from . import _values as v
from ._tags import (
    _TAGS,
    BLOCK_TYPES,
    CONTROL_RESPONSE_SUBTYPES,
    CONTROL_SUBTYPES,
    FRAME_TYPES,
    HOOK_INPUT_EVENTS,
    HOOK_OUTPUT_EVENTS,
    PERMISSION_RESULT_BEHAVIORS,
    PERMISSION_UPDATE_TYPES,
    SYSTEM_SUBTYPES,
    wire_name,
)

Malformed = v.Malformed
Structure = Callable[..., Any]  # (value) or, as a cattrs hook, (value, type)
Unstructure = Callable[[Any], Any]
JSONObject = dict[str, Any]

# cattrs' generator, typed for what this module passes (its own signatures leave the attribute type open).
_make_structure_fn = cast(
    "Callable[..., Callable[[JSONObject], Any]]",
    cattrs.gen.make_dict_structure_fn_from_attrs,  # pyright: ignore[reportUnknownMemberType]
)
_make_unstructure_fn = cast(
    "Callable[..., Callable[[Any], JSONObject]]",
    cattrs.gen.make_dict_unstructure_fn_from_attrs,  # pyright: ignore[reportUnknownMemberType]
)
_override = cast("Callable[..., Any]", cattrs.gen.override)

_set_extra = object.__setattr__  # on an object this module has just built (attrs classes are frozen)


def _on_wire(field: attrs.Attribute[Any]) -> bool:
    """A field with no default, or a default other than ``None``, is always on the wire; so is an
    :func:`~trio_claude.model._base.always_sent` one.  The others are left out when ``None``."""
    return field.default is not None or bool(field.metadata.get("always_sent", False))


def _is_wire_class(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, m.WireObject)


def _is_unknown_class(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, m.BaseUnknown)


def _raw(obj: m.BaseUnknown) -> Any:
    return obj.raw


class _ClassFns:
    """A wire class's structure functions (built by :meth:`WireConverter._make_structure`).

    ``structure(d)`` is cattrs' generated function.  The object it returns is complete when ``d`` has no
    ``null`` and every key of ``d`` is known (``is_known(d)``, a set method); otherwise ``finish(obj, d)``
    keeps in ``extra`` the keys no field took and the ``null`` of the fields that are normally left out.
    The dispatchers inline that test: it is the hot path's one step beyond cattrs.  When ``complete``,
    ``structure`` is a hand-tuned function of :mod:`._hot` (or a nested dispatcher) whose objects are
    complete already.  ``hook`` is the class's cattrs structure hook: it checks the value and its tags
    first, and raises a located :class:`Malformed`.
    """

    __slots__ = ("complete", "fields", "finish", "hook", "is_known", "structure")

    def __init__(
        self,
        structure: Structure,
        is_known: Callable[[JSONObject], bool],
        finish: Callable[[Any, JSONObject], Any],
        hook: Structure,
        fields: tuple[tuple[str, str, Any, bool], ...],
        *,
        complete: bool = False,
    ) -> None:
        self.structure = structure
        self.is_known = is_known
        self.finish = finish
        self.hook = hook
        #: ``(field name, wire key, type, always on the wire)`` in attrs order, for :meth:`diagnose`.
        self.fields = fields
        self.complete = complete


class WireConverter(cattrs.Converter):
    """The cattrs converter of the wire format.

    :meth:`structure` / :meth:`unstructure` (from cattrs) work for every wire class and union alias;
    :attr:`structure_frame` and :attr:`unstructure_frame` are the one-argument functions of the hot path.
    ``hand_tuned=False`` leaves out the functions of :mod:`._hot` (the tests compare both converters).
    """

    def __init__(self, *, hand_tuned: bool = True) -> None:
        super().__init__()
        self._hot = _hot.HOT if hand_tuned else {}
        self._lock = threading.RLock()
        self._classes: dict[type, _ClassFns] = {}
        self._building: set[object] = set()  # classes whose functions are being built, in this thread
        self._unstructure_fns: dict[type, Unstructure] = {}

        #: Request body class → the type of its success payload (from ``ControlRequestBody[...]``).
        self.response_types: dict[type, Any] = _response_types()
        #: Request body class → its ``subtype``.
        self.control_subtypes: dict[type, str] = {
            cls: _TAGS[cls]["subtype"] for cls in CONTROL_SUBTYPES.values()
        }

        self._register_values()
        self.register_structure_hook_factory(_is_wire_class, self._class_hook)
        self.register_unstructure_hook_factory(_is_wire_class, self._make_unstructure)
        self.register_unstructure_hook_func(_is_unknown_class, _raw)

        system = self._tagged(SYSTEM_SUBTYPES, "subtype", m.UnknownSystemMessage)
        self.structure_frame: Callable[[Any], m.Frame] = self._tagged(
            {**FRAME_TYPES, "system": system}, "type", m.UnknownMessage
        )
        self.unstructure_frame: Unstructure = self._unstructure_wire
        unions: dict[Any, Structure] = {
            m.Frame: self.structure_frame,
            m.ContentBlock: self._tagged(BLOCK_TYPES, "type", m.UnknownBlock),
            m.ControlRequestPayload: self._tagged(CONTROL_SUBTYPES, "subtype", m.UnknownControlRequest),
            m.PermissionUpdate: self._tagged(PERMISSION_UPDATE_TYPES, "type", m.UnknownPermissionUpdate),
            m.HookInput: self._tagged(HOOK_INPUT_EVENTS, "hook_event_name", m.UnknownHookInput),
            m.HookSpecificOutput: self._tagged(
                HOOK_OUTPUT_EVENTS, "hookEventName", m.UnknownHookSpecificOutput
            ),
            m.PermissionResult: self._tagged(PERMISSION_RESULT_BEHAVIORS, "behavior", None),
            m.ControlSuccess | m.ControlError: self._tagged(CONTROL_RESPONSE_SUBTYPES, "subtype", None),
            m.SyncHookOutput | m.AsyncHookOutput: self._hook_output,
        }
        for alias, structure in unions.items():
            self.register_structure_hook_func(_equals(alias), structure)
            self.register_unstructure_hook_func(_equals(alias), self._unstructure_wire)
        #: The union aliases the converter dispatches (with :data:`~trio_claude.model.Frame`).
        self.unions: frozenset[Any] = frozenset(unions)

    def wire_structure_hook(self, tp: Any) -> Structure:
        """The structure hook of a wire class or union alias; :class:`TypeError` for any other type."""
        if not (_is_wire_class(tp) or tp in self.unions):
            raise TypeError(f"{tp!r} is not a wire class")
        return self.get_structure_hook(tp)

    # -- JSON-shaped field types --------------------------------------------------------------------

    def _register_values(self) -> None:
        hook: v.HookLookup = self.get_structure_hook
        unhook: v.HookLookup = self.get_unstructure_hook
        for tp, check in v.SCALAR_HOOKS.items():
            self.register_structure_hook(tp, check)
            self.register_unstructure_hook(tp, identity)
        self.register_structure_hook_func(v.is_any, v.passthrough)
        self.register_unstructure_hook_func(v.is_any, identity)
        self.register_unstructure_hook_func(v.is_literal, identity)
        for predicate, structure, unstructure in (
            (v.is_literal, v.literal_hook, None),
            (v.is_array, v.array_hook, v.array_unhook),
            (v.is_object, v.object_hook, v.object_unhook),
            (v.is_union, v.union_hook, v.union_unhook),
            (v.is_optional, v.optional_hook, v.optional_unhook),
        ):
            self.register_structure_hook_factory(predicate, _bound(structure, hook))
            if unstructure is not None:
                self.register_unstructure_hook_factory(predicate, _bound(unstructure, unhook))

    # -- classes ------------------------------------------------------------------------------------

    def _class_hook(self, cls: type) -> Structure:
        return self._class_fns(cls).hook

    def _class_fns(self, cls: type) -> _ClassFns:
        """The structure functions of ``cls``, built on first use (once, whichever thread asks)."""
        fns = self._classes.get(cls)
        if fns is not None:
            return fns
        with self._lock:
            fns = self._classes.get(cls)
            if fns is None:
                if cls in self._building:  # a class that contains itself: bind late
                    return _late(self._classes, cls)
                self._building.add(cls)
                try:
                    fns = self._classes[cls] = self._make_structure(cls)
                finally:
                    self._building.discard(cls)
            return fns

    def _make_structure(self, cls: type) -> _ClassFns:
        attrs.resolve_types(cls)
        fields = [f for f in attrs.fields(cls) if f.name != "extra"]
        keys = {f.name: wire_name(cls, f.name) for f in fields}
        # cattrs requires the fields that have no default; the wire requires every field that is always on
        # it, so those lose their default here.
        generated = _make_structure_fn(
            [f.evolve(default=attrs.NOTHING) if _on_wire(f) else f for f in fields],
            cls,
            self,
            _cattrs_forbid_extra_keys=False,
            _cattrs_use_linecache=False,
            _cattrs_prefer_attrib_converters=False,
            _cattrs_detailed_validation=False,
            _cattrs_use_alias=False,
            **{f.name: _override(rename=keys[f.name]) for f in fields},
        )
        tags = _TAGS.get(cls, {})
        known = frozenset(keys.values()) | tags.keys()
        optional = frozenset(keys[f.name] for f in fields if not _on_wire(f))
        is_known = known.issuperset

        def finish(obj: Any, d: JSONObject) -> Any:
            if is_known(d):
                nulls = [k for k, x in d.items() if x is None and k in optional]
                if not nulls:
                    return obj
                extra = dict.fromkeys(nulls)
            else:
                extra = {k: x for k, x in d.items() if k not in known or (x is None and k in optional)}
            _set_extra(obj, "extra", extra)
            return obj

        fits = _tags_check(tags)

        def hook(d: Any, _: Any = None) -> Any:
            if fits(d):
                try:
                    obj = generated(d)
                except (KeyError, v.Misfit):
                    pass
                else:
                    return obj if None not in d.values() and is_known(d) else finish(obj, d)
            raise Malformed(self.diagnose(cls, d))

        table = tuple((f.name, keys[f.name], f.type, _on_wire(f)) for f in fields)
        hot = self._hot.get(cls)
        if hot is not None:
            return _ClassFns(hot(hook, self._structure_fn), is_known, finish, hook, table, complete=True)
        return _ClassFns(generated, is_known, finish, hook, table)

    def _structure_fn(self, tp: Any) -> Structure:
        """The one-argument structure function of a class (hand-tuned if it has one) or union alias."""
        return self._class_fns(tp).structure if tp in self._hot else self.get_structure_hook(tp)

    def diagnose(self, cls: type, d: Any) -> str:
        """Why ``d`` does not fit ``cls``: the first misfit in field order (the failure path only)."""
        name = cls.__name__
        if not isinstance(d, dict):
            return f"{name}: expected an object, got {type(d).__name__}"
        d = cast(JSONObject, d)
        for key, tag in _TAGS.get(cls, {}).items():
            if d.get(key) != tag:
                return f"{name}: {key} is not {tag!r}"
        for field, key, tp, on_wire in self._class_fns(cls).fields:
            if key not in d:
                if on_wire:
                    return f"{name}.{field}: missing key {key}"
                continue
            try:
                self.get_structure_hook(tp)(d[key], tp)
            except v.Misfit as exc:
                return f"{name}.{field}{exc.path}: {exc.reason}"
            except Malformed as exc:
                return str(exc)
        return f"{name}: does not fit"  # pragma: no cover - only called after a misfit

    def _make_unstructure(self, cls: type) -> Unstructure:
        with self._lock:
            if ("unstructure", cls) in self._building:  # a class that contains itself: dispatch late
                return self._unstructure_wire
            self._building.add(("unstructure", cls))
            try:
                attrs.resolve_types(cls)
                fields = [f for f in attrs.fields(cls) if f.name != "extra"]
                generated = _make_unstructure_fn(
                    fields,
                    cls,
                    self,
                    _cattrs_use_linecache=False,
                    _cattrs_use_alias=False,
                    **{
                        f.name: _override(rename=wire_name(cls, f.name), omit_if_default=not _on_wire(f))
                        for f in fields
                    },
                )
            finally:
                self._building.discard(("unstructure", cls))
        tags = dict(_TAGS.get(cls, {}))

        def unstructure(obj: Any) -> JSONObject:
            extra = obj.extra
            if extra:
                return {**tags, **extra, **generated(obj)}
            return {**tags, **generated(obj)} if tags else generated(obj)

        return unstructure

    def _unstructure_wire(self, obj: Any) -> Any:
        """The JSON value of any wire object (a frame, a union member, an ``Unknown*``)."""
        fn = self._unstructure_fns.get(obj.__class__)
        if fn is None:
            cls: type = obj.__class__
            if not (_is_wire_class(cls) or _is_unknown_class(cls)):
                raise TypeError(f"{cls!r} is not a wire class")
            fn = self._unstructure_fns[cls] = self.get_unstructure_hook(cls)
        return fn(obj)

    # -- unions -------------------------------------------------------------------------------------

    def _tagged(self, table: Mapping[str, Any], key: str, unknown: type[m.BaseUnknown] | None) -> Structure:
        """A structure function that dispatches on ``value[key]``; with an ``Unknown*`` class, anything
        that cannot be typed becomes ``unknown(raw=value, error=why)`` instead of raising."""
        lookup: dict[str, _ClassFns] = {}

        def structure(value: Any, _: Any = None) -> Any:
            # The hot path: one lookup for the tag, one for its functions, cattrs' generated function, and
            # the check that no key is left over.
            if value.__class__ is dict:
                tag = value.get(key)
                fns = lookup.get(tag) if tag.__class__ is str else None
                if fns is not None:
                    try:
                        obj = fns.structure(value)
                    except (KeyError, v.Misfit):
                        return misfit(value, self.diagnose(table[cast(str, tag)], value))
                    except Malformed as exc:
                        return misfit(value, str(exc))
                    if fns.complete or (None not in value.values() and fns.is_known(value)):
                        return obj
                    return fns.finish(obj, value)
            return first_or_odd(value)

        def misfit(value: Any, error: str) -> Any:
            if unknown is None:
                raise Malformed(error)
            return unknown(raw=value, error=error)

        def first_or_odd(value: Any) -> Any:
            """A tag seen for the first time (bind its functions), an unknown tag, or not an object."""
            if not isinstance(value, dict):
                return misfit(value, f"expected an object, got {type(value).__name__}")
            tag = cast(JSONObject, value).get(key)
            if not isinstance(tag, str) or tag not in table:
                if unknown is None:
                    raise Malformed(f"unknown {key} {tag if isinstance(tag, str) else None!r}")
                return unknown(raw=value)
            target = table[tag]
            lookup[tag] = self._class_fns(target) if isinstance(target, type) else _nested(target)
            return structure(value)

        return structure

    def _hook_output(self, value: Any, _: Any = None) -> Any:
        cls = m.AsyncHookOutput if json_get(value, "async") is True else m.SyncHookOutput
        return self._class_fns(cls).hook(value, cls)


def _bound(factory: Callable[[Any, v.HookLookup], Any], lookup: v.HookLookup) -> Callable[[Any], Any]:
    """A cattrs hook factory from one of :mod:`._values`, which look up the hooks of inner types."""

    def make(tp: Any) -> Any:
        return factory(tp, lookup)

    return make


def _tags_check(tags: Mapping[str, str]) -> Callable[[Any], bool]:
    """Whether a value is an object with the class's tags (when not dispatched by them)."""
    items = tuple(tags.items())

    def fits(d: Any) -> bool:
        return d.__class__ is dict and all(d.get(key) == tag for key, tag in items)

    return fits


def _nested(structure: Structure) -> _ClassFns:
    """A nested dispatcher (``system`` frames) as a union member: its objects are complete."""
    return _ClassFns(structure, frozenset[str]().issuperset, _keep, structure, (), complete=True)


def _keep(obj: Any, d: JSONObject) -> Any:
    return obj


def _late(classes: Mapping[type, _ClassFns], cls: type) -> _ClassFns:
    """The functions of a class still being built (a field of its own type), looked up when called."""

    def structure(d: Any, t: Any = None) -> Any:
        return classes[cls].structure(d)

    def is_known(d: JSONObject) -> bool:
        return classes[cls].is_known(d)

    def finish(obj: Any, d: JSONObject) -> Any:
        return classes[cls].finish(obj, d)

    def hook(d: Any, t: Any = None) -> Any:
        return classes[cls].hook(d, t)

    return _ClassFns(structure, is_known, finish, hook, ())


def _equals(alias: Any) -> Callable[[Any], bool]:
    return lambda t: bool(t == alias)


def _response_types() -> dict[type, Any]:
    """Request body class → the type of its success payload (from ``ControlRequestBody[...]``)."""
    out: dict[type, Any] = {}
    for cls in CONTROL_SUBTYPES.values():
        for base in getattr(cls, "__orig_bases__", ()):
            if typing.get_origin(base) is m.ControlRequestBody:
                out[cls] = get_args(base)[0]
    return out


def make_converter() -> WireConverter:
    """A new wire converter (the package uses one, :data:`converter`; its functions are built on first
    use)."""
    return WireConverter()


converter: WireConverter = make_converter()
"""The wire converter."""
