"""The database's files on disk: a copy written safely, a file moved aside, and noticing a
file removed or replaced under the open store.

SQLite keeps ``hub.sqlite3-wal`` open for the life of the connection and puts every commit in
it first. If that file is removed (or replaced) while the hub runs, the commits since the
last checkpoint live only in a file no path leads to, and the next crash loses them. The
store compares the files under the paths with the ones it opened (``FileWatch``) before and
after every commit and whenever the daemon's loop turns, and then recovers: it moves any
stranger aside, rewrites the database from what its connection sees (every commit) through
a temporary file renamed into place, and reopens.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from datetime import datetime
from pathlib import Path

from hubd.config.files import sync_folder

#: The files beside the database that belong to it: SQLite's, and the store's journal of
#: the last events (hubd/store/journal.py). They move with it when it is moved aside.
SIDE_FILES = ("-wal", "-shm", "-events")

#: A file's identity: (device, inode), or None when nothing is at the path.
Identity = tuple[int, int] | None


def identity(path: Path) -> Identity:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def side(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def aside_name(path: Path, tag: str, moment: datetime) -> Path:
    """``<name>.<tag>-<timestamp>``, numbered when taken already."""
    base = f"{path.name}.{tag}-{moment:%Y%m%d-%H%M%S}"
    target = path.with_name(base)
    count = 1
    while target.exists() or any(side(target, s).exists() for s in SIDE_FILES):
        count += 1
        target = path.with_name(f"{base}-{count}")
    return target


def move_aside(path: Path, tag: str, moment: datetime) -> Path:
    """Rename the database (and its -wal, -shm) to ``<name>.<tag>-<timestamp>``."""
    target = aside_name(path, tag, moment)
    for suffix in SIDE_FILES:  # first, so a fresh database never meets a stale WAL
        if os.path.lexists(side(path, suffix)):
            os.replace(side(path, suffix), side(target, suffix))
    if os.path.lexists(path):
        os.replace(path, target)
    return target


def write_copy(db: sqlite3.Connection, dest: Path) -> None:
    """A consistent, self-contained copy of ``db`` at ``dest``, never half written.

    SQLite's backup API copies one snapshot into a temporary file in ``dest``'s folder,
    which is synced and renamed into place. Raises sqlite3.Error or OSError (nothing at
    ``dest`` changed then).
    """
    fd, temp = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".partial", dir=dest.parent)
    os.close(fd)
    partial = Path(temp)
    try:
        copy = sqlite3.connect(partial, isolation_level=None)
        try:
            db.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one file, no -wal beside it
        finally:
            copy.close()
        os.chmod(partial, 0o644)
        with partial.open("rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(partial, dest)
        sync_folder(dest.parent)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


class FileWatch:
    """The database and -wal the store opened, to notice either removed or replaced.

    Made right after the store's connection has read the database, when SQLite has the
    -wal open: a -wal missing even then was removed before the store could see it.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.wal_path = side(path, "-wal")
        self.database = identity(path)
        self.wal = identity(self.wal_path)

    def problem(self) -> str | None:
        """What changed under the store since it opened its files, or None."""
        for where, seen in ((self.path, self.database), (self.wal_path, self.wal)):
            if identity(where) != seen:
                gone = not os.path.lexists(where)
                return f"{where.name} was {'removed' if gone else 'replaced'}"
        return None
