"""The picture's values: boxes, the sizes it is drawn at, and the pieces it is made of."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from engine import PlaceKind, Tile

Point = tuple[int, int]


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
    def center(self) -> Point:
        return (self.x + self.w // 2, self.y + self.h // 2)


#: DejaVu Sans Bold's advance widths in ems (the face the hub and the page draw numbers in):
#: the picture sizes its cells by them without a font at hand.
DIGIT_EM = 0.696
PLUS_EM = 0.838
#: A number's cell: two digits and a margin across, the digits' height and a margin down
#: (a three-character count, "+12", drawn narrower: its height is what reads from a chair).
CELL_W_EM = 1.45
CELL_H_EM = 1.05
#: Where every number is one digit (a double-9 set or under, counts up to "+9"), the cells
#: are square: the digit and its margin across, a count reaching into the gaps beside it.
CELL_W_EM_ONE_DIGIT = 1.05


def cell_w_em(digits: int) -> float:
    """A cell's width in ems for numbers of at most ``digits`` digits."""
    return CELL_W_EM_ONE_DIGIT if digits <= 1 else CELL_W_EM


def text_width(text: str, size: int) -> int:
    """How wide ``text`` (digits and "+") is in DejaVu Sans Bold at ``size`` px."""
    return math.ceil(sum(PLUS_EM if ch == "+" else DIGIT_EM for ch in text) * size)


@dataclass(frozen=True)
class Sizes:
    """The text sizes the picture is drawn at, in the drawing's own pixels: the numbers at
    ``number`` while the table fits, shrinking as it grows down to ``floor`` (then runs of
    tiles fold into counts); ``gap`` between two cells."""

    number: int
    floor: int
    gap: int = 4

    def steps(self) -> list[int]:
        """The number sizes tried, largest first (each a grid of its own: a table that
        one grid's shape cannot hold, another's may)."""
        span = self.number - self.floor
        return sorted({self.number - span * k // 4 for k in range(5)}, reverse=True)


@dataclass(frozen=True)
class MapTile:
    """A tile as drawn: its numbers in drawing order (left then right, or top then bottom)."""

    tile: Tile
    halves: tuple[int, int]
    box: Box
    vertical: bool
    double: bool = False  # a double (or the hub) drawn crosswise, large
    arm: int = -1  # an arm's first tile: the arm's number (from 0, in the order started)

    @property
    def key(self) -> str:
        return f"tile:{self.tile}"


@dataclass(frozen=True)
class MapEnd:
    """An open place: where the next tile on it goes, showing the number it needs."""

    on: Tile  # the tile the end is on (a double whose foot has room, the hub while it opens)
    needs: int
    box: Box
    kind: PlaceKind
    room: int

    @property
    def key(self) -> str:
        return f"end:{self.on}"


@dataclass(frozen=True)
class MapFold:
    """A run of a line's tiles folded into a count ("+5"), where the table outgrows the area."""

    first: Tile  # the run's first tile
    count: int
    box: Box

    @property
    def text(self) -> str:
        return f"+{self.count}"

    @property
    def key(self) -> str:
        return f"fold:{self.first}"


@dataclass(frozen=True)
class MapLabel:
    """An arm's letter ("C"), drawn beside the arm's first tile, where the choices' words
    ("arm C, after the 6-4") send a player."""

    text: str
    box: Box
    size: int  # px

    @property
    def key(self) -> str:
        return f"arm:{self.text}"


@dataclass(frozen=True)
class MapLink:
    """A stroke joining two pieces of one line (or a line to the double it leaves)."""

    start: Point
    end: Point
    between: tuple[Box, Box] | None = None  # the two pieces' boxes (drawn anew when scaled)


@dataclass
class Picture:
    """The table laid out in ``area``: every piece's box, the numbers' size, the strokes."""

    area: Box
    number_px: int
    cell: tuple[int, int] = (0, 0)
    tiles: list[MapTile] = field(default_factory=list)
    ends: list[MapEnd] = field(default_factory=list)
    folds: list[MapFold] = field(default_factory=list)
    links: list[MapLink] = field(default_factory=list)
    astray: int = 0  # pieces that found no room beside what they lie on (a table past full)
    scale: float = 1.0  # under 1: laid out larger and shrunk into a play map too small
    tried: int = 0  # cells the layout's searches tried for it

    def drawn_floor(self, floor: int) -> int:
        """The least size ``floor`` of letters and digits, as this picture draws it (scaled
        with a picture laid out larger and drawn smaller)."""
        return max(1, round(floor * self.scale))

    def count_reach(self, gap: int) -> int:
        """How far a run's count ("+12") may reach into the gaps (``gap`` between two cells,
        as laid out) beside its cell, as this picture draws it: the hub and the phones alike."""
        return round(2 * gap * self.scale)

    def end_of(self, key: str) -> MapEnd | None:
        """The end with ``key`` ("end:<tile>"), if it is drawn."""
        return next((end for end in self.ends if end.key == key), None)
