"""The table map: the table as it looks from above, computed from the engine's table alone.

Pure geometry (no pygame, no drawing): the play screen draws it, and the layout files and
the tests read the same values.

- The hub double lies crosswise in the centre. Each hub arm has a row of its own, fixed at
  the start of the round: clockwise in the order the arms are started, so on the right side
  from the top down, then on the left side from the bottom up.
- A chain runs outwards along its row, tile by tile, touching half towards the hub.
- A double lies crosswise at the end of its chain and its three toes fan out from it: the
  first to the nearest free row above, the second to the nearest free row below, the third
  straight on. While the foot waits for toes, its tap target sits where the third toe will go.
- Every line (an arm or a toe) gets its row and its span when it appears, in play order, and
  keeps them for the round. A later line only takes room no earlier line holds, so no end moves
  when another line grows; a chain longer than its span shows its latest tiles after a "+n".
- Every line has a short label, the same on the map, in refusals and in the undo notice:
  arms are "A", "B", ... and the toes of the feet on arm B are "B1", "B2", ... in play order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Placed, PlaceKind, Table, Tile
from hubd.screens.map_geometry import (
    ARM_LETTERS,
    Box,
    MapEnd,
    MapFold,
    MapLink,
    MapTile,
    Metrics,
    TableMap,
    arm_slots,
    line_labels,
)

__all__ = [
    "ARM_LETTERS",
    "Box",
    "MapEnd",
    "MapFold",
    "MapLink",
    "MapTile",
    "Metrics",
    "TableMap",
    "arm_slots",
    "line_labels",
    "table_map",
]


@dataclass(eq=False)
class _Line:
    label: str
    side: int
    row: int
    start: int  # distance from the hub's edge where the line begins (px)
    stop: int  # where its room ends
    origin: tuple[int, int] | None = None  # where its link starts (a foot beside it)
    compact: bool = False  # no room for tiles: the end alone
    places: list[Placed] = field(default_factory=list)  # from the line's start outwards
    toes: list[_Line] = field(default_factory=list)  # a foot's toes: up, down, straight on


class _Planner:
    """Gives every line its room in play order, each keeping it for the round, then draws."""

    def __init__(self, table: Table, area: Box, metrics: Metrics) -> None:
        self.table = table
        self.m = metrics
        self.rows = max(1, area.h // metrics.row_h)
        self.top = area.y + (area.h - self.rows * metrics.row_h) // 2
        self.centre = area.x + area.w // 2
        self.span = max(0, (area.w - metrics.hub_w) // 2)
        self.taken: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self.lines: list[_Line] = []
        self.labels = line_labels(table)
        self.out = TableMap(labels=self.labels)

    # -- coordinates and room ------------------------------------------------------------

    def x(self, side: int, u: int, width: int) -> int:
        """Screen x of something ``width`` wide, ``u`` px out from the hub on ``side``."""
        edge = self.m.hub_w // 2
        return self.centre + edge + u if side > 0 else self.centre - edge - u - width

    def row_box(self, line: _Line, u: int, width: int, height: int) -> Box:
        y = self.top + line.row * self.m.row_h + (self.m.row_h - height) // 2
        return Box(self.x(line.side, u, width), y, width, height)

    def reserve(self, side: int, row: int, start: int, stop: int) -> None:
        self.taken.setdefault((side, row), []).append((start, stop))

    def free_from(
        self, side: int, row: int, start: int, least: int | None = None
    ) -> tuple[int, int] | None:
        """The first stretch of this row, at or beyond ``start``, that no line holds and that
        is at least ``least`` long (by default room for a line: a tile and an end)."""
        least = self.m.least_span if least is None else least
        taken = sorted(self.taken.get((side, row), []))
        at = start
        for a, b in [*taken, (self.span + self.m.gap, self.span + self.m.gap)]:
            if b <= at:
                continue
            stop = min(self.span, a - self.m.gap)
            if stop - at >= least:
                return at, stop
            at = max(at, b + self.m.gap)
        return None

    def fold(self, line: _Line) -> tuple[int, list[Placed], int]:
        """How a line is drawn now: tiles left out, tiles shown, and where its end (or its
        foot) is. Fixed by the line's room and its own tiles alone."""
        m = self.m
        places = line.places
        foot = bool(places) and places[-1].kind is PlaceKind.FOOT
        chain = places[:-1] if foot else places
        after = (m.tile_h + m.gap + m.least_span) if foot else m.target
        fits = max(0 if foot else 1, (line.stop - line.start - after) // m.step)
        # Folded, the "+n" takes the first slot and the latest tiles the rest.
        hidden = len(chain) - max(0, fits - 1) if len(chain) > fits else 0
        shown = chain[hidden:]
        return hidden, shown, line.start + (m.step if hidden else 0) + len(shown) * m.step

    # -- play order: which line each tile joins, and room for each foot's toes ------------

    def plan(self) -> TableMap:
        hub = self.table.hub_place
        hub_y = self.top + self.rows * self.m.row_h // 2
        arms = []
        for side, row in arm_slots(hub.capacity, self.rows):
            line = _Line("", side, row, 0, self.span)
            line.origin = (self.centre + side * self.m.tile_h // 2, hub_y)
            self.reserve(side, row, 0, self.span)
            arms.append(line)
        self.lines += arms
        line_of: dict[Tile, _Line] = {}
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
            if not line.places:
                line.label = self.labels[tile]
            line.places.append(place)
            line_of[tile] = line
            if place.kind is PlaceKind.FOOT:
                self._toes(line)
        for line in arms:
            if line.places:
                self._draw(line)
        self._hub(hub, hub_y)
        return self.out

    def _toes(self, line: _Line) -> None:
        """Room for the three toes of the foot that has just ended ``line``."""
        m = self.m
        _hidden, _shown, u = self.fold(line)
        foot = self.row_box(line, u, m.tile_h, m.tile_w)
        middle = _Line("", line.side, line.row, u + m.tile_h + m.gap, line.stop)
        if middle.stop - middle.start < m.least_span:  # the foot is near the edge
            middle = self._spot(line, u)
        # The side toes leave the foot's ends, so their rows are taken from the foot onwards.
        sides = [self._side_toe(line, u, -1), self._side_toe(line, u, 1)]
        shared = [middle]
        line.toes = [toe or self._squeezed(shared, line, u) for toe in sides] + [middle]
        if middle.compact:
            middle.origin = (foot.right if line.side > 0 else foot.x, foot.center[1])
        for toe in line.toes[:2]:
            toe.origin = (foot.center[0], foot.bottom if toe.row > line.row else foot.y)
        self.lines += line.toes

    def _side_toe(self, line: _Line, start: int, direction: int) -> _Line | None:
        """Room for a toe in a row near ``line`` (above it for direction -1): the nearest row
        free from ``start`` outwards, else the nearest free stretch further out."""
        order = [line.row + direction * k for k in range(1, self.rows)]
        order += [line.row - direction * k for k in range(1, self.rows)]
        rows = [row for row in order if 0 <= row < self.rows]
        for exact in (True, False):
            for row in rows:
                found = self.free_from(line.side, row, start)
                if found is None or (exact and found[0] != start):
                    continue
                self.reserve(line.side, row, *found)
                return _Line("", line.side, row, *found)
        return None

    def _squeezed(self, shared: list[_Line], near: _Line, foot_u: int) -> _Line:
        """No row has room for a toe beside its foot. It shares the straight toe's row if that
        is long enough for both; else its end alone goes to the nearest spot: a free one, or
        the unused far end of a line whose own end stays where it is."""
        m = self.m
        last = shared[-1]
        if not last.compact and last.stop - last.start >= 2 * m.least_span + m.gap:
            cut = last.start + m.least_span + m.gap
            toe = _Line("", last.side, last.row, cut, last.stop)
            last.stop = cut - m.gap
            shared.append(toe)
            return toe
        return self._spot(near, foot_u)

    def _spot(self, near: _Line, foot_u: int) -> _Line:
        """A place for a toe's end alone, nearest its foot."""
        m = self.m
        best: tuple[float, int, int, int, _Line | None] | None = None
        for side, row, (free, until), owner in self._spots():
            # The spot nearest the foot: close to it along the row, few rows away.
            start = min(max(free, foot_u), until - m.target)
            far = abs(start - foot_u) + abs(row - near.row) * m.row_h
            far += 0 if side == near.side else 10 * self.span
            if best is None or far < best[0]:
                best = (far, side, row, start, owner)
        if best is None:  # a table fuller than the screen: overlap rather than vanish
            return _Line("", near.side, near.row, near.stop - m.target, near.stop, compact=True)
        _far, side, row, start, owner = best
        if owner is not None:
            owner.stop = start - m.gap
        self.reserve(side, row, start, start + m.target)
        return _Line("", side, row, start, start + m.target, compact=True)

    def _spots(self) -> list[tuple[int, int, tuple[int, int], _Line | None]]:
        """Every stretch an end alone could take: (side, row, (from, to), line it is cut from)."""
        m = self.m
        spots: list[tuple[int, int, tuple[int, int], _Line | None]] = []
        for side in (1, -1):
            for row in range(self.rows):
                at = 0
                while (found := self.free_from(side, row, at, m.target)) is not None:
                    spots.append((side, row, found, None))
                    at = found[1] + m.gap
        for line in self.lines:
            if (
                line.compact
                or line.toes
                or (line.places and line.places[-1].kind is PlaceKind.FOOT)
            ):
                continue
            end = self.fold(line)[2] if line.places else line.start + m.step
            tail = end + m.target + m.gap
            if line.stop - tail >= m.target:
                spots.append((line.side, line.row, (tail, line.stop), line))
        return spots

    # -- drawing ---------------------------------------------------------------------------

    def _hub(self, hub: Placed, y: int) -> None:
        m = self.m
        if hub.room > 0:
            box = Box(self.centre - m.target // 2, y - m.target // 2, m.target, m.target)
            self.out.ends.append(MapEnd(hub.tile, hub.end, box, "", hub.kind, hub.room))
            return
        side = min(m.hub_w - m.gap, m.tile_h * 3 // 2)  # the hub a little larger than a tile
        box = Box(self.centre - side // 2, y - side, side, 2 * side)
        halves = (hub.tile.lo, hub.tile.hi)
        self.out.tiles.append(MapTile(hub.tile, halves, box, True, ""))

    def _draw(self, line: _Line) -> None:
        m = self.m
        places = line.places
        if line.origin is not None:
            self._link(line, line.origin, line.start)
        if line.compact:  # its end alone (a foot's target too), then any toes of that foot
            self._end(line, places[-1], line.start)
            for toe in line.toes:
                if toe.places:
                    self._draw(toe)
            return
        hidden, shown, u_end = self.fold(line)
        u = line.start
        if hidden:
            box = self.row_box(line, u, m.tile_w, m.target)
            self.out.folds.append(MapFold(hidden, box, line.label))
            u += m.step
        for place in shown:
            touching = place.tile.other(place.end)
            halves = (touching, place.end) if line.side > 0 else (place.end, touching)
            box = self.row_box(line, u, m.tile_w, m.tile_h)
            self.out.tiles.append(MapTile(place.tile, halves, box, False, line.label))
            u += m.step
        last = places[-1]
        if last.kind is not PlaceKind.FOOT:
            self._end(line, last, u_end)
            return
        box = self.row_box(line, u_end, m.tile_h, m.tile_w)
        foot = MapTile(last.tile, (last.tile.lo, last.tile.hi), box, True, line.label)
        self.out.tiles.append(foot)
        for toe in line.toes:
            if toe.places:
                self._draw(toe)
        if last.room > 0:  # its target where the last toe will go, straight on
            straight = line.toes[2]
            target = self.row_box(straight, straight.start, m.target, m.target)
            label = self.labels[last.tile]
            self.out.ends.append(MapEnd(last.tile, last.end, target, label, last.kind, last.room))

    def _end(self, line: _Line, place: Placed, u: int) -> None:
        if place.room > 0:
            box = self.row_box(line, u, self.m.target, self.m.target)
            self.out.ends.append(
                MapEnd(place.tile, place.end, box, line.label, place.kind, place.room)
            )

    def _link(self, line: _Line, origin: tuple[int, int], u: int) -> None:
        box = self.row_box(line, u, 1, self.m.tile_h)
        self.out.links.append(MapLink(origin, (box.x, box.center[1])))


def table_map(table: Table, area: Box, metrics: Metrics) -> TableMap:
    """The map of ``table`` drawn in ``area`` with ``metrics``."""
    return _Planner(table, area, metrics).plan()
