"""The test kit: test your agents offline against the real CLI, and build conformance suites.

* :func:`serve_messages_api`: a scripted fake of the Anthropic Messages API on 127.0.0.1, so the real
  ``claude`` CLI runs offline and deterministically.
* :mod:`trio_claude.testing.strategies`: hypothesis strategies for every wire class.
* :func:`open_fake_cli`: a scripted fake of the ``claude`` CLI itself (in memory, or as a subprocess with
  :func:`fake_cli_command`), for unit tests of code that drives a session.
* :func:`run_session_store_conformance`: the contracts every :class:`~trio_claude.SessionStore` must meet.
* :func:`postgres_server`: a throw-away PostgreSQL server (Unix socket only) to test stores against.
* :func:`ssh_server`: a throw-away OpenSSH server on 127.0.0.1, to run the CLI "on another host".

It needs the ``testing`` extra (``pip install 'trio_claude[testing]'``: h11, pytest, pytest-trio,
hypothesis); without it, importing it raises an :class:`ImportError` that says so.  The pytest plugin
(:mod:`trio_claude.pytest_plugin`) lives outside it, so that pytest can load the plugin in every project
that has trio_claude installed.
"""

from __future__ import annotations

import importlib.util as _importlib_util

from .._exports import fix_module as _fix_module
from ._postgres import (
    PostgresServer as PostgresServer,
    PostgresServerError as PostgresServerError,
    find_postgres_bin as find_postgres_bin,
    postgres_server as postgres_server,
)
from ._sshd import (
    SSHServer as SSHServer,
    SSHServerError as SSHServerError,
    find_sshd as find_sshd,
    ssh_server as ssh_server,
)
from ._store_conformance import run_session_store_conformance as run_session_store_conformance
from ._workspace import Workspace as Workspace, open_workspace as open_workspace
from .fake_cli.command import (
    SCENARIOS as SCENARIOS,
    fake_cli_command as fake_cli_command,
    write_fake_cli_executable as write_fake_cli_executable,
)
from .fake_cli.process import (
    FakeCLI as FakeCLI,
    FakeCLIProcess as FakeCLIProcess,
    open_fake_cli as open_fake_cli,
)
from .fake_cli.script import (
    AskPermission as AskPermission,
    CallHook as CallHook,
    Crash as Crash,
    FakeAction as FakeAction,
    FakeCLIBehavior as FakeCLIBehavior,
    FakeCLIScript as FakeCLIScript,
    RawLine as RawLine,
    Say as Say,
    SendRequest as SendRequest,
    SentRequest as SentRequest,
    Sleep as Sleep,
    Stderr as Stderr,
    Stream as Stream,
    Think as Think,
    Together as Together,
)
from .messages_api.script import (
    APIError as APIError,
    ModelTurn as ModelTurn,
    RecordedRequest as RecordedRequest,
    ScriptError as ScriptError,
    Step as Step,
    Text as Text,
    Thinking as Thinking,
    ToolUse as ToolUse,
    Usage as Usage,
    text_turn as text_turn,
    tool_turn as tool_turn,
)
from .messages_api.server import MessagesAPI as MessagesAPI, serve_messages_api as serve_messages_api

_fix_module(__name__, globals())

# Checked after the imports (none of them needs the extra yet: h11 is imported on first use).
_MISSING = [
    name for name in ("h11", "pytest", "pytest_trio", "hypothesis") if not _importlib_util.find_spec(name)
]
if _MISSING:
    raise ImportError(
        "trio_claude.testing (the test kit) needs the 'testing' extra: pip install 'trio_claude[testing]' "
        f"(not installed: {', '.join(name.replace('_', '-') for name in _MISSING)})"
    )
