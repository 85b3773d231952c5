"""trio_claude: a Trio-native Python SDK for the Claude Code agent."""

from __future__ import annotations

from ._version import __version__ as __version__
