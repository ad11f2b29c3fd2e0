"""Helpers for the club tests: hubs' folders with finished or unfinished games in them, and a
hub of the night as the daemon runs it (its store, ClubNight and importer), without its
loop's thread."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path

from engine import EndRound, Event, Game, HandPips, NewGame, StartRound, dump_line
from hubd.club.folder import game_file_name, write_atomically
from hubd.club.importer import ClubImporter
from hubd.club.night import ClubNight
from hubd.club.nights import write_table
from hubd.store import GameStore

EVENING = datetime(2026, 12, 1, 19, 30, 0)


def game_log(pips: Mapping[str, int], *, rounds: int = 1, over: bool = True) -> list[Event]:
    """A scores-only game: ``rounds`` rounds, each scoring ``pips``; the last one left out
    when not ``over``."""
    players = tuple(pips)
    events: list[Event] = [NewGame(players, {"mode": "scores", "rounds": rounds})]
    for number in range(rounds):
        events.append(StartRound(players[number % len(players)]))
        if over or number < rounds - 1:
            events.append(EndRound({name: HandPips(p) for name, p in pips.items()}))
    return events


def log_text(events: Sequence[Event]) -> str:
    return "".join(dump_line(event) + "\n" for event in events)


def put_game(
    club: Path,
    hub: str,
    number: int,
    pips: Mapping[str, int],
    *,
    started: datetime = EVENING,
    rounds: int = 1,
    over: bool = True,
    table: str | None = None,
) -> Path:
    """Write a game file into ``hub``'s folder (and its table name); returns its path."""
    folder = club / hub
    if table is not None:
        write_table(folder, table)
    path = folder / game_file_name(started, number)
    write_atomically(path, log_text(game_log(pips, rounds=rounds, over=over)))
    return path


class ClubHub:
    """Hub ``number`` of a night in ``root``: its store, its ClubNight writing its games into
    the club folder and the importer reading the others' (the daemon's threads' loops
    replaced by calling one scan at a time: ``refresh``)."""

    def __init__(self, root: Path, number: int) -> None:
        self.data = root / f"hub{number}"
        self.store = GameStore.open(self.data)
        self.night = ClubNight(self.data, self.store, f"Table {number}")
        self.night.open()
        self.importer = ClubImporter(self.night.club, lambda _news: None)

    def refresh(self) -> None:
        """A turn of the daemon's loop: the other hubs' games that arrived are read."""
        news = self.importer.scan()
        if news is not None:
            self.night.arrived(news)

    def play(self, events: list[Event], *, at_once: bool = False) -> str:
        """A game played on this hub event by event (or stored ``at_once``, then written
        whole, as after a restart); returns its file name."""
        first = events[0]
        assert isinstance(first, NewGame)
        if at_once:
            game_id = self.store.import_log([dump_line(event) for event in events])
            self.night.committed(game_id, self.store.load(game_id))
        else:
            game_id = self.store.new_game(first)
            game = Game.from_events([first])
            self.night.committed(game_id, game)
            for event in events[1:]:
                self.store.append(game_id, event)
                game.apply(event)
                self.night.committed(game_id, game)
        name = self.night.file_name(game_id)
        assert name is not None
        return name
