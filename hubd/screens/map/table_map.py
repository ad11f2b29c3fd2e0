"""The table map: the table as it looks from above, computed from the engine's table alone.

Pure geometry (no pygame, no drawing): the play screen draws it, and the layout records
(``hubd layout``, the screenshots), the tests and the phones' page read the same values.

The map is a grid of equal cells (see ``Metrics``), laid out for a whole round:

- The hub sits in the middle column, kept for it alone, which is wider than the others by a
  lane on each side where the hub's strokes fan out to the arms without crossing any cell.
- Every line of the table (an arm or a toe) takes two neighbouring cells, its *tail* and its
  *head*, and keeps them until the round ends. The tail shows the line's label over the tile
  its end lies on (earlier tiles of a long chain are folded away); the head holds the end's
  tap target with the number it needs. So an end never moves once it is on the map: a play
  on it changes the tile and the number, never the place, and a play elsewhere changes
  nothing of it.
- Arms get their cells at the start of the round, clockwise in the order they are started:
  on the right of the hub from the top down, then on the left from the bottom up.
- A double at the end of a line lies crosswise in the line's tail, its target (where the
  toes go) in the line's head. Its three toes get their cells the moment it is laid, all
  touching the double's cell: the first two beside it (above and below, or left and right
  on an upright line), the third straight on, taking over the head where the foot's target
  was. Only when the grid has no such room does a toe go to the nearest free cells: two
  where there are, else one on its own side of the hub before two across it.
- An end that has one cell only (no tail) carries its label inside its target, under the
  number (drawn by the view); once a foot laid there has all its toes, the cell shows the
  double under its label, as a tail would, so a foot never leaves the map.
- Every line has a short label, the same on the map, in refusals and in the undo notice:
  arms are "A", "B", ... and the toes under arm B are "B1", "B2", ... in the order laid.
"""

from __future__ import annotations

import itertools
from collections import Counter

from engine import Placed, PlaceKind, Table, Tile
from hubd.screens.map.geometry import (
    Box,
    Cell,
    MapEnd,
    MapLabel,
    MapLink,
    MapTile,
    Metrics,
    TableMap,
    arm_slots,
)
from hubd.screens.map.grid import Grid, Line, Step
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
    "arm_slots",
    "table_map",
]


def _perpendicular(step: Step) -> tuple[Step, Step]:
    """The two sides of a line running along ``step``: above then below, or left then right."""
    return ((-1, 0), (1, 0)) if step[0] == 0 else ((0, -1), (0, 1))


class _Planner(Grid):
    """Gives every line its cells in play order, each keeping them for the round, then draws."""

    def __init__(self, table: Table, area: Box, metrics: Metrics) -> None:
        self.table = table
        super().__init__(area, metrics)
        self.lines: list[Line] = []
        self.shared: set[Cell] = set()  # cells a full grid made two lines share
        self.labels = line_labels(table)
        self.out = TableMap(labels=self.labels)

    # -- play order: which line each tile joins, and room for each foot's toes ------------

    def plan(self) -> TableMap:
        hub = self.table.hub_place
        arms = []
        for side, row in arm_slots(hub.capacity, self.rows):
            tail = Cell(row, self.hub_cell.col + side)
            arms.append(self.place_line(tail.to((0, side)), tail, (0, side)))
        self.lines = list(arms)
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
            if place.kind is PlaceKind.FOOT:
                line.toes = self._toes(line)
        used = Counter(c for line in self.lines for c in _shown_cells(line))
        self.shared = {cell for cell, count in used.items() if count > 1}
        self._hub(hub)
        for line in arms:
            self._draw(line, self._hub_box(hub), self.hub_cell)
        return self.out

    def _toes(self, line: Line) -> list[Line]:
        """Cells for the three toes of the foot that has just ended ``line``, touching the
        foot's own cell: the third straight on (into the line's head, where the foot's
        target waits), the first two beside the foot, one on each side where there is room."""
        at = line.tail if line.tail is not None else line.head
        step = line.step
        picks: list[tuple[Cell, Cell | None, Step] | None] = [None, None, None]
        ahead = line.head.to(step)
        if line.tail is not None and self.free(ahead):
            picks[2] = (ahead, line.head, step)
            self.taken.add(ahead)
        if picks[2] is None and line.tail is not None:
            # No room straight on: the third toe's end alone takes the foot's target's cell.
            picks[2] = (line.head, None, step)
        picks[0], picks[1] = self._beside(at, step)
        missing = [i for i, pick in enumerate(picks) if pick is None]
        for index, spot in zip(missing, self.nearest(at, len(missing)), strict=False):
            picks[index] = spot
            self.taken.add(spot[0])
            if spot[1] is not None:
                self.taken.add(spot[1])
        for index in [i for i, pick in enumerate(picks) if pick is None]:
            cell = self._borrow(at)
            picks[index] = (cell, None, step) if cell is not None else None
        toes = [Line(*pick) if pick is not None else Line(line.head, None, step) for pick in picks]
        self.lines += toes
        return toes

    def _borrow(self, near: Cell) -> Cell | None:
        """A full grid: the tail cell nearest ``near`` of a line that shows a plain tile
        there, for an end alone. That line keeps its end where it is and loses the picture
        of its tile and label, so that no two targets ever lie on each other."""
        lenders = [line for line in self.lines if line.tail is not None and line.places
                   and line.places[-1].kind is not PlaceKind.FOOT]  # fmt: skip
        if not lenders:
            return None
        lender = min(lenders, key=lambda line: self.distance(line.tail or near, near))
        cell, lender.tail = lender.tail, None
        return cell

    def _beside(self, at: Cell, step: Step) -> list[tuple[Cell, Cell | None, Step] | None]:
        """Room for the first two toes of the foot at ``at``, whose line runs along ``step``:
        as many as can touch the foot's cell, each with two cells where that leaves the
        other its place, else with its end alone; one on each side of the line if it can be.
        The cells are taken."""
        sides = _perpendicular(step)
        back = (-step[0], -step[1])
        options: list[tuple[int, int, Cell, Cell | None]] = []  # (side, order, head, tail)
        for index, side in enumerate(sides):
            beside = at.to(side)
            for order, way in enumerate((step, side, back)):
                options.append((index, order, beside.to(way), beside))
            options.append((index, 3, beside, None))
            options.append((index, 4, beside.to(step), None))
            options.append((index, 5, beside.to(back), None))
        usable = [o for o in options if self.free(o[2]) and (o[3] is None or self.free(o[3]))]
        best: tuple[tuple[int, ...], list[tuple[int, int, Cell, Cell | None] | None]] | None = None
        for first in [*usable, None]:
            for second in [*usable, None]:
                chosen = [first, second]
                cells = [c for o in chosen if o is not None for c in (o[2], o[3]) if c]
                if len(cells) != len(set(cells)):
                    continue
                score = (
                    sum(o is not None for o in chosen),
                    sum(o is not None and o[3] is not None for o in chosen),
                    sum(o is not None and o[0] == i for i, o in enumerate(chosen)),
                    -sum(o[1] for o in chosen if o is not None),
                )
                if best is None or score > best[0]:
                    best = (score, chosen)
        assert best is not None
        picks: list[tuple[Cell, Cell | None, Step] | None] = []
        for option in best[1]:
            if option is None:
                picks.append(None)
                continue
            _side, _order, head, tail = option
            self.taken |= {head} if tail is None else {head, tail}
            picks.append((head, tail, _between(tail, head) if tail is not None else step))
        return picks

    # -- drawing ---------------------------------------------------------------------------

    def _hub_box(self, hub: Placed) -> Box:
        cell = self.box(self.hub_cell)
        if hub.room > 0:
            return self._target(cell)
        w = min(cell.w, self.m.tile_h * 3 // 2)
        h = min(cell.h, 2 * w)
        return Box(cell.x + (cell.w - w) // 2, cell.y + (cell.h - h) // 2, w, h)

    def _hub(self, hub: Placed) -> None:
        box = self._hub_box(hub)
        if hub.room > 0:
            self.out.ends.append(MapEnd(hub.tile, hub.end, box, "", hub.kind, hub.room))
            return
        self.out.tiles.append(MapTile(hub.tile, (hub.tile.lo, hub.tile.hi), box, True, ""))

    def _draw(self, line: Line, parent_box: Box, parent_cell: Cell) -> None:
        if not line.places:
            return
        last = line.places[-1]
        label = self.labels[last.tile]
        if line.tail is None:  # an end alone in one cell: its target (and a foot's toes)
            self._end(line, last, label)
            parent = self._target(self.box(line.head))
            own_cell = line.head not in self.shared
            if last.kind is PlaceKind.FOOT and last.room <= 0 and own_cell:
                # Its toes are all laid: the cell shows the double under its label, as a
                # tail does, so that the foot stays on the map where it stands.
                parent = self._tail_tile(line.head, last, label)
            beside_hub = abs(line.head.col - self.hub_cell.col) == 1
            from_hub = line.places[0].parent == self.table.hub
            drawn = last.room > 0 or last.kind is PlaceKind.FOOT
            if drawn and (beside_hub or not from_hub) and own_cell:
                # An arm's stroke runs along its row from the hub: only to a cell beside it;
                # and none to a cell a full grid made two ends share.
                self.out.links += self._links(line, parent_box, parent, parent_cell)
            for toe in line.toes:
                self._draw(toe, parent, line.head)
            return
        cell = self.box(line.tail)
        m = self.m
        foot = last.kind is PlaceKind.FOOT
        beside = foot and line.step[0] == 0 and len(label) <= m.beside
        if beside:  # the double crosswise, the label beside it on the hub's side
            w, h = m.tile_h, min(m.tile_w, m.cell_h)
            x = cell.right - w if line.step[1] > 0 else cell.x
            box = Box(x, cell.y + (cell.h - h) // 2, w, h)
            lx = cell.x if line.step[1] > 0 else cell.x + w + m.gap
            name = Box(lx, cell.y + (cell.h - m.label_h) // 2, cell.w - w - m.gap, m.label_h)
        else:
            name, box = self._label_over_tile(cell)
        self.out.names.append(MapLabel(last.tile, label, name))
        # A foot's head is its target while it waits, then the straight toe's tail.
        waiting = not foot or last.room > 0
        self.out.lanes.append(_union(cell, self.box(line.head)) if waiting else cell)
        vertical = beside
        if foot:
            halves = (last.tile.lo, last.tile.hi)
        else:
            touching = last.tile.other(last.end)
            halves = (touching, last.end) if line.step[1] >= 0 else (last.end, touching)
        self.out.tiles.append(MapTile(last.tile, halves, box, vertical, label))
        self.out.links += self._links(line, parent_box, box, parent_cell)
        if foot:
            for toe in line.toes:
                self._draw(toe, box, line.tail)
        self._end(line, last, label)

    def _label_over_tile(self, cell: Box) -> tuple[Box, Box]:
        """A cell's label line at its top and the tile lying under it (the name, the tile)."""
        m = self.m
        name = Box(cell.x, cell.y, cell.w, m.label_h)
        tile = Box(cell.x + (cell.w - m.tile_w) // 2, cell.bottom - m.tile_h - 2,
                   m.tile_w, m.tile_h)  # fmt: skip
        return name, tile

    def _tail_tile(self, at: Cell, place: Placed, label: str) -> Box:
        """The label over the double in cell ``at`` (a complete foot in a cell of its own)."""
        cell = self.box(at)
        name, box = self._label_over_tile(cell)
        self.out.names.append(MapLabel(place.tile, label, name))
        halves = (place.tile.lo, place.tile.hi)
        self.out.tiles.append(MapTile(place.tile, halves, box, False, label))
        self.out.lanes.append(cell)
        return box

    def _links(self, line: Line, parent: Box, box: Box, parent_cell: Cell) -> list[MapLink]:
        """The strokes to a line's tile from its foot, or from the hub. The hub's leave its
        side at the height of their rows (so that no two cross), turn at the edge of the hub's
        column and run straight to the arm's tile."""
        if line.places[0].parent != self.table.hub:
            # Only to a toe that starts in a cell beside its foot's (not corner to corner): a
            # toe that found room only further away goes by its label, never by a stroke
            # across the map.
            start = line.tail or line.head
            if abs(start.row - parent_cell.row) + abs(start.col - parent_cell.col) != 1:
                return []
            return [MapLink(*_facing(parent, box))]
        right = box.x > parent.center[0]
        row = line.tail.row if line.tail is not None else line.head.row
        y = parent.y + (2 * row + 1) * parent.h // (2 * self.rows)
        cell = self.box(self.hub_cell)
        way = 1 if right else -1
        edge = cell.right + 1 if right else cell.x - 1  # the hub cell's side
        hub_side = parent.right + 1 if right else parent.x - 1
        # Each stroke starts a pixel on from where the last ended: no two share a point.
        points = [(hub_side, y), (edge, y)] if (edge - hub_side) * way > 1 else [(edge, y)]
        points += [(edge + way * (self.fan - 2), box.center[1])]
        points += [(box.x - 1 if right else box.right + 1, box.center[1])]
        return [
            MapLink((a[0] + (way if i else 0), a[1]), b)
            for i, (a, b) in enumerate(itertools.pairwise(points))
        ]

    def _end(self, line: Line, place: Placed, label: str) -> None:
        if place.room <= 0:
            return
        box = self._target(self.box(line.head))
        alone = line.tail is None
        end = MapEnd(place.tile, place.end, box, label, place.kind, place.room, alone)
        self.out.ends.append(end)

    def _target(self, cell: Box) -> Box:
        """An end's target in its cell: the target's width, the cell's height at most."""
        w, h = min(cell.w, self.m.target), min(cell.h, self.m.target)
        return Box(cell.x + (cell.w - w) // 2, cell.y + (cell.h - h) // 2, w, h)


def _shown_cells(line: Line) -> list[Cell]:
    """The cells a line shows something in: none before its first tile; a foot's head only
    until its toes take it over (a foot with a tail hands its head to its third toe)."""
    if not line.places:
        return []
    if line.tail is None:
        return [line.head]
    return [line.tail] if line.places[-1].kind is PlaceKind.FOOT else [line.tail, line.head]


def _union(a: Box, b: Box) -> Box:
    x, y = min(a.x, b.x), min(a.y, b.y)
    return Box(x, y, max(a.right, b.right) - x, max(a.bottom, b.bottom) - y)


def _between(tail: Cell, head: Cell) -> Step:
    return (head.row - tail.row, head.col - tail.col)


def _facing(a: Box, b: Box) -> tuple[tuple[int, int], tuple[int, int]]:
    """A stroke from box ``a`` to box ``b``, each end on the middle of the side facing the
    other, one pixel outside it."""
    ax, ay = a.center
    bx, by = b.center
    if abs(bx - ax) * max(1, a.h + b.h) >= abs(by - ay) * max(1, a.w + b.w):
        if bx >= ax:
            return (a.right + 1, ay), (b.x - 1, by)
        return (a.x - 1, ay), (b.right + 1, by)
    if by >= ay:
        return (ax, a.bottom + 1), (bx, b.y - 1)
    return (ax, a.y - 1), (bx, b.bottom + 1)


def table_map(table: Table, area: Box, metrics: Metrics) -> TableMap:
    """The map of ``table`` drawn in ``area`` with ``metrics``."""
    return _Planner(table, area, metrics).plan()
