"""The store's migrations: a version 1 database comes up to date with its games; a game that no
longer replays is set aside; a migration that cannot run changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from store_helpers import NOW, moved_aside, played, raw, replayed, unfinished

from engine import Draw, Event, NewGame
from hubd.store import DATABASE_NAME, GameStore
from hubd.store.migrations import CURRENT_VERSION

pytest_plugins = ["store_fixtures"]


# -- migrations --------------------------------------------------------------------------

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


def test_a_version_1_database_migrates_with_its_games(folder: Path) -> None:
    finished, running = played(1), unfinished(played(2))
    write_v1(folder / DATABASE_NAME, [finished, running])
    with GameStore.open(folder) as store:
        assert store.recovered_from is None
        assert store._db.execute("PRAGMA user_version").fetchone() == (CURRENT_VERSION,)
        indexes = {row[0] for row in store._db.execute("SELECT name FROM sqlite_master")}
        assert "game_players_by_player" in indexes
        assert store.unfinished_game() == 2
        assert store.load(2).state == replayed(running).state
        newest, oldest = store.history()
        state = replayed(finished).state
        assert state.outcome is not None
        assert oldest.finished == "2025-01-01T19:00"  # unknown before v2: its start stands in
        assert oldest.totals == tuple(state.totals)
        assert oldest.winners == tuple(state.players[s] for s in state.outcome.winners)
        assert (newest.finished, newest.rounds_played) == (None, 9)
        assert sum(s.games for s in store.player_stats()) == 4
        assert store.append(2, played(2)[len(running)]) == len(running) + 1


def test_a_migration_sets_aside_a_game_that_no_longer_replays(folder: Path) -> None:
    broken = (*played(1)[:3], Draw("Zed"))
    write_v1(folder / DATABASE_NAME, [played(2), broken])
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is None
        assert store.unfinished_game() is None  # the broken game is never resumed
        assert [r.game_id for r in store.history() if r.finished] == [1]
        assert len(store.events(2)) == 4  # its log is kept, for hubd export
    assert moved_aside(folder, "corrupt") == []
    with raw(folder / DATABASE_NAME) as db:
        reason = db.execute("SELECT set_aside FROM games WHERE id = 2").fetchone()[0]
        assert "game 2 no longer replays: event 4" in reason


def test_a_failed_migration_changes_nothing(folder: Path) -> None:
    write_v1(folder / DATABASE_NAME, [played(2)])
    with raw(folder / DATABASE_NAME) as db:  # a column the next version means to add
        db.execute("ALTER TABLE games ADD COLUMN finished TEXT")
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is not None
        assert "could not be brought up to date" in store.recovered_from
    moved = moved_aside(folder, "corrupt")[0]
    with raw(moved) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (1,)
        columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
        assert columns == ["id", "created", "preset", "finished"]
