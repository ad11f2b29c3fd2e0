"""The last layout found in each area, where the next frame's search starts (``Laid``).

One play changes the table by a tile, and the hub lays its frames out one after another, so
the next frame's table is mostly this one's: each piece tries the cell it had before any
other (``hints_from``: found by its ``Plan`` key), and the pieces far from the change keep
theirs (``from_last``). A table laid out anew (no layout of it as it was, or a new round) is
searched afresh (hubd/picture/layout.py).
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Hashable
from dataclasses import dataclass

from engine import Table, Tile
from hubd.picture.grid import Grid
from hubd.picture.plan import Plan
from hubd.picture.search import Search, Start
from hubd.picture.shapes import Box, Sizes

#: A layout tried: (numbers, gap, fold, keep cells for toes to come, where to start, narrow
#: cells where the numbers allow), hubd/picture/layout.py ``_tries``.
Try = tuple[int, int, int | None, bool, Start, bool]

#: Where a layout was found: the area, the sizes, whether the cells may be snug.
Where = tuple[Box, Sizes, bool]


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


#: The layouts last found, by area: a few areas a frame (the play map, the whole view, the
#: larger areas a crowded table is laid out in, the phones').
LAST_KEPT = 32
_last: dict[Where, Laid] = {}
_last_lock = threading.Lock()  # the hub's pictures and the phones' page both lay out


def last_laid(table: Table, where: Where) -> Laid | None:
    """The layout last found ``where``, if its table is this one's as it was (the same tiles
    played in the same order, this one perhaps with more)."""
    with _last_lock:
        last = _last.get(where)
    if last is None or len(last.played) > len(table.placed):
        return None
    return last if tuple(itertools.islice(table.placed, len(last.played))) == last.played else None


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


def remember(table: Table, where: Where, attempt: Try, search: Search) -> None:
    """Keep the layout ``search`` found for ``table`` ``where`` (by ``attempt``)."""
    cells = {piece.key: search.cells[index] for index, piece in enumerate(search.plan.pieces)}
    grid = search.grid
    laid = Laid(tuple(table.placed), attempt, (grid.rows, grid.cols), cells)
    with _last_lock:
        _last.pop(where, None)
        _last[where] = laid
        while len(_last) > LAST_KEPT:
            del _last[next(iter(_last))]
