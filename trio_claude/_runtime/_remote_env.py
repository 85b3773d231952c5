"""Give a CLI started behind a command prefix (``ssh``, ``docker exec``...) its environment through stdin.

A prefix such as ``ssh`` does not carry the caller's environment over, yet the session must set variables on
the far side (``ANTHROPIC_API_KEY``, ``ANTHROPIC_BASE_URL``...).  Putting them on the command line
(``env NAME=VALUE claude``) would show them to every local user (``ps``, ``/proc/*/cmdline``) on both hosts.
Instead the far side runs a short POSIX ``sh`` program, :data:`PREAMBLE`, with the CLI's argv as its
arguments.  It reads the variables from stdin, one line each, until a blank line, and starts the CLI with
them on the rest of the same stdin (the session's stream-json).

The lines (ASCII only, so no shell ever sees a byte it could misread):

* ``NAME=VALUE`` sets ``NAME``; ``VALUE``'s bytes outside ``[A-Za-z0-9_./:,+@=-]`` are written as ``\\ooo``
  (three octal digits), which the program decodes with ``printf``;
* ``-NAME`` removes ``NAME``;
* an empty line ends the block.

``sh``'s ``read`` takes one byte at a time from a pipe, so nothing after the blank line is consumed: the
block and the ``initialize`` line after it are both in the pipe when the prefix command starts
(:func:`~trio_claude._runtime._process.prefixed_spawn`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

__all__ = ["PREAMBLE", "env_block", "preamble_argv"]

ORPHAN_GRACE = 5
"""Seconds the far side lets the CLI run on once its stdin has ended, before ``SIGTERM``; as many again
before ``SIGKILL``.  A far side whose own environment sets ``TRIO_CLAUDE_ORPHAN_GRACE`` (a slow host) uses
that instead."""

PREAMBLE = rf"""_tc_env=
while IFS= read -r _tc_line && [ -n "$_tc_line" ]; do
  case $_tc_line in *"'"*) continue ;; esac
  _tc_env="$_tc_env _tc_set '$_tc_line';"
done
_tc_set() {{
  case $1 in
    -*) unset "${{1#-}}" ;;
    *) _tc_v=${{1#*=}}
      case $_tc_v in *\\*) _tc_v=$(printf "_${{_tc_v}}_"); _tc_v=${{_tc_v#_}}; _tc_v=${{_tc_v%_}} ;; esac
      export "${{1%%=*}}=$_tc_v" ;;
  esac
}}
_tc_d=$(mktemp -d 2>/dev/null) && mkfifo "$_tc_d/in" 2>/dev/null || {{
  [ -z "$_tc_d" ] || rm -rf "$_tc_d"; eval "$_tc_env"; exec "$@"; }}
exec 3<&0
(eval "$_tc_env"; exec "$@") <"$_tc_d/in" 3<&- &
_tc_cli=$! _tc_watchdog=
exec 4>"$_tc_d/in"
rm -r "$_tc_d"
_tc_nap() {{ sleep "$1" & _tc_s=$!; wait $_tc_s; }}
_tc_watch() {{
  trap "" USR1
  _tc_g=${{TRIO_CLAUDE_ORPHAN_GRACE:-{ORPHAN_GRACE}}}
  (trap 'kill $_tc_s; exit' TERM
    _tc_nap "$_tc_g"; kill -TERM $_tc_cli
    _tc_nap "$_tc_g"; kill -KILL -$$ || kill -KILL $_tc_cli) </dev/null >/dev/null 2>&1 3<&- 4>&- &
  _tc_watchdog=$!
}}
trap _tc_watch USR1
trap 'kill -TERM $_tc_cli' HUP TERM
(cat <&3 >&4 3<&- 4>&- & _tc_c=$!
  trap 'kill $_tc_c; exit' TERM; wait $_tc_c; kill -USR1 $$) >/dev/null 2>&1 &
_tc_relay=$!
exec 3<&- 4>&- </dev/null
while :; do wait $_tc_cli; _tc_st=$?; kill -0 $_tc_cli 2>/dev/null || break; done
trap "" USR1
kill $_tc_relay $_tc_watchdog 2>/dev/null
exit $_tc_st
"""
"""The ``sh -c`` program run on the far side (its arguments: the CLI's argv).  It reads the variables
from stdin (see the module's text) and starts the CLI with them (they apply to the CLI alone: the program
itself keeps the far side's own ``PATH``, ``IFS``...) on the rest of stdin, relayed through ``cat`` so that
it sees when stdin ends: then the session has closed it, or the connection is gone (``sshd`` does not signal
a command without a terminal when its client disappears).  If the CLI is still running
:data:`ORPHAN_GRACE` seconds (or the far side's ``TRIO_CLAUDE_ORPHAN_GRACE``) later it gets ``SIGTERM``,
and ``SIGKILL`` (with its process group, where it leads one, as under ``sshd``) as long again after that.
The exit status is the CLI's.  Where no FIFO can be made (``mktemp -d``, ``mkfifo``), it starts the CLI on
stdin directly, without that watch."""

_RESERVED = "_tc_"  # the preamble's own variables
_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:,+@=-")


def _shell_name(name: str) -> bool:
    """A name a shell variable can have: ``[A-Za-z_][A-Za-z0-9_]*``."""
    return name.isascii() and name.isidentifier()


def preamble_argv() -> list[str]:
    """``["sh", "-c", PREAMBLE, "sh"]``: put the CLI's argv after it."""
    return ["sh", "-c", PREAMBLE, "sh"]


def env_block(env: Mapping[str, str], base: Mapping[str, str] | None = None) -> bytes:
    """The lines that turn ``base`` (default: this process's environment) into ``env`` on the far side: the
    variables that differ, set or removed, then the blank line that ends the block.

    Raises :class:`ValueError` for a variable to set whose name a shell cannot export (e.g. ``A.B``);
    a variable to remove whose name a shell cannot hold is skipped, since no shell on the far side can
    have set it either.
    """
    base = os.environ if base is None else base
    lines = [f"-{name}" for name in sorted(base) if name not in env and _shell_name(name)]
    for name, value in sorted(env.items()):
        if base.get(name) == value:
            continue
        if not _shell_name(name) or name.startswith(_RESERVED):
            raise ValueError(
                f"environment variable {name!r}: a command prefix (ssh, docker exec...) can only pass on "
                "variables named like shell variables ([A-Za-z_][A-Za-z0-9_]*, not starting with "
                f"{_RESERVED})"
            )
        lines.append(f"{name}={_encode(value)}")
    return "".join(f"{line}\n" for line in [*lines, ""]).encode("ascii")


def _encode(value: str) -> str:
    return "".join(chr(byte) if byte in _SAFE else f"\\{byte:03o}" for byte in os.fsencode(value))
