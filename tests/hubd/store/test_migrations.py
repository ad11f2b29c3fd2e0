"""The store's migrations: a version 1 database comes up to date with its games; a game that no
longer replays is set aside; a migration that cannot run changes nothing."""

from __future__ import annotations

from pathlib import Path

from store_helpers import NOW, moved_aside, played, raw, replayed, unfinished, write_v1

from engine import Draw
from hubd.store import DATABASE_NAME, GameStore
from hubd.store.migrations import CURRENT_VERSION

pytest_plugins = ["store_fixtures"]


# -- migrations --------------------------------------------------------------------------


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
