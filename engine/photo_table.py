"""What the table says a photographed hand may hold (pure: read from the state alone).

In a game with every play entered, a hand holds only tiles that are not on the table and not
counted in another hand of this round, and as many as the hub counts for it. Keeping the
scores only, the hub sees no play: only the set constrains the hand.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from engine.state import GameState
from engine.tiles import Tile, all_tiles


@dataclass(frozen=True)
class HandBounds:
    """The tiles a hand may hold, how many it holds (None: unknown), and the set's top."""

    allowed: frozenset[Tile]
    count: int | None
    highest: int


def hand_bounds(state: GameState, seat: int, counted: Mapping[str, Collection[Tile]]) -> HandBounds:
    """The bounds for seat ``seat``'s hand, ``counted`` the tiles other hands were confirmed
    to hold this round (by player's name)."""
    rules = state.rules
    highest = rules.highest if rules is not None else 15
    whole = frozenset(all_tiles(highest))
    if state.scores_only or state.table is None:
        return HandBounds(whole, None, highest)
    name = state.players[seat]
    others = {tile for player, tiles in counted.items() if player != name for tile in tiles}
    allowed = whole - frozenset(state.table.placed) - others
    return HandBounds(allowed, state.hands[seat], highest)
