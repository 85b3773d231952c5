"""Claiming a pre-warmed spare: :class:`ClaimOptions` (the per-session half of the options), what a claim
answers (:class:`ClaimedSession`), and the ``claim_session`` request they make."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from .._redact import redacted_repr
from ..model import ClaimSessionRequest, FrozenList, PermissionMode
from ._agents import AgentDefinition, agents_from
from ._checks import (
    as_mapping,
    check_int,
    check_json_object,
    check_path,
    check_sequence,
    check_str,
    fail_value,
    validator,
)
from ._fields import field_permission_mode
from ._initialize import _agent_config

CLAIMABLE_ENV = ("CLAUDE_CODE_OAUTH_TOKEN", "CLAUDE_CODE_SESSION_ACCESS_TOKEN", "CLAUDE_CODE_HOST_SESSION_ID")
"""The environment variables the CLI reads at claim time (everything else it read at start-up)."""

HOOK_SETTINGS = (
    "hooks",
    "disableAllHooks",
    "allowManagedHooksOnly",
    "allowedHttpHookUrls",
    "httpHookAllowedEnvVars",
)
"""Settings keys that govern hooks: a claim cannot apply them (give them to ``prewarm()``'s options)."""

FOLLOWING_SETTINGS = ("model", "agent", "fastMode", "permissions", "availableModels", "disableAutoMode")
"""Settings keys applied right after the claim (the other keys are applied before it, so that they decide
which of the folder's MCP servers and plugins the claim starts)."""

_W = "ClaimOptions."


def _env(value: Mapping[str, str] | None) -> dict[str, str]:
    where = _W + "env"
    if value is None:
        return {}
    mapping = as_mapping(value)
    if mapping is None:
        fail_value(where, "a mapping of environment variable names to str values", value, secret=True)
    result: dict[str, str] = {}
    for name, entry in mapping.items():
        if name not in CLAIMABLE_ENV:
            fail_value(
                f"{where} key",
                f"one of {', '.join(CLAIMABLE_ENV)} (the CLI reads every other variable at start-up: give it "
                "to prewarm()'s ClaudeAgentOptions.env; the CLI would refuse the claim with "
                "env_key_not_claimable)",
                name,
            )
        result[name] = check_str(f"{where}[{name!r}]", entry, empty=True, secret=True)
    return result


def _settings(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    where = _W + "settings"
    if value is None:
        return None
    settings = check_json_object(where, value)
    hooks = [key for key in HOOK_SETTINGS if key in settings]
    if hooks:
        fail_value(
            where,
            f"no key that governs hooks ({', '.join(hooks)}): a claim cannot apply them; give them to "
            "prewarm()'s ClaudeAgentOptions.settings, where they are in force before any hook runs",
            dict(settings),
        )
    return settings


def _add_dirs(value: object) -> FrozenList[str | os.PathLike[str]]:
    return check_sequence(_W + "add_dirs", value, check_path, expected="a list of directory paths")


def _agents(value: object) -> dict[str, AgentDefinition] | None:
    return agents_from(_W + "agents", value)


@attrs.frozen(kw_only=True)
class ClaimOptions:
    """The per-session half of the options, given when a pre-warmed spare is claimed
    (:meth:`SpareProcess.claim`); everything else was fixed at :func:`prewarm`.

    The TypeScript SDK's ``ClaimOptions``, with the Python spelling of :class:`ClaudeAgentOptions`
    (``add_dirs`` for ``additionalDirectories``).  Raises :class:`TypeError` / :class:`ValueError` naming the
    field for a value the claim could not take — before anything is sent, so the spare stays parked.
    """

    cwd: str | os.PathLike[str] = attrs.field(validator=validator(check_path))
    """The session's working directory (required).  A relative path resolves against this process's
    working directory; ``~/…`` is expanded by the CLI."""

    env: dict[str, str] = attrs.field(factory=dict[str, str], converter=_env, repr=redacted_repr)
    """Per-session environment additions, only the variables the CLI reads at claim time
    (``CLAUDE_CODE_OAUTH_TOKEN``, ``CLAUDE_CODE_SESSION_ACCESS_TOKEN``, ``CLAUDE_CODE_HOST_SESSION_ID``).
    They travel in the claim over stdin, never on a command line."""

    add_dirs: Sequence[str | os.PathLike[str]] = attrs.field(default=(), converter=_add_dirs)
    """More directories the session may use (``--add-dir``); relative ones resolve against ``cwd``,
    missing ones are skipped."""

    model: str | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_str(w, v), optional=True)
    )
    """The model, set right after the claim; if the CLI refuses it, the session runs without it
    (:attr:`ClaimedSession.not_applied`)."""

    permission_mode: PermissionMode | None = attrs.field(
        default=None, validator=validator(field_permission_mode, optional=True)
    )
    """The permission mode, sent in the claim itself.  A mode the spare cannot take refuses the claim
    (``permission_mode_not_claimable``), so a session never runs under another mode than the one asked."""

    max_thinking_tokens: int | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_int(w, v, minimum=0), optional=True)
    )
    """The thinking budget, set right after the claim (like ``model``, not fatal if refused)."""

    settings: dict[str, Any] | None = attrs.field(default=None, converter=_settings, repr=redacted_repr)
    """A flag-tier settings overlay (``{"fastMode": True, "effortLevel": "high"}``), applied as
    :meth:`ClaudeSession.apply_flag_settings` does.  The prompt waits until the CLI accepted it (one
    round trip); a refused overlay refuses the claim (``settings_not_applied``).  Keys that govern hooks
    (``hooks``, ``disableAllHooks``, ``allowManagedHooksOnly``, ``allowedHttpHookUrls``,
    ``httpHookAllowedEnvVars``) are refused here: give them to :func:`prewarm`."""

    append_system_prompt: str | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_str(w, v, empty=True), optional=True)
    )
    """Text appended to the system prompt."""

    title: str | None = attrs.field(
        default=None, validator=validator(lambda w, v: check_str(w, v), optional=True)
    )
    """The session's title."""

    agents: dict[str, AgentDefinition] | None = attrs.field(default=None, converter=_agents)
    """Agents for this session (as :attr:`ClaudeAgentOptions.agents`)."""

    def split_settings(self) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The overlay as two ``apply_flag_settings``: the keys sent before the claim, and the keys that
        follow it (:data:`FOLLOWING_SETTINGS`); ``None`` for an empty part."""
        if self.settings is None:
            return None, None
        before = {key: value for key, value in self.settings.items() if key not in FOLLOWING_SETTINGS}
        after = {key: value for key, value in self.settings.items() if key in FOLLOWING_SETTINGS}
        return before or None, after or None

    def request(self, sdk_mcp_servers: tuple[str, ...]) -> ClaimSessionRequest:
        """The ``claim_session`` request (``sdk_mcp_servers``: the spare's in-process MCP servers)."""
        cwd = os.fspath(self.cwd)
        if cwd.strip() and cwd != "~" and not cwd.startswith("~/") and not os.path.isabs(cwd):
            cwd = os.path.abspath(cwd)
        agents = self.agents
        return ClaimSessionRequest(
            cwd=cwd,
            permission_mode=self.permission_mode,
            env=self.env or None,
            additional_directories=tuple(os.fspath(d) for d in self.add_dirs) or None,
            append_system_prompt=self.append_system_prompt,
            title=self.title,
            agents=None if agents is None else {name: _agent_config(a) for name, a in agents.items()},
            sdk_mcp_servers=sdk_mcp_servers,
            include_initialize=True,
        )


@attrs.frozen(kw_only=True)
class ClaimedSession:
    """What a claim answered (the TypeScript SDK's ``SpareProcess.claimed``): the session the spare now
    serves."""

    cwd: str
    """The session's canonical working directory."""
    session_id: str | None
    """The session's id."""
    parked_ms: int | None
    """How long the spare was parked, in milliseconds."""
    sdk_mcp_settled: bool
    """Whether the in-process MCP servers had finished their handshakes."""
    not_applied: dict[str, str] = attrs.field(factory=dict[str, str])
    """Options the CLI refused after accepting the claim (``model``, ``max_thinking_tokens``) → its error:
    the session runs without them (the TypeScript SDK's ``option_not_applied``)."""


__all__ = ["CLAIMABLE_ENV", "FOLLOWING_SETTINGS", "HOOK_SETTINGS", "ClaimOptions", "ClaimedSession"]
