"""The tiles on the table: the hub double, its arms, chains and chicken feet."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.tiles import Tile


class PlaceKind(Enum):
    HUB = "hub"  # the round's starting double, taking hub_arms arms
    FOOT = "foot"  # a double off the hub, lying crosswise and taking three toes
    CHAIN = "chain"  # any other tile: one free end


FOOT_TOES = 3


@dataclass(slots=True, init=False)
class Placed:
    """A tile on the table and the room it has for tiles attached to it.

    ``room`` (capacity minus children) is kept as tiles are attached rather than counted on
    every read: the engine reads it on every play and every legal-move question."""

    tile: Tile
    kind: PlaceKind
    end: int  # the number a tile attached here must carry
    capacity: int
    parent: Tile | None
    children: list[Tile]
    room: int

    def __init__(
        self,
        tile: Tile,
        kind: PlaceKind,
        end: int,
        capacity: int,
        parent: Tile | None,
        children: list[Tile] | None = None,
    ) -> None:
        self.tile, self.kind, self.end = tile, kind, end
        self.capacity, self.parent = capacity, parent
        self.children = [] if children is None else children
        self.room = capacity - len(self.children)

    @property
    def shown(self) -> str:
        """The tile as it lies, touching half first (e.g. 9-4 on the 9-9)."""
        return self.tile.shown(None if self.kind is PlaceKind.HUB else self.tile.other(self.end))

    def copy(self) -> Placed:
        return Placed(self.tile, self.kind, self.end, self.capacity, self.parent,
                      list(self.children))  # fmt: skip


class Table:
    """Every tile on the table, keyed by the tile itself (each tile exists once).

    What the engine asks on every turn is kept as tiles land instead of being worked out on
    every read: the places with room (``open``), the same places by the number they need
    (``open_by_end``), whether the hub is still opening, and the census of numbers."""

    __slots__ = ("hub", "lock", "off_table_carrying", "open", "open_by_end", "opening", "placed")

    def __init__(self, hub_number: int, hub_arms: int, highest: int) -> None:
        self.hub = Tile(hub_number, hub_number)
        hub = Placed(self.hub, PlaceKind.HUB, hub_number, hub_arms, None)
        self.placed: dict[Tile, Placed] = {self.hub: hub}
        self.open: dict[Tile, Placed] = {self.hub: hub}  # places with room, kept as tiles land
        # open_by_end[n]: the open places that need an n, keyed by their tile.
        self.open_by_end: list[dict[Tile, Placed]] = [{} for _ in range(highest + 1)]
        self.open_by_end[hub_number][self.hub] = hub
        self.opening = hub.room > 0  # True while hub arms are still being started
        self.lock: Tile | None = None  # the open chicken foot, if any
        # For each number, how many tiles still off the table carry it (the census).
        self.off_table_carrying = [highest + 1] * (highest + 1)
        self.off_table_carrying[hub_number] -= 1

    def copy(self) -> Table:
        clone = Table.__new__(Table)
        clone.hub = self.hub
        clone.placed = {tile: p.copy() for tile, p in self.placed.items()}
        clone.open = {tile: clone.placed[tile] for tile in self.open}
        clone.open_by_end = [{tile: clone.placed[tile] for tile in by} for by in self.open_by_end]
        clone.opening = self.opening
        clone.lock = self.lock
        clone.off_table_carrying = list(self.off_table_carrying)
        return clone

    def __contains__(self, tile: object) -> bool:
        return tile in self.placed

    def __len__(self) -> int:
        return len(self.placed)

    @property
    def hub_place(self) -> Placed:
        return self.placed[self.hub]

    def only_place(self) -> Placed | None:
        """The one place open while the hub opens (the hub) or a foot waits for toes (the
        foot); None when every place with room is open."""
        if self.opening:
            return self.placed[self.hub]
        if self.lock is not None:
            return self.placed[self.lock]
        return None

    def open_places(self) -> list[Placed]:
        """Where a tile may go now: only the hub while it opens, only the foot while locked."""
        only = self.only_place()
        return [only] if only is not None else list(self.open.values())

    def places_for(self, tile: Tile) -> list[Tile]:
        """The open places ``tile`` (a tile off the table) may go on now, in tile order.

        Looked up by the tile's two numbers, not by trying every open place."""
        only = self.only_place()
        if only is not None:
            return [only.tile] if tile.lo == only.end or tile.hi == only.end else []
        by_end = self.open_by_end
        ons = list(by_end[tile.lo])
        if tile.hi != tile.lo:
            ons += by_end[tile.hi]
        if len(ons) > 1:
            ons.sort()
        return ons

    def hopeless(self) -> bool:
        """No tile still off the table carries a number that any open place needs."""
        carrying = self.off_table_carrying
        only = self.only_place()
        if only is not None:
            return carrying[only.end] == 0
        return not any(places and carrying[n] for n, places in enumerate(self.open_by_end))

    def place(self, tile: Tile, on: Tile) -> Placed:
        """Attach ``tile`` to ``on`` (already checked legal) and return its new place."""
        parent = self.placed[on]
        parent.children.append(tile)
        parent.room -= 1
        if parent.room == 0:
            del self.open[on]
            del self.open_by_end[parent.end][on]
            if parent.kind is PlaceKind.HUB:
                self.opening = False
            elif on == self.lock:  # the third toe: the foot is complete
                self.lock = None
        lo, hi = tile
        if lo == hi:
            placed = Placed(tile, PlaceKind.FOOT, lo, FOOT_TOES, on)
            self.lock = tile
            self.off_table_carrying[lo] -= 1
        else:
            placed = Placed(tile, PlaceKind.CHAIN, hi if lo == parent.end else lo, 1, on)
            self.off_table_carrying[lo] -= 1
            self.off_table_carrying[hi] -= 1
        self.placed[tile] = placed
        self.open[tile] = placed
        self.open_by_end[placed.end][tile] = placed
        return placed

    def arms(self) -> list[list[Placed]]:
        """Each hub arm as the list of places from the hub outwards (feet branch off)."""
        return [self.branch(start) for start in self.hub_place.children]

    def branch(self, start: Tile) -> list[Placed]:
        """The line of tiles from ``start`` to the first foot or free end."""
        line = [self.placed[start]]
        while line[-1].kind is PlaceKind.CHAIN and line[-1].children:
            line.append(self.placed[line[-1].children[0]])
        return line
