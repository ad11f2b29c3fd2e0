"""A crowded frame's last try in its own area: the ways its searches afresh never take there.

On the grid of last resort (the numbers at their floor, the cells closest together and snug),
a frame's searches afresh all lay the pieces in the plan's fixed order with a double's toes
turned outwards (hubd/picture/layout.py ``_tries``), and at 85-97 % of its cells they found
room from no start, frame after frame of a run (the last layout a dead end, each frame the
last one and a tile more). The same table found room from other starts the other ways: the
toes the nearest first (``Start.toes_out`` off), or laying next the piece with the least room
(``FailFirst``). Which start and which way is a lottery of the table (one to four of the 88
searches, each within 200 cells, found room for a frame, in 70-200 cells), so each start is
searched both ways with a search's usual cells, until one finds room or the try's cells are
spent. A frame found so starts the next ones' last layouts: a run of missed frames ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hubd.picture.fail_first import FailFirst
from hubd.picture.grid import Grid
from hubd.picture.plan import Plan
from hubd.picture.search import Search, Start

#: The cells each search may try (a search afresh's usual ``layout.BUDGET``) and the try's
#: together. Of map_bench's fixed sample and six other crowded games, the runs of missed
#: frames this try ended were found in 177-5,723 cells (a frame no way finds room for spends
#: them all: about 100 ms more here, 17-25 us a cell).
EACH, CELLS = 200, 6000


def other_ways(laid: Plan, grid: Grid, starts: Sequence[Start]) -> tuple[Search, Start] | None:
    """The search that found room for ``laid`` on ``grid`` the other ways, and its start, if
    one did within ``CELLS``: at each of ``starts`` in turn the toes the nearest first, then
    the least room first with the toes outwards. Its ``tried`` counts every search's cells."""
    tried = 0
    for start in starts:
        for kind, toes_out in ((Search, False), (FailFirst, True)):
            turned = replace(start, toes_out=toes_out)
            search = kind(laid, grid, turned, min(EACH, CELLS - tried))
            found = search.solve()
            tried += search.tried
            if found:
                search.tried = tried
                return search, turned
            if tried >= CELLS:
                return None
    return None
