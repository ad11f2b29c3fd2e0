"""A finished game is never rewritten, a game counts once, the seating knows every table.

Club folders built with conflicting and duplicated games, read the way every hub reads them
(the folder alone, ``hubd club standings`` / ``seating``) and the way the daemon does (the
importer's news stored by :class:`ClubNight`).
"""

from __future__ import annotations

import json
import logging
import shutil
from datetime import date
from pathlib import Path

import pytest
from club_helpers import EVENING, game_log, log_text, put_game

from engine import NewGame, dump_line
from hubd.cli.run import main
from hubd.club.club_game import Conflict
from hubd.club.games import view_of_folder
from hubd.club.importer import ClubImporter
from hubd.club.night import ClubNight
from hubd.club.nights import Night, write_night
from hubd.store import GameStore

HUBS = ("aaaa0001", "bbbb0002", "cccc0003")
NIGHT = date(2026, 12, 1)
KIM_WINS = {"Kim": 3, "Eve": 20, "Gus": 30, "Hal": 40}
EVE_WINS = {"Kim": 50, "Eve": 1, "Gus": 30, "Hal": 40}
CONFLICT = ".sync-conflict-20261205-034100-W4RONU2.jsonl"


def conflicting_copy(path: Path, pips: dict[str, int], rounds: int = 2) -> Path:
    """Another finished game with the same players beside ``path``, as Syncthing names it."""
    copy = path.with_name(path.stem + CONFLICT)
    copy.write_text(log_text(game_log(pips, rounds=rounds)))
    return copy


def standings(data: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["club", "standings", "--data", str(data)]) == 0
    printed: dict[str, object] = json.loads(capsys.readouterr().out)
    return printed


def test_a_conflicting_copy_never_replaces_a_finished_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "club"
    real = put_game(club, HUBS[0], 3, KIM_WINS, table="Table 1")
    before = standings(tmp_path, capsys)
    copy = conflicting_copy(real, EVE_WINS, rounds=3)  # longer, and not a continuation
    assert standings(tmp_path, capsys) == before
    err = capsys.readouterr().err
    view = view_of_folder(club)
    [conflict] = view.conflicts
    assert (conflict.counted.name, conflict.other_file) == (real.name, copy.name)
    assert conflict.counted.winners == ("Kim",) and conflict.other.winners == ("Eve",)
    assert main(["club", "standings", "--data", str(tmp_path)]) == 0
    said = capsys.readouterr().err
    assert said.count("is not a continuation of") == 1 and real.name in said and copy.name in said
    assert err == ""


def test_a_copy_that_continues_the_game_replaces_it(tmp_path: Path) -> None:
    club = tmp_path / "club"
    path = put_game(club, HUBS[0], 1, KIM_WINS, rounds=2, over=False)
    longer = path.with_name(path.stem + CONFLICT)
    longer.write_text(log_text(game_log(KIM_WINS, rounds=2)))
    view = view_of_folder(club)
    assert view.conflicts == () and [g.over for g in view.games] == [True]
    # Syncthing may keep the shorter copy under the game's own name: the same.
    path.write_text(longer.read_text())
    longer.write_text(log_text(game_log(KIM_WINS, rounds=2, over=False)))
    assert [g.over for g in view_of_folder(club).games] == [True]


def test_the_organisers_choice_counts_on_every_hub(tmp_path: Path) -> None:
    club = tmp_path / "club"
    real = put_game(club, HUBS[0], 3, KIM_WINS)
    conflicting_copy(real, EVE_WINS)
    view = view_of_folder(club)
    [conflict] = view.conflicts
    chosen = Night(NIGHT).choosing(HUBS[0], real.name, conflict.other.digest)
    write_night(club / HUBS[1], Night(NIGHT, set_at="2026-12-01T21:00", chosen=chosen))
    after = view_of_folder(club)
    assert after.standings().players[0].name == "Eve"
    [shown] = after.conflicts  # still shown: the organiser may choose back
    assert shown.counted.winners == ("Eve",) and shown.other.winners == ("Kim",)
    # A damaged choice (not a digest) is ignored, never a crash.
    (club / HUBS[2]).mkdir()
    (club / HUBS[2] / "nights.json").write_text(
        json.dumps({"nights": {"2026-12-01": {"set_at": "2026-12-01T22:00",
                                              "chosen": {"x": 1, "aaaa0001/y": "zz"}}}})
    )  # fmt: skip
    assert view_of_folder(club).standings().players[0].name == "Kim"


def test_two_files_with_the_same_log_are_one_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "club"
    first = put_game(club, HUBS[0], 3, KIM_WINS)
    once = standings(tmp_path, capsys)
    shutil.copy(first, first.with_name("2026-12-01T193000-g4.jsonl"))  # imported twice
    (club / HUBS[1]).mkdir()
    shutil.copy(first, club / HUBS[1] / first.name)  # and put in another hub's folder
    assert standings(tmp_path, capsys) == once
    hal = next(r for r in view_of_folder(club).standings().players if r.name == "Hal")
    assert (hal.games, hal.pips) == (1, 40)


def test_hubd_import_of_a_game_stored_already_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "game.jsonl"
    source.write_text(log_text(game_log(KIM_WINS)))
    data = tmp_path / "data"
    assert main(["import", str(source), "--data", str(data)]) == 0
    assert "as game 1" in capsys.readouterr().out
    assert main(["import", str(source), "--data", str(data)]) == 0
    assert "stored already, as game 1: nothing imported" in capsys.readouterr().out
    with GameStore.open(data) as store:
        assert len(store.history()) == 1


def three_tables(club: Path, second_round: bool = True) -> None:
    later = EVENING.replace(hour=21)
    put_game(club, HUBS[0], 1, {"Ana": 10, "Ben": 30, "Cy": 5}, table="Table 1")
    put_game(club, HUBS[1], 1, {"Dee": 7, "Eve": 0, "Fay": 22}, table="Table 2")
    put_game(club, HUBS[2], 1, {"Gus": 3, "Hal": 40, "Ida": 11}, table="Table 3")
    if second_round:  # 11-3 with one mover: the lowest of each table moved on
        put_game(club, HUBS[0], 2, {"Ana": 1, "Ben": 2, "Gus": 3}, started=later)
        put_game(club, HUBS[1], 2, {"Cy": 4, "Dee": 5, "Fay": 6}, started=later)


def seating(data: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["club", "seating", "--data", str(data), "--json"]) == 0
    printed: dict[str, object] = json.loads(capsys.readouterr().out)
    return printed


def test_the_seating_waits_for_a_table_whose_game_has_not_arrived(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    three_tables(tmp_path / "club")
    printed = seating(tmp_path, capsys)
    assert printed["waiting"] == ["Table 3"] and printed["tables"] == []
    assert main(["club", "seating", "--data", str(tmp_path)]) == 0
    assert "Waiting for Table 3" in capsys.readouterr().out.splitlines()
    put_game(tmp_path / "club", HUBS[2], 2, {"Eve": 8, "Hal": 9, "Ida": 10},
             started=EVENING.replace(hour=21))  # fmt: skip
    printed = seating(tmp_path, capsys)
    assert printed["waiting"] == []
    seated = [n for t in printed["tables"] for n in t["players"]]  # type: ignore[attr-defined]
    assert sorted(seated) == ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida"]


def test_a_table_set_aside_is_no_longer_waited_for_and_comes_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    three_tables(tmp_path / "club")
    data = ["--data", str(tmp_path)]
    assert main(["club", "set-aside", "table 3", *data]) == 0
    assert "Table 3 is set aside for the night of 2026-12-01" in capsys.readouterr().out
    printed = seating(tmp_path, capsys)
    assert printed["waiting"] == [] and printed["set_aside"] == ["Table 3"]
    assert [t["table"] for t in printed["tables"]] == ["Table 1", "Table 2"]  # type: ignore[index]
    assert main(["club", "set-aside", "Table 3", "--back", *data]) == 0
    assert "Table 3 is back in the night of 2026-12-01" in capsys.readouterr().out
    assert seating(tmp_path, capsys)["waiting"] == ["Table 3"]
    assert main(["club", "set-aside", "Table 9", *data]) == 1
    assert "no table 'Table 9' on the night of 2026-12-01" in capsys.readouterr().err


def test_the_standings_csv_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    import subprocess
    import sys

    three_tables(tmp_path / "club")
    hubd = Path(sys.executable).parent / "hubd"
    command = (f"{hubd} club standings --csv --data {tmp_path} | head -1; "
               "exit ${PIPESTATUS[0]}")  # fmt: skip
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith("rank,name") and "Traceback" not in done.stderr
    assert done.returncode == 0, done.stderr


# -- the daemon's side: the importer's news kept by ClubNight ------------------------------


def hub(data: Path) -> ClubNight:
    store = GameStore.open(data, clock=lambda: EVENING.astimezone())
    night = ClubNight(data, store, "Table 1", wall=lambda: EVENING.replace(hour=20).astimezone())
    night.open()
    return night


def scan(night: ClubNight, importer: ClubImporter) -> None:
    news = importer.scan()
    if news is not None:
        night.arrived(news)


def test_every_hub_keeps_the_stored_game_and_journals_the_conflict_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    night = hub(tmp_path / "data")
    importer = ClubImporter(night.club, lambda _: None)
    real = put_game(night.club, HUBS[1], 3, KIM_WINS, table="Table 2")
    scan(night, importer)
    before = night.view.standings()
    # Syncthing keeps the newer file under the game's name: the other becomes the copy.
    copy = real.with_name(real.stem + CONFLICT)
    copy.write_text(real.read_text())
    real.write_text(log_text(game_log(EVE_WINS, rounds=3)))
    with caplog.at_level(logging.ERROR, logger="hubd.club"):
        for _ in range(3):
            scan(night, importer)
    assert night.view.standings() == before
    lines = [r.getMessage() for r in caplog.records if "not a continuation" in r.getMessage()]
    assert len(lines) == 1 and real.name in lines[0] and copy.name in lines[0]
    [conflict] = night.view.conflicts
    assert isinstance(conflict, Conflict) and conflict.other.winners == ("Eve",)
    night.store.close()
    # Started again (the importer reads everything afresh): the same.
    again = hub(tmp_path / "data")
    scan(again, ClubImporter(again.club, lambda _: None))
    assert again.view.standings() == before and len(again.view.conflicts) == 1
    from hubd.values.intents import ClubChoice

    again.choose(ClubChoice("version", conflict.other.digest, f"{HUBS[1]}/{real.name}"))
    assert again.view.standings().players[0].name == "Eve"
    written = json.loads((again.folder / "nights.json").read_text())
    assert written["nights"]["2026-12-01"]["chosen"] == {
        f"{HUBS[1]}/{real.name}": conflict.other.digest
    }
    again.store.close()


def test_a_hubs_own_game_is_never_replaced_from_the_club_folder(tmp_path: Path) -> None:
    night = hub(tmp_path / "data")
    importer = ClubImporter(night.club, lambda _: None)
    events = game_log(KIM_WINS)
    first = events[0]
    assert isinstance(first, NewGame)
    game_id = night.store.import_log([dump_line(e) for e in events])
    night.committed(game_id, night.store.load(game_id))
    name = night.file_name(game_id)
    assert name is not None
    scan(night, importer)
    before = night.view.standings()
    mine = night.folder / name
    mine.write_text(log_text(game_log(EVE_WINS)))  # a copy from elsewhere took its place
    scan(night, importer)
    assert mine.read_text() == log_text(events)  # written again from the store
    scan(night, importer)
    assert night.view.standings() == before
    night.store.close()


def test_a_name_that_is_not_a_game_is_said_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    club = tmp_path / "club"
    put_game(club, HUBS[0], 1, KIM_WINS)
    (club / HUBS[0] / "my game.jsonl").write_text("{}\n")
    (club / "Table 4").mkdir()
    (club / ".stfolder").mkdir()
    importer = ClubImporter(club, lambda _: None)
    with caplog.at_level(logging.WARNING, logger="hubd.club"):
        for _ in range(3):
            importer.scan()
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 2
    assert "my game.jsonl is not a game" in said[0] or "my game.jsonl is not a game" in said[1]
    assert any("Table 4 is not a hub's folder" in line for line in said)


def test_a_copy_that_arrives_before_the_games_own_file_never_counts_first(tmp_path: Path) -> None:
    """A hub joining late: Syncthing brings the conflicting copy first, the game's file later;
    the hub counts what every other hub counts."""
    night = hub(tmp_path / "data")
    importer = ClubImporter(night.club, lambda _: None)
    source = put_game(tmp_path / "elsewhere", HUBS[1], 3, KIM_WINS)
    folder = night.club / HUBS[1]
    folder.mkdir(parents=True)
    conflicting_copy(folder / source.name, EVE_WINS, rounds=1)
    scan(night, importer)
    assert night.view.games == ()  # waiting for the game's own file
    shutil.copy(source, folder / source.name)
    scan(night, importer)
    assert night.view.standings().players[0].name == "Kim"
    assert [c.other.winners for c in night.view.conflicts] == [("Eve",)]
    night.store.close()
