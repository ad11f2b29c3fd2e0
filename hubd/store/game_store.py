"""``GameStore``, which plays every role of hubd/store/roles.py: opening it, and every write."""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType

from engine import Event, Game, NewGame, dump_line
from hubd.store import club, voices
from hubd.store.errors import (
    AlreadyStoredError,
    StoreError,
    StoreLockedError,
    StoreWriteError,
    sqlite_error,
)
from hubd.store.files import FileWatch, side
from hubd.store.history import Progress, progress, stamp, write_progress
from hubd.store.journal import JOURNAL_SUFFIX, Journal, Record
from hubd.store.lock import make_folder, take_lock
from hubd.store.log import ImportSource, game_from_source, insert_game, same_game
from hubd.store.opening import DATABASE_NAME, Clock, open_for_daemon, recover_files
from hubd.store.reading import StoreReading
from hubd.store.readonly import open_readonly, view_only
from hubd.store.roles import Store

logger = logging.getLogger("hubd.store")


def local_now() -> datetime:
    """The wall clock in local time: the store's default clock (the one clock read)."""
    return datetime.now().astimezone()


def open_store(folder: Path | str, *, readonly: bool = False, clock: Clock = local_now) -> Store:
    """The one place the store is opened (the daemon, the commands, the benchmarks); see
    :meth:`GameStore.open`. Its callers hold it by the roles they use (hubd/store/roles.py)."""
    return GameStore.open(folder, readonly=readonly, clock=clock)


class GameStore(StoreReading):
    """Games, players and logs in one SQLite file; see the package docstring."""

    def __init__(
        self,
        folder: Path,
        db: sqlite3.Connection,
        *,
        clock: Clock,
        readonly: bool,
        lock_fd: int | None = None,
        recovered_from: str | None = None,
        cannot_save: str | None = None,
        resume: tuple[int, Game] | None = None,
    ) -> None:
        self.folder = folder
        self.path = folder / DATABASE_NAME
        self.readonly = readonly
        #: Set when something was moved or set aside at open: say so on screen.
        self.recovered_from = recovered_from
        #: Set when the data folder cannot be written and the store opened view-only.
        self.cannot_save = cannot_save
        self._db = db
        self._clock = clock
        self._lock_fd = lock_fd
        #: The last events, beside the database (hubd/store/journal.py); the daemon's only.
        self._journal = None if readonly else Journal(side(self.path, JOURNAL_SUFFIX))
        # The files the daemon's connection has open, to notice one removed or replaced.
        self._watch = None if readonly else FileWatch(self.path)
        # The engine's view of the game being appended to, to check each event and derive
        # the history columns before committing; dropped whenever a commit fails.
        self._mirror: tuple[int, Game, Progress] | None = None
        #: Writes refused in a row by the disk (full, read-only, failing), said once.
        self.refused_writes = 0
        if resume is not None:
            game_id, game = resume
            self._mirror = (game_id, game, progress(game.state))

    @classmethod
    def open(
        cls, folder: Path | str, *, readonly: bool = False, clock: Clock = local_now
    ) -> GameStore:
        """Open the store in ``folder`` (made if missing) for the daemon, holding its lock.

        ``readonly=True`` is for commands that run beside the daemon (export, backup): no
        lock, no migration, no repair, and every write raises StoreReadOnlyError.

        When the folder or the database cannot be used (a file where the folder should be,
        read-only, full, failing, not readable), the daemon's store opens view-only instead
        of failing, so the daemon is not restarted in a loop: ``cannot_save`` says why and
        what to do, saved games can be viewed when they can be read, new entries are refused.
        Only a second daemon on the same folder is an error (StoreLockedError).
        """
        folder = Path(folder)
        path = folder / DATABASE_NAME
        if readonly:
            return cls(folder, open_readonly(path), clock=clock, readonly=True)
        lock_fd: int | None = None
        try:
            make_folder(folder)
            lock_fd = take_lock(folder)
            opened = open_for_daemon(path, clock)
        except StoreLockedError:
            raise
        except StoreError as err:
            if not isinstance(err, StoreWriteError):
                logger.debug("unexpected store error at open", exc_info=True)
            logger.error("%s The hub shows what it can but saves nothing.", err.message)
            return cls(
                folder,
                view_only(path),
                clock=clock,
                readonly=True,
                lock_fd=lock_fd,
                cannot_save=err.message,
            )
        except BaseException:
            if lock_fd is not None:
                os.close(lock_fd)
            raise
        return cls(
            folder,
            opened.db,
            clock=clock,
            readonly=False,
            lock_fd=lock_fd,
            recovered_from=opened.notice,
            resume=opened.resume,
        )

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
        self._db.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # releases the flock
            self._lock_fd = None

    def __enter__(self) -> GameStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- transactions --------------------------------------------------------------------

    @contextmanager
    def _writing(self, doing: str) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed (and synced) on leaving, rolled back on error.

        The files are checked before and after: a commit never goes into a -wal that no
        path leads to any more, and one that just did is checkpointed at once.
        """
        self.check_files()
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        except BaseException as err:
            if db.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    logger.exception("rolling back a failed write")
            if isinstance(err, sqlite3.Error):
                problem = sqlite_error(err, doing, self.folder)
                self._refused_write(problem)
                raise problem from err
            raise
        self._write_worked()
        self.check_files()

    def _refused_write(self, problem: StoreError) -> None:
        """Say a disk that is full (read-only, failing) once, then only count the entries it
        refuses: a demo or a button pressed on would otherwise fill the journal too."""
        if not isinstance(problem, StoreWriteError):
            return
        if self.refused_writes == 0 and not self.readonly:  # view-only: said at open
            logger.error("%s Later refusals are counted, not repeated.", problem.message)
        self.refused_writes += 1

    def _write_worked(self) -> None:
        if self.refused_writes:
            logger.warning(
                "Saving works again; %d %s refused while it did not.",
                self.refused_writes,
                "entry was" if self.refused_writes == 1 else "entries were",
            )
            self.refused_writes = 0

    def check_files(self) -> None:
        """Notice the database or its -wal removed or replaced, and recover (one warning).

        Cheap (two ``stat`` calls): the daemon's loop calls it whenever it turns. Never
        raises: if recovery fails the reason is logged and the next write says it.
        """
        if self._watch is None or self._db.in_transaction:
            return
        problem = self._watch.problem()
        if problem is None:
            return
        try:
            self._db = recover_files(self._db, self._watch, self._clock())
        except (sqlite3.Error, OSError) as err:
            logger.error(
                "%s while the hub was running, and the saved games could not be rewritten "
                "(%s); stop the hub and run hubd backup before anything else",
                problem,
                err,
            )
            return
        self._watch = FileWatch(self.path)
        logger.warning(
            "%s while the hub was running: every committed event was written into %s, "
            "which was reopened; nothing was lost",
            problem,
            self.path,
        )

    # -- writing -------------------------------------------------------------------------

    def new_game(self, event: NewGame, now: datetime | None = None) -> int:
        """Store a new game (its new_game line is event 1); RuleError if the engine refuses.

        ``now`` (default: the store's clock) is its start time in the history.
        """
        game = Game.from_events([event])
        moment = now or self._clock()
        with self._writing("save the new game") as db:
            game_id = insert_game(db, game, moment)
        self._journal_events(game_id, 1, game.log, moment)
        self._mirror = (game_id, game, progress(game.state))
        return game_id

    def append(self, game_id: int, event: Event, now: datetime | None = None) -> int:
        """Commit ``event`` to the game's log and return its sequence number.

        The engine checks the event first: RuleError stores nothing. When this returns, the
        event is on the disk. StoreWriteError: not stored, nothing earlier lost.
        """
        game, before = self._game_to_extend(game_id)
        game.apply(event)
        seq = len(game.log)
        after = progress(game.state)
        moment = now or self._clock()
        try:
            with self._writing(f"save event {seq} of game {game_id}") as db:
                db.execute(
                    "INSERT INTO events (game_id, seq, line) VALUES (?, ?, ?)",
                    (game_id, seq, dump_line(event)),
                )
                if after != before:
                    write_progress(db, game_id, after, stamp(moment))
        except BaseException:
            self._mirror = None  # the engine took an event the disk did not
            raise
        self._journal_events(game_id, seq, [event], moment)
        self._mirror = (game_id, game, after)
        return seq

    def _journal_events(
        self, game_id: int, first: int, events: Sequence[Event], moment: datetime
    ) -> None:
        """Committed events into the journal (what a removed -wal cannot take away)."""
        if self._journal is None:
            return
        when = stamp(moment)
        records = [
            Record(game_id, seq, when, dump_line(event))
            for seq, event in enumerate(events, start=first)
        ]
        self._journal.append(records)
        try:
            self._journal.checkpoint(self._db)
        except sqlite3.Error as err:  # the events are committed: the next checkpoint will do
            logger.debug("checkpoint for the journal: %s", err)

    def _game_to_extend(self, game_id: int) -> tuple[Game, Progress]:
        if self._mirror is None or self._mirror[0] != game_id:
            game = self.load(game_id)
            self._mirror = (game_id, game, progress(game.state))
        return self._mirror[1], self._mirror[2]

    def import_log(self, source: ImportSource, now: datetime | None = None) -> int:
        """Store a game log (a file, or its lines) as a new game, if the engine replays it.

        The log is refused whole, with its first bad line, by ImportRefusedError; a file
        longer than a log may be is refused without being read whole. A game stored already
        (the same log line for line) is not stored again: AlreadyStoredError.
        """
        game = game_from_source(source)
        moment = now or self._clock()
        with self._writing("save the imported game") as db:
            stored = same_game(db, game)
            if stored is not None:  # a game counts once, whatever file it came from
                raise AlreadyStoredError(stored)
            game_id = insert_game(db, game, moment)
        self._journal_events(game_id, 1, game.log, moment)
        return game_id

    def set_sounds_like(self, player: str, said: str) -> None:
        """Keep how ``player``'s name sounds ("" forgets it); RuleError for a bad text."""
        with self._writing(f"save how {player} sounds") as db:
            voices.set_sounds_like(db, player, said)

    def keep_phone_desk(self, game_id: int, desk: str) -> None:
        """Keep what the phones' desk holds for the game (hubd/web/desk.py: the seats phones
        hold, the hands entered on phones), so a restart or a power cut loses none of it."""
        with self._writing(f"save the phones' seats and hands of game {game_id}") as db:
            db.execute(
                "INSERT OR REPLACE INTO phone_desk (game_id, desk) VALUES (?, ?)", (game_id, desk)
            )

    # -- the club nights (hubd.club) -----------------------------------------------------

    def keep_club_games(self, rows: Iterable[club.ClubRow]) -> int:
        """Store the club folder's games that are new or longer; how many were stored."""
        with self._writing("save the club's games") as db:
            return club.keep(db, rows)
