"""Dominoes: tiles and double-N sets."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from engine.errors import RuleError, brief

#: The double-N sets the engine knows, by their highest number.
SET_SIZES: tuple[int, ...] = (6, 9, 12, 15, 18)


class Tile(NamedTuple):
    """A domino, stored smaller number first, so that 4-9 and 9-4 are the same tile."""

    lo: int
    hi: int

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        return cls(a, b) if a <= b else cls(b, a)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse ``"6-4"`` (or ``"6:4"``, ``"6|4"``) into the tile 4-6."""
        for sep in "-:|":
            if sep in text:
                left, _, right = text.partition(sep)
                break
        else:
            raise RuleError(f"{brief(text)} is not a tile; write it like 6-4")
        try:
            return cls.of(int(left), int(right))
        except ValueError:
            raise RuleError(f"{brief(text)} is not a tile; write it like 6-4") from None

    @property
    def is_double(self) -> bool:
        return self.lo == self.hi

    @property
    def pips(self) -> int:
        return self.lo + self.hi

    def carries(self, number: int) -> bool:
        return self.lo == number or self.hi == number

    def other(self, number: int) -> int:
        """The half that is not ``number`` (which the tile must carry)."""
        return self.hi if self.lo == number else self.lo

    def shown(self, touching: int | None = None) -> str:
        """The tile as a player reads it, with the touching half first when given."""
        if touching is not None and self.carries(touching):
            return f"{touching}-{self.other(touching)}"
        return f"{self.lo}-{self.hi}"

    def __str__(self) -> str:
        return f"{self.lo}-{self.hi}"

    def to_json(self) -> list[int]:
        return [self.lo, self.hi]


def set_size(highest: int) -> int:
    """Number of tiles in a double-``highest`` set: 55 for 9, 91 for 12."""
    return (highest + 1) * (highest + 2) // 2


def all_tiles(highest: int) -> Iterator[Tile]:
    for lo in range(highest + 1):
        for hi in range(lo, highest + 1):
            yield Tile(lo, hi)


def tile_from_json(value: object, what: str = "tile") -> Tile:
    """A tile from its log form ``[a, b]`` (either order); the set is checked by the game."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise RuleError(f"{what} must be written as two numbers like [9, 4], not {brief(value)}")
    tile = Tile.of(value[0], value[1])
    if tile.lo < 0:
        raise RuleError(f"{tile} is not a domino: numbers start at 0")
    return tile
