"""Where each arm's letter stands on the picture, so that "arm C, after the 6-4" can be found.

An arm is named by a letter in the order it was started (hubd/text/labels.py). A family reads a
letter as belonging to the piece nearest it, so a letter stands where it reads as its arm's:
its nearest piece on the map (the hub aside, which is no arm's) is a piece of its own arm's
line (a tile, or the target of its open end), clearly nearer than any other line's piece
(another arm's, a toe's, a folded run, an end's target that starts a line of its own). A B that
stood above the hub 9 px from arm D's first tile and 117 px from its own sent the family to
the wrong arm (the family game by touch); a B across the hub from its arm, beside the hub's
open end, read as that end's. It stands beside the arm's first tile first, on the side nearest
the stroke that joins that tile to the hub; where no place there reads as its arm's, beside a
later piece of the same line, the hub's side first; where none does, the arm has no letter,
and the choices name it by its tile (hubd/screens/entry_choices.py). Always in a free place:
never over a tile or a folded run (a letter over a tile hid its pips), never touching an end's
target, never over another letter, inside the area. Pure geometry on a laid ``Picture``: the
search that laid it is not touched.
"""

from __future__ import annotations

import math
import operator
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import accumulate, chain

from engine import PlaceKind, Table, Tile
from hubd.picture.pips import least_text
from hubd.picture.shapes import Box, MapEnd, MapLabel, MapTile, Picture, Point
from hubd.text.labels import line_labels

#: A letter's box in ems of DejaVu Sans Bold: its widest capital ("W", 1.10 em) across, its
#: line (1.19 em) down, so the screen's text fit never squeezes or cuts it.
LETTER_W_EM = 1.1
LETTER_H_EM = 1.2

#: The least room (px) a letter keeps from an end's target, and from a piece it stands by.
CLEAR = 2

#: How much nearer (in ems of the letter) its own arm's nearest tile is than any other line's
#: piece: a letter between two pieces at almost the same distance reads as either's.
CLEARLY_NEARER_EM = 0.15

#: What a place costs: covering a stroke's box, per px² of overlap, and its distance (px) from
#: the middle of the stroke from the hub to the arm's first tile.
LINK_COST = 5

#: A piece of a line as drawn: the line's label (hubd/text/labels.py) and the piece's box.
LinePiece = tuple[str, Box]

#: What an end's target that starts a line is labelled with, before the tile it is on: no
#: arm's letter nor a toe's label ("3-3:2") begins so.
NEW_LINE = "+"


def letter_box_size(size: int) -> tuple[int, int]:
    """The box (w, h) one arm letter takes at ``size`` px."""
    return math.ceil(LETTER_W_EM * size), math.ceil(LETTER_H_EM * size)


def line_pieces(drawn: Picture, table: Table, lines: Mapping[Tile, str]) -> list[LinePiece]:
    """Every drawn tile and folded run but the hub's, with its line's label (``lines``: the
    table's, text.labels.line_labels), the tiles in play order (a line's from the hub
    outwards); then every end's target, with the line it goes on (``end_line``)."""
    order = {tile: n for n, tile in enumerate(table.placed)}
    tiles = sorted((t for t in drawn.tiles if lines.get(t.tile)), key=lambda t: order[t.tile])
    pieces = [(lines[t.tile], t.box) for t in tiles]
    pieces += [(lines[run.first], run.box) for run in drawn.folds if lines.get(run.first)]
    return pieces + [(end_line(end, lines), end.box) for end in drawn.ends]


def end_line(end: MapEnd, lines: Mapping[Tile, str]) -> str:
    """The line an end's target is read with: the line of the tile it goes on, or, where it
    starts a line (an arm on the hub, a toe on a foot), a line of its own, no arm's. A B
    standing across the hub from arm B, beside the hub's open end, read as that end's arm
    (the family game by touch, six arms in portrait)."""
    if end.kind is PlaceKind.CHAIN:
        return lines.get(end.on, "")
    return f"{NEW_LINE}{end.on}"


def nearest_is_own(box: Box, arm: str, pieces: Sequence[LinePiece], margin: float = 0) -> bool:
    """Whether the piece nearest ``box`` is one of arm ``arm``'s line, nearer by ``margin``
    than any other line's (0: no other line's strictly nearer)."""
    own = min((_apart(box, piece) for label, piece in pieces if label == arm), default=math.inf)
    return all(own + margin <= _apart(box, piece) for label, piece in pieces if label != arm)


def astray_letters(
    drawn: Picture, table: Table, letters: Sequence[MapLabel], lines: Mapping[Tile, str]
) -> tuple[int, int]:
    """How many ``letters`` stand nearer another line's piece than any of their own arm's,
    and how many drawn arms have no letter: what map_bench counts (``lines``: the table's
    line labels, as ``arm_labels`` was given them)."""
    pieces = line_pieces(drawn, table, lines)
    drawn_arms = {lines[t.tile] for t in drawn.tiles if t.arm >= 0}
    shown = {letter.text for letter in letters}
    nearer = sum(not nearest_is_own(letter.box, letter.text, pieces) for letter in letters)
    return nearer, len(drawn_arms - shown)


def arm_labels(
    drawn: Picture, table: Table, size: int, lines: Mapping[Tile, str] | None = None
) -> list[MapLabel]:
    """Each drawn arm's letter at ``size`` px (the map's floor: 4.5 mm; 3.5 mm where that
    leaves it no place), placed where it reads as its arm's (the module's docstring); the
    hub is the picture's first tile, the arms' first tiles carry ``MapTile.arm``. The arm
    with the fewest places left goes first (A, first in order, took the one gap beside D's
    first tile where it had others, and D went without). ``lines``: the table's line labels
    where the caller has them (text.labels.line_labels; else found here, once)."""
    firsts = sorted((tile for tile in drawn.tiles if tile.arm >= 0), key=lambda t: t.arm)
    if not firsts or not drawn.tiles:
        return []
    lines = line_labels(table) if lines is None else lines
    pieces = line_pieces(drawn, table, lines)
    # Nothing a letter may touch: ends' targets, tiles and runs (a little round each).
    taken = [_grow(end.box, CLEAR) for end in drawn.ends]
    taken += [_grow(tile.box, CLEAR) for tile in drawn.tiles]
    taken += [_grow(run.box, CLEAR) for run in drawn.folds]
    room = _Room(drawn, pieces, FreeRoom(drawn.area, taken), size)
    seekers = [_Seeker(room, first, lines[first.tile]) for first in firsts]
    placed = _place(seekers, [])
    for _retry in seekers:  # an arm left out goes first, while that leaves out fewer
        missing = [seeker for seeker in seekers if seeker.arm not in {p.text for p in placed}]
        again = _place(seekers, missing) if missing else placed
        if len(again) <= len(placed):
            break
        placed = again
    return sorted(placed, key=lambda letter: letter.text)


def _place(seekers: list[_Seeker], first: list[_Seeker]) -> list[MapLabel]:
    """The letters placed one by one: the ``first`` arms in their order, then the arm with
    the fewest places left, each at its cheapest place (``_Seeker.cost``)."""
    placed: list[MapLabel] = []
    waiting = list(seekers)
    while waiting:
        blocked = [_grow(letter.box, CLEAR) for letter in placed]
        found = [(seeker, seeker.best(blocked)) for seeker in waiting]
        ready = [(seeker, places) for seeker, places in found if places is not None]
        if not ready:
            break

        def order(pair: tuple[_Seeker, tuple[int, list[Box]]]) -> tuple[int, int]:
            seeker, (_px, boxes) = pair
            return (first.index(seeker) if seeker in first else len(first), len(boxes))

        seeker, (px, boxes) = min(ready, key=order)
        placed.append(MapLabel(seeker.arm, min(boxes, key=seeker.cost), px))
        waiting = [other for other, _places in ready if other is not seeker]
    return placed


class _Room:
    """What every arm's letter is placed among: the map's pieces, by line, and its free room."""

    def __init__(self, drawn: Picture, pieces: list[LinePiece], free: FreeRoom, size: int):
        self.drawn = drawn
        self.pieces = pieces
        self.free = free
        self.size = size
        self.hub = drawn.tiles[0].box
        self.strokes = [_stroke_box(link.start, link.end) for link in drawn.links]


class _Seeker:
    """One arm's places that read as its own, rank by rank (``_places``), each rank found
    once: the letters placed before only take some of them away."""

    def __init__(self, room: _Room, first: MapTile, arm: str) -> None:
        self.room = room
        self.arm = arm
        self.near = _midpoint(room.hub.center, first.box.center)
        line = [box for label, box in room.pieces if label == arm and box != first.box]
        self._ranks = _places(first, line, room.hub, room.drawn.cell, room.size)
        self._found: list[tuple[int, list[Box]]] = []

    def best(self, blocked: list[Box]) -> tuple[int, list[Box]] | None:
        """The first rank's places not over a letter ``blocked``, with their size."""
        n = 0
        while n < len(self._found) or self._more():
            px, boxes = self._found[n]
            if open_ := [box for box in boxes if not any(_overlap(box, b) for b in blocked)]:
                return px, open_
            n += 1
        return None

    def cost(self, box: Box) -> float:
        """Covering a stroke costs, and standing away from the middle of the arm's stroke."""
        strokes = self.room.strokes
        overlap = sum(_overlap(box, stroke) for stroke in strokes)
        return LINK_COST * overlap + math.dist(box.center, self.near)

    def _more(self) -> bool:
        """The next rank's free places that read as the arm's; False past the last rank."""
        rank = next(self._ranks, None)
        if rank is None:
            return False
        px, anchor, reach, places = rank
        w, h = letter_box_size(px)
        margin = CLEARLY_NEARER_EM * px
        # The pieces that could stand as near a place as its own arm's nearest tile.
        around = [piece for piece in self.room.pieces
                  if _apart(piece[1], anchor) <= 2 * reach + w + h + margin]  # fmt: skip
        free = self.room.free
        mine = [box for box in places
                if free.holds(box) and nearest_is_own(box, self.arm, around, margin)]  # fmt: skip
        self._found.append((px, mine))
        return True


def _places(
    first: MapTile, line: list[Box], hub: Box, cell: tuple[int, int], size: int
) -> Iterator[tuple[int, Box, int, Iterable[Box]]]:
    """The places a letter may take, by rank, each with the letter's size, the tile it is
    sought round and how far from it: the usual ones round the arm's first tile, then any
    within a cell of it, at 4.5 mm then 3.5 mm; the same beside each later piece of its line
    (a tile, a folded run, its open end's target),
    the hub's side first; then within two and three cells of the first (a crowded table)."""
    small = max(1, least_text(size))  # a letter is text: 3.5 mm where 4.5 leaves no place
    pitch = max(cell) + 2 * CLEAR
    for px in (size, small):
        w, h = letter_box_size(px)
        yield px, first.box, 2 * pitch, _candidates(first, hub, cell, w, h)
        yield px, first.box, pitch, _within(first.box, max(cell), w, h)
    for tile in line:
        for px in (size, small):
            w, h = letter_box_size(px)
            places = chain(_beside(tile, w, h), _within(tile, max(cell), w, h))
            yield px, tile, pitch, places
    for cells in (2, 3):
        for px in (size, small):
            w, h = letter_box_size(px)
            yield px, first.box, cells * pitch, _within(first.box, cells * max(cell), w, h)


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
    each side of the tile, and in the eight cells round it."""
    tile = first.box
    yield _centred(_midpoint(hub.center, tile.center), w, h)
    yield from _beside(tile, w, h)
    pitch_w, pitch_h = cell[0] + CLEAR * 2, cell[1] + CLEAR * 2
    for dx, dy in _around():
        yield _centred((tile.center[0] + dx * pitch_w, tile.center[1] + dy * pitch_h), w, h)


def _beside(tile: Box, w: int, h: int) -> Iterator[Box]:
    """Boxes a letter may take flush along each side of ``tile``, from corner to corner in
    quarter steps of the letter (a gap just wide enough for it is missed by a grid's steps)."""
    left, right = tile.x - CLEAR - w, tile.right + CLEAR
    top, bottom = tile.y - CLEAR - h, tile.bottom + CLEAR
    for y in range(tile.y - h, tile.bottom + 1, max(1, h // 4)):
        yield Box(left, y, w, h)
        yield Box(right, y, w, h)
    for x in range(tile.x - w, tile.right + 1, max(1, w // 4)):
        yield Box(x, top, w, h)
        yield Box(x, bottom, w, h)


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
