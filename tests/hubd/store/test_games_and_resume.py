"""The game store: opening, each game's log and resume, history and statistics.

The store's other tests: test_export_import.py (export, import, backup), test_disk_faults.py
(full and read-only disks, locks, damaged and newer databases, migrations),
test_bad_data_folder_startup.py (bad data folders and files at start-up), test_wal_removed.py (a
-wal removed or replaced while the hub runs).
"""

from __future__ import annotations

import io
from datetime import timedelta
from pathlib import Path

import pytest
from store_helpers import LATER, NOW, lines_of, played, replayed, store_log, unfinished

from engine import AmendRound, Draw, NewGame, Phase, StartRound, Undo, dump_line
from hubd.store import DATABASE_NAME, GameStore, UnknownGameError
from hubd.store.migrations import CURRENT_VERSION, MIGRATIONS
from hubd.values.records import GameRecord

pytest_plugins = ["store_fixtures"]


def test_open_makes_the_folder_and_a_durable_database(folder: Path) -> None:
    with GameStore.open(folder) as store:
        assert (folder / DATABASE_NAME).is_file()
        db = store._db  # per-connection settings can only be read on the store's connection
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
        assert db.execute("PRAGMA foreign_keys").fetchone() == (1,)
        assert db.execute("PRAGMA user_version").fetchone() == (CURRENT_VERSION,)
        assert store.recovered_from is None and store.cannot_save is None
        assert not store.readonly
        assert store.history() == []
        assert store.unfinished_game() is None


def test_migrations_count_up_from_one() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))
    assert CURRENT_VERSION == len(MIGRATIONS) >= 2


# -- logs and resume ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "preset", "players"), [(1, "classic", 4), (2, "hub", 3), (3, "four-arm", 5)]
)
def test_a_stored_game_loads_exactly(
    store: GameStore, seed: int, preset: str, players: int
) -> None:
    log = played(seed, preset, players)
    assert any(isinstance(e, Undo) for e in log)
    game_id = store_log(store, log)
    loaded = store.load(game_id)
    expected = replayed(log)
    assert loaded.log == list(log)
    assert loaded.effective == expected.effective
    assert loaded.state.fingerprint() == expected.state.fingerprint()
    assert store.events(game_id) == list(log)
    assert lines_of(store, game_id) == [dump_line(e) for e in log]


def test_a_game_in_progress_resumes_after_reopening(folder: Path) -> None:
    log = unfinished(played())
    with GameStore.open(folder) as store:
        game_id = store_log(store, log)
    with GameStore.open(folder) as store:
        assert store.unfinished_game() == game_id
        resumed = store.load(game_id)
        assert resumed.state == replayed(log).state
        assert resumed.state.phase is Phase.ROUND_OVER or resumed.state.in_round
        # the undo history is exact: undoing on the resumed game matches the original
        original = replayed(log)
        assert resumed.apply(Undo()) == original.apply(Undo())
        assert resumed.state == original.state
        # and the store goes on from where it was
        assert store.append(game_id, played()[len(log)]) == len(log) + 1


def test_a_refused_event_stores_nothing(store: GameStore) -> None:
    log = played()
    game_id = store_log(store, log[:5])
    before = lines_of(store, game_id)
    with pytest.raises(ValueError, match="nobody-here is not a player"):  # a RuleError
        store.append(game_id, Draw("nobody-here"))
    with pytest.raises(ValueError):
        store.append(game_id, NewGame(("X", "Y")))
    assert lines_of(store, game_id) == before
    assert store.append(game_id, log[5]) == 6


def test_a_refused_new_game_stores_nothing(store: GameStore) -> None:
    with pytest.raises(ValueError, match="two players are called Ana"):
        store.new_game(NewGame(("Ana", "Ana")), NOW)
    assert store.history() == []
    assert store.known_players() == []


def test_an_unknown_game_is_named(store: GameStore) -> None:
    with pytest.raises(UnknownGameError, match="there is no game 7"):
        store.load(7)
    with pytest.raises(UnknownGameError):
        store.append(7, Draw("Ana"))
    with pytest.raises(UnknownGameError):
        store.export_jsonl(7, io.StringIO())


def test_the_game_to_resume_is_the_latest_if_not_over(store: GameStore) -> None:
    assert store.unfinished_game() is None
    assert store.latest_game() is None
    first = store_log(store, played()[:3])
    assert store.unfinished_game() == first
    finished = store_log(store, played(2))
    assert store.unfinished_game() is None  # the earlier game was left behind
    assert store.latest_game() == finished > first
    second = store.new_game(NewGame(("Ana", "Ben")), NOW)
    assert store.unfinished_game() == second


# -- history and statistics --------------------------------------------------------------


def test_history_records_a_finished_game(store: GameStore) -> None:
    log = played()
    game_id = store.new_game(log[0], NOW)  # type: ignore[arg-type]
    for event in log[1:-1]:
        store.append(game_id, event, NOW)
    [record] = store.history()
    assert record.finished is None and record.winners == ()
    store.append(game_id, log[-1], LATER)
    state = replayed(log).state
    assert state.outcome is not None
    assert store.history() == [
        GameRecord(
            game_id=game_id,
            started="2026-03-14T20:30:00+01:00",
            finished="2026-03-14T22:30:00+01:00",
            players=("P1", "P2", "P3", "P4"),
            totals=tuple(state.totals),
            winners=tuple(state.players[s] for s in state.outcome.winners),
            rounds_played=10,
            preset="classic",
            doubles=tuple(range(9, -1, -1)),
            scores=tuple(map(tuple, state.scores)),
        )
    ]
    assert store.history(finished_only=True) == store.history()


def test_undo_and_amend_after_the_end_keep_the_history_true(store: GameStore) -> None:
    log = played()
    game_id = store_log(store, log)
    store.append(game_id, Undo(), LATER)  # takes the last end_round back
    [record] = store.history()
    assert (record.finished, record.winners, record.rounds_played) == (None, (), 9)
    assert store.unfinished_game() == game_id
    assert store.player_stats() == []  # only finished games count
    store.append(game_id, log[-1], LATER)
    [record] = store.history()
    assert record.finished == "2026-03-14T22:30:00+01:00"
    # an amended round changes totals and winner but not when the game ended
    loser = max(range(4), key=lambda seat: record.totals[seat])
    name = record.players[loser]
    store.append(game_id, AmendRound(1, {name: 0}), NOW + timedelta(days=1))
    state = store.load(game_id).state
    [record] = store.history()
    assert record.totals == tuple(state.totals)
    assert state.outcome is not None
    assert record.winners == tuple(state.players[s] for s in state.outcome.winners)
    assert record.finished == "2026-03-14T22:30:00+01:00"
    stats = {s.name: s for s in store.player_stats()}
    assert stats[name].average_round_score == state.totals[loser] / 10


def test_player_statistics_add_up_finished_games(store: GameStore) -> None:
    logs = [played(1), played(2), played(4, "hub", 3)]
    for log in logs:
        store_log(store, log)
    store_log(store, unfinished(played(5)))  # not counted
    expected: dict[str, dict[str, float]] = {}
    for log in logs:
        state = replayed(log).state
        assert state.outcome is not None
        for seat, name in enumerate(state.players):
            row = expected.setdefault(
                name, {"games": 0, "wins": 0, "points": 0, "rounds": 0, "zero": 0, "feet": 0}
            )
            row["games"] += 1
            row["wins"] += seat in state.outcome.winners
            row["points"] += state.totals[seat]
            row["rounds"] += len(state.scores)
            row["zero"] += sum(1 for r in state.scores if r[seat] == 0)
            row["feet"] += state.feet_opened[seat]
    stats = store.player_stats()
    assert {s.name for s in stats} == set(expected)
    for s in stats:
        row = expected[s.name]
        assert (s.games, s.wins, s.zero_rounds, s.feet_opened) == (
            row["games"],
            row["wins"],
            row["zero"],
            row["feet"],
        )
        assert s.average_round_score == pytest.approx(row["points"] / row["rounds"])
    assert [s.wins for s in stats] == sorted((s.wins for s in stats), reverse=True)
    assert sum(s.feet_opened for s in stats) > 0


def test_known_players_most_recent_first(store: GameStore) -> None:
    for names in (("Ana", "Ben"), ("Cy", "Ana", "Dee")):
        store.append(store.new_game(NewGame(names), NOW), StartRound(names[0]))
    assert store.known_players() == ["Cy", "Ana", "Dee", "Ben"]
    assert store.known_players(limit=2) == ["Cy", "Ana"]


def test_a_game_left_before_anything_was_entered_teaches_no_name(store: GameStore) -> None:
    """A Portuguese family typed "Jóao", started, saw the typo and set the game up again:
    "Jóao" stayed among the names offered for every game after."""
    store.append(store.new_game(NewGame(("Ana", "Ben")), NOW), StartRound("Ana"))
    store.new_game(NewGame(("Ana", "Jóao")), NOW)  # left at once
    store.append(store.new_game(NewGame(("Ana", "João")), NOW), StartRound("Ana"))
    assert store.known_players() == ["Ana", "João", "Ben"]
