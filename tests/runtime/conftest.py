"""A deadline for every runtime test: a runtime bug shows up as a hang (a CLI waiting for an answer that
never comes), and a hang must fail its test, not stall the whole run."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import trio

DEADLINE = 60.0
"""Seconds per test (virtual seconds under the autojump clock, so a hang fails at once there)."""


def _with_deadline(test: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    @functools.wraps(test)
    async def run(*args: Any, **kwargs: Any) -> None:
        with trio.fail_after(DEADLINE):
            await test(*args, **kwargs)

    return run


_HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if (
            isinstance(item, pytest.Function)
            and item.path.is_relative_to(_HERE)
            and inspect.iscoroutinefunction(item.obj)
        ):
            item.obj = _with_deadline(item.obj)
