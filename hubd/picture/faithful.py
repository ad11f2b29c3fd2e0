"""The play map's picture, faithful first: where the play map's own room cannot hold the table
with every piece beside what it lies on, the table laid out for the map's own shape, larger,
and drawn smaller.

The layout's last resort (``Picture.astray``) stands a piece away from the end it was laid on,
the one fault a family cannot see through. Where the play map cannot hold the table (over by
count, or its search found no room), the table is laid out in a virtual area of the map's
proportions (its room below the sign's strip, ``note_height``) made ``k`` times larger, at the
least ``k`` tried at which every piece finds its place, and drawn ``1/k`` the size: the
picture fills the map's own shape (the whole view's tall picture fitted into a wide portrait
map drew at 0.3 of its size, its digits specks). The whole view keeps its own area
(``laid_out``), and is laid out larger and drawn smaller in it the same way (a tall area
also in a wider shape, ``shapes``). The hub's screen, ``hubd layout`` and the benchmarks all
take the play map's picture from here.

The search in the area itself starts from the last layout found there (``in_place``), which
the caller carries (hubd/picture/chain.py); the rest is a function of the table alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from engine import Table
from hubd.picture.fail_first import FailFirst
from hubd.picture.grid import Grid
from hubd.picture.hub_ways import hub_ways
from hubd.picture.last_layout import Laid
from hubd.picture.layout import (
    FOLDS,
    FRAME_BUDGET,
    STARTS,
    digits,
    draw,
    kept,
    lay,
    link_between,
    picture,
    smallest_grid,
)
from hubd.picture.pips import least_text
from hubd.picture.plan import Plan, plan
from hubd.picture.shapes import Box, MapLink, Picture, Point, Sizes

#: The note's text is the least any text may be (3.5 mm), on a line 1.25 of it tall.
NOTE_LINE_EM = 1.25


def note_height(sizes: Sizes) -> int:
    """The strip a shrunk picture leaves free along the play map's top for its note."""
    return math.ceil(NOTE_LINE_EM * least_text(sizes.floor))


def over(table: Table, area: Box, sizes: Sizes, snug: bool = True) -> bool:
    """Whether ``table`` cannot fit ``area`` by count alone: its pieces with every line
    folded most outnumber the cells of the smallest grid the layout tries (the numbers at
    their floor, the cells closest together and ``snug``), so some piece would stand away."""
    return _over(table, plan(table, FOLDS[-1], False), area, sizes, snug)


def _over(table: Table, laid: Plan, area: Box, sizes: Sizes, snug: bool) -> bool:
    """:func:`over` for ``laid``, the table's plan with every line folded most."""
    return laid.need > smallest_grid(table, laid, area, sizes, snug).size - kept(table)


#: The share of the virtual area's smallest grid the table's pieces (folded most) fill at each
#: ``k`` tried, the least ``k`` first: past about 70 % the search rarely finds room, under
#: about 40 % more room seldom helps (game 50 and 61 in portrait, a frame's budget each: 73,
#: 81, 81 and 85 of 95 over-by-count frames found room at 70, 60, 50 and 40 %); a last try at
#: 25 % for the frames where neither found room.
FILLS = (0.6, 0.4, 0.25)

#: The cells the searches in the enlarged areas may try together, and the least they may
#: after the play map's own search failed. The layout runs off the hub's loop
#: (hubd/loop/pictures.py), so a crowded frame may take longer than the loop's step: on
#: map_bench's fixed sample (``--pick 50,61,35,70,102,116,53,62,68,74,95,80``) two fifths of a
#: frame's cells and two tries gave doubles away 51 / 88 (800x480 / 720x1280), toes away
#: 57 / 189, lines broken 57 / 200, CPU max 195 / 214 ms; three fifths and three tries 36 / 48,
#: 39 / 89, 41 / 96, CPU max 310 / 292 ms.
SHRUNK_BUDGET = FRAME_BUDGET * 3 // 5
LEAST_BUDGET = FRAME_BUDGET // 5

#: The cells the play map's own search may try where only snug cells (``Grid.snug``) have
#: room by count, the larger areas' searches keeping all theirs, as where none has: a
#: frame's searches no longer than the longest before. With a frame's whole budget there,
#: the larger areas were left the least (an eight-player portrait frame drew at 0.40, was
#: 0.63); of the frames that found room so, 61 of 66 / 128 of 131 (800x480 / 720x1280,
#: map_bench's fixed sample) did within this.
SNUG_BUDGET = FRAME_BUDGET - SHRUNK_BUDGET + LEAST_BUDGET

#: The least the whole view's searches in larger areas may try after its own search failed:
#: a tap opens it, once, not every frame. With the play map's least, 2 of 7 crowded portrait
#: frames (game 50 of map_bench's fixed sample) still stood pieces away; with this one none.
WHOLE_LEAST = SHRUNK_BUDGET * 2 // 3


class InPlace(NamedTuple):
    """A table's search in the area itself: its picture (None: over by count, not searched
    for), the layout it found there (None: no room), and whether only snug cells
    (``Grid.snug``) had room by count."""

    drawn: Picture | None
    found: Laid | None
    snug_only: bool


def in_place(table: Table, area: Box, sizes: Sizes, last: Laid | None) -> InPlace:
    """``table`` laid out in ``area`` itself, first from ``last`` (the last layout found
    there, for the table as it was), unless it is over by count."""
    folded = plan(table, FOLDS[-1], False)  # counted against both grids, planned once
    if _over(table, folded, area, sizes, True):
        return InPlace(None, None, False)
    snug_only = _over(table, folded, area, sizes, False)  # room only in snug cells
    budget = SNUG_BUDGET if snug_only else FRAME_BUDGET
    drawn, found = lay(table, area, sizes, budget, last=last)
    return InPlace(drawn, found, snug_only)


def faithful(
    table: Table, area: Box, room: Box, sizes: Sizes, least: int, here: InPlace
) -> Picture:
    """``table`` laid out in ``area`` where every piece finds its place (``here``: its search
    there), else laid out larger in ``room``'s shape and drawn smaller in ``room``, the
    searches there trying at least ``least`` cells: never a piece away from what it lies on
    while any search finds room."""
    budget = SHRUNK_BUDGET
    if here.drawn is not None:
        if not here.drawn.astray:
            return here.drawn
        if not here.snug_only:
            budget = max(least, budget - here.drawn.tried)  # the searches, one frame's time
    return shrunk(enlarged(table, room, sizes, budget), room, area)


def enlarged(table: Table, room: Box, sizes: Sizes, budget: int) -> Picture:
    """``table`` laid out in ``room`` made larger (its shape kept, and where none of those
    finds room, a wider one: ``shapes``) by the least factor tried (``FILLS``) at which every
    piece finds its place, the searches in each shape trying at most ``budget`` cells
    together; where none does, once more with the hub's free ways between its most crowded
    arms (``APART_BUDGET``); where that finds none either, laying next the piece with the least
    room (``least_room_first``); where that finds none either, the one with the fewest pieces
    astray."""
    laid = plan(table, FOLDS[-1], False)
    found: list[Picture] = []
    middles: list[Box] = []  # each shape at the middle fill, where the last tries lay it
    for shape in shapes(room):
        left_over = budget
        for left, fill in zip(range(len(FILLS), 0, -1), FILLS, strict=True):
            larger = _filled(table, laid, shape, sizes, fill)
            if fill == FILLS[1]:
                middles.append(larger)
            # Not snug (``Grid.snug``): the larger areas' searches were tuned without it, and
            # with it stood pieces of a fourteen-foot table away in portrait (map_bench's game 50).
            drawn = picture(table, larger, sizes, max(1, left_over // left), False)
            if not drawn.astray:
                return drawn
            left_over -= drawn.tried
            found.append(drawn)
    if hub_ways(laid, apart=True) != hub_ways(laid):
        for larger in middles:
            drawn = picture(table, larger, sizes, APART_BUDGET // len(middles), False, True)
            if not drawn.astray:
                return drawn
            found.append(drawn)
    for larger in middles:
        fail_first = least_room_first(table, laid, larger, sizes)
        if fail_first is not None:
            return fail_first
    return min(found, key=lambda drawn: drawn.astray)


#: The cells the last try may spend where no larger area found room: the hub's free ways
#: between its most crowded arms (``Start.apart``), at the middle fill. An outside
#: seven-player game's hub (seven arms, three side by side each ending in a double two cells
#: out with doubles on its toes) found room from no start with its one free way between two
#: small arms, in no area tried (nor at 10 % of 30,000 cells); with it between two of the
#: feet, in 926-940 cells of 2,000 at both sizes. Tried last, not first: laid out so from the
#: start, the six-arm hubs of map_bench's games 23 and 35 stood pieces away where the usual
#: ways found room; tried last, every frame that found room before draws the same picture.
APART_BUDGET = SHRUNK_BUDGET // 3

#: The starts of the larger areas' last try (``least_room_first``): the hub in the middle row,
#: a row up and a row down, the arms' ways turned. A larger area leaves room round the table,
#: so the hub moved along its row lays the same table a few cells aside (the same search);
#: ``STARTS``' other starts only spend its cells again.
ROOMY_STARTS = tuple(start for start in STARTS if start.shift[1] == 0)


def least_room_first(table: Table, laid: Plan, larger: Box, sizes: Sizes) -> Picture | None:
    """``laid`` (``table`` folded most) in ``larger`` laid next the piece with the least room
    (``FailFirst``) from each of ``ROOMY_STARTS`` in turn, each trying a quarter more cells
    than it has pieces; None where none finds room. The usual searches lay the pieces in a
    fixed order: in a larger area a six-arm hub's table (map_bench's game 23 at 800x480,
    68-124 tiles) met a dead end there many pieces after the choice that made it, from every
    start their cells reached, and stood nine pieces away; laid so, it found room in 102-141
    cells (from the middle, from a row up, from a row down)."""
    grid = Grid(larger, sizes.floor, sizes.gap, digits(table, laid))
    tried = 0
    for start in ROOMY_STARTS:
        search = FailFirst(laid, grid, start, laid.need * 5 // 4)
        found = search.solve()
        tried += search.tried
        if found:
            return draw(search, tried)
    return None


def _filled(table: Table, laid: Plan, shape: Box, sizes: Sizes, fill: float) -> Box:
    """``shape`` made larger (``_grown``) by the least step at which ``laid``'s pieces fill
    at most ``fill`` of its smallest grid (not snug)."""
    need = laid.need + kept(table)
    cells = smallest_grid(table, laid, shape, sizes, False).size  # at k = 1: from the count
    step = max(0, math.ceil(math.log(need / fill / max(1, cells)) / math.log(GROWTH) / 2))
    while need > fill * smallest_grid(table, laid, _grown(shape, step), sizes, False).size:
        step += 1
    return _grown(shape, step)


#: The height (of the width) of the wider shape a room taller than wide is also tried in:
#: the play map's own in portrait (704x430). A table grows round its hub every way, and a
#: grid's cells are wider than tall: the whole view's tall portrait area (704x1016) laid out
#: larger in its own shape stood pieces away in 135 frames of map_bench's 60 games (four
#: games, 14-15 feet); this shape found room in 87 of them, most in a few hundred cells
#: tried (drawn at 0.43-0.54 of full size). 3/4 as tall as wide left 3 of game 23's frames
#: with none; trying both shapes, 23 frames left, but up to twice the whole view's CPU time.
WIDER = 0.6


def shapes(room: Box) -> list[Box]:
    """The shapes ``room`` is laid out larger in: its own, and where it is taller than wide,
    one ``WIDER`` as tall as wide (drawn smaller in it: fitted to its width)."""
    if room.h <= room.w:
        return [room]
    return [room, Box(room.x, room.y, room.w, round(room.w * WIDER))]


#: The factors a room is made larger by are this one's powers: frame after frame the same few
#: areas, so the same grids, whose tables are worked out once (``Grid.tables``); a factor of
#: its own a frame had its grids' tables built anew every frame (CPU max 192 -> 238 ms).
GROWTH = 1.08


def _grown(room: Box, step: int) -> Box:
    """``room`` made ``GROWTH ** step`` times larger from its corner."""
    k = GROWTH**step
    return Box(room.x, room.y, math.ceil(room.w * k), math.ceil(room.h * k))


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

    targets = {end.box for end in view.ends}

    def box(b: Box) -> Box:  # a pixel less across and down: two pieces 2 px apart, scaled
        x, y = point((b.x, b.y))  # and rounded, touched (and a stroke from one, the other)
        right, bottom = point((b.right, b.bottom))
        inset = 1 if scale < 1 else 0
        if inset and b in targets:  # a pixel off every side: a stroke aslant between the
            x, y, inset = x + 1, y + 1, 2  # two cells beside it grazed its corner
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
