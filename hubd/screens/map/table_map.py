"""The table map: the table as it looks from above, computed from the engine's table alone.

Pure geometry (no pygame, no drawing): the play screen draws it, and the layout records
(``hubd layout``, the screenshots), the tests and the phones' page read the same values.

The map is a grid of equal cells (see ``Metrics``), laid out for a whole round:

- The hub sits in the middle cell, its arms in the cells around it, spread evenly and
  started clockwise from the top right; a stroke joins each arm to the hub.
- Every line of the table (an arm or a toe) takes one cell and keeps it until the round
  ends. The cell is its end's tap target, with the number the end needs over the line's
  label (earlier tiles of a long chain are folded away). So an end never moves once it is on
  the map: a play on it changes the number, never the place, and a play elsewhere changes
  nothing of it.
- A double at the end of a line lies in the line's cell under its label. Its three toes get
  their cells the moment it is laid, all touching the double's, chosen to leave the most
  room beside them for feet to come; the foot's target waits in the third toe's cell.
- A double laid where fewer than three cells round it are free moves on (its end was the one
  played on, so no other end moves): to a free cell with room next to what its line comes
  from, else along a short run of empty cells (a stroke through them), else to the nearest
  cell with room, on its own. A toe's double that leaves its foot leaves the toe's tile
  drawn beside the foot. Before standing on its own, a double stays where cells that can be
  given up (an empty cell a stroke crosses, the hub's once its arms are started) make up its
  room. When no free cell has room of its own, complete feet fold (a chain whose toes are
  laid keeps its toes and their ends where they are; its double is no longer drawn), then
  toes left by their feet give their cells up, so that a double's toes lie beside it (see
  ``lending``). Only when that too fails do toes go to the nearest free cells, and then
  the foot folds as soon as its target or a toe laid on it stands away from its double.
- Every line has a short label, the same on the map, in refusals and in the undo notice:
  arms are "A", "B", ... and the toes under arm B are "B1", "B2", ... in the order laid.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from engine import Placed, PlaceKind, Table, Tile
from hubd.screens.map.geometry import (
    AROUND,
    Box,
    Cell,
    MapEnd,
    MapLabel,
    MapLink,
    MapTile,
    Metrics,
    TableMap,
    arm_ways,
    enters,
    segments_meet,
)
from hubd.screens.map.grid import Line, Step, distance, step_between, touching
from hubd.screens.map.lending import JOINTS, Lender
from hubd.text.labels import line_labels

__all__ = [
    "Box",
    "Cell",
    "MapEnd",
    "MapLabel",
    "MapLink",
    "MapTile",
    "Metrics",
    "TableMap",
    "arm_ways",
    "table_map",
]


#: The most cells a double may move on from its line's cell (two empty cells between): any
#: further, it stands on its own rather than take a row of cells from the ends to come.
LONGEST_RUN = 3


class _Planner(Lender):
    """Gives every line its cell in play order, each keeping it for the round, then draws."""

    def __init__(self, table: Table, area: Box, metrics: Metrics) -> None:
        self.table = table
        super().__init__(area, metrics)
        self.labels = line_labels(table)
        self.out = TableMap(labels=self.labels)
        self.strokes: list[tuple[int, Box, Box, Cell, Cell]] = []  # order, boxes, cells

    def _line(self, cell: Cell, source: Cell, foot: Line | None = None) -> Line:
        line = Line(cell, source, len(self.lines), foot=foot)
        self.lines.append(line)
        self.join(source, cell)
        return line

    # -- play order: which line each tile joins, and room for each foot's toes ------------

    def plan(self) -> TableMap:
        hub = self.table.hub_place
        self.arms = arms = [self._line(c, self.hub_cell) for c in self._arm_cells(hub.capacity)]
        line_of: dict[Tile, Line] = {}
        for tile, place in self.table.placed.items():  # in play order
            if place.parent is None:
                continue
            parent = self.table.placed[place.parent]
            if parent.kind is PlaceKind.HUB:
                line = arms[parent.children.index(tile)]
            elif parent.kind is PlaceKind.FOOT:
                line = line_of[parent.tile].toes[parent.children.index(tile)]
            else:
                line = line_of[parent.tile]
            line.places.append(place)
            line_of[tile] = line
            if line.foot is not None and len(line.places) == 1:  # a toe laid
                self.fold_if_scattered(line.foot)
            if place.kind is PlaceKind.FOOT:
                self._make_room(line)
                way_in = line.path[-1] if line.path else line.source
                spares = self._spares()
                cells = self.room_for_toes(line.cell, way_in, self._ends(line), spares)
                for cell in cells:
                    if cell in spares:
                        self._lend(cell)
                while len(cells) < 3:  # a full grid
                    cells.append(self._borrow(line.cell))
                cells = _nearest_stay(cells, line.cell)
                line.toes = [self._line(cell, line.cell, line) for cell in cells]
                self.fold_if_scattered(line)
        hub_box = self._hub(hub)
        for line in arms:
            self._draw(line, hub_box)
        self._strokes()
        return self.out

    def _make_room(self, line: Line) -> None:
        """A double laid where fewer than three cells round its line's cell are free moves
        on, its end being the one played on, to a cell that has three: next to what its line
        comes from, else along the shortest run of free cells (``LONGEST_RUN``), a stroke
        through them; else it stays if cells that can be given up (``_spares``, no foot
        folded) make its room up; else it goes to the nearest cell with room (of the nearest,
        the one with the most free cells round it), on its own; only with none anywhere, to
        the nearest whose room cells given up round it make up (``_room_elsewhere``).
        An arm's double leaves its cell free; a toe's, where it cannot stay beside its foot,
        leaves the toe's tile in it, by it."""
        if len(self.around(line.cell)) >= 3:
            return
        old = line.cell
        self.taken.discard(old)
        self.joined.discard(frozenset((line.source, old)))
        start, downward = line.source, line not in self.arms  # a toe's foot may have the hub's cell
        run = self.way_to_room(start, old, 1, downward=downward)
        if run is None and downward and len(line.places) > 1:  # a toe, not the double itself
            self.taken.add(old)  # the toe stays by its foot, the line goes on from it
            self.join(line.source, old)
            start, downward, line.path, line.kept = old, False, [old], True
        if run is None:
            run = self.way_to_room(start, old, LONGEST_RUN, downward=downward)
        if run is not None:
            for a, b in pairwise([start, *run]):
                self.join(a, b)
            line.path += run[:-1]
        elif self._room_lent(old, set(self._spares(JOINTS))) < 3:
            run = self._room_elsewhere(line, old)
        if not run:  # it stays, its toes in cells given up round it, or the nearest free
            line.path, line.kept = [], False
            self.taken.add(old)
            self.join(line.source, old)
            return
        line.cell = run[-1]
        self.taken.update(run)

    def _ends(self, foot: Line) -> list[Cell]:
        """The cells of the lines that may take a double later (all but ``foot`` and the
        lines that end in one) whose room ``foot``'s toes can change: within two cells."""
        return [line.cell for line in self.lines if line is not foot
                and distance(line.cell, foot.cell) <= 2 and not line.ends_in_foot]  # fmt: skip

    def _arm_cells(self, arms: int) -> list[Cell]:
        """The arms' cells round the hub (past eight arms, or on a grid too small, the
        nearest free cells; with none left, a cell next to the hub shared)."""
        ways = arm_ways(arms)
        cells = []
        for index in range(arms):
            wanted = self.hub_cell.to(ways[index]) if index < len(ways) else self.hub_cell
            spare = [wanted] if self.free(wanted) else self.nearest(wanted, 1)
            cells.append(spare[0] if spare else self.hub_cell.to(AROUND[index % len(AROUND)]))
            self.taken.add(cells[-1])
        return cells

    # -- drawing ---------------------------------------------------------------------------

    def _hub(self, hub: Placed) -> Box:
        cell = self.box(self.hub_cell)
        if self.hub_lent:
            return cell
        if hub.room > 0:
            box = self._target(cell)
            self.out.ends.append(MapEnd(hub.tile, hub.end, box, "", hub.kind, hub.room))
            return box
        w = min(cell.w, self.m.tile_h * 3 // 2)
        h = min(cell.h, 2 * w)
        box = Box(cell.x + (cell.w - w) // 2, cell.y + (cell.h - h) // 2, w, h)
        self.out.tiles.append(MapTile(hub.tile, (hub.tile.lo, hub.tile.hi), box, True, ""))
        return box

    def _draw(self, line: Line, source: Box) -> None:
        if not line.places:
            return
        last = line.places[-1]
        label = self.labels[last.tile]
        cell = self.box(line.cell)
        if last.kind is not PlaceKind.FOOT:
            box = self._end(line.cell, last, label)
            self._stroke(line, source, box)
            return
        if line.lent:  # its cell went to a new end: only its toes are drawn (and a toe
            if line.kept:  # left by the foot it stands on, and its target while open)
                self._stroke(line, source, None)
            if last.room > 0:
                self._end(line.toes[2].cell, last, label)
            for toe in line.toes:
                self._draw(toe, cell)
            return
        name = Box(cell.x, cell.y, cell.w, self.m.label_h)
        tile = Box(cell.x + (cell.w - self.m.tile_w) // 2, cell.bottom - self.m.tile_h - 2,
                   self.m.tile_w, self.m.tile_h)  # fmt: skip
        self.out.names.append(MapLabel(last.tile, label, name))
        self.out.tiles.append(MapTile(last.tile, (last.tile.lo, last.tile.hi), tile, False, label))
        self.out.lanes.append(cell)
        self._stroke(line, source, cell)  # to the cell's edge, over no label
        if last.room > 0:  # the foot's target waits in its third toe's cell
            waiting = line.toes[2]
            box = self._end(waiting.cell, last, label)
            self._stroke(waiting, tile, box)
        for toe in line.toes:
            self._draw(toe, tile)

    def _end(self, cell: Cell, place: Placed, label: str) -> Box:
        box = self._target(self.box(cell))
        self.out.ends.append(MapEnd(place.tile, place.end, box, label, place.kind, place.room))
        return box

    def _target(self, cell: Box) -> Box:
        """An end's target in its cell: the target's width at most, the cell's height."""
        w, h = min(cell.w, self.m.target), cell.h
        return Box(cell.x + (cell.w - w) // 2, cell.y + (cell.h - h) // 2, w, h)

    def _stroke(self, line: Line, source: Box, box: Box | None) -> None:
        """A stroke from what a line comes from (the hub, or its foot's double) to the
        line's ``box`` (None: to its kept toe only), through the cells of its path, each
        hop between cells that touch; none from a double upwards, across its own label."""
        cells = [line.source, *line.path, line.cell]
        boxes = [source, *(self._joint(cell) for cell in line.path)]
        if line.kept:
            boxes[1] = self._toe(line)
        if box is None:
            cells, boxes = cells[:2], boxes[:2]
        else:  # each empty cell crossed, a pixel's stroke where the stroke turns
            boxes.append(box)
            crossed = zip(cells[1 + line.kept : -1], boxes[1 + line.kept : -1], strict=True)
            self.out.links += [MapLink((j.x, j.y), (j.x + 1, j.y))
                               for cell, j in crossed if cell not in self.lent_joints]  # fmt: skip
        hops = zip(pairwise(cells), pairwise(boxes), strict=True)
        for index, ((a, b), (box_a, box_b)) in enumerate(hops):
            upward = index == 0 and b.row < a.row and line not in self.arms
            held = self._holds(line, a) and self._holds(line, b)
            if touching(a, b) and held and not upward:
                self.strokes.append((line.order, box_a, box_b, a, b))

    def _holds(self, line: Line, cell: Cell) -> bool:
        """Whether ``cell``, on the way from what ``line`` comes from to its own cell, is
        still the line's to draw in: not given up to a new end (the hub's, a folded foot's,
        an empty cell a stroke crossed, a toe left by its foot)."""
        if cell == line.cell:
            return not line.lent
        if cell == line.source:
            return not self.hub_lent if line.foot is None else not line.foot.lent
        return cell not in self.lent_joints

    def _toe(self, line: Line) -> Box:
        """A toe left by its foot when its line's double moved on: its tile, drawn in its
        cell on the side towards its foot's double (as low as the double where level)."""
        cell = self.box(line.path[0])
        w, h = self.m.tile_w, self.m.tile_h
        rows, cols = step_between(line.source, line.path[0])
        x = {1: cell.x + 2, 0: cell.x + (cell.w - w) // 2, -1: cell.right - w - 2}[cols]
        y = cell.y + 2 if rows > 0 else cell.bottom - h - 2
        toe, box = line.places[0], Box(x, y, w, h)
        self.out.tiles.append(MapTile(toe.tile, _halves(toe), box, False, ""))
        return box

    def _joint(self, cell: Cell) -> Box:
        """Where a stroke crossing an empty cell turns: the cell's middle pixel."""
        x, y = self.box(cell).center
        return Box(x, y, 1, 1)

    def _strokes(self) -> None:
        """The strokes in the order their lines were given cells, each left out where it
        would cross one drawn before it (two corner-to-corner strokes through one point), and
        none to or from a cell two lines share (see ``_holds`` for cells given up)."""
        corners: set[tuple[int, int]] = set()
        used = Counter(line.cell for line in self.lines if not line.lent)
        used.update(cell for line in self.lines for cell in line.path
                    if cell not in self.lent_joints)  # fmt: skip
        used[self.hub_cell] += not self.hub_lent
        for _, source, box, a, b in sorted(self.strokes, key=lambda s: s[0]):
            if used[a] > 1 or used[b] > 1:  # a cell a full grid made two lines share
                continue
            way = step_between(a, b)
            if way[0] and way[1]:
                corner = (min(a.row, b.row), min(a.col, b.col))
                if corner in corners:
                    continue
                corners.add(corner)
            links = _facing(source, box, way, (self.box(a), self.box(b)))
            if not self._clear(links):  # a crowded grid: a cell given up lies in its way
                continue
            self.out.links += links

    def _clear(self, links: list[MapLink]) -> bool:
        """Whether a stroke's segments meet no stroke drawn before and enter no target."""
        drawn = [(link.start, link.end) for link in self.out.links]
        for link in links:
            segment = (link.start, link.end)
            if any(segments_meet(segment, other) for other in drawn):
                return False
            if any(enters(segment, end.box) for end in self.out.ends):
                return False
        return True


def _facing(a: Box, b: Box, way: Step, cells: tuple[Box, Box]) -> list[MapLink]:
    """A stroke from box ``a`` to box ``b``, in ``cells`` that touch, ``way`` apart: between
    the sides that face each other, one pixel outside each box; to a corner, through the
    gap where the two cells' corners meet, so that it passes over no other cell."""
    rows, cols = way
    if cols:
        x1, x2 = (a.right + 1, b.x - 1) if cols > 0 else (a.x - 1, b.right + 1)
    else:
        x1 = x2 = min(max(a.center[0], b.x), b.right - 1)
    if rows:
        y1, y2 = (a.bottom + 1, b.y - 1) if rows > 0 else (a.y - 1, b.bottom + 1)
    else:
        y1 = y2 = min(max(a.center[1], b.y), b.bottom - 1)
    if not (rows and cols):
        return [MapLink((x1, y1), (x2, y2))]
    first, second = cells
    bend_x = (first.right + second.x) // 2 if cols > 0 else (second.right + first.x) // 2
    bend_y = (first.bottom + second.y) // 2 if rows > 0 else (second.bottom + first.y) // 2
    # Each piece starts a pixel on from where the last ended: no two share a point.
    return [MapLink((x1, y1), (bend_x, bend_y)), MapLink((bend_x + cols, bend_y + rows), (x2, y2))]


def _nearest_stay(cells: list[Cell], double: Cell) -> list[Cell]:
    """Toes' cells in the order the toes take them, where some are not beside the double:
    those beside it go to the third toe first (the foot's target waits in its cell while the
    foot is open), then the first, so that as few toes as can be stand away from it."""
    beside = [cell for cell in cells if touching(cell, double)]
    away = [cell for cell in cells if not touching(cell, double)]
    if len(cells) != 3 or not away or not beside:
        return cells
    if len(beside) == 2:
        return [beside[0], away[0], beside[1]]
    return [*away, beside[0]]


def _halves(place: Placed) -> tuple[int, int]:
    """A tile's numbers in drawing order: the half it was laid by, then its end."""
    return (place.tile.other(place.end), place.end)


def table_map(table: Table, area: Box, metrics: Metrics) -> TableMap:
    """The map of ``table`` drawn in ``area`` with ``metrics``."""
    return _Planner(table, area, metrics).plan()
