"""The table map's grid of cells: each cell's box, which are free, the room around a cell."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import Placed, PlaceKind
from hubd.screens.map.geometry import AROUND, Box, Cell, Metrics

Step = tuple[int, int]


@dataclass(eq=False)
class Line:
    """An arm or a toe: the one cell it keeps for the round, and where it comes from."""

    cell: Cell
    source: Cell  # the hub's cell, or its foot's
    order: int  # when it was given its cell: strokes are drawn in this order
    places: list[Placed] = field(default_factory=list)
    toes: list[Line] = field(default_factory=list)  # a foot's toes, in the order laid
    foot: Line | None = None  # the foot a toe is laid on (None: an arm)
    #: The cells a stroke crosses from ``source`` to ``cell``: a double that found no room
    #: for its toes round its line's cell went on to the nearest that had. Empty, but for
    #: the first where ``kept``: the line's first tile (a toe) stays there, by its foot.
    path: list[Cell] = field(default_factory=list)
    kept: bool = False
    lent: bool = False  # a complete foot's cell given up to a new end on a full grid

    @property
    def ends_in_foot(self) -> bool:
        """Whether the line's last tile is a double with toes of its own (a foot)."""
        return bool(self.places) and self.places[-1].kind is PlaceKind.FOOT


def step_between(a: Cell, b: Cell) -> Step:
    """The step from ``a`` towards ``b``, each part -1, 0 or 1."""
    return ((b.row > a.row) - (b.row < a.row), (b.col > a.col) - (b.col < a.col))


def distance(a: Cell, b: Cell) -> int:
    """Steps between two cells, a corner counting as one."""
    return max(abs(a.row - b.row), abs(a.col - b.col))


def touching(a: Cell, b: Cell) -> bool:
    return distance(a, b) == 1


class Grid:
    """The cells of an area with ``metrics``, the hub's in the middle, those taken, and the
    pairs of cells a stroke joins."""

    def __init__(self, area: Box, metrics: Metrics) -> None:
        self.m = metrics
        self.cols = max(3, (area.w + metrics.gap) // metrics.pitch_w)
        self.rows = max(1, (area.h + metrics.gap) // metrics.pitch_h)
        width = self.cols * metrics.pitch_w - metrics.gap
        height = self.rows * metrics.pitch_h - metrics.gap
        self.left = area.x + (area.w - width) // 2
        self.top = area.y + (area.h - height) // 2
        self.hub_cell = Cell(self.rows // 2, (self.cols - 1) // 2)
        self.taken: set[Cell] = {self.hub_cell}
        self.joined: set[frozenset[Cell]] = set()

    def box(self, cell: Cell) -> Box:
        m = self.m
        return Box(self.left + cell.col * m.pitch_w, self.top + cell.row * m.pitch_h,
                   m.cell_w, m.cell_h)  # fmt: skip

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell.row < self.rows and 0 <= cell.col < self.cols

    def free(self, cell: Cell) -> bool:
        return self.inside(cell) and cell not in self.taken

    def around(self, cell: Cell) -> list[Cell]:
        """The free cells touching ``cell``, clockwise from its top right."""
        return [c for c in (cell.to(way) for way in AROUND) if self.free(c)]

    def nearest(self, near: Cell, count: int) -> list[Cell]:
        """Up to ``count`` free cells, nearest ``near`` first (clockwise among equals)."""
        cells = [Cell(r, c) for r in range(self.rows) for c in range(self.cols)]
        free = [c for c in cells if self.free(c)]
        free.sort(key=lambda c: (distance(c, near), clockwise(near, c)))
        return free[:count]

    def within(self, centre: Cell, steps: int) -> list[Cell]:
        """The cells of the grid at most ``steps`` from ``centre`` (``centre`` too)."""
        rows = range(max(0, centre.row - steps), min(self.rows, centre.row + steps + 1))
        cols = range(max(0, centre.col - steps), min(self.cols, centre.col + steps + 1))
        return [Cell(r, c) for r in rows for c in cols]

    def join(self, a: Cell, b: Cell) -> None:
        """Note that a stroke joins ``a`` and ``b``, where they touch."""
        if touching(a, b):
            self.joined.add(frozenset((a, b)))

    def free_round(self, cell: Cell, besides: Sequence[Cell] = ()) -> list[Cell]:
        """The free cells touching ``cell``, ``besides`` left out."""
        return [c for c in self.around(cell) if c not in besides]

    def way_to_room(
        self, source: Cell, near: Cell, longest: int, *, downward: bool
    ) -> list[Cell] | None:
        """The shortest run of free cells from ``source`` (each touching the last, at most
        ``longest``) to one with three free cells round it, the run's last; among equals,
        the most room, then nearest ``near``. ``downward``: the run does not leave upwards
        (from a double, across its label). None where no run gets there."""
        runs: list[list[Cell]] = [[]]
        seen = {source}
        for _ in range(longest):
            longer = []
            for run in runs:
                last = run[-1] if run else source
                for cell in self.around(last):
                    if cell in seen or (not run and downward and cell.row < source.row):
                        continue
                    if self._crosses(last, cell):
                        continue
                    seen.add(cell)
                    longer.append([*run, cell])
            rooms = [(len(self.free_round(run[-1], run)), run) for run in longer]
            reached = [(room, run) for room, run in rooms if room >= 3]
            if reached:
                return max(reached, key=lambda got: (got[0], -distance(got[1][-1], near)))[1]
            if not longer:
                return None
            runs = longer
        return None

    def _crosses(self, a: Cell, b: Cell) -> bool:
        """Whether a stroke from ``a`` to the corner cell ``b`` would cross one already
        joining the other two cells of their square."""
        if a.row == b.row or a.col == b.col:
            return False
        return frozenset((Cell(a.row, b.col), Cell(b.row, a.col))) in self.joined

    def room_for_toes(
        self, at: Cell, away_from: Cell, others: Sequence[Cell], spares: Sequence[Cell] = ()
    ) -> list[Cell]:
        """Three free cells touching ``at`` for a foot's toes, chosen to leave them and the
        ``others`` the most room for feet to come (see ``_score``), in the order the toes take them:
        clockwise from the line's way in, the third in the middle, where the foot's target
        waits. Fewer touching: those, then the ``spares`` touching ``at`` (cells that can be
        given up), then the nearest free cells; fewer free: as many as there are."""
        options = self.around(at)
        if len(options) < 3:
            beside = [c for c in spares if touching(c, at)]
            chosen = [*options, *beside][:3]
            chosen += [c for c in self.nearest(at, 3) if c not in chosen][: 3 - len(chosen)]
        else:
            # The free cells round each cell that may matter, before the toes take any: the
            # toes', the other ends', and those of the free cells within two of ``at`` (no
            # cell further off has a neighbour the toes can take).
            sites = [c for c in self.within(at, 2) if self.free(c)]
            free_round = {c: self.around(c) for c in {*options, *others, *sites}}
            chosen = list(
                max(
                    itertools.combinations(options, 3),
                    key=lambda trio: self._score(at, tuple(trio), others, sites, free_round),
                )
            )
        chosen.sort(key=lambda c: clockwise(at, c, start=away_from))
        self.taken.update(chosen)
        return [chosen[0], chosen[2], chosen[1]] if len(chosen) == 3 else chosen

    def _score(
        self,
        at: Cell,
        trio: tuple[Cell, ...],
        others: Sequence[Cell],
        sites: Sequence[Cell],
        free_round: dict[Cell, list[Cell]],
    ) -> tuple[int, ...]:
        """How good three cells are for a foot's toes: how many of them, of the ``others``
        (the ends that may take a double later) and of the free ``sites`` left (where such a
        double, with no room at its own end, can move on to) keep three free cells round them
        (room for a foot), then how many of the toes and the ends keep four, then five; how
        many free cells the three keep in all; how far from the hub they stand; how many are
        beside the double (not at a corner)."""

        def room(cell: Cell) -> int:
            return sum(1 for c in free_round[cell] if c not in trio)

        ends = [room(cell) for cell in (*trio, *others)]
        moves = sum(1 for cell in sites if cell not in trio and room(cell) >= 3)
        kept = [sum(r >= least for r in ends) for least in (3, 4, 5)]
        hub = self.hub_cell
        out = sum(distance(c, hub) for c in trio)
        beside = sum(abs(c.row - at.row) + abs(c.col - at.col) == 1 for c in trio)
        return (kept[0] + moves, *kept[1:], sum(ends[: len(trio)]), out, beside)


def clockwise(centre: Cell, cell: Cell, start: Cell | None = None) -> int:
    """Where ``cell`` stands round ``centre``, clockwise: 0-7 from the top right, or from
    just after the way towards ``start``."""
    way = step_between(centre, cell)
    index = AROUND.index(way) if way in AROUND else 0
    if start is None:
        return index
    begin = step_between(centre, start)
    offset = AROUND.index(begin) + 1 if begin in AROUND else 0
    return (index - offset) % len(AROUND)
