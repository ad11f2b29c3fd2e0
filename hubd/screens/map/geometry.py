"""The table map's values: boxes, sizes, the pieces of the picture, and the labels.

Pure data and small pure functions; ``hubd/screens/map/table_map.py`` lays a table out with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from engine import PlaceKind, Tile


class Box(NamedTuple):
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)


class Cell(NamedTuple):
    """A square of the map's grid: its row and column."""

    row: int
    col: int

    def to(self, step: tuple[int, int], times: int = 1) -> Cell:
        """The cell ``times`` steps of (rows, columns) ``step`` away."""
        return Cell(self.row + times * step[0], self.col + times * step[1])


@dataclass(frozen=True)
class Metrics:
    """Sizes for one round's map, chosen from the area and the text sizes alone, never from
    the tiles on the table, so nothing reflows as the round goes on.

    The map is a grid of equal cells. A line of the table (an arm or a toe) takes two
    neighbouring cells for the whole round: its *tail*, nearest where it starts, shows its
    label over the tile its end lies on; its *head* holds the end's tap target."""

    cell_w: int
    cell_h: int
    gap: int  # between two cells
    target: int  # the width of an end's tap target (as tall, or the cell's height if less)
    tile_w: int  # a domino lying in a tail cell, under the label
    tile_h: int
    label_h: int  # the label's line at the top of a tail cell
    beside: int = 1  # letters of a label that fit beside a double standing crosswise

    @property
    def pitch_w(self) -> int:
        return self.cell_w + self.gap

    @property
    def pitch_h(self) -> int:
        return self.cell_h + self.gap

    @classmethod
    def for_sizes(
        cls,
        target: int,
        label_h: int,
        letter_w: int,
        gap: int,
        *,
        height: int = 0,
        least_h: int = 0,
    ) -> Metrics:
        """Cells that hold a target ``target`` wide, or a label line ``label_h`` tall
        (``letter_w`` a letter) over a tile. They are as tall as wide; or, given the map's
        ``height``, as tall as one of as many rows as fit with cells ``least_h`` tall (and
        room for a label over a small tile)."""
        cell_h = target
        if height:
            least = max(label_h + 16, least_h or target * 5 // 6)
            rows = max(1, (height + gap) // (least + gap))
            cell_h = min(target, max(least, (height + gap) // rows - gap))
        tile_h = max(10, min(target * 11 // 32, cell_h - label_h - 2))
        tile_w = 2 * tile_h + 4
        cell_w = max(target, tile_w)
        beside = max(0, (cell_w - tile_h - gap) // max(1, letter_w))
        return cls(cell_w, cell_h, gap, target, tile_w, tile_h, label_h, beside)

    @classmethod
    def for_area(cls, area: Box, target: int, gap: int) -> Metrics:
        """Sizes from the target alone (the label line a little over half the target)."""
        return cls.for_sizes(target, target * 5 // 8, target * 3 // 8, gap)


@dataclass(frozen=True)
class MapTile:
    tile: Tile
    halves: tuple[int, int]  # in drawing order: left then right, or top then bottom
    box: Box
    vertical: bool
    line: str


@dataclass(frozen=True)
class MapEnd:
    """An open place: a tap target at the end it belongs to, showing the number it needs."""

    on: Tile  # the tile the end is on
    needs: int
    box: Box
    line: str  # the label of its line ("" for the hub while it opens)
    kind: PlaceKind
    room: int
    alone: bool = False  # an end alone in its cell, no tail beside it: its label inside it


@dataclass(frozen=True)
class MapLabel:
    """A line's label, drawn at the top of its tail cell (keyed by the tile the line's end
    lies on now, or its foot)."""

    on: Tile
    text: str
    box: Box


@dataclass(frozen=True)
class MapLink:
    """A connecting stroke: the hub to an arm's tile, a foot to a toe's tile."""

    start: tuple[int, int]
    end: tuple[int, int]


@dataclass
class TableMap:
    tiles: list[MapTile] = field(default_factory=list)
    ends: list[MapEnd] = field(default_factory=list)
    links: list[MapLink] = field(default_factory=list)
    names: list[MapLabel] = field(default_factory=list)
    lanes: list[Box] = field(default_factory=list)  # a line's two cells, shaded as one
    labels: dict[Tile, str] = field(default_factory=dict)


def arm_slots(arms: int, rows: int) -> list[tuple[int, int]]:
    """(side, row) of each hub arm in the order they are started: clockwise from the top
    right. Side +1 is right of the hub, -1 left."""
    right = -(-arms // 2)
    left = arms - right
    slots = [(1, _spread(i, right, rows)) for i in range(right)]
    slots += [(-1, _spread(left - 1 - i, left, rows)) for i in range(left)]
    return slots


def _spread(index: int, count: int, rows: int) -> int:
    """Row of the ``index``-th of ``count`` lines spread evenly over ``rows`` rows."""
    return min(rows - 1, int((index + 0.5) * rows / count))
