"""pytest plugin (registered as ``trio_claude`` through the ``pytest11`` entry point)."""

from __future__ import annotations
