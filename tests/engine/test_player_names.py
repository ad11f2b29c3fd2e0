"""Names are compared after NFC and casefolding, at one table and across games, and format
characters (bidi marks, zero-width joiners, soft hyphens) are refused (RULES.md, "Fine
points")."""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from pathlib import Path

import pytest

from engine import EndRound, HandPips, NewGame, RuleError, StartRound, check_players, name_key
from hubd.store import DATABASE_NAME, GameStore

pytest_plugins = ["store_fixtures"]

COMPOSED = "\u00c5sa"  # Åsa
DECOMPOSED = unicodedata.normalize("NFD", COMPOSED)


@pytest.mark.parametrize(
    "pair", [("Ana", "ana"), ("ANA", "ana"), (COMPOSED, DECOMPOSED), ("Straße", "STRASSE")]
)
def test_one_name_however_written_cannot_sit_twice_at_a_table(pair: tuple[str, str]) -> None:
    assert pair[0] != pair[1] and name_key(pair[0]) == name_key(pair[1])
    with pytest.raises(RuleError, match="every name must differ"):
        check_players(pair)


@pytest.mark.parametrize(
    "mark", ["\u200e", "\u200f", "\u202e", "\u2066", "\u200b", "\u200d", "\u00ad", "\ufeff"]
)
def test_format_characters_are_refused(mark: str) -> None:
    for name in (f"Ana{mark}x", f"{mark}Ana"):
        with pytest.raises(RuleError, match="invisible format characters"):
            check_players((name, "Ben"))


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("Ana\u2028Ben", "line or paragraph separator"),
        ("Ana\u2029x", "line or paragraph separator"),
        ("Ana\uffff", "noncharacter"),
        ("Ana\ufdd0", "noncharacter"),
        ("Ana\U0001fffe", "noncharacter"),
        ("Ana\ue000", "private-use"),
        ("\U000f0000Ana", "private-use"),
        ("A" + "\u0301" * 23, "more than 4 accents"),
        ("Ana" + "\u0300\u0301\u0302\u0303\u0304", "more than 4 accents"),
    ],
)
def test_names_that_break_lines_or_show_as_boxes_are_refused(name: str, rule: str) -> None:
    with pytest.raises(RuleError, match=rule) as refused:
        check_players((name, "Ben"))
    assert "\n" not in refused.value.message and "\u2028" not in refused.value.message


def test_names_with_accents_and_other_scripts_are_kept() -> None:
    names = ("Zoë", "שרה", "Дмитро", COMPOSED)
    assert check_players(names) == names
    # Vietnamese stacks two marks, pointed Hebrew three: within the limit.
    stacked = ("Nguyễn Thị Ệ", "e\u0323\u0302", "\u05e9\u05bc\u05c1\u05b8")
    assert check_players(stacked) == stacked


def finished(store: GameStore, players: tuple[str, str]) -> int:
    game_id = store.new_game(NewGame(players, {"mode": "scores", "rounds": 1}))
    store.append(game_id, StartRound(players[0]))
    store.append(game_id, EndRound({players[0]: HandPips(0), players[1]: HandPips(12)}))
    return game_id


def test_across_games_one_player_shown_as_first_written(store: GameStore) -> None:
    finished(store, ("Ana", "Ben"))
    finished(store, ("ana", "Ben"))
    finished(store, ("ANA", "BEN"))
    finished(store, (DECOMPOSED, "Ben"))
    finished(store, (COMPOSED, "ben"))
    stats = {s.name: s for s in store.player_stats()}
    assert sorted(stats) == sorted(["Ana", "Ben", DECOMPOSED])
    assert (stats["Ana"].games, stats["Ana"].wins) == (3, 3)
    assert stats["Ben"].games == 5 and stats[DECOMPOSED].games == 2
    assert store.known_players() == [DECOMPOSED, "Ben", "Ana"]
    assert store.history()[0].players == (DECOMPOSED, "Ben")


def test_an_older_database_is_merged_and_a_game_now_refused_is_set_aside(folder: Path) -> None:
    with GameStore.open(folder) as store:
        first = finished(store, ("Ana", "Ben"))
        second = finished(store, ("Cy", "Ben"))
        bidi = store.new_game(NewGame(("Dee", "Eve"), {"mode": "scores"}))
    db = sqlite3.connect(folder / DATABASE_NAME)  # as version 7 wrote it: one row per spelling
    db.executescript(
        "DROP TABLE phone_desk;"  # version 9's
        "DROP INDEX players_by_key; ALTER TABLE players DROP COLUMN key;"
        "INSERT INTO players (name) VALUES ('ana');"
        f"UPDATE game_players SET player_id = (SELECT id FROM players WHERE name = 'ana')"
        f" WHERE game_id = {second} AND seat = 1;"
        "PRAGMA user_version = 7;"
    )
    line = json.dumps({"type": "new_game", "players": ["Dee\u202e", "Eve"],
                       "rules": {"mode": "scores"}})  # fmt: skip
    db.execute("UPDATE events SET line = ? WHERE game_id = ? AND seq = 1", (line, bidi))
    db.commit()
    db.close()
    with GameStore.open(folder) as store:
        stats = {s.name: s.games for s in store.player_stats()}
        assert stats == {"Ana": 2, "Ben": 1, "Cy": 1}
        assert store.unfinished_game() is None  # the game with a bidi mark is set aside
        assert len(store.events(bidi)) == 1  # and kept
        assert len(store.events(first)) == 3
