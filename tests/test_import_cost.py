"""What ``import trio_claude`` does not pay for: the standard library modules only an error message, a
remote shell or OpenTelemetry need load when first used, and the package's frozen attrs classes outside
the model share one ``==``/``hash()``/``repr()`` (``_record.Record``) instead of attrs compiling three
methods per class.

The import checks run in fresh interpreters, where nothing has loaded these modules yet.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from _fresh import run_fresh

import trio_claude
from trio_claude import protocol
from trio_claude._record import Record

#: Modules that ``import trio, attrs, cattrs, orjson`` does not load, which the package needs only on some
#: paths: close-match suggestions in error messages (``difflib``), quoting for a remote shell (``shlex``),
#: a program's OpenTelemetry trace context, the JSON Schema validator of tools given an explicit schema
#: (``jsonschema_rs``).  ``secrets`` is not used at all: ids come from ``random.SystemRandom``, which
#: ``secrets`` is built on.
ON_FIRST_USE = ("difflib", "shlex", "secrets", "opentelemetry", "jsonschema_rs")


def _run(code: str) -> list[str]:
    return run_fresh(code, watched=ON_FIRST_USE)


def test_import_and_a_session_command_load_none_of_them() -> None:
    code = """
        import trio_claude
        from trio_claude import ClaudeAgentOptions
        from trio_claude._config._command import build_command
        print(loaded())
        options = ClaudeAgentOptions(cli_path="/bin/claude", skills=["review"], hooks={"PreToolUse": []})
        build_command(options, "/bin/claude")
        print(loaded())
    """
    assert _run(code) == ["-", "-"]


def test_each_loads_when_its_path_is_taken() -> None:
    code = """
        import trio_claude
        from trio_claude import ClaudeAgentOptions
        try:
            ClaudeAgentOptions(max_turn=3)
        except TypeError as error:
            print("max_turns" in str(error), loaded())
        from trio_claude._runtime._process import prefixed_spawn
        import trio
        async def main():
            spawn = prefixed_spawn("/nonexistent/remote-shell", shell_quote=True)
            command = trio_claude.CLICommand(argv=("claude",), env={}, cwd=None)
            try:
                await spawn(command)
            except Exception:
                pass
        trio.run(main)
        print(loaded())
    """
    assert _run(code) == ["True", "difflib", "difflib,shlex"]


def test_the_schema_validator_loads_with_the_first_explicit_schema() -> None:
    code = """
        import trio_claude
        @trio_claude.tool("add", "Add")
        async def add(a: float, b: float) -> float:
            return a + b
        print(loaded())
        @trio_claude.tool("pick", "Pick", {"type": "object", "properties": {"n": {"maximum": 3}}})
        async def pick(args):
            return args
        print(loaded())
    """
    assert _run(code) == ["-", "jsonschema_rs"]


# -- Record behaves as attrs' generated methods do ------------------------------------------------------


def _pair(**field_options: Any) -> tuple[type, type]:
    """The same class twice: with attrs' own ``eq``/``repr``, and on :class:`Record`."""

    def fields() -> dict[str, Any]:
        return {
            "a": attrs.field(**field_options),
            "b": attrs.field(default=None),
        }

    generated = attrs.frozen(kw_only=True)(type("C", (), dict(fields())))
    shared = attrs.frozen(kw_only=True, repr=False, eq=False)(type("C", (Record,), dict(fields())))
    return generated, shared


def _hash_equal(left: object, right: object) -> bool | str:
    try:
        return hash(left) == hash(right)
    except TypeError as error:
        return str(error)


def _short(value: str) -> str:
    return f"<{len(value)}>"


def _same_letters(left: str, right: str) -> bool:
    return left.lower() == right.lower()


FIELD_OPTIONS: list[dict[str, Any]] = [
    {},
    {"eq": False},
    {"repr": False},
    {"repr": _short},
    {"eq": attrs.cmp_using(eq=_same_letters)},
    {"eq": str.lower},
    {"hash": False},
]


@pytest.mark.parametrize(
    "field_options",
    FIELD_OPTIONS,
    ids=["plain", "eq=False", "repr=False", "repr=fn", "cmp_using", "eq_key", "hash=False"],
)
def test_record_matches_attrs(field_options: dict[str, Any]) -> None:
    generated, shared = _pair(**field_options)
    values = [("Ab", 1), ("ab", 1), ("Ab", 2), ("xy", None)]
    for left in values:
        for right in values:
            mine = shared(a=left[0], b=left[1]), shared(a=right[0], b=right[1])
            theirs = generated(a=left[0], b=left[1]), generated(a=right[0], b=right[1])
            assert (mine[0] == mine[1]) is (theirs[0] == theirs[1])
            assert (mine[0] != mine[1]) is (theirs[0] != theirs[1])
            if theirs[0] == theirs[1]:
                assert _hash_equal(*mine) == _hash_equal(*theirs)
        assert repr(shared(a=left[0], b=left[1])) == repr(generated(a=left[0], b=left[1]))
    assert shared(a="x") != generated(a="x") and shared(a="x").__eq__(1) is NotImplemented


def test_record_hash_fails_on_unhashable_values_as_attrs_does() -> None:
    generated, shared = _pair()
    for cls in (generated, shared):
        with pytest.raises(TypeError, match="unhashable type: 'dict'"):
            hash(cls(a={}))


def test_the_package_classes_share_them() -> None:
    """The eagerly loaded attrs classes outside the model are Records: attrs compiled no ``__eq__``,
    ``__hash__`` or ``__repr__`` for them, and they behave as before."""
    classes = [
        trio_claude.ClaudeAgentOptions,
        trio_claude.AgentDefinition,
        trio_claude.ThinkingConfigEnabled,
        trio_claude.ToolPermissionContext,
        trio_claude.SessionStatistics,
        trio_claude.CLICommand,
        protocol.InvalidLine,
        protocol.ConnectionStatistics,
    ]
    for cls in classes:
        assert issubclass(cls, Record), cls
        assert "__eq__" not in vars(cls) and "__repr__" not in vars(cls), cls
    options = trio_claude.ClaudeAgentOptions(model="m")
    assert options == attrs.evolve(options) and options != attrs.evolve(options, model="n")
    assert repr(options).startswith("ClaudeAgentOptions(cli_path=None, cwd=None, env={}, client_app=None,")
    with pytest.raises(TypeError):
        hash(options)  # env is a dict, as before
    budget = trio_claude.ThinkingConfigEnabled(budget_tokens=5)
    assert hash(budget) == hash(trio_claude.ThinkingConfigEnabled(budget_tokens=5))
    assert {budget, trio_claude.ThinkingConfigEnabled(budget_tokens=5)} == {budget}
    statistics = protocol.ConnectionStatistics()
    statistics.lines_received += 1
    assert statistics == protocol.ConnectionStatistics(lines_received=1)
    with pytest.raises(TypeError):
        hash(statistics)  # mutable: unhashable, as attrs makes it


def test_every_class_loaded_at_import_outside_the_model_is_a_record() -> None:
    """The guard for new classes: each attrs class a fresh ``import trio_claude`` creates outside the model
    (and each one the deferred-answer callbacks and the MCP package bridge add) is a :class:`Record`."""
    code = """
        import attrs, trio_claude, trio_claude._mcp._package
        from trio_claude._record import Record
        for name, module in sorted(sys.modules.items()):
            if not name.startswith("trio_claude.") or name.startswith("trio_claude.model"):
                continue
            for value in vars(module).values():
                if isinstance(value, type) and attrs.has(value) and value.__module__ == name:
                    if not issubclass(value, Record):
                        print(f"{name}.{value.__qualname__}")
        print("end")
    """
    assert _run(code) == ["end"]
