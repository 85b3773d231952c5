"""What a hook callback answers, as type aliases: :data:`HookOutput` and :data:`HookJSONOutput`.

Loaded on first use (the top level's ``__getattr__``), with the model's hook output classes they name: a
session that registers no hooks does not create those classes.  Pure: imports no trio."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

from ..model._hooks import AsyncHookOutput, SyncHookOutput

HookOutput: TypeAlias = SyncHookOutput | AsyncHookOutput
"""A hook's typed answer (a callback may also return ``None``, "no opinion", or the CLI's JSON as a dict:
see :data:`HookCallback`)."""


HookJSONOutput: TypeAlias = SyncHookOutput | AsyncHookOutput | Mapping[str, Any]
"""What a hook callback returns besides ``None``: a typed :data:`HookOutput`, or the CLI's JSON as a dict
(the official Python SDK's name, whose hooks return such dicts)."""
