"""What every class of :mod:`trio_claude.model` guarantees: frozen, slotted, keyword-only, compared by value
(as attrs' own ``eq`` compares) and not hashable; and that each is declared so that importing it is cheap.

The typed classes (:class:`~trio_claude.model.WireObject`) share one ``__eq__`` and one ``__repr__``
instead of having attrs compile them per class (``@attrs.frozen(kw_only=True, repr=False, eq=False)``):
that per-class compiling was the largest part of what ``import trio_claude`` cost
(benchmarks/bench_import.py).
"""

from __future__ import annotations

import copy
import inspect
import pickle
import sys
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, strategies as st

import trio_claude.model.tools  # the tool classes (loaded on first use) are model classes too
from trio_claude import model as m
from trio_claude.model._base import EMPTY, BaseUnknown, WireObject
from trio_claude.testing.strategies import strategy_for


def _subclasses(cls: type) -> Iterator[type]:
    sub: type
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _is_bound(cls: type) -> bool:
    """Whether ``cls`` is the class its module holds under its name.  attrs builds a slotted class anew
    from the class statement's class, and that first class (not slotted) stays among its base's
    ``__subclasses__()`` until the garbage collector frees it: it is no model class."""
    return getattr(sys.modules[cls.__module__], cls.__name__, None) is cls


def _model_classes() -> list[type]:
    found = {
        cls
        for base in (WireObject, BaseUnknown)
        for cls in (base, *_subclasses(base))
        if cls.__module__.startswith("trio_claude.model") and _is_bound(cls)
    }
    return sorted(found, key=lambda cls: cls.__qualname__)


MODEL_CLASSES = _model_classes()
TYPED = [cls for cls in MODEL_CLASSES if issubclass(cls, WireObject)]
UNKNOWN = [cls for cls in MODEL_CLASSES if issubclass(cls, BaseUnknown)]


NOT_ON_THE_WIRE = {trio_claude.model.tools.UnknownToolInput, trio_claude.model.tools.UnknownToolOutput}
"""What :func:`~trio_claude.model.tools.parse_tool_input` / ``parse_tool_output`` return for a value they
cannot type: no frame carries one, so :func:`strategy_for` draws none (they are built by hand below)."""


def test_the_model_has_its_classes() -> None:
    assert len(TYPED) > 400 and len(UNKNOWN) >= 9
    assert m.TextBlock in TYPED and m.InitializeRequest in TYPED and m.UnknownMessage in UNKNOWN
    assert trio_claude.model.tools.BashInput in TYPED and NOT_ON_THE_WIRE.issubset(UNKNOWN)
    assert all(_is_bound(cls) for cls in MODEL_CLASSES)


@pytest.mark.parametrize("cls", TYPED, ids=lambda cls: cls.__qualname__)
def test_a_typed_class_shares_the_base_equality_and_repr(cls: type) -> None:
    # A class declared with plain ``@attrs.frozen(kw_only=True)`` would get attrs' compiled __eq__,
    # __hash__ and __repr__: correct, but each costs import time, and its repr would not be the model's.
    declare = f"declare {cls.__qualname__} @attrs.frozen(kw_only=True, repr=False, eq=False)"
    assert vars(cls).get("__eq__", WireObject.__eq__) is WireObject.__eq__, declare
    assert vars(cls).get("__repr__", WireObject.__repr__) is WireObject.__repr__, declare
    assert cls.__hash__ is None, declare


def _instance_of(cls: Any) -> st.SearchStrategy[Any]:
    return strategy_for(cls)


def _instances() -> st.SearchStrategy[Any]:
    concrete = [cls for cls in MODEL_CLASSES if cls not in (WireObject, BaseUnknown)]
    drawn = [cls for cls in concrete if cls not in NOT_ON_THE_WIRE]
    built = [cls(raw={"some": "value"}, error="why", tool_name="Bash") for cls in NOT_ON_THE_WIRE]
    return st.one_of(st.sampled_from(drawn).flatmap(_instance_of), st.sampled_from(built))


@given(_instances())
def test_instances_are_frozen_slotted_and_keyword_only(obj: Any) -> None:
    cls: Any = obj.__class__
    assert not hasattr(obj, "__dict__")
    for field in attrs.fields(cls):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(obj, field.name, getattr(obj, field.name))
    with pytest.raises(AttributeError):
        obj.not_a_field = 1
    with pytest.raises(TypeError):
        cls(*[getattr(obj, field.name) for field in attrs.fields(cls) if field.init])


@pytest.mark.parametrize(
    "cls",
    [cls for cls in MODEL_CLASSES if cls not in (WireObject, BaseUnknown)],
    ids=lambda cls: cls.__qualname__,
)
def test_every_class_takes_keywords_only(cls: Any) -> None:
    # Every class, not a sample: a hand-written __init__ (AssistantMessage's official-SDK forms) takes
    # its extra fields as ``**fields``, still keywords only.
    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]  # after self
    keyword = (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_KEYWORD)
    assert parameters and all(p.kind in keyword for p in parameters), parameters


@given(_instances())
def test_instances_equal_their_copies_and_differ_from_their_edits(obj: Any) -> None:
    copy = attrs.evolve(obj)
    assert copy == obj
    assert not copy != obj  # noqa: SIM202 (``!=`` is its own method)
    assert obj != object() and obj != None  # noqa: E711
    if isinstance(obj, WireObject):
        with pytest.raises(TypeError, match="unhashable"):
            hash(obj)
        edited = attrs.evolve(obj, extra={**obj.extra, "an unknown key": 1})
        assert edited != obj
        assert not edited == obj  # noqa: SIM201 (``==`` is its own method)


def _lower(value: Any) -> str:
    return str(value).lower()


# The shared __eq__ against attrs' own, on twin classes that differ only in how they are declared.
@attrs.frozen(kw_only=True, repr=False, eq=False)
class _Shared(WireObject):
    a: Any = None
    b: Any = attrs.field(default=None, eq=False)
    c: Any = attrs.field(default=None, eq=_lower)  # pyright: ignore[reportUnknownVariableType]


@attrs.frozen(kw_only=True, repr=False, eq=False)
class _SharedChild(_Shared):
    d: Any = None


@attrs.frozen(kw_only=True)
class _Attrs:
    extra: Any = m.EMPTY
    a: Any = None
    b: Any = attrs.field(default=None, eq=False)
    c: Any = attrs.field(default=None, eq=_lower)  # pyright: ignore[reportUnknownVariableType]


class _Odd:
    """An object whose ``==`` answers something other than a bool."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def __eq__(self, other: object) -> Any:
        return self.answer

    def __repr__(self) -> str:
        return f"_Odd({self.answer!r})"

    __hash__ = None  # type: ignore[assignment]


_NAN = float("nan")
_VALUES: list[dict[str, Any]] = [
    {},
    {"a": 1},
    {"a": 1.0},
    {"a": True},
    {"a": _NAN},
    {"a": float("nan")},
    {"a": [1, 2]},
    {"a": (1, 2)},
    {"b": "ignored"},
    {"c": "Same"},
    {"c": "SAME"},
    {"c": "other"},
    {"extra": {"k": 1}},
    {"extra": {"k": 1.0}},
    {"a": _Odd(0)},
    {"a": _Odd("truthy")},
    {"a": _Odd(NotImplemented)},
]


@pytest.mark.parametrize("left", _VALUES, ids=repr)
@pytest.mark.parametrize("right", _VALUES, ids=repr)
def test_the_shared_equality_answers_as_attrs_own(left: dict[str, Any], right: dict[str, Any]) -> None:
    ours = _Shared(**left).__eq__(_Shared(**right))
    theirs = _Attrs(**left).__eq__(_Attrs(**right))  # pyright: ignore[reportUnknownMemberType]
    assert type(ours) is type(theirs) and (ours is theirs or ours == theirs)
    assert (_Shared(**left) == _Shared(**right)) == (_Attrs(**left) == _Attrs(**right))
    assert (_Shared(**left) != _Shared(**right)) == (_Attrs(**left) != _Attrs(**right))


def test_the_shared_equality_needs_the_same_class() -> None:
    assert _Shared(a=1).__eq__(_SharedChild(a=1)) is NotImplemented
    assert _Shared(a=1) != _SharedChild(a=1)
    assert _SharedChild(a=1, d=2) == _SharedChild(a=1, d=2)
    assert _SharedChild(a=1, d=2) != _SharedChild(a=1, d=3)
    with pytest.raises(TypeError, match="unhashable"):
        hash(_SharedChild())


@given(_instances())
def test_instances_survive_pickle_copy_and_deepcopy(obj: Any) -> None:
    # The shared empty ``extra`` is a mappingproxy, which pickle refuses: a hand-built or unknown-free
    # object could be neither pickled nor deep-copied (multiprocessing, caches, trio's to_thread callers).
    for copied in (pickle.loads(pickle.dumps(obj)), copy.copy(obj), copy.deepcopy(obj)):
        assert copied == obj and type(copied) is type(obj)
        if isinstance(obj, WireObject):
            assert copied.extra == obj.extra
            assert copied.extra is EMPTY if not obj.extra else copied.extra is not EMPTY


def test_an_object_with_unknown_keys_keeps_them_through_pickle() -> None:
    block = m.TextBlock(text="hi", extra={"future": [1, {"x": None}]})
    again = pickle.loads(pickle.dumps(block, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == block and again.extra == {"future": [1, {"x": None}]}
    deep = copy.deepcopy(block)
    assert deep == block and deep.extra["future"] is not block.extra["future"]
    assert pickle.loads(pickle.dumps(m.TextBlock(text="hi"), protocol=0)).extra is EMPTY
