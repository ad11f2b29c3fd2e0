"""The last layout found, where the next frame's search starts (``Laid``).

One play changes the table by a tile, so the next frame's table is mostly this one's: each
piece tries the cell it had before any other (``hints_from``: found by its ``Plan`` key), and
the pieces far from the change keep theirs (``from_last``). Which layout is the last one is
the caller's (hubd/picture/chain.py carries it from a table's prefixes); without one a table
is searched afresh (hubd/picture/layout.py).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from engine import Table, Tile
from hubd.picture.grid import Grid
from hubd.picture.plan import Plan
from hubd.picture.search import Search, Start

#: A layout tried: (numbers, gap, fold, keep cells for toes to come, where to start, narrow
#: cells where the numbers allow), hubd/picture/layout.py ``_tries``.
Try = tuple[int, int, int | None, bool, Start, bool]


@dataclass(frozen=True)
class Laid:
    """A layout found in an area: the tiles of its table in the order played, the attempt
    and grid that found it, and each piece's cell by its key (``Plan``). One play changes
    the table by a tile, so the next frame is mostly this one: laid out first with each
    piece trying its cell here before any other, it is this picture and the new tile, where
    that fits, in about a cell tried a piece. Searched afresh, a table at 85-100 % of a
    grid's cells found no layout within a frame's budget from any start (a lottery each
    start of 200 cells lost), though the frame before it had one."""

    played: tuple[Tile, ...]
    attempt: Try
    shape: tuple[int, int]  # the grid's rows and columns
    cells: dict[Hashable, int]

    def before(self, table: Table) -> bool:
        """Whether this layout's table is ``table`` as it was (the same tiles played in the
        same order, ``table`` perhaps with more)."""
        played = self.played
        return len(played) <= len(table.placed) and all(
            a == b for a, b in zip(played, table.placed, strict=False)
        )


#: The cells a frame's search from the last layout may try (of the frame's budget), and each
#: of its searches with the pieces far from the change kept where they were.
LAST_BUDGET, LOCAL_BUDGET = 500, 100


def from_last(
    laid: Plan, grid: Grid, start: Start, hints: list[int], budget: int
) -> tuple[Search | None, int]:
    """The search that found room for ``laid`` from the last layout (``hints``), if one did
    within ``budget`` cells, and the cells tried. First only what grows from the pieces the
    new ones join may move, every other piece kept in its cell; then what grows from the
    double before them, and the one before that, towards the hub; then (with half the budget
    at least) the whole table, each piece trying its last cell first. Searched whole at once,
    a change at a crowded corner undid the far pieces' cells again and again first."""
    pieces, tried = laid.pieces, 0
    moved = {pieces[index].parent for index, hint in enumerate(hints) if hint < 0}
    while tried < budget:
        whole = 0 in moved or tried >= budget // 2  # (the whole table: at least half)
        search = Search(laid, grid, start, budget - tried if whole else LOCAL_BUDGET, hints)
        if not whole:
            free = _grown_from(laid, moved)
            search.pin({index for index, hint in enumerate(hints)
                        if hint >= 0 and index not in free})  # fmt: skip
        found = search.solve()
        tried += search.tried
        if found:
            return search, tried
        if whole:
            break
        moved = {_double_before(laid, index) for index in moved}
    return None, tried


def _grown_from(laid: Plan, roots: set[int]) -> set[int]:
    """``roots`` and every piece that grows from them."""
    found, stack = set(roots), list(roots)
    while stack:
        for kid in laid.pieces[stack.pop()].kids:
            found.add(kid)
            stack.append(kid)
    return found


def _double_before(laid: Plan, index: int) -> int:
    """The double (or the hub) the line of ``index`` leaves."""
    pieces = laid.pieces
    index = pieces[index].parent
    while index > 0 and pieces[index].kind != "double":
        index = pieces[index].parent
    return max(0, index)


def hints_from(laid: Plan, last: Laid) -> list[int]:
    """Each piece's cell in ``last`` (-1: none): a new line's first tile the cell its
    double's (or the hub's) target had, where the next tile was to go; the target, if
    it is still there, none (it moves on)."""
    pieces, cells = laid.pieces, last.cells
    hints = [cells.get(piece.key, -1) for piece in pieces]
    at = {piece.key: index for index, piece in enumerate(pieces)}
    for index, piece in enumerate(pieces):
        source = pieces[max(0, piece.parent)]
        if hints[index] >= 0 or piece.kind == "end" or source.kind not in ("hub", "double"):
            continue
        target = (source.place.tile, "end")
        cell = cells.get(target, -1)
        if cell < 0 or (cell in hints and hints[at.get(target, index)] != cell):
            continue  # no target there, or its cell given to another new line
        if target in at:
            hints[at[target]] = -1
        hints[index] = cell
    return hints


def found_laid(table: Table, attempt: Try, search: Search) -> Laid:
    """The layout ``search`` found for ``table`` (by ``attempt``), for the next frame."""
    cells = {piece.key: search.cells[index] for index, piece in enumerate(search.plan.pieces)}
    grid = search.grid
    return Laid(tuple(table.placed), attempt, (grid.rows, grid.cols), cells)
