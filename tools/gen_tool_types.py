"""Generate the typed tool inputs and outputs from the CLI's ``sdk-tools.d.ts``.

    .venv/bin/python tools/gen_tool_types.py [SDK_TOOLS_D_TS [CLI_VERSION]]

By default it reads the pinned release's copy, ``tests/data/sdk/sdk-tools.d.ts``, and names the primary
pinned CLI (``.ci/cli-versions``); ``tools/follow_release.py`` runs it on a candidate release's file.

``sdk-tools.d.ts`` ships with the CLI (``@anthropic-ai/claude-code``) and the TypeScript SDK; it is written
by json-schema-to-typescript, so it uses a small, regular subset of TypeScript: ``export interface`` and
``export type`` declarations, object literals, unions, arrays, tuples, string/boolean literals and JSDoc
comments.  This script parses that subset and writes:

* ``trio_claude/model/tools/_inputs.py`` and ``_outputs.py``: one frozen attrs class per object shape
  (nested shapes are named after their parent and field), snake_case fields, the JSDoc as docstrings;
* ``trio_claude/wire/_tool_spelling.py``: the wire key of every field whose Python name differs.

How shapes become Python types:

* ``string`` → ``str``, ``number`` → ``float`` (an integer stays an integer), ``boolean`` → ``bool``,
  ``unknown`` → ``JSONValue``, an object with only an index signature → ``JSONObject``;
* ``x?: T`` → ``T | None = None`` (left out when ``None``); ``x: T | null`` → ``T | None`` (always sent);
* literal unions → ``Literal[...]``; a union of objects → a union of their classes, told apart by a
  ``Literal`` field (the converter finds it) or else by shape;
* arrays → ``Sequence[X]`` (a :class:`~trio_claude.model.FrozenList` once decoded); tuples whose items all
  have one shape (json-schema's ``minItems``/``maxItems``) too;
* anything else the wire's hooks cannot tell apart (``A[] | B[]``...) → ``JSONValue``, kept as it came.

The output is committed; run this again when the pinned release's ``sdk-tools.d.ts`` changes (the tests
compare the committed classes with ``tests/data/sdk/sdk-tools.d.ts``).
"""

from __future__ import annotations

import json
import keyword
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

ROOT = Path(__file__).resolve().parent.parent

# -- the IR -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Prim:
    name: str  # string number boolean unknown null


@dataclass(frozen=True)
class Lit:
    value: str | bool | float


@dataclass(frozen=True)
class Ref:
    name: str


@dataclass(frozen=True)
class Arr:
    item: Type


@dataclass(frozen=True)
class Tup:
    items: tuple[Type, ...]
    rest: Type | None


@dataclass(frozen=True)
class Uni:
    alts: tuple[Type, ...]


@dataclass(frozen=True)
class Member:
    key: str
    optional: bool
    type: Type
    doc: str


@dataclass(frozen=True)
class Obj:
    members: tuple[Member, ...]
    index: Type | None


Type = Union[Prim, Lit, Ref, Arr, Tup, Uni, Obj]  # noqa: UP007

# -- the parser -------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"""\s*(?:(?P<doc>/\*\*.*?\*/)|(?P<comment>/\*.*?\*/)|(?P<str>"(?:[^"\\]|\\.)*")|(?P<num>-?\d+(?:\.\d+)?)"""
    r"""|(?P<word>[A-Za-z_$][\w$]*)|(?P<punct>\.\.\.|[{}\[\]();:?|&,=<>]))""",
    re.S,
)


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    while True:
        m = _TOKEN.match(text, pos)
        if m is None:
            if text[pos:].strip():
                raise SyntaxError(f"cannot read {text[pos : pos + 40]!r}")
            return out
        pos = m.end()
        kind = m.lastgroup
        assert kind is not None
        if kind != "comment":
            out.append((kind, m.group(kind)))


def _clean_doc(doc: str) -> str:
    lines = [line.strip().lstrip("*").strip() for line in doc[3:-2].splitlines()]
    return "\n".join(line for line in lines if line).strip()


class Parser:
    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.i = 0
        self.doc = ""

    def peek(self) -> str:
        self._docs()
        return self.toks[self.i][1] if self.i < len(self.toks) else ""

    def _docs(self) -> None:
        while self.i < len(self.toks) and self.toks[self.i][0] == "doc":
            self.doc = _clean_doc(self.toks[self.i][1])
            self.i += 1

    def take(self, expected: str | None = None) -> tuple[str, str]:
        self._docs()
        kind, value = self.toks[self.i]
        if expected is not None and value != expected:
            raise SyntaxError(f"expected {expected!r}, got {value!r} at token {self.i}")
        self.i += 1
        return kind, value

    def declarations(self) -> dict[str, tuple[Type, str]]:
        out: dict[str, tuple[Type, str]] = {}
        while self.peek():
            self.doc = ""
            self.take("export")
            doc = self.doc
            kind = self.take()[1]
            name = self.take()[1]
            if kind == "interface":
                out[name] = (self.object(), doc)
            elif kind == "type":
                self.take("=")
                out[name] = (self.union(), doc)
                self.take(";")
            else:
                raise SyntaxError(f"unexpected {kind!r}")
        return out

    def union(self) -> Type:
        if self.peek() == "|":
            self.take()
        alts = [self.postfix()]
        while self.peek() == "|":
            self.take()
            alts.append(self.postfix())
        return alts[0] if len(alts) == 1 else Uni(tuple(alts))

    def postfix(self) -> Type:
        t = self.primary()
        while self.peek() == "[" and self.toks[self.i + 1][1] == "]":
            self.take("[")
            self.take("]")
            t = Arr(t)
        return t

    def primary(self) -> Type:
        kind, value = self.take()
        if value == "{":
            self.i -= 1
            return self.object()
        if value == "(":
            t = self.union()
            self.take(")")
            return t
        if value == "[":
            items: list[Type] = []
            rest: Type | None = None
            while self.peek() != "]":
                if self.peek() == "...":
                    self.take()
                    rest_t = self.postfix()
                    assert isinstance(rest_t, Arr)
                    rest = rest_t.item
                else:
                    items.append(self.union())
                if self.peek() == ",":
                    self.take()
            self.take("]")
            return Tup(tuple(items), rest)
        if kind == "str":
            return Lit(value[1:-1])
        if kind == "num":
            return Lit(float(value))
        if value in ("true", "false"):
            return Lit(value == "true")
        if value in ("string", "number", "boolean", "unknown", "null"):
            return Prim(value)
        if kind == "word":
            return Ref(value)
        raise SyntaxError(f"unexpected {value!r}")

    def object(self) -> Obj:
        self.take("{")
        members: list[Member] = []
        index: Type | None = None
        while self.peek() != "}":
            self.doc = ""
            if self.peek() == "[":
                self.take("[")
                self.take()
                self.take(":")
                self.take("string")
                self.take("]")
                self.take(":")
                index = self.union()
            else:
                doc = self.doc
                kind, key = self.take()
                if kind == "str":
                    key = key[1:-1]
                optional = self.peek() == "?"
                if optional:
                    self.take("?")
                self.take(":")
                members.append(Member(key, optional, self.union(), doc))
            self.take(";")
        self.take("}")
        return Obj(tuple(members), index)


# -- naming -----------------------------------------------------------------------------------------

#: Keys whose snake_case would not say what they mean: Grep's ripgrep flags.
SPECIAL_NAMES = {
    "-A": "after_context",
    "-B": "before_context",
    "-C": "context_alias",
    "-n": "line_numbers",
    "-i": "case_insensitive",
    "-o": "only_matching",
}


def snake(key: str) -> str:
    if key in SPECIAL_NAMES:
        return SPECIAL_NAMES[key]
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key)
    name = re.sub(r"(?<=[A-Z])([A-Z][a-z])", r"_\1", name).lower()
    name = re.sub(r"\W", "_", name)
    if keyword.iskeyword(name) or name in ("extra", "raw", "error"):
        name += "_"
    if not name.isidentifier():
        raise ValueError(f"no Python name for key {key!r}")
    return name


def pascal(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


def singular(word: str) -> str:
    for plural, one in (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("xes", "x")):
        if word.endswith(plural):
            return word[: -len(plural)] + one
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word + "Item"


#: Declaration stem (``FileEdit`` of ``FileEditInput``) → the tool's name, where they differ.  The file does
#: not say which tool a shape belongs to: these come from the CLI's tool list (``BUILTIN_TOOL_NAMES``).
TOOL_NAMES = {
    "FileEdit": "Edit",
    "FileRead": "Read",
    "FileWrite": "Write",
    "ListMcpResources": "ListMcpResourcesTool",
    "ReadMcpResourceDir": "ReadMcpResourceDirTool",
    "ReadMcpResource": "ReadMcpResourceTool",
    "ProposeSkills": "propose_skills",
    "ProposeGoal": "SetGoal",
    "Mcp": "mcp__<server>__<tool>",
}


def tool_name(decl: str) -> str:
    stem = decl.removesuffix("Input").removesuffix("Output")
    return TOOL_NAMES.get(stem, stem)


# -- shapes -> Python -------------------------------------------------------------------------------


@dataclass
class PyField:
    name: str
    key: str
    annotation: str
    required: bool  # no default
    default: str | None  # a literal default (discriminator)
    doc: str


@dataclass
class PyClass:
    name: str
    doc: str
    fields: list[PyField] = field(default_factory=list)
    open: bool = False  # has an index signature


@dataclass
class Module:
    classes: list[PyClass] = field(default_factory=list)
    aliases: list[tuple[str, str, str]] = field(default_factory=list)  # name, annotation, doc
    names: set[str] = field(default_factory=set)
    fallbacks: list[str] = field(default_factory=list)
    tops: list[str] = field(default_factory=list)  # the declarations, in order


def _strip_null(t: Type) -> tuple[Type, bool]:
    if isinstance(t, Uni):
        alts = [a for a in t.alts if a != Prim("null")]
        if len(alts) < len(t.alts):
            return (alts[0] if len(alts) == 1 else Uni(tuple(alts))), True
    if t == Prim("null"):
        return Prim("unknown"), True
    return t, False


def _flatten(t: Type) -> Type:
    """Nested unions flattened, duplicate alternatives dropped, tuples of one shape made arrays."""
    if isinstance(t, Uni):
        alts: list[Type] = []
        for a in t.alts:
            a = _flatten(a)
            for b in a.alts if isinstance(a, Uni) else (a,):
                if b not in alts:
                    alts.append(b)
        # A union of arrays/tuples of one item shape is that array.
        items = {x.item if isinstance(x, Arr) else _tuple_item(x) for x in alts if isinstance(x, (Arr, Tup))}
        if len(items) == 1 and None not in items and all(isinstance(x, (Arr, Tup)) for x in alts):
            (item,) = items
            assert item is not None
            return Arr(item)
        return alts[0] if len(alts) == 1 else Uni(tuple(alts))
    if isinstance(t, Tup):
        item = _tuple_item(t)
        if item is not None:
            return Arr(item)
        return t
    if isinstance(t, Arr):
        return Arr(_flatten(t.item))
    return t


def _tuple_item(t: Tup) -> Type | None:
    shapes = {_flatten(x) for x in (*t.items, *((t.rest,) if t.rest is not None else ()))}
    return shapes.pop() if len(shapes) == 1 else None


class Emitter:
    def __init__(self, decls: dict[str, tuple[Type, str]]) -> None:
        self.decls = decls
        self.context = ""  # where the shape being named sits, for its docstring

    def module(self, names: list[str]) -> Module:
        mod = Module()
        for name in names:
            mod.tops.append(name)
            t, doc = self.decls[name]
            t = _flatten(t)
            kind = "input" if name.endswith("Input") else "output"
            doc = doc or f"The {kind} of the ``{tool_name(name)}`` tool."
            if isinstance(t, Obj):
                self.obj_class(mod, name, t, doc)
            else:
                self.context = f":data:`{name}`"
                annotation = self.annotation(mod, name, t, "")
                mod.aliases.append((name, annotation, doc))
        return mod

    def obj_class(self, mod: Module, name: str, obj: Obj, doc: str, tag: Member | None = None) -> str:
        if name in mod.names:
            raise ValueError(f"two shapes named {name}")
        mod.names.add(name)
        cls = PyClass(name, doc, open=obj.index is not None)
        mod.classes.append(cls)
        seen: set[str] = set()
        for member in obj.members:
            pyname = snake(member.key)
            if pyname in seen:
                raise ValueError(f"{name}: two keys named {pyname}")
            seen.add(pyname)
            t, nullable = _strip_null(_flatten(member.type))
            self.context = f"``{member.key}`` of :class:`{name}`"
            annotation = self.annotation(mod, name + pascal(member.key), t, member.key)
            default = None
            if isinstance(t, Lit) and isinstance(t.value, str) and not member.optional and not nullable:
                default = repr(t.value)  # a discriminator: filled in for Python callers
            if (nullable or member.optional) and annotation != "JSONValue":
                annotation += " | None"
            cls.fields.append(
                PyField(pyname, member.key, annotation, not member.optional, default, member.doc)
            )
        return name

    def annotation(self, mod: Module, name: str, t: Type, key: str) -> str:
        t, nullable = _strip_null(t)
        out = self._annotation(mod, name, t, key)
        return out + " | None" if nullable and out != "JSONValue" else out

    def _annotation(self, mod: Module, name: str, t: Type, key: str) -> str:
        if isinstance(t, Prim):
            return {"string": "str", "number": "float", "boolean": "bool", "unknown": "JSONValue"}[t.name]
        if isinstance(t, Lit):
            return f"Literal[{t.value!r}]"
        if isinstance(t, Ref):
            return t.name
        if isinstance(t, Arr):
            item = singular(name) if not name.endswith("Item") else name + "s"
            context = self.context
            self.context = "an item of " + context
            try:
                return f"Sequence[{self.annotation(mod, item, t.item, key)}]"
            finally:
                self.context = context
        if isinstance(t, Obj):
            if not t.members:
                return "JSONObject"
            return self.obj_class(mod, name, t, _sentence(self.context))
        if isinstance(t, Tup):
            mod.fallbacks.append(f"{name}: tuple of several shapes")
            return "Sequence[JSONValue]"
        assert isinstance(t, Uni)
        if all(isinstance(a, Lit) for a in t.alts):
            return "Literal[" + ", ".join(repr(a.value) for a in t.alts if isinstance(a, Lit)) + "]"
        kinds: dict[str, list[Type]] = {}
        for a in t.alts:
            kinds.setdefault(_json_kind(a), []).append(a)
        objects = kinds.pop("object", [])
        context = self.context
        parts: list[str] = []
        for kind, alts in kinds.items():
            if kind == "array" and len(alts) > 1:
                mod.fallbacks.append(f"{name}: arrays of several shapes")
                return "JSONValue"
            if kind in ("string", "number", "boolean") and len(alts) > 1:
                if all(isinstance(a, Lit) for a in alts):
                    parts.append(
                        "Literal[" + ", ".join(repr(a.value) for a in alts if isinstance(a, Lit)) + "]"
                    )
                    continue
                parts.append({"string": "str", "number": "float", "boolean": "bool"}[kind])
                continue
            if kind == "unknown":
                return "JSONValue"
            parts.append(self._annotation(mod, name, alts[0], key))
        if objects:
            if parts and len(objects) > 1:
                mod.fallbacks.append(f"{name}: scalars and several object shapes")
                return "JSONValue"
            if len(objects) == 1:
                parts.append(self._annotation(mod, name, objects[0], key))
            else:
                parts.extend(self.members(mod, name, objects, context))
        return " | ".join(parts)

    def members(self, mod: Module, name: str, objects: list[Type], context: str) -> list[str]:
        """The classes of a union of objects, named by their discriminator when they have one."""
        objs = [o if isinstance(o, Obj) else None for o in objects]
        if any(o is None for o in objs):
            return [self._annotation(mod, name, o, "") for o in objects]
        tag = _discriminator([o for o in objs if o is not None])
        out: list[str] = []
        for n, o in enumerate(objs, 1):
            assert o is not None
            if tag is not None:
                value = next(m for m in o.members if m.key == tag).type
                label: object = value.value if isinstance(value, Lit) else value.alts[0].value  # type: ignore[union-attr]
                suffix = pascal(str(label))
            else:
                suffix = pascal(_own_key(o, [x for x in objs if x is not o and x is not None])) or str(n)
            if tag is not None:
                doc = f"A form of {context} (``{tag}: {label!r}``)."
            else:
                doc = f"A form of {context}."
            out.append(self.obj_class(mod, name + suffix, o, _sentence(doc)))
        return out


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _own_key(o: Obj, others: list[Obj]) -> str:
    """The first required key of ``o`` that no other shape has (names the shape), else ``""``."""
    theirs = {m.key for x in others for m in x.members}
    for m in o.members:
        if not m.optional and m.key not in theirs:
            return m.key
    return ""


def _json_kind(t: Type) -> str:
    if isinstance(t, Prim):
        return {"string": "string", "number": "number", "boolean": "boolean"}.get(t.name, "unknown")
    if isinstance(t, Lit):
        return {str: "string", bool: "boolean", float: "number"}[type(t.value)]
    if isinstance(t, (Arr, Tup)):
        return "array"
    if isinstance(t, (Obj, Ref)):
        return "object"
    return "unknown"


def _literal_values(t: Type) -> set[object] | None:
    if isinstance(t, Lit) and isinstance(t.value, str):
        return {t.value}
    if isinstance(t, Uni) and all(isinstance(a, Lit) and isinstance(a.value, str) for a in t.alts):
        return {a.value for a in t.alts if isinstance(a, Lit)}
    return None


def _discriminator(objs: list[Obj]) -> str | None:
    """A required key whose values are string literals, different in each object."""
    for m in objs[0].members:
        seen: set[object] = set()
        for o in objs:
            found = [x for x in o.members if x.key == m.key and not x.optional]
            values = _literal_values(_flatten(found[0].type)) if found else None
            if values is None or values & seen:
                break
            seen |= values
        else:
            return m.key
    return None


# -- writing ----------------------------------------------------------------------------------------

HEADER = '''"""{title}

Generated by ``tools/gen_tool_types.py`` from the CLI's ``sdk-tools.d.ts`` (CLI {version}): do not edit by
hand.  Every class is a frozen wire object; keys it has no field for stay in ``extra``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from .._base import JSONObject, JSONValue, WireObject

'''


def _docstring(text: str, indent: str) -> str:
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    if text.endswith('"'):
        text += " "
    width = 108 - len(indent)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(textwrap.wrap(paragraph, width, break_long_words=False, break_on_hyphens=False) or [""])
    if len(lines) == 1 and len(lines[0]) + 6 <= width:
        return f'{indent}"""{lines[0]}"""\n'
    body = "\n".join(f"{indent}{line}" if line else "" for line in lines)
    return f'{indent}"""\n{body}\n{indent}"""\n'


def write_module(mod: Module, title: str, version: str, kind: str) -> str:
    out = [HEADER.format(title=title, version=version)]
    for cls in mod.classes:
        out.append("\n@attrs.frozen(kw_only=True, repr=False, eq=False)\n")
        out.append(f"class {cls.name}(WireObject):\n")
        doc = cls.doc or _default_doc(cls.name, kind)
        out.append(_docstring(doc, "    "))
        if cls.fields:
            out.append("\n")
        for f in cls.fields:
            if f.default is not None:
                line = f"    {f.name}: {f.annotation} = {f.default}\n"
            elif f.required:  # a required key, even when its value may be null
                line = f"    {f.name}: {f.annotation}\n"
            else:
                line = f"    {f.name}: {f.annotation} = None\n"
            out.append(line)
            if f.doc:
                out.append(_docstring(f.doc, "    "))
        out.append("\n")
    for name, annotation, doc in mod.aliases:
        out.append(f"\n{name}: TypeAlias = {annotation}\n")
        out.append(_docstring(doc or _default_doc(name, kind), ""))
    known = "KnownToolInput" if kind == "input" else "KnownToolOutput"
    out.append(f"\n{known}: TypeAlias = " + " | ".join(mod.tops) + "\n")
    out.append(_docstring(f"Every tool's {kind} type.", ""))
    table = "INPUTS" if kind == "input" else "OUTPUTS"
    out.append(f"\n#: Tool name → the type of its {kind} (``mcp__*`` tools: ``{tool_name('Mcp')}``).\n")
    out.append(f"{table}: dict[str, object] = {{\n")
    for name in mod.tops:
        out.append(f"    {tool_name(name)!r}: {name},\n")
    out.append("}\n")
    public = [cls.name for cls in mod.classes] + [name for name, _, _ in mod.aliases] + [known, table]
    out.append("\n__all__ = [\n" + "".join(f"    {name!r},\n" for name in sorted(public)) + "]\n")
    text = "".join(out)
    text = text.replace("from typing import Literal", "from typing import Literal, TypeAlias")
    if not re.search(r"\bSequence\[", text):
        text = text.replace("from collections.abc import Sequence\n", "")
    used = [name for name in ("JSONObject", "JSONValue") if re.search(rf"[:|\[] *{name}\b", text)]
    text = text.replace("JSONObject, JSONValue, WireObject", ", ".join([*used, "WireObject"]))
    return text


def _default_doc(name: str, kind: str) -> str:
    return f"A shape of a tool {kind} (``{name}``)."


def write_spelling(mods: dict[str, Module], version: str) -> str:
    lines = [
        '"""The wire keys of the typed tool inputs and outputs (:mod:`trio_claude.model.tools`): the keys',
        "that differ from their Python field names, by class name and field.",
        "",
        f"Generated by ``tools/gen_tool_types.py`` from the CLI's ``sdk-tools.d.ts`` (CLI {version}): do",
        'not edit by hand."""',
        "",
        "from __future__ import annotations",
        "",
        "KEYS: dict[str, dict[str, str]] = {",
    ]
    for mod in mods.values():
        for cls in mod.classes:
            renamed = {f.name: f.key for f in cls.fields if f.name != f.key}
            if renamed:
                lines.append(f"    {cls.name!r}: {{")
                lines.extend(f"        {n!r}: {k!r}," for n, k in renamed.items())
                lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _formatted(text: str, path: str) -> str:
    """``text`` as ``ruff format`` writes it (the project's settings)."""
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--quiet", "--stdin-filename", path, "-"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout


def generate(source: str, version: str) -> dict[str, str]:
    """The generated files (path under the repository → text) for the text of an ``sdk-tools.d.ts``."""
    decls = Parser(source).declarations()
    emitter = Emitter(decls)
    inputs = emitter.module([n for n in decls if n.endswith("Input")])
    outputs = emitter.module([n for n in decls if n.endswith("Output")])
    files = {
        "trio_claude/model/tools/_inputs.py": write_module(
            inputs, "The inputs of the CLI's tools, one class per tool.", version, "input"
        ),
        "trio_claude/model/tools/_outputs.py": write_module(
            outputs, "The outputs of the CLI's tools (``tool_use_result``).", version, "output"
        ),
        "trio_claude/wire/_tool_spelling.py": write_spelling({"inputs": inputs, "outputs": outputs}, version),
    }
    for mod in (inputs, outputs):
        for note in mod.fallbacks:
            print("kept as JSON:", note, file=sys.stderr)
    return {path: _formatted(text, path) for path, text in files.items()}


PINNED_D_TS = ROOT / "tests" / "data" / "sdk" / "sdk-tools.d.ts"


def primary_cli_version() -> str:
    """The primary pinned CLI (``primary=`` in ``.ci/cli-versions``)."""
    for line in (ROOT / ".ci" / "cli-versions").read_text(encoding="utf-8").splitlines():
        if line.startswith("primary="):
            return line.split("=", 1)[1].strip()
    raise LookupError("no primary=VERSION line in .ci/cli-versions")


def cli_version(source: Path) -> str:
    """The version of the CLI package that ships ``source`` (its ``package.json``), else the primary pin
    (the copy in ``tests/data/sdk`` is the pinned release's)."""
    package = source.parent / "package.json"
    if package.exists():
        return str(json.loads(package.read_text(encoding="utf-8"))["version"])
    return primary_cli_version()


def main(argv: list[str]) -> None:
    source = Path(argv[1]) if len(argv) > 1 else PINNED_D_TS
    version = argv[2] if len(argv) > 2 else cli_version(source)
    for path, text in generate(source.read_text(encoding="utf-8"), version).items():
        (ROOT / path).write_text(text, encoding="utf-8")
        print("wrote", path)


if __name__ == "__main__":
    main(sys.argv)
