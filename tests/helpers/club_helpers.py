"""Helpers for the club tests: hubs' folders with finished or unfinished games in them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path

from engine import EndRound, Event, HandPips, NewGame, StartRound, dump_line
from hubd.club.folder import game_file_name, write_atomically
from hubd.club.nights import write_table

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
