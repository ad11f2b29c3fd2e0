"""The game log: each game's events as the engine's JSON lines, one row per event.

A game is its log, undos included, so replaying it rebuilds the exact game. A stored game
whose log no longer replays (an edited file, rules changed by an update, a line no parser
takes) is set aside on its own: never resumed, its log kept for ``hubd export``.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path

from engine import (
    MAX_EVENTS,
    MAX_LOG_BYTES,
    Game,
    RuleError,
    apply_lines,
    dump_line,
    parse_line,
    split_log,
)
from hubd.config.files import FileRefused, read_regular
from hubd.store.errors import ImportRefusedError, StoreCorruptError, StoreError, UnknownGameError
from hubd.store.history import player_id, progress, stamp, write_progress

logger = logging.getLogger("hubd.store")

ImportSource = str | os.PathLike[str] | Iterable[str] | Iterable[bytes]


def log_lines(
    db: sqlite3.Connection, game_id: int, limit: int | None = None
) -> list[tuple[int, str]]:
    """(seq, line) of the game's events in order; at most ``limit`` + 1 when given.

    A line is read as bytes and decoded here, so a byte that is not UTF-8 (a damaged or
    edited file) spoils only its own game: it comes back as a lone surrogate
    (``surrogateescape``), which :func:`replay` refuses and export writes back as it was.
    """
    rows = db.execute(
        "SELECT seq, CAST(line AS BLOB) FROM events WHERE game_id = ? ORDER BY seq LIMIT ?",
        (game_id, -1 if limit is None else limit + 1),
    ).fetchall()
    if not rows:
        raise UnknownGameError(f"there is no game {game_id}")
    return [(int(seq), bytes(line).decode("utf-8", "surrogateescape")) for seq, line in rows]


def is_utf8(line: str) -> bool:
    """Whether ``line`` came from valid UTF-8 (no byte escaped by :func:`log_lines`)."""
    if line.isascii():
        return True
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class ReplayError(StoreCorruptError):
    """A stored game whose log no longer replays; ``why`` says which event and why."""

    def __init__(self, game_id: int, why: str) -> None:
        super().__init__(f"game {game_id} no longer replays: {why}")
        self.why = why


def replay(db: sqlite3.Connection, game_id: int) -> Game:
    """The game rebuilt from its log, undos included; ReplayError if it does not replay.

    A log longer than a game may be is refused before any of it is replayed.
    """
    lines = log_lines(db, game_id, MAX_EVENTS)
    if len(lines) > MAX_EVENTS:
        raise ReplayError(game_id, f"it holds more than {MAX_EVENTS:,} events")
    game = Game()
    for expected, (seq, line) in enumerate(lines, start=1):
        try:
            if seq != expected:
                raise RuleError(f"event {expected} is missing")
            if not is_utf8(line):
                raise RuleError("the line is not UTF-8 text")
            game.apply(parse_line(line))
        except RuleError as err:
            raise ReplayError(game_id, f"event {seq} is refused ({err.message})") from None
    return game


def set_aside(db: sqlite3.Connection, game_id: int, reason: str) -> None:
    """Keep a game whose log no longer replays out of play; its log stays for export."""
    db.execute("UPDATE games SET set_aside = ? WHERE id = ?", (reason, game_id))
    logger.error("game %s set aside: %s", game_id, reason)


def insert_game(
    db: sqlite3.Connection, game: Game, moment: datetime, game_id: int | None = None
) -> int:
    """A game row, its seats and its whole log; returns the new game's id (``game_id``
    when given: a game put back from the journal keeps its number)."""
    state = game.state
    assert state.rules is not None  # the log begins with new_game
    started = stamp(moment)
    cursor = db.execute(
        "INSERT INTO games (id, created, preset) VALUES (?, ?, ?)",
        (game_id, started, state.rules.preset),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    for seat, name in enumerate(state.players):
        db.execute(
            "INSERT INTO game_players (game_id, seat, player_id) VALUES (?, ?, ?)",
            (game_id, seat, player_id(db, name)),
        )
    db.executemany(
        "INSERT INTO events (game_id, seq, line) VALUES (?, ?, ?)",
        [(game_id, seq, dump_line(event)) for seq, event in enumerate(game.log, start=1)],
    )
    write_progress(db, game_id, progress(state), started)
    return game_id


def same_game(db: sqlite3.Connection, game: Game) -> int | None:
    """The stored game whose log is ``game``'s line for line, if there is one."""
    lines = [dump_line(event) for event in game.log]
    candidates = db.execute(
        "SELECT game_id FROM events WHERE seq = 1 AND line = ?", (lines[0],)
    ).fetchall()
    for (game_id,) in candidates:
        stored = log_lines(db, int(game_id), len(lines))
        if [line for _, line in stored] == lines:
            return int(game_id)
    return None


def game_from_source(source: ImportSource) -> Game:
    """The game a log (a file, or its lines) describes; ImportRefusedError at its first bad
    line. A file is read only up to the size a log may have (MAX_LOG_BYTES)."""
    lines: Sequence[str | bytes]
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        try:
            data = read_regular(path, MAX_LOG_BYTES, cut=True)
        except FileRefused as err:
            raise StoreError(f"cannot read {path}: {err.reason}") from None
        lines, cut = split_log(data)
    else:
        lines, cut = list(source), None
    game = Game()
    refusal = apply_lines(game, lines) or cut
    if refusal is not None:
        raise ImportRefusedError(refusal.line, refusal.message)
    if not game.log:
        raise ImportRefusedError(None, "the log holds no events")
    return game
