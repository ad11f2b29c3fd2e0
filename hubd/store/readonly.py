"""The saved games opened for reading only: beside a running daemon, on a read-only mount, or
view-only when the data folder cannot be used.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import stat
import tempfile
from pathlib import Path

from hubd.store.errors import StoreCorruptError, StoreError, cause_of, sqlite_error
from hubd.store.files import side
from hubd.store.migrations import CURRENT_VERSION, migrate
from hubd.store.opening import check_version, connect, unreadable

logger = logging.getLogger("hubd.store")


def open_readonly(path: Path) -> sqlite3.Connection:
    """The saved games for reading only, wherever they are: beside a running daemon, on a
    read-only mount (where SQLite cannot make the -shm a WAL database needs), or with a
    file the commands' user cannot write. Never changes a file; StoreError says why not."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        found = None
    except (OSError, ValueError) as err:
        raise StoreError(f"cannot read {path}: {getattr(err, 'strerror', None) or err}") from None
    if found is None or not stat.S_ISREG(found.st_mode):
        missing = "is missing" if found is None else "is not a plain file"
        raise StoreError(f"there are no saved games in {path.parent} ({path.name} {missing})")
    try:  # a file the user cannot read is said plainly, not as "unable to open database file"
        os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC))
    except OSError as err:
        raise unreadable(path, err) from None
    uri = path.resolve().as_uri()
    try:
        db = _checked_readonly(connect(uri + "?mode=ro", uri=True), path)
    except UnicodeDecodeError:  # SQLite's message quotes the damaged table definitions
        raise StoreCorruptError(
            f"Cannot open the saved games: {path} is damaged (its stored table definitions "
            "cannot be read); start the hub: it sets the file aside and reads back every game "
            "it can"
        ) from None
    except sqlite3.Error as err:
        if cause_of(err) not in ("cannot-open", "read-only"):
            raise sqlite_error(err, "open the saved games", path.parent) from err
        logger.debug("opening %s read-only failed (%s): read-only mount?", path, err)
        db = _open_unwritable(path, uri)
    return db


def _checked_readonly(db: sqlite3.Connection, path: Path) -> sqlite3.Connection:
    try:
        version = check_version(db, path)
        if version < CURRENT_VERSION:
            raise StoreError(
                f"{path} is at database version {version}; start hubd once to upgrade it "
                f"to version {CURRENT_VERSION}"
            )
        return db
    except BaseException:
        db.close()
        raise


def _open_unwritable(path: Path, uri: str) -> sqlite3.Connection:
    """A database in a folder nobody may write. With no -wal holding commits, SQLite's
    ``immutable`` opening reads the file as it is; with one, both files are copied to a
    scratch folder and read into memory, so the commits in the -wal are seen too."""
    wal = side(path, "-wal")
    try:
        if not wal.exists() or wal.stat().st_size == 0:
            return _checked_readonly(connect(uri + "?immutable=1", uri=True), path)
        with tempfile.TemporaryDirectory(prefix="hubd-read-") as scratch:
            copy = Path(scratch) / path.name
            shutil.copyfile(path, copy)
            shutil.copyfile(wal, side(copy, "-wal"))
            source = connect(str(copy))
            try:
                memory = connect(":memory:")
                source.backup(memory)
            finally:
                source.close()
        return _checked_readonly(memory, path)
    except sqlite3.Error as err:
        raise sqlite_error(err, "open the saved games", path.parent) from err
    except OSError as err:
        raise StoreError(f"cannot read {path}: {err.strerror or err}") from err


def view_only(path: Path) -> sqlite3.Connection:
    """The saved games read-only, or an empty store that refuses every write."""
    try:
        return open_readonly(path)
    except StoreError as err:
        logger.debug("cannot show the saved games: %s", err.message)
    db = connect(":memory:")
    db.execute("BEGIN")
    migrate(db)
    db.execute("COMMIT")
    db.execute("PRAGMA query_only = ON")
    return db
