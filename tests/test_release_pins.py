"""The names the pinned TypeScript SDK lists (``tests/data/sdk/sdk.d.ts``, 0.3.332, the release of the
primary pinned CLI) are the ones this version types: every hook event, with its input and output classes,
and every startup-failure reason.  When a release is followed (``tools/follow_release.py``, docs/releases.rst)
and the copy is replaced, these say what is left to type."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from trio_claude import HookEvent
from trio_claude.model import HOOK_INPUT_CLASSES, HOOK_SPECIFIC_OUTPUT_CLASSES, STARTUP_FAILURE_REASONS

SDK_D_TS = (Path(__file__).parent / "data" / "sdk" / "sdk.d.ts").read_text(encoding="utf-8")


def _declared(name: str) -> list[str]:
    """The members of the one-line ``export declare const NAME: ...;`` or ``export declare type NAME = ...;``:
    quoted strings or type names, in order."""
    match = re.search(rf"^export declare (?:const {name}:|type {name} =) (.*);$", SDK_D_TS, re.M)
    assert match is not None, name
    return re.findall(r"'([^']+)'", match.group(1)) or re.findall(r"\b([A-Z]\w+)\b", match.group(1))


def test_every_hook_event() -> None:
    assert list(get_args(HookEvent)) == _declared("HOOK_EVENTS")
    assert _declared("HookEvent") == _declared("HOOK_EVENTS")


def test_every_hook_input_and_output_class() -> None:
    assert {cls.__name__ for cls in HOOK_INPUT_CLASSES} == set(_declared("HookInput"))
    specific = re.search(r"hookSpecificOutput\?: (\w+HookSpecificOutput(?: \| \w+)*);", SDK_D_TS)
    assert specific is not None
    assert {cls.__name__ for cls in HOOK_SPECIFIC_OUTPUT_CLASSES} == set(specific.group(1).split(" | "))


def test_every_startup_failure_reason() -> None:
    assert list(STARTUP_FAILURE_REASONS) == _declared("SDKStartupFailureReason")
