"""Every Python code block of the documentation runs, as a reader would run it, against the real CLI offline.

The blocks of a page run in order in one namespace, as a reader pastes them into ``python -m asyncio``'s
Trio cousin: top-level ``await``/``async with`` are allowed, and a later block may use what an earlier one
defined.  The process looks like a user's machine with a logged-in CLI, except that ``HOME`` is a throw-away
directory and the model is the scripted Messages API (its environment is set the way
:meth:`~trio_claude.testing.MessagesAPI.cli_env` gives it), so blocks that call ``open_query("...")`` with
no options run as written.

Two kinds of reStructuredText comment (invisible on the page) steer a block:

* ``.. test setup:`` followed by indented code, just before a block: run first, in the page's namespace
  (``api`` is the scripted Messages API, ``project`` the current directory), e.g. to script the model's
  answers or to stand in for the reader's own objects; ``needs_cli((2, 1, 330))`` there leaves the block
  out on an older CLI (the real-CLI tests also run against the oldest supported one);
* ``.. test with pytest`` (or ``.. test with pytest:`` followed by indented code to put first), just
  before a block: the block is a test file; it is saved as one and run with ``python -m pytest`` (with the
  fixtures of trio_claude's pytest plugin), and must pass;
* ``.. not run: REASON``, just before a block: the block is only compiled.  Keep these few (a real API key,
  a server on another host); the reasons are listed below and checked.

``.. literalinclude::`` of ``examples/`` is tested where the example runs (tests/test_examples.py), and the
migration guide's samples, in pairs of official and trio_claude code, by
tests/official_sdk/test_migration_guide.py.
"""

from __future__ import annotations

import ast
import doctest
import functools
import inspect
import os
import queue
import re
import subprocess
import sys
import textwrap
import threading
from collections.abc import Coroutine, Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio

from trio_claude.testing import MessagesAPI, serve_messages_api

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.rst") if "_build" not in p.parts)

#: The blocks that are only compiled, by page, with the reason the page gives.
NOT_RUN = {
    "hooks.rst": ["a part of examples/elicitation_form.py, shown whole below"],
    "permissions.rst": ["a part of examples/approval_queue.py, which runs whole"],
    "scale.rst": ["needs a PostgreSQL server and a host-a (the stores page runs a store on a real server)"],
    "sessions.rst": ["the CLI asks for a dialog only after the real API refused a request"],
}

_DIRECTIVE = re.compile(r"^(?P<indent> *)\.\. code-block:: python\s*$")
_SETUP = re.compile(r"^ *\.\. test setup:\s*$")
_PYTEST = re.compile(r"^ *\.\. test with pytest:?\s*$")
_NOT_RUN = re.compile(r"^ *\.\. not run: (?P<reason>.+)$")


@attrs.frozen
class Block:
    """One ``code-block:: python`` of a page."""

    page: str
    line: int
    code: str
    setup: str = ""
    not_run: str | None = None
    pytest_file: bool = False

    @property
    def name(self) -> str:
        return f"{self.page}:{self.line}"


def _indented_after(lines: list[str], start: int, indent: int) -> tuple[list[str], int]:
    """The lines from ``start`` indented deeper than ``indent`` (blank lines included), and where they end."""
    end = start
    while end < len(lines) and (
        not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent
    ):
        end += 1
    return lines[start:end], end


def _comment_before(lines: list[str], directive: int) -> tuple[str, str | None, bool]:
    """The ``test setup`` code, ``not run`` reason, or ``test with pytest`` of the comment just before a
    directive (at the directive's indentation)."""
    indent = len(lines[directive]) - len(lines[directive].lstrip())
    head = directive - 1
    while head >= 0 and (not lines[head].strip() or len(lines[head]) - len(lines[head].lstrip()) > indent):
        head -= 1
    if head < 0:
        return "", None, False
    if _SETUP.match(lines[head]) or _PYTEST.match(lines[head]):
        setup = textwrap.dedent("\n".join(lines[head + 1 : directive]))
        return setup, None, bool(_PYTEST.match(lines[head]))
    if match := _NOT_RUN.match(lines[head]):
        return "", match["reason"], False
    return "", None, False


def blocks_of(page: Path) -> Iterator[Block]:
    lines = page.read_text().splitlines()
    name = page.relative_to(DOCS).as_posix()
    for number, text in enumerate(lines):
        match = _DIRECTIVE.match(text)
        if not match:
            continue
        indent = len(match["indent"])
        body, _ = _indented_after(lines, number + 1, indent)
        while body and body[0].lstrip().startswith(":"):  # the directive's options
            body = body[1:]
        setup, not_run, pytest_file = _comment_before(lines, number)
        code = textwrap.dedent("\n".join(body)).strip("\n") + "\n"
        yield Block(name, number + 1, code, setup, not_run, pytest_file)


PAGE_BLOCKS = {page.relative_to(DOCS).as_posix(): list(blocks_of(page)) for page in PAGES}
TESTED_ELSEWHERE = {"migration.rst"}
RUN_PAGES = sorted(name for name, blocks in PAGE_BLOCKS.items() if blocks and name not in TESTED_ELSEWHERE)


def test_every_block_compiles() -> None:
    failed: list[str] = []
    for blocks in PAGE_BLOCKS.values():
        for block in blocks:
            for code in (block.setup, block.code):
                if code.lstrip().startswith(">>>"):
                    continue
                try:
                    compile(code, block.name, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
                except SyntaxError as error:
                    failed.append(f"{block.name}: {error}")
    assert failed == []


def test_the_blocks_not_run_are_the_listed_few() -> None:
    found = {
        name: [b.not_run for b in blocks if b.not_run is not None]
        for name, blocks in PAGE_BLOCKS.items()
        if any(b.not_run is not None for b in blocks)
    }
    assert found == NOT_RUN


def _run(code: str, name: str, namespace: dict[str, Any]) -> None:
    """Run one block (or its set-up) as a reader would: a doctest as a doctest, top-level ``await`` under
    its own ``trio.run``, anything else (``trio.run(main)`` included) as a plain script."""
    if code.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(code, namespace, name, name, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, clear_globs=False)
        assert runner.failures == 0, f"{name}: the doctest's output differs (see above)"
        return
    compiled = compile(code, name, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    result = eval(compiled, namespace)
    if inspect.iscoroutine(result):
        trio.run(_bounded, result)


async def _bounded(awaitable: Coroutine[Any, Any, Any]) -> None:
    with trio.fail_after(120):
        await awaitable


@contextmanager
def _scripted_api_in_a_thread() -> Generator[MessagesAPI, None, None]:
    """The scripted Messages API, served by its own Trio loop in a thread for as long as the page runs
    (the page's blocks start and end their own loops)."""
    started: queue.Queue[tuple[MessagesAPI, trio.lowlevel.TrioToken, trio.Event]] = queue.Queue()

    async def serve() -> None:
        async with serve_messages_api() as api:
            done = trio.Event()
            started.put((api, trio.lowlevel.current_trio_token(), done))
            await done.wait()

    thread = threading.Thread(target=trio.run, args=(serve,), daemon=True)
    thread.start()
    api, token, done = started.get(timeout=60)
    try:
        yield api
    finally:
        trio.from_thread.run_sync(done.set, trio_token=token)
        thread.join(timeout=60)


@pytest.mark.real_cli
@pytest.mark.parametrize("page", RUN_PAGES)
def test_page_blocks_run(
    page: str,
    claude_cli: Path,
    claude_cli_version: tuple[int, ...],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    monkeypatch.chdir(project)
    monkeypatch.setenv("TRIO_CLAUDE_CLI", str(claude_cli))
    monkeypatch.delenv("TRIO_CLAUDE_REAL_API", raising=False)
    # A test file runs as in a reader's shell: no API key nor model address (its fixtures bring theirs).
    shell = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    shell.update(HOME=str(home), TRIO_CLAUDE_CLI=str(claude_cli))
    with _scripted_api_in_a_thread() as api:
        for key, value in api.cli_env(home).items():
            monkeypatch.setenv(key, value)
        namespace: dict[str, Any] = {
            "__name__": "__docs__",
            "api": api,
            "project": project,
            "needs_cli": functools.partial(_needs_cli, cli_version=claude_cli_version),
        }
        for block in PAGE_BLOCKS[page]:
            if block.pytest_file:
                _run_test_file(block, tmp_path / "test_files", shell)
            elif block.not_run is None:
                try:
                    _run(block.setup, f"{block.name} (set-up)", namespace)
                except _OlderCLI:
                    continue
                _run(block.code, block.name, namespace)


class _OlderCLI(Exception):
    """A block's set-up said the CLI under test is too old for it."""


def _needs_cli(version: tuple[int, ...], cli_version: tuple[int, ...]) -> None:
    if cli_version < version:
        raise _OlderCLI


def _run_test_file(block: Block, folder: Path, env: dict[str, str]) -> None:
    folder.mkdir(exist_ok=True)
    path = folder / f"test_block_{block.line}.py"
    path.write_text(f"{block.setup}\n{block.code}")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", path.name],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0 and " passed" in done.stdout, f"{block.name}:\n{done.stdout}{done.stderr}"
