"""The play map's picture, faithful first: where the play map's own room cannot hold the table
with every piece beside what it lies on, the whole view's picture scaled down into it.

The layout's last resort (``Picture.astray``) stands a piece away from the end it was laid on,
the one fault a family cannot see through. The whole view (the table on the whole screen but
a top bar) holds every crowded table of map_bench's fixed sample; the play map then shows that
same picture smaller, its numbers under the floor, and says so in a note along its top (the
screen draws it in ``note_height``'s strip), the full size one tap away. The hub's screen,
``hubd layout`` and the benchmarks all take the play map's picture from here.

Pictures are kept for the last few tables (a frame is rebuilt on every tap; a hard table's
layout takes up to ~200 ms on a Pi), keyed by everything of the table the layout reads.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import replace

from engine import Table
from hubd.picture.layout import FOLDS, FRAME_BUDGET, kept, link_between, picture, smallest_grid
from hubd.picture.pips import least_text
from hubd.picture.plan import plan
from hubd.picture.shapes import Box, MapLink, Picture, Point, Sizes

#: The note's text is the least any text may be (3.5 mm), on a line 1.25 of it tall.
NOTE_LINE_EM = 1.25


def note_height(sizes: Sizes) -> int:
    """The strip a shrunk picture leaves free along the play map's top for its note."""
    return math.ceil(NOTE_LINE_EM * least_text(sizes.floor))


def over(table: Table, area: Box, sizes: Sizes) -> bool:
    """Whether ``table`` cannot fit ``area`` by count alone: its pieces with every line
    folded most outnumber the cells of the smallest grid the layout tries (the numbers at
    their floor, the cells closest together), so some piece would stand away."""
    laid = plan(table, FOLDS[-1], False)
    return laid.need > smallest_grid(table, laid, area, sizes).size - kept(table)


def play_picture(table: Table, area: Box, whole: Box, sizes: Sizes) -> Picture:
    """The play map's picture of ``table`` in ``area``: laid out there where every piece finds
    its place, else the whole view's (laid out in ``whole``) scaled down into ``area`` below
    the note's strip. A table over by count is not searched for in ``area`` at all."""
    if area == whole:
        return laid_out(table, area, sizes)
    budget = WHOLE_BUDGET
    if not over(table, area, sizes):
        drawn = laid_out(table, area, sizes)
        if not drawn.astray:
            return drawn
        budget = max(LEAST_BUDGET, budget - drawn.tried)  # the two searches, one frame's time
    note = note_height(sizes)
    room = Box(area.x, area.y + note, area.w, max(1, area.h - note))
    return shrunk(laid_out(table, whole, sizes, budget), room, area)


#: The cells the whole view's search may try for the play map, and the least it may after the
#: play map's own search failed: a frame's layout takes no longer than before (the whole view's
#: grid is larger, each cell dearer: with a whole frame's budget the CPU max rose 203 -> 259
#: ms on two crowded games, 181 with this, 59 frames of 656 with a fault in the whole view
#: against 54). The whole view has room, and mostly finds it at once.
WHOLE_BUDGET = FRAME_BUDGET * 3 // 5
LEAST_BUDGET = FRAME_BUDGET // 4


def laid_out(table: Table, area: Box, sizes: Sizes, budget: int = FRAME_BUDGET) -> Picture:
    """``picture(table, area, sizes, budget)``, kept for the last few tables (the first
    budget a table's picture was asked with holds; never change the picture)."""
    key = (TableKey(table), area, sizes)
    with _lock:
        found = _recent.get(key)
    if found is None:  # two threads may lay the same table out: the same picture
        found = picture(table, area, sizes, budget)
        with _lock:
            found = _recent.setdefault(key, found)
            while len(_recent) > RECENT:
                del _recent[next(iter(_recent))]
    return found


class TableKey:
    """A table keyed by all the layout reads of it: its places in the order they were
    played (the first layout lays the table as it grew) and its set's highest number."""

    __slots__ = ("hashed", "key")

    def __init__(self, table: Table) -> None:
        self.key = (
            len(table.open_by_end),
            tuple((t, p.kind, p.end, p.capacity, tuple(p.children), p.parent)
                  for t, p in table.placed.items()),
        )  # fmt: skip
        self.hashed = hash(self.key)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableKey) and other.key == self.key


#: Pictures kept: a few tables (the frame before an undo, the one after) in a few areas (the
#: play map's, the whole view's, the phones').
RECENT = 16
_recent: dict[tuple[TableKey, Box, Sizes], Picture] = {}
_lock = threading.Lock()  # the hub's loop and the phones' page both ask


def shrunk(view: Picture, room: Box, area: Box) -> Picture:
    """``view`` scaled down (never up) to fit ``room``, centred in it: its pieces' extent
    and half a cell round it (an arm's letter stands beside its first tile); the picture's
    area is ``area``, ``scale`` says by how much its numbers are smaller."""
    extent = _extent(view)
    scale = min(1.0, room.w / max(1, extent.w), room.h / max(1, extent.h))
    left = room.x + (room.w - extent.w * scale) / 2
    top = room.y + (room.h - extent.h * scale) / 2

    def point(p: Point) -> Point:
        return (round(left + (p[0] - extent.x) * scale), round(top + (p[1] - extent.y) * scale))

    def box(b: Box) -> Box:  # a pixel less across and down: two pieces 2 px apart, scaled
        x, y = point((b.x, b.y))  # and rounded, touched (and a stroke from one, the other)
        right, bottom = point((b.right, b.bottom))
        inset = 1 if scale < 1 else 0
        return Box(x, y, max(1, right - x - inset), max(1, bottom - y - inset))

    return Picture(
        area,
        max(1, round(view.number_px * scale)),
        (max(1, round(view.cell[0] * scale)), max(1, round(view.cell[1] * scale))),
        [replace(tile, box=box(tile.box)) for tile in view.tiles],
        [replace(end, box=box(end.box)) for end in view.ends],
        [replace(run, box=box(run.box)) for run in view.folds],
        [stroke for link in view.links if (stroke := _scaled(link, box, point)) is not None],
        view.astray,
        scale,
    )


def _scaled(
    link: MapLink, box: Callable[[Box], Box], point: Callable[[Point], Point]
) -> MapLink | None:
    """A stroke drawn anew between its two pieces scaled (still 2 px clear of each: scaled
    as it was, it touched them, and strokes meeting at a double touched each other)."""
    if link.between is None:
        return MapLink(point(link.start), point(link.end))
    return link_between(box(link.between[0]), box(link.between[1]))


def _extent(view: Picture) -> Box:
    """The box round every piece and stroke of ``view``, half a cell wider each way (inside
    its area)."""
    boxes = [t.box for t in view.tiles] + [e.box for e in view.ends] + [f.box for f in view.folds]
    xs = [b.x for b in boxes] + [p[0] for link in view.links for p in (link.start, link.end)]
    ys = [b.y for b in boxes] + [p[1] for link in view.links for p in (link.start, link.end)]
    rights = [b.right for b in boxes] + xs
    bottoms = [b.bottom for b in boxes] + ys
    if not boxes:
        return view.area
    mx, my = view.cell[0] // 2, view.cell[1] // 2
    area = view.area
    x0, y0 = max(area.x, min(xs) - mx), max(area.y, min(ys) - my)
    x1, y1 = min(area.right, max(rights) + mx), min(area.bottom, max(bottoms) + my)
    return Box(x0, y0, max(1, x1 - x0), max(1, y1 - y0))
