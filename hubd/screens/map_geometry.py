"""The table map's values: boxes, sizes, the pieces of the picture, and the labels.

Pure data and small pure functions; ``hubd/screens/table_map.py`` lays a table out with them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from engine import PlaceKind, Table, Tile

ARM_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


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


@dataclass(frozen=True)
class Metrics:
    """Sizes for one round's map: chosen from the area and the target size, never from the
    tiles on the table, so nothing reflows as the round goes on."""

    row_h: int  # one row of the map: a chain and its end target
    tile_w: int  # a domino lying along its row (tile_h across)
    tile_h: int
    target: int  # the side of an end's tap target
    gap: int

    @property
    def step(self) -> int:
        return self.tile_w + max(2, self.gap // 2)

    @property
    def hub_w(self) -> int:
        """The room the hub takes in the middle of the map, between the two sides."""
        return self.tile_h * 2 + self.gap

    @property
    def least_span(self) -> int:
        """The shortest line worth a row: one tile and an end target."""
        return self.step + self.target

    @classmethod
    def for_area(cls, area: Box, target: int, gap: int) -> Metrics:
        row_h = target + 1  # targets in neighbouring rows may not overlap, nothing more
        rows = max(1, area.h // row_h)
        row_h = max(row_h, min(area.h // rows, row_h * 5 // 4))
        tile_h = max(8, min(row_h * 9 // 25, area.w // 24))
        return cls(row_h=row_h, tile_w=2 * tile_h, tile_h=tile_h, target=target, gap=gap)


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
    line: str  # the label shown with it ("" for the hub while it opens)
    kind: PlaceKind
    room: int


@dataclass(frozen=True)
class MapFold:
    """Tiles of a long chain left out of the picture, shown as "+n"."""

    hidden: int
    box: Box
    line: str


@dataclass(frozen=True)
class MapLink:
    """A connecting stroke: the hub to an arm's row, a foot to a toe's row."""

    start: tuple[int, int]
    end: tuple[int, int]


@dataclass
class TableMap:
    tiles: list[MapTile] = field(default_factory=list)
    ends: list[MapEnd] = field(default_factory=list)
    folds: list[MapFold] = field(default_factory=list)
    links: list[MapLink] = field(default_factory=list)
    labels: dict[Tile, str] = field(default_factory=dict)


#: A foot's toes in the order they are laid go up, down, then straight on (see table_map);
#: numbered from the top, they read 1, 2, 3 down the map.
TOE_NUMBER = (1, 3, 2)


def line_labels(table: Table) -> dict[Tile, str]:
    """The label of the line each tile on the table belongs to ("" for the hub): "B" for an
    arm, "B1" .. "B3" for the toes of arm B's first foot (top to bottom), "B4" .. for the next."""
    hub = table.hub_place
    labels: dict[Tile, str] = {hub.tile: ""}
    arm_of: dict[Tile, str] = {}
    feet: Counter[str] = Counter()  # feet started so far on each arm
    foot_number: dict[Tile, int] = {}
    for tile, place in table.placed.items():  # in play order: parents before children
        parent = place.parent
        if parent is None:
            continue
        if parent == hub.tile:
            arm = ARM_LETTERS[hub.children.index(tile) % len(ARM_LETTERS)]
            labels[tile] = arm
        elif table.placed[parent].kind is PlaceKind.FOOT:
            arm = arm_of[parent]
            if parent not in foot_number:
                foot_number[parent] = feet[arm]
                feet[arm] += 1
            toe = table.placed[parent].children.index(tile)
            labels[tile] = f"{arm}{3 * foot_number[parent] + TOE_NUMBER[toe]}"
        else:
            arm = arm_of[parent]
            labels[tile] = labels[parent]
        arm_of[tile] = arm
    return labels


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
