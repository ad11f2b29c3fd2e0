"""The store's errors: one family, each message meant for a person (a banner, a terminal)."""

from __future__ import annotations

import errno
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


def sqlite_error(err: sqlite3.Error, doing: str, folder: Path) -> StoreError:
    """The StoreError for an sqlite3 error met while ``doing`` ("save event 7 of game 2")."""
    code = (getattr(err, "sqlite_errorcode", None) or 0) & 0xFF
    if code == sqlite3.SQLITE_FULL:
        return StoreFullError(f"Cannot {doing}: the disk holding {folder} is full. {SAFE}")
    if code == sqlite3.SQLITE_READONLY:
        return StoreReadOnlyError(f"Cannot {doing}: {folder} is read-only. {SAFE}")
    if code == sqlite3.SQLITE_IOERR:
        return StoreIOError(
            f"Cannot {doing}: the disk holding {folder} reported an error ({err}). {SAFE}"
        )
    if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return StoreCorruptError(f"Cannot {doing}: the saved games are damaged ({err})")
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StoreError(f"Cannot {doing}: the saved games are busy ({err}); try again")
    return StoreError(f"Cannot {doing}: {err}")


def os_error(err: OSError, doing: str, folder: Path) -> StoreError:
    """The StoreError for a file system error met while ``doing`` something."""
    reason = err.strerror or str(err)
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return StoreFullError(f"Cannot {doing}: the disk holding {folder} is full. {SAFE}")
    if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return StoreReadOnlyError(f"Cannot {doing}: {folder} cannot be written ({reason}).")
    if err.errno == errno.EIO:
        return StoreIOError(f"Cannot {doing}: the disk holding {folder} reported an error.")
    return StoreError(f"Cannot {doing} in {folder}: {reason}")


def backup_error(err: sqlite3.Error | OSError, dest: Path) -> BackupError:
    """Why the backup ``dest`` could not be written, naming it (not the data folder)."""
    doing = f"Cannot write the backup {dest}"
    untouched = "The saved games are unchanged."
    if isinstance(err, sqlite3.Error):
        code = (getattr(err, "sqlite_errorcode", None) or 0) & 0xFF
        if code == sqlite3.SQLITE_FULL:
            return BackupError(f"{doing}: the disk holding {dest.parent} is full. {untouched}")
        if code == sqlite3.SQLITE_READONLY:
            return BackupError(f"{doing}: {dest.parent} is read-only. {untouched}")
        if code == sqlite3.SQLITE_CANTOPEN:
            return BackupError(f"{doing}: it cannot be created in {dest.parent}. {untouched}")
        return BackupError(f"{doing}: {err}. {untouched}")
    reason = err.strerror or str(err)
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return BackupError(f"{doing}: the disk holding {dest.parent} is full. {untouched}")
    if err.errno == errno.ENOENT:
        return BackupError(f"{doing}: the folder {dest.parent} does not exist. {untouched}")
    if err.errno == errno.ENOTDIR:
        return BackupError(f"{doing}: {dest.parent} is not a folder. {untouched}")
    return BackupError(f"{doing}: {reason}. {untouched}")
