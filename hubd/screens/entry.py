"""Entering a play: the tile's two numbers on a pad that never moves, then, only when the
tile fits two or more ends, which end, in words.

A small state machine, pure (no pygame, no pixels): it reads the engine's legal places
(``GameState.places_for``) and answers each tap with what the screen shows next. It forgets a
half-made entry as soon as the game changes under it (another entry, an undo, a phone).

    idle --number--> first(n) --number m--> one place: Play(n-m) goes in (back to idle)
                        |                   two or more: choosing(n-m, places)
                        +--Cancel--> idle   no place: refused, stays first(n)
    choosing --choice--> Play goes in;  --Cancel--> idle
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import GameState, Placed, Play, Tile


class Why(Enum):
    """Why a number on the pad does nothing now (the screen says it in words)."""

    ON_TABLE = "on_table"  # the tile it makes is already on the table
    NO_END = "no_end"  # no open end needs either of its numbers
    FOOT = "foot"  # a chicken foot is open and needs another number
    NO_TILE = "no_tile"  # (first number) every tile carrying it is down or fits nowhere


@dataclass(frozen=True)
class Refused:
    """A tap on a number that makes no playable tile: ``tile`` is the tile it would make
    (None for a first number)."""

    why: Why
    number: int
    tile: Tile | None = None


@dataclass(frozen=True)
class Choose:
    """The tile fits two or more ends: the player picks one (each a place, in tile order)."""

    tile: Tile
    places: tuple[Placed, ...]


@dataclass(frozen=True)
class Waiting:
    """The first number is in; the pad waits for the other."""

    first: int


Step = Play | Choose | Waiting | Refused


class TileEntry:
    """One player's entry of one play, from the first number to the Play event."""

    def __init__(self) -> None:
        self.first: int | None = None
        self.choosing: Choose | None = None
        self.page = 0  # the page of choices shown, when they are too many for one
        self.pages = 1  # how many pages of choices the screen last drew
        self.numerals: dict[str, str] = {}  # each offered end's numeral, as the screen drew it
        self._seen: tuple[object, ...] | None = None

    @property
    def idle(self) -> bool:
        return self.first is None and self.choosing is None

    def cancel(self) -> None:
        self.first, self.choosing, self.page, self.pages = None, None, 0, 1
        self.numerals = {}

    def sync(self, state: GameState | None) -> None:
        """Forget a half-made entry when the game is no longer the one it was begun on."""
        seen = None if state is None else state.fingerprint()
        if seen != self._seen:
            self._seen = seen
            self.cancel()

    # -- what the pad offers -------------------------------------------------------------

    @staticmethod
    def highest(state: GameState) -> int:
        return state.rules.highest if state.rules is not None else 0

    def usable(self, state: GameState) -> dict[int, Why | None]:
        """Each number on the pad: None if tapping it now leads on, else why it does not."""
        numbers = range(self.highest(state) + 1)
        if self.first is None:
            return {n: self._first_why(state, n) for n in numbers}
        first = self.first
        return {n: self._tile_why(state, Tile.of(first, n)) for n in numbers}

    def _first_why(self, state: GameState, number: int) -> Why | None:
        tiles = [Tile.of(number, other) for other in range(self.highest(state) + 1)]
        if any(state.places_for(tile) for tile in tiles):
            return None
        return Why.NO_TILE

    @staticmethod
    def _tile_why(state: GameState, tile: Tile) -> Why | None:
        if state.places_for(tile):
            return None
        if state.table is not None and tile in state.table:
            return Why.ON_TABLE
        return Why.FOOT if state.lock is not None else Why.NO_END

    # -- taps --------------------------------------------------------------------------------

    def tap_number(self, state: GameState, number: int) -> Step:
        """A tap on ``number``: the first half, or the second (which may finish the play)."""
        self.choosing = None
        player = state.current_player or ""
        if self.first is None:
            why = self._first_why(state, number)
            if why is not None:
                return Refused(why, number)
            self.first = number
            return Waiting(number)
        tile = Tile.of(self.first, number)
        places = state.places_for(tile)
        if not places:
            why = self._tile_why(state, tile) or Why.NO_END
            return Refused(why, number, tile)
        if len(places) == 1:
            self.cancel()
            return Play(player, tile, places[0].tile)
        self.first, self.page, self.numerals = None, 0, {}
        self.choosing = Choose(tile, tuple(places))
        return self.choosing

    def choose(self, state: GameState, on: Tile) -> Play | None:
        """A tap on one of the offered ends: the play (None if ``on`` was not offered)."""
        if self.choosing is None or on not in {p.tile for p in self.choosing.places}:
            return None
        tile = self.choosing.tile
        self.cancel()
        return Play(state.current_player or "", tile, on)


#: The key of the button that shows the next page of choices (when they are many).
MORE = "choice:more"


def entry_keys(state: GameState, tile: Tile, on: Tile) -> list[str]:
    """The taps that enter ``tile`` on ``on`` in ``state`` (widget keys): the number the end
    needs, the other, and the end when the tile fits more than one (for demos and tests; an
    end on a later page of choices is reached by ``MORE`` first)."""
    place = state.table.placed[on] if state.table is not None else None
    touching = place.end if place is not None and tile.carries(place.end) else tile.lo
    keys = [f"half:{touching}", f"half:{tile.other(touching)}"]
    if len(state.places_for(tile)) > 1:
        keys.append(f"choice:{on}")
    return keys
