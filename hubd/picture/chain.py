"""A table's picture, the same whoever lays it out and whenever: the chain of its layouts.

A frame is laid out first from the last layout found in its area (hubd/picture/last_layout.py),
so a picture depends on the layouts before it. Which ones is fixed here: the table's own
prefixes, the table as it was after each of its plays in the order played, each laid out in the
area from the layout the ones before it found (``Chain``). A frame's picture is then a function
of its table and its area alone: the hub's screen, the hub restarted mid-round, ``hubd layout``
and map_bench draw the same table in the same area alike, and an undo gives back the picture
shown before the play. (The phones' page too, in its own area, off the web loop:
hubd/web/phone_map.py.) (Kept by area in
the process, the last layout made a restarted hub lay a crowded table out afresh, and two
sequences laid out in one process disturbed each other.)

Whoever lays a sequence of tables out carries a ``Layouts``: the hub's picture keeper (one
worker thread), the phones' map (its own), ``hubd layout``'s frames, map_bench. Frame
after frame a step is one frame's layout; a fresh ``Layouts`` (a restarted hub, a table asked
out of the blue) lays the table's prefixes out first. It also keeps the pictures of the last few
tables (a frame is rebuilt on every tap). One thread at a time uses a ``Layouts``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from engine import Table, Tile
from hubd.picture.faithful import (
    LEAST_BUDGET,
    WHOLE_LEAST,
    InPlace,
    faithful,
    in_place,
    note_height,
)
from hubd.picture.last_layout import Laid
from hubd.picture.shapes import Box, Picture, Sizes

#: A tile on the table and the tile it was laid on (the hub: None), in the order played.
Play = tuple[Tile, Tile | None]


def plays(table: Table) -> list[Play]:
    """``table``'s tiles in the order played, each with the tile it lies on."""
    return [(tile, place.parent) for tile, place in table.placed.items()]


class Chain:
    """The last layout found in one area after each prefix of a round's table: ``found[k]``
    after its first ``k + 1`` tiles (the hub alone: 0), the one the table with one tile more
    starts from. It is the last one found, not the prefix's own: a prefix over by count, or
    with no room in the area, leaves the one before it."""

    def __init__(self, area: Box, sizes: Sizes) -> None:
        self.area, self.sizes = area, sizes
        self.round: tuple[Tile, int, int] | None = None  # the hub, its arms, the set's highest
        self.plays: list[Play] = []
        self.found: list[Laid | None] = []

    def lay(self, table: Table, stop: Callable[[], bool] = lambda: False) -> InPlace:
        """``table`` laid out in the area (``in_place``) from the layout its prefixes found,
        laying out first those not yet laid out here (``Stopped`` between two of them where
        ``stop()`` says so: the ones laid out are kept)."""
        played, n = plays(table), len(table.placed)
        hub = table.hub_place
        this_round = (hub.tile, hub.capacity, len(table.open_by_end) - 1)
        if this_round != self.round:
            self.round, self.plays, self.found = this_round, [], []
        same, most = 0, min(n, len(self.plays))
        while same < most and played[same] == self.plays[same]:
            same += 1
        if same < most:  # another table from here on: what followed goes
            del self.plays[same:], self.found[same:]
        done = len(self.plays)
        if done < n - 1:
            prefix = Table(hub.tile.lo, hub.capacity, this_round[2])  # the hub alone
            for tile, on in played[1:done]:
                prefix.place(tile, _on(on))
            for k in range(done, n - 1):
                if stop():
                    raise Stopped
                if k:
                    prefix.place(played[k][0], _on(played[k][1]))  # the first k + 1 tiles
                last = self.found[k - 1] if k else None
                self.found.append(in_place(prefix, self.area, self.sizes, last).found or last)
                self.plays.append(played[k])
        before = self.found[n - 2] if n > 1 else None
        here = in_place(table, self.area, self.sizes, before)
        if len(self.plays) == n - 1:
            self.plays.append(played[-1])
            self.found.append(here.found or before)
        return here


class Stopped(Exception):
    """A table's prefixes were still being laid out when the one laying out was asked to
    stop (``Layouts.stop``)."""


def _on(tile: Tile | None) -> Tile:
    """The tile a tile other than the hub lies on."""
    assert tile is not None
    return tile


#: How soon a thread waiting for the interpreter's lock gets it from one that computes (5 ms
#: by default): while a picture was laid out, every wake of the loop waited for it, and a
#: press's sound came 10.3 ms (median) after the press instead of 2.3; at 1 ms, 3.3 ms (200
#: presses of benchmarks/press_timing.py with a thread computing beside the loop).
#: (Whoever lays out on a thread beside a loop sets it: the hub's pictures, the phones' map.)
SWITCH_S = 0.001

#: Areas a ``Layouts`` keeps a chain for (the play map's, at each room it takes, and the
#: whole view's), and the pictures it keeps: a few tables (the frame before an undo, the one
#: after) in those areas.
CHAINS, RECENT = 8, 16


class Layouts:
    """The layouts and pictures of one sequence of tables, carried by whoever lays it out
    (see the module's docstring); ``chained=False``: each table laid out afresh, a function
    of the table alone too, with no prefixes to lay out first (the prefixes of a fourteen-foot
    table took up to 25 s here: map_bench's measures afresh). ``stop``: asked between two
    prefixes laid out (``Stopped``)."""

    def __init__(self, chained: bool = True) -> None:
        self.chained = chained
        self.stop: Callable[[], bool] = lambda: False
        self._chains: dict[tuple[Box, Sizes], Chain] = {}
        self._recent: dict[Hashable, Picture] = {}

    def in_place(self, table: Table, area: Box, sizes: Sizes) -> InPlace:
        """``table`` laid out in ``area`` itself, from the layouts of its prefixes there."""
        if not self.chained:
            return in_place(table, area, sizes, None)
        key = (area, sizes)
        chain = self._chains.pop(key, None) or Chain(area, sizes)
        self._chains[key] = chain  # the newest last
        while len(self._chains) > CHAINS:
            del self._chains[next(iter(self._chains))]
        return chain.lay(table, self.stop)

    def play_picture(self, table: Table, area: Box, sizes: Sizes) -> Picture:
        """The play map's picture of ``table`` in ``area``: laid out there where every piece
        finds its place, else laid out larger in the map's shape and drawn smaller
        (hubd/picture/faithful.py) below the note's strip."""

        def make() -> Picture:
            note = note_height(sizes)
            room = Box(area.x, area.y + note, area.w, max(1, area.h - note))
            here = self.in_place(table, area, sizes)
            return faithful(table, area, room, sizes, LEAST_BUDGET, here)

        return self._kept(("play", TableKey(table), area, sizes), make)

    def laid_out(self, table: Table, area: Box, sizes: Sizes) -> Picture:
        """The whole view's picture of ``table`` (and the phones'): laid out in all of
        ``area`` where every piece finds its place, else laid out larger and drawn smaller
        there, as the play map's is (a whole view laid out in place only stood pieces away:
        140 / 204 / 227 frames of map_bench's fixed sample in portrait with doubles, toes or
        lines astray)."""

        def make() -> Picture:
            here = self.in_place(table, area, sizes)
            return faithful(table, area, area, sizes, WHOLE_LEAST, here)

        return self._kept(("whole", TableKey(table), area, sizes), make)

    def _kept(self, key: Hashable, make: Callable[[], Picture]) -> Picture:
        """The picture kept under ``key``, else ``make()``'s, kept."""
        found = self._recent.get(key)
        if found is None:
            found = self._recent[key] = make()
            while len(self._recent) > RECENT:
                del self._recent[next(iter(self._recent))]
        return found


def play_picture(table: Table, area: Box, sizes: Sizes, layouts: Layouts | None = None) -> Picture:
    """The play map's picture of ``table`` in ``area`` (``Layouts.play_picture``); without
    ``layouts``, a fresh one's (the table's prefixes laid out first)."""
    return (layouts or Layouts()).play_picture(table, area, sizes)


def laid_out(table: Table, area: Box, sizes: Sizes, layouts: Layouts | None = None) -> Picture:
    """The whole view's picture of ``table`` in ``area`` (``Layouts.laid_out``); without
    ``layouts``, a fresh one's (the table's prefixes laid out first)."""
    return (layouts or Layouts()).laid_out(table, area, sizes)


class TableKey:
    """A table keyed by all the layout reads of it: its places in the order they were
    played (the first layout lays the table as it grew) and its set's highest number."""

    __slots__ = ("hashed", "key")

    def __init__(self, table: Table) -> None:
        self.key = (
            len(table.open_by_end),
            tuple((t, p.kind, p.end, p.capacity, tuple(p.children), p.parent)
                  for t, p in table.placed.items()),
        )  # fmt: skip
        self.hashed = hash(self.key)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableKey) and other.key == self.key
