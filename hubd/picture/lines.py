"""The table as lines: each arm and each toe a chain of tiles from its start to its open end
or to the double that ends it, and which of its tiles are drawn when runs must fold."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Placed, PlaceKind, Table, Tile


@dataclass
class Line:
    """An arm (leaving the hub) or a toe (leaving a foot's double)."""

    start: Tile
    source: Tile  # the hub or the double the line leaves
    places: list[Placed]  # from its start to its open end, or to the double ending it

    @property
    def foot(self) -> Placed | None:
        last = self.places[-1]
        return last if last.kind is PlaceKind.FOOT else None

    @property
    def chain(self) -> list[Placed]:
        """Its tiles but the double ending it."""
        return self.places[:-1] if self.foot is not None else self.places


def table_lines(table: Table) -> dict[Tile, Line]:
    """The line each tile on the table belongs to (the hub belongs to none)."""
    of: dict[Tile, Line] = {}
    starts = [(table.hub, start) for start in table.hub_place.children]
    while starts:
        source, start = starts.pop(0)
        line = Line(start, source, table.branch(start))
        for place in line.places:
            of[place.tile] = line
        if line.foot is not None:
            starts += [(line.foot.tile, toe) for toe in line.foot.children]
    return of


@dataclass(frozen=True)
class Fold:
    """Which of a chain's tiles (by index) are drawn; the run between folds into a count."""

    drawn: frozenset[int]
    first: int  # the index of the run's first tile (-1: nothing folds)
    count: int


def fold(line: Line, most: int | None) -> Fold:
    """The tiles of ``line`` drawn in at most ``most`` places (None: all): always its first
    tile and the tile its double was laid on, a run after the first folded into one place,
    then its last tiles."""
    n = len(line.chain)
    if most is None or n <= most:
        return Fold(frozenset(range(n)), -1, 0)
    tail = max(1 if line.foot is not None else 0, most - 2)
    return Fold(frozenset({0, *range(n - tail, n)}), 1, n - 1 - tail)
