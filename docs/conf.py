"""Sphinx configuration for the trio_claude documentation.

Built with ``sphinx-build -W --keep-going -n``: every warning fails the build and every cross-reference
must resolve. There is no intersphinx (the build runs without network), so references into the standard
library and the dependencies are listed below as known-unresolvable instead.
"""

from __future__ import annotations

import builtins
import re
import sys
from pathlib import Path

from sphinx.util.inspect import TypeAliasForwardRef

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))  # the local extension that renders docs/parity.toml

_version_source = (ROOT / "trio_claude" / "_version.py").read_text()
_version_match = re.search(r'__version__\s*=\s*"([^"]+)"', _version_source)
if _version_match is None:
    raise RuntimeError("trio_claude/_version.py does not define __version__")

project = "trio_claude"
author = "trio_claude developers"
copyright = "trio_claude developers"
release = _version_match.group(1)
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "parity",
]

root_doc = "index"
exclude_patterns = ["_build", "_ext"]
nitpicky = True

# autodoc: signatures carry the types, the Google-style docstrings carry the prose.
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
autodoc_class_signature = "separated"
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
# "Attributes:" sections become :ivar: fields, so they do not clash with the attributes autodoc documents.
napoleon_use_ivar = True

# Type aliases stay by name in signatures (a Prompt, not the 30-line union it stands for); each is
# documented on its page, and the bare names are among the known-unresolvable names below.
_TYPE_ALIASES = [
    "AnyPermissionUpdate",
    "BuiltinToolName",
    "CanUseTool",
    "ContentBlock",
    "ContextUsageDetail",
    "ControlFrame",
    "ControlRequestPayload",
    "DecisionClassification",
    "EffortLevel",
    "ElicitationAction",
    "ExitReason",
    "Frame",
    "HookCallback",
    "HookEvent",
    "HookFailurePolicy",
    "HookInput",
    "HookJSONOutput",
    "HookMap",
    "HookOutput",
    "HookPermissionDecision",
    "HookSpecificOutput",
    "JSONObject",
    "JSONValue",
    "McpPermissionModeOverride",
    "McpServers",
    "Message",
    "OnElicitation",
    "OnUserDialog",
    "PermissionBehavior",
    "PermissionMode",
    "PermissionResult",
    "PermissionUpdate",
    "PermissionUpdateDestination",
    "PermissionUpdateType",
    "PolicySettingsOrigin",
    "Prompt",
    "ReadFileEncoding",
    "ResolvedSettingSource",
    "SessionStoreFlushMode",
    "SettingSource",
    "SettingsSource",
    "Spawn",
    "StderrCallback",
    "ThinkingConfig",
    "ThinkingDisplay",
    "ToolContent",
    "UserDialogBehavior",
    "ToolInput",
    "ToolOutput",
    "KnownToolInput",
    "KnownToolOutput",
]
# (also as the runtime's annotations spell them, ``model.Message``)
autodoc_type_aliases = {spelling: name for name in _TYPE_ALIASES for spelling in (name, f"model.{name}")}

# Types that cannot be resolved without intersphinx. Anything in trio_claude itself must resolve.
_REFERENCE_ROLES = ("py:class", "py:exc", "py:obj", "py:data", "py:func", "py:meth", "py:attr", "py:mod")
_EXTERNAL_MODULES = (
    "trio",
    "attrs",
    "attr",
    "cattrs",
    "cattr",
    "orjson",
    "h11",
    "hypothesis",
    "pytest",
    "_pytest",
    "outcome",
    # The standard library modules whose types appear in signatures.
    "abc",
    "asyncio",
    "collections",
    "contextlib",
    "dataclasses",
    "datetime",
    "enum",
    "io",
    "json",
    "os",
    "pathlib",
    "re",
    "subprocess",
    "types",
    "typing",
    "typing_extensions",
    "uuid",
    "random",
    "secrets",
)
_EXTERNAL_NAMES = (
    # Bare names that annotations and napoleon emit without a module.
    "Path",
    "PathLike",
    "Any",
    "Self",
    "TypeAlias",
    "Callable",
    "Awaitable",
    "Coroutine",
    "AsyncIterator",
    "AsyncIterable",
    "AsyncGenerator",
    "Iterator",
    "Iterable",
    "Mapping",
    "MutableMapping",
    "Sequence",
    "NoneType",
    "Ellipsis",
    "EllipsisType",
    "...",
    # trio_claude's own type aliases: autodoc shows them by name in signatures but documents them as data.
    "JSONObject",
    "JSONValue",
    "ContentBlock",
    "PermissionMode",
    "PermissionUpdate",
    "PermissionResult",
    "ControlRequestPayload",
    "Message",
    "Frame",
    "ControlFrame",
    "Step",
    "Answer",
    "Block",
    "RequestKind",
    "ResponseT",
    "Spawn",
    "CanUseTool",
    "StderrCallback",
    # Sentinels and instance attributes named in docstrings of the sans-IO core and the test kit.
    "NEED_DATA",
    "EOF",
    "converter",
    "errors",
    "base_url",
    "MessagesAPI.errors",
    "MessagesAPI.requests",
    "ModelTurn.stall",
)
# Fields named ``type`` on several classes make bare ``type`` references ambiguous; they all mean the builtin.
suppress_warnings = ["ref.python"]

nitpick_ignore = [
    (role, name) for role in _REFERENCE_ROLES for name in (*dir(builtins), *_EXTERNAL_NAMES, *_TYPE_ALIASES)
]
nitpick_ignore_regex = [
    *((role, rf"{re.escape(module)}(\..+)?") for role in _REFERENCE_ROLES for module in _EXTERNAL_MODULES),
    # trio_claude's type aliases, named with their module.
    *(
        (role, rf"trio_claude\.(model\.)?{alias}")
        for role in _REFERENCE_ROLES
        for alias in (
            "ContentBlock",
            "ControlRequestPayload",
            "PermissionUpdate",
            "PermissionResult",
            "Message",
            "Frame",
            "ControlFrame",
            "JSONObject",
            "JSONValue",
            "PermissionMode",
        )
    ),
    # Type variables (T, T_co, _P...), which autodoc does not document.
    *((role, r"(.+\.)?_?[A-Z](_co|_contra)?") for role in _REFERENCE_ROLES),
    # The session's engine, in the signatures of the classes a session hands out (users never build them).
    *((role, r"trio_claude\._runtime\._\w+\.(SessionCore|MessageBuffer)") for role in _REFERENCE_ROLES),
]


def _read_attribute_docs_where_defined() -> None:
    """Public classes say ``__module__ = "trio_claude"`` (their face), but autodoc reads attribute docstrings
    (``self.name = ...`` followed by a string) from the source of ``__module__``: for the build, give each
    class back the module that defines it.  The pages still document it under its face (the directives say
    where)."""
    import trio_claude.testing  # every face fixes its names up when imported
    from trio_claude._exports import defined_in, fixed_up

    for name in dir(trio_claude):  # and the names the top level loads on first use, when they load
        getattr(trio_claude, name)

    for value in fixed_up():
        if isinstance(value, type):
            value.__module__ = defined_in(value) or value.__module__


_read_attribute_docs_where_defined()

html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
html_title = f"trio_claude {release}"
toc_object_entries = False  # the API pages list hundreds of members: the sidebar lists sections only


def _alias_by_name(alias: TypeAliasForwardRef) -> str:
    return alias.name


# Sphinx 9 writes an alias nested in a union or a generic by its repr, "TypeAliasForwardRef('Prompt')":
# write the name, as it does for an alias standing alone.
TypeAliasForwardRef.__repr__ = _alias_by_name  # type: ignore[method-assign]
