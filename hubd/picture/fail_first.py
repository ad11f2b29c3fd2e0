"""A search that lays next the piece with the least room left, for a crowded frame's last try.

The search (hubd/picture/search.py) lays the pieces in the plan's fixed order: a piece's
neighbours-to-be first, then their lines. At 90-98 % of a grid's cells that order found no
room within a frame's budget from any start, though a layout existed (found by the fixed
order in 9,100-17,800 cells). Laying next, among the pieces that may come next, the one
with the fewest cells left by the rules (``FailFirst``) meets a dead end where it is made,
not many pieces later: from the last layout's cells, 14 of the 55 such frames of
map_bench's fixed sample at 800x480 (not full to the last cell) found room within 1,500
cells, most in under 700, where the fixed order found none in 3,000.
"""

from __future__ import annotations

from hubd.picture.grid import Grid
from hubd.picture.plan import Plan
from hubd.picture.search import Search, Start


class FailFirst(Search):
    """``Search`` laying next the piece with the fewest cells it may take (the earliest in
    the plan's order among equals). A piece may come next once the one it is joined to is
    laid and, of that one's pieces, those before it (``Search.fits`` asks each laid piece
    for its next one in turn)."""

    def __init__(
        self, plan: Plan, grid: Grid, start: Start, budget: int, hints: list[int] | None = None
    ) -> None:
        super().__init__(plan, grid, start, budget, hints)
        self.rank = [0] * len(plan.pieces)  # each piece's place in the plan's order
        for at, index in enumerate(plan.order):
            self.rank[index] = at

    def next_piece(self, at: int) -> int:
        pieces, waiting, cells = self.plan.pieces, self.waiting, self.cells
        best, best_key = -1, (0, 0)
        for index, piece in enumerate(pieces):
            if cells[index] < 0 or not waiting[index]:
                continue
            kid = piece.kids[len(piece.kids) - waiting[index]]
            key = (len(self.allowed(kid)), self.rank[kid])
            if best < 0 or key < best_key:
                best, best_key = kid, key
                if key[0] == 0:
                    break  # no cell at all: the dead end, found now
        return best
