"""Hand values, totals and the winner with the tie-breaks of RULES.md."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine.events import Hand, HandPips
from engine.tiles import Tile

DOUBLE_BLANK_BONUS = 50
OUT_ON_DOUBLE_PENALTY = 50  # house rule out_on_double_50: going out on a double


def tile_value(tile: Tile, double_blank_50: bool) -> int:
    if double_blank_50 and tile == (0, 0):
        return DOUBLE_BLANK_BONUS
    return tile.pips


def hand_score(hand: Hand, double_blank_50: bool, out_penalty: int = 0) -> int:
    """A hand's score at a round's end: its pips, the 0-0 worth 50 under the house rule
    ``double_blank_50`` (a pip count says whether the 0-0 is among them), plus ``out_penalty``,
    what ``out_on_double_50`` adds for how the player went out (``GameState.out_penalty``)."""
    if isinstance(hand, HandPips):
        bonus = DOUBLE_BLANK_BONUS if hand.double_blank and double_blank_50 else 0
        return hand.pips + bonus + out_penalty
    return sum(tile_value(tile, double_blank_50) for tile in hand) + out_penalty


class TieBreak(Enum):
    """How the winner was decided, for the scoreboard to explain in words."""

    TOTAL = "total"  # the lowest total alone
    ZERO_ROUNDS = "zero_rounds"  # more rounds scored 0
    LOWEST_ROUND = "lowest_round"  # the lowest non-zero round score
    SHARED = "shared"  # still tied: the win is shared


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]  # seats, in seat order
    decided_by: TieBreak


def totals(scores: Sequence[Sequence[int]], players: int) -> list[int]:
    return [sum(round_scores[seat] for round_scores in scores) for seat in range(players)]


def _zero_rounds(scores: Sequence[Sequence[int]], seat: int) -> int:
    return sum(1 for round_scores in scores if round_scores[seat] == 0)


def _lowest_non_zero(scores: Sequence[Sequence[int]], seat: int) -> float:
    """The lowest non-zero round; a player with none loses this comparison (infinity)."""
    return min((r[seat] for r in scores if r[seat] != 0), default=float("inf"))


def ranking(scores: Sequence[Sequence[int]], players: int) -> list[int]:
    """Seats from first to last: lowest total, then the tie-breaks, then seat order."""
    total = totals(scores, players)
    return sorted(
        range(players),
        key=lambda s: (total[s], -_zero_rounds(scores, s), _lowest_non_zero(scores, s), s),
    )


def outcome(scores: Sequence[Sequence[int]], players: int) -> Outcome:
    """The winner(s) after the last round."""
    total = totals(scores, players)
    best = min(total)
    tied = [s for s in range(players) if total[s] == best]
    if len(tied) == 1:
        return Outcome(tuple(tied), TieBreak.TOTAL)
    most_zero = max(_zero_rounds(scores, s) for s in tied)
    tied = [s for s in tied if _zero_rounds(scores, s) == most_zero]
    if len(tied) == 1:
        return Outcome(tuple(tied), TieBreak.ZERO_ROUNDS)
    lowest = min(_lowest_non_zero(scores, s) for s in tied)
    tied = [s for s in tied if _lowest_non_zero(scores, s) == lowest]
    if len(tied) == 1:
        return Outcome(tuple(tied), TieBreak.LOWEST_ROUND)
    return Outcome(tuple(tied), TieBreak.SHARED)
