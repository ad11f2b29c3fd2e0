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

    The map is a grid of equal cells, one a line of the table (an arm or a toe): its end's
    tap target fills the cell, the number it needs over the line's label; a double shows
    its label over the tile instead, its toes in the cells around it."""

    cell_w: int
    cell_h: int
    gap: int  # between two cells
    target: int  # the width of an end's tap target (as tall, or the cell's height if less)
    tile_w: int  # a double lying in its cell, under its label
    tile_h: int
    label_h: int  # the label's line at the top of a double's cell

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
        stacked: int,
        label_h: int,
        gap: int,
        *,
        height: int = 0,
        width: int = 0,
        widest: int = 0,
    ) -> Metrics:
        """Cells ``target`` wide and ``stacked`` tall at least (a number over a label, their
        letters and the room between); given the map's ``height``, as tall as one of as many
        rows as fit; given its ``width``, as wide as one of as many columns as fit, up to
        ``widest``. A double under a label line ``label_h`` tall."""
        widest = max(widest, target)
        if width:
            cols = max(1, (width + gap) // (target + gap))
            target = max(target, min(widest, (width + gap) // cols - gap))
        cell_h = max(target * 3 // 4, stacked)
        if height:
            rows = max(1, (height + gap) // (cell_h + gap))
            cell_h = max(cell_h, min(target * 5 // 4, (height + gap) // rows - gap))
        tile_h = max(10, min(widest * 11 // 32, cell_h - label_h - 4, (target - 4) // 2))
        tile_w = 2 * tile_h + 4
        return cls(max(target, tile_w), cell_h, gap, target, tile_w, tile_h, label_h)

    @classmethod
    def for_area(cls, area: Box, target: int, gap: int) -> Metrics:
        """Sizes from the target alone (the label line a little over half the target)."""
        return cls.for_sizes(target, target, target * 5 // 8, gap)


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
    line: str  # its line's label, drawn under the number ("" for the hub while it opens)
    kind: PlaceKind
    room: int


@dataclass(frozen=True)
class MapLabel:
    """A foot's label, drawn over its double at the top of the double's cell (keyed by the
    double)."""

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


#: The eight ways out of a cell, clockwise from the top right: (rows, columns).
AROUND: tuple[tuple[int, int], ...] = (
    (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0),
)  # fmt: skip

#: Where the hub's arms leave it, by how many arms it takes: spread round the hub, each
#: clockwise from the top right (the order they are started and lettered).
ARM_WAYS: dict[int, tuple[int, ...]] = {
    1: (1,),
    2: (1, 5),
    3: (1, 4, 6),
    4: (0, 2, 4, 6),
    5: (0, 1, 2, 4, 6),
    6: (0, 1, 2, 4, 5, 6),
    7: (0, 1, 2, 3, 4, 5, 6),
    8: (0, 1, 2, 3, 4, 5, 6, 7),
}


def arm_ways(arms: int) -> list[tuple[int, int]]:
    """The step from the hub's cell to each of its first eight arms' cells, in the order
    they are started; arms past eight find the nearest free cells further out."""
    return [AROUND[i] for i in ARM_WAYS[max(1, min(8, arms))]][:arms]


Point = tuple[int, int]


def _spans_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the boxes spanned by ``a``-``b`` and ``c``-``d`` share a point."""
    return (
        min(a[0], b[0]) <= max(c[0], d[0])
        and min(c[0], d[0]) <= max(a[0], b[0])
        and min(a[1], b[1]) <= max(c[1], d[1])
        and min(c[1], d[1]) <= max(a[1], b[1])
    )


def segments_meet(p: tuple[Point, Point], q: tuple[Point, Point]) -> bool:
    """Whether two straight strokes share any point (an end on the other counts)."""

    def side(a: Point, b: Point, c: Point) -> int:
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    (a, b), (c, d) = p, q
    if not _spans_meet(a, b, c, d):  # most strokes are short and far apart: the cheap test
        return False
    s1, s2, s3, s4 = side(a, b, c), side(a, b, d), side(c, d, a), side(c, d, b)
    if s1 != s2 and s3 != s4:
        return True
    return any(s == 0 and _spans_meet(x, y, z, z) for s, x, y, z in  # z on the stroke x-y
               ((s1, a, b, c), (s2, a, b, d), (s3, c, d, a), (s4, c, d, b)))  # fmt: skip


def enters(stroke: tuple[Point, Point], box: Box) -> bool:
    """Whether a straight stroke has a point inside or on the edge of ``box``."""
    if not _spans_meet(*stroke, (box.x, box.y), (box.right, box.bottom)):
        return False
    if any(box.x <= x <= box.right and box.y <= y <= box.bottom for x, y in stroke):
        return True
    corners = [(box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom)]
    return any(segments_meet(stroke, (corners[i], corners[(i + 1) % 4])) for i in range(4))
