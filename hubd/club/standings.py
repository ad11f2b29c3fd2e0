"""A night's standings over every table: a pure function of the night's games.

Every hub, the phones' page and ``hubd club standings`` call :func:`standings` on the same
games, so they show the same table. Only finished games count. A player is the same player
at every table when the names are one name by the engine's rule (NFC, then casefolding).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal, TextIO

from engine import name_key
from hubd.club.club_game import ClubGame

Ranking = Literal["pips", "wins"]
RANKINGS: tuple[Ranking, ...] = ("pips", "wins")


@dataclass(frozen=True)
class PlayerRow:
    name: str
    games: int
    wins: int  # a shared win counts for each winner
    pips: int  # the sum of the player's game totals
    rounds: int

    @property
    def average(self) -> float:
        """Pips per round played."""
        return self.pips / self.rounds if self.rounds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "pips": self.pips,
            "rounds": self.rounds,
        }


@dataclass(frozen=True)
class Standings:
    night: date | None
    tables: int  # tables (hubs) with a game that night
    players: tuple[PlayerRow, ...]  # in ranking order
    playing: int = 0  # games of the night not finished yet

    def to_json(self) -> dict[str, Any]:
        """The schema of ``hubd club standings``."""
        return {
            "night": self.night.isoformat() if self.night else None,
            "tables": self.tables,
            "players": [row.to_json() for row in self.players],
        }

    def write_csv(self, out: TextIO) -> None:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["rank", "name", "games", "wins", "pips", "rounds", "average"])
        for rank, row in enumerate(self.players, start=1):
            average = f"{row.average:.1f}"
            writer.writerow([rank, row.name, row.games, row.wins, row.pips, row.rounds, average])


def nights(games: Iterable[ClubGame]) -> list[date]:
    """The nights that have games, newest first."""
    return sorted({game.night for game in games}, reverse=True)


def rank_key(row: PlayerRow, ranking: Ranking) -> tuple[Any, ...]:
    """Lowest total first (then lowest average, most wins); or most wins first (then the
    lowest total). The name (ignoring case) last, so the order never depends on arrival."""
    if ranking == "wins":
        return (-row.wins, row.pips, row.average, name_key(row.name), row.name)
    return (row.pips, row.average, -row.wins, name_key(row.name), row.name)


def standings(
    games: Iterable[ClubGame], night: date | None, ranking: Ranking = "pips"
) -> Standings:
    """The night's standings (``night`` None: the latest night that has games)."""
    games = list(games)
    if night is None:
        found = nights(games)
        night = found[0] if found else None
    tonight = [g for g in games if g.night == night]
    figures: dict[str, list[int]] = {}  # a name's key (NFC, casefolded): games, wins, ...
    spellings: dict[str, set[str]] = {}
    for game in tonight:
        if not game.over:
            continue
        won = set(game.winners)
        for seat, name in enumerate(game.players):
            key = name_key(name)
            spellings.setdefault(key, set()).add(name)
            row = figures.setdefault(key, [0, 0, 0, 0])
            row[0] += 1
            row[1] += name in won
            row[2] += game.totals[seat]
            row[3] += game.rounds
    rows = [
        PlayerRow(min(spellings[key]), *values)  # one spelling, whatever the arrival order
        for key, values in figures.items()
    ]
    rows.sort(key=lambda row: rank_key(row, ranking))
    return Standings(
        night=night,
        tables=len({g.hub for g in tonight}),
        players=tuple(rows),
        playing=sum(1 for g in tonight if not g.over),
    )
