"""Finding a cell for every piece: a search that undoes its last choices where they leave no
room, instead of standing a piece away from what it lies on.

Each piece (hubd/picture/plan.py) takes a free cell beside the piece it is joined to, the
stroke between them crossing no other; an arm's first piece takes its own way out of the hub
(the arms in the order they were started, clockwise); a toe's first piece (and a foot's
target) stands plainly nearer its own double than any other double or the hub, and a double
stands where no toe already laid would then be nearer to it than to its own. The cells are
tried best first (a line straight on, a double with room for its toes), and a choice that
leaves some piece still to come without room is undone at once: each placed piece must keep
as many free cells beside it as it has pieces still to join it, and each free region of the
grid must hold the pieces that can only grow into it. Where a piece finds no room, the
search goes back to the last piece near it (backjumping), not through every piece laid in
between. It gives up after ``budget`` cells tried, so a frame never keeps the hub's loop
waiting. A search may be given each piece's cell in the last frame's layout (``hints``), tried
before the others, and keep the pieces far from the change there (``pin``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from hubd.picture.grid import WIDEST, Grid
from hubd.picture.hub_ways import hub_ways
from hubd.picture.plan import Plan

#: How much nearer (px) a toe stands to its own double than to any other, at least.
TIE = 2

FREE, KEPT = -1, -2  # a cell no piece takes; one kept for an arm still to come


@dataclass(frozen=True)
class Start:
    """Where a search starts from: the hub moved ``shift`` (rows, columns) from the middle,
    its arms' ways turned ``turn`` eighths clockwise, and how far round a cell (``reach``
    cells) a line that must grow looks for room (0: the table laid in the order it was
    played, each line looking only at the room round it, never at what grows from it), and
    whether, where a double lies on a one-tile toe of another (``Plan.stacked``), every
    double's toes take the cells beside it before the ones aslant, outwards first
    (``toes_out``; else the nearest first); ``apart``: the hub's free ways between its most
    crowded neighbouring arms (``apart_ways``), not after its last."""

    turn: int = 0
    shift: tuple[int, int] = (0, 0)
    reach: int = 2
    toes_out: bool = False
    apart: bool = False

    def hub_cell(self, grid: Grid) -> int:
        row = min(max(grid.rows // 2 + self.shift[0], 1), grid.rows - 2)
        col = min(max((grid.cols - 1) // 2 + self.shift[1], 1), grid.cols - 2)
        return grid.cell(max(0, row), max(0, col))


class OutOfTries(Exception):
    """The search tried its budget of cells."""


class Search:
    """One attempt to place ``plan`` on ``grid``, the hub at ``hub`` and its arms' ways turned
    clockwise by ``turn`` eighths."""

    def __init__(
        self, plan: Plan, grid: Grid, start: Start, budget: int, hints: list[int] | None = None
    ) -> None:
        self.plan, self.grid, self.budget = plan, grid, budget
        self.hints = hints or [-1] * len(plan.pieces)  # a cell each piece tries first (-1: none)
        self.taboo = [0] * len(plan.pieces)  # the cells each may not take, as a set (``pin``)
        self.turn, self.reach = start.turn, start.reach
        self.toes_out = plan.stacked and start.reach > 0 and start.toes_out
        self.lean = 2  # how strongly a line turns towards room (1: most)
        hub = start.hub_cell(grid)
        tables = grid.tables
        self.beside, self.near, self.dist, self.block = (
            tables.beside, tables.near, tables.dist, tables.block,
        )  # fmt: skip
        pieces = plan.pieces
        self.owner = [FREE] * grid.size
        self.free = (1 << grid.size) - 1  # the cells no piece takes, as a set (bit ``cell``)
        self.cells = [-1] * len(pieces)
        self.ways = [1] * len(pieces)
        self.linked = [True] * len(pieces)
        self.waiting = [len(p.kids) for p in pieces]  # kids not yet placed
        self.pending = [p.need - 1 for p in pieces]  # cells their placed-to-be kids need
        self.blocks: set[int] = set()  # 2x2 blocks a diagonal stroke crosses
        self.doubles: list[int] = []
        self.toes: list[int] = []
        self.level = [0] * len(pieces)  # each piece's place in the order the search lays them
        self.crowded = False  # the last ``fits`` that failed found a free region too small
        self.tried = 0
        self.astray = 0
        hub_place = pieces[0].place
        self.arm_ways = hub_ways(plan, start.apart)
        self.arm_cells = [grid.step(hub, (way + self.turn) % 8) for way in self.arm_ways]
        self.take(0, hub, 1)
        for cell in self.arm_cells[len(hub_place.children) :]:
            if cell >= 0 and self.owner[cell] == FREE:
                self.owner[cell] = KEPT  # an arm to come keeps its way out free
                self.free &= ~(1 << cell)

    # -- placing and taking back -----------------------------------------------------------

    def take(self, index: int, cell: int, way: int, linked: bool = True) -> None:
        piece = self.plan.pieces[index]
        self.owner[cell] = index
        self.free &= ~(1 << cell)
        self.cells[index], self.ways[index], self.linked[index] = cell, way, linked
        if piece.parent >= 0:
            self.waiting[piece.parent] -= 1
            self.pending[piece.parent] -= piece.need
            if linked:
                joined = self.block[self.cells[piece.parent]][cell]
                if joined >= 0:
                    self.blocks.add(joined)
        if piece.kind in ("hub", "double"):
            self.doubles.append(index)
        if piece.foot >= 0:
            self.toes.append(index)

    def undo(self, index: int, was: int = FREE) -> None:
        piece = self.plan.pieces[index]
        cell = self.cells[index]
        self.owner[cell] = was
        if was == FREE:
            self.free |= 1 << cell
        self.cells[index] = -1
        if piece.parent >= 0:
            self.waiting[piece.parent] += 1
            self.pending[piece.parent] += piece.need
            if self.linked[index]:
                self.blocks.discard(self.block[self.cells[piece.parent]][cell])
        if piece.kind in ("hub", "double"):
            self.doubles.pop()
        if piece.foot >= 0:
            self.toes.pop()

    # -- the rules a cell must keep --------------------------------------------------------

    def toe_may_stand(self, index: int, cell: int) -> bool:
        """Plainly nearer its own double than any other double (or the hub)."""
        piece = self.plan.pieces[index]
        dist = self.dist[cell]
        limit = dist[self.cells[piece.foot]] + TIE
        cells = self.cells
        return all(dist[cells[d]] > limit for d in self.doubles
                   if d != piece.foot and d != piece.ahead)  # fmt: skip

    def double_may_stand(self, index: int, cell: int) -> bool:
        """No toe already laid would be as near to a double here as to its own."""
        pieces, cells, dist = self.plan.pieces, self.cells, self.dist
        for toe in self.toes:
            piece = pieces[toe]
            if piece.ahead == index or piece.foot == index:
                continue
            at = dist[cells[toe]]
            if at[cell] <= at[cells[piece.foot]] + TIE:
                return False
        return True

    def room(self, cell: int) -> int:
        owner = self.owner
        return sum(1 for other, _way in self.beside[cell] if owner[other] == FREE)

    def toe_room(self, cell: int, before: int) -> int:
        """The free cells beside ``cell`` a toe of a double there could take."""
        owner, dist, cells = self.owner, self.dist, self.cells
        found = 0
        for other, _way in self.beside[cell]:
            if owner[other] != FREE or other == before:
                continue
            limit = dist[other][cell] + TIE
            if all(dist[other][cells[d]] > limit for d in self.doubles):
                found += 1
        return found

    # -- the cells a piece may take, best first --------------------------------------------

    def choices(self, index: int) -> list[tuple[int, int]]:
        """The cells ``index`` may take by the rules, the best first: its hint (the cell it
        took in the last frame laid out on this grid) before the others."""
        found = self.ranked(index)
        hint = self.hints[index]
        for at, (cell, _way) in enumerate(found):
            if cell == hint:
                return [found[at], *found[:at], *found[at + 1 :]]
        return found

    def ranked(self, index: int) -> list[tuple[int, int]]:
        """The cells ``index`` may take by the rules, the best first by the room round them."""
        piece = self.plan.pieces[index]
        found = self.allowed(index)
        if len(found) < 2 or (piece.arm >= 0 and piece.arm < len(self.arm_cells)):
            return found
        owner, near, windows = self.owner, self.near, self.grid.tables.windows
        before, hub = self.cells[piece.parent], self.cells[0]
        way_in = self.ways[piece.parent]
        ranked: list[tuple[tuple[float, ...], int, int]] = []
        for cell, way in found:
            turn = min((way - way_in) % 8, (way_in - way) % 8)
            if self.reach:
                # The room it leans towards: the free cells round it as far as what grows
                # from it spreads, all of them (the room round it, at most what grows from
                # it, found every way alike in an empty corner of a grid larger than the
                # table, and a chain of doubles ran straight into the grid's edge).
                wants = (self.free & windows[self.looks(piece.need)][cell]).bit_count()
            else:  # laid as played: what comes later is not known yet, only the room round it
                wants = sum(1 for other in near[cell] if owner[other] == FREE) // 2
            wants //= self.lean
            out = round((self.dist[hub][cell] - self.dist[hub][before]) / 20)
            fan = (way - way_in + 4) % 8
            if piece.foot >= 0 and self.toes_out:
                # Beside its double before aslant, then outwards, towards the room what
                # grows from it needs. The nearest first (the cells being wider than tall:
                # the ones above and below) fanned the toes back across the lines between
                # a double and the hub, and a double laid on one of them two cells on found
                # no room for its own toes from any start, at any size tried.
                key: tuple[float, ...] = (way % 2 == 0, -out - wants, fan)
            elif piece.foot >= 0:  # laid as played: the nearest first, fanned in order
                key = (round(self.dist[before][cell]), -wants, fan)
            elif piece.kind == "double":
                have = self.toe_room(cell, before)
                # Laid as played, straight on; else outwards, towards the room its toes need.
                lean = -out - wants if self.reach else 0
                key = (have < len(piece.kids), turn > 2, lean, turn, -have)
            else:  # straight on and outwards, unless what grows from it needs room elsewhere
                room = self.room(cell)
                key = (room == 0 and bool(piece.kids), turn > 2, -out - wants, turn, -room)
            ranked.append((key, cell, way))
        ranked.sort()
        return [(cell, way) for _key, cell, way in ranked]

    def looks(self, need: int) -> int:
        """How far round a cell (rows and columns) a piece whose subtree takes ``need`` cells
        looks for room: two or three (``reach``), and for a large subtree as far as makes a
        square of twice its cells (the rest of the grid decides where it can spread)."""
        least = 3 if self.reach > 2 and need > 6 else 2
        return max(least, min(WIDEST, math.ceil((math.sqrt(2 * need) - 1) / 2)))

    def allowed(self, index: int) -> list[tuple[int, int]]:
        """The cells ``index`` may take by the rules, in no order."""
        piece = self.plan.pieces[index]
        owner = self.owner
        if piece.arm >= 0 and piece.arm < len(self.arm_cells):
            cell = self.arm_cells[piece.arm]
            way = (self.arm_ways[piece.arm] + self.turn) % 8
            if cell < 0 or owner[cell] not in (FREE, KEPT) or self.taboo[index] >> cell & 1:
                return []
            if piece.kind == "double" and not self.double_may_stand(index, cell):
                return []
            return [(cell, way)]
        before = self.cells[piece.parent]
        block, blocks = self.block[before], self.blocks
        toe, double = piece.foot >= 0, piece.kind == "double"
        taboo = self.taboo[index]
        found = []
        for cell, way in self.beside[before]:
            if owner[cell] != FREE or block[cell] in blocks or (taboo and taboo >> cell & 1):
                continue
            if toe and not self.toe_may_stand(index, cell):
                continue
            if double and not self.double_may_stand(index, cell):
                continue
            found.append((cell, way))
        return found

    def pin(self, pieces: set[int]) -> None:
        """Let each of ``pieces`` take its hint alone, and no other piece those cells."""
        kept = sum(1 << self.hints[index] for index in pieces)
        self.taboo = [~(1 << hint) if index in pieces else kept
                      for index, hint in enumerate(self.hints)]  # fmt: skip

    # -- whether the pieces still to come can fit ------------------------------------------

    def fits(self, index: int) -> bool:
        """Whether every placed piece near the one just placed still has cells, by the
        rules, for each piece still to join it, and every free region room enough."""
        owner, waiting, pieces = self.owner, self.waiting, self.plan.pieces
        cell = self.cells[index]
        for other in [cell, *self.near[cell]]:
            piece = owner[other]
            if piece > 0 and waiting[piece]:  # (the hub's arms start in kept cells)
                kids = pieces[piece].kids
                kid = kids[len(kids) - waiting[piece]]
                found = self.allowed(kid)
                wanted = 1 if self.taboo[kid] < 0 else waiting[piece]  # (pinned: kept for it)
                if len(found) < wanted or not self.room_for_toes(kid, found):
                    self.crowded = False
                    return False
        self.crowded = True
        return not self.splits(cell) or self.regions_fit(cell)

    def room_for_toes(self, index: int, found: list[tuple[int, int]]) -> bool:
        """Whether a double still to come (``index``) has a cell among ``found`` with room
        beside it for all its toes: a double laid on a one-tile toe stands two cells from
        the other double, and lines laid round them took the cells its toes needed."""
        piece = self.plan.pieces[index]
        if piece.kind != "double":
            return True
        before, want = self.cells[piece.parent], len(piece.kids)
        return any(self.toe_room(cell, before) >= want for cell, _way in found)

    def splits(self, cell: int) -> bool:
        """Whether taking ``cell`` may have cut a free region in two: its free neighbours,
        going round it, fall in more than one run."""
        owner = self.owner
        free = [c >= 0 and owner[c] == FREE for c in self.grid.tables.ring[cell]]
        return sum(1 for i in range(8) if free[i] and not free[i - 1]) > 1

    def regions_fit(self, taken: int) -> bool:
        """Each free region beside ``taken`` (the regions it may have cut) holds at least the
        cells that the pieces which can grow only into it still need."""
        tables, cells, free = self.grid.tables, self.cells, self.free
        regions: list[int] = []  # each a set of cells (bit ``cell``)
        seen = 0
        for start in tables.adjacent[taken]:
            if free >> start & 1 and not seen >> start & 1:
                regions.append(tables.region(1 << start, free))
                seen |= regions[-1]
        demand = [0] * len(regions)
        for index, need in enumerate(self.pending):
            if need <= 0 or index == 0 or cells[index] < 0:  # (the hub's: in kept cells)
                continue
            room = tables.around[cells[index]] & free
            if not room:
                return False
            if room & ~seen:  # room in a region ``taken`` did not touch
                continue
            inside = [label for label, region in enumerate(regions) if room & region]
            if len(inside) == 1:
                demand[inside[0]] += need
        return all(d <= region.bit_count() for d, region in zip(demand, regions, strict=True))

    # -- the search ------------------------------------------------------------------------

    def solve(self) -> bool:
        """Place every piece by the rules; False where the budget ran out first."""
        try:
            return self._solve(1) is None
        except OutOfTries:
            return False

    def _solve(self, at: int) -> set[int] | None:
        """Place the pieces from the ``at``-th on: None once all are placed, else the places
        in the order (``conflict``) whose cells may have left them no room. A choice that
        took no part in a failure further on is not tried again with other cells: the
        search goes straight back to the last piece that did (the nearby pieces), instead of
        trying every cell of every piece laid in between (ends far away on the table)."""
        if at == len(self.plan.order):
            return None
        index = self.next_piece(at)
        self.level[index] = at
        conflict: set[int] = set()
        for cell, way in self.choices(index):
            self.tried += 1
            if self.tried > self.budget:
                raise OutOfTries
            was = self.owner[cell]
            self.take(index, cell, way)
            if self.fits(index):
                deeper = self._solve(at + 1)
                if deeper is None:
                    return None
                if at not in deeper:  # this piece's cell is not why: go back further
                    self.undo(index, was)
                    return deeper
                conflict |= deeper
            elif self.crowded:  # a free region too small: any piece placed may be why
                conflict.update(range(at))
            else:
                conflict |= self.conflict(cell)
            self.undo(index, was)
        conflict |= self.conflict(self.cells[self.plan.pieces[index].parent])
        conflict.discard(at)
        return conflict

    def next_piece(self, at: int) -> int:
        """The piece laid ``at``-th: the plan's order (``FailFirst``: the one with least room)."""
        return self.plan.order[at]

    def conflict(self, cell: int) -> set[int]:
        """The places in the order of the pieces that limit the cells round ``cell``: those
        within two cells, whose room, strokes and doubles decide them."""
        level, owner = self.level, self.owner
        return {level[owner[other]] for other in (cell, *self.near[cell]) if owner[other] >= 0}

    def lay_anyhow(self) -> None:
        """Every piece placed in one pass, by the rules where it can be: a piece with no
        room beside what it lies on stands in the nearest free cell, with no stroke (a
        table past all room: counted in ``astray``)."""
        pieces, owner = self.plan.pieces, self.owner
        for index in self.plan.order[1:]:
            choices = self.choices(index)
            if choices:
                self.take(index, *choices[0])
                continue
            self.astray += 1
            before = self.cells[pieces[index].parent]
            spare = [cell for cell in range(len(owner)) if owner[cell] in (FREE, KEPT)]
            if not spare:  # not one cell left: drawn over the hub's
                self.take(index, self.cells[0], self.ways[0], linked=False)
                continue
            cell = min(spare, key=lambda c: self.dist[before][c])
            self.take(index, cell, self.ways[pieces[index].parent], linked=False)
