"""Where each arm's letter stands on the picture, so that "arm C, after the 6-4" can be found.

An arm is named by a letter in the order it was started (hubd/text/labels.py). The letter is
drawn beside the arm's first tile, on the side nearest the stroke that joins that tile to
the hub: in a free cell or gap, never over a tile or a folded run (a letter over a tile hid
its pips: the family game by touch), never touching an end's target (a tap there must never
be a tap on the letter's neighbour), never over another letter, inside the area. Where the
places round the tile are all taken, the nearest free place within a cell of it; only a
table with no free place at all there leaves the arm without its letter (its choices still
say the tile the arm ends with). Pure geometry on a laid ``Picture``: the search that laid it
is not touched.
"""

from __future__ import annotations

import math
import operator
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from itertools import accumulate

from hubd.picture.pips import least_text
from hubd.picture.shapes import Box, MapLabel, MapTile, Picture, Point
from hubd.text.labels import ARM_LETTERS

#: A letter's box in ems of DejaVu Sans Bold: its widest capital ("W", 1.10 em) across, its
#: line (1.19 em) down, so the screen's text fit never squeezes or cuts it.
LETTER_W_EM = 1.1
LETTER_H_EM = 1.2

#: The least room (px) a letter keeps from an end's target, and from a piece it stands by.
CLEAR = 2

#: What a place costs: covering a stroke's box, per px² of overlap, and its distance (px) from
#: the stroke to the hub. A place nearer another arm's first tile than its own (it would read
#: as that arm's) is taken only where no other place is free.
LINK_COST = 5


def letter_box_size(size: int) -> tuple[int, int]:
    """The box (w, h) one arm letter takes at ``size`` px."""
    return math.ceil(LETTER_W_EM * size), math.ceil(LETTER_H_EM * size)


def arm_labels(drawn: Picture, size: int) -> list[MapLabel]:
    """Each drawn arm's letter at ``size`` px (the map's floor: 4.5 mm; 3.5 mm where that
    leaves it no free place), placed beside its first tile (``MapTile.arm``); the hub is the
    picture's first tile."""
    firsts = sorted((tile for tile in drawn.tiles if tile.arm >= 0), key=lambda t: t.arm)
    if not firsts or not drawn.tiles:
        return []
    hub = drawn.tiles[0].box
    # Nothing a letter may touch: ends' targets, tiles and runs (a little round each).
    taken = [_grow(end.box, CLEAR) for end in drawn.ends]
    taken += [_grow(tile.box, CLEAR) for tile in drawn.tiles]
    taken += [_grow(run.box, CLEAR) for run in drawn.folds]
    strokes = [_stroke_box(link.start, link.end) for link in drawn.links]
    free = FreeRoom(drawn.area, taken)
    placed: list[MapLabel] = []
    for first in firsts:
        others = [other.box for other in firsts if other is not first]
        near = _midpoint(hub.center, first.box.center)
        blocked = [_grow(other.box, CLEAR) for other in placed]

        def cost(box: Box, near: Point = near) -> float:
            return LINK_COST * sum(_overlap(box, stroke) for stroke in strokes) + math.dist(
                box.center, near
            )

        def free_here(box: Box, blocked: list[Box] = blocked) -> bool:
            """Inside the area, over no piece and no letter placed before."""
            return free.holds(box) and not any(_overlap(box, b) for b in blocked)

        def own(box: Box, first: MapTile = first, others: list[Box] = others) -> bool:
            """Nearer its own arm's first tile than any other's."""
            return all(_apart(box, first.box) <= _apart(box, o) for o in others)

        # Each rank's free places, found once for both passes (the first pass stops at the
        # first rank with a place nearer its own arm's tile than any other's; only where no
        # rank has one, the second takes the first rank with any free place).
        ranks: list[tuple[int, list[Box]]] = []
        found: tuple[int, list[Box]] | None = None
        for px, places in _places(first, hub, drawn.cell, size):
            ranks.append((px, [box for box in places if free_here(box)]))
            if mine := [box for box in ranks[-1][1] if own(box)]:
                found = (px, mine)
                break
        else:
            found = next(((px, boxes) for px, boxes in ranks if boxes), None)
        if found is not None:
            letter = ARM_LETTERS[first.arm % len(ARM_LETTERS)]
            placed.append(MapLabel(letter, min(found[1], key=cost), found[0]))
    return placed


def _places(
    first: MapTile, hub: Box, cell: tuple[int, int], size: int
) -> Iterator[tuple[int, Iterable[Box]]]:
    """The places a letter may take, by rank, each with the letter's size: the usual ones
    round the arm's first tile, then any within a cell of it; the same at 3.5 mm; then
    within two cells (a crowded table)."""
    small = max(1, least_text(size))  # a letter is text: 3.5 mm where 4.5 leaves no place
    for px in (size, small):
        w, h = letter_box_size(px)
        yield px, _candidates(first, hub, cell, w, h)
        yield px, _within(first.box, max(cell), w, h)
    for cells in (2, 3):
        for px in (size, small):
            w, h = letter_box_size(px)
            yield px, _within(first.box, cells * max(cell), w, h)


def _within(tile: Box, reach: int, w: int, h: int) -> Iterator[Box]:
    """Every place for a letter no further than ``reach`` from ``tile``, in steps of a
    quarter of the letter (row by row, each row's places only where they reach)."""
    step_x, step_y = max(1, w // 4), max(1, h // 4)
    first_x = tile.x - w - reach
    for y in range(tile.y - h - reach, tile.bottom + reach + 1, step_y):
        dy = max(0, tile.y - (y + h), y - tile.bottom)
        if dy > reach:
            continue
        across = math.isqrt(reach * reach - dy * dy)  # the most a place may lie aside
        # Places whose gap across is at most ``across``: right side >= tile.x - across and
        # left side <= tile.right + across, on the row's steps from ``first_x``.
        lowest = tile.x - across - w
        skip = max(0, -(-(lowest - first_x) // step_x))
        for x in range(first_x + skip * step_x, tile.right + across + 1, step_x):
            yield Box(x, y, w, h)


def _candidates(first: MapTile, hub: Box, cell: tuple[int, int], w: int, h: int) -> Iterator[Box]:
    """Boxes a letter may take round the arm's first tile: on the stroke from the hub, along
    each side of the tile from corner to corner, and in the eight cells round it."""
    tile = first.box
    yield _centred(_midpoint(hub.center, tile.center), w, h)
    left, right = tile.x - CLEAR - w, tile.right + CLEAR
    top, bottom = tile.y - CLEAR - h, tile.bottom + CLEAR
    # Along each side, from corner to corner in quarter steps of the letter.
    along_x = range(tile.x - w, tile.right + 1, max(1, w // 4))
    along_y = range(tile.y - h, tile.bottom + 1, max(1, h // 4))
    for y in along_y:
        yield Box(left, y, w, h)
        yield Box(right, y, w, h)
    for x in along_x:
        yield Box(x, top, w, h)
        yield Box(x, bottom, w, h)
    pitch_w, pitch_h = cell[0] + CLEAR * 2, cell[1] + CLEAR * 2
    for dx, dy in _around():
        yield _centred((tile.center[0] + dx * pitch_w, tile.center[1] + dy * pitch_h), w, h)


def _around() -> Iterable[tuple[int, int]]:
    return ((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def _centred(point: Point, w: int, h: int) -> Box:
    return Box(point[0] - w // 2, point[1] - h // 2, w, h)


def _midpoint(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)


def _grow(box: Box, by: int) -> Box:
    return Box(box.x - by, box.y - by, box.w + 2 * by, box.h + 2 * by)


def _stroke_box(start: Point, end: Point) -> Box:
    x, y = min(start[0], end[0]), min(start[1], end[1])
    return Box(x, y, abs(end[0] - start[0]) + 1, abs(end[1] - start[1]) + 1)


def _inside(box: Box, area: Box) -> bool:
    inside_x = area.x <= box.x and box.right <= area.right
    return inside_x and area.y <= box.y and box.bottom <= area.bottom


def _apart(one: Box, other: Box) -> float:
    """How far apart two boxes' nearest sides are (0 when they meet or overlap)."""
    dx = max(0, max(one.x, other.x) - min(one.right, other.right))
    dy = max(0, max(one.y, other.y) - min(one.bottom, other.bottom))
    return math.hypot(dx, dy)


def _overlap(one: Box, other: Box) -> int:
    """The area (px²) two boxes share (0 when they only meet at an edge)."""
    w = min(one.right, other.right) - max(one.x, other.x)
    h = min(one.bottom, other.bottom) - max(one.y, other.y)
    return max(0, w) * max(0, h)


class FreeRoom:
    """Which places inside ``area`` cover none of the ``taken`` boxes: a summed-area table of
    the taken boxes on the grid their own edges cut the area into (each of its cells wholly
    taken or wholly free), so each place is asked in four look-ups after four bisections (a
    crowded table asks ~10^4 places a frame of ~300 pieces: checked against every piece, a
    frame took a second; a table of every pixel took 35 ms to build for the phones' 720x1040
    map, most of its picture's time)."""

    def __init__(self, area: Box, taken: list[Box]) -> None:
        self.area = area
        inside = [(max(b.x, area.x), min(b.right, area.right), max(b.y, area.y),
                   min(b.bottom, area.bottom)) for b in taken]  # fmt: skip
        inside = [(x0, x1, y0, y1) for x0, x1, y0, y1 in inside if x0 < x1 and y0 < y1]
        self._xs = sorted({area.x, area.right, *(x for b in inside for x in b[:2])})
        self._ys = sorted({area.y, area.bottom, *(y for b in inside for y in b[2:])})
        column = {x: n for n, x in enumerate(self._xs)}
        row = {y: n for n, y in enumerate(self._ys)}
        cells = [bytearray(len(self._xs) - 1) for _ in range(len(self._ys) - 1)]
        for x0, x1, y0, y1 in inside:
            first, last = column[x0], column[x1]
            ink = b"\x01" * (last - first)
            for y in range(row[y0], row[y1]):
                cells[y][first:last] = ink
        sums = [[0] * len(self._xs)]
        for cells_row in cells:  # each row's running sum added to the sums above it
            sums.append(list(map(operator.add, sums[-1], [0, *accumulate(cells_row)])))
        self._sums = sums

    def holds(self, box: Box) -> bool:
        """Inside the area and over none of the taken pixels."""
        area = self.area
        if box.x < area.x or box.y < area.y or box.right > area.right:
            return False
        if box.bottom > area.bottom:
            return False
        xs, ys = self._xs, self._ys
        # The cells the box meets: from the one holding its first pixel to its last's.
        x0, x1 = bisect_right(xs, box.x) - 1, bisect_left(xs, box.right)
        y0, y1 = bisect_right(ys, box.y) - 1, bisect_left(ys, box.bottom)
        s = self._sums
        return s[y1][x1] - s[y0][x1] - s[y1][x0] + s[y0][x0] == 0
