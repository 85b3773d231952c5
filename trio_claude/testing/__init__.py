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

from ._fake_cli import SCENARIOS as SCENARIOS
from ._fake_cli import AskPermission as AskPermission
from ._fake_cli import CallHook as CallHook
from ._fake_cli import Crash as Crash
from ._fake_cli import FakeAction as FakeAction
from ._fake_cli import FakeCLI as FakeCLI
from ._fake_cli import FakeCLIBehavior as FakeCLIBehavior
from ._fake_cli import FakeCLIProcess as FakeCLIProcess
from ._fake_cli import FakeCLIScript as FakeCLIScript
from ._fake_cli import RawLine as RawLine
from ._fake_cli import Say as Say
from ._fake_cli import SendRequest as SendRequest
from ._fake_cli import SentRequest as SentRequest
from ._fake_cli import Sleep as Sleep
from ._fake_cli import Stderr as Stderr
from ._fake_cli import Stream as Stream
from ._fake_cli import Think as Think
from ._fake_cli import Together as Together
from ._fake_cli import fake_cli_command as fake_cli_command
from ._fake_cli import open_fake_cli as open_fake_cli
from ._fake_cli import write_fake_cli_executable as write_fake_cli_executable
from ._messages_api import APIError as APIError
from ._messages_api import MessagesAPI as MessagesAPI
from ._messages_api import ModelTurn as ModelTurn
from ._messages_api import RecordedRequest as RecordedRequest
from ._messages_api import ScriptError as ScriptError
from ._messages_api import Step as Step
from ._messages_api import Text as Text
from ._messages_api import Thinking as Thinking
from ._messages_api import ToolUse as ToolUse
from ._messages_api import Usage as Usage
from ._messages_api import serve_messages_api as serve_messages_api
from ._messages_api import text_turn as text_turn
from ._messages_api import tool_turn as tool_turn
from ._postgres import PostgresServer as PostgresServer
from ._postgres import PostgresServerError as PostgresServerError
from ._postgres import find_postgres_bin as find_postgres_bin
from ._postgres import postgres_server as postgres_server
from ._store_conformance import run_session_store_conformance as run_session_store_conformance
from ._workspace import Workspace as Workspace
from ._workspace import open_workspace as open_workspace
