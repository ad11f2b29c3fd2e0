"""The phones' map, laid out off the web loop, each table from the layouts before it.

The phones' page follows the table as the hub's screen does: each table is laid out from the
layouts its prefixes found in the phone's area (hubd/picture/chain.py), so what stood still on
the table stands still on the phone (laid out afresh for every update, 455 / 687 tiles moved
between a phone's consecutive updates in map_bench's games 116 and 61, 206 / 496 chained), an
undo gives back the picture shown before the play, and a restarted hub draws the picture it drew
before (its chain laid out again from the table's plays).

A crowded table's layout takes up to ~400 ms here, and a new chain (the hub restarted, or no
phone following the round until now) lays out every prefix first: seconds. So the web loop
never lays out. It asks this map's worker (one thread, the only one using its ``Layouts``) for
the table it serves and goes on; the newest table wins (what waited is dropped, the one being
laid out is finished, and the chain lays the tables skipped out as prefixes anyway). Until the
table's map is ready a phone is served the last one ready of the same round (a table it
grew from), and told it waits
(the page then keeps the map it shows); when it is, ``ready`` is called (from the worker) and
the server wakes the phones' streams. Where the chain has many tables to lay out first (no
phone followed the round until now, or the hub restarted), the table is first laid out afresh
and served meanwhile: a phone opened mid-round sees the table at once, a page already showing
its map keeps it.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable

from engine import Table, Tile
from hubd.picture import Layouts
from hubd.picture.chain import SWITCH_S, TableKey
from hubd.web.svg import map_svg

log = logging.getLogger("hubd.web")

#: A map asked for: its table and the ends open on it (drawn with padlocks where closed).
MapKey = tuple[TableKey, frozenset[Tile]]

#: Maps kept: the last few tables (the one before an undo, the one after).
KEPT = 8

#: Tiles the chain may be behind a table before the table is first laid out afresh to serve
#: meanwhile (a few prefixes take about as long as that one layout).
BEHIND = 4

#: Draws ``table``'s map with ``open_ends`` from ``layouts`` (the tests give a slow one).
Draw = Callable[[Table, frozenset[Tile], Layouts], str]


def draw(table: Table, open_ends: frozenset[Tile], layouts: Layouts) -> str:
    """``table``'s map for the phones (hubd/web/svg.py), laid out with ``layouts``."""
    return map_svg(table, open_ends, layouts=layouts)


class PhoneMap:
    """The phones' maps as the web loop takes them (see the module's docstring)."""

    def __init__(self, ready: Callable[[], None] = lambda: None, draw: Draw = draw) -> None:
        self.ready = ready
        self._draw = draw
        self._layouts = Layouts()  # the worker's alone
        self._afresh = Layouts(chained=False)  # the maps served while the chain catches up
        self._chained: tuple[Tile, int] | None = None  # the chain's last table: hub, tiles
        self._drawn: dict[MapKey, str] = {}
        # The last map drawn, and the tiles on its table: served meanwhile to a table that
        # holds them all (the same round, further on), never to another game's table that
        # only opens with the same double.
        self._last: tuple[frozenset[Tile], str] | None = None
        self._waiting: tuple[MapKey, Table] | None = None
        self._busy: MapKey | None = None
        self._closed = False
        self._wake = threading.Condition()
        self._worker: threading.Thread | None = None

    def svg(self, table: Table, open_ends: frozenset[Tile]) -> tuple[str | None, bool]:
        """``table``'s map with ``open_ends`` and False where it is ready; else the last map
        ready of the same round (or None) and True, the table's asked for (never waits)."""
        key = (TableKey(table), open_ends)
        with self._wake:
            found = self._drawn.get(key)
            if found is not None:
                return found, False
            if key == self._busy:
                self._waiting = None  # back to the table being laid out (an undo)
            elif not self._closed:
                self._waiting = (key, table)  # a newer table: what waited is dropped
                self._wake.notify()
                self._start()
            last = self._last
        on_table = last is not None and last[0] <= table.placed.keys()
        return (last[1] if last is not None and on_table else None), True

    def close(self) -> None:
        """No more maps: the worker ends after the one it lays out (never waited for)."""
        with self._wake:
            self._closed = True
            self._waiting = None
            self._wake.notify()

    def _start(self) -> None:
        if self._worker is None:
            # The worker computes beside the web loop: the loop gets the interpreter back
            # within a millisecond (as beside the hub's loop, hubd/loop/pictures.py).
            sys.setswitchinterval(min(SWITCH_S, sys.getswitchinterval()))
            self._worker = threading.Thread(target=self._work, name="hubd-phone-map", daemon=True)
            self._worker.start()

    def _work(self) -> None:
        while True:
            with self._wake:
                while self._waiting is None and not self._closed:
                    self._wake.wait()
                if self._closed or self._waiting is None:
                    return
                (key, table), self._waiting = self._waiting, None
                self._busy = key
            if self._behind(table):
                self._lay_out(key, table, self._afresh)  # served while the chain catches up
            if self._lay_out(key, table, self._layouts):
                self._chained = (table.hub, len(table.placed))
            with self._wake:
                self._busy = None

    def _behind(self, table: Table) -> bool:
        """Whether the chain has more than a few of ``table``'s prefixes to lay out first."""
        chained = self._chained
        done = chained[1] if chained is not None and chained[0] == table.hub else 0
        return len(table.placed) > done + BEHIND

    def _lay_out(self, key: MapKey, table: Table, layouts: Layouts) -> bool:
        """``table``'s map laid out with ``layouts`` (chained: kept as the table's), the
        phones told; whether it could be."""
        try:
            drawn = self._draw(table, key[1], layouts)
        except Exception:  # a bug: the phones keep the map they have; the hub goes on
            log.exception("could not lay out the phones' map")
            return False
        with self._wake:
            if layouts.chained:
                self._drawn.pop(key, None)
                self._drawn[key] = drawn
                while len(self._drawn) > KEPT:
                    del self._drawn[next(iter(self._drawn))]
            self._last = (frozenset(table.placed), drawn)
        self.ready()
        return True
