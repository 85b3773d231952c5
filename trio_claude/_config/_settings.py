"""``resolve_settings``: the settings a session would see, merged from the CLI's settings files, with which
tier set each key, without starting the CLI; ``filter_escalating_default_mode``.

What the TypeScript SDK 0.3.330's ``resolveSettings`` does (the CLI's own settings cascade), in pure Python:

* tiers, low to high: ``user`` (``<config dir>/settings.json``; the config dir is ``CLAUDE_CONFIG_DIR``,
  else ``$HOME/.claude``), ``project`` (``<cwd>/.claude/settings.json``), ``local``
  (``<cwd>/.claude/settings.local.json``), ``flag`` (the ``settings`` argument: ``--settings``),
  ``managed`` (the policy tier);
* the policy tier: server-managed settings (``server_managed_settings``), else the managed settings file
  (``managed-settings.json`` in the platform's directory, with the ``managed-settings.d/*.json`` drop-ins
  merged over it in name order), else — or as well, when the administrator's tier says
  ``"parentSettingsBehavior": "merge"`` — the restrictive part of ``managed_settings``;
* ``deniedModels`` counts only from the policy tier; ``availableModels``, ``enforceAvailableModels`` and
  ``modelPicker`` set there replace the other tiers' values;
* a file that is missing is no tier; an empty one is ``{}``; one that cannot be read or is not a JSON object
  is skipped, as the CLI skips it, and named in :attr:`ResolvedSettings.problems`.

Deliberate differences, each documented in ``docs/settings.rst``: the operating system's policy stores
(a macOS configuration profile, the Windows registry) and the CLI's cache of server-managed settings are not
read; the CLI's schema checks of each file (it drops values it cannot use) are not repeated; an
administrator's ``managedSourcesBehavior: "merge"`` is not applied (the first policy source present wins).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TypeAlias, get_args

import attrs

from .._redact import redacted_repr
from ._home import config_home
from ._settings_merge import as_array, as_object, merge_settings, restrictive_slice
from ._values import SETTING_SOURCES, SettingSource

__all__ = [
    "MachinePolicy",
    "PolicySettingsOrigin",
    "ProvenanceEntry",
    "ResolvedSettingSource",
    "ResolvedSettings",
    "ResolvedSettingsSource",
    "SettingsFileProblem",
    "filter_escalating_default_mode",
    "managed_settings_dir",
    "resolve_settings",
]

ResolvedSettingSource: TypeAlias = Literal["user", "project", "local", "flag", "managed"]
"""A tier of settings: a :data:`~trio_claude.SettingSource`, ``"flag"`` (``--settings``) or ``"managed"``
(the policy tier)."""

PolicySettingsOrigin: TypeAlias = Literal["helper", "remote", "plist", "hklm", "file", "parent", "hkcu"]
"""Which policy sub-source supplied the policy tier (here ``"remote"``, ``"file"`` or ``"parent"``)."""

_ESCALATING = frozenset({"bypassPermissions", "auto", "acceptEdits"})
_UNTRUSTED_FOR = {
    "auto": frozenset({"project", "local"}),
    "bypassPermissions": frozenset({"project", "local"}),
}
_ALWAYS_UNTRUSTED = frozenset({"project"})
_POLICY_ONLY = ("deniedModels",)
# The switches a host's managed settings turn that an administrator's policy merged over them cannot undo.
_HOST_LOCKS = frozenset(
    {
        "availableModelsMatch",
        "allowManagedHooksOnly",
        "disableSkillShellExecution",
        "disableWindowsBashCommandSplit",
        "disableRemoteControl",
        "disableAgentView",
        "disableWorkflows",
        "disableArtifact",
        "enableWorkflows",
        "enableArtifact",
    }
)


@attrs.frozen(kw_only=True)
class ProvenanceEntry:
    """Which tier supplied a top-level key of :attr:`ResolvedSettings.effective`."""

    source: ResolvedSettingSource
    path: str | None = None
    """The absolute path of the settings file, for the tiers read from a file."""
    policy_origin: PolicySettingsOrigin | None = None
    """Which policy sub-source supplied the value, when ``source`` is ``"managed"``."""


@attrs.frozen(kw_only=True)
class ResolvedSettingsSource:
    """One tier's own settings, as read (an element of :attr:`ResolvedSettings.sources`)."""

    source: ResolvedSettingSource
    settings: Mapping[str, Any] = attrs.field(repr=redacted_repr)
    path: str | None = None
    policy_origin: PolicySettingsOrigin | None = None


@attrs.frozen(kw_only=True)
class SettingsFileProblem:
    """A settings file that exists but was skipped: unreadable, not JSON, or not a JSON object."""

    source: ResolvedSettingSource
    path: str
    message: str


@attrs.frozen(kw_only=True)
class MachinePolicy:
    """What became of this machine's own policy sources."""

    did_not_load: tuple[Literal["profile", "registry", "file"], ...] = ()
    """The kinds of policy source that are there and did not load (the TypeScript SDK's ``false`` is
    ``()``): ``"file"`` when ``managed-settings.json`` or a drop-in could not be used."""


@attrs.frozen(kw_only=True)
class ResolvedSettings:
    """What :func:`resolve_settings` answers (the TypeScript SDK's ``ResolvedSettings``)."""

    effective: Mapping[str, Any] = attrs.field(repr=redacted_repr)
    """The merged settings, in the CLI's settings spelling (``{"permissions": {"defaultMode": ...}}``)."""
    provenance: Mapping[str, ProvenanceEntry]
    """For each top-level key of ``effective``, the highest tier that sets it."""
    sources: tuple[ResolvedSettingsSource, ...]
    """Each tier's own settings as read, the tiers low to high, empty ones left out.  Use them where
    per-key provenance is too coarse (which tier set a nested key)."""
    machine_policy: MachinePolicy = MachinePolicy()
    """What became of this machine's own policy sources."""
    problems: tuple[SettingsFileProblem, ...] = ()
    """The settings files that exist but were skipped (the CLI skips them too)."""


def managed_settings_dir() -> Path:
    """Where the CLI reads ``managed-settings.json`` and ``managed-settings.d/`` on this platform."""
    if sys.platform == "darwin":
        return Path("/Library/Application Support/ClaudeCode")
    if sys.platform == "win32":
        return Path("C:\\Program Files\\ClaudeCode")
    return Path("/etc/claude-code")


def _config_dir(config_dir: str | os.PathLike[str] | None) -> Path:
    return Path(os.path.abspath(config_home() if config_dir is None else config_dir))


def _env_true(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


@attrs.frozen
class _Read:
    settings: dict[str, Any] | None
    problem: str | None = None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _parse(text: str) -> _Read:
    if text.strip() == "":
        return _Read({})
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except ValueError as exc:
        return _Read(None, f"is not valid JSON ({exc}); none of its settings are in effect")
    settings = as_object(value)
    if settings is None:
        return _Read(None, "is not a JSON object; none of its settings are in effect")
    return _Read(settings)


def _read_file(path: Path) -> _Read:
    """A settings file: missing is no settings, no problem; empty is ``{}``."""
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return _Read(None)
    except OSError as exc:
        return _Read(None, f"could not be read ({exc.strerror or exc}); none of its settings are in effect")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return _Read(None, "is not UTF-8 text; none of its settings are in effect")
    return _parse(text.removeprefix("\ufeff"))


@attrs.frozen
class _Tier:
    source: ResolvedSettingSource
    settings: dict[str, Any] | None
    path: str | None = None
    policy_origin: PolicySettingsOrigin | None = None


class _Reader:
    """Reads the tiers, collecting the files it had to skip."""

    def __init__(self) -> None:
        self.problems: list[SettingsFileProblem] = []
        self.managed_file_failed = False

    def file(self, source: ResolvedSettingSource, path: Path) -> dict[str, Any] | None:
        read = _read_file(path)
        if read.problem is not None:
            self.problems.append(
                SettingsFileProblem(source=source, path=str(path), message=f"{path} {read.problem}")
            )
        if read.settings is not None and source != "managed":
            return {key: value for key, value in read.settings.items() if key not in _POLICY_ONLY}
        return read.settings

    def managed_file(self, directory: Path) -> dict[str, Any] | None:
        """``managed-settings.json`` with the drop-ins of ``managed-settings.d/`` merged over it by name."""
        merged: dict[str, Any] | None = None
        paths = [directory / "managed-settings.json"]
        try:
            drop_ins = sorted(os.scandir(directory / "managed-settings.d"), key=lambda entry: entry.name)
        except OSError:
            drop_ins = []
        paths += [
            Path(entry.path)
            for entry in drop_ins
            if entry.name.endswith(".json") and not entry.name.startswith(".") and not entry.is_dir()
        ]
        for path in paths:
            before = len(self.problems)
            settings = self.file("managed", path)
            self.managed_file_failed |= len(self.problems) > before
            if settings is not None:
                merged = merge_settings(merged or {}, settings)
        return merged or None


def _flag_settings(
    settings: str | os.PathLike[str] | Mapping[str, Any] | None, cwd: Path, reader: _Reader
) -> _Tier | None:
    if settings is None:
        return None
    if isinstance(settings, Mapping):
        return _Tier("flag", dict(settings))
    text = os.fspath(settings)
    if text.lstrip().startswith("{"):
        read = _parse(text)
        if read.problem is not None:
            reader.problems.append(
                SettingsFileProblem(source="flag", path="", message=f"settings {read.problem}")
            )
        return _Tier("flag", read.settings)
    path = Path(os.path.abspath(cwd / text))
    return _Tier("flag", reader.file("flag", path), str(path))


def _policy(
    managed: Mapping[str, Any] | None,
    server_managed: Mapping[str, Any] | None,
    directory: Path,
    reader: _Reader,
) -> _Tier:
    admin: dict[str, Any] | None = None
    origin: PolicySettingsOrigin | None = None
    if server_managed:
        admin, origin = dict(server_managed), "remote"
    file_tier = reader.managed_file(directory)
    if admin is None and file_tier is not None:
        admin, origin = file_tier, "file"
    if admin is not None:
        admin.pop("managedSourcesBehavior", None)
    parent = {key: value for key, value in (managed or {}).items() if key != "organizationFreeFormSettings"}
    sliced: dict[str, Any] = {}
    if parent and (admin is None or admin.get("parentSettingsBehavior") == "merge"):
        sliced = restrictive_slice(parent, admin or {})
        if sliced and origin is None:
            origin = "parent"
    if admin is None and not sliced:
        return _Tier("managed", None)
    policy = merge_settings(sliced, admin or {})
    policy.update({key: value for key, value in sliced.items() if key in _HOST_LOCKS})
    return _Tier("managed", policy, None, origin)


def _check_sources(setting_sources: Sequence[SettingSource] | None) -> tuple[SettingSource, ...]:
    if setting_sources is None:
        return SETTING_SOURCES  # type: ignore[return-value]
    if isinstance(setting_sources, str):
        raise TypeError(f"setting_sources must be a list of {', '.join(SETTING_SOURCES)}, not a string")
    chosen = tuple(setting_sources)
    unknown = [source for source in chosen if source not in get_args(SettingSource)]
    if unknown:
        raise ValueError(
            f"setting_sources: unknown source {unknown[0]!r} (accepted: {', '.join(SETTING_SOURCES)})"
        )
    return chosen


def resolve_settings(
    *,
    cwd: str | os.PathLike[str] | None = None,
    setting_sources: Sequence[SettingSource] | None = None,
    settings: str | os.PathLike[str] | Mapping[str, Any] | None = None,
    managed_settings: Mapping[str, Any] | None = None,
    server_managed_settings: Mapping[str, Any] | None = None,
    config_dir: str | os.PathLike[str] | None = None,
    managed_dir: str | os.PathLike[str] | None = None,
) -> ResolvedSettings:
    """The settings a session would see, merged from the CLI's settings tiers, without starting the CLI.

    ``cwd`` (default: the current directory) is where the project and local settings are; ``setting_sources``
    which of the ``user``, ``project`` and ``local`` files to read (``None``: all, ``[]``: none — the policy
    tier is read anyway); ``settings`` the ``--settings`` tier, as the option of that name takes it (a file,
    relative to ``cwd``, JSON text or a mapping); ``managed_settings`` the restrictive policy settings a host
    passes (only what restricts is kept); ``server_managed_settings`` a fresher server-managed payload than
    the CLI's cache.  ``config_dir`` (default ``CLAUDE_CONFIG_DIR``, else ``$HOME/.claude``) and
    ``managed_dir`` (default :func:`managed_settings_dir`) are where to look instead.

    It reads files only (it blocks: in an async program call it through ``trio.to_thread.run_sync``).  It
    reports the settings cascade, not a security decision: pass the result through
    :func:`filter_escalating_default_mode` before acting on ``permissions.defaultMode``.
    """
    sources = _check_sources(setting_sources)
    root = Path(os.path.abspath(os.getcwd() if cwd is None else cwd))
    reader = _Reader()
    user_name = "cowork_settings.json" if _env_true("CLAUDE_CODE_USE_COWORK_PLUGINS") else "settings.json"
    files: dict[SettingSource, Path] = {
        "user": _config_dir(config_dir) / user_name,
        "project": root / ".claude" / "settings.json",
        "local": root / ".claude" / "settings.local.json",
    }
    tiers = [
        _Tier(source, reader.file(source, files[source]), str(files[source]))
        for source in SETTING_SOURCES
        if source in sources
    ]
    flag = _flag_settings(settings, root, reader)
    if flag is not None:
        tiers.append(flag)
    directory = Path(managed_dir) if managed_dir is not None else managed_settings_dir()
    policy = _policy(managed_settings, server_managed_settings, directory, reader)
    tiers.append(policy)
    effective: dict[str, Any] = {}
    for tier in tiers:
        if tier.settings:
            effective = merge_settings(effective, tier.settings)
    _apply_policy_models(effective, policy.settings)
    return ResolvedSettings(
        effective=effective,
        provenance=_provenance(effective, tiers),
        sources=tuple(
            ResolvedSettingsSource(
                source=tier.source, settings=tier.settings, path=tier.path, policy_origin=tier.policy_origin
            )
            for tier in tiers
            if tier.settings
        ),
        machine_policy=MachinePolicy(did_not_load=("file",) if reader.managed_file_failed else ()),
        problems=tuple(reader.problems),
    )


def _apply_policy_models(effective: dict[str, Any], policy: Mapping[str, Any] | None) -> None:
    """The model lists the policy tier sets replace the others; ``deniedModels`` counts only from it."""
    if policy:
        available = as_array(policy.get("availableModels"))
        if available is not None:
            effective["availableModels"] = list(available)
        if "enforceAvailableModels" in policy:
            effective["enforceAvailableModels"] = policy["enforceAvailableModels"]
        if "modelPicker" in policy:
            effective["modelPicker"] = merge_settings({}, {"modelPicker": policy["modelPicker"]})[
                "modelPicker"
            ]
    denied = as_array((policy or {}).get("deniedModels"))
    if denied is not None:
        effective["deniedModels"] = list(denied)
    else:
        effective.pop("deniedModels", None)


def _provenance(effective: Mapping[str, Any], tiers: list[_Tier]) -> dict[str, ProvenanceEntry]:
    provenance: dict[str, ProvenanceEntry] = {}
    for key in effective:
        for tier in reversed(tiers):
            if tier.settings is not None and key in tier.settings:
                provenance[key] = ProvenanceEntry(
                    source=tier.source, path=tier.path, policy_origin=tier.policy_origin
                )
                break
    return provenance


def filter_escalating_default_mode(resolved: ResolvedSettings) -> Mapping[str, Any]:
    """``resolved.effective`` without ``permissions.defaultMode`` where the CLI would not honour it.

    The CLI applies this trust filter before it takes an escalating mode from settings: ``acceptEdits``
    is dropped when the highest tier that sets ``defaultMode`` is ``project`` (a file committed to the
    repository), ``bypassPermissions`` and ``auto`` when it is ``project`` or ``local``.
    """
    effective = resolved.effective
    permissions = as_object(effective.get("permissions"))
    mode = permissions.get("defaultMode") if permissions is not None else None
    if permissions is None or not isinstance(mode, str) or mode not in _ESCALATING:
        return effective
    for tier in reversed(resolved.sources):
        tier_permissions = as_object(tier.settings.get("permissions"))
        if tier_permissions is not None and "defaultMode" in tier_permissions:
            if tier.source in _UNTRUSTED_FOR.get(mode, _ALWAYS_UNTRUSTED):
                kept = {key: value for key, value in permissions.items() if key != "defaultMode"}
                return {**effective, "permissions": kept}
            return effective
    return effective
