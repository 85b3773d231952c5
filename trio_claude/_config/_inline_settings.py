"""The settings a session gives the CLI itself: ``settings`` given inline (a mapping or JSON text) with
``sandbox`` merged in, or the settings file ``settings`` names.  Pure: imports no trio."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import orjson

if TYPE_CHECKING:
    from ._options import ClaudeAgentOptions


def settings_path(options: ClaudeAgentOptions) -> str | None:
    """The settings file ``settings`` names (``None``: settings given inline, or none)."""
    settings = options.settings
    if settings is None or isinstance(settings, dict) or _is_json_text(settings):
        return None
    return os.fspath(settings)


def inline_settings(options: ClaudeAgentOptions) -> dict[str, Any] | None:
    """``settings`` given inline (a mapping, or JSON text), with ``sandbox`` merged in
    (:func:`merge_sandbox`); ``None`` when there are none or ``settings`` names a file (the options refuse
    ``sandbox`` with a file)."""
    settings, sandbox = options.settings, options.sandbox
    if isinstance(settings, dict):
        merged: dict[str, Any] = dict(settings)
    elif settings is not None and _is_json_text(settings):
        merged = cast("dict[str, Any]", orjson.loads(os.fspath(settings)))  # a JSON object: checked
    elif settings is None and sandbox is not None:
        merged = {}
    else:
        return None
    if sandbox is not None:
        merged["sandbox"] = merge_sandbox(merged.get("sandbox"), sandbox)
    return merged


def _is_json_text(settings: str | os.PathLike[str]) -> bool:
    """Whether ``settings`` is JSON text (the options checked that text starting with ``{`` parses as an
    object), not a file path."""
    return isinstance(settings, str) and settings.lstrip().startswith("{")


_UNION_LISTS = frozenset(
    {
        "filesystem.denyRead",
        "filesystem.denyWrite",
        "network.deniedDomains",
        "credentials.files",
        "credentials.envVars",
    }
)
"""Sandbox lists that the option adds to (deny lists only grow), as the TypeScript SDK merges them."""

_REPLACED_WHOLE = frozenset({"ripgrep", "network.tlsTerminate"})
"""Sandbox objects that the option replaces rather than merges."""


def _as_list(value: object) -> list[Any] | None:
    return cast("list[Any]", value) if isinstance(value, list) else None  # type: ignore[redundant-cast]


def _as_dict(value: object) -> dict[str, Any] | None:
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


def _union(old: list[Any], new: list[Any]) -> list[Any]:
    out: list[Any] = []
    seen: set[object] = set()
    for entry in (*old, *new):
        item: object = entry
        plain = isinstance(item, (str, int, float, bool)) or item is None
        key: object = (type(item).__name__, item) if plain else id(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _merge(base: object, given: Mapping[str, Any], path: str = "") -> dict[str, Any]:
    out: dict[str, Any] = dict(_as_dict(base) or {})
    for key, value in given.items():
        at = f"{path}.{key}" if path else key
        old: object = out.get(key)
        old_list, new_list = _as_list(old), _as_list(value)
        old_dict, new_dict = _as_dict(old), _as_dict(value)
        if at in _UNION_LISTS and old_list is not None and new_list is not None:
            out[key] = _union(old_list, new_list)
        elif old_dict is not None and new_dict is not None and at not in _REPLACED_WHOLE:
            out[key] = _merge(old_dict, new_dict, at)
        else:
            out[key] = value
    return out


def merge_sandbox(settings_sandbox: object, sandbox: Mapping[str, Any]) -> dict[str, Any]:
    """The ``sandbox`` option merged into the ``sandbox`` key of the inline settings, key by key as the
    TypeScript SDK does: objects merge, deny lists grow (union), other values are replaced; a filesystem
    or network restriction given here lifts the settings' ``filesystem.disabled`` / proxy ports; and
    ``enabled`` implies ``failIfUnavailable`` unless set."""
    merged = _merge(settings_sandbox, sandbox)
    filesystem = _as_dict(sandbox.get("filesystem"))
    files = _as_list((_as_dict(sandbox.get("credentials")) or {}).get("files")) or []
    denies_files = any((_as_dict(entry) or {}).get("mode") == "deny" for entry in files)
    lifted = (filesystem is not None or denies_files) and (filesystem or {}).get("disabled") is None
    kept = _as_dict(merged.get("filesystem"))
    if lifted and kept is not None and kept.get("disabled") is True:
        merged["filesystem"] = {k: v for k, v in kept.items() if k != "disabled"}
    network = _as_dict(sandbox.get("network")) or {}
    restricts_network = (
        network.get("allowedDomains") is not None
        or bool(network.get("deniedDomains"))
        or network.get("strictAllowlist") is True
    )
    kept_network = _as_dict(merged.get("network"))
    if restricts_network and kept_network is not None:
        dropped = {port for port in ("httpProxyPort", "socksProxyPort") if network.get(port) is None}
        merged["network"] = {k: v for k, v in kept_network.items() if k not in dropped}
    if sandbox.get("enabled") is True and "failIfUnavailable" not in merged:
        merged["failIfUnavailable"] = True
    return merged
