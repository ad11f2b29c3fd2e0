"""The tiles on the table: the hub double, its arms, chains and chicken feet."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine.tiles import Tile


class PlaceKind(Enum):
    HUB = "hub"  # the round's starting double, taking hub_arms arms
    FOOT = "foot"  # a double off the hub, lying crosswise and taking three toes
    CHAIN = "chain"  # any other tile: one free end


FOOT_TOES = 3


@dataclass(slots=True)
class Placed:
    """A tile on the table and the room it has for tiles attached to it."""

    tile: Tile
    kind: PlaceKind
    end: int  # the number a tile attached here must carry
    capacity: int
    parent: Tile | None
    children: list[Tile] = field(default_factory=list)

    @property
    def room(self) -> int:
        return self.capacity - len(self.children)

    @property
    def shown(self) -> str:
        """The tile as it lies, touching half first (e.g. 9-4 on the 9-9)."""
        return self.tile.shown(None if self.kind is PlaceKind.HUB else self.tile.other(self.end))

    def copy(self) -> Placed:
        return Placed(self.tile, self.kind, self.end, self.capacity, self.parent,
                      list(self.children))  # fmt: skip


class Table:
    """Every tile on the table, keyed by the tile itself (each tile exists once)."""

    __slots__ = ("hub", "lock", "off_table_carrying", "open", "placed")

    def __init__(self, hub_number: int, hub_arms: int, highest: int) -> None:
        self.hub = Tile(hub_number, hub_number)
        hub = Placed(self.hub, PlaceKind.HUB, hub_number, hub_arms, None)
        self.placed: dict[Tile, Placed] = {self.hub: hub}
        self.open: dict[Tile, Placed] = {self.hub: hub}  # places with room, kept as tiles land
        self.lock: Tile | None = None  # the open chicken foot, if any
        # For each number, how many tiles still off the table carry it (the census).
        self.off_table_carrying = [highest + 1] * (highest + 1)
        self.off_table_carrying[hub_number] -= 1

    def copy(self) -> Table:
        clone = Table.__new__(Table)
        clone.hub = self.hub
        clone.placed = {tile: p.copy() for tile, p in self.placed.items()}
        clone.open = {tile: clone.placed[tile] for tile in self.open}
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

    @property
    def opening(self) -> bool:
        """True while hub arms are still being started."""
        return self.hub_place.room > 0

    def open_places(self) -> list[Placed]:
        """Where a tile may go now: only the hub while it opens, only the foot while locked."""
        if self.opening:
            return [self.hub_place]
        if self.lock is not None:
            return [self.placed[self.lock]]
        return list(self.open.values())

    def hopeless(self) -> bool:
        """No tile still off the table carries a number that any open place needs."""
        carrying = self.off_table_carrying
        return all(carrying[p.end] == 0 for p in self.open_places())

    def place(self, tile: Tile, on: Tile) -> Placed:
        """Attach ``tile`` to ``on`` (already checked legal) and return its new place."""
        parent = self.placed[on]
        parent.children.append(tile)
        if parent.room == 0:
            del self.open[on]
        if tile.is_double:
            placed = Placed(tile, PlaceKind.FOOT, tile.lo, FOOT_TOES, on)
            self.lock = tile
        else:
            placed = Placed(tile, PlaceKind.CHAIN, tile.other(parent.end), 1, on)
            if self.lock == on and parent.room == 0:
                self.lock = None
        self.placed[tile] = placed
        self.open[tile] = placed
        self.off_table_carrying[tile.lo] -= 1
        if not tile.is_double:
            self.off_table_carrying[tile.hi] -= 1
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
