"""Where the CLI keeps its files, worked out from the environment it gets, the way the CLI works it out.

The one place the SDK derives these paths: the config home (``projects/`` with the transcripts, the user
``settings.json``, ``.credentials.json``, a pre-warmed spare's parking) and ``.claude.json``.  A session's
come from the environment its CLI gets (:func:`~._command.build_env`: ``options.env`` over this process's
environment); those of the functions that take no options (``list_sessions()``, ``resolve_settings()``...)
from this process's environment.

As both pinned CLIs (2.1.197, 2.1.330) do it:

* the config home is ``CLAUDE_CONFIG_DIR`` when it is set, even to an empty string, else
  ``<home>/.claude``; normalised to NFC;
* ``.claude.json`` is in ``CLAUDE_CONFIG_DIR`` when it is set and not empty, else in the home;
* the home is the runtime's ``os.homedir()`` (Bun's): ``HOME`` when it is not empty, else the user's entry
  in the password database (``USERPROFILE``, else the profile folder, on Windows).

A relative value (an empty ``CLAUDE_CONFIG_DIR`` too) stays relative, as the CLI takes it: to its working
directory (:func:`on_disk`), where it writes and names (in ``transcript_mirror`` frames) the files.

With a custom ``spawn`` the CLI may run elsewhere, on a host with its own ``HOME``: the paths are still
derived from the environment handed to the spawn, which is the far side's only where it is passed on
(``prefixed_spawn`` passes what differs from this process's environment).
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Mapping

from ._command import build_env
from ._options import ClaudeAgentOptions

__all__ = ["claude_json", "claude_json_of", "config_home", "config_home_of", "home_dir", "on_disk"]


def home_dir(env: Mapping[str, str]) -> str:
    """The CLI's home directory in ``env``: ``HOME`` (``USERPROFILE`` on Windows) unless empty, else the
    account's home."""
    home = env.get("USERPROFILE" if sys.platform == "win32" else "HOME")
    if home:
        return home
    if sys.platform == "win32":
        return os.path.expanduser("~")
    import pwd  # only without HOME: not at import

    return pwd.getpwuid(os.getuid()).pw_dir


def config_home(env: Mapping[str, str] | None = None) -> str:
    """The CLI's config home in ``env`` (default: this process's environment), spelled as the CLI spells
    it: ``CLAUDE_CONFIG_DIR`` when set (even empty), else ``<home>/.claude``."""
    env = os.environ if env is None else env
    configured = env.get("CLAUDE_CONFIG_DIR")
    home = configured if configured is not None else os.path.join(home_dir(env), ".claude")
    return unicodedata.normalize("NFC", home)


def claude_json(env: Mapping[str, str] | None = None) -> str:
    """The CLI's ``.claude.json`` in ``env`` (default: this process's environment): in
    ``CLAUDE_CONFIG_DIR`` when it is set and not empty, else in the home."""
    env = os.environ if env is None else env
    return os.path.join(env.get("CLAUDE_CONFIG_DIR") or home_dir(env), ".claude.json")


def config_home_of(options: ClaudeAgentOptions) -> str:
    """The config home of the CLI started with ``options``, spelled as it gets it."""
    return config_home(build_env(options))


def claude_json_of(options: ClaudeAgentOptions) -> str:
    """The ``.claude.json`` of the CLI started with ``options``, spelled as it gets it."""
    return claude_json(build_env(options))


def on_disk(path: str, options: ClaudeAgentOptions) -> str:
    """``path`` as the CLI started with ``options`` finds it: a relative one is under its working
    directory (``options.cwd``, else this process's)."""
    return os.path.join(os.fspath(options.cwd) if options.cwd is not None else "", path)
