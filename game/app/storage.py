"""Where the program keeps its files, and how it writes them without ever losing one.

Every write goes to a temporary file in the same folder, is flushed to disk, and then
replaces the old file in one step (``os.replace``), so a crash mid-write leaves either the
old file or the new one. A file that cannot be read is moved aside, never deleted.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
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
#: ... when another running copy of the program holds the folder (``FolderClaim``).
IN_USE = "another window of the program is using the folder"
#: The file a running program locks in the user folder (the lock, not the file, is the claim).
CLAIM_NAME = ".in-use.lock"


class FolderClaim:
    """This run's claim on the user folder, so that two copies of the program never write the
    same saves (a tester's second window resumed the first's match, and each overwrote the
    other's moves). The claim is an operating-system lock on a file in the folder: it goes
    with the process, a crash included, so a stale claim never blocks a later start.
    ``elsewhere``: another running program holds it; then this process writes nothing there
    until ``release`` (``atomic_write`` refuses, ``move_aside`` leaves a damaged file where it
    is), so take the claim before reading the folder's files."""

    def __init__(self, folder: Path | None) -> None:
        self.fd: int | None = None
        self.elsewhere = False
        self.folder = None if folder is None else folder.resolve()
        if self.folder is None:
            return
        path = self.folder / CLAIM_NAME
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                fd = os.open(path, os.O_RDONLY)  # a lock file left read-only: a lock needs no more
        except OSError:
            return  # a folder that cannot be written is told apart (``writable``)
        try:
            _lock(fd)
        except OSError as exc:
            os.close(fd)
            # Only "held by another process" is another window: a file system that keeps no locks
            # (some network mounts) must not make every start read-only.
            if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK):
                self.elsewhere = True
                _held_back.add(self.folder)
            return
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the file gives the lock up
            self.fd = None
        if self.folder is not None:
            _held_back.discard(self.folder)


#: Folders another running program holds: this process writes nothing in them.
_held_back: set[Path] = set()


class FolderInUse(OSError):
    """A write held back: another window of the program holds the folder."""


def _check_held(path: Path) -> None:
    if any(folder == path.parent.resolve() or folder in path.parent.resolve().parents for folder in _held_back):
        raise FolderInUse(IN_USE)


def _lock(fd: int) -> None:
    """Lock ``fd`` for this process without waiting; OSError if another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)  # the first byte, whatever the file's size
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def failure_words(exc: OSError) -> str:
    """Why a write failed, in a player's words: a full disk is not a folder's permissions (a
    tester with a full disk was sent to look at the folder)."""
    if isinstance(exc, FolderInUse):
        return IN_USE
    return "the disk is full" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else UNWRITABLE


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step. Raises OSError if the folder is unwritable
    (``FolderInUse`` if another window of the program holds it)."""
    _check_held(path)
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
    try:
        _check_held(path)
    except FolderInUse:
        return None  # the program that holds the folder deals with it
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
