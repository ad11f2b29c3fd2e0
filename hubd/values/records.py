"""Read-only records the store hands to the screens (history and statistics)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameRecord:
    """A game in the store, finished or not, with its score sheet."""

    game_id: int
    started: str  # ISO 8601 local time
    finished: str | None  # None while the game is being played
    players: tuple[str, ...]
    totals: tuple[int, ...]  # by seat
    winners: tuple[str, ...]  # empty until the game is over; several when shared
    rounds_played: int
    preset: str
    doubles: tuple[int, ...] = ()  # each round's starting double (9 for 9-9), every round
    scores: tuple[tuple[int, ...], ...] = ()  # each scored round's scores, by seat
    in_progress: bool = False  # the game being played now (an older unfinished one was left)
    house: tuple[tuple[str, int], ...] = ()  # the house rules in force (Rules.house_rules)


@dataclass(frozen=True)
class PlayerStats:
    name: str
    games: int
    wins: int  # a shared win counts for each winner
    average_round_score: float
    zero_rounds: int
    feet_opened: int
