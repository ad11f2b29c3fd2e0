"""What a crowded map gives up to a new end: the cells a foot's toes may take when too few
round its double are free, and what is no longer drawn for it.

Before the grid is full (``Lender._spares``), in this order: an empty cell a stroke crosses,
the hub's once its arms are all started, a complete foot's (folded), a toe left by its foot.
On a full grid (``Lender._borrow``), an open foot's too. Each is decided from the plays so
far, in play order, so a later play never changes what an earlier one was given.
"""

from __future__ import annotations

from hubd.screens.map.geometry import AROUND, Box, Cell, Metrics
from hubd.screens.map.grid import Grid, Line, clockwise, distance, touching

#: The kinds of cell given up to a new end before the grid is full, in the order they are
#: given up (see ``Lender._spares``).
JOINTS, FOLDS, KEPT_TOES = range(3)


class Lender(Grid):
    """A grid with the table's lines on it, and what of theirs has been given up."""

    def __init__(self, area: Box, metrics: Metrics) -> None:
        super().__init__(area, metrics)
        self.lines: list[Line] = []
        self.arms: list[Line] = []
        self.hub_lent = False
        self.lent_joints: set[Cell] = set()  # empty cells a stroke crossed, given up
        self.idle: set[Cell] = set()  # folded feet's cells no end has taken yet

    def _room_elsewhere(self, line: Line, old: Cell) -> list[Cell]:
        """Where a double with no room within reach of ``old`` goes, on its own: the nearest
        free cell with room (of the nearest, the one with the most free cells round it);
        with none anywhere, the nearest cell, free or one that can be given up (its own
        kept toe's too), whose room is made up by complete feet folding round it; else by
        toes left by their feet giving their cells up too; with none of these, nowhere."""
        free = self.nearest(old, self.rows * self.cols)
        roomy = [c for c in free if len(self.around(c)) >= 3]
        if roomy:
            return [min(roomy, key=lambda c: (distance(c, old), -len(self.around(c))))]
        for upto in (FOLDS, KEPT_TOES):
            spares = set(self._spares(upto))
            # Nearest first, then nearest the foot it is laid on, then a free cell first.
            near = sorted(
                [*free, *spares],
                key=lambda c: (
                    distance(c, old),
                    distance(c, line.source),
                    c in spares,
                    clockwise(old, c),
                    c,
                ),
            )
            cell = next((c for c in near if self._room_lent(c, spares) >= 3), None)
            if cell is not None:
                if cell in spares:
                    self._lend(cell)
                return [cell]
        return []

    def _spares(self, upto: int = KEPT_TOES) -> list[Cell]:
        """The cells that may be given up to a foot's toes before the grid is full, in this
        order, ``upto`` the kind named: ``JOINTS``, empty cells a stroke crosses (the stroke
        left out) and the hub's once its arms are all started (the hub no longer drawn);
        ``FOLDS``, complete feet's (the double no longer drawn, its toes kept where they
        are); ``KEPT_TOES``, the cells of toes left by their feet (the toe's tile no longer
        drawn, its line going on where its double moved to)."""
        folds: list[Cell] = []
        if upto >= FOLDS:
            folds = [*sorted(self.idle), *(line.cell for line in self._foldable())]
        kept = self._toes_left() if upto >= KEPT_TOES else []
        return list(dict.fromkeys([*self._joints(), *self._hub_spare(), *folds, *kept]))

    def _foldable(self) -> list[Line]:
        """The feet whose three toes are laid, as the plays so far stand."""
        return [line for line in self.lines if line.toes and complete(line)]

    def _joints(self) -> list[Cell]:
        """The empty cells a stroke crosses that have not been given up."""
        return [cell for line in self.lines for cell in line.path[line.kept :]
                if cell not in self.lent_joints]  # fmt: skip

    def _toes_left(self) -> list[Cell]:
        """The cells of toes left by their feet (their lines' doubles moved on), still drawn."""
        return [line.path[0] for line in self.lines if line.kept]

    def _hub_spare(self) -> list[Cell]:
        """The hub's cell if it may be given up: every arm started, as the plays so far
        stand (never the table's later state, so a later play changes nothing of this)."""
        return [self.hub_cell] if not self.hub_lent and all(a.places for a in self.arms) else []

    def _room_lent(self, cell: Cell, spares: set[Cell]) -> int:
        """The cells round ``cell`` free or among ``spares`` (see ``_spares``)."""
        return len(self.around(cell)) + sum(1 for way in AROUND if cell.to(way) in spares)

    def _lend(self, cell: Cell) -> None:
        """Give ``cell`` (one of ``_spares``) up to a new end."""
        if cell in self.idle:
            self.idle.discard(cell)
            return
        folded = next((line for line in self._foldable() if line.cell == cell), None)
        if folded is not None:  # before the hub: a foot may stand in the hub's cell
            folded.lent = True
        elif cell == self.hub_cell:
            self.hub_lent = True
        else:  # an empty cell a stroke crosses
            self.lent_joints.add(cell)
        for line in self.lines:  # a toe left by its foot (in any of these)
            if line.kept and line.path[0] == cell:
                line.kept = False
                self._fold_foot_of(line)
                self.lent_joints.add(cell)

    def fold_if_scattered(self, foot: Line) -> None:
        """A foot folds once its target (waiting in its third toe's cell) or a toe laid on
        it stands away from its double (a full grid sent it to the nearest free cell):
        drawn, the double would stand apart from its own foot; folded, its toes keep their
        places and labels, its target waits where it is, and its cell may go to a new end."""
        shown = [toe for toe in foot.toes if toe.places or toe is foot.toes[-1]]
        if any(not touching(_home(toe), foot.cell) for toe in shown):
            self._fold(foot)

    def _fold_foot_of(self, toe: Line) -> None:
        """A toe's tile is no longer drawn by its foot: the foot folds too, rather than stand
        with a toe away from it (open, its target stays in its third toe's cell); its cell
        may go to a new end."""
        if toe.foot is not None:
            self._fold(toe.foot)

    def _fold(self, foot: Line) -> None:
        """A foot no longer drawn: its double's cell waits for a new end."""
        if not foot.lent:
            foot.lent = True
            self.idle.add(foot.cell)

    def _borrow(self, near: Cell) -> Cell:
        """A full grid: a cell given up to a new end, nearest ``near`` first, so that no two
        targets lie on each other: a complete foot's (its double no longer drawn, its toes
        stay where they are), an empty cell a stroke crosses (the stroke is left out), an
        open foot's (its target waits by its toes), the hub's, a toe's left by its foot
        (no longer drawn); only with none of these left do two ends share a cell."""

        def nearest(lines: list[Line]) -> Line | None:
            return min(lines, key=lambda line: (distance(line.cell, near), line.order),
                       default=None)  # fmt: skip

        feet = [line for line in self.lines
                if line.ends_in_foot and not line.lent and line.cell != near]  # fmt: skip
        joints = self._joints()
        lender = nearest([line for line in feet if complete(line)])
        if lender is None and not joints:
            lender = nearest(feet)  # an open foot's
        if lender is not None:
            lender.lent = True
            return lender.cell
        for cells in (sorted(self.idle), joints, self._hub_spare(), self._toes_left()):
            if cells:
                cell = min(cells, key=lambda cell: distance(cell, near))
                self._lend(cell)
                return cell
        return next((c for c in (near.to(way) for way in AROUND) if self.inside(c)), near)


def complete(line: Line) -> bool:
    """Whether ``line`` ends in a foot whose three toes are laid, as the plays so far stand,
    and has not given its cell up."""
    return line.ends_in_foot and not line.lent and all(toe.places for toe in line.toes)


def _home(toe: Line) -> Cell:
    """Where a toe's first tile is drawn: its cell, or where its line's double moved on
    from (the toe left by its foot)."""
    return toe.path[0] if toe.kept else toe.cell
