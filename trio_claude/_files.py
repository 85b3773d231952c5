"""Files that hold conversation content (transcripts, a session store's database, a resume's temporary
config dir): created owner-only, 0600 files in 0700 directories, as the CLI keeps its own.

Created so, never ``chmod``-ed after: no other user can open them between their creation and a
``chmod``.  The modes are given to ``open(2)`` and ``mkdir(2)``, which the umask can only narrow; a
permissive umask (``0o022``, ``0o000``) widens nothing.  :func:`os.makedirs` is not used: it creates the
missing parents with the umask's default mode (0777 less the umask).  Files and directories that already
exist are left as they are.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO, Literal

FILE_MODE = 0o600
DIRECTORY_MODE = 0o700

_FLAGS = {
    "wb": os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
    "xb": os.O_WRONLY | os.O_CREAT | os.O_EXCL,
    "ab": os.O_WRONLY | os.O_CREAT | os.O_APPEND,
}


def open_private(path: str | os.PathLike[str], mode: Literal["wb", "xb", "ab"]) -> BinaryIO:
    """:func:`open` ``path`` for writing in ``mode`` (as :func:`open` reads it), creating it 0600 if it
    is missing."""
    descriptor = os.open(path, _FLAGS[mode] | getattr(os, "O_BINARY", 0), FILE_MODE)
    return os.fdopen(descriptor, mode)


def make_private_dirs(path: str | os.PathLike[str]) -> None:
    """Make the directory ``path`` and its missing parents, each 0700.  Raises :class:`FileExistsError`
    when ``path`` or a parent exists but is no directory."""
    missing: list[Path] = []
    directory = Path(path)
    while not directory.is_dir() and directory.parent != directory:
        missing.append(directory)
        directory = directory.parent
    for directory in reversed(missing):
        try:
            os.mkdir(directory, DIRECTORY_MODE)
        except FileExistsError:
            if not directory.is_dir():
                raise
