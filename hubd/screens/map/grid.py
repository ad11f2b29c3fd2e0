"""The table map's grid of cells: each cell's box, which are free, the nearest room for a line."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Placed
from hubd.screens.map.geometry import Box, Cell, Metrics

Step = tuple[int, int]


@dataclass(eq=False)
class Line:
    """An arm or a toe: its two cells (``tail`` None for an end squeezed into one cell)."""

    head: Cell
    tail: Cell | None
    step: Step  # from the tail towards the head (the way the line runs)
    places: list[Placed] = field(default_factory=list)
    toes: list[Line] = field(default_factory=list)  # a foot's toes, in the order laid


class Grid:
    """The cells of an area with ``metrics``, the hub's in the middle, and those taken."""

    def __init__(self, area: Box, metrics: Metrics) -> None:
        self.m = metrics
        # The hub's column is wider than the rest by a lane on each side of the hub, where
        # its strokes fan out to the arms without passing over any other cell.
        self.fan = max(8, 3 * metrics.gap)
        cols = max(3, (area.w + metrics.gap - 2 * self.fan) // metrics.pitch_w)
        self.rows = max(1, (area.h + metrics.gap) // metrics.pitch_h)
        self.cols = cols
        # What crossing the hub's column adds to a distance: more than any distance on one
        # side, so a cell across is always further than every cell on the same side.
        self.across = 2 * cols
        width = cols * metrics.pitch_w - metrics.gap + 2 * self.fan
        height = self.rows * metrics.pitch_h - metrics.gap
        self.left = area.x + (area.w - width) // 2
        self.top = area.y + (area.h - height) // 2
        self.hub_cell = Cell(self.rows // 2, (cols - 1) // 2)
        # The hub's column holds the hub alone: a toe there would put its stroke across the
        # lanes of the hub's strokes.
        self.taken: set[Cell] = {Cell(r, self.hub_cell.col) for r in range(self.rows)}

    def box(self, cell: Cell) -> Box:
        m = self.m
        hub = self.hub_cell.col
        fan = 0 if cell.col < hub else self.fan if cell.col == hub else 2 * self.fan
        return Box(self.left + cell.col * m.pitch_w + fan, self.top + cell.row * m.pitch_h,
                   m.cell_w, m.cell_h)  # fmt: skip

    def free(self, cell: Cell) -> bool:
        return 0 <= cell.row < self.rows and 0 <= cell.col < self.cols and cell not in self.taken

    def take(self, head: Cell, tail: Cell | None, step: Step) -> Line:
        self.taken.add(head)
        if tail is not None:
            self.taken.add(tail)
        return Line(head, tail, step)

    def distance(self, a: Cell, b: Cell) -> int:
        """Steps between two cells, counting the hub's column as a wall worth crossing
        only when nothing else is free."""
        hub = self.hub_cell.col
        across = (a.col - hub) * (b.col - hub) < 0
        return max(abs(a.row - b.row), abs(a.col - b.col)) + (self.across if across else 0)

    def nearest(self, near: Cell, count: int) -> list[tuple[Cell, Cell | None, Step]]:
        """Up to ``count`` free places for a line, nearest ``near`` first: two cells side by
        side where there are any close by, else one cell for an end alone."""
        pairs: list[tuple[int, int, Cell, Cell | None, Step]] = []
        singles: list[tuple[int, int, Cell, Cell | None, Step]] = []
        for row in range(self.rows):
            for col in range(self.cols):
                tail = Cell(row, col)
                if not self.free(tail):
                    continue
                far = self.distance(tail, near)
                singles.append((far, 9, tail, None, (0, 1)))
                for order, step in enumerate(((0, 1), (0, -1), (1, 0), (-1, 0))):
                    head = tail.to(step)
                    if self.free(head):
                        pairs.append((far, order, tail, head, step))
        close = [p for p in pairs if p[0] <= 2]
        rest = sorted(p for p in pairs if 2 < p[0] < self.across)
        across = sorted(p for p in pairs if p[0] >= self.across)  # on the other arms' side
        # An end alone on its own side (its label inside its target) before a line across
        # the hub among the other arms' ends, where a family would never look for it.
        near_singles = sorted(s for s in singles if s[0] <= 2)
        own_side = sorted(s for s in singles if s[0] < self.across)
        choices = sorted(close) + near_singles + rest + own_side + across + sorted(singles)
        found: list[tuple[Cell, Cell | None, Step]] = []
        used: set[Cell] = set()
        for _far, _order, first, second, step in choices:
            if len(found) == count:
                break
            cells = {first} if second is None else {first, second}
            if not cells & used:
                found.append((second, first, step) if second is not None else (first, None, step))
                used |= cells
        return found

    def place_line(self, head: Cell, tail: Cell, step: Step) -> Line:
        """The line at ``tail``/``head`` if both are free, else at the nearest free room."""
        if self.free(head) and self.free(tail):
            return self.take(head, tail, step)
        spots = self.nearest(tail, 1)
        if not spots:  # a table fuller than the grid: overlap rather than vanish
            return Line(head, None, step)
        return self.take(*spots[0])
