"""A short journal of the last events, beside the database: what a removed -wal cannot take.

Every commit goes first into ``hub.sqlite3-wal``, and reaches ``hub.sqlite3`` itself only at a
checkpoint. If the -wal is removed while the hub runs and the hub is killed before it notices
(``FileWatch``, within a few milliseconds), the commits since the last checkpoint would be
gone. So each committed event is also appended, synced, to ``hub.sqlite3-events`` (one JSON
line: game, sequence number, time, the event's line), and the journal is emptied whenever a
checkpoint has put every commit into the database file.

At start-up the store compares the journal with what it finds (``restore``): an event the
journal holds and the database does not is put back, after the engine has checked it; what
cannot be put back is said, naming the game and the events, and the numbers are not reused.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import sqlite3
import stat
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from engine import Game, RuleError, parse_line
from hubd.config.files import FileRefused, read_regular
from hubd.store.history import progress, write_progress
from hubd.store.log import ReplayError, insert_game, replay, set_aside

logger = logging.getLogger("hubd.store")

JOURNAL_SUFFIX = "-events"
#: Commits between the checkpoints that let the journal be emptied.
CHECKPOINT_EVERY = 200
#: The most of a journal read at start-up (a few hundred events are a few tens of kB).
MAX_JOURNAL_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class Record:
    game_id: int
    seq: int
    stamp: str
    line: str


class Journal:
    """The journal file, appended to after each commit (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._identity: tuple[int, int] | None = None
        self.since_checkpoint = 0
        self._failing = False

    def _open(self) -> int:
        try:
            found = os.stat(self.path)
            here: tuple[int, int] | None = (found.st_dev, found.st_ino)
        except OSError:
            here = None
        if self._fd is not None and here == self._identity:
            return self._fd
        self.close()  # removed or replaced: a new one at the path
        try:
            odd = not stat.S_ISREG(os.lstat(self.path).st_mode)
        except FileNotFoundError:
            odd = False
        if odd:  # a link, a FIFO, a device node put in its place: removing it loses nothing
            os.unlink(self.path)  # (a folder cannot be: the journal is then not kept)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW
        fd = os.open(self.path, flags | os.O_NONBLOCK, 0o644)
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            os.close(fd)
            raise OSError(errno.EINVAL, "not a regular file")
        self._fd, self._identity = fd, (found.st_dev, found.st_ino)
        return fd

    def append(self, records: list[Record]) -> None:
        """Add ``records`` (already committed) and sync; a failure is logged, never raised:
        the events are in the database."""
        data = "".join(
            json.dumps([r.game_id, r.seq, r.stamp, r.line], ensure_ascii=False) + "\n"
            for r in records
        ).encode("utf-8", "surrogateescape")
        try:
            fd = self._open()
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fdatasync(fd)
        except OSError as err:
            if not self._failing:  # said once, not at every commit
                logger.warning(
                    "cannot write the journal %s: %s", self.path.name, err.strerror or err
                )
            self._failing = True
            self.close()
        else:
            self._failing = False
        self.since_checkpoint += len(records)

    def checkpoint(self, db: sqlite3.Connection) -> None:
        """Every so many commits: once every commit is in the database file, empty the
        journal (a reader holding an old snapshot only puts it off)."""
        if self.since_checkpoint < CHECKPOINT_EVERY:
            return
        self.since_checkpoint = 0
        busy, frames, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        if busy or frames < 0 or copied != frames:
            return
        try:
            fd = self._open()
            os.ftruncate(fd, 0)
            os.fsync(fd)
        except OSError as err:
            logger.warning("cannot empty the journal %s: %s", self.path.name, err.strerror or err)
            self.close()

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
            self._identity = None


def read_journal(path: Path) -> list[Record]:
    """The records in the journal at ``path``; a torn or hostile line is skipped."""
    try:
        data = read_regular(path, MAX_JOURNAL_BYTES, cut=True)
    except FileRefused:
        return []
    records = []
    for raw in data.split(b"\n"):
        try:
            game_id, seq, when, line = json.loads(raw.decode("utf-8", "surrogateescape"))
        except (ValueError, TypeError, RecursionError):
            continue
        numbers = type(game_id) is int and type(seq) is int and game_id > 0 and seq > 0
        if numbers and isinstance(when, str) and isinstance(line, str):
            records.append(Record(game_id, seq, when, line))
    return records


@dataclass
class Restored:
    """What ``restore`` did: events put back, and what could not be (game: first, last)."""

    put_back: int = 0
    lost: dict[int, tuple[int, int]] = field(default_factory=dict)

    def notice(self) -> str | None:
        parts = []
        if self.put_back:
            one = self.put_back == 1
            parts.append(
                f"{self.put_back} committed event{'' if one else 's'} missing from the database "
                f"(its -wal was removed or damaged) {'was' if one else 'were'} put back from "
                "the journal."
            )
        for game_id, (first, last) in sorted(self.lost.items()):
            which = f"event {first}" if first == last else f"events {first} to {last}"
            parts.append(
                f"Game {game_id} lost {which}: they could not be put back, so it is set aside "
                f"(hubd export {game_id} gives what is left)."
            )
        return " ".join(parts) or None


def restore(db: sqlite3.Connection, path: Path) -> Restored:
    """Put back the journal's events that the database lacks (in the caller's transaction)."""
    done = Restored()
    by_game: dict[int, dict[int, Record]] = {}
    for record in read_journal(path):
        by_game.setdefault(record.game_id, {})[record.seq] = record
    for game_id, records in sorted(by_game.items()):
        row = db.execute("SELECT max(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()
        have = int(row[0]) if row and row[0] is not None else 0
        wanted = max(records)
        if wanted <= have:
            continue
        put = _put_back(db, game_id, have, records)
        done.put_back += put
        if have + put < wanted:
            first = have + put + 1
            done.lost[game_id] = (first, wanted)
            # Not resumed: its next event would take a number the lost events had.
            set_aside(db, game_id, f"events {first} to {wanted} were lost with its -wal")
    return done


def _put_back(db: sqlite3.Connection, game_id: int, have: int, records: dict[int, Record]) -> int:
    """Events ``have`` + 1 onwards from ``records``, while they follow on and the engine takes
    them; returns how many were put back."""
    try:
        game = replay(db, game_id) if have else Game()
    except ReplayError:
        return 0
    seq, taken, when = have + 1, 0, ""
    while seq in records:
        record = records[seq]
        try:
            game.apply(parse_line(record.line))
        except RuleError:
            break
        if have:  # the game's row exists: its events are added one by one
            db.execute(
                "INSERT INTO events (game_id, seq, line) VALUES (?, ?, ?)",
                (game_id, seq, record.line),
            )
        when, seq, taken = record.stamp, seq + 1, taken + 1
    if not taken:
        return 0
    if not have:  # a whole game lost with the -wal: made again under its own number
        try:
            started = datetime.fromisoformat(records[1].stamp)
        except ValueError:
            started = datetime.now().astimezone()
        insert_game(db, game, started, game_id=game_id)
    else:
        write_progress(db, game_id, progress(game.state), when)
    return taken
