"""The launch plan: what starting the CLI for some options on some CLI version amounts to (argv,
environment, the ``initialize`` request and the line that carries it, the version gates checked, the private
settings file), compiled once, immutable, and shown without a secret (:class:`LaunchPlan`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from .._record import Record
from .._redact import redacted_repr
from ..model import ControlRequest, InitializeRequest
from ..protocol._requests import OutboundRequests
from ..wire import encode_line
from ._command import CLICommand, build_command, byte_count, gated
from ._hooks import register_hooks
from ._initialize import build_initialize
from ._options import ClaudeAgentOptions

PRIVATE_SETTINGS_FILE = "<private settings file>"
"""What a plan's ``argv`` names the private settings file by (its path is known once it is written)."""


def _version_text(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


@attrs.frozen(kw_only=True, repr=False, eq=False)
class LaunchPlan(Record):
    """What starting the CLI amounts to for some options on CLI ``cli_version``
    (:func:`~trio_claude.launch_plan`): nothing started, no file written.  A session launches exactly
    this: it compiles its options into a plan once, before the CLI starts, and reads nothing else of them
    to start it.

    ``argv`` (the executable first), ``env`` (the CLI's whole environment) and ``cwd`` are those a ``spawn``
    gets in its :class:`~trio_claude.CLICommand`; ``initialize`` is the typed ``initialize`` request, and
    ``stdin_prelude`` the line that carries it, first on the CLI's stdin (its request id, ``req_1_…``, is
    minted anew for each launch).  ``version_gates`` names what the options use that older CLIs lack, each
    checked against ``cli_version`` — ``None`` in a session's own plan when nothing in its options needed
    the CLI asked for its version, or its version could not be read.  ``settings_file`` holds the settings
    a CLI too old to take them in ``initialize`` reads from a private file (0600, in a 0700 directory,
    written at launch and removed with the session); :func:`~trio_claude.launch_plan`'s ``argv`` names
    that file ``<private settings file>``, a session's its path.  ``None``: no such file.

    ``options`` are the options as this CLI takes them (adapted to its version): where the session's
    callbacks, hooks and in-process MCP servers come from.

    Its repr hides the secrets of ``argv``, ``env`` and ``settings_file`` behind ``'<redacted>'`` and shows
    only the size of ``stdin_prelude``, as :class:`~trio_claude.CLICommand`'s does; it leaves ``options``
    out (their own repr redacts them)."""

    cli_version: tuple[int, ...] | None
    argv: tuple[str, ...] = attrs.field(repr=redacted_repr)
    env: Mapping[str, str] = attrs.field(repr=redacted_repr)
    cwd: str | None
    initialize: InitializeRequest
    stdin_prelude: bytes = attrs.field(repr=byte_count)
    version_gates: tuple[str, ...]
    settings_file: Mapping[str, Any] | None = attrs.field(repr=redacted_repr)
    options: ClaudeAgentOptions = attrs.field(repr=False)

    def command(self, stdin_prelude: bytes) -> CLICommand:
        """The :class:`~trio_claude.CLICommand` that starts the CLI with ``stdin_prelude`` (the
        ``initialize`` line of this launch, with its own request id) first on its stdin."""
        return CLICommand(argv=self.argv, env=self.env, cwd=self.cwd, stdin_prelude=stdin_prelude)


def compile_plan(
    options: ClaudeAgentOptions,
    cli_version: tuple[int, ...] | None,
    cli_path: str,
    settings_file: Mapping[str, Any] | None = None,
) -> LaunchPlan:
    """The plan of ``options``, already adapted to CLI ``cli_version`` (see
    :func:`~trio_claude._config._command.adapt_to_cli`; ``None``: not asked), for the executable at
    ``cli_path``."""
    command = build_command(options, cli_path)
    request = build_initialize(options, hooks=register_hooks(options.hooks)[1])
    line = encode_line(ControlRequest(request_id=OutboundRequests().new_id(), request=request))
    return LaunchPlan(
        cli_version=cli_version,
        argv=command.argv,
        env=MappingProxyType(dict(command.env)),
        cwd=command.cwd,
        initialize=request,
        stdin_prelude=line,
        version_gates=tuple(
            f"{gate.option}: {gate.flag} (CLI {_version_text(gate.required)} or newer)"
            for gate in gated(options)
        ),
        settings_file=None if settings_file is None else MappingProxyType(dict(settings_file)),
        options=options,
    )
