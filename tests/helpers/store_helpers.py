"""Helpers for the store tests: whole games from the simulator, a store in a temporary folder,
a plain SQLite connection beside the store's. The fixtures ``folder`` and ``store`` are in
store_fixtures.py (``pytest_plugins = ["store_fixtures"]``)."""

from __future__ import annotations

import io
import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from functools import cache
from pathlib import Path

from checkout import REPO

from engine import EndRound, Event, Game, NewGame, StartRound
from engine.simulate import Simulator
from hubd.store import DATABASE_NAME, GameStore

NOW = datetime(2026, 3, 14, 20, 30, tzinfo=timezone(timedelta(hours=1)))
LATER = NOW + timedelta(hours=2)


@cache
def played(seed: int = 1, preset: str = "classic", players: int = 4) -> tuple[Event, ...]:
    """A whole game's log from the simulator (checked, so it holds undos too)."""
    return tuple(Simulator(players, {"preset": preset}, seed, check=True).play_game().log)


def replayed(log: tuple[Event, ...] | list[Event]) -> Game:
    return Game.from_events(log)


def store_log(store: GameStore, log: tuple[Event, ...] | list[Event], now: datetime = NOW) -> int:
    first = log[0]
    assert isinstance(first, NewGame)
    game_id = store.new_game(first, now)
    for seq, event in enumerate(log[1:], start=2):
        assert store.append(game_id, event, now) == seq
    return game_id


def one_round_begun(folder: Path, players: tuple[str, str]) -> Path:
    """``folder`` with one game of one round in it, its first player opening; returns it."""
    with GameStore.open(folder) as store:
        game_id = store.new_game(NewGame(players, {"rounds": 1}))
        store.append(game_id, StartRound(players[0]))
    return folder


def unfinished(log: tuple[Event, ...]) -> tuple[Event, ...]:
    """The log up to (not including) its last end_round: a game in its last round."""
    last = max(i for i, e in enumerate(log) if isinstance(e, EndRound))
    return log[:last]


def lines_of(store: GameStore, game_id: int) -> list[str]:
    out = io.StringIO()
    store.export_jsonl(game_id, out)
    return out.getvalue().splitlines()


def python_process(
    code: str,
    *args: Path | int,
    stdin: int | None = None,
    stdout: int | None = None,
    stderr: int | None = None,
) -> subprocess.Popen[str]:
    """``code`` run by this Python in its own process in the checkout, given ``args``; the
    streams as Popen takes them (``stdout=subprocess.PIPE``)."""
    command = [sys.executable, "-c", code, *map(str, args)]
    return subprocess.Popen(
        command, stdin=stdin, stdout=stdout, stderr=stderr, text=True, cwd=REPO
    )  # fmt: skip


@contextmanager
def raw(path: Path) -> Iterator[sqlite3.Connection]:
    """A plain connection beside the store's, closed on leaving."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        yield db
    finally:
        db.close()


def moved_aside(folder: Path, tag: str) -> list[Path]:
    """The files moved aside with ``tag``, the database first, then its -shm and -wal."""
    return sorted(p for p in folder.iterdir() if p.name.startswith(f"{DATABASE_NAME}.{tag}-"))


#: The schema of version 1 as it was released (frozen here on purpose: never edit).
V1_SCHEMA = """
CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE games (id INTEGER PRIMARY KEY, created TEXT NOT NULL, preset TEXT NOT NULL);
CREATE TABLE game_players (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
PRAGMA user_version = 1;
"""


def write_v1(path: Path, logs: list[tuple[Event, ...]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with raw(path) as db:
        db.executescript(V1_SCHEMA)
        for game_id, log in enumerate(logs, start=1):
            new_game = log[0]
            assert isinstance(new_game, NewGame)
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?)", (game_id, f"2025-0{game_id}-01T19:00", "x")
            )
            for seat, name in enumerate(new_game.players):
                db.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
                db.execute(
                    "INSERT INTO game_players SELECT ?, ?, id FROM players WHERE name = ?",
                    (game_id, seat, name),
                )
            db.executemany(
                "INSERT INTO events VALUES (?, ?, ?)",
                [(game_id, seq, json.dumps(e.to_json())) for seq, e in enumerate(log, 1)],
            )
