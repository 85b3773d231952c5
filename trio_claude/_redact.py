"""Secrets kept out of reprs, log records and error messages: :func:`redact`, the one function that every
repr, log call and error message of the package applies to a value that can hold options (an environment,
an MCP server's config, settings, a command line).

What it replaces with :data:`REDACTED`, keeping every name:

* the value of a name that looks secret (:func:`is_secret_name`): ``ANTHROPIC_API_KEY``, ``apiKeyHelper``,
  an ``Authorization`` or ``X-Api-Key`` header (an MCP server's ``headers`` entirely, by that rule),
  ``--api-key=...``, ``API_KEY=...``; and every value inside an ``env`` block of a JSON value (settings,
  an MCP server's config), whatever its name;
* in the other strings, a URL's credentials (``https://user:password@proxy`` → ``https://<redacted>@proxy``)
  and the value of a query parameter whose name looks secret (``?api_key=...``); a string that holds a JSON
  object (``--mcp-config={...}``, settings given as JSON text) is redacted as the object it holds (one that
  does not parse, entirely).

Numbers, booleans and ``None`` are kept: a token count is no secret.  Only what is shown changes; the
objects themselves, their equality and their hashes are untouched.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

import orjson

REDACTED = "<redacted>"
"""What a secret value is shown as."""

# Pattern strings, compiled on first use by re's cache: only a repr or an error message needs them.
_SECRET_WORDS = "KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|AUTH|HEADER|COOKIE"
_SECRET_NAME = f"(?i:{_SECRET_WORDS})"
_ASSIGNMENT = r"(-{0,2}[A-Za-z0-9_][\w.-]*)=(.*)"
_URL_CREDENTIALS = r"(?i)\b([a-z][a-z0-9+.-]*://)[^\s/?#@]+@"
_SECRET_QUERY = rf"([?&;][^\s=&#]*{_SECRET_NAME}[^\s=&#]*=)[^\s&#]+"


def is_secret_name(name: str) -> bool:
    """Whether the value of a variable, key, header or flag named ``name`` is taken for a secret: the name
    holds ``KEY``, ``TOKEN``, ``SECRET``, ``PASSWORD`` (``PASSWD``, ``PASSPHRASE``), ``CREDENTIAL``,
    ``AUTH``, ``HEADER`` (``ANTHROPIC_CUSTOM_HEADERS``, ``OTEL_EXPORTER_OTLP_HEADERS``) or ``COOKIE``, in
    any case."""
    return re.search(_SECRET_NAME, name) is not None


def is_secret_key(key: object) -> bool:
    """Whether everything under ``key`` in a JSON value is secret: a name that looks secret, or ``env``."""
    return isinstance(key, str) and (is_secret_name(key) or key.lower() == "env")


def redact(value: Any, secret: bool = False) -> Any:
    """``value`` as it may be shown: a copy (dicts, lists and tuples rebuilt, other objects as they are)
    with the secrets it holds replaced by :data:`REDACTED` (see the module's docstring); with ``secret``,
    every value in it but numbers, booleans and ``None``."""
    if isinstance(value, str):
        return _redact_text(value, secret)
    if isinstance(value, Mapping):
        entries = cast("Mapping[object, object]", value)
        return {key: redact(entry, secret or is_secret_key(key)) for key, entry in entries.items()}
    if isinstance(value, (list, tuple)):
        items = [redact(item, secret) for item in cast("list[object] | tuple[object, ...]", value)]
        return tuple(items) if isinstance(value, tuple) else items
    if secret and not (value is None or isinstance(value, (bool, int, float))):
        return REDACTED
    return value


def redacted_repr(value: object) -> str:
    """``repr(redact(value))``: the ``repr`` of the attrs fields that can hold secrets."""
    return repr(redact(value))


def _redact_text(text: str, secret: bool) -> str:
    if secret:
        return REDACTED
    assignment = re.fullmatch(_ASSIGNMENT, text, re.DOTALL)
    if assignment is not None:
        name, assigned = assignment.groups()
        return f"{name}={_redact_text(assigned, is_secret_name(name))}"
    if text.lstrip().startswith("{"):
        try:
            parsed: object = orjson.loads(text)
        except orjson.JSONDecodeError:
            return REDACTED
        return orjson.dumps(redact(parsed)).decode()
    text = re.sub(_URL_CREDENTIALS, rf"\g<1>{REDACTED}@", text)
    return re.sub(_SECRET_QUERY, rf"\g<1>{REDACTED}", text)
