"""Permission updates and the answers to ``can_use_tool`` (PROTOCOL.md §7).

Loaded on first use (the model face's ``__getattr__``; the converter's tag tables when a ``can_use_tool``
request or a permission update is decoded): a session meets these classes only when it answers a
permission request or a program builds one, so a plain one does not create them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar, cast, get_args

import attrs

from ._base import EMPTY, WIRE_HOOKS, BaseUnknown, FrozenList, JSONObject, WireObject, json_str
from ._names import PermissionMode

_T = TypeVar("_T")

PermissionBehavior: TypeAlias = Literal["allow", "deny", "ask"]
"""What a permission rule does."""

PermissionUpdateDestination: TypeAlias = Literal[
    "userSettings", "projectSettings", "localSettings", "session", "cliArg"
]
"""Where a permission update is stored (``session``: until the CLI exits)."""

DecisionClassification: TypeAlias = Literal["user_temporary", "user_permanent", "user_reject"]
"""How the CLI files a permission answer (``user_temporary``: allowed once…)."""


@attrs.frozen(kw_only=True, repr=False, eq=False)
class McpServerRef(WireObject):
    """The MCP server a tool belongs to (``{"name": "calc", "source": "sdk"}``)."""

    name: str
    source: str | None = None


def _one_of(name: str, alias: Any) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: the value is one of the ``Literal`` ``alias``'s (``None`` passes: the field's
    optionality is the class's business)."""
    options: tuple[str, ...] = get_args(alias)

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value is not None and value not in options:
            accepted = ", ".join(repr(option) for option in options)
            raise ValueError(f"{name} must be one of {accepted}, not {value!r}")

    return check


def _text(name: str, *, optional: bool = False) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if not isinstance(value, str) and not (optional and value is None):
            raise TypeError(f"{name} must be a string, not {value!r}")

    return check


def _rules(value: Any) -> FrozenList[PermissionRuleValue]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise TypeError(f"rules must be a list of PermissionRuleValue, not {value!r}")
    rules = FrozenList(cast(Iterable[object], value))
    for index, rule in enumerate(rules):
        if not isinstance(rule, PermissionRuleValue):
            raise TypeError(
                f"rules[{index}] must be a PermissionRuleValue(tool_name=..., rule_content=...), not {rule!r}"
            )
    return cast(FrozenList[PermissionRuleValue], rules)


def _directories(value: Any) -> FrozenList[str]:
    fits = not isinstance(value, (str, bytes, Mapping)) and isinstance(value, Iterable)
    items = FrozenList(cast(Iterable[object], value) if fits else ())
    if not fits or not all(isinstance(item, str) for item in items):
        raise TypeError(f"directories must be a list of strings, not {value!r}")
    return cast(FrozenList[str], items)


@attrs.frozen(kw_only=True, repr=False, eq=False)
class PermissionRuleValue(WireObject):
    """A rule: a tool name and an optional rule content (e.g. ``Bash`` + ``npm test``).  Raises
    ``TypeError`` for a value that is not a string."""

    tool_name: str = attrs.field(validator=_text("PermissionRuleValue.tool_name"))
    rule_content: str | None = attrs.field(
        default=None, validator=_text("PermissionRuleValue.rule_content", optional=True)
    )


PermissionUpdateType: TypeAlias = Literal[
    "addRules", "replaceRules", "removeRules", "setMode", "addDirectories", "removeDirectories"
]
"""The types of permission update (``PermissionUpdate(type=...)``)."""


class _PermissionUpdateClass(type):
    """Calling :class:`PermissionUpdate` itself builds the update its ``type`` names (the official SDK's one
    ``PermissionUpdate`` class); its subclasses are built as usual."""

    def __call__(cls: type[_T], *args: Any, **kwargs: Any) -> _T:
        if cls is PermissionUpdate:
            return cast(_T, _update_of_type(*args, **kwargs))
        return cast(_T, type.__call__(cls, *args, **kwargs))


class PermissionUpdate(metaclass=_PermissionUpdateClass):
    """A permission update (``permission_suggestions``, ``updatedPermissions``): the base of
    :class:`AddRulesUpdate`, :class:`ReplaceRulesUpdate`, :class:`RemoveRulesUpdate`, :class:`SetModeUpdate`,
    :class:`AddDirectoriesUpdate`, :class:`RemoveDirectoriesUpdate` and :class:`UnknownPermissionUpdate`
    (:data:`AnyPermissionUpdate` is their union, for exhaustive matching).

    As in the official SDK, ``PermissionUpdate(type="addRules", rules=[PermissionRuleValue(tool_name="Bash",
    rule_content="npm test")], behavior="allow", destination="session")`` builds an update: the instance of
    the class its ``type`` names.  Raises ``ValueError`` for an unknown type or value, and ``TypeError`` when
    a field the type needs is missing or one it does not take is given.
    """

    # Annotated: a class with annotations of its own keeps its defining module (``_exports.fix_module``),
    # as the model's attrs classes do, whichever face loads it first.
    __slots__: tuple[str, ...] = ()

    if TYPE_CHECKING:

        def __init__(
            self,
            type: PermissionUpdateType,
            rules: Iterable[PermissionRuleValue] | None = None,
            behavior: PermissionBehavior | None = None,
            mode: PermissionMode | None = None,
            directories: Iterable[str] | None = None,
            destination: PermissionUpdateDestination | None = None,
        ) -> None: ...

    @property
    def type(self) -> str:
        """The update's ``type`` on the wire (``addRules``…)."""
        return _TYPE_OF[self.__class__]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PermissionUpdate:
        """The update of a JSON object in the wire form (``{"type": "addRules", "rules": [{"toolName":
        "Bash", "ruleContent": "npm test"}], "behavior": "allow", "destination": "session"}``), as the
        official SDK's ``PermissionUpdate.from_dict``.  Raises ``ValueError`` for an unknown type or a
        malformed update, ``TypeError`` for a value that is not a mapping."""
        if not isinstance(cast(object, data), Mapping):
            raise TypeError(f"PermissionUpdate.from_dict takes a dict, not {data!r}")
        update: PermissionUpdate = WIRE_HOOKS.structure(dict(data), PermissionUpdate)  # the wire's spelling
        if isinstance(update, UnknownPermissionUpdate):
            types = ", ".join(PERMISSION_UPDATE_TYPES)
            problem = update.error or f"unknown type {update.type!r} (types: {types})"
            raise ValueError(f"not a permission update: {problem}")
        return update

    def to_dict(self) -> JSONObject:
        """The update's JSON object in the wire form (the official SDK's ``to_dict``)."""
        json: JSONObject = WIRE_HOOKS.unstructure(self)
        return json


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AddRulesUpdate(WireObject, PermissionUpdate):
    """``addRules``: add permission rules."""

    rules: Sequence[PermissionRuleValue] = attrs.field(converter=_rules)
    behavior: PermissionBehavior = attrs.field(validator=_one_of("behavior", PermissionBehavior))
    destination: PermissionUpdateDestination = attrs.field(
        validator=_one_of("destination", PermissionUpdateDestination)
    )


@attrs.frozen(kw_only=True, repr=False, eq=False)
class ReplaceRulesUpdate(WireObject, PermissionUpdate):
    """``replaceRules``: replace the rules of a behaviour."""

    rules: Sequence[PermissionRuleValue] = attrs.field(converter=_rules)
    behavior: PermissionBehavior = attrs.field(validator=_one_of("behavior", PermissionBehavior))
    destination: PermissionUpdateDestination = attrs.field(
        validator=_one_of("destination", PermissionUpdateDestination)
    )


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RemoveRulesUpdate(WireObject, PermissionUpdate):
    """``removeRules``: remove permission rules."""

    rules: Sequence[PermissionRuleValue] = attrs.field(converter=_rules)
    behavior: PermissionBehavior = attrs.field(validator=_one_of("behavior", PermissionBehavior))
    destination: PermissionUpdateDestination = attrs.field(
        validator=_one_of("destination", PermissionUpdateDestination)
    )


@attrs.frozen(kw_only=True, repr=False, eq=False)
class SetModeUpdate(WireObject, PermissionUpdate):
    """``setMode``: change the permission mode."""

    mode: PermissionMode = attrs.field(validator=_one_of("mode", PermissionMode))
    destination: PermissionUpdateDestination = attrs.field(
        validator=_one_of("destination", PermissionUpdateDestination)
    )


@attrs.frozen(kw_only=True, repr=False, eq=False)
class AddDirectoriesUpdate(WireObject, PermissionUpdate):
    """``addDirectories``: add working directories."""

    directories: Sequence[str] = attrs.field(converter=_directories)
    destination: PermissionUpdateDestination = attrs.field(
        validator=_one_of("destination", PermissionUpdateDestination)
    )


@attrs.frozen(kw_only=True, repr=False, eq=False)
class RemoveDirectoriesUpdate(WireObject, PermissionUpdate):
    """``removeDirectories``: remove working directories."""

    directories: Sequence[str] = attrs.field(converter=_directories)
    destination: PermissionUpdateDestination = attrs.field(
        validator=_one_of("destination", PermissionUpdateDestination)
    )


@attrs.frozen(kw_only=True)
class UnknownPermissionUpdate(BaseUnknown, PermissionUpdate):
    """A permission update of a type this version does not know (``raw`` as received)."""

    @property
    def type(self) -> str:
        """The ``type`` it came with (``""`` if none)."""
        return json_str(self.raw, "type") or ""


PERMISSION_UPDATE_TYPES: Mapping[str, type[PermissionUpdate]] = MappingProxyType(
    {
        "addRules": AddRulesUpdate,
        "replaceRules": ReplaceRulesUpdate,
        "removeRules": RemoveRulesUpdate,
        "setMode": SetModeUpdate,
        "addDirectories": AddDirectoriesUpdate,
        "removeDirectories": RemoveDirectoriesUpdate,
    }
)
"""Each permission update ``type`` and its class (the wire converter's tag table)."""

_TYPE_OF: dict[type, str] = {cls: tag for tag, cls in PERMISSION_UPDATE_TYPES.items()}

AnyPermissionUpdate: TypeAlias = (
    AddRulesUpdate
    | ReplaceRulesUpdate
    | RemoveRulesUpdate
    | SetModeUpdate
    | AddDirectoriesUpdate
    | RemoveDirectoriesUpdate
    | UnknownPermissionUpdate
)
"""Every :class:`PermissionUpdate` class, as a union (for ``match`` with ``assert_never``)."""

_UPDATE_FIELDS = ("rules", "behavior", "mode", "directories", "destination")


def _update_of_type(
    type: str | None = None,
    rules: Any = None,
    behavior: Any = None,
    mode: Any = None,
    directories: Any = None,
    destination: Any = None,
) -> PermissionUpdate:
    """``PermissionUpdate(type=..., ...)``: the update of the class ``type`` names."""
    cls = PERMISSION_UPDATE_TYPES.get(type) if isinstance(type, str) else None
    if cls is None:
        raise ValueError(
            f"PermissionUpdate: unknown type {type!r} (types: {', '.join(PERMISSION_UPDATE_TYPES)})"
        )
    given = {
        "rules": rules,
        "behavior": behavior,
        "mode": mode,
        "directories": directories,
        "destination": destination,
    }
    takes = [field.name for field in attrs.fields(cast(Any, cls)) if field.name in _UPDATE_FIELDS]
    extraneous = [name for name, value in given.items() if value is not None and name not in takes]
    if extraneous:
        raise TypeError(
            f"PermissionUpdate(type={type!r}) takes {' and '.join(takes)}, not {', '.join(extraneous)}"
        )
    missing = [name for name in takes if given[name] is None]
    if missing:
        needs = ", ".join(takes[:-1]) + " and " + takes[-1]
        raise TypeError(f"PermissionUpdate(type={type!r}) needs {needs}; missing: {', '.join(missing)}")
    return cls(**{name: given[name] for name in takes})


_update_of_type.__qualname__ = "PermissionUpdate"  # Python's own argument errors name the class called


def _permission_updates(value: Any) -> FrozenList[PermissionUpdate] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes, Mapping, PermissionUpdate)) or not isinstance(value, Iterable):
        raise TypeError(f"updated_permissions must be a list of permission updates, not {value!r}")
    updates = FrozenList(cast(Iterable[object], value))
    for index, update in enumerate(updates):
        if not isinstance(update, PermissionUpdate):
            raise TypeError(
                f"updated_permissions[{index}] must be a permission update: PermissionUpdate(type=..., ...), "
                f"AddRulesUpdate(...) and the like, or PermissionUpdate.from_dict(...) of the wire form; "
                f"not {update!r}"
            )
    return cast(FrozenList[PermissionUpdate], updates)


@attrs.frozen(kw_only=True, repr=False, eq=False, init=False)
class PermissionResultAllow(WireObject):
    """Allow the tool use.

    ``updated_input`` replaces the tool's input wholesale (it is not merged); ``None`` keeps the input the
    model gave (the session sends it as ``updatedInput``: CLI 2.1.197 rejects an allow without it).
    ``updated_permissions`` are rules to apply at once, e.g. one of the context's suggestions to stop
    asking for this tool (a list or tuple of :class:`PermissionUpdate`).  ``behavior="allow"`` is accepted,
    as the official SDK's class has it.  Raises ``TypeError`` for updates of another kind and ``ValueError``
    for another ``behavior``.
    """

    updated_input: JSONObject | None = None
    updated_permissions: Sequence[PermissionUpdate] | None = attrs.field(
        default=None, converter=_permission_updates
    )
    tool_use_id: str | None = None
    decision_classification: DecisionClassification | None = None

    def __init__(
        self,
        *,
        behavior: Literal["allow"] = "allow",
        updated_input: JSONObject | None = None,
        updated_permissions: Iterable[PermissionUpdate] | None = None,
        tool_use_id: str | None = None,
        decision_classification: DecisionClassification | None = None,
        extra: JSONObject = EMPTY,
    ) -> None:
        if behavior != "allow":
            raise ValueError(
                f"PermissionResultAllow(behavior={behavior!r}): an allow's behavior is 'allow'; to deny, "
                "return PermissionResultDeny(message=...)"
            )
        self.__attrs_init__(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
            updated_input=updated_input,
            updated_permissions=updated_permissions,
            tool_use_id=tool_use_id,
            decision_classification=decision_classification,
            extra=extra,
        )


@attrs.frozen(kw_only=True, repr=False, eq=False, init=False)
class PermissionResultDeny(WireObject):
    """Deny the tool use.  The model sees ``message`` as the tool's error result and goes on; with
    ``interrupt=True`` the turn ends instead (result ``error_during_execution``, terminal reason
    ``aborted_tools``) and the model sees the CLI's own "the user doesn't want to proceed" text.
    ``behavior="deny"`` is accepted, as the official SDK's class has it; ``message`` is empty by default,
    as there.  Raises ``ValueError`` for another ``behavior``."""

    message: str = ""
    interrupt: bool | None = None
    tool_use_id: str | None = None
    decision_classification: DecisionClassification | None = None

    def __init__(
        self,
        *,
        behavior: Literal["deny"] = "deny",
        message: str = "",
        interrupt: bool | None = None,
        tool_use_id: str | None = None,
        decision_classification: DecisionClassification | None = None,
        extra: JSONObject = EMPTY,
    ) -> None:
        if behavior != "deny":
            raise ValueError(
                f"PermissionResultDeny(behavior={behavior!r}): a deny's behavior is 'deny'; to allow, "
                "return PermissionResultAllow(...)"
            )
        self.__attrs_init__(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
            message=message,
            interrupt=interrupt,
            tool_use_id=tool_use_id,
            decision_classification=decision_classification,
            extra=extra,
        )


PermissionResult: TypeAlias = PermissionResultAllow | PermissionResultDeny
"""The answer to a ``can_use_tool`` request (tagged by ``behavior`` on the wire)."""
