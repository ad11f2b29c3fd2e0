"""The club night's pure parts and the club folder: names, versions, standings, seating."""

from __future__ import annotations

import itertools
import json
import random
from datetime import date, datetime
from pathlib import Path

import pytest
from club_helpers import EVENING, game_log, log_text, put_game

from hubd.cli.run import main
from hubd.club.folder import (
    complete_lines,
    game_file_name,
    hub_id,
    night_of,
    parse_game_name,
    versions_of,
    write_atomically,
)
from hubd.club.games import read_club, view_of_folder
from hubd.club.importer import ClubImporter
from hubd.club.nights import Night, merge, table_order, write_night

HUBS = ("aaaa0001", "bbbb0002", "cccc0003")
NIGHT = date(2026, 12, 1)


def test_the_hub_id_is_made_once_and_kept(tmp_path: Path) -> None:
    first = hub_id(tmp_path)
    assert len(first) == 8 and hub_id(tmp_path) == first
    (tmp_path / "hub-id").write_text("not an id")
    assert hub_id(tmp_path) != first  # a damaged file: a new id, never a crash


def test_a_game_file_name_says_its_night() -> None:
    name = parse_game_name("2026-12-02T003000-g12.jsonl")
    assert name is not None and name.number == 12
    assert name.night == date(2026, 12, 1)  # half past midnight is still the evening's night
    assert night_of(datetime(2026, 12, 2, 6, 0)) == date(2026, 12, 2)
    assert parse_game_name("2026-13-02T003000-g12.jsonl") is None
    assert parse_game_name("notes.txt") is None


@pytest.mark.parametrize(
    ("name", "version_of"),
    [
        ("2026-12-01T193000-g3.jsonl", "2026-12-01T193000-g3.jsonl"),
        (
            "2026-12-01T193000-g3.sync-conflict-20261201-200000-ABCDEFG.jsonl",
            "2026-12-01T193000-g3.jsonl",
        ),
        (".syncthing.2026-12-01T193000-g3.jsonl.tmp", None),
        ("~syncthing~2026-12-01T193000-g3.jsonl.tmp", None),
        (".2026-12-01T193000-g3.jsonl.x8a7", None),
        ("hub.json", None),
    ],
)
def test_temporary_files_are_ignored_and_conflicts_are_versions(
    name: str, version_of: str | None
) -> None:
    assert versions_of(name) == version_of


def test_a_line_still_being_written_is_never_read() -> None:
    assert complete_lines(b'{"a": 1}\n{"b"') == b'{"a": 1}\n'
    assert complete_lines(b'{"b"') == b""


def three_tables(club: Path) -> None:
    put_game(club, HUBS[0], 1, {"Ana": 10, "Ben": 30, "Cy": 5, "Dee": 12}, table="Table 1")
    put_game(club, HUBS[1], 1, {"Eve": 7, "Fay": 0, "Gus": 22, "Hal": 9}, table="Table 2")
    put_game(club, HUBS[2], 1, {"Ida": 3, "Jo": 40, "Kim": 11, "Lu": 2}, table="Table 10")


def test_the_standings_from_the_folder_alone(tmp_path: Path) -> None:
    club = tmp_path / "club"
    three_tables(club)
    put_game(club, HUBS[0], 2, {"Ana": 1, "Ben": 2}, started=EVENING.replace(hour=21), over=False)
    board = view_of_folder(club).standings()
    assert board.night == NIGHT and board.tables == 3 and board.playing == 1
    assert [row.name for row in board.players[:4]] == ["Fay", "Lu", "Ida", "Cy"]
    fay = board.to_json()["players"][0]
    assert fay == {"name": "Fay", "games": 1, "wins": 1, "pips": 0, "rounds": 1}


def test_hubd_club_standings_prints_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    three_tables(tmp_path / "club")
    assert main(["club", "standings", "--data", str(tmp_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert list(printed) == ["night", "tables", "players"]
    assert printed["night"] == "2026-12-01" and printed["tables"] == 3
    assert len(printed["players"]) == 12
    assert list(printed["players"][0]) == ["name", "games", "wins", "pips", "rounds"]
    assert main(["club", "standings", "--data", str(tmp_path), "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "rank,name,games,wins,pips,rounds,average" and rows[1] == "1,Fay,1,1,0,1,0.0"
    assert main(["club", "standings", "--data", str(tmp_path), "--night", "2026-11-01"]) == 1
    assert "no games on the night of 2026-11-01" in capsys.readouterr().err


def test_ranking_by_wins(tmp_path: Path) -> None:
    club = tmp_path / "club"
    put_game(club, HUBS[0], 1, {"Ana": 10, "Ben": 30})
    put_game(club, HUBS[0], 2, {"Ana": 10, "Ben": 30}, started=EVENING.replace(hour=20))
    put_game(club, HUBS[1], 1, {"Cy": 70, "Dee": 90})
    by_pips = view_of_folder(club).standings()
    assert [r.name for r in by_pips.players] == ["Ana", "Ben", "Cy", "Dee"]
    write_night(club / HUBS[1], Night(NIGHT, "Tuesday", ranking="wins", set_at="2026-12-01T19:00"))
    view = view_of_folder(club)
    assert view.night(NIGHT).name == "Tuesday"
    assert [r.name for r in view.standings().players] == ["Ana", "Cy", "Ben", "Dee"]


def test_the_longest_version_wins_and_a_broken_one_is_set_aside(tmp_path: Path) -> None:
    club = tmp_path / "club"
    path = put_game(club, HUBS[0], 1, {"Ana": 10, "Ben": 30}, over=False)
    conflict = path.with_name(path.stem + ".sync-conflict-20261201-200000-ABCDEFG.jsonl")
    conflict.write_text(log_text(game_log({"Ana": 10, "Ben": 30})))  # the longer, finished copy
    broken = club / HUBS[1] / path.name
    broken.parent.mkdir()
    broken.write_text('{"type": "new_game", "players": ["Ana"]}\n')
    games, aside = read_club(club)
    assert [(g.hub, g.over) for g in games] == [(HUBS[0], True)]  # never lost to the conflict
    assert len(aside) == 1 and aside[0].path == broken


def test_same_files_in_any_order_give_the_same_view(tmp_path: Path) -> None:
    source = tmp_path / "source"
    three_tables(source)
    put_game(
        source,
        HUBS[1],
        2,
        {"Eve": 1, "Fay": 2, "Gus": 3, "Hal": 4},
        started=EVENING.replace(hour=20),
    )
    files = sorted(p for p in source.rglob("*") if p.is_file())
    seen = set()
    for attempt in range(4):
        order = list(files)
        random.Random(attempt).shuffle(order)
        club = tmp_path / f"club{attempt}"
        importer = ClubImporter(club, lambda _: None)
        for path in order:  # one file arrives at a time, scanned in between
            target = club / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
            importer.scan()
        view = view_of_folder(club)
        night = view.night(NIGHT)
        seatings = [view.seating(NIGHT) for _ in range(1)]
        seen.add((view.standings(), tuple(seatings), night))
    assert len(seen) == 1


def test_table_order_compares_numbers_as_numbers() -> None:
    tables = {"a": "Table 10", "b": "Table 2", "c": "Table 1"}
    assert table_order(tables, ["a", "b", "c", "d"]) == ["c", "b", "a", "d"]


def test_the_night_set_last_wins_on_every_hub() -> None:
    early = Night(NIGHT, "Club", set_at="2026-12-01T19:00:00+01:00", hub="b")
    late = Night(NIGHT, "Club night", set_at="2026-12-01T19:05:00+01:00", hub="a")
    for entries in itertools.permutations([early, late]):
        assert merge(entries)[NIGHT].name == "Club night"


def seat(club: Path, rule: str, movers: int = 3) -> list[tuple[str, tuple[str, ...]]]:
    write_night(club / HUBS[0], Night(NIGHT, seating=rule, movers=movers, set_at="1"))  # type: ignore[arg-type]
    proposal = view_of_folder(club).seating(NIGHT)
    assert proposal is not None and proposal.waiting == ()
    return [(view_of_folder(club).table_name(hub), names) for hub, names in proposal.tables]


def test_eleven_three_moves_the_lowest_to_the_next_table(tmp_path: Path) -> None:
    club = tmp_path / "club"
    three_tables(club)
    assert seat(club, "11-3") == [
        ("Table 1", ("Ben", "Lu", "Ida", "Kim")),  # Ben stays, Table 10's three arrive
        ("Table 2", ("Gus", "Cy", "Ana", "Dee")),
        ("Table 10", ("Jo", "Fay", "Eve", "Hal")),
    ]
    assert seat(club, "11-3", movers=1)[0] == ("Table 1", ("Ana", "Dee", "Ben", "Lu"))


def test_the_table_winner_moves_up_and_the_last_down(tmp_path: Path) -> None:
    club = tmp_path / "club"
    three_tables(club)
    assert seat(club, "winners") == [
        ("Table 1", ("Cy", "Ana", "Dee", "Fay")),  # Ben (last) goes down, Fay comes up
        ("Table 2", ("Eve", "Hal", "Lu", "Ben")),  # Fay up, Gus down; Lu up, Ben down
        ("Table 10", ("Ida", "Kim", "Jo", "Gus")),
    ]


def test_random_seating_avoids_pairs_who_already_met(tmp_path: Path) -> None:
    club = tmp_path / "club"
    three_tables(club)
    tables = seat(club, "random")
    assert sorted(len(names) for _, names in tables) == [4, 4, 4]
    assert sorted(n for _, names in tables for n in names) == sorted(
        ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu"]
    )
    proposal = view_of_folder(club).seating(NIGHT)
    # Four at a table from three tables of four: one pair at each must have met, no more.
    assert proposal is not None and proposal.repeats == 3


def test_a_table_still_playing_is_waited_for(tmp_path: Path) -> None:
    club = tmp_path / "club"
    three_tables(club)
    put_game(club, HUBS[2], 2, {"Ida": 3, "Jo": 40}, started=EVENING.replace(hour=21), over=False)
    proposal = view_of_folder(club).seating(NIGHT)
    assert proposal is not None and proposal.waiting == (HUBS[2],)
    assert proposal.tables == ()  # everyone moves at once, when the round is over


def test_a_player_sits_where_they_played_last(tmp_path: Path) -> None:
    club = tmp_path / "club"
    three_tables(club)
    later = EVENING.replace(hour=21)
    # Table 1 played again with Ida, who left Table 10; Dee sat out.
    put_game(club, HUBS[0], 2, {"Ana": 1, "Ben": 2, "Cy": 3, "Ida": 4}, started=later)
    put_game(club, HUBS[1], 2, {"Eve": 5, "Fay": 6, "Gus": 7, "Hal": 8}, started=later)
    put_game(club, HUBS[2], 2, {"Jo": 9, "Kim": 10, "Lu": 11}, started=later)
    tables = dict(seat(club, "11-3"))
    everyone = [name for names in tables.values() for name in names]
    assert len(everyone) == len(set(everyone)) == 11  # Dee sat out; Ida only once


def test_a_symbolic_link_in_a_hubs_folder_is_never_followed(tmp_path: Path) -> None:
    from engine import NewGame, StartRound
    from hubd.club.night import ClubWriter

    secret = tmp_path / "secret.jsonl"
    secret.write_text(log_text(game_log({"Ana": 1, "Ben": 2})))
    club = tmp_path / "club"
    (club / HUBS[1]).mkdir(parents=True)
    (club / HUBS[1] / "2026-12-01T193000-g1.jsonl").symlink_to(secret)
    games, aside = read_club(club)
    assert games == [] and len(aside) == 1  # read elsewhere: set aside, not imported
    # This hub's own folder: a link a copy put there is replaced, never written through.
    writer = ClubWriter(club / HUBS[0])
    (club / HUBS[0]).mkdir()
    name = "2026-12-01T193000-g1.jsonl"
    events = [NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 1}), StartRound("Ana")]
    assert writer.write(name, events[:1])
    target = club / HUBS[0] / name
    target.unlink()
    target.symlink_to(secret)
    before = secret.read_text()
    assert writer.write(name, events)
    assert secret.read_text() == before and not target.is_symlink()
    assert target.read_text() == log_text(events)


def test_a_file_over_a_logs_size_is_set_aside_unread(tmp_path: Path) -> None:
    from engine import MAX_LOG_BYTES
    from hubd.club.games import SetAside, read_version

    path = tmp_path / "huge.jsonl"
    with path.open("wb") as handle:  # sparse: 50 MB that take no room on the disk
        handle.write(b'{"type": "new_game"')  # no whole line: read, it would give nothing
        handle.truncate(50 * 1024 * 1024)
    found = read_version("hub-a", "huge", path)
    assert isinstance(found, SetAside)
    assert found.why == (
        f"it holds {50 * 1024 * 1024:,} bytes, more than a game's log may ({MAX_LOG_BYTES:,})"
    )


def test_a_double_6_game_with_house_rules_counts_in_the_standings(tmp_path: Path) -> None:
    """A hub's double-6 game with burned doubles and 50 for going out on a double is read
    through the same replay as any other: its players, wins, pips and played rounds."""
    from engine.simulate import Simulator

    rules = {"preset": "hub", "set": 6, "burn_double": True, "out_on_double_50": True}
    game = Simulator(3, rules, seed=6, check=False, names=("Ana", "Ben", "Cy")).play_game()
    assert game.state.doubles != [6, 5, 4, 3, 2, 1, 0]  # a double was burned: fewer rounds
    club = tmp_path / "club"
    write_atomically(club / HUBS[0] / game_file_name(EVENING, 1), log_text(game.log))
    board = view_of_folder(club).standings()
    rows = {row.name: row for row in board.players}
    assert {name: rows[name].pips for name in rows} == dict(
        zip(game.state.players, game.state.totals, strict=True)
    )
    assert {row.rounds for row in rows.values()} == {len(game.state.scores)}
