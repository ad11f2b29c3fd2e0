"""The game store: every game's log in SQLite, each event committed before it is shown.

One file, ``hub.sqlite3`` in the data folder, in WAL mode with ``synchronous=FULL``: when
``append`` returns, the event is on the disk. A game is its log (the engine's JSON Lines, one
row per event, undos included), so resuming rebuilds the exact game, undo history and all.
The only other stored values are the history columns (totals, winners, rounds, finished time,
per-seat standings), derived from the log and written in the same transaction as the event
that changes them.

Faults never become a crash loop: a damaged or newer database is moved aside and a fresh one
started (``recovered_from`` says so); a full or read-only disk refuses new events with a
``StoreWriteError`` whose message fits a banner, and loses nothing already committed (a data
folder that cannot be written at all opens view-only, ``cannot_save`` says why). One daemon
per data folder: ``hubd.lock`` is held with ``flock`` for the life of the store; commands
beside the daemon (export, backup) open it with ``readonly=True`` and take no lock.

The store reads the clock only through the ``clock`` it is given; tests pass fixed times.
"""

from __future__ import annotations

import csv
import errno
import fcntl
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TextIO

from engine import Event, Game, GameState, NewGame, Phase, RuleError, dump_line, parse_line
from hubd.records import GameRecord, PlayerStats
from hubd.store_migrations import CURRENT_VERSION, migrate, version_of

logger = logging.getLogger(__name__)

DATABASE_NAME = "hub.sqlite3"
LOCK_NAME = "hubd.lock"
SQLITE_HEADER = b"SQLite format 3\x00"

Clock = Callable[[], datetime]


def local_now() -> datetime:
    """The wall clock in local time: the store's default clock (the one clock read)."""
    return datetime.now().astimezone()


# -- errors ------------------------------------------------------------------------------


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


class StoreWriteError(StoreError):
    """Nothing new can be saved now; everything committed before is safe and readable."""


class StoreFullError(StoreWriteError):
    pass


class StoreReadOnlyError(StoreWriteError):
    pass


class StoreIOError(StoreWriteError):
    """The disk reported an input/output error (a failing or removed card)."""


_SAFE = "Everything saved before is safe."


def _sqlite_error(err: sqlite3.Error, doing: str, folder: Path) -> StoreError:
    """The StoreError for an sqlite3 error met while ``doing`` ("save event 7 of game 2")."""
    code = (getattr(err, "sqlite_errorcode", None) or 0) & 0xFF
    if code == sqlite3.SQLITE_FULL:
        return StoreFullError(f"Cannot {doing}: the disk holding {folder} is full. {_SAFE}")
    if code == sqlite3.SQLITE_READONLY:
        return StoreReadOnlyError(f"Cannot {doing}: {folder} is read-only. {_SAFE}")
    if code == sqlite3.SQLITE_IOERR:
        return StoreIOError(
            f"Cannot {doing}: the disk holding {folder} reported an error ({err}). {_SAFE}"
        )
    if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return StoreCorruptError(f"Cannot {doing}: the saved games are damaged ({err})")
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StoreError(f"Cannot {doing}: the saved games are busy ({err}); try again")
    return StoreError(f"Cannot {doing}: {err}")


def _os_error(err: OSError, doing: str, folder: Path) -> StoreError:
    """The StoreError for a file system error met while ``doing`` something."""
    reason = err.strerror or str(err)
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return StoreFullError(f"Cannot {doing}: the disk holding {folder} is full. {_SAFE}")
    if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return StoreReadOnlyError(f"Cannot {doing}: {folder} cannot be written ({reason}).")
    if err.errno == errno.EIO:
        return StoreIOError(f"Cannot {doing}: the disk holding {folder} reported an error.")
    return StoreError(f"Cannot {doing} in {folder}: {reason}")


# -- what the history columns hold -------------------------------------------------------


@dataclass(frozen=True)
class _Standing:
    total: int
    zero_rounds: int
    feet_opened: int
    won: bool


@dataclass(frozen=True)
class _Progress:
    """The history columns of one game: everything here follows from its log."""

    over: bool
    rounds_played: int
    totals: tuple[int, ...]
    winners: tuple[str, ...]
    standings: tuple[_Standing, ...]
    doubles: tuple[int, ...]  # the score sheet: each round's starting double
    scores: tuple[tuple[int, ...], ...]  # and each scored round's scores, by seat


def _progress(state: GameState) -> _Progress:
    outcome, rules = state.outcome, state.rules
    won = set(outcome.winners) if outcome is not None else set()
    standings = tuple(
        _Standing(
            total=total,
            zero_rounds=sum(1 for row in state.scores if row[seat] == 0),
            feet_opened=state.feet_opened[seat],
            won=seat in won,
        )
        for seat, total in enumerate(state.totals)
    )
    return _Progress(
        over=state.phase is Phase.GAME_OVER,
        rounds_played=len(state.scores),
        totals=tuple(state.totals),
        winners=tuple(state.players[seat] for seat in sorted(won)),
        standings=standings,
        doubles=tuple(map(rules.starting_double, range(1, rules.rounds + 1))) if rules else (),
        scores=tuple(tuple(row) for row in state.scores),
    )


def _write_progress(
    db: sqlite3.Connection, game_id: int, progress: _Progress, finished_at: str
) -> None:
    """Store ``progress``; a game keeps its first finished time while it stays over."""
    db.execute(
        "UPDATE games SET rounds_played = ?, totals = ?, winners = ?, sheet = ?,"
        " finished = CASE WHEN ? THEN coalesce(finished, ?) ELSE NULL END WHERE id = ?",
        (
            progress.rounds_played,
            json.dumps(progress.totals),
            json.dumps(progress.winners, ensure_ascii=False),
            json.dumps({"doubles": progress.doubles, "scores": progress.scores}),
            progress.over,
            finished_at,
            game_id,
        ),
    )
    db.executemany(
        "UPDATE game_players SET total = ?, zero_rounds = ?, feet_opened = ?, won = ?"
        " WHERE game_id = ? AND seat = ?",
        [
            (s.total, s.zero_rounds, s.feet_opened, s.won, game_id, seat)
            for seat, s in enumerate(progress.standings)
        ],
    )


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


# -- reading logs ------------------------------------------------------------------------


def _log_lines(db: sqlite3.Connection, game_id: int) -> list[tuple[int, str]]:
    rows = db.execute(
        "SELECT seq, line FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
    ).fetchall()
    if not rows:
        raise UnknownGameError(f"there is no game {game_id}")
    return [(int(seq), str(line)) for seq, line in rows]


def _replay(db: sqlite3.Connection, game_id: int) -> Game:
    """The game rebuilt from its log, undos included; StoreCorruptError if it does not replay."""
    game = Game()
    for expected, (seq, line) in enumerate(_log_lines(db, game_id), start=1):
        try:
            if seq != expected:
                raise RuleError(f"event {expected} is missing")
            game.apply(parse_line(line))
        except RuleError as err:
            raise StoreCorruptError(
                f"game {game_id} no longer replays: event {seq} is refused ({err.message})"
            ) from None
    return game


def _rederive_all(db: sqlite3.Connection) -> None:
    """Recompute every game's history columns (after a migration that added some).

    The time a game finished was not recorded before; its start time stands in for it. A
    game that no longer replays is set aside; the others are not held back by it.
    """
    for game_id, created in db.execute("SELECT id, created FROM games").fetchall():
        try:
            game = _replay(db, game_id)
        except StoreCorruptError as err:
            _set_aside(db, game_id, err.message)
            continue
        _write_progress(db, game_id, _progress(game.state), created)


def _set_aside(db: sqlite3.Connection, game_id: int, reason: str) -> None:
    """Keep a game whose log no longer replays (an edited file, rules changed by an update)
    out of play: it is never resumed, and its log stays for ``hubd export``."""
    db.execute("UPDATE games SET set_aside = ? WHERE id = ?", (reason, game_id))
    logger.error("game %s set aside: %s", game_id, reason)


def _resumable(db: sqlite3.Connection) -> int | None:
    """The most recent game if it is not over (an older unfinished game was abandoned)."""
    row = db.execute(
        "SELECT id, finished, set_aside FROM games ORDER BY id DESC LIMIT 1"
    ).fetchone()
    if row is None or row[1] is not None or row[2] is not None:
        return None
    return int(row[0])


# -- opening -----------------------------------------------------------------------------


def _take_lock(folder: Path) -> int:
    """Hold ``hubd.lock`` exclusively; the kernel drops it when the process dies."""
    path = folder / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as err:
        raise _os_error(err, "create the lock file", folder) from err
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
        os.close(fd)
        raise StoreLockedError(f"another hubd is already using {folder} (pid {holder})") from None
    try:  # the pid is only for the message above
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
    except OSError:
        pass
    return fd


def _connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    # isolation_level=None: the store issues BEGIN IMMEDIATE / COMMIT itself.
    db = sqlite3.connect(target, uri=uri, isolation_level=None)
    db.execute("PRAGMA busy_timeout = 5000")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def _check_integrity(db: sqlite3.Connection) -> None:
    rows = db.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        raise StoreCorruptError(f"the integrity check failed: {rows[0][0]}")


def _check_version(db: sqlite3.Connection, path: Path) -> int:
    version = version_of(db)
    if version > CURRENT_VERSION:
        raise StoreVersionError(
            f"{path} was written by a newer hubd (database version {version}; "
            f"this hubd reads up to version {CURRENT_VERSION})",
            version,
        )
    return version


@dataclass
class _Opened:
    db: sqlite3.Connection
    resume: tuple[int, Game] | None  # the game to resume, already replayed
    notice: str | None = None  # for the screen: the game that could not be resumed


def _open_checked(path: Path) -> _Opened:
    """Open, check, migrate; raise StoreCorruptError or StoreVersionError if unusable."""
    if path.exists():
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
        if head and head != SQLITE_HEADER[: len(head)]:
            raise StoreCorruptError("it is not an SQLite database")
    db = _connect(str(path))
    try:
        _check_version(db, path)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        _check_integrity(db)
        db.execute("BEGIN IMMEDIATE")
        try:
            if migrate(db):
                _rederive_all(db)
            db.execute("COMMIT")
        except BaseException as err:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if isinstance(err, sqlite3.Error):  # unusable as it is: moved aside, unchanged
                raise StoreCorruptError(f"it could not be brought up to date ({err})") from err
            raise
        game_id = _resumable(db)
        if game_id is None:
            return _Opened(db, None)
        try:
            return _Opened(db, (game_id, _replay(db, game_id)))
        except StoreCorruptError as err:
            _set_aside(db, game_id, err.message)  # the connection commits it at once
            return _Opened(
                db,
                None,
                f"Game {game_id} could not be resumed: {err.message}. It was set aside with "
                f"its log kept (hubd export {game_id}); every other game is as it was.",
            )
    except BaseException as err:
        db.close()
        if isinstance(err, sqlite3.Error):
            raise _sqlite_error(err, "open the saved games", path.parent) from err
        raise


def _move_aside(path: Path, tag: str, moment: datetime) -> Path:
    """Rename the database (and its -wal, -shm) to ``<name>.<tag>-<timestamp>``."""
    base = f"{path.name}.{tag}-{moment:%Y%m%d-%H%M%S}"
    target = path.with_name(base)
    count = 1
    while target.exists():
        count += 1
        target = path.with_name(f"{base}-{count}")
    for suffix in ("-wal", "-shm"):  # first, so a fresh database never meets a stale WAL
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, target.with_name(target.name + suffix))
    os.replace(path, target)
    return target


def _open_for_daemon(path: Path, clock: Clock) -> tuple[_Opened, str | None]:
    """Open the database; a damaged or newer one is moved aside once and a fresh one made."""
    try:
        opened = _open_checked(path)
        return opened, opened.notice
    except (StoreCorruptError, StoreVersionError) as problem:
        if isinstance(problem, StoreVersionError):
            tag, what = f"newer-v{problem.version}", problem.message
        else:
            tag, what = "corrupt", f"the saved games in {path} could not be read: {problem.message}"
        try:
            moved = _move_aside(path, tag, clock())
        except OSError as err:
            raise _os_error(err, f"move the unusable {path.name} aside", path.parent) from err
        message = (
            f"{what[0].upper()}{what[1:]}. The file was moved to {moved.name} unchanged "
            "and a new, empty record of games was started."
        )
        logger.error("%s", message)
        return _open_checked(path), message


def _open_readonly(path: Path) -> sqlite3.Connection:
    if not path.exists():
        raise StoreError(f"there are no saved games in {path.parent} ({path.name} is missing)")
    db = _connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        version = _check_version(db, path)
        if version < CURRENT_VERSION:
            raise StoreError(
                f"{path} is at database version {version}; start hubd once to upgrade it "
                f"to version {CURRENT_VERSION}"
            )
        return db
    except BaseException as err:
        db.close()
        if isinstance(err, sqlite3.Error):
            raise _sqlite_error(err, "open the saved games", path.parent) from err
        raise


def _view_only(path: Path) -> sqlite3.Connection:
    """The saved games read-only, or an empty store that refuses every write."""
    try:
        return _open_readonly(path)
    except StoreError as err:
        logger.error("cannot show the saved games: %s", err.message)
    db = _connect(":memory:")
    db.execute("BEGIN")
    migrate(db)
    db.execute("COMMIT")
    db.execute("PRAGMA query_only = ON")
    return db


# -- the store ---------------------------------------------------------------------------


class GameStore:
    """Games, players and logs in one SQLite file; see the module docstring."""

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
        #: Set when a damaged or newer database was moved aside at open: say so on screen.
        self.recovered_from = recovered_from
        #: Set when the data folder cannot be written and the store opened view-only.
        self.cannot_save = cannot_save
        self._db = db
        self._clock = clock
        self._lock_fd = lock_fd
        # The engine's view of the game being appended to, to check each event and derive
        # the history columns before committing; dropped whenever a commit fails.
        self._mirror: tuple[int, Game, _Progress] | None = None
        if resume is not None:
            game_id, game = resume
            self._mirror = (game_id, game, _progress(game.state))

    @classmethod
    def open(
        cls, folder: Path | str, *, readonly: bool = False, clock: Clock = local_now
    ) -> GameStore:
        """Open the store in ``folder`` (made if missing) for the daemon, holding its lock.

        ``readonly=True`` is for commands that run beside the daemon (export, backup): no
        lock, no migration, no repair, and every write raises StoreReadOnlyError.

        When the folder cannot be written at all (read-only, full, failing), the daemon's
        store opens view-only instead of failing, so the daemon is not restarted in a loop:
        ``cannot_save`` says why, saved games can be viewed, new entries are refused.
        """
        folder = Path(folder)
        path = folder / DATABASE_NAME
        if readonly:
            return cls(folder, _open_readonly(path), clock=clock, readonly=True)
        lock_fd: int | None = None
        try:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise _os_error(err, "create the data folder", folder) from err
            lock_fd = _take_lock(folder)
            opened, recovered = _open_for_daemon(path, clock)
        except StoreWriteError as err:
            logger.error("%s Saved games can be viewed; new ones cannot be saved.", err.message)
            return cls(
                folder,
                _view_only(path),
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
            recovered_from=recovered,
            resume=opened.resume,
        )

    def close(self) -> None:
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
        """One write transaction, committed (and synced) on leaving, rolled back on error."""
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
                raise _sqlite_error(err, doing, self.folder) from err
            raise

    @contextmanager
    def _reading(self, doing: str) -> Iterator[sqlite3.Connection]:
        try:
            yield self._db
        except sqlite3.Error as err:
            raise _sqlite_error(err, doing, self.folder) from err

    def _insert_game(self, db: sqlite3.Connection, game: Game, moment: datetime) -> int:
        """A game row, its seats and its whole log; returns the new game's id."""
        state = game.state
        assert state.rules is not None  # the log begins with new_game
        stamp = _stamp(moment)
        cursor = db.execute(
            "INSERT INTO games (created, preset) VALUES (?, ?)", (stamp, state.rules.preset)
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        for seat, name in enumerate(state.players):
            db.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
            db.execute(
                "INSERT INTO game_players (game_id, seat, player_id)"
                " SELECT ?, ?, id FROM players WHERE name = ?",
                (game_id, seat, name),
            )
        db.executemany(
            "INSERT INTO events (game_id, seq, line) VALUES (?, ?, ?)",
            [(game_id, seq, dump_line(event)) for seq, event in enumerate(game.log, start=1)],
        )
        _write_progress(db, game_id, _progress(state), stamp)
        return game_id

    # -- writing -------------------------------------------------------------------------

    def new_game(self, event: NewGame, now: datetime | None = None) -> int:
        """Store a new game (its new_game line is event 1); RuleError if the engine refuses.

        ``now`` (default: the store's clock) is its start time in the history.
        """
        game = Game.from_events([event])
        with self._writing("save the new game") as db:
            game_id = self._insert_game(db, game, now or self._clock())
        self._mirror = (game_id, game, _progress(game.state))
        return game_id

    def append(self, game_id: int, event: Event, now: datetime | None = None) -> int:
        """Commit ``event`` to the game's log and return its sequence number.

        The engine checks the event first: RuleError stores nothing. When this returns, the
        event is on the disk. StoreWriteError: not stored, nothing earlier lost.
        """
        game, before = self._game_to_extend(game_id)
        game.apply(event)
        seq = len(game.log)
        after = _progress(game.state)
        try:
            with self._writing(f"save event {seq} of game {game_id}") as db:
                db.execute(
                    "INSERT INTO events (game_id, seq, line) VALUES (?, ?, ?)",
                    (game_id, seq, dump_line(event)),
                )
                if after != before:
                    _write_progress(db, game_id, after, _stamp(now or self._clock()))
        except BaseException:
            self._mirror = None  # the engine took an event the disk did not
            raise
        self._mirror = (game_id, game, after)
        return seq

    def _game_to_extend(self, game_id: int) -> tuple[Game, _Progress]:
        if self._mirror is None or self._mirror[0] != game_id:
            game = self.load(game_id)
            self._mirror = (game_id, game, _progress(game.state))
        return self._mirror[1], self._mirror[2]

    def import_log(
        self,
        source: str | os.PathLike[str] | Iterable[str] | Iterable[bytes],
        now: datetime | None = None,
    ) -> int:
        """Store a game log (a file, or its lines) as a new game, if the engine replays it.

        The log is refused whole, with its first bad line, by ImportRefusedError.
        """
        game = Game()
        for number, raw in enumerate(_import_lines(source), start=1):
            try:
                text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            except UnicodeDecodeError:
                raise ImportRefusedError(number, "the line is not UTF-8 text") from None
            if not text.strip():
                continue
            try:
                game.apply(parse_line(text))
            except RuleError as err:
                raise ImportRefusedError(number, err.message) from None
        if not game.log:
            raise ImportRefusedError(None, "the log holds no events")
        with self._writing("save the imported game") as db:
            return self._insert_game(db, game, now or self._clock())

    # -- reading -------------------------------------------------------------------------

    def events(self, game_id: int) -> list[Event]:
        """The game's log as events, undos included."""
        with self._reading(f"read game {game_id}") as db:
            lines = _log_lines(db, game_id)
        try:
            return [parse_line(line) for _, line in lines]
        except RuleError as err:
            raise StoreCorruptError(
                f"game {game_id} holds a damaged event: {err.message}"
            ) from None

    def load(self, game_id: int) -> Game:
        """The game rebuilt from its whole log, so its state and undo history are exact."""
        with self._reading(f"load game {game_id}") as db:
            return _replay(db, game_id)

    def latest_game(self) -> int | None:
        """The most recent game, finished or not (None in an empty store)."""
        with self._reading("look for the latest game") as db:
            row = db.execute("SELECT max(id) FROM games").fetchone()
        return None if row[0] is None else int(row[0])

    def unfinished_game(self) -> int | None:
        """The game to resume: the most recent game, if it is not over."""
        with self._reading("look for the game to resume") as db:
            return _resumable(db)

    def history(self, limit: int = 50, *, finished_only: bool = False) -> list[GameRecord]:
        """Games newest first (unfinished ones too, unless ``finished_only``)."""
        where = "WHERE finished IS NOT NULL" if finished_only else ""
        with self._reading("read the history") as db:
            rows = db.execute(
                "SELECT id, created, finished, totals, winners, rounds_played, preset, sheet"
                f" FROM games {where} ORDER BY id DESC LIMIT ?",
                (limit,),
            ).fetchall()
            seats = self._seated([int(row[0]) for row in rows])
            playing = _resumable(db)
        return [
            GameRecord(
                game_id=game_id,
                started=created,
                finished=finished,
                players=seats.get(game_id, ()),
                totals=tuple(json.loads(totals)),
                winners=tuple(json.loads(winners)),
                rounds_played=rounds,
                preset=preset,
                doubles=tuple(json.loads(sheet).get("doubles", ())),
                scores=tuple(tuple(row) for row in json.loads(sheet).get("scores", ())),
                in_progress=game_id == playing,
            )
            for game_id, created, finished, totals, winners, rounds, preset, sheet in rows
        ]

    def _seated(self, game_ids: list[int]) -> dict[int, tuple[str, ...]]:
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        seated: dict[int, list[str]] = {}
        for game_id, name in self._db.execute(
            "SELECT gp.game_id, p.name FROM game_players gp JOIN players p ON p.id = gp.player_id"
            f" WHERE gp.game_id IN ({marks}) ORDER BY gp.game_id, gp.seat",
            game_ids,
        ):
            seated.setdefault(int(game_id), []).append(str(name))
        return {game_id: tuple(names) for game_id, names in seated.items()}

    def player_stats(self) -> list[PlayerStats]:
        """Each player's figures over finished games: most wins first, then most games."""
        with self._reading("read the statistics") as db:
            rows = db.execute(
                "SELECT p.name, count(*), sum(gp.won), sum(gp.total), sum(g.rounds_played),"
                " sum(gp.zero_rounds), sum(gp.feet_opened)"
                " FROM game_players gp JOIN games g ON g.id = gp.game_id"
                " JOIN players p ON p.id = gp.player_id"
                " WHERE g.finished IS NOT NULL GROUP BY p.id"
                " ORDER BY sum(gp.won) DESC, count(*) DESC, p.name"
            ).fetchall()
        return [
            PlayerStats(
                name=name,
                games=games,
                wins=wins,
                average_round_score=points / rounds if rounds else 0.0,
                zero_rounds=zero_rounds,
                feet_opened=feet,
            )
            for name, games, wins, points, rounds, zero_rounds, feet in rows
        ]

    def known_players(self, limit: int | None = None) -> list[str]:
        """Names from past games, the most recently used first (seat order within a game)."""
        with self._reading("read the player names") as db:
            rows = db.execute(
                "SELECT p.name FROM game_players gp JOIN players p ON p.id = gp.player_id"
                " ORDER BY gp.game_id DESC, gp.seat"
            ).fetchall()
        names = list(dict.fromkeys(str(row[0]) for row in rows))
        return names if limit is None else names[:limit]

    # -- export and backup ---------------------------------------------------------------

    def export_jsonl(self, game_id: int, out: TextIO) -> None:
        """The game's log exactly as stored: ``chickenfoot replay`` reads it."""
        with self._reading(f"export game {game_id}") as db:
            lines = _log_lines(db, game_id)
        for _, line in lines:
            out.write(line + "\n")

    def export_csv(self, game_id: int, out: TextIO) -> None:
        """The score sheet: a row per scored round (with its double), totals, the winner.

        The winner row is written only once the game is over.
        """
        state = self.load(game_id).state
        rules = state.rules
        assert rules is not None
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["round", "double", *state.players])
        for number, row in enumerate(state.scores, start=1):
            double = rules.starting_double(number)
            writer.writerow([number, f"{double}-{double}", *row])
        writer.writerow(["total", "", *state.totals])
        outcome = state.outcome
        if outcome is not None:
            writer.writerow(["winner", "", *(state.players[s] for s in outcome.winners)])

    def backup(self, dest: Path | str, now: datetime | None = None) -> Path:
        """A consistent copy of the database, taken with SQLite's backup API; returns its path.

        Safe while the daemon writes (the copy is one snapshot). ``dest`` may be a folder:
        the copy is then named ``hub-<timestamp>.sqlite3``. The copy is written beside
        ``dest`` and renamed into place, so ``dest`` is never a half-written file.
        """
        dest = Path(dest)
        if dest.is_dir():
            dest = dest / f"hub-{now or self._clock():%Y%m%d-%H%M%S}.sqlite3"
        partial = dest.with_name(dest.name + ".partial")
        try:
            copy = sqlite3.connect(partial, isolation_level=None)
            try:
                with self._reading("make the backup"):
                    self._db.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
            finally:
                copy.close()
            os.replace(partial, dest)
            _sync_folder(dest.parent)
        except sqlite3.Error as err:
            partial.unlink(missing_ok=True)
            raise _sqlite_error(err, "write the backup", dest.parent) from err
        except OSError as err:
            partial.unlink(missing_ok=True)
            raise _os_error(err, f"write the backup {dest.name}", dest.parent) from err
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        return dest


def _import_lines(
    source: str | os.PathLike[str] | Iterable[str] | Iterable[bytes],
) -> Iterable[str | bytes]:
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        try:
            return path.read_bytes().splitlines()
        except OSError as err:
            raise StoreError(f"cannot read {path}: {err.strerror or err}") from err
    return source


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
