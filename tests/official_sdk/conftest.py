"""Fixtures for the ports of the official SDK's example programs.

The official examples build their options from nothing (no CLI path, environment or working directory), so
the tests give those as a user's shell would: ``PATH`` and ``TRIO_CLAUDE_CLI`` find the pinned CLI, the
environment points it at the scripted Messages API with a throw-away ``HOME``, and the working directory is
a throw-away project.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from trio_claude.testing import MessagesAPI


@pytest.fixture
def official_env(
    messages_api: MessagesAPI,
    claude_cli: Path,
    claude_home: Path,
    claude_project: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> MessagesAPI:
    """The scripted model, with this process's environment and working directory set up as a user's shell
    would be for the official examples to run unchanged."""
    for key, value in messages_api.cli_env(claude_home).items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("PATH", f"{claude_cli.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("TRIO_CLAUDE_CLI", str(claude_cli))
    monkeypatch.chdir(claude_project)
    return messages_api
