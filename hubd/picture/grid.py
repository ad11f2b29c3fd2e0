"""The grid the picture is laid on: equal cells filling the map's area, one piece a cell.

Cells are numbered row by row (``row * cols + column``) so that the search can keep its
state in flat lists; what a cell is beside, and how far apart two cells' centres are, is
worked out once per grid.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

from hubd.picture.shapes import CELL_H_EM, Box, cell_w_em

#: The eight ways out of a cell, clockwise from the top right: (rows, columns).
AROUND: tuple[tuple[int, int], ...] = (
    (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0),
)  # fmt: skip

#: Where the hub's arms leave it (indexes into AROUND), by how many arms it takes.
ARM_WAYS: dict[int, tuple[int, ...]] = {
    1: (1,),
    2: (1, 5),
    3: (1, 4, 6),
    4: (1, 3, 5, 7),
    5: (0, 2, 3, 5, 7),
    6: (0, 1, 2, 4, 5, 6),
    7: (0, 1, 2, 3, 4, 5, 6),
    8: (0, 1, 2, 3, 4, 5, 6, 7),
}


#: A snug cell's height in ems: the digits' ink (0.73-0.76 em) and about a tenth of an em
#: above and below it. The grid of last resort (the numbers at their floor, the cells
#: closest together) is snug: the play map's small areas left most of a row unused at the
#: usual 1.05 em (420x204 at 800x480: 26 of 36 px; 704x312 at 720x1280: 35 of 56) in the
#: frames that fill them, where a row more is a fifth more cells. A number's line box
#: reaches past its target as it does at 1.05 em (hubd/screens/map/view.py).
SNUG_H_EM = 0.97


@dataclass(frozen=True)
class Grid:
    """``rows`` x ``cols`` cells of ``cw`` x ``ch`` px, ``gap`` apart, centred in ``area``,
    each wide enough for a number of ``digits`` digits; ``snug``: as little taller than the
    numbers as they may be (``SNUG_H_EM``), where that makes room for one more row."""

    area: Box
    number: int  # the numbers' size the cells are made for
    gap: int
    digits: int = 2
    snug: bool = False
    rows: int = field(init=False)
    cols: int = field(init=False)
    cw: int = field(init=False)
    ch: int = field(init=False)
    ox: int = field(init=False)
    oy: int = field(init=False)

    def __post_init__(self) -> None:
        area, gap = self.area, self.gap
        base_w = math.ceil(cell_w_em(self.digits) * self.number)
        base_h = math.ceil((SNUG_H_EM if self.snug else CELL_H_EM) * self.number)
        cols = max(1, (area.w + gap) // (base_w + gap))
        rows = max(1, (area.h + gap) // (base_h + gap))
        # The room left over widens the cells a little (the pieces grow with them).
        cw = min(base_w * 5 // 4, (area.w + gap) // cols - gap)
        ch = min(base_h * 5 // 4, (area.h + gap) // rows - gap)
        set_ = object.__setattr__
        set_(self, "rows", rows)
        set_(self, "cols", cols)
        set_(self, "cw", cw)
        set_(self, "ch", ch)
        set_(self, "ox", area.x + (area.w - cols * (cw + gap) + gap) // 2)
        set_(self, "oy", area.y + (area.h - rows * (ch + gap) + gap) // 2)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def cell(self, row: int, col: int) -> int:
        return row * self.cols + col

    def row_col(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.cols)

    def box(self, cell: int) -> Box:
        row, col = divmod(cell, self.cols)
        g = self.gap
        return Box(self.ox + col * (self.cw + g), self.oy + row * (self.ch + g), self.cw, self.ch)

    def step(self, cell: int, way: int) -> int:
        """The cell ``way`` from ``cell``, or -1 off the grid."""
        row, col = divmod(cell, self.cols)
        r, c = row + AROUND[way][0], col + AROUND[way][1]
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else -1

    @property
    def tables(self) -> Tables:
        return _tables(self.rows, self.cols, self.cw + self.gap, self.ch + self.gap)


@dataclass(frozen=True)
class Tables:
    """What the search asks of a grid again and again, worked out once."""

    beside: list[list[tuple[int, int]]]  # each cell's neighbours: (cell, way)
    adjacent: list[list[int]]  # each cell's neighbours
    ring: list[list[int]]  # the eight cells round each, clockwise from AROUND[0] (-1: off)
    near: list[list[int]]  # the cells within two of each
    windows: list[list[int]]  # by reach: the cells within it of each but itself, as a set
    dist: list[list[float]]  # centre to centre, px
    block: list[list[int]]  # for two diagonal neighbours: the 2x2 block they share (else -1)
    around: list[int]  # each cell's neighbours as a set of cells (bit ``cell`` of an int)
    cols: int
    not_first: int  # the cells not in the first column, as a set of cells
    not_last: int  # the cells not in the last column

    def region(self, seed: int, free: int) -> int:
        """The cells of ``free`` (a set of cells) reached from ``seed`` (one of them) through
        free neighbours: grown a ring at a time, every cell at once."""
        region, cols, not_first, not_last = seed, self.cols, self.not_first, self.not_last
        while True:
            across = region | ((region << 1) & not_first) | ((region >> 1) & not_last)
            grown = (across | (across << cols) | (across >> cols)) & free
            if grown == region:
                return region
            region = grown


@functools.lru_cache(maxsize=32)
def _tables(rows: int, cols: int, pitch_w: int, pitch_h: int) -> Tables:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    beside: list[list[tuple[int, int]]] = []
    block = [[-1] * len(cells) for _ in cells]
    for r, c in cells:
        found = []
        for way, (dr, dc) in enumerate(AROUND):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                other = (r + dr) * cols + c + dc
                found.append((other, way))
                if dr and dc:
                    block[r * cols + c][other] = min(r, r + dr) * cols + min(c, c + dc)
        beside.append(found)
    near = [_window(r, c, 2, rows, cols) for r, c in cells]
    windows = [[_window_set(r, c, reach, rows, cols) for r, c in cells]
               for reach in range(WIDEST + 1)]  # fmt: skip
    # Centre to centre by the rows and columns apart: each cell's row of distances pieced
    # together from slices (every pair by itself took most of a large grid's search).
    apart = [[math.hypot(dc * pitch_w, dr * pitch_h) for dc in range(cols)] for dr in range(rows)]
    dist = []
    for r, c in cells:
        row: list[float] = []
        for r2 in range(rows):
            along = apart[abs(r - r2)]
            row += along[c:0:-1] + along[: cols - c]
        dist.append(row)
    adjacent = [[other for other, _way in found] for found in beside]
    ring = [[(r + dr) * cols + c + dc if 0 <= r + dr < rows and 0 <= c + dc < cols else -1
             for dr, dc in AROUND] for r, c in cells]  # fmt: skip
    around = [sum(1 << other for other in found) for found in adjacent]
    not_first = sum(1 << (r * cols + c) for r, c in cells if c > 0)
    not_last = sum(1 << (r * cols + c) for r, c in cells if c < cols - 1)
    return Tables(beside, adjacent, ring, near, windows, dist, block, around, cols,
                  not_first, not_last)  # fmt: skip


#: The widest ``Tables.windows`` reach.
WIDEST = 6


def _window_set(r: int, c: int, reach: int, rows: int, cols: int) -> int:
    """The cells within ``reach`` rows and columns of (r, c) but itself, as a set of cells."""
    c0, c1 = max(0, c - reach), min(cols, c + reach + 1)
    span = (1 << (c1 - c0)) - 1
    found = 0
    for r2 in range(max(0, r - reach), min(rows, r + reach + 1)):
        found |= span << (r2 * cols + c0)
    return found & ~(1 << (r * cols + c))


def _window(r: int, c: int, reach: int, rows: int, cols: int) -> list[int]:
    """The cells within ``reach`` rows and columns of (r, c) but itself, row by row."""
    c0, c1 = max(0, c - reach), min(cols, c + reach + 1)
    return [r2 * cols + c2 for r2 in range(max(0, r - reach), min(rows, r + reach + 1))
            for c2 in range(c0, c1) if (r2, c2) != (r, c)]  # fmt: skip
