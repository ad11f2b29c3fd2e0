"""Opening the database for the daemon: the checks, the migrations, what is done with a file
that cannot be used, and the files put back when they are removed under it.

Start-up never ends in a traceback. A damaged or newer database, a folder or an empty file
where the database should be, is moved aside unchanged and a fresh one started, with one
line saying so (``Opened.notice``). A data folder or database the hub cannot read or write
opens the store view-only (``hubd.store.readonly``) with one line saying why and what to do
(``StoreWriteError``). A stored game that no longer replays is set aside on its own.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import stat
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine import Game
from hubd.store.errors import (
    StoreCorruptError,
    StoreFolderError,
    StoreVersionError,
    StoreWriteError,
    cause_of,
    os_error,
    sqlite_error,
)
from hubd.store.files import FileWatch, aside_name, identity, move_aside, side, write_copy
from hubd.store.history import progress, resumable, write_progress
from hubd.store.journal import JOURNAL_SUFFIX, restore
from hubd.store.log import ReplayError, replay, set_aside
from hubd.store.migrations import CURRENT_VERSION, migrate, version_of
from hubd.store.salvage import salvage

logger = logging.getLogger("hubd.store")

DATABASE_NAME = "hub.sqlite3"
SQLITE_HEADER = b"SQLite format 3\x00"

Clock = Callable[[], datetime]


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    # isolation_level=None: the store issues BEGIN IMMEDIATE / COMMIT itself.
    db = sqlite3.connect(target, uri=uri, isolation_level=None)
    # A byte that is not UTF-8 in a damaged file shows as U+FFFD instead of failing the
    # whole query (the log itself is read as bytes: hubd.store.log.log_lines).
    db.text_factory = _text
    db.execute("PRAGMA busy_timeout = 5000")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def connect_for_writing(path: Path) -> sqlite3.Connection:
    """The daemon's connection: WAL, and every commit synced before it returns."""
    db = connect(str(path))
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
    except BaseException:
        db.close()
        raise
    return db


def integrity_problem(db: sqlite3.Connection) -> str | None:
    """What SQLite's quick check finds wrong, as one short line, or None when it finds
    nothing (its report spans lines: they are joined, the first few kept)."""
    rows = db.execute("PRAGMA quick_check(5)").fetchall()
    if rows == [("ok",)]:
        return None
    found = " ".join(str(row[0]) for row in rows).replace("*** in database main ***", "")
    return " ".join(found.split())[:300]


def _check_integrity(db: sqlite3.Connection) -> None:
    problem = integrity_problem(db)
    if problem is not None:
        raise StoreCorruptError(f"the integrity check failed: {problem}")


def check_version(db: sqlite3.Connection, path: Path) -> int:
    version = version_of(db)
    if version > CURRENT_VERSION:
        raise StoreVersionError(
            f"{path} was written by a newer hubd (database version {version}; "
            f"this hubd reads up to version {CURRENT_VERSION})",
            version,
        )
    return version


def _rederive_all(db: sqlite3.Connection) -> None:
    """Recompute every game's history columns (after a migration that added some).

    The time a game finished was not recorded before; its start time stands in for it. A
    game that no longer replays is set aside; the others are not held back by it.
    """
    for game_id, created in db.execute("SELECT id, created FROM games").fetchall():
        try:
            game = replay(db, game_id)
        except ReplayError as err:
            set_aside(db, game_id, err.message)
            continue
        write_progress(db, game_id, progress(game.state), created)


@dataclass
class Opened:
    db: sqlite3.Connection
    resume: tuple[int, Game] | None  # the game to resume, already replayed
    notice: str | None = None  # for the screen: what was moved or set aside, if anything


#: What is moved aside: the tag in its new name, what it was, and why (for the message).
Unusable = tuple[str, str, str]
DAMAGED = "Damaged games file"
#: A version number above this is a damaged header, not a hubd from the years to come.
MOST_LIKELY_VERSION = CURRENT_VERSION + 1000


def _unusable_file(path: Path) -> Unusable | None:
    """What is wrong with a file to move aside before SQLite sees it, or None.

    StoreFolderError when the file cannot even be read: moving it would not help, and the
    games in it may be fine (a wrong owner), so the hub runs view-only until it is fixed.
    """
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise unreadable(path, err) from None
    if stat.S_ISDIR(found.st_mode):
        return "not-a-file", f"The folder {path.name}", ""
    if not stat.S_ISREG(found.st_mode):
        return "not-a-file", f"{path.name}, not a plain file,", ""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            head = os.pread(fd, len(SQLITE_HEADER), 0)
        finally:
            os.close(fd)
    except OSError as err:
        raise unreadable(path, err) from None
    if not head:
        wal = side(path, "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            return None  # SQLite will read what the WAL holds
        return "empty", "Empty games file (0 bytes)", ""
    if head != SQLITE_HEADER[: len(head)]:
        return "corrupt", DAMAGED, " (it is not an SQLite file)"
    return None


def unreadable(path: Path, err: OSError) -> StoreFolderError:
    reason = err.strerror or str(err)
    return StoreFolderError(
        f"Cannot read {path} ({reason}); nothing is changed. Give the hub's user access to it "
        "(chown it to that user), then restart."
    )


def _open_checked(path: Path) -> Opened:
    """Open, check, migrate; raise StoreCorruptError or StoreVersionError if unusable."""
    try:
        db = connect(str(path))
    except sqlite3.Error as err:
        raise sqlite_error(err, "open the saved games", path.parent) from err
    try:
        check_version(db, path)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        _check_integrity(db)
        db.execute("BEGIN IMMEDIATE")
        try:
            if migrate(db):
                _rederive_all(db)
            # What the database lacks and the journal holds (a -wal removed, then a crash).
            restored = restore(db, side(path, JOURNAL_SUFFIX))
            db.execute("COMMIT")
        except BaseException as err:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if isinstance(err, sqlite3.Error):
                problem = sqlite_error(err, "bring the saved games up to date", path.parent)
                if isinstance(problem, StoreWriteError):  # a full disk: nothing is wrong
                    raise problem from err  # with the file, which stays where it is
                # Unusable as it is: moved aside, unchanged.
                raise StoreCorruptError(f"it could not be brought up to date ({err})") from err
            raise
        journal = restored.notice()
        if journal is not None:
            (logger.error if restored.lost else logger.warning)("%s", journal)
        game_id = resumable(db)
        if game_id is None:
            return Opened(db, None, journal)
        try:
            return Opened(db, (game_id, replay(db, game_id)), journal)
        except ReplayError as err:
            set_aside(db, game_id, err.message)  # the connection commits it at once
            aside = (
                f"Game {game_id} could not be resumed and was set aside: {err.why}. Every other "
                f"game is as it was; hubd export {game_id} gives its log."
            )
            return Opened(db, None, aside if journal is None else f"{journal} {aside}")
    except BaseException as err:
        db.close()
        if isinstance(err, UnicodeDecodeError):  # SQLite's message quotes a damaged schema
            raise StoreCorruptError("its stored table definitions are damaged") from err
        if isinstance(err, sqlite3.Error):
            problem = sqlite_error(err, "open the saved games", path.parent)
            if isinstance(problem, StoreWriteError) or cause_of(err) == "busy":
                raise problem from err
            # Anything else SQLite says of a file that is there ("unsupported file format",
            # "malformed database schema", a damaged page) is damage: it is moved aside.
            raise StoreCorruptError(" ".join(str(err).split())[:300]) from err
        raise


def open_for_daemon(path: Path, clock: Clock) -> Opened:
    """Open the database; an unusable one is moved aside once and a fresh one made."""
    for stale in path.parent.glob(f".{path.name}.*.partial"):  # a copy cut short by a crash
        stale.unlink(missing_ok=True)
    fresh = [p for p in (path, side(path, "-wal"), side(path, "-shm")) if not os.path.lexists(p)]
    try:
        unusable = _unusable_file(path)
        if unusable is None:
            return _open_checked(path)
    except StoreWriteError:
        # A new database the disk had no room for (or would not let be written): the files
        # SQLite began are removed, or every restart would move an empty one aside.
        if path in fresh:
            for made in fresh:
                with contextlib.suppress(OSError):
                    os.unlink(made)
        raise
    except StoreVersionError as problem:
        if problem.version > MOST_LIKELY_VERSION:  # a damaged header, not a newer hubd
            unusable = ("corrupt", DAMAGED, f" (its version number reads {problem.version})")
        else:
            unusable = (
                f"newer-v{problem.version}",
                f"Games file of a newer hubd (database version {problem.version})",
                f" (this hubd reads up to version {CURRENT_VERSION})",
            )
    except StoreCorruptError as problem:
        unusable = ("corrupt", DAMAGED, f" ({problem.message})")
    tag, what, why = unusable
    moment = clock()
    try:
        moved = move_aside(path, tag, moment)
    except OSError as err:
        raise os_error(err, f"move the unusable {path.name} aside", path.parent) from err
    # A banner shows the start of the message: what it was and where it went, then why.
    message = f"{what} was moved to {moved.name}{why}; a new record of games was started."
    opened = _open_checked(path)
    if tag == "corrupt":  # a newer hubd's file is whole: it waits for that hubd
        salvaged = salvage(moved, opened.db, moment)
        message = f"{message} {salvaged.notice()}"
        opened.resume = _resume(opened.db)
    logger.error("%s (in %s)", message, path.parent)
    opened.notice = message if opened.notice is None else f"{message} {opened.notice}"
    return opened


def _resume(db: sqlite3.Connection) -> tuple[int, Game] | None:
    """The unfinished latest game, replayed, or None (a game read back from a damaged file
    that does not replay stays where it is, not resumed)."""
    game_id = resumable(db)
    if game_id is None:
        return None
    try:
        return game_id, replay(db, game_id)
    except ReplayError:
        return None


def recover_files(db: sqlite3.Connection, watch: FileWatch, moment: datetime) -> sqlite3.Connection:
    """After the database or its -wal was removed or replaced under ``db``: put everything
    ``db`` holds back at the path and return a new connection to it (``db`` is closed).

    A stranger at either path is moved aside first (``.replaced-<time>``), never deleted,
    so the reopened database reads only ours. Then the whole database is rewritten from
    ``db``, which still sees every commit (even those in a -wal no path leads to), with
    SQLite's backup API into a temporary file renamed over the path. Never a checkpoint in
    place: with its -wal gone, a checkpoint cut short by a crash would leave a torn file.
    """
    path, wal = watch.path, watch.wal_path
    if identity(wal) not in (None, watch.wal):
        os.replace(wal, aside_name(wal, "replaced", moment))
    if os.path.lexists(path) and identity(path) != watch.database:
        os.replace(path, aside_name(path, "replaced", moment))
    write_copy(db, path)
    db.close()
    reopened = connect_for_writing(path)
    reopened.execute("PRAGMA user_version").fetchone()  # SQLite opens (makes) the -wal now
    return reopened
