"""Where each arm's letter stands on the picture, so that "arm C, after the 6-4" can be found.

An arm is named by a letter in the order it was started (hubd/text/labels.py). The letter is
drawn beside the arm's first tile, on the side nearest the stroke that joins that tile to
the hub: in a free cell or gap where there is one, never touching an end's target (a tap
there must never be a tap on the letter's neighbour), never over another letter, inside the
area; over a tile only where no free room is left (the letter has a backing, so it still
reads). Pure geometry on a laid ``Picture``: the search that laid it is not touched.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from hubd.picture.shapes import Box, MapLabel, MapTile, Picture, Point
from hubd.text.labels import ARM_LETTERS

#: A letter's box in ems of DejaVu Sans Bold: its widest capital ("W", 1.10 em) across, its
#: line (1.19 em) down, so the screen's text fit never squeezes or cuts it.
LETTER_W_EM = 1.1
LETTER_H_EM = 1.2

#: The least room (px) a letter keeps from an end's target, and from a piece it stands by.
CLEAR = 2

#: What covering costs, per px² of overlap: a tile's pips (readable round the letter) or a
#: stroke's box; a far position costs its distance (px) from the stroke to the hub, and a
#: place nearer another arm's first tile than its own (it would read as that arm's) costs
#: as much as covering a third of a tile.
TILE_COST, LINK_COST, ASTRAY_COST = 50, 5, 50 * 400


def letter_box_size(size: int) -> tuple[int, int]:
    """The box (w, h) one arm letter takes at ``size`` px."""
    return math.ceil(LETTER_W_EM * size), math.ceil(LETTER_H_EM * size)


def arm_labels(drawn: Picture, size: int) -> list[MapLabel]:
    """Each drawn arm's letter at ``size`` px (the map's floor: 4.5 mm), placed beside its
    first tile (``MapTile.arm``); the hub is the picture's first tile."""
    firsts = sorted((tile for tile in drawn.tiles if tile.arm >= 0), key=lambda t: t.arm)
    if not firsts or not drawn.tiles:
        return []
    hub = drawn.tiles[0].box
    w, h = letter_box_size(size)
    targets = [_grow(end.box, CLEAR) for end in drawn.ends]
    pieces = [t.box for t in drawn.tiles] + [run.box for run in drawn.folds]
    strokes = [_stroke_box(link.start, link.end) for link in drawn.links]
    placed: list[MapLabel] = []
    for first in firsts:
        letter = ARM_LETTERS[first.arm % len(ARM_LETTERS)]
        others = [other.box for other in firsts if other is not first]
        near = _midpoint(hub.center, first.box.center)
        best: tuple[float, Box] | None = None
        for box in _candidates(first, hub, drawn.cell, w, h):
            if not _inside(box, drawn.area) or any(_overlap(box, t) for t in targets):
                continue
            if any(_overlap(box, _grow(other.box, CLEAR)) for other in placed):
                continue
            cost = (
                TILE_COST * sum(_overlap(box, _grow(piece, CLEAR)) for piece in pieces)
                + LINK_COST * sum(_overlap(box, stroke) for stroke in strokes)
                + math.dist(box.center, near)
                + ASTRAY_COST * any(_apart(box, o) < _apart(box, first.box) for o in others)
            )
            if best is None or cost < best[0]:
                best = (cost, box)
        if best is not None:
            placed.append(MapLabel(letter, best[1], size))
    return placed


def _candidates(first: MapTile, hub: Box, cell: tuple[int, int], w: int, h: int) -> Iterator[Box]:
    """Boxes a letter may take round the arm's first tile: on the stroke from the hub, along
    each side of the tile from corner to corner, and in the eight cells round it (then on
    the tile)."""
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
    yield _centred(tile.center, w, h)


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
