"""What a store reads: each game's log, the history and statistics, the club's games, exports."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TextIO

from engine import Event, Game, RuleError, parse_line
from hubd.config.files import OwnFile
from hubd.store import club, voices
from hubd.store import history as records
from hubd.store.errors import StoreCorruptError, sqlite_error
from hubd.store.log import log_lines, replay
from hubd.store.opening import Clock, integrity_problem
from hubd.store.transfer import backup, export_csv, export_jsonl, own_files
from hubd.values.records import GameRecord, PlayerStats


class StoreReading:
    """What ``GameStore`` reads; ``GameStore`` (hubd/store/game_store.py) opens and writes."""

    folder: Path
    path: Path
    _db: sqlite3.Connection
    _clock: Clock

    @contextmanager
    def _reading(self, doing: str) -> Iterator[sqlite3.Connection]:
        try:
            yield self._db
        except sqlite3.Error as err:
            raise sqlite_error(err, doing, self.folder) from err
        except UnicodeDecodeError as err:  # SQLite's message quoting a damaged page
            raise StoreCorruptError(f"Cannot {doing}: the saved games are damaged") from err

    def damage(self) -> str | None:
        """What SQLite's quick check finds damaged in the saved games, or None (reads every
        page: for the commands, not for the daemon's loop)."""
        with self._reading("check the saved games") as db:
            return integrity_problem(db)

    # -- reading -------------------------------------------------------------------------

    def events(self, game_id: int) -> list[Event]:
        """The game's log as events, undos included."""
        with self._reading(f"read game {game_id}") as db:
            lines = log_lines(db, game_id)
        try:
            return [parse_line(line) for _, line in lines]
        except RuleError as err:
            raise StoreCorruptError(
                f"game {game_id} holds a damaged event: {err.message}"
            ) from None

    def load(self, game_id: int) -> Game:
        """The game rebuilt from its whole log, so its state and undo history are exact."""
        with self._reading(f"load game {game_id}") as db:
            return replay(db, game_id)

    def latest_game(self) -> int | None:
        """The most recent game, finished or not (None in an empty store)."""
        with self._reading("look for the latest game") as db:
            return records.latest_game(db)

    def unfinished_game(self) -> int | None:
        """The game to resume: the most recent game, if it is not over."""
        with self._reading("look for the game to resume") as db:
            return records.resumable(db)

    def history(self, limit: int = 50, *, finished_only: bool = False) -> list[GameRecord]:
        """Games newest first (unfinished ones too, unless ``finished_only``)."""
        with self._reading("read the history") as db:
            return records.history(db, limit, finished_only)

    def player_stats(self) -> list[PlayerStats]:
        """Each player's figures over finished games: most wins first, then most games."""
        with self._reading("read the statistics") as db:
            return records.player_stats(db)

    def known_players(self, limit: int | None = None) -> list[str]:
        """Names from past games, the most recently used first (seat order within a game)."""
        with self._reading("read the player names") as db:
            return records.known_players(db, limit)

    def sounds_like(self) -> dict[str, str]:
        """How the players' names sound, as the family typed them (hubd.store.voices)."""
        with self._reading("read how the names sound") as db:
            return voices.sounds_like(db)

    # -- the club nights (hubd.club) -----------------------------------------------------

    def club_games(self) -> list[tuple[str, str, int, str, str]]:
        """(hub, name, lines, digest, summary) of every club game stored."""
        with self._reading("read the club's games") as db:
            return club.summaries(db)

    def club_log(self, hub: str, name: str) -> str | None:
        """A stored club game's log (JSON Lines), or None."""
        with self._reading("read a club game") as db:
            return club.club_log(db, hub, name)

    def started(self, game_id: int) -> datetime | None:
        """When this hub's game began, local time (its name in the club folder)."""
        with self._reading(f"read game {game_id}") as db:
            return club.started(db, game_id)

    def phone_desk(self, game_id: int) -> str | None:
        """What the phones' desk kept for the game (:meth:`GameStore.keep_phone_desk`)."""
        with self._reading(f"read the phones' seats of game {game_id}") as db:
            row = db.execute("SELECT desk FROM phone_desk WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else str(row[0])

    # -- export and backup ---------------------------------------------------------------

    def export_jsonl(self, game_id: int, out: TextIO) -> None:
        """The game's log exactly as stored: ``chickenfoot replay`` reads it."""
        with self._reading(f"export game {game_id}") as db:
            export_jsonl(db, game_id, out)

    def export_csv(self, game_id: int, out: TextIO) -> None:
        """The score sheet: a row per scored round (with its double), totals, the winner.

        The winner row is written only once the game is over.
        """
        export_csv(self.load(game_id).state, out)

    def own_files(self) -> list[OwnFile]:
        """The files no command may write over: the database, its -wal and -shm, the lock."""
        return own_files(self.path)

    def backup(
        self, dest: Path | str, now: datetime | None = None, *, protect: Sequence[OwnFile] = ()
    ) -> Path:
        """A consistent copy of the database, taken with SQLite's backup API; returns its path.

        Safe while the daemon writes (the copy is one snapshot). ``dest`` may be a folder:
        the copy is then named ``hub-<timestamp>.sqlite3``. Only a new name or a regular
        file is written, never the store's own files (:meth:`own_files`) or those in
        ``protect`` (the settings, the config), nor a link to one; the copy is written beside
        ``dest`` and renamed into place, so ``dest`` is never a half-written file.
        BackupError names ``dest`` whatever goes wrong.
        """
        own = [*self.own_files(), *protect]
        return backup(self._db, Path(dest), now or self._clock(), own)
