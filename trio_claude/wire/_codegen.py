"""Generated structure/unstructure functions for the wire classes.

For each attrs class a pair of small Python functions is generated once (with :func:`compile`), with
the wire spelling, the field checks and the unknown-key capture unrolled.  This keeps decoding a
``stream_event`` line within a small factor of :func:`orjson.loads` itself.

The functions take and return plain JSON values.  A value that does not fit its class raises
:class:`Malformed`; the union dispatchers in :mod:`trio_claude.wire._converter` turn that into an
``Unknown*`` object carrying the raw data, so a decode never fails.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from ..model._base import EMPTY, WireObject, json_get

StructureFn = Callable[[Any], Any]
UnstructureFn = Callable[[Any], Any]


_MISSING: Any = object()


class Malformed(Exception):
    """A JSON value does not fit the class it was decoded as (internal; never escapes :mod:`wire`)."""


def _is_optional(tp: Any) -> tuple[bool, Any]:
    """Split ``X | None`` into ``(True, X)``."""
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) != len(get_args(tp)):
            inner = args[0] if len(args) == 1 else Union[tuple(args)]  # noqa: UP007
            return True, inner
    return False, tp


class CodeGen:
    """Builds the structure and unstructure functions of a set of wire classes.

    ``wire_name(cls, field_name)`` gives the JSON key of a field; ``tags(cls)`` gives the constant
    keys (``type``/``subtype``) the class writes; ``unions`` maps a union alias to its structure hook.
    Hooks are looked up by name at call time from ``self.structure_fns``/``self.unstructure_fns``, so
    recursive classes (a tool result holding content blocks) need no special care.
    """

    def __init__(
        self,
        *,
        wire_name: Callable[[type, str], str],
        tags: Callable[[type], Mapping[str, str]],
        union_structure: Mapping[Any, StructureFn],
        union_unstructure: Mapping[Any, UnstructureFn],
    ) -> None:
        self._wire_name = wire_name
        self._tags = tags
        self.structure_fns: dict[Any, StructureFn] = dict(union_structure)
        #: Structure functions that also check the class's tags (for direct use, not via a union).
        self.checked_structure_fns: dict[Any, StructureFn] = {}
        self.unstructure_fns: dict[Any, UnstructureFn] = dict(union_unstructure)

    # -- value-level code -------------------------------------------------------------------------

    def _value_code(
        self, tp: Any, var: str, where: str, ns: dict[str, Any], lines: list[str], indent: str
    ) -> None:
        """Emit lines that check/convert the JSON value in ``var`` to ``tp`` (in place)."""
        optional, inner = _is_optional(tp)
        if optional:
            sub: list[str] = []
            self._value_code(inner, var, where, ns, sub, indent + "    ")
            if sub:
                lines.append(f"{indent}if {var} is not None:")
                lines.extend(sub)
            return
        tp = inner
        origin = get_origin(tp)
        if tp is Any:
            return
        if tp is str or tp is bool or tp is int:
            ns[f"_t_{tp.__name__}"] = tp
            lines.append(f"{indent}if type({var}) is not _t_{tp.__name__}:")
            got = f"' + type({var}).__name__"
            lines.append(f"{indent}    raise _Malformed({where!r} + ': expected {tp.__name__}, got {got})")
            return
        if tp is float:
            lines.append(f"{indent}if type({var}) is not float and type({var}) is not int:")
            got = f"' + type({var}).__name__"
            lines.append(f"{indent}    raise _Malformed({where!r} + ': expected a number, got {got})")
            return
        if origin is Literal:
            kinds: set[type] = {type(a) for a in get_args(tp)}
            if len(kinds) == 1:
                self._value_code(kinds.pop(), var, where, ns, lines, indent)
            return
        if tp in self.structure_fns or (isinstance(tp, type) and attrs.has(tp)):
            key = f"_s_{len(ns)}"
            # A tagged class met as a field's own type (not through its union) checks its tags here:
            # no dispatcher did, and the fast path of its structure function counts them as present.
            checked = isinstance(tp, type) and bool(self._tags(tp))
            ns[key] = _Lazy(self.checked_structure_fns if checked else self.structure_fns, tp)
            lines.append(f"{indent}{var} = {key}({var})")
            return
        if origin in (Mapping, dict, typing.Mapping):
            _, val_t = get_args(tp)
            lines.append(f"{indent}if type({var}) is not dict:")
            lines.append(f"{indent}    raise _Malformed({where!r} + ': expected an object')")
            if val_t is not Any:
                sub = []
                self._value_code(val_t, "_v", where + "[]", ns, sub, indent + "    ")
                if sub:
                    lines.append(f"{indent}_m = {{}}")
                    lines.append(f"{indent}for _k, _v in {var}.items():")
                    lines.extend(sub)
                    lines.append(f"{indent}    _m[_k] = _v")
                    lines.append(f"{indent}{var} = _m")
            return
        if origin is tuple:
            args = get_args(tp)
            if len(args) != 2 or args[1] is not Ellipsis:
                raise TypeError(f"unsupported tuple type {tp!r}")
            lines.append(f"{indent}if type({var}) is not list:")
            lines.append(f"{indent}    raise _Malformed({where!r} + ': expected an array')")
            sub = []
            self._value_code(args[0], "_v", where + "[]", ns, sub, indent + "    ")
            if sub:
                lines.append(f"{indent}_l = []")
                lines.append(f"{indent}for _v in {var}:")
                lines.extend(sub)
                lines.append(f"{indent}    _l.append(_v)")
                lines.append(f"{indent}{var} = tuple(_l)")
            else:
                lines.append(f"{indent}{var} = tuple({var})")
            return
        if origin is Union or origin is types.UnionType:
            # A union of a scalar and a structured alternative, e.g. ``str | tuple[ContentBlock, ...]``:
            # choose by the JSON type.
            alts = get_args(tp)
            first = True
            for alt in alts:
                alt_origin = get_origin(alt)
                if alt is str:
                    test = f"type({var}) is str"
                elif alt_origin is tuple:
                    test = f"type({var}) is list"
                elif alt_origin in (Mapping, dict) or (isinstance(alt, type) and attrs.has(alt)):
                    test = f"type({var}) is dict"
                elif alt is Any:
                    test = "True"
                else:
                    raise TypeError(f"unsupported union member {alt!r} in {tp!r}")
                lines.append(f"{indent}{'if' if first else 'elif'} {test}:")
                sub = []
                self._value_code(alt, var, where, ns, sub, indent + "    ")
                lines.extend(sub or [f"{indent}    pass"])
                first = False
            lines.append(f"{indent}else:")
            lines.append(f"{indent}    raise _Malformed({where!r} + ': unexpected ' + type({var}).__name__)")
            return
        raise TypeError(f"unsupported field type {tp!r}")

    def _unvalue_code(self, tp: Any, expr: str, ns: dict[str, Any]) -> str | None:
        """An expression turning the Python value ``expr`` of type ``tp`` into JSON, or ``None`` if it is
        JSON already."""
        optional, inner = _is_optional(tp)
        origin = get_origin(inner)
        if inner in self.unstructure_fns or (isinstance(inner, type) and attrs.has(inner)):
            key = f"_u_{len(ns)}"
            ns[key] = _Lazy(self.unstructure_fns, inner)
            conv = f"{key}({expr})"
        elif origin is tuple:
            elem = self._unvalue_code(get_args(inner)[0], "_x", ns)
            conv = f"list({expr})" if elem is None else f"[{elem} for _x in {expr}]"
        elif origin in (Mapping, dict, typing.Mapping):
            elem = self._unvalue_code(get_args(inner)[1], "_x", ns)
            if elem is None:
                return None
            conv = f"{{_k: {elem} for _k, _x in {expr}.items()}}"
        elif origin is Union or origin is types.UnionType:
            parts = [(alt, self._unvalue_code(alt, expr, ns)) for alt in get_args(inner)]
            structured = [(alt, c) for alt, c in parts if c is not None]
            if not structured:
                return None
            if any(get_origin(alt) is not tuple for alt, _ in structured):
                raise TypeError(f"unsupported union {tp!r}")
            conv = f"({structured[0][1]} if type({expr}) is tuple else {expr})"  # str | tuple[...]
        else:
            return None
        if optional:
            return f"(None if {expr} is None else {conv})"
        return conv

    # -- class-level code -------------------------------------------------------------------------

    def add_class(self, cls: type) -> None:
        """Generate and register the structure and unstructure functions of ``cls``."""
        attrs.resolve_types(cls)
        fields = [f for f in attrs.fields(cls) if f.name != "extra"]
        has_extra = issubclass(cls, WireObject)
        tags = dict(self._tags(cls))
        ns: dict[str, Any] = {"_Malformed": Malformed, "_cls": cls, "_EMPTY": EMPTY, "_MISSING": _MISSING}
        name = cls.__name__

        # structure
        known = set(tags)
        lines = [f"def structure_{name}(d):"]
        lines.append("    if type(d) is not dict:")
        lines.append(f"        raise _Malformed({name!r} + ': expected an object, got ' + type(d).__name__)")
        count_terms: list[str] = [str(len(tags))]
        args: list[str] = []
        optional_keys: list[str] = []
        for i, f in enumerate(fields):
            wire = self._wire_name(cls, f.name)
            known.add(wire)
            var = f"f{i}"
            where = f"{name}.{f.name}"
            # A field with no default, or a default other than None, is always on the wire.
            required = f.default is not None or f.metadata.get("always_sent", False)
            if required:
                lines.append("    try:")
                lines.append(f"        {var} = d[{wire!r}]")
                lines.append("    except KeyError:")
                lines.append(f"        raise _Malformed({where!r} + ': missing key {wire}') from None")
                count_terms.append("1")
                sub: list[str] = []
                self._value_code(f.type, var, where, ns, sub, "    ")
                lines.extend(sub)
            else:
                optional_keys.append(wire)
                lines.append(f"    {var} = d.get({wire!r}, _MISSING)")
                lines.append(f"    if {var} is _MISSING:")
                lines.append(f"        {var} = None")
                lines.append(f"    elif {var} is None:")
                # An explicit null of a field that is normally left out: remember it in ``extra`` so
                # that unstructuring writes it back.
                lines.append("        _n += 1")
                lines.append(f"        _z = {{{wire!r}: None}} if _z is None else {{**_z, {wire!r}: None}}")
                lines.append("    else:")
                lines.append("        _n += 1")
                sub = []
                _, inner = _is_optional(f.type)
                self._value_code(inner, var, where, ns, sub, "        ")
                lines.extend(sub)
            args.append(f"{f.name}={var}")
        lines.insert(3, "    _n = " + " + ".join(count_terms))
        lines.insert(4, "    _z = None")
        ns["_known"] = frozenset(known)
        ns["_optional"] = frozenset(optional_keys)
        if has_extra:
            # Fast path: every key was consumed by a field.  Otherwise keep the unknown keys, and the
            # explicit nulls of optional fields, so that unstructuring reproduces the input.
            lines.append("    if len(d) == _n:")
            lines.append("        _extra = _EMPTY if _z is None else _z")
            lines.append("    else:")
            lines.append("        _extra = {_k: _x for _k, _x in d.items()")
            lines.append("                  if _k not in _known or (_x is None and _k in _optional)}")
            args.append("extra=_extra")
        # Build the instance through its slots: attrs' frozen __init__ costs twice as much, and there
        # are no validators or converters to run.
        ns["_new"] = object.__new__
        lines.append("    o = _new(_cls)")
        for arg in args:
            attr, var = arg.split("=")
            ns[f"_set_{attr}"] = getattr(cls, attr).__set__
            lines.append(f"    _set_{attr}(o, {var})")
        lines.append("    return o")
        self.structure_fns[cls] = _compile(lines, ns, f"structure_{name}")
        if tags:
            # The tag was already checked by the union dispatcher; direct structuring checks it here.
            self.checked_structure_fns[cls] = _check_tags(self.structure_fns[cls], tags, name)

        # unstructure
        uns: dict[str, Any] = {}
        ulines = [f"def unstructure_{name}(o):"]
        ulines.append("    d = " + repr(tags))
        if has_extra:
            ulines.append("    if o.extra:")
            ulines.append("        d.update(o.extra)")
        for f in fields:
            wire = self._wire_name(cls, f.name)
            conv = self._unvalue_code(f.type, "v", uns) or "v"
            ulines.append(f"    v = o.{f.name}")
            if f.default is not None or f.metadata.get("always_sent", False):
                ulines.append(f"    d[{wire!r}] = {conv}")
            else:
                ulines.append("    if v is not None:")
                ulines.append(f"        d[{wire!r}] = {conv}")
        ulines.append("    return d")
        self.unstructure_fns[cls] = _compile(ulines, uns, f"unstructure_{name}")


def _check_tags(fn: StructureFn, tags: Mapping[str, str], name: str) -> StructureFn:
    items = tuple(tags.items())

    def structure(d: Any) -> Any:
        for key, value in items:
            if json_get(d, key) != value:
                raise Malformed(f"{name}: {key} is not {value!r}")
        return fn(d)

    return structure


class _Lazy:
    """A reference to a hook that may be generated after the function that calls it."""

    __slots__ = ("_fns", "_key")

    def __init__(self, fns: dict[Any, Callable[[Any], Any]], key: Any) -> None:
        self._fns = fns
        self._key = key

    def resolve(self) -> Callable[[Any], Any]:
        return self._fns[self._key]

    def __call__(self, value: Any) -> Any:  # pragma: no cover - replaced by resolve() in _compile
        return self._fns[self._key](value)


def _compile(lines: list[str], ns: dict[str, Any], fn_name: str) -> Callable[[Any], Any]:
    """Compile the generated source; lazy hook references are resolved on first call."""
    source = "\n".join(lines)
    lazy = {k: v for k, v in ns.items() if isinstance(v, _Lazy)}
    glb: dict[str, Any] = {k: v for k, v in ns.items() if not isinstance(v, _Lazy)}
    glb.update(lazy)
    code = compile(source, f"<trio_claude.wire {fn_name}>", "exec")
    exec(code, glb)
    fn: Callable[[Any], Any] = glb[fn_name]
    fn.__trio_claude_source__ = source  # type: ignore[attr-defined]
    fn.__trio_claude_lazy__ = (glb, lazy)  # type: ignore[attr-defined]
    return fn


def finalize(fns: Mapping[Any, Callable[[Any], Any]]) -> None:
    """Replace every lazy hook reference by the hook itself (call once all classes are added)."""
    for fn in fns.values():
        state = getattr(fn, "__trio_claude_lazy__", None)
        if state is None:
            continue
        glb, lazy = state
        for k, ref in lazy.items():
            glb[k] = ref.resolve()
