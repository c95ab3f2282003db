"""Where the program keeps its files, and how it writes them without ever losing one.

Every write goes to a temporary file in the same folder, is flushed to disk, and then
replaces the old file in one step (``os.replace``), so a crash mid-write leaves either the
old file or the new one. A file that cannot be read is moved aside, never deleted.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
import time
from pathlib import Path

APP_NAME = "dos-card-games"
HOME_ENV = "DOS_CARDS_HOME"  # overrides the user folder (tests, portable installs)


def user_dir() -> Path:
    """The folder for settings, saves and statistics (platformdirs' user config folder)."""
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def writable(folder: Path) -> bool:
    """Whether files can be created in ``folder`` (made if missing); tried, not guessed,
    since permissions, read-only mounts and a file in the way all look alike from outside."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError:
        return False
    return True


#: Why nothing is written, said beside the notices and questions that depend on it.
UNWRITABLE = "the folder cannot be written"


def failure_words(exc: OSError) -> str:
    """Why a write failed, in a player's words: a full disk is not a folder's permissions (a
    tester with a full disk was sent to look at the folder)."""
    return "the disk is full" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else UNWRITABLE


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step. Raises OSError if the folder is unwritable."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def move_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``name.damaged-YYYYmmdd-HHMMSS``; returns the new path.

    Returns None when even that fails (the file then stays where it is, and is ignored).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target
