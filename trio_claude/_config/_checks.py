"""Checks for option values, shared by the option classes.

Each ``check_*`` takes *where* the value was given (``"ClaudeAgentOptions.tools"``) and the value, returns
the value in its typed form, and raises :class:`TypeError` (wrong type) or :class:`ValueError` (right type,
unusable value) with one message format: ``"<where>: expected <accepted forms>; got <type> <value>"``.
The value is shown with its secrets redacted (:func:`~trio_claude._redact.redact`); a check given
``secret=True`` (an environment variable whose name looks secret, an MCP server's ``env`` and ``headers``)
shows none of it.
"""

from __future__ import annotations

import functools
import inspect
import math
import operator
import os
import reprlib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Literal, NoReturn, SupportsIndex, TypeVar, cast

import attrs
import orjson

from .._redact import REDACTED, is_secret_key, redact
from ..model import FrozenList

T = TypeVar("T")

_repr = reprlib.Repr()
_repr.maxstring = 60
_repr.maxother = 60
_repr.maxlist = _repr.maxtuple = _repr.maxdict = _repr.maxset = 4
_repr.maxlevel = 3


def describe(value: object, *, secret: bool = False) -> str:
    """``value`` as error messages show it: its type and a short repr of it with its secrets redacted
    (``dict {'type': 'x'}``); with ``secret``, its type alone (``str <redacted>``)."""
    if value is None:
        return "None"
    shown = REDACTED if secret else _repr.repr(redact(value))
    return f"{type(value).__name__} {shown}"


def fail(
    where: str, expected: str, value: object, error: type[Exception] = TypeError, *, secret: bool = False
) -> NoReturn:
    """Raise ``error`` saying that ``where`` expected ``expected`` and got ``value`` (shown as
    :func:`describe` shows it)."""
    raise error(f"{where}: expected {expected}; got {describe(value, secret=secret)}")


def fail_value(where: str, expected: str, value: object, *, secret: bool = False) -> NoReturn:
    """Raise :class:`ValueError`: ``value`` has an accepted type but is not usable."""
    fail(where, expected, value, ValueError, secret=secret)


def as_mapping(value: object) -> Mapping[Any, Any] | None:
    """``value`` if it is a mapping, else ``None``."""
    if not isinstance(value, Mapping):
        return None
    return cast("Mapping[Any, Any]", value)  # type: ignore[redundant-cast]  # pyright needs it


def as_sequence(value: object) -> Sequence[Any] | None:
    """``value`` if it is list-like (a :class:`~collections.abc.Sequence` that is not text or bytes), else
    ``None``."""
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Sequence):
        return None
    return cast("Sequence[Any]", value)  # type: ignore[redundant-cast]  # pyright needs it


# -- scalars ------------------------------------------------------------------------------------------


def check_bool(where: str, value: object) -> bool:
    """``True`` or ``False`` (not ``0``/``1``, not ``None``)."""
    if not isinstance(value, bool):
        fail(where, "True or False", value)
    return value


def _integer(value: object) -> int | None:
    """``value`` as an int if it is an integer type (``__index__``: int, numpy integers) but not a bool."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        return None
    return operator.index(value)


def check_int(where: str, value: object, *, minimum: int) -> int:
    """An integer (not a bool, not a float) of at least ``minimum``."""
    number = _integer(value)
    expected = "a positive int" if minimum == 1 else f"an int >= {minimum}"
    if number is None:
        fail(where, expected, value)
    if number < minimum:
        fail_value(where, expected, value)
    return number


def check_number(where: str, value: object, *, positive: bool = False) -> float:
    """A real number (int or float, not a bool, not NaN) that is ``>= 0`` (``> 0`` when ``positive``)."""
    expected = "a number > 0" if positive else "a number >= 0"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        integer = _integer(value)
        if integer is None:
            fail(where, expected, value)
        value = integer
    number = float(value)
    if math.isnan(number) or number < 0 or (positive and number == 0):
        fail_value(where, expected, value)
    return number


def check_finite(where: str, value: object, *, positive: bool = False) -> float:
    """:func:`check_number`, and finite."""
    number = check_number(where, value, positive=positive)
    if math.isinf(number):
        fail_value(where, "a finite number", value)
    return number


def check_str(
    where: str, value: object, *, empty: bool = False, argv: bool = False, secret: bool = False
) -> str:
    """A string; non-empty unless ``empty``; with ``argv``, one that can be a command-line argument or an
    environment entry (no NUL character, valid Unicode); with ``secret``, its errors do not show it."""
    if not isinstance(value, str):
        fail(where, "a string", value, secret=secret)
    if not empty and not value:
        fail_value(where, "a non-empty string", value)
    if argv:
        if "\0" in value:
            fail_value(
                where,
                "a string without NUL characters (it is passed on the CLI's command line)",
                value,
                secret=secret,
            )
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            fail_value(where, "valid Unicode (this string holds a lone surrogate)", value, secret=secret)
    return value


def check_path(where: str, value: object) -> str | os.PathLike[str]:
    """A file system path: a non-empty ``str`` or an :class:`os.PathLike` giving one (returned as given)."""
    expected = "a path (str or os.PathLike)"
    if not isinstance(value, (str, os.PathLike)):
        fail(where, expected, value)
    path = cast("str | os.PathLike[Any]", value)  # type: ignore[redundant-cast]  # pyright needs it
    text: object = os.fspath(path)
    if not isinstance(text, str):
        fail(where, "a path (str or os.PathLike of str, not bytes)", path)
    if not text:
        fail_value(where, "a non-empty path", path)
    if "\0" in text:
        fail_value(where, "a path without NUL characters", path)
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        fail_value(where, "a path the file system can encode", path)
    return cast("str | os.PathLike[str]", path)


def check_json_text(where: str, value: str) -> str:
    """``value``, a file path or JSON text; text that starts with ``{`` must parse as a JSON object: the CLI
    takes text that does not for a file name, and its "not found" error quotes it, secrets and all."""
    if value.lstrip().startswith("{"):
        try:
            parsed: object = orjson.loads(value)
        except orjson.JSONDecodeError:
            parsed = None
        if not isinstance(parsed, dict):
            fail_value(where, "JSON text of an object (this text starts with '{' but does not parse)", value)
    return value


def is_path(value: object) -> bool:
    """Whether ``value`` is given as a path (a ``str`` or an :class:`os.PathLike`)."""
    return isinstance(value, (str, os.PathLike))


def check_choice(where: str, value: object, choices: Collection[str]) -> str:
    """One of the strings ``choices``."""
    expected = "one of " + ", ".join(repr(choice) for choice in choices)
    if not isinstance(value, str):
        fail(where, expected, value)
    if value not in choices:
        fail_value(where, expected, value)
    return value


# -- containers ---------------------------------------------------------------------------------------


def check_sequence(
    where: str, value: object, item: Callable[[str, object], T], *, expected: str
) -> FrozenList[T]:
    """A list or tuple (not a string, not a mapping, not a set), each item checked by ``item``."""
    entries = as_sequence(value)
    if entries is None:
        fail(where, expected, value)
    return FrozenList([item(f"{where}[{index}]", entry) for index, entry in enumerate(entries)])


def check_str_mapping(
    where: str, value: object, *, argv: bool = False, secret: bool = False
) -> dict[str, str]:
    """A mapping of non-empty strings to strings; with ``secret``, its errors show none of the values."""
    mapping = as_mapping(value)
    if mapping is None:
        fail(where, "a mapping of str to str", value, secret=secret)
    result: dict[str, str] = {}
    for key, entry in mapping.items():
        name = check_str(f"{where} key", key, argv=argv)
        result[name] = check_str(f"{where}[{name!r}]", entry, empty=True, argv=argv, secret=secret)
    return result


def check_keys(
    where: str, value: Mapping[Any, Any], *, required: Iterable[str] = (), allowed: Iterable[str]
) -> None:
    """Every key of the dict form ``value`` is one of ``allowed`` and those ``required`` are present."""
    known = list(allowed)
    for key in value:
        if key not in known:
            fail_value(where, "keys among " + ", ".join(repr(k) for k in known), {key: value[key]})
    for key in required:
        if key not in value:
            fail_value(where, f"a {key!r} key", dict(value))


MAX_SAFE_INTEGER = 2**53 - 1
"""The largest integer a JSON reader using doubles (the CLI's) reads exactly."""


def check_json(where: str, value: object, *, secret: bool = False) -> object:
    """A JSON value (dicts with str keys, lists/tuples, str, int within ±(2**53 - 1), finite float, bool,
    None), copied into plain dicts and lists, so what is sent is exactly what was given.  What is under a
    key that looks secret, or in an ``env`` block, is ``secret``: its errors do not show it."""
    if value is None or isinstance(value, (str, bool)):
        return value
    if isinstance(value, int):
        if abs(value) > MAX_SAFE_INTEGER:
            fail_value(
                where,
                "an int within ±(2**53 - 1) (the CLI reads JSON numbers as doubles)",
                value,
                secret=secret,
            )
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            fail_value(where, "a finite number (JSON has no NaN or infinity)", value, secret=secret)
        return float(value)
    mapping = as_mapping(value)
    if mapping is not None:
        result: dict[str, object] = {}
        for key, entry in mapping.items():
            if not isinstance(key, str):
                fail(f"{where} key", "a string (JSON object keys are strings)", key)
            result[key] = check_json(f"{where}[{key!r}]", entry, secret=secret or is_secret_key(key))
        return result
    if isinstance(value, (list, tuple)):
        entries = cast("Sequence[object]", value)
        return [check_json(f"{where}[{i}]", entry, secret=secret) for i, entry in enumerate(entries)]
    fail(where, "a JSON value (dict, list, str, int, float, bool or None)", value, secret=secret)


def check_json_object(where: str, value: object) -> dict[str, Any]:
    """A mapping with str keys and JSON values (see :func:`check_json`)."""
    if as_mapping(value) is None:
        fail(where, "a mapping (a JSON object)", value)
    return cast("dict[str, Any]", check_json(where, value))


# -- tool names and permission rules -------------------------------------------------------------------


def split_tool_rules(text: str) -> tuple[list[str], bool]:
    """How the CLI splits a ``--allowedTools``/``--disallowedTools``/``--tools`` value into rules: at commas
    and spaces outside parentheses, trimming each.  Also says whether a parenthesis is left open (it would
    swallow what follows)."""
    rules: list[str] = []
    current = ""
    inside = False
    for char in text:
        if char == "(":
            inside = True
        elif char == ")":
            inside = False
        elif char in ", " and not inside:
            if current.strip():
                rules.append(current.strip())
            current = ""
            continue
        if current or char.strip():
            current += char
    if current.strip():
        rules.append(current.strip())
    return rules, inside


def check_tool_rule(where: str, value: object) -> str:
    """One tool name or permission rule (``"Read"``, ``"Bash(git status:*)"``), exactly as the CLI will
    read it from the comma-joined flag value."""
    rule = check_str(where, value, argv=True)
    rules, unclosed = split_tool_rules(rule)
    if unclosed or rules != [rule]:
        note = (
            "its '(' is never closed, so the CLI would read the entries after it as part of it"
            if unclosed
            else f"the CLI would read it as {rules!r}: give each tool as its own entry"
        )
        fail_value(where, f"one tool name or rule such as 'Read' or 'Bash(git status:*)' ({note})", value)
    return rule


def check_tool_rules(where: str, value: object) -> FrozenList[str]:
    """A list of tool names or permission rules."""
    return check_sequence(
        where,
        value,
        check_tool_rule,
        expected="a list of tool names or rules, e.g. ['Read', 'Bash(git status:*)']",
    )


def check_names(where: str, value: object, what: str) -> FrozenList[str]:
    """A list of plain names (no commas or spaces: they are comma-joined on the command line)."""

    def name(at: str, entry: object) -> str:
        text = check_str(at, entry, argv=True)
        if any(char == "," or char.isspace() for char in text):
            fail_value(at, f"{what} without commas or spaces", entry)
        return text

    return check_sequence(where, value, name, expected=f"a list of {what}s")


# -- callbacks ----------------------------------------------------------------------------------------


def _is_async(function: object) -> bool | None:
    """Whether calling ``function`` gives a coroutine: ``True`` (an ``async def``), ``False`` (a plain
    function, or an object whose ``__call__`` is one), ``None`` (cannot tell)."""
    target = function
    while isinstance(target, functools.partial):
        target = target.func  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    target = inspect.unwrap(target) if callable(target) else target  # pyright: ignore[reportUnknownArgumentType]
    if inspect.iscoroutinefunction(target) or inspect.iscoroutinefunction(function):
        return True
    if inspect.ismethod(target):
        target = target.__func__
    if inspect.isfunction(target) or inspect.isbuiltin(target):
        return False
    if isinstance(target, type):
        return None  # a class: calling it builds an object, which may be awaitable
    call = getattr(type(target), "__call__", None)  # noqa: B004 - the type's, as the call uses
    if inspect.iscoroutinefunction(call):
        return True
    if inspect.isfunction(call):
        return False
    return None


def check_callable(where: str, value: object, *, kind: Literal["async", "sync"], shape: str) -> Any:
    """A callable; an ``async def`` one when ``kind`` is ``"async"`` (a plain function would return no
    awaitable), a plain one when ``"sync"`` (a coroutine would never run).  ``shape`` shows the expected
    signature in the message."""
    if not callable(value):
        fail(where, shape, value)
    found = _is_async(value)
    if kind == "async" and found is False:
        fail(where, f"{shape} (an async function: calls are awaited)", value)
    if kind == "sync" and found is True:
        fail(where, f"{shape} (a plain function: it is called, not awaited)", value)
    return value


# -- attrs validators ---------------------------------------------------------------------------------


def validator(check: Callable[[str, Any], object], *, optional: bool = False) -> Callable[..., None]:
    """An attrs validator running ``check`` on the value, naming the field as ``Class.field``; ``None`` is
    accepted when ``optional``."""

    def validate(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        check(f"{type(instance).__name__}.{attribute.name}", value)

    return validate
