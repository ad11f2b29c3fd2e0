"""A hand read from a photo, checked against what the table knows (pure: no pixels, no I/O).

The photo reader gives each tile it saw as two halves, each a few likely pip counts with their
likelihoods. :func:`settle` picks the most likely hand whose tiles are all different and all
among the tiles the hand can hold (the tiles not on the table and not counted in another hand,
or in score-keeper mode the whole set). A tile is settled when every other reading of it makes
the whole hand far less likely; otherwise it is a :class:`Question` naming its likely tiles
("Is this 5-8 or 6-8?"), never a silent guess.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine.tiles import Tile

#: How much more likely the best hand must be than the best with another tile at a place for
#: that place to be settled.
SURE_RATIO = 10.0
#: Below this a half's reading is not worth trying.
_FLOOR = 1e-4
#: At most this many tiles are searched for (more than any hand holds; a bigger photo is said).
MAX_TILES = 40
_MAX_STEPS = 200_000


@dataclass(frozen=True)
class HalfGuess:
    """A half's likely pip counts, each with its likelihood (they need not add up to 1)."""

    options: tuple[tuple[int, float], ...]

    @classmethod
    def sure(cls, pips: int) -> HalfGuess:
        return cls(((pips, 1.0),))

    @property
    def best(self) -> int:
        return max(self.options, key=lambda option: option[1])[0]


@dataclass(frozen=True)
class SeenTile:
    """A tile the reader saw: its two halves' guesses."""

    first: HalfGuess
    second: HalfGuess

    def candidates(self, allowed: Collection[Tile]) -> dict[Tile, float]:
        """Each allowed tile this may be, with its likelihood (the best of its two readings)."""
        found: dict[Tile, float] = {}
        for a, pa in self.first.options:
            for b, pb in self.second.options:
                tile, weight = Tile.of(a, b), pa * pb
                if weight >= _FLOOR and tile in allowed and weight > found.get(tile, 0.0):
                    found[tile] = weight
        return found


@dataclass(frozen=True)
class Question:
    """A tile not settled: its place among the tiles seen and its likely tiles, best first."""

    place: int
    choices: tuple[Tile, ...]

    def asked(self) -> str:
        """The question as the page and the command line show it (English)."""
        if not self.choices:
            return f"Tile {self.place + 1}: which tile is this?"
        names = [str(tile) for tile in self.choices]
        return "Is this " + (" or ".join(names) if len(names) <= 2 else
                             ", ".join(names[:-1]) + " or " + names[-1]) + "?"  # fmt: skip


@dataclass(frozen=True)
class HandReading:
    """The settled tiles (None where a question stands), the questions, and the hand's count."""

    tiles: tuple[Tile | None, ...]
    questions: tuple[Question, ...]
    expected: int | None

    @property
    def settled(self) -> tuple[Tile, ...]:
        return tuple(tile for tile in self.tiles if tile is not None)

    @property
    def pips(self) -> int:
        return sum(tile.pips for tile in self.settled)

    @property
    def count_differs(self) -> bool:
        """The photo shows more or fewer tiles than the hub counts in this hand."""
        return self.expected is not None and self.expected != len(self.tiles)


def settle(
    seen: Sequence[SeenTile], allowed: Collection[Tile], expected: int | None = None
) -> HandReading:
    """The hand ``seen`` shows, each tile one of ``allowed`` and none twice.

    Where the photo shows more or fewer tiles than ``expected`` (the hub's count of the hand),
    the reading is at odds with the table: a reflection taken for a tile, two tiles read as
    one. No tile is settled then; each is asked, its likeliest reading first.
    """
    allowed = frozenset(allowed)
    options = [_ranked(tile.candidates(allowed)) for tile in seen[:MAX_TILES]]
    doubtful = expected is not None and expected != len(options)
    best, best_score = _best_hand(options, forced={})
    # (No hand with a rival at a place is likelier than the rival times every other place's
    # likeliest: a rival that could not come close is not searched for.)
    ceiling = math.prod(ranked[0][1] for ranked in options if ranked)
    tiles: list[Tile | None] = []
    questions: list[Question] = []
    for place, ranked in enumerate(options):
        chosen = best[place] if best else None
        if chosen is None:  # no tile the hand can hold reads like this one
            tiles.append(None)
            questions.append(Question(place, tuple(tile for tile, _ in ranked[:3])))
            continue
        close: list[Tile] = []
        for tile, likely in _rivals(ranked, chosen):
            if len(close) == 2:  # (the question names two rivals at the most)
                break
            if (
                tile != chosen
                and likely * ceiling / ranked[0][1] * SURE_RATIO > best_score
                and _best_hand(options, {place: tile})[1] * SURE_RATIO > best_score
            ):
                close.append(tile)
        if close or doubtful:
            others = close or [tile for tile, _ in ranked if tile != chosen]
            tiles.append(None)
            questions.append(Question(place, (chosen, *others[:2])))
        else:
            tiles.append(chosen)
    return HandReading(tuple(tiles), tuple(questions), expected)


def _rivals(ranked: list[tuple[Tile, float]], chosen: Tile) -> list[tuple[Tile, float]]:
    """The tiles a place's ``chosen`` tile is weighed against: its four likeliest, and every
    other read nearly as likely as the chosen one (within :data:`SURE_RATIO` of it). The
    chosen tile may rank low at its place (the likelier ones counted in other places), its
    nearest rivals past the first four (a 3-3 chosen fourth, a 3-4 as likely fifth)."""
    weight = dict(ranked)[chosen]
    return [(tile, likely) for rank, (tile, likely) in enumerate(ranked)
            if rank < 4 or likely * SURE_RATIO > weight]  # fmt: skip


def _ranked(candidates: dict[Tile, float]) -> list[tuple[Tile, float]]:
    return sorted(candidates.items(), key=lambda item: (-item[1], item[0]))


def _best_hand(
    options: list[list[tuple[Tile, float]]], forced: dict[int, Tile]
) -> tuple[list[Tile | None] | None, float]:
    """The likeliest choice of distinct tiles, one a place (with ``forced`` places fixed).

    Branch and bound over the places, most certain first; log-likelihoods are added. A place
    with no candidate is left None; a forced place with no such candidate makes the hand
    impossible (None, 0.0).
    """
    lists = [[(t, math.log(w)) for t, w in ranked if forced.get(i, t) == t]
             for i, ranked in enumerate(options)]  # fmt: skip
    if any(not lists[i] for i in forced):
        return None, 0.0
    order = sorted((i for i in range(len(lists)) if lists[i]),  # a place with none stays None
                   key=lambda i: (len(lists[i]), -lists[i][0][1]))  # fmt: skip
    ceilings = [0.0] * (len(order) + 1)
    for depth in range(len(order) - 1, -1, -1):
        ceilings[depth] = ceilings[depth + 1] + lists[order[depth]][0][1]
    best: list[Tile | None] | None = None
    best_score = -math.inf
    chosen: list[Tile | None] = [None] * len(lists)
    used: set[Tile] = set()
    steps = 0

    def walk(depth: int, score: float) -> None:
        nonlocal best, best_score, steps
        steps += 1
        if score + ceilings[depth] <= best_score or steps > _MAX_STEPS:
            return
        if depth == len(order):
            best, best_score = list(chosen), score
            return
        place = order[depth]
        for tile, weight in lists[place]:
            if tile not in used:
                used.add(tile)
                chosen[place] = tile
                walk(depth + 1, score + weight)
                used.discard(tile)
        chosen[place] = None

    walk(0, 0.0)
    return best, (math.exp(best_score) if best is not None else 0.0)
