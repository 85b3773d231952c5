"""The test kit: test your agents offline against the real CLI, and build conformance suites.

* :func:`serve_messages_api`: a scripted fake of the Anthropic Messages API on 127.0.0.1, so the real
  ``claude`` CLI runs offline and deterministically.
* :mod:`trio_claude.testing.strategies`: hypothesis strategies for every wire class.
* :func:`open_fake_cli`: a scripted fake of the ``claude`` CLI itself (in memory, or as a subprocess with
  :func:`fake_cli_command`), for unit tests of code that drives a session.
* :func:`run_session_store_conformance`: the contracts every :class:`~trio_claude.SessionStore` must meet.
* :func:`postgres_server`: a throw-away PostgreSQL server (Unix socket only) to test stores against.
* a pytest plugin (``pytest11`` entry point) with fixtures for the fake API and the real CLI.
"""

from __future__ import annotations

from ._postgres import PostgresServer as PostgresServer
from ._postgres import PostgresServerError as PostgresServerError
from ._postgres import find_postgres_bin as find_postgres_bin
from ._postgres import postgres_server as postgres_server
from ._store_conformance import run_session_store_conformance as run_session_store_conformance
from ._workspace import Workspace as Workspace
from ._workspace import open_workspace as open_workspace
from .fake_cli.command import SCENARIOS as SCENARIOS
from .fake_cli.command import fake_cli_command as fake_cli_command
from .fake_cli.command import write_fake_cli_executable as write_fake_cli_executable
from .fake_cli.process import FakeCLI as FakeCLI
from .fake_cli.process import FakeCLIProcess as FakeCLIProcess
from .fake_cli.process import open_fake_cli as open_fake_cli
from .fake_cli.script import AskPermission as AskPermission
from .fake_cli.script import CallHook as CallHook
from .fake_cli.script import Crash as Crash
from .fake_cli.script import FakeAction as FakeAction
from .fake_cli.script import FakeCLIBehavior as FakeCLIBehavior
from .fake_cli.script import FakeCLIScript as FakeCLIScript
from .fake_cli.script import RawLine as RawLine
from .fake_cli.script import Say as Say
from .fake_cli.script import SendRequest as SendRequest
from .fake_cli.script import SentRequest as SentRequest
from .fake_cli.script import Sleep as Sleep
from .fake_cli.script import Stderr as Stderr
from .fake_cli.script import Stream as Stream
from .fake_cli.script import Think as Think
from .fake_cli.script import Together as Together
from .messages_api.script import APIError as APIError
from .messages_api.script import ModelTurn as ModelTurn
from .messages_api.script import RecordedRequest as RecordedRequest
from .messages_api.script import ScriptError as ScriptError
from .messages_api.script import Step as Step
from .messages_api.script import Text as Text
from .messages_api.script import Thinking as Thinking
from .messages_api.script import ToolUse as ToolUse
from .messages_api.script import Usage as Usage
from .messages_api.script import text_turn as text_turn
from .messages_api.script import tool_turn as tool_turn
from .messages_api.server import MessagesAPI as MessagesAPI
from .messages_api.server import serve_messages_api as serve_messages_api
