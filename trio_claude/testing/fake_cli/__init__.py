"""A scripted fake Claude Code CLI, built on the protocol core's CLI role.

It speaks the stream-json protocol like ``claude`` 2.1.330 does (frame shapes and order copied from the
golden transcripts in ``tests/data/wire``), but instead of calling a model it plays a script: each prompt
consumes the next *turn*, and a turn is a sequence of *actions* (say a text, ask a permission, call a hook,
sleep, crash…).  It answers the host's control requests, honours ``interrupt`` and
``control_cancel_request``, queues prompts that arrive during a turn, and exits on stdin EOF with the
real CLI's exit code rule.

Two ways to run it:

* in memory — :func:`~trio_claude.testing.open_fake_cli` yields a :class:`~trio_claude.testing.FakeCLI`
  whose :meth:`~trio_claude.testing.FakeCLI.spawn` starts a :class:`~trio_claude.testing.FakeCLIProcess`
  over trio memory streams (pass it as ``ClaudeAgentOptions(spawn=fake.spawn)``); everything the process
  received and sent is recorded for assertions;
* as a real subprocess — ``python -m trio_claude.testing.fake_cli --scenario NAME`` runs the same engine
  over the process's stdin/stdout/stderr (see :data:`~trio_claude.testing.SCENARIOS`,
  :func:`~trio_claude.testing.fake_cli_command` and :func:`~trio_claude.testing.write_fake_cli_executable`).

The parts, one job each: ``script`` (the public actions and behaviour), ``flags`` (the real CLI's flags that
change what the fake writes), ``frames`` (every frame as a typed model object), ``output`` (writing through
a :class:`~trio_claude.protocol.Connection` in the CLI role), ``state``, ``requests`` (the fake's requests
to the host), ``control`` (answers to the host's requests), ``player`` (playing a turn), ``engine`` (one
process over any streams), ``process`` (in memory) and ``command`` (as a subprocess: :func:`main`).
The public names are those of :mod:`trio_claude.testing`.
"""

from __future__ import annotations

from .command import main as main
