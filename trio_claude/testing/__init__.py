"""The test kit: test your agents offline against the real CLI, and build conformance suites.

* :func:`serve_messages_api`: a scripted fake of the Anthropic Messages API on 127.0.0.1, so the real
  ``claude`` CLI runs offline and deterministically.
* :mod:`trio_claude.testing.strategies`: hypothesis strategies for every wire class.
* a pytest plugin (``pytest11`` entry point) with fixtures for the fake API and the real CLI.
"""

from __future__ import annotations

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
