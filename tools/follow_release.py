"""Follow a Claude Code release: what a candidate CLI and its TypeScript SDK change, and whether the suite
holds on it (docs/releases.rst).

    ./dev follow-release 2.1.340              # or: .venv/bin/python tools/follow_release.py 2.1.340
    ./dev follow-release 2.1.340 --accept     # then pin it

It installs the candidate CLI (``.ci/install-cli``, into ``.cli/<version>/``) and packs the TypeScript SDK of
the same release (``npm pack @anthropic-ai/claude-agent-sdk@<version>``; the SDK whose ``claudeCodeVersion``
is the candidate); compares its ``sdk.d.ts`` and ``sdk-tools.d.ts`` with the pinned copies in
``tests/data/sdk`` declaration by declaration (new, removed and changed declarations, with the members and
union members each gained or lost) and says which generated tool modules would change; runs the
conformance kit (``python -m trio_claude conformance``, when this trio_claude has it) and the real-CLI
suite on the candidate; prints what changed and how long each step took.  Exit code 0 when every step that
ran passed.

``--accept`` then pins the candidate: the SDK's files become ``tests/data/sdk``'s, the tool types are
generated from them, and the primary pin moves (``.ci/cli-versions``, ``TESTED_CLI_VERSIONS``, the
TypeScript peer of ``docs/parity.toml``).  What the declarations added still has to be typed by hand, as the
report lists it (``tests/test_release_pins.py`` fails until the lists it checks are).
"""

from __future__ import annotations

import argparse
import difflib
import functools
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PINNED = ROOT / "tests" / "data" / "sdk"
D_TS_FILES = ("sdk.d.ts", "sdk-tools.d.ts")
SDK_PACKAGE = "@anthropic-ai/claude-agent-sdk"

# -- the declarations of a .d.ts, compared ---------------------------------------------------------------

_DECLARATION = re.compile(
    r"^(?:export )?(?:declare )?(?:type|interface|const|function|class|namespace|enum) ([A-Za-z_$][\w$]*)"
)
_MEMBER = re.compile(r"^\s+(?:readonly )?['\"]?([A-Za-z_$][\w$-]*)['\"]?\??\s*[:(]")
_COMMENT = re.compile(r"^\s*(?:/\*\*?|\*|\*/|//)")


@dataclass(frozen=True)
class Declaration:
    """One top-level declaration: its code without comments, its member names, its quoted literals."""

    code: str
    members: frozenset[str]
    literals: frozenset[str]
    comments: str


def declarations(text: str) -> dict[str, Declaration]:
    """The top-level declarations of a ``.d.ts`` by name (an overloaded name: its declarations together),
    each with the comments inside it and the JSDoc (a comment starting at the line's start) above it."""
    blocks: dict[str, tuple[list[str], list[str]]] = {}
    current: tuple[list[str], list[str]] | None = None
    above: list[str] = []  # a top-level comment: the next declaration's
    in_top_comment = False
    for line in text.splitlines():
        if in_top_comment or line.startswith(("/*", "//")):
            above.append(line)
            in_top_comment = "*/" not in line and not line.startswith("//")
            continue
        match = _DECLARATION.match(line)
        if match is not None:
            current = blocks.setdefault(match.group(1), ([], []))
            current[1].extend(above)
            above = []
        if current is None:
            continue
        (current[1] if _COMMENT.match(line) else current[0]).append(line)
    result: dict[str, Declaration] = {}
    for name, (code_lines, comment_lines) in blocks.items():
        code = "\n".join(line for line in code_lines if line.strip())
        members = {m.group(1) for line in code_lines if (m := _MEMBER.match(line))}
        result[name] = Declaration(
            code=code,
            members=frozenset(members),
            literals=frozenset(re.findall(r"'([^'\n]*)'", code)),
            comments="\n".join(comment_lines),
        )
    return result


@dataclass
class Comparison:
    """What a newer ``.d.ts`` changed: declarations new, removed, changed (with what each gained or lost)
    and those whose comments alone changed."""

    new: list[str] = field(default_factory=list[str])
    removed: list[str] = field(default_factory=list[str])
    changed: dict[str, list[str]] = field(default_factory=dict[str, list[str]])
    comments_only: list[str] = field(default_factory=list[str])
    lines_added: int = 0
    lines_removed: int = 0

    @property
    def empty(self) -> bool:
        return not (self.new or self.removed or self.changed or self.comments_only)


def compare(old_text: str, new_text: str) -> Comparison:
    """Compare two versions of a ``.d.ts``."""
    old, new = declarations(old_text), declarations(new_text)
    result = Comparison(new=sorted(new.keys() - old.keys()), removed=sorted(old.keys() - new.keys()))
    for name in sorted(old.keys() & new.keys()):
        before, after = old[name], new[name]
        if before.code != after.code:
            result.changed[name] = _what_changed(before, after)
        elif before.comments != after.comments:
            result.comments_only.append(name)
    for line in difflib.unified_diff(old_text.splitlines(), new_text.splitlines(), lineterm="", n=0):
        if line.startswith(("+++", "---")):
            continue
        result.lines_added += line.startswith("+")
        result.lines_removed += line.startswith("-")
    return result


def _what_changed(before: Declaration, after: Declaration) -> list[str]:
    changes = [f"+{name}" for name in sorted(after.members - before.members)]
    changes += [f"-{name}" for name in sorted(before.members - after.members)]
    changes += [f"+'{value}'" for value in sorted(after.literals - before.literals)]
    changes += [f"-'{value}'" for value in sorted(before.literals - after.literals)]
    if not changes:  # a type changed, or a union of names grew: show the words that came and went
        words_before, words_after = set(re.findall(r"\w+", before.code)), set(re.findall(r"\w+", after.code))
        changes = [f"+{w}" for w in sorted(words_after - words_before)]
        changes += [f"-{w}" for w in sorted(words_before - words_after)]
    return changes or ["reshaped"]


def describe(name: str, comparison: Comparison) -> Iterator[str]:
    """The report of one file's comparison, line by line."""
    yield f"{name}: {comparison.lines_added} lines added, {comparison.lines_removed} removed"
    if comparison.empty:
        yield "  no declaration changed"
        return
    if comparison.new:
        yield f"  new:     {', '.join(comparison.new)}"
    if comparison.removed:
        yield f"  removed: {', '.join(comparison.removed)}"
    for declaration, changes in comparison.changed.items():
        yield f"  changed: {declaration} ({', '.join(changes)})"
    if comparison.comments_only:
        yield f"  comments only: {', '.join(comparison.comments_only)}"


# -- the steps ----------------------------------------------------------------------------------------------


@dataclass
class Step:
    """One step of the run: its title, whether it passed (``None``: not run), its report and time."""

    title: str
    ok: bool | None = None
    lines: list[str] = field(default_factory=list[str])
    seconds: float = 0.0


def timed(title: str, run: Callable[[Step], None]) -> Step:
    step = Step(title)
    print(f"\n==== {title} ====", flush=True)
    start = time.monotonic()
    try:
        run(step)
    except (OSError, subprocess.CalledProcessError, ValueError) as exc:
        step.ok = False
        step.lines.append(f"failed: {exc}")
        if isinstance(exc, subprocess.CalledProcessError) and exc.stderr:
            stderr = exc.stderr if isinstance(exc.stderr, str) else exc.stderr.decode(errors="replace")
            step.lines += [f"  {line}" for line in stderr.splitlines()[-10:]]
    step.seconds = time.monotonic() - start
    for line in step.lines:
        print(line, flush=True)
    return step


def install_cli(version: str) -> Path:
    """``.ci/install-cli VERSION``: the candidate's ``claude`` program (installed once, shared)."""
    done = subprocess.run(
        [str(ROOT / ".ci" / "install-cli"), version], check=True, capture_output=True, text=True
    )
    return Path(done.stdout.strip())


def pack_sdk(version: str, into: Path) -> Path:
    """The TypeScript SDK ``version``'s declarations and ``package.json``, from the tarball ``npm pack``
    writes into ``into``: the folder that holds them."""
    subprocess.run(
        ["npm", "pack", "--silent", f"{SDK_PACKAGE}@{version}"], cwd=into, check=True, capture_output=True
    )
    [tarball] = into.glob("*.tgz")
    package = into / "package"
    package.mkdir()
    with tarfile.open(tarball) as archive:
        for name in (*D_TS_FILES, "package.json"):
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise ValueError(f"{tarball.name} has no package/{name}")
            (package / name).write_bytes(member.read())
    return package


def pinned_sdk_version() -> str:
    """The TypeScript peer of ``docs/parity.toml`` (the SDK of the pinned release)."""
    text = (ROOT / "docs" / "parity.toml").read_text(encoding="utf-8")
    match = re.search(rf'^ts = "{re.escape(SDK_PACKAGE)} ([^"]+)"$', text, re.M)
    if match is None:
        raise ValueError("docs/parity.toml names no TypeScript peer")
    return match.group(1)


def sdk_version_for(cli_version: str) -> str:
    """The SDK released with CLI ``cli_version``: its major.minor as the pinned SDK's, its patch the
    CLI's (0.3.332 came with 2.1.332); the packed SDK's ``claudeCodeVersion`` confirms it."""
    major_minor = pinned_sdk_version().rsplit(".", 1)[0]
    return f"{major_minor}.{cli_version.rsplit('.', 1)[1]}"


@functools.cache
def gen_tool_types() -> ModuleType:
    """``tools/gen_tool_types.py``, loaded once."""
    spec = importlib.util.spec_from_file_location(
        "gen_tool_types", Path(__file__).with_name("gen_tool_types.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_tool_types"] = module
    spec.loader.exec_module(module)
    return module


def stale_tool_modules(sdk_tools: Path, cli_version: str) -> list[str]:
    """The generated tool modules that the candidate's ``sdk-tools.d.ts`` would change (the version in
    their headers aside)."""
    files: dict[str, str] = gen_tool_types().generate(sdk_tools.read_text(encoding="utf-8"), cli_version)
    pinned = primary_cli_version()
    return [
        path
        for path, text in files.items()
        if text.replace(cli_version, pinned) != (ROOT / path).read_text(encoding="utf-8")
    ]


def conformance_kit(cli: Path, report: Path) -> tuple[bool | None, list[str]]:
    """The conformance kit on ``cli`` (``python -m trio_claude conformance --cli PATH --json FILE``): its
    exit status and output; ``None`` while this trio_claude has no such command.  This is the hook
    where the kit plugs in: nothing else here needs to change when it lands."""
    command = [sys.executable, "-m", "trio_claude", "conformance"]
    if subprocess.run([*command, "--help"], cwd=ROOT, capture_output=True, check=False).returncode != 0:
        return None, ["not available in this trio_claude yet (python -m trio_claude conformance)"]
    done = subprocess.run(
        [*command, "--cli", str(cli), "--json", str(report)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode == 0, [*done.stdout.splitlines(), *done.stderr.splitlines()[-20:]]


def real_cli_suite(cli: Path, pytest_args: list[str]) -> tuple[bool, list[str]]:
    """``pytest -m real_cli`` with ``TRIO_CLAUDE_CLI`` naming the candidate: passed, and its summary."""
    env = {**os.environ, "TRIO_CLAUDE_CLI": str(cli)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-m", "real_cli", "-q", "-p", "no:cacheprovider", *pytest_args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    summary = [line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
    return done.returncode == 0, [*summary, *done.stdout.splitlines()[-1:]]


# -- pinning ------------------------------------------------------------------------------------------------


def primary_cli_version() -> str:
    """The primary pin of ``.ci/cli-versions``."""
    text = (ROOT / ".ci" / "cli-versions").read_text(encoding="utf-8")
    match = re.search(r"^primary=(\S+)$", text, re.M)
    if match is None:
        raise ValueError(".ci/cli-versions has no primary=VERSION line")
    return match.group(1)


def accept(cli_version: str, sdk_version: str, package: Path) -> list[str]:
    """Pin the candidate: its declarations, the tool types generated from them, the primary pin."""
    old_cli, old_sdk = primary_cli_version(), pinned_sdk_version()
    for name in D_TS_FILES:
        shutil.copyfile(package / name, PINNED / name)
    _replace(PINNED / "README.md", {old_sdk: sdk_version, old_cli: cli_version})
    _replace(ROOT / ".ci" / "cli-versions", {f"primary={old_cli}": f"primary={cli_version}"})
    _replace(ROOT / "trio_claude" / "_config" / "_install.py", {f'("{old_cli}", ': f'("{cli_version}", '})
    _replace(ROOT / "docs" / "parity.toml", {f'{SDK_PACKAGE} {old_sdk}"': f'{SDK_PACKAGE} {sdk_version}"'})
    sdk_tools = (PINNED / "sdk-tools.d.ts").read_text(encoding="utf-8")
    for path, text in gen_tool_types().generate(sdk_tools, cli_version).items():
        (ROOT / path).write_text(text, encoding="utf-8")
    return [
        f"pinned CLI {cli_version} and {SDK_PACKAGE} {sdk_version} (were {old_cli}, {old_sdk}):",
        "  tests/data/sdk, the tool types, .ci/cli-versions, TESTED_CLI_VERSIONS, docs/parity.toml's TS peer",
        "  left to do: type what the report lists, the Python peer, the changelog (docs/releases.rst)",
    ]


def _replace(path: Path, changes: dict[str, str]) -> None:
    text = path.read_text(encoding="utf-8")
    for old, new in changes.items():
        if old not in text:
            raise ValueError(f"{path.relative_to(ROOT)}: {old!r} not found")
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


# -- the command --------------------------------------------------------------------------------------------


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """The options, and what follows ``--``: more arguments for the real-CLI suite's pytest."""
    parser = argparse.ArgumentParser(
        prog="follow_release",
        usage="%(prog)s VERSION [options] [-- PYTEST_ARGS...]",
        description=(__doc__ or "").split("\n\n")[0],
    )
    parser.add_argument("version", help="the candidate Claude Code CLI release, e.g. 2.1.340")
    parser.add_argument("--sdk", help="the TypeScript SDK release (default: the one released with it)")
    parser.add_argument(
        "--against", type=Path, default=PINNED, help="the pinned .d.ts files (tests/data/sdk)"
    )
    parser.add_argument("--no-tests", action="store_true", help="compare only: no conformance kit, no suite")
    parser.add_argument("--accept", action="store_true", help="pin the candidate afterwards")
    ours, pytest_args = (
        (argv[: argv.index("--")], argv[argv.index("--") + 1 :]) if "--" in argv else (argv, [])
    )
    return parser.parse_args(ours), pytest_args


def main(argv: list[str] | None = None) -> int:
    args, pytest_args = parse_args(sys.argv[1:] if argv is None else argv)
    started = time.monotonic()
    sdk_version: str = args.sdk or sdk_version_for(args.version)
    steps: list[Step] = []
    cli = Path()
    with tempfile.TemporaryDirectory(prefix="follow-release-") as scratch:
        package = Path(scratch) / "package"

        def install(step: Step) -> None:
            nonlocal cli
            cli = install_cli(args.version)
            step.ok, step.lines = True, [f"CLI {args.version}: {cli}"]

        def sdk(step: Step) -> None:
            pack_sdk(sdk_version, Path(scratch))
            meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
            step.ok = meta.get("claudeCodeVersion") == args.version
            step.lines = [f"{SDK_PACKAGE} {sdk_version}: released with CLI {meta.get('claudeCodeVersion')}"]
            if not step.ok:
                step.lines.append(f"  not CLI {args.version}'s SDK: name the right one with --sdk")

        def diff(step: Step) -> None:
            for name in D_TS_FILES:
                old = (args.against / name).read_text(encoding="utf-8")
                step.lines += describe(name, compare(old, (package / name).read_text(encoding="utf-8")))
            stale = stale_tool_modules(package / "sdk-tools.d.ts", args.version)
            step.lines.append(f"tool types that would change: {', '.join(stale) or 'none'}")
            step.ok = True

        def kit(step: Step) -> None:
            step.ok, step.lines = conformance_kit(cli, Path(scratch) / "conformance.json")

        def suite(step: Step) -> None:
            step.ok, step.lines = real_cli_suite(cli, pytest_args)

        steps.append(timed(f"install CLI {args.version}", install))
        if steps[-1].ok:
            steps.append(timed(f"pack {SDK_PACKAGE} {sdk_version}", sdk))
        if len(steps) == 2 and steps[-1].ok:
            steps.append(timed("what the declarations changed", diff))
            if not args.no_tests:
                steps.append(timed("conformance kit", kit))
                steps.append(timed("real-CLI suite", suite))
            if args.accept:
                steps.append(
                    timed("pin it", lambda step: _accept_step(step, args.version, sdk_version, package))
                )
    print("\n==== summary ====")
    for step in steps:
        verdict = {True: "ok", False: "FAILED", None: "skipped"}[step.ok]
        print(f"{step.title:<50} {verdict:<8} {step.seconds:7.1f} s")
    print(f"{'total':<50} {'':<8} {time.monotonic() - started:7.1f} s")
    return 0 if all(step.ok is not False for step in steps) else 1


def _accept_step(step: Step, cli_version: str, sdk_version: str, package: Path) -> None:
    step.lines = accept(cli_version, sdk_version, package)
    step.ok = True


if __name__ == "__main__":
    sys.exit(main())
