"""Where a number's pips stand in its half: the layouts of 2 to 9 on a 3 x 3 grid (see
:mod:`hubd.vision.pips`), and whether the pips read stand as the count read does."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from hubd.vision.cutout import TILE_W

Cell = tuple[int, int]  # (column, row) on the 3 x 3 grid

#: Every set draws 2 to 9 on a 3 x 3 grid filling its half, corner to corner (a 2 and a 3 on
#: a diagonal, a 6 two lines of three along a side, a 7 those and the middle, an 8 all but it).
_LAYOUTS: dict[int, frozenset[Cell]] = {
    2: frozenset({(0, 0), (2, 2)}),
    3: frozenset({(0, 0), (1, 1), (2, 2)}),
    4: frozenset({(0, 0), (2, 0), (0, 2), (2, 2)}),
    5: frozenset({(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)}),
    6: frozenset({(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)}),
    7: frozenset({(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)}),
    8: frozenset({(c, r) for c in range(3) for r in range(3)} - {(1, 1)}),
    9: frozenset({(c, r) for c in range(3) for r in range(3)}),
}
_SQUARE = 0.6  # the grid's pips span as much across as along, this share at the least (a cut
# askew or foreshortened stretches it a little; a row or column lost halves one of them)
_ONE_OFF = 0.2  # a 1's pip lies this share of the width from its half's middle at the most (its
# face's box found a little off; a pip by a side is further)
_ON_LINE = 0.35  # a pip's centre lies within this share of the grid's pitch of its line
_SHEAR, _SHEAR_STEPS = 0.3, 6  # a grid seen sheared leans this much at the most (across over
# along), undone in this many steps each way (a slanted 4's column leaned 0.22)


def stands_as(points: Sequence[tuple[float, float]], middle: tuple[float, float]) -> bool:
    """Whether pips at ``points`` (a half's, each counted one; ``middle``: the half's, in a
    cut-out ``TILE_W`` wide) stand as their count's layout does: a 1 at the middle; 2 to 9
    on a square grid, each pip on its lines, the cells its count's (a set may turn or mirror
    it). A 3 that is a column of three, two pips down a side, a 6 that is two rows of three
    squeezed together, a lone pip by a side are no layout of their count: the half's other
    pips lost (a column cut off by the cut's edge, a row taken for the bar), the count a part
    of the number. Counts of 0 and 10 or more are not judged here (True)."""
    if len(points) == 1:
        return math.dist(points[0], middle) <= _ONE_OFF * TILE_W
    if len(points) not in _LAYOUTS:
        return True
    return _on_grid(points) or _sheared_stands(points)


def _sheared_stands(points: Sequence[tuple[float, float]]) -> bool:
    """Whether pips at ``points`` stand as their count's layout does on a grid seen sheared:
    a face seen at a slant or in a keystone, cut upright, is a parallelogram, its rows level
    with its bar (a bar leaning is levelled first) and its columns leaning, a pip a third of
    the pitch off the line its box tells (a 4's pips at a slant). Undone by each lean up to
    :data:`_SHEAR`, either way: the rows' span along the half is kept (rows squeezed stay
    squeezed)."""
    leans = [step * _SHEAR / _SHEAR_STEPS for step in range(1, _SHEAR_STEPS + 1)]
    return any(
        _on_grid([(x - lean * y, y) for x, y in points]) for lean in leans + [-v for v in leans]
    )


def _on_grid(points: Sequence[tuple[float, float]]) -> bool:
    """Whether pips at ``points`` (2 to 9) stand on a square grid of their box, each on its
    lines, the cells their count's (see :func:`stands_as`)."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    across, along = max(xs) - min(xs), max(ys) - min(ys)
    if min(across, along) < _SQUARE * max(across, along) or not across:
        return False
    cells = set()
    for x, y in points:
        column, row = 2 * (x - min(xs)) / across, 2 * (y - min(ys)) / along
        if abs(column - round(column)) > _ON_LINE or abs(row - round(row)) > _ON_LINE:
            return False
        cells.add((round(column), round(row)))
    return frozenset(cells) in _turned(len(points))


@functools.cache
def _turned(count: int) -> frozenset[frozenset[Cell]]:
    """The layout of ``count`` turned and mirrored every way a square can be."""
    ways = set()
    for swap in (False, True):
        for flip_x in (False, True):
            for flip_y in (False, True):
                cells = set()
                for column, row in _LAYOUTS[count]:
                    c, r = (row, column) if swap else (column, row)
                    cells.add((2 - c if flip_x else c, 2 - r if flip_y else r))
                ways.add(frozenset(cells))
    return frozenset(ways)
