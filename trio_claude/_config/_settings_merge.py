"""How the CLI combines settings: the merge of one tier over another, and the restrictive slice of the
``managed_settings`` a host passes in (the lowest policy sub-source).

The rules are the CLI's own, as the TypeScript SDK 0.3.330 bundles them for ``resolveSettings``: objects
merge key by key at every depth; arrays concatenate without repeating a string, number or boolean (objects
are never taken for repeats); ``fallbackModel`` arrays and ``modelPicker`` values are replaced;
``extraKnownMarketplaces`` and ``managedMcpServers`` objects merge one level deep; anything else is replaced
by the higher tier's value (``null`` too).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, cast

__all__ = ["as_array", "as_object", "merge_settings", "restrictive_slice"]

_REPLACED_ARRAYS = frozenset({"fallbackModel"})
_SHALLOW_OBJECTS = frozenset({"extraKnownMarketplaces", "managedMcpServers"})
_MISSING: Any = object()

# The keys a host's managed settings may only turn on (``true``) or off (``false``), and those only read
# from it while the administrator's tier does not set them.
_TURNED_ON = ("disableRemoteControl", "disableAgentView", "disableWorkflows", "disableArtifact")
_TURNED_OFF = ("enableWorkflows", "enableArtifact")
_ADMIN_ALLOW_LISTS = ("allowedMcpServers", "availableModels", "strictKnownMarketplaces", "allowedProviders")
# The sandbox keys whose restrictive value a host may set (the CLI's list of restrictive settings).
_SANDBOX_RESTRICTIVE: tuple[tuple[tuple[str, ...], tuple[Any, ...]], ...] = (
    (("enabled",), (True,)),
    (("failIfUnavailable",), (True,)),
    (("autoAllowBashIfSandboxed",), (False,)),
    (("allowUnsandboxedCommands",), (False,)),
    (("enableWeakerNestedSandbox",), (False,)),
    (("enableWeakerNetworkIsolation",), (False,)),
    (("allowAppleEvents",), (False,)),
    (("allowNestedUserNamespaces",), (False,)),
    (("network", "allowManagedDomainsOnly"), (True,)),
    (("network", "strictAllowlist"), (True,)),
    (("network", "allowAllUnixSockets"), (False,)),
    (("network", "allowLocalBinding"), (False,)),
    (("windows", "backend"), ("sandboxuser",)),
    (("filesystem", "allowManagedReadPathsOnly"), (True,)),
    (("filesystem", "disabled"), (False,)),
    (("credentials", "allowPlaintextInject"), (False,)),
    (("credentials", "sigv4", "streaming"), ("deny",)),
    (("credentials", "sigv4", "presigned"), ("deny",)),
    (("credentials", "sigv4", "sigv4a"), ("deny",)),
)


def _same(a: Any, b: Any) -> bool:
    """JavaScript's ``SameValueZero`` on JSON values: primitives by value (``true`` is not ``1``), objects
    and arrays only when they are the same object."""
    if isinstance(a, (dict, list)) or isinstance(b, (dict, list)):
        return a is b
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)


def _unique(items: list[Any]) -> list[Any]:
    kept: list[Any] = []
    for item in items:
        if not any(_same(item, seen) for seen in kept):
            kept.append(item)
    return kept


def as_object(value: object) -> dict[str, Any] | None:
    """``value`` if it is a JSON object."""
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


def as_array(value: object) -> list[Any] | None:
    """``value`` if it is a JSON array."""
    if not isinstance(value, list):
        return None
    return cast("list[Any]", value)  # type: ignore[redundant-cast]  # pyright needs it


def _merge_value(old: Any, new: Any, key: str | int) -> Any:
    if key == "modelPicker":
        return copy.deepcopy(new)
    old_array, new_array = as_array(old), as_array(new)
    old_object, new_object = as_object(old), as_object(new)
    if old_array is not None and new_array is not None:
        return (
            copy.deepcopy(new_array)
            if key in _REPLACED_ARRAYS
            else _unique([*old_array, *copy.deepcopy(new_array)])
        )
    if key in _SHALLOW_OBJECTS and old_object is not None and new_object is not None:
        return {**old_object, **copy.deepcopy(new_object)}
    if new_array is not None:
        return [_merge_value(_MISSING, item, index) for index, item in enumerate(new_array)]
    if new_object is not None:
        if old_array is not None:  # lodash merges the object's keys into the array: JSON keeps the array
            return old_array
        return _merge_into(dict(old_object or {}), new_object)
    return new


def _merge_into(target: dict[str, Any], source: Mapping[str, Any]) -> dict[str, Any]:
    for key, value in source.items():
        target[key] = _merge_value(target.get(key, _MISSING), value, key)
    return target


def merge_settings(lower: Mapping[str, Any], higher: Mapping[str, Any]) -> dict[str, Any]:
    """``higher`` merged over ``lower``, as the CLI merges one settings tier over another (new objects: the
    arguments are left as they were)."""
    return _merge_into(copy.deepcopy(dict(lower)), higher)


def _get(value: Any, *path: str) -> Any:
    for key in path:
        found = as_object(value)
        if found is None:
            return None
        value = found.get(key)
    return value


def _set(target: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        inner = dict(as_object(target.get(key)) or {})
        target[key] = inner
        target = inner
    target[path[-1]] = value


def _pick(source: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {key: source[key] for key in keys if key in source}


def _truthy(value: Any) -> bool:
    """JavaScript's truthiness: an empty array or object is true."""
    return value is not None and value is not False and value != 0 and value != ""


def _hooks_disabled(settings: Mapping[str, Any]) -> bool:
    value = settings.get("disableAllHooks")
    return value is not None and value is not False and value != "false"


def _commit_trailers_off(settings: Mapping[str, Any]) -> bool:
    attribution = settings.get("attribution")
    trailers = _get(attribution, "commitTrailers")
    if isinstance(trailers, bool):
        return not trailers
    found = as_object(attribution)
    if found is not None and ("commit" in found or "pr" in found):
        return found.get("commit") == ""
    co_authored = settings.get("includeCoAuthoredBy")
    return co_authored is not None and not co_authored


def _permissions_slice(permissions: Mapping[str, Any], admin: Mapping[str, Any]) -> dict[str, Any]:
    kept = _pick(permissions, ("deny", "ask"))
    for kind in ("deny", "ask"):
        rules = as_array(kept.get(kind))
        if rules is not None:  # an exception ("Read(!path)") loosens the rules before it
            kept[kind] = [rule for rule in rules if not (isinstance(rule, str) and _is_exception(rule))]
    for key, value in (
        ("disableBypassPermissionsMode", "disable"),
        ("disableAutoMode", "disable"),
        ("blockReadsOutsideWorkingDirectories", True),
        ("blockWritesOutsideWorkingDirectories", True),
        ("denyInsteadOfPrompting", True),
    ):
        if permissions.get(key) == value and type(permissions.get(key)) is type(value):
            kept[key] = value
    if admin.get("allowManagedPermissionRulesOnly") is not True:
        allow, directories = permissions.get("allow"), permissions.get("additionalDirectories")
        if _truthy(allow) and _get(admin, "sandbox", "network", "allowManagedDomainsOnly") is not True:
            kept["allow"] = allow
        if _truthy(directories):
            kept["additionalDirectories"] = directories
    return kept


def _is_exception(rule: str) -> bool:
    return rule.startswith(("Read(!", "Edit(!", "Read(./!", "Edit(./!"))


def _sandbox_slice(sandbox: Mapping[str, Any], admin: Mapping[str, Any]) -> dict[str, Any]:
    kept: dict[str, Any] = {}
    network, filesystem = as_object(sandbox.get("network")), as_object(sandbox.get("filesystem"))
    network_kept = _pick(network, ("deniedDomains",)) if network is not None else {}
    managed_domains_only = _get(admin, "sandbox", "network", "allowManagedDomainsOnly") is True
    if network is not None and _truthy(network.get("allowedDomains")) and not managed_domains_only:
        network_kept["allowedDomains"] = network["allowedDomains"]
    if network_kept:
        kept["network"] = network_kept
    filesystem_kept = _pick(filesystem, ("denyRead", "denyWrite")) if filesystem is not None else {}
    managed_reads_only = _get(admin, "sandbox", "filesystem", "allowManagedReadPathsOnly") is True
    if filesystem is not None and _truthy(filesystem.get("allowRead")) and not managed_reads_only:
        filesystem_kept["allowRead"] = filesystem["allowRead"]
    if filesystem_kept:
        kept["filesystem"] = filesystem_kept
    restrictive: dict[str, Any] = {}
    for path, values in _SANDBOX_RESTRICTIVE:
        value = _get(sandbox, *path)
        if any(value == v and type(value) is type(v) for v in values):
            _set(restrictive, path, value)
    return merge_settings(kept, restrictive)


def restrictive_slice(parent: Mapping[str, Any], admin: Mapping[str, Any]) -> dict[str, Any]:
    """What the policy tier takes from the ``managed_settings`` a host passes in: only what restricts
    (deny and ask rules, ``allowManaged*Only`` locks, features turned off, sandbox restrictions, denied
    models and MCP servers), and the allow-lists the administrator's tier (``admin``) leaves unset.

    Left out (a deliberate difference, rare in practice): the ``pluginConfigs`` policy options and the
    sandbox ``credentials`` rules the CLI also takes from it.
    """
    kept: dict[str, Any] = {}
    if parent.get("allowManagedHooksOnly") is True or _hooks_disabled(parent):
        kept["allowManagedHooksOnly"] = True
    if parent.get("disableSkillShellExecution") is True:
        kept["disableSkillShellExecution"] = True
    kept.update({key: True for key in _TURNED_ON if parent.get(key) is True})
    kept.update({key: False for key in _TURNED_OFF if parent.get(key) is False})
    plugins = as_object(admin.get("enabledPlugins")) or {}
    plugins_on = any(v is not False and v is not None for v in plugins.values())
    if "hooks" not in admin and not plugins_on:
        for key in ("allowedHttpHookUrls", "httpHookAllowedEnvVars"):
            if parent.get(key) == []:
                kept[key] = []
    for key in (
        "disableCommandPluginSources",
        "disableSideloadFlags",
        "disableWindowsBashCommandSplit",
        "allowManagedMcpServersOnly",
        "disableClaudeAiConnectors",
    ):
        if parent.get(key) is True:
            kept[key] = True
    for key in ("syncClaudeAiSkills", "syncClaudeAiPlugins"):
        if parent.get(key) is False:
            kept[key] = False
    if _get(parent, "remoteTools", "allowUnattendedServing") is False:
        kept["remoteTools"] = {"allowUnattendedServing": False}
    if parent.get("allowManagedPermissionRulesOnly") is True:
        kept["allowManagedPermissionRulesOnly"] = True
    if parent.get("disableAutoMode") == "disable":
        kept["disableAutoMode"] = "disable"
    share = _get(parent, "remoteControl", "shareHostProfile")
    if share in ("off", "basic"):
        kept["remoteControl"] = {"shareHostProfile": share}
    if _commit_trailers_off(parent):
        kept["attribution"] = {"commitTrailers": False}
    if _get(parent, "attribution", "sessionUrl") is False:
        kept["attribution"] = {**kept.get("attribution", {}), "sessionUrl": False}
    strict = parent.get("strictPluginOnlyCustomization")
    if strict is True or (isinstance(strict, list) and strict):
        kept["strictPluginOnlyCustomization"] = strict
    if _truthy(parent.get("deniedMcpServers")):
        kept["deniedMcpServers"] = parent["deniedMcpServers"]
    for key in ("blockedMarketplaces", "deniedModels"):
        if as_array(parent.get(key)):
            kept[key] = parent[key]
    if "forceLoginOrgUUID" not in admin and _truthy(parent.get("forceLoginOrgUUID")):
        kept["forceLoginOrgUUID"] = parent["forceLoginOrgUUID"]
    for key in _ADMIN_ALLOW_LISTS:
        if key not in admin and _truthy(parent.get(key)):
            kept[key] = parent[key]
    if parent.get("enforceAvailableModels") is True:
        kept["enforceAvailableModels"] = True
    if parent.get("availableModelsMatch") == "exact":
        kept["availableModelsMatch"] = "exact"
    permissions = as_object(parent.get("permissions"))
    if permissions is not None:
        sliced = _permissions_slice(permissions, admin)
        if sliced:
            kept["permissions"] = sliced
    sandbox = as_object(parent.get("sandbox"))
    if sandbox is not None:
        sliced = _sandbox_slice(sandbox, admin)
        if sliced:
            kept["sandbox"] = sliced
    return copy.deepcopy(kept)
