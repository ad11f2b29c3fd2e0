"""The most pips a hand could hold at a round's end, to catch a typo before it is scored.

A hand entered as its pip count is not checked tile by tile, so 500 typed for a hand of three
tiles would be a legal entry. What the table knows bounds it: in a game where every play is
entered, a hand of N tiles holds at most the N largest of the tiles it could hold (not on the
table, not counted in another hand this round); in score-keeper mode the hub sees no tiles, so
the bound comes from the set: the N largest tiles of the set where the count is known, and
otherwise the whole set's total less the pips of the hands already entered. A hand above its
bound is not refused (a hand the table gave wrongly still has to be scored): the hub and the
phones ask a second time, naming the bound.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.events import Hand, HandPips
from engine.state import GameState
from engine.tiles import Tile, all_tiles

DOUBLE_BLANK = Tile(0, 0)


@dataclass(frozen=True)
class HandLimit:
    """``player``'s hand holds at most ``most`` pips; ``tiles``: how many tiles it holds
    (None in score-keeper mode, where the hub does not count them)."""

    player: str
    tiles: int | None
    most: int


def hand_limit(
    state: GameState,
    player: str,
    hands: Mapping[str, Hand] | None = None,
    held: int | None = None,
) -> HandLimit:
    """The most pips ``player``'s hand can hold now. ``hands``: the round's other hands as
    entered so far (their tiles are not in this one; in score-keeper mode their pips come off
    the set's total); ``held``: the hand's tile count where the hub does not keep it (a
    score-keeper round whose count the table said)."""
    rules = state._rules()
    seat = state._seat(player)
    others = {name: hand for name, hand in (hands or {}).items() if name != player}
    counted = set(_tiles_of(others.values()))
    table = state.table
    if table is not None:  # every play entered: the hub counts the hand's tiles
        count = state.hands[seat]
        pool = [t for t in all_tiles(rules.highest) if t not in table and t not in counted]
        return HandLimit(player, count, _largest(pool, count))
    pool = [t for t in all_tiles(rules.highest) if t not in counted]
    if held is not None:
        return HandLimit(player, held, _largest(pool, held))
    known = sum(hand.pips for hand in others.values() if isinstance(hand, HandPips))
    return HandLimit(player, None, max(0, sum(t.pips for t in pool) - known))


def over_limit(
    state: GameState,
    player: str,
    hand: Hand,
    hands: Mapping[str, Hand] | None = None,
    held: int | None = None,
) -> HandLimit | None:
    """The limit ``hand`` (entered for ``player``) goes over, or None when it fits. A hand
    entered as tiles is checked tile by tile by the round's end itself."""
    if not isinstance(hand, HandPips):
        return None
    limit = hand_limit(state, player, hands, held)
    return limit if hand.pips > limit.most else None


def _tiles_of(hands: Iterable[Hand]) -> Iterable[Tile]:
    for hand in hands:
        if isinstance(hand, HandPips):
            if hand.double_blank:
                yield DOUBLE_BLANK
        else:
            yield from hand


def _largest(pool: list[Tile], count: int) -> int:
    return sum(sorted((tile.pips for tile in pool), reverse=True)[: max(0, count)])
