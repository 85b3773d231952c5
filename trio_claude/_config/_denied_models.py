"""``match_denied_models``: which models a managed ``deniedModels`` list blocks, without starting the CLI.

The rules are those of the TypeScript SDK 0.3.330's ``matchDeniedModels`` (the CLI's own parser of
``deniedModels`` entries, bundled there): an entry is a family (``"opus"``), a model ID that blocks every
spelling and snapshot of that version (``"claude-opus-5-5"``, ``"opus-5"``), or else an exact name; aliases
(``"sonnet[1m]"``, ``"best"``, ``"default"``) are ignored because what they name changes.  The warnings are
the TypeScript SDK's, word for word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

import attrs

__all__ = ["DeniedModelsMatch", "match_denied_models"]

_FAMILIES = ("sonnet", "opus", "haiku", "fable")
_ALIASES = ("sonnet", "opus", "haiku", "fable", "best", "sonnet[1m]", "opus[1m]", "fable[1m]", "opusplan")
_REGIONS = ("us", "eu", "apac", "jp", "au", "us-gov", "global")

# JavaScript's whitespace (``String.prototype.trim``, ``\s``), which Python's ``str.strip`` nearly matches.
_JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
# The JavaScript patterns end in ``$`` (the end of the text): ``\Z`` here, as Python's ``$`` also matches
# before a final newline.
_HAS_SPACE = re.compile(f"[{re.escape(_JS_SPACE)}]")
_CONTEXT_TAGS = re.compile(r"\[(1|2)m\]", re.IGNORECASE)
_PROVIDER = re.compile(r"^(?:([a-z-]+)\.)?anthropic\.(claude-.*)\Z", re.DOTALL)
_FAMILY_FIRST = re.compile(r"^claude-([a-z]+)-([0-9]{1,2})(?![0-9])(?:-([0-9]{1,2})(?![0-9]))?")
_VERSION_FIRST = re.compile(r"^claude-([0-9]{1,2})(?![0-9])(?:-([0-9]{1,2})(?![0-9]))?-([a-z]+)")
_SNAPSHOT_TAIL = re.compile(
    r"^(?:-fast|-latest)?(?:-v[0-9]{1,3}@[0-9]{8}|[-@][0-9]{8})?(?:-v[0-9]{1,3}(?::[0-9]{1,3})?)?\Z"
)
_FAMILY_AND_VERSION = re.compile(
    rf"^({'|'.join(_FAMILIES)})[{re.escape(_JS_SPACE)}]+([0-9]+)(?:\.([0-9]+))?\Z"
)
_CONTEXT_NOTE = (
    " Context-size tags such as [1m] are ignored: the entry blocks the model at every context size."
)
_NOT_A_LIST = (
    '"deniedModels" was present but is not a list of model names, so it was ignored and blocks no models '
    "until it is fixed."
)


@attrs.frozen(kw_only=True)
class DeniedModelsMatch:
    """What :func:`match_denied_models` answers (the TypeScript SDK's ``DeniedModelsMatch``)."""

    denied: tuple[bool, ...]
    """Whether an entry blocks each model asked about, in their order."""
    warnings: tuple[str, ...]
    """Notes on entries (why one was ignored, or what one blocks where that may surprise), and on what was
    asked about that is no model name."""


@attrs.frozen
class _ModelId:
    family: str
    major: int
    minor: int | None
    base: str
    trailer: str | None


@attrs.frozen
class _Entry:
    kind: str  # "literal", "family" or "model"
    value: str = ""
    model: _ModelId | None = None


def _js_trim(text: str) -> str:
    return text.strip(_JS_SPACE)


def _quoted(text: str) -> str:
    """Control characters as ``?``, cut after 128 UTF-16 code units (JavaScript's length)."""
    text = re.sub(r"[\u0000-\u001f\u007f-\u009f]", "?", text)
    units = text.encode("utf-16-le", "surrogatepass")
    if len(units) <= 256:
        return text
    return units[:256].decode("utf-16-le", "surrogatepass") + "…"


def _title(family: str) -> str:
    return family[:1].upper() + family[1:]


def _parse_model(name: str) -> _ModelId | None:
    text = _js_trim(name).lower()
    if text == "" or _HAS_SPACE.search(text):
        return None
    text = re.sub(r"\[[12]m\]\Z", "", text)
    text = text[text.rfind("/") + 1 :]
    provider = _PROVIDER.match(text)
    if provider:
        region, rest = provider.groups()
        if region is not None and region not in _REGIONS:
            return None
        text = rest
    if found := _FAMILY_FIRST.match(text):
        family, major, minor = found.group(1), found.group(2), found.group(3)
    elif found := _VERSION_FIRST.match(text):
        major, minor, family = found.group(1), found.group(2), found.group(3)
    else:
        return None
    base = found.group(0)
    tail = text[len(base) :]
    if tail and tail[0] not in "-@":
        return None
    trailer = None if _SNAPSHOT_TAIL.match(tail) else tail
    return _ModelId(family, int(major), None if minor is None else int(minor), base, trailer)


def _one_edit_apart(a: str, b: str) -> bool:
    """Optimal string alignment distance exactly 1 (one insertion, deletion, substitution or swap)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(b)] == 1


def _families_text() -> str:
    *rest, last = _FAMILIES
    return f"{', '.join(rest)} or {last}"


def _literal_warning(entry: str, name: str) -> str:
    note = (
        f'"{_quoted(entry)}" blocks only the exact model name "{_quoted(name)}"; other spellings of the same '
        "model are not blocked."
    )
    hyphened = re.sub(r"([0-9])\.([0-9])", r"\1-\2", name)
    if hyphened != name:
        candidate = hyphened if hyphened.startswith("claude-") else f"claude-{hyphened}"
        if _parse_model(candidate) is not None:
            return f'{note} To block a version, write it with a hyphen: "{_quoted(candidate)}".'
    if found := _FAMILY_AND_VERSION.match(name):
        family, major, minor = found.groups()
        if minor is not None:
            example = f"claude-{family}-{major}-{minor}"
            return f'{note} To block a version, write its model ID, for example "{example}".'
        return (
            f'{note} To block only version {major}, write "claude-{family}-{major}-0"; '
            f'"claude-{family}-{major}" blocks every {_title(family)} {major}.x model.'
        )
    if re.fullmatch(r"[a-z]+", name):
        near = next((family for family in _FAMILIES if _one_edit_apart(name, family)), None)
        if near is not None:
            return f'{note} If you meant the {_title(near)} family, write "{near}".'
        return f"{note} To block a model family other than {_families_text()}, list its versioned IDs."
    return note


def _parse_entry(entry: str) -> tuple[_Entry | None, str | None]:
    lowered = _js_trim(entry).lower()
    name = _js_trim(_CONTEXT_TAGS.sub("", lowered))
    tags = _CONTEXT_NOTE if name != lowered else ""
    if name == "":
        return None, "An empty deniedModels entry was ignored."
    if name in _FAMILIES:
        return _Entry("family", value=name), (
            f'"{_quoted(entry)}" blocks every {_title(name)} model.{tags}' if tags else None
        )
    if name in _ALIASES or name == "default":
        return None, (
            f'"{_quoted(entry)}" was ignored: it names a different model depending on the release and '
            'settings. Name the model instead, for example "claude-opus-5-5".'
        )
    parsed = _parse_model(name)
    prefixed = name if parsed is not None or name.startswith("claude-") else f"claude-{name}"
    model = parsed if parsed is not None else (_parse_model(prefixed) if prefixed != name else None)
    if model is None:
        return _Entry("literal", value=name), _literal_warning(entry, name)
    at = prefixed.rfind(model.base)
    rest = "" if at == -1 else prefixed[at + len(model.base) :]
    ignored = f' "{_quoted(rest)}" is ignored.' if model.trailer is None and rest else ""
    what = (
        f"every {_title(model.family)} {model.major}.x model"
        if model.minor is None
        else f"{_title(model.family)} {model.major}.{model.minor} in every spelling and snapshot"
    )
    warning = f'"{_quoted(entry)}" blocks {what}.{ignored}{tags}' if tags or ignored else None
    return _Entry("model", model=model), warning


def _names_as_word(text: str, word: str) -> bool:
    start = text.find(word)
    while start != -1:
        end = start + len(word)
        before = start == 0 or not re.match(r"[a-z0-9]", text[start - 1], re.IGNORECASE)
        after = end == len(text) or not re.match(r"[a-z0-9]", text[end], re.IGNORECASE)
        if before and after:
            return True
        start = text.find(word, start + 1)
    return False


def _same_version(entry: _ModelId, model: _ModelId) -> bool:
    if entry.family != model.family or entry.major != model.major:
        return False
    if entry.minor is not None and (model.minor or 0) != entry.minor:
        return False
    if entry.trailer is None:
        return True
    trailer = model.trailer or ""
    return trailer == entry.trailer or trailer.startswith(f"{entry.trailer}-")


def _blocks(entry: _Entry, name: str, model: _ModelId | None) -> bool:
    if entry.kind == "literal":
        return name == entry.value
    if entry.kind == "family":
        return (model is not None and model.family == entry.value) or _names_as_word(name, entry.value)
    return model is not None and entry.model is not None and _same_version(entry.model, model)


def _is_denied(model: str, entries: list[str]) -> bool:
    name = _CONTEXT_TAGS.sub("", _js_trim(model)).lower()
    parsed = _parse_model(name)
    for raw in entries:
        entry, _ = _parse_entry(raw)
        if entry is not None and _blocks(entry, name, parsed):
            return True
    return False


def _js_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return "object"


def _unique(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def match_denied_models(models: Sequence[str], denied_models: Sequence[str] | None) -> DeniedModelsMatch:
    """Say which of ``models`` a managed ``deniedModels`` list blocks, without starting the CLI.

    Pass ``effective["deniedModels"]`` of :func:`resolve_settings`.  Nothing raises: a bad list or entry is
    ignored, a model that is not a string is not denied, and ``models`` that is not a list (or tuple) gets an
    empty ``denied``; ``warnings`` notes each.

    Not the CLI's enforcement, so grant nothing by it: it compares model IDs with the entries alone.
    ``True`` means this CLI version refuses the model too; ``False`` promises nothing (the CLI also judges
    what an alias or a custom name stands for, a model's other names and ``modelOverrides``).
    """
    asked: list[object] = list(models) if isinstance(models, (list, tuple)) else []
    notes = (
        [
            f'"models" contained a non-string entry ({_js_type(model)}), which is not a model name, so it '
            "cannot be matched."
            for model in asked
            if not isinstance(model, str)
        ]
        if isinstance(models, (list, tuple))
        else ['"models" is not a list of model names, so nothing was matched.']
    )
    raw: object = [] if denied_models is None else denied_models
    if not isinstance(raw, (list, tuple)):
        return DeniedModelsMatch(denied=tuple(False for _ in asked), warnings=_unique([_NOT_A_LIST, *notes]))
    listed: list[object] = list(cast("Sequence[object]", raw))
    entries = [entry for entry in listed if isinstance(entry, str)]
    entry_notes = [
        f'"deniedModels" contained a non-string entry ({_js_type(entry)}); the entry was ignored.'
        for entry in listed
        if not isinstance(entry, str)
    ]
    warnings = [warning for entry in entries if (warning := _parse_entry(entry)[1]) is not None]
    return DeniedModelsMatch(
        denied=tuple(isinstance(model, str) and _is_denied(model, entries) for model in asked),
        warnings=_unique([*entry_notes, *warnings, *notes]),
    )
