"""Laying the table out: the hub in the middle, each line a chain of cells from it.

The area is a grid of equal cells, each holding one piece: the hub, a tile, a double, a run
of tiles folded into a count, or an open end's target. The table is laid in play order, as
it grew: the hub's arms take the cells round it in the order they were started, clockwise
from the top right; each line goes on from its last piece, straight on while it can, bending
where it must; a double takes the cell after the tile it was laid on, crosswise, and keeps
the cells beside it that no other double or the hub is nearer to for its three toes; an open
end's target waits in the cell its next tile will take, so the picture grows as the table
does. Pieces that touch in the grid are joined by a stroke, and two strokes never cross.

A table too large for the area at the numbers' full size is laid again with smaller
numbers, then with runs folded into counts ("+5"), keeping each line's first tile and the
tile each double was laid on, then (the greedy laying from the middle being one shape of
many) with the hub moved off the middle and the arms turned. Only a table with no room even
then lays a piece away from what it lies on (``Picture.astray``), with no stroke.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

from engine import Placed, PlaceKind, Table, Tile
from hubd.picture.lines import Fold, Line, fold, table_lines
from hubd.picture.shapes import (
    CELL_H_EM,
    CELL_W_EM,
    Box,
    MapEnd,
    MapFold,
    MapLink,
    MapTile,
    Picture,
    Sizes,
)

Cell = tuple[int, int]  # (row, column)

#: The eight ways out of a cell, clockwise from the top right: (rows, columns).
AROUND: tuple[Cell, ...] = ((-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))

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

#: How much nearer (px) a toe stands to its own double than to any other, at least.
TIE = 2

#: How strongly a line bends towards room, tried in turn (a greedy layout that one way
#: of bending cannot fit, another often does).
SPREADS = (2, 3, 5)

#: The other starts tried for a table no layout from the middle fits: the arms' ways turned
#: (eighths, clockwise) and the hub moved (rows, columns), the likeliest first. Kept few:
#: each is a whole layout, and the loop waits for the picture (every fix seen used one of these).
VARIANTS: tuple[tuple[int, Cell], ...] = tuple(
    (turn, (dr, dc)) for turn in (0, 2, 1, 3) for dr in (0, -1, 1) for dc in (0, 2, -2, 1, -1)
)

#: The most cells a line's tiles take, tried in turn once the numbers are at their floor.
FOLDS = (6, 4, 3, 2)


class NoRoom(Exception):
    """The table does not fit the grid this way."""


@dataclass
class _Piece:
    kind: str  # "hub", "tile", "double", "fold", "end"
    cell: Cell
    way: int  # the index into AROUND it was reached by (-1: the hub's)
    place: Placed | None = None
    count: int = 0
    linked: bool = True  # joined by a stroke to the piece before it


@dataclass
class _Run:
    """A line as it is laid: its pieces so far and the cell its next piece will take."""

    line: Line
    plan: Fold
    pieces: list[_Piece] = field(default_factory=list)
    head: Cell | None = None
    way: int = 1
    source: _Piece | None = None  # a toe's double (an arm leaves the hub)


@dataclass
class _Foot:
    double: _Piece
    toes: list[Cell]
    used: int = 0


class _Layout:
    def __init__(self, table: Table, area: Box, sizes: Sizes, number: int,
                 most: int | None, roomy: bool, strict: bool, spread: int = 2) -> None:  # fmt: skip
        self.table, self.area, self.sizes, self.number = table, area, sizes, number
        self.most, self.roomy, self.strict = most, roomy, strict
        self.turn = 0  # the arms' ways turned clockwise by this many eighths
        self.spread = spread  # how much a line bends towards room (1: most)
        gap = sizes.gap
        base_w, base_h = math.ceil(CELL_W_EM * number), math.ceil(CELL_H_EM * number)
        self.cols = max(1, (area.w + gap) // (base_w + gap))
        self.rows = max(1, (area.h + gap) // (base_h + gap))
        # The room left over widens the cells a little (the pieces grow with them).
        self.cw = min(base_w * 5 // 4, (area.w + gap) // self.cols - gap)
        self.ch = min(base_h * 5 // 4, (area.h + gap) // self.rows - gap)
        self.ox = area.x + (area.w - self.cols * (self.cw + gap) + gap) // 2
        self.oy = area.y + (area.h - self.rows * (self.ch + gap) + gap) // 2
        self.hub_cell: Cell = (self.rows // 2, (self.cols - 1) // 2)
        self.around, self.near = _neighbours(self.rows, self.cols)
        self.taken: dict[Cell, object] = {}
        self.diagonals: dict[Cell, object] = {}  # 2x2 blocks a diagonal stroke crosses
        self.doubles: list[Cell] = [self.hub_cell]
        self.feet: dict[Tile, _Foot] = {}
        self.toe_cells: dict[Cell, Cell] = {}  # a toe's cell (kept or laid): its double's
        self.lines = table_lines(table)
        self.runs: dict[int, _Run] = {}
        self.astray = 0

    def vary(self, turn: int, shift: Cell) -> None:
        """Another start for a table the greedy laying could not fit: the arms turned, the
        hub moved from the middle (the same table, another shape)."""
        self.turn = turn
        r, c = self.hub_cell[0] + shift[0], self.hub_cell[1] + shift[1]
        self.hub_cell = (min(max(r, 1), self.rows - 2), min(max(c, 1), self.cols - 2))
        self.doubles = [self.hub_cell]

    # -- the grid --------------------------------------------------------------------------

    def center(self, cell: Cell) -> tuple[float, float]:
        g = self.sizes.gap
        return (self.ox + cell[1] * (self.cw + g) + self.cw / 2,
                self.oy + cell[0] * (self.ch + g) + self.ch / 2)  # fmt: skip

    def box(self, cell: Cell) -> Box:
        g = self.sizes.gap
        return Box(self.ox + cell[1] * (self.cw + g), self.oy + cell[0] * (self.ch + g),
                   self.cw, self.ch)  # fmt: skip

    def dist(self, a: Cell, b: Cell) -> float:
        pw, ph = self.cw + self.sizes.gap, self.ch + self.sizes.gap
        return math.hypot((a[1] - b[1]) * pw, (a[0] - b[0]) * ph)

    def free(self, cell: Cell) -> bool:
        return cell in self.around and cell not in self.taken

    def step(self, a: Cell, way: int) -> Cell:
        return (a[0] + AROUND[way][0], a[1] + AROUND[way][1])

    def crosses(self, a: Cell, b: Cell) -> bool:
        """Whether a stroke from ``a`` to ``b`` (touching) would cross a diagonal one."""
        if a[0] == b[0] or a[1] == b[1]:
            return False
        return (min(a[0], b[0]), min(a[1], b[1])) in self.diagonals

    def join(self, a: Cell, b: Cell, owner: object) -> None:
        if a[0] != b[0] and a[1] != b[1]:
            self.diagonals[(min(a[0], b[0]), min(a[1], b[1]))] = owner

    def unjoin(self, a: Cell, b: Cell) -> None:
        if a[0] != b[0] and a[1] != b[1]:
            self.diagonals.pop((min(a[0], b[0]), min(a[1], b[1])), None)

    def room(self, cell: Cell) -> int:
        taken = self.taken
        return sum(1 for other in self.around[cell] if other not in taken)

    def space(self, cell: Cell) -> int:
        """The free cells within two of ``cell``: where a line has room to grow."""
        taken = self.taken
        return 1 + sum(1 for other in self.near[cell] if other not in taken)

    def nearest_free(self, cell: Cell) -> Cell:
        spare = [(r, c) for r in range(self.rows) for c in range(self.cols)
                 if (r, c) not in self.taken]  # fmt: skip
        if not spare:  # not one cell left: drawn over the hub's (a table past all room)
            return self.hub_cell
        return min(spare, key=lambda other: self.dist(cell, other))

    # -- choosing cells --------------------------------------------------------------------

    def onward(self, cell: Cell, way: int, test: object = None) -> list[tuple[Cell, int]]:
        """The free cells beside ``cell`` a line going ``way`` may go on to, the best first:
        straight on, then the least turn, then the most room round them."""
        found = []
        for w in range(8):
            nxt = self.step(cell, w)
            if not self.free(nxt) or self.crosses(cell, nxt):
                continue
            if callable(test) and not test(nxt):
                continue
            turn = min((w - way) % 8, (way - w) % 8)
            room, space = self.room(nxt), self.space(nxt) // self.spread
            found.append(((room == 0, turn > 2, -space, turn, -room, w), nxt, w))
        found.sort()
        return [(nxt, w) for _key, nxt, w in found]

    def toe_room(self, at: Cell, way: int) -> list[tuple[Cell, int]]:
        """The cells beside a double at ``at`` its toes may take: none that another double
        or the hub stands nearer to, or that a toe already laid stands by."""

        def ours(cell: Cell) -> bool:  # plainly nearer to its own: no tie a pixel decides
            near = self.dist(cell, at) + TIE
            return all(self.dist(cell, other) > near for other in self.doubles if other != at)

        found = self.onward(at, way, ours)  # the nearest first (beside it, not aslant)
        found.sort(key=lambda f: (round(self.dist(f[0], at)), -min(2, self.room(f[0]))))
        return found

    def double_may_stand(self, cell: Cell, run: _Run) -> bool:
        """No toe kept or laid beside another double is nearer to ``cell`` than to it (but
        the toe whose line the double ends: it leads to it)."""
        own = run.pieces[0].cell if run.source is not None and run.pieces else cell
        return all(self.dist(toe, cell) > self.dist(toe, double) + TIE
                   for toe, double in self.toe_cells.items() if toe not in (cell, own))  # fmt: skip

    # -- laying the table in play order ----------------------------------------------------

    def run(self) -> None:
        hub = self.table.hub_place
        self.taken[self.hub_cell] = "hub"
        arms = hub.capacity
        ways = ARM_WAYS.get(arms, tuple(range(8)))
        for index in range(arms):
            run = _Run(Line(Tile(0, 0), hub.tile, []), Fold(frozenset(), -1, 0))
            if index < len(ways):
                run.way = (ways[index] + self.turn) % 8
                cell = self.step(self.hub_cell, run.way)
                if self.free(cell):
                    run.head = cell
                    self.taken[cell] = run
                    self.join(self.hub_cell, cell, run)
            if run.head is None:
                if self.strict and index < len(hub.children):
                    raise NoRoom
                self.astray += index < len(hub.children)
            self.runs[-1 - index] = run  # keyed by arm until its first tile is laid
        for tile, place in self.table.placed.items():  # in play order
            if place.parent is not None:
                self.lay(tile, place)
        for run in list(self.runs.values()):
            self.finish(run)

    def run_of(self, tile: Tile, place: Placed) -> tuple[_Run, int]:
        line = self.lines[tile]
        key = id(line)
        if key not in self.runs:  # a line's first tile: an arm's run waits at the hub
            assert place.parent is not None
            parent = self.table.placed[place.parent]
            if parent.kind is PlaceKind.HUB:
                run = self.runs.pop(-1 - parent.children.index(tile))
                run.line, run.plan = line, fold(line, self.most)
            else:
                foot = self.feet[parent.tile]
                run = _Run(line, fold(line, self.most), source=foot.double)
                if foot.used < len(foot.toes):
                    run.head = foot.toes[foot.used]
                    run.way = self.way_between(foot.double.cell, run.head)
                    self.taken[run.head] = run
                else:  # a toe no cell was kept for: the best still by its double
                    spare = self.toe_room(foot.double.cell, foot.double.way)
                    if spare:
                        run.head, run.way = spare[0]
                        self.taken[run.head] = run
                        self.toe_cells[run.head] = foot.double.cell
                        self.join(foot.double.cell, run.head, run)
                    elif self.strict:
                        raise NoRoom
                foot.used += 1
            self.runs[key] = run
        run = self.runs[key]
        return run, line.places.index(place)

    def way_between(self, a: Cell, b: Cell) -> int:
        return AROUND.index((b[0] - a[0], b[1] - a[1]))

    def lay(self, tile: Tile, place: Placed) -> None:
        run, index = self.run_of(tile, place)
        if place.kind is PlaceKind.FOOT:
            self.lay_double(run, place)
            return
        plan = run.plan
        if index in plan.drawn:
            self.put(run, _Piece("tile", (0, 0), 0, place))
        elif index == plan.first:
            self.put(run, _Piece("fold", (0, 0), 0, place, count=plan.count))

    def last_cell(self, run: _Run) -> Cell:
        if run.pieces:
            return run.pieces[-1].cell
        return run.source.cell if run.source is not None else self.hub_cell

    def put(self, run: _Run, piece: _Piece) -> None:
        """``piece`` in the run's next cell (kept for it, or the best beside the last)."""
        before = self.last_cell(run)
        if run.head is None:
            self.head_for(run, before)
        assert run.head is not None
        piece.cell, piece.way = run.head, run.way
        piece.linked = self.taken.get(run.head) is run and self.is_beside(before, run.head)
        self.taken[piece.cell] = piece
        run.pieces.append(piece)
        run.head = None
        if piece.kind in ("tile", "fold"):  # the line goes on, or ends open, from here
            self.head_for(run, piece.cell)

    def is_beside(self, a: Cell, b: Cell) -> bool:
        return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1

    def head_for(self, run: _Run, before: Cell, test: object = None) -> None:
        """Keep the cell after ``before`` for the run's next piece (or its end)."""
        choices = self.onward(before, run.way, test)
        if choices:
            cell, run.way = choices[0]
            self.join(before, cell, run)
            self.taken[cell] = run
        else:
            if self.strict:
                raise NoRoom
            cell = self.nearest_free(before)
            self.taken[cell] = "astray"
            self.astray += 1
        run.head = cell

    def lay_double(self, run: _Run, place: Placed) -> None:
        before = self.last_cell(run)
        need = len(place.children) + (place.room > 0)
        want = 3 if self.roomy else need
        choices: list[tuple[Cell, int]] = []
        if run.head is not None and self.taken.get(run.head) is run:
            choices.append((run.head, run.way))
            del self.taken[run.head]
            self.unjoin(before, run.head)
        choices += self.onward(before, run.way)
        best: tuple[tuple[int, ...], Cell, int] | None = None
        for cell, way in choices:
            if not self.double_may_stand(cell, run):
                continue
            self.taken[cell] = "trial"
            toes = self.toe_room(cell, way)[:want]
            score = (
                len(toes) >= need,
                min(len(toes), want),
                sum(min(2, self.room(toe)) for toe, _w in toes),
                cell == choices[0][0],
            )
            del self.taken[cell]
            if best is None or score > best[0]:
                best = (score, cell, way)
        if best is not None and not best[0][0]:
            best = None
        if best is None:
            if self.strict:
                raise NoRoom
            self.astray += 1
            cell, way = choices[0] if choices else (self.nearest_free(before), run.way)
            best = ((), cell, way)
        _score, cell, way = best
        run.head, run.way = cell, way
        self.taken[cell] = run
        self.join(before, cell, run)
        double = _Piece("double", cell, way, place)
        self.put(run, double)
        self.doubles.append(cell)
        kept: list[Cell] = []
        for _ in range(want):  # one at a time, each with room left beside it
            spare = self.toe_room(cell, way)
            if not spare:
                break
            toe = spare[0][0]
            kept.append(toe)
            self.taken[toe] = "toe"
            self.toe_cells[toe] = cell
            self.join(cell, toe, double)
        kept.sort(key=lambda c: (self.way_between(cell, c) - way + 4) % 8)  # fanned in order
        self.feet[place.tile] = _Foot(double, kept)

    def finish(self, run: _Run) -> None:
        """An open line's end: its target in the cell kept after its last piece."""
        if not run.pieces or run.pieces[-1].kind == "double":
            return
        if run.head is None or self.taken.get(run.head) is not run:
            self.head_for(run, run.pieces[-1].cell)
        place = run.line.places[-1]
        self.put(run, _Piece("end", (0, 0), 0, place))

    # -- drawing ---------------------------------------------------------------------------

    def draw(self) -> Picture:
        out = Picture(self.area, self.number, (self.cw, self.ch), astray=self.astray)
        hub = self.table.hub_place
        hub_box = self.box(self.hub_cell)
        out.tiles.append(MapTile(hub.tile, (hub.end, hub.end), hub_box, False, True))
        doubles: dict[int, Box] = {}
        for run in self.runs.values():  # a toe's run after its double's
            before = hub_box if run.source is None else doubles[id(run.source)]
            for piece in run.pieces:
                box = self.piece(out, piece)
                if piece.kind == "double":
                    doubles[id(piece)] = box
                if piece.linked:
                    self.link(out, before, box)
                before = box
        self.waiting(out, hub_box)
        return out

    def waiting(self, out: Picture, hub_box: Box) -> None:
        """The targets of the hub while it opens and of the feet that wait for toes: in the
        cell their next line will take."""
        hub = self.table.hub_place
        if hub.room > 0:
            arm = len(hub.children)
            run = self.runs.get(-1 - arm)
            if run is not None and run.head is not None:
                box = self.box(run.head)
                self.link(out, hub_box, box)
            else:  # past eight arms: the nearest free cell
                box = self.box(self.nearest_free(self.hub_cell))
            out.ends.append(MapEnd(hub.tile, hub.end, box, PlaceKind.HUB, hub.room))
        for foot in self.feet.values():
            place = foot.double.place
            assert place is not None
            if place.room == 0:
                continue
            if foot.used < len(foot.toes):
                cell = foot.toes[foot.used]
            else:  # no cell kept: the nearest free one, beside it if any is
                spare = self.toe_room(foot.double.cell, foot.double.way)
                if not spare and self.strict:
                    raise NoRoom
                cell = spare[0][0] if spare else self.nearest_free(foot.double.cell)
                self.taken[cell] = "end"
                if spare:
                    self.join(foot.double.cell, cell, foot)
                if not spare:
                    out.astray += 1
                    self.astray += 1
                    out.ends.append(MapEnd(place.tile, place.end, self.box(cell),
                                           PlaceKind.FOOT, place.room))  # fmt: skip
                    continue
            box = self.box(cell)
            out.ends.append(MapEnd(place.tile, place.end, box, PlaceKind.FOOT, place.room))
            self.link(out, self.double_box(foot.double), box)

    def piece(self, out: Picture, piece: _Piece) -> Box:
        cell_box = self.box(piece.cell)
        place = piece.place
        assert place is not None
        if piece.kind == "end":
            out.ends.append(MapEnd(place.tile, place.end, cell_box, place.kind, place.room))
            return cell_box
        if piece.kind == "fold":
            out.folds.append(MapFold(place.tile, piece.count, cell_box))
            return cell_box
        if piece.kind == "double":
            box = self.double_box(piece)
            across = AROUND[piece.way][0] == 0 or AROUND[piece.way][1] != 0
            d = place.end
            out.tiles.append(MapTile(place.tile, (d, d), box, across, True))
            return box
        dr, dc = AROUND[piece.way]
        vertical = dc == 0
        touching, far = place.tile.other(place.end), place.end
        if vertical:
            w, h = min(self.cw, max(8, self.ch // 2)), self.ch
            halves = (touching, far) if dr > 0 else (far, touching)
        else:
            w, h = self.cw, min(self.ch, max(8, self.cw // 2))
            halves = (touching, far) if dc > 0 else (far, touching)
        box = Box(cell_box.x + (cell_box.w - w) // 2, cell_box.y + (cell_box.h - h) // 2, w, h)
        out.tiles.append(MapTile(place.tile, halves, box, vertical))
        return box

    def double_box(self, piece: _Piece) -> Box:
        """A double lies crosswise on the line it ends, as large as its cell allows."""
        cell_box = self.box(piece.cell)
        dr, dc = AROUND[piece.way]
        if dr == 0 or dc != 0:  # reached sideways (or aslant): stands upright
            w, h = min(self.cw, max(8, self.ch * 3 // 5)), self.ch
        else:
            w, h = self.cw, min(self.ch, max(8, self.cw * 3 // 5))
        return Box(cell_box.x + (cell_box.w - w) // 2, cell_box.y + (cell_box.h - h) // 2, w, h)

    def link(self, out: Picture, a: Box, b: Box) -> None:
        """A stroke between two boxes along the line of their centres, 2 px clear of each."""
        (ax, ay), (bx, by) = a.center, b.center
        dx, dy = bx - ax, by - ay
        if not dx and not dy:
            return
        t0 = _leave(a, dx, dy, 2)
        t1 = 1 - _leave(b, -dx, -dy, 2)
        if t1 <= t0:
            return
        start = (round(ax + dx * t0), round(ay + dy * t0))
        end = (round(ax + dx * t1), round(ay + dy * t1))
        out.links.append(MapLink(start, end))


@functools.lru_cache(maxsize=32)
def _neighbours(rows: int, cols: int) -> tuple[dict[Cell, list[Cell]], dict[Cell, list[Cell]]]:
    """For each cell of a grid, the cells beside it and the cells within two of it."""

    def within(cell: Cell, reach: int) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr in range(-reach, reach + 1)
                for dc in range(-reach, reach + 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]  # fmt: skip

    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return {cell: within(cell, 1) for cell in cells}, {cell: within(cell, 2) for cell in cells}


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


def _drawn(layout: _Layout) -> Picture | None:
    """The picture of a strict layout, or None where it found no room."""
    try:
        layout.run()
        return layout.draw()
    except NoRoom:
        return None


def picture(table: Table, area: Box, sizes: Sizes) -> Picture:
    """``table`` laid out in ``area``: at the largest numbers it fits at, then folded."""
    tries: list[tuple[int, int | None, bool, int]] = [(sizes.number, None, True, 2)]
    tries += [(n, None, False, spread) for n in sizes.steps() for spread in SPREADS]
    tries += [(sizes.floor, most, False, spread) for most in FOLDS for spread in SPREADS[:2]]
    pieces = len(table.placed) + len(table.open)
    for number, most, roomy, spread in tries:
        layout = _Layout(table, area, sizes, number, most, roomy, True, spread)
        if most is None and pieces > layout.rows * layout.cols * 3 // 4:
            continue  # plainly too many for this grid: no time spent trying
        drawn = _drawn(layout)
        if drawn is not None:
            return drawn
    # Where none fits: the hub moved and the arms turned (another shape for the same table).
    for spread in SPREADS[:1]:
        for turn, shift in VARIANTS[1:]:
            layout = _Layout(table, area, sizes, sizes.floor, FOLDS[-1], False, True, spread)
            layout.vary(turn, shift)
            drawn = _drawn(layout)
            if drawn is not None:
                return drawn
    # Past all room even folded: a piece may stand away from what it lies on (``astray``).
    layout = _Layout(table, area, sizes, sizes.floor, FOLDS[-1], False, strict=False)
    try:
        layout.run()
    except NoRoom:  # not even one free cell: the hub alone
        bare = Table(table.hub.lo, 0, table.hub.lo)
        layout = _Layout(bare, area, sizes, sizes.floor, None, False, strict=False)
        layout.run()
    return layout.draw()
