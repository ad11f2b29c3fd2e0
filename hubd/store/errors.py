"""The store's errors: one family, each message meant for a person (a banner, a terminal)."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path


class StoreError(Exception):
    """The store cannot do what was asked; ``message`` is meant for a person."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StoreLockedError(StoreError):
    """Another hubd holds the data folder."""


class StoreCorruptError(StoreError):
    """The database is damaged, or a game's log no longer replays."""


class StoreVersionError(StoreError):
    """The database was written by a newer hubd."""

    def __init__(self, message: str, version: int) -> None:
        super().__init__(message)
        self.version = version


class UnknownGameError(StoreError, LookupError):
    pass


class ImportRefusedError(StoreError):
    """A log that does not replay; ``line`` is its first bad line (None: the whole log)."""

    def __init__(self, line: int | None, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line is not None else reason)
        self.line = line
        self.reason = reason


class AlreadyStoredError(StoreError):
    """The log imported is a game stored already (line for line): nothing was stored."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"this game is stored already, as game {game_id}: nothing was stored")
        self.game_id = game_id


class BackupError(StoreError):
    """The backup could not be written; the message names the destination."""


class StoreWriteError(StoreError):
    """Nothing new can be saved now; everything committed before is safe and readable."""


class StoreFullError(StoreWriteError):
    pass


class StoreReadOnlyError(StoreWriteError):
    pass


class StoreIOError(StoreWriteError):
    """The disk reported an input/output error (a failing or removed card)."""


class StoreFolderError(StoreWriteError):
    """The data folder, or the database in it, cannot be used at all (a file where the
    folder should be, a folder where the database should be, no permission)."""


SAFE = "Everything saved before is safe."

_SQLITE_CAUSES = {
    sqlite3.SQLITE_FULL: "full",
    sqlite3.SQLITE_READONLY: "read-only",
    sqlite3.SQLITE_IOERR: "io",
    sqlite3.SQLITE_CORRUPT: "corrupt",
    sqlite3.SQLITE_NOTADB: "corrupt",
    sqlite3.SQLITE_BUSY: "busy",
    sqlite3.SQLITE_LOCKED: "busy",
    sqlite3.SQLITE_CANTOPEN: "cannot-open",
}
_OS_CAUSES = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EROFS: "read-only",
    errno.EACCES: "read-only",
    errno.EPERM: "read-only",
    errno.EIO: "io",
    errno.ENOENT: "missing",
    errno.ENOTDIR: "not-a-folder",
}


def cause_of(err: sqlite3.Error | OSError) -> str:
    """The kind of trouble: full, read-only, io, corrupt, busy, cannot-open, missing, ..."""
    if isinstance(err, sqlite3.Error):
        code = (getattr(err, "sqlite_errorcode", None) or 0) & 0xFF  # the primary result code
        return _SQLITE_CAUSES.get(code, "other")
    return _OS_CAUSES.get(err.errno or 0, "other")


def disk_full(folder: Path) -> bool:
    """Whether the file system holding ``folder`` has no block left for the hub's user."""
    try:
        found = os.statvfs(folder)
    except (OSError, ValueError):
        return False
    return found.f_bavail == 0 or (found.f_files > 0 and found.f_favail == 0)


def sqlite_error(err: sqlite3.Error, doing: str, folder: Path) -> StoreError:
    """The StoreError for an sqlite3 error met while ``doing`` ("save event 7 of game 2")."""
    cause = cause_of(err)
    if cause in ("read-only", "cannot-open", "io") and disk_full(folder):
        cause = "full"  # SQLite reports a disk full from the start in other words
    causes: dict[str, tuple[type[StoreError], str]] = {
        "full": (StoreFullError, f"the disk holding {folder} is full. {SAFE}"),
        "read-only": (StoreReadOnlyError, f"{folder} is read-only. {SAFE}"),
        "io": (StoreIOError, f"the disk holding {folder} reported an error ({err}). {SAFE}"),
        "corrupt": (StoreCorruptError, f"the saved games are damaged ({err})"),
        "busy": (StoreError, f"the saved games are busy ({err}); try again"),
        "cannot-open": (
            StoreFolderError,
            f"the files in {folder} cannot be opened ({err}); give the hub's user access to "
            f"them. {SAFE}",
        ),
    }
    kind, why = causes.get(cause, (StoreError, str(err)))
    return kind(f"Cannot {doing}: {why}")


def os_error(err: OSError, doing: str, folder: Path) -> StoreError:
    """The StoreError for a file system error met while ``doing`` something."""
    cause, reason = cause_of(err), err.strerror or str(err)
    if cause in ("read-only", "io") and disk_full(folder):
        cause = "full"
    if cause == "full":
        return StoreFullError(f"Cannot {doing}: the disk holding {folder} is full. {SAFE}")
    if cause == "read-only":
        return StoreReadOnlyError(f"Cannot {doing}: {folder} cannot be written ({reason}).")
    if cause == "io":
        return StoreIOError(f"Cannot {doing}: the disk holding {folder} reported an error.")
    return StoreError(f"Cannot {doing} in {folder}: {reason}")


def backup_error(err: sqlite3.Error | OSError, dest: Path) -> BackupError:
    """Why the backup ``dest`` could not be written, naming it (not the data folder)."""
    folder = dest.parent
    why = {
        "full": f"the disk holding {folder} is full",
        "read-only": f"{folder} cannot be written",
        "cannot-open": f"it cannot be created in {folder}",
        "missing": f"the folder {folder} does not exist",
        "not-a-folder": f"{folder} is not a folder",
    }.get(cause_of(err))
    if why is None:
        why = str(err) if isinstance(err, sqlite3.Error) else err.strerror or str(err)
    return BackupError(f"Cannot write the backup {dest}: {why}. The saved games are unchanged.")
