"""Laying the table out: the hub in the middle, each line a chain of cells from it.

The area is a grid of equal cells (hubd/picture/grid.py), each holding one piece: the hub, a
tile, a double, a run of tiles folded into a count, or an open end's target. The hub's arms
take the cells round it in the order they were started, clockwise from the top right; each
line goes on from its last piece, straight on while it can, bending where it must; a double
takes a cell after the tile it was laid on, crosswise, and its toes the cells beside it that
no other double or the hub is nearer to; an open end's target waits in the cell its next
tile will take. Pieces that touch in the grid are joined by a stroke, and two strokes never
cross. The cells are found by a search that undoes its choices where they leave no room
(hubd/picture/search.py), never a piece standing away because an earlier one took its
room.

A table is first laid out from the last layout found in the same area, where the caller has
one whose table is this one as it was a play or more ago (``Laid``; hubd/picture/chain.py), each
piece trying its cell there first and the pieces far from the change kept in theirs: a
crowded frame is the one before it and its new tile where a search afresh finds no room
(and where neither finds room in a frame's cells, the last layout is tried once more with
more cells, then laying next the piece with the least room, ``FailFirst``, before the frame
is drawn smaller).
Else the table is laid as it grew (so that the next frame is this one and one tile more),
at the numbers' full size, then smaller, then (where every number is one digit: a double-9
set) in square cells, then with runs folded into counts ("+5"), keeping each line's first
tile and the tile each double was laid on. A table that still finds no
room is laid folded most, each piece's neighbours-to-be first and each line leaning towards
the room its subtree needs, from other starts (the hub moved, the arms turned), then with
the cells closer together and snug (``Grid.snug``), and last (after the last layout's last
tries) on those cells from every start the ways those searches never take
(hubd/picture/other_ways.py). Only a table with no room even then (map_bench counts the
frames whose pieces outnumber the cells) lays a piece away from what it lies on
(``Picture.astray``), with no stroke.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine import Table
from hubd.picture.fail_first import FailFirst
from hubd.picture.grid import AROUND, Grid
from hubd.picture.last_layout import LAST_BUDGET, Laid, Try, found_laid, from_last, hints_from
from hubd.picture.other_ways import other_ways
from hubd.picture.plan import Plan, plan
from hubd.picture.search import Search, Start
from hubd.picture.shapes import Box, MapEnd, MapFold, MapLink, MapTile, Picture, Sizes

#: The most cells a line's tiles take, tried in turn once the numbers are at their floor.
FOLDS = (6, 4, 3, 2)

#: The starts tried for a table no layout from the middle fits: the hub moved (rows,
#: columns; the sides of a wide map first), the arms' ways turned (eighths, clockwise),
#: lines looking two or three cells round for room in turn.
STARTS: tuple[Start, ...] = tuple(
    Start(turn, shift, 2 + index % 2)
    for index, (shift, turn) in enumerate(
        (shift, turn)
        for shift in (
            (0, 0),
            (0, 2),
            (0, -2),
            (0, 1),
            (0, -1),
            (-1, 0),
            (1, 0),
            (1, 2),
            (-1, -2),
            (1, -2),
            (-1, 2),
        )
        for turn in (0, 2, 1, 3)
    )
)

#: The first start: from the middle, the table laid as it was played (a frame's picture is
#: the last one's and one tile more while it fits), each line looking two cells round.
AS_PLAYED = Start(0, (0, 0), 0)

#: Cells a search tries from one start before it gives up, and all of a frame's searches
#: together: a frame never keeps the hub's loop waiting (a Pi is slower than a desktop).
BUDGET, FRAME_BUDGET = 200, 10000

#: The share of a frame's budget each turn of ``_tries`` may spend.
SHARES = (0.2, 0.4, 0.4)

#: The most of a grid's cells a table is tried in: past it the rule that a toe stands
#: nearer its own double than any other leaves too few cells (measured: under one try in
#: twenty finds room), and the time is better spent on the next size. Folded most, a table
#: is searched afresh only on a grid it leaves a cell free in (from its last layout, on any):
#: where its pieces would take every cell no search afresh found room (0 of 61 such frames
#: on map_bench's fixed sample, each spending a frame's whole budget).
MOST_FILLED = 0.8


def picture(
    table: Table,
    area: Box,
    sizes: Sizes,
    frame_budget: int = FRAME_BUDGET,
    snug: bool = True,
    apart: bool = False,
) -> Picture:
    """``table`` laid out afresh in ``area`` (``lay``, with no last layout)."""
    return lay(table, area, sizes, frame_budget, snug, apart=apart)[0]


def lay(
    table: Table,
    area: Box,
    sizes: Sizes,
    frame_budget: int = FRAME_BUDGET,
    snug: bool = True,
    last: Laid | None = None,
    apart: bool = False,
) -> tuple[Picture, Laid | None]:
    """``table`` laid out in ``area``: first as ``last`` (a layout found in this area for
    ``table`` as it was, ``Laid``), then at the largest numbers it fits at, then folded,
    trying at most ``frame_budget`` cells in all (``Picture.tried`` says how many it did);
    the cells closest together are ``snug`` (``Grid.snug``) unless told otherwise. With the
    picture, the layout found (None where every piece found no room), for the next frame."""
    plans: dict[tuple[int | None, bool, bool], Plan] = {}

    def laid_on(attempt: Try) -> tuple[Plan, Grid]:
        number, gap, most, keep, start, narrow = attempt
        as_played = start.reach == 0
        if (most, keep, as_played) not in plans:
            plans[most, keep, as_played] = plan(table, most, keep, as_played)
        laid = plans[most, keep, as_played]
        closer = snug and gap < sizes.gap  # the cells as close as they may be
        return laid, Grid(area, number, gap, digits(table, laid) if narrow else 2, snug=closer)

    spent, most_spent = 0, 0
    rescue: tuple[Plan, Grid, list[int]] | None = None
    # Only in an area's own grid (the larger areas a table past all room is laid out in change
    # from frame to frame, and a layout of the last one there seldom helped: it cost time).
    # Also where the pieces take every cell, which no search afresh is tried on: the frame
    # before and its new tile filled a five-player double-12 table's grid (48 of 48 cells at
    # 800x480) in 53 cells tried, where it was drawn at 0.63 of the floor.
    if last is not None and snug and last.before(table):
        laid, grid = laid_on(last.attempt)
        if (grid.rows, grid.cols) == last.shape and laid.need <= grid.size - kept(table):
            budget = min(LAST_BUDGET, frame_budget)
            hints = hints_from(laid, last)
            search, spent = from_last(laid, grid, last.attempt[4], hints, budget)
            if search is not None:
                return draw(search, spent), found_laid(table, last.attempt, search)
            rescue = laid, grid, hints
    tried: set[tuple[object, ...]] = set()
    for tries, share in zip(_tries(sizes, apart), SHARES, strict=True):
        most_spent += int(frame_budget * share)  # a turn may spend what the last left
        for attempt in tries:
            laid, grid = laid_on(attempt)
            most, keep, start = attempt[2], attempt[3], attempt[4]
            room = grid.size - kept(table)
            if laid.need >= room if most == FOLDS[-1] else laid.need > room * MOST_FILLED:
                continue  # plainly too many pieces for this grid: no time spent trying
            # The same pieces on a grid of the same shape from the same start: the same
            # search (a line too short to fold, cells no closer at the floor).
            same = (grid.rows, grid.cols, laid.need, _folds(laid), keep, start)
            if same in tried:
                continue
            tried.add(same)
            budget = min(BUDGET if most == FOLDS[-1] else BUDGET // 3, most_spent - spent)
            if laid.need - 1 > budget:
                continue  # a piece a cell tried at the least: this search cannot finish
            search = Search(laid, grid, start, budget)
            if search.solve():
                return draw(search, spent + search.tried), found_laid(table, attempt, search)
            spent += search.tried
            if spent >= most_spent:
                break
    if rescue is not None and last is not None:
        found = _rescued(*rescue, last.attempt)
        if found is not None:
            search, attempt = found
            return draw(search, spent + search.tried), found_laid(table, attempt, search)
    if snug:  # the area itself (not a larger one the table is laid out in and drawn smaller)
        found = _other_ways(table, laid_on, sizes)
        if found is not None:
            search, attempt = found
            return draw(search, spent + search.tried), found_laid(table, attempt, search)
    # Past all room even folded: a piece may stand away from what it lies on (``astray``).
    laid = plans.get((FOLDS[-1], False, False)) or plan(table, FOLDS[-1], False)
    search = Search(laid, smallest_grid(table, laid, area, sizes, snug), STARTS[0], 0)
    search.lay_anyhow()
    return draw(search, spent), None


#: The cells a frame's last try may spend where its last layout and every search afresh
#: found no room (``_rescued``): from the last layout again, with more cells, then laying
#: next the piece with the least room (``FailFirst``), and with a double's toes taken the
#: other way round (``Start.toes_out``). Tried only after all else, so a frame that found
#: room before finds the same: a last layout found where a search afresh would have found
#: one leaves the later frames other room, and the frames missed moved from one run to
#: another (map_bench's fixed sample: 24 frames fewer at 720x1280, 66 more at 800x480, from
#: the last layout given 1,500 cells first). The fail-first search has fewer cells: a
#: crowded frame no try finds room for, the hub's longest, was 70-100 ms longer with 1,500
#: (CPU max up a fifth), and of the fixed sample's frames it found room for, all but two did
#: within 700 cells.
RESCUE_LAST, RESCUE_FAIL_FIRST, RESCUE_TURNED = 1500, 800, 600


def _rescued(laid: Plan, grid: Grid, hints: list[int], attempt: Try) -> tuple[Search, Try] | None:
    """The search that found room for ``laid`` from the last layout's cells (``hints``) once
    every other try has failed, and the attempt it found it by. The first layout-found-last
    search gives up at ``LAST_BUDGET``; given 5,000, a crowded corner's change found room in
    546 and 887 (game 61's 190th frame and game 116's 176th in portrait). Laying next the
    piece with the least room: at 90-98 % of the cells the plan's fixed order meets a dead
    end many pieces after the choice that made it. The toes the other way round: the closer
    cells' searches afresh take them outwards only."""
    start = attempt[4]
    search, _tried = from_last(laid, grid, start, hints, RESCUE_LAST)
    if search is not None:
        return search, attempt
    search = FailFirst(laid, grid, start, RESCUE_FAIL_FIRST, hints)
    if search.solve():
        return search, attempt
    if laid.stacked and start.reach:
        turned = replace(start, toes_out=not start.toes_out)
        search = Search(laid, grid, turned, RESCUE_TURNED, hints)
        if search.solve():
            number, gap, most, keep, _start, narrow = attempt
            return search, (number, gap, most, keep, turned, narrow)
    return None


def _other_ways(
    table: Table, laid_on: Callable[[Try], tuple[Plan, Grid]], sizes: Sizes
) -> tuple[Search, Try] | None:
    """The search that found room for ``table`` folded most on the grid of last resort the
    ways its searches afresh never take there (hubd/picture/other_ways.py), and the attempt
    it found it by; tried last, so every frame that found room before draws the same. Not
    on a grid the pieces would fill: there no search afresh found room (``MOST_FILLED``)."""
    tight: Try = (sizes.floor, closest(sizes.gap), FOLDS[-1], False, STARTS[0], True)
    laid, grid = laid_on(tight)
    if laid.need >= grid.size - kept(table):
        return None
    found = other_ways(laid, grid, STARTS)
    if found is None:
        return None
    search, start = found
    number, gap, most, keep, _start, narrow = tight
    return search, (number, gap, most, keep, start, narrow)


def _tries(sizes: Sizes, apart: bool = False) -> tuple[list[Try], list[Try], list[Try]]:
    """The layouts tried, each (numbers, gap, fold, keep cells for toes to come, where to
    start, narrow cells where the numbers allow), in three turns: the numbers shrinking, then
    at the floor the cells narrowed and lines folding, from the middle; folded most, from
    other starts; the same with the cells closer together. Narrow cells come in only where
    cells as wide as two digits leave no room (the tiles drawn in them are smaller too).
    ``apart``: every start with the hub's free ways between its crowded arms
    (``Start.apart``)."""
    gap, floor = sizes.gap, sizes.floor
    played = replace(AS_PLAYED, apart=apart)
    first: list[Try] = [(sizes.number, gap, None, True, played, False)]
    first += [(number, gap, None, False, played, False) for number in sizes.steps()]
    first += [(floor, gap, None, False, played, True)]
    first += [(floor, gap, most, False, played, narrow)
              for most in FOLDS for narrow in (False, True)]  # fmt: skip
    others: list[Try] = [(floor, gap, FOLDS[-1], False, replace(start, apart=apart), True)
                         for start in STARTS[:28]]  # fmt: skip
    # Closer, a double's toes turn outwards (``Start.toes_out``): the two ways fail on
    # different tables, and each turn of an enlarged area's search reaches both.
    closer: list[Try] = [(floor, closest(gap), FOLDS[-1], False,
                          replace(start, toes_out=True, apart=apart), True)
                         for start in STARTS]  # fmt: skip
    return first, others, closer


def closest(gap: int) -> int:
    """The gap between cells where the table has no room at the usual one: half, and never
    under 2 px (targets never touch)."""
    return max(2, gap // 2)


def _folds(laid: Plan) -> tuple[int, ...]:
    """The counts ``laid`` folds its runs into, in order."""
    return tuple(piece.count for piece in laid.pieces if piece.kind == "fold")


def digits(table: Table, laid: Plan) -> int:
    """The most digits of a number ``laid`` shows: an end's (the set's highest number) or a
    count's (a run folded into "+12" needs room for two)."""
    highest = len(table.open_by_end) - 1
    return len(str(max([highest, *_folds(laid)])))


def smallest_grid(table: Table, laid: Plan, area: Box, sizes: Sizes, snug: bool = True) -> Grid:
    """The grid with the most cells the layout tries for ``laid`` (numbers at their floor,
    the cells closest together and ``snug``): a table whose pieces outnumber its cells
    cannot fit."""
    return Grid(area, sizes.floor, closest(sizes.gap), digits(table, laid), snug)


def kept(table: Table) -> int:
    """The cells round the hub kept for arms not yet started."""
    hub = table.hub_place
    return max(0, min(8, hub.capacity) - len(hub.children) - (hub.room > 0))


# -- drawing ---------------------------------------------------------------------------------


def draw(search: Search, tried: int = 0) -> Picture:
    """The picture of a search's cells: every piece's box and the strokes joining them."""
    grid, pieces = search.grid, search.plan.pieces
    number = grid.number
    out = Picture(grid.area, number, (grid.cw, grid.ch), astray=search.astray, tried=tried)
    boxes: list[Box] = []
    for index, piece in enumerate(pieces):
        cell, way = search.cells[index], search.ways[index]
        box = grid.box(cell)
        place = piece.place
        if piece.kind == "hub":
            out.tiles.append(MapTile(place.tile, (place.end, place.end), box, False, True))
        elif piece.kind == "end":
            out.ends.append(MapEnd(place.tile, place.end, box, place.kind, place.room))
        elif piece.kind == "fold":
            out.folds.append(MapFold(place.tile, piece.count, box))
        elif piece.kind == "double":
            box = _double_box(box, way)
            across = AROUND[way][0] == 0 or AROUND[way][1] != 0
            out.tiles.append(MapTile(place.tile, (place.end, place.end), box, across, True))
        elif piece.kind == "tile":
            box, vertical, halves = _tile_box(box, way, place.tile.other(place.end), place.end)
            out.tiles.append(MapTile(place.tile, halves, box, vertical, arm=piece.arm))
        boxes.append(box)
        if piece.parent >= 0 and search.linked[index] and piece.kind != "keep":
            stroke = link_between(boxes[piece.parent], box)
            if stroke is not None:
                out.links.append(stroke)
    return out


def _tile_box(cell: Box, way: int, touching: int, far: int) -> tuple[Box, bool, tuple[int, int]]:
    """A tile along its line, its touching half towards the piece before it."""
    dr, dc = AROUND[way]
    vertical = dc == 0
    if vertical:
        w, h = min(cell.w, max(8, cell.h // 2)), cell.h
        halves = (touching, far) if dr > 0 else (far, touching)
    else:
        w, h = cell.w, min(cell.h, max(8, cell.w // 2))
        halves = (touching, far) if dc > 0 else (far, touching)
    box = Box(cell.x + (cell.w - w) // 2, cell.y + (cell.h - h) // 2, w, h)
    return box, vertical, halves


def _double_box(cell: Box, way: int) -> Box:
    """A double lies crosswise on the line it ends, as large as its cell allows."""
    dr, dc = AROUND[way]
    if dr == 0 or dc != 0:  # reached sideways (or aslant): stands upright
        w, h = min(cell.w, max(8, cell.h * 3 // 5)), cell.h
    else:
        w, h = cell.w, min(cell.h, max(8, cell.w * 3 // 5))
    return Box(cell.x + (cell.w - w) // 2, cell.y + (cell.h - h) // 2, w, h)


def link_between(a: Box, b: Box) -> MapLink | None:
    """A stroke between two boxes along the line of their centres, 2 px clear of each (none
    where they are closer than that)."""
    (ax, ay), (bx, by) = a.center, b.center
    dx, dy = bx - ax, by - ay
    if not dx and not dy:
        return None
    t0 = _leave(a, dx, dy, 2)
    t1 = 1 - _leave(b, -dx, -dy, 2)
    if t1 <= t0:
        return None
    start = (round(ax + dx * t0), round(ay + dy * t0))
    end = (round(ax + dx * t1), round(ay + dy * t1))
    return MapLink(start, end, (a, b))


def _leave(box: Box, dx: int, dy: int, margin: int) -> float:
    """How far along (dx, dy) from ``box``'s centre the ray leaves it, ``margin`` px out."""
    cx, cy = box.center
    ts = []
    if dx:
        edge = box.right + margin if dx > 0 else box.x - margin
        ts.append((edge - cx) / dx)
    if dy:
        edge = box.bottom + margin if dy > 0 else box.y - margin
        ts.append((edge - cy) / dy)
    return min(ts)
