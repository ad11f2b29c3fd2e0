"""The grid's look-up tables (hubd/picture/grid.py), built from windows and slices for speed,
say what their definitions say, cell by cell: the cells within two rows and columns of each
(and, as sets, within every reach up to the widest), and the distance between every two
cells' centres."""

from __future__ import annotations

import math

import pytest

from hubd.picture.grid import WIDEST, Grid
from hubd.picture.shapes import Box


@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (5, 1), (4, 7), (9, 13)])
def test_the_tables_hold_every_pair_of_cells_by_definition(shape: tuple[int, int]) -> None:
    rows, cols = shape
    grid = Grid(Box(0, 0, cols * 51 - 4, rows * 38 - 4), 32, 4)
    assert (grid.rows, grid.cols) == shape
    tables = grid.tables
    pitch_w, pitch_h = grid.cw + grid.gap, grid.ch + grid.gap
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for at, (r, c) in enumerate(cells):
        apart = [max(abs(r2 - r), abs(c2 - c)) for r2, c2 in cells]
        assert tables.near[at] == [i for i, d in enumerate(apart) if 0 < d <= 2]
        for reach in range(WIDEST + 1):
            within = sum(1 << i for i, d in enumerate(apart) if 0 < d <= reach)
            assert tables.windows[reach][at] == within
        assert tables.dist[at] == [
            math.hypot((c - c2) * pitch_w, (r - r2) * pitch_h) for r2, c2 in cells
        ]
