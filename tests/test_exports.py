"""Every public name is exported once, from the face the docs name, and says so in its ``__module__``.

The faces are the packages users import from.  The top level also re-exports the model classes that the
official SDK exports from *its* top level (``from claude_agent_sdk import AssistantMessage`` becomes
``from trio_claude import AssistantMessage``); those stay at home in :mod:`trio_claude.model`.
"""

from __future__ import annotations
import __future__

import ast
import importlib
import inspect
import re
import subprocess
import sys
import types
from pathlib import Path

import attrs
import pytest

import trio_claude
from trio_claude import model, protocol

FACES = (
    "trio_claude",
    "trio_claude.model",
    "trio_claude.model.tools",
    "trio_claude.protocol",
    "trio_claude.wire",
    "trio_claude.testing",
)
DOCS = Path(__file__).resolve().parent.parent / "docs"


def _public(face: str) -> dict[str, object]:
    module = importlib.import_module(face)
    names = getattr(module, "__all__", None) or dir(module)  # dir: names loaded on first use too
    return {
        name: value
        for name, value in ((name, getattr(module, name)) for name in names)
        if not name.startswith("_") and not isinstance(value, (types.ModuleType, __future__._Feature))
    }


def _ours(value: object) -> bool:
    module = getattr(value, "__module__", None)
    return (
        (inspect.isclass(value) or inspect.isfunction(value))
        and isinstance(module, str)
        and module.startswith("trio_claude")
    )


def _home(value: object) -> str:
    """The face of ``value``: its ``__module__`` when that is a face, else the face whose package holds the
    module that defines it (annotated classes keep their defining module, see ``_exports.py``)."""
    module: str = value.__module__
    if module in FACES:
        return module
    return max((face for face in FACES if module.startswith(face + ".")), key=len)


def _has_annotations(value: object) -> bool:
    """attrs classes and classes with annotations of their own keep their defining module."""
    return inspect.isclass(value) and (attrs.has(value) or bool(inspect.get_annotations(value)))


EXPORTS = [(face, name, value) for face in FACES for name, value in _public(face).items() if _ours(value)]


@pytest.mark.parametrize(("face", "name", "value"), EXPORTS, ids=[f"{f}.{n}" for f, n, _ in EXPORTS])
def test_each_export_is_at_home_in_its_face(face: str, name: str, value: object) -> None:
    home = _home(value)
    assert name == value.__name__  # type: ignore[attr-defined]
    assert getattr(importlib.import_module(home), name) is value, f"{name} is not exported from {home}"
    if home != face:  # a second face exports it: only the official SDK's names at the top level
        assert (face, home) == ("trio_claude", "trio_claude.model"), f"{face}.{name} duplicates {home}.{name}"
    if not _has_annotations(value):
        assert value.__module__ == home, f"{home}.{name} says it is {value.__module__}.{name}"


def test_the_module_is_fixed_up_where_users_see_it() -> None:
    assert repr(trio_claude.ClaudeSession) == "<class 'trio_claude.ClaudeSession'>"
    assert trio_claude.open_session.__module__ == "trio_claude"
    assert repr(trio_claude.ClaudeSDKError) == "<class 'trio_claude.ClaudeSDKError'>"
    assert repr(protocol.ProtocolError) == "<class 'trio_claude.protocol.ProtocolError'>"
    # Annotated classes keep their defining module: typing.get_type_hints resolves their annotations there.
    assert model.ResultMessage.__module__.startswith("trio_claude.model.")
    assert "session_id" in __import__("typing").get_type_hints(model.ResultMessage)


def test_the_names_loaded_on_first_use_are_those_type_checkers_see() -> None:
    """The face imports some modules on first use (``__getattr__``); type checkers and readers see the
    same names imported under ``if TYPE_CHECKING:``.  The two lists must agree."""
    tree = ast.parse(inspect.getsource(trio_claude))
    (block,) = [n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"]
    imported = {
        "." * imp.level + (imp.module or ""): tuple(alias.name for alias in imp.names)
        for imp in block.body
        if isinstance(imp, ast.ImportFrom)
    }
    assert imported == trio_claude._ON_FIRST_USE
    assert all(alias.asname == alias.name for imp in block.body for alias in imp.names)  # type: ignore[attr-defined]


def test_a_plain_import_leaves_stores_history_and_tools_for_later() -> None:
    code = (
        "import sys, trio_claude; "
        "print(sorted(m for m in sys.modules if m.startswith(('trio_claude._stores', 'trio_claude._history', "
        "'trio_claude._mcp._tools', 'sqlite3'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    # On first use they load, under the face's name.
    code = "import trio_claude as t; print(t.SQLiteSessionStore.__module__, t.tool.__module__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["trio_claude", "trio_claude"]


def test_a_plain_import_leaves_prewarm_for_later() -> None:
    code = (
        "import sys, trio_claude; "
        "print(sorted(m for m in sys.modules if m.startswith(('trio_claude._config._claim', "
        "'trio_claude._runtime._spare'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    code = (
        "import trio_claude as t; "
        "print(t.prewarm.__module__, t.SpareProcess.__name__, t.ClaimOptions.__name__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["trio_claude", "SpareProcess", "ClaimOptions"]


def test_a_plain_import_leaves_the_session_store_runtime_for_later() -> None:
    """Resuming from and mirroring to a ``session_store`` load their modules when a session has a store
    (``tests/runtime/test_mirror.py``, ``tests/stores``)."""
    code = (
        "import sys, trio_claude; "
        "print(sorted(m for m in sys.modules if m.startswith(('trio_claude._runtime._mirror', "
        "'trio_claude._runtime._materialise'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_star_import_takes_the_names_loaded_on_first_use_too() -> None:
    namespace: dict[str, object] = {}
    exec("from trio_claude import *", namespace)
    assert namespace["tool"] is trio_claude.tool
    assert namespace["InMemorySessionStore"] is trio_claude.InMemorySessionStore
    assert namespace["open_session"] is trio_claude.open_session


@pytest.mark.parametrize("face", ["trio_claude", "trio_claude.model"])
def test_all_lists_only_the_public_api(face: str) -> None:
    module = importlib.import_module(face)
    names = module.__all__
    assert not {"annotations", "TYPE_CHECKING"} & set(names)  # the face's own imports
    assert not [name for name in names if isinstance(getattr(module, name), types.ModuleType)]
    assert len(names) == len(set(names))


def test_unknown_names_still_fail_as_before() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        trio_claude.no_such_thing  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(ImportError, match="ClaudeSDKClient"):
        trio_claude.ClaudeSDKClient  # type: ignore[attr-defined]  # noqa: B018


def test_the_protocol_errors_are_sdk_errors() -> None:
    for error in (protocol.ProtocolError, protocol.LocalProtocolError, protocol.RemoteProtocolError):
        assert issubclass(error, trio_claude.ClaudeSDKError)
    assert issubclass(protocol.LineTooLongError, protocol.RemoteProtocolError)


def test_there_is_one_need_data() -> None:
    assert protocol.NEED_DATA is protocol.NoLine.NEED_DATA
    assert protocol.Connection().next_event() is protocol.NEED_DATA


def _documented() -> set[str]:
    """The names the docs document with a directive (``.. autoclass:: X``, ``.. py:data:: X``...) or list in
    an ``automodule``'s ``:members:``."""
    names: set[str] = set()
    for page in DOCS.rglob("*.rst"):
        text = page.read_text(encoding="utf-8")
        names.update(
            m.group(1).rsplit(".", 1)[-1]
            for m in re.finditer(r"^\.\. (?:auto\w+|py:\w+):: +(\S+)", text, re.M)
        )
        for members in re.finditer(r":members: *([^\n]*(?:\n {6,}[^\n]*)*)", text):
            names.update(re.findall(r"\w+", members.group(1)))
    return names


# automodule with :imported-members: documents every public name of these faces.
_WHOLE_FACES = {"trio_claude.model", "trio_claude.model.tools", "trio_claude.protocol", "trio_claude.testing"}


def test_every_export_is_documented() -> None:
    documented = _documented()
    missing = [
        f"{face}.{name}"
        for face, name, value in EXPORTS
        if face not in _WHOLE_FACES and _home(value) == face and name not in documented
    ]
    assert missing == []
