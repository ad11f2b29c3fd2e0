"""What the loop hands the web thread after each commit: an immutable snapshot.

The loop owns the game; the snapshot holds a private copy of its state that nothing changes
after it is made (``GameState.copy`` copies the table and the lists), so the web thread may
read it while the loop goes on. Taking one costs the loop a copy, nothing more: the page's
JSON and the map's SVG are made in the web thread, once per snapshot and language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from engine import Event, GameState, HandPips, Tile
from hubd.values.records import GameRecord


@dataclass(frozen=True)
class Snapshot:
    """The page's every field, written here once: the loop fills in the hub's part
    (``game_id``, ``state``, ``last_entry``, ``history``, ``language``) and the desk the rest
    (``taken``)."""

    version: int = 0
    game_id: int | None = None
    token: str | None = None  # the game's secret in the page's address
    state: GameState | None = None  # a private copy: never changed after it is taken
    last_entry: Event | None = None
    history: tuple[GameRecord, ...] = ()  # newest first
    language: str = "en"  # the hub's language: the page's unless the phone chose another
    claimed: frozenset[str] = frozenset()  # players whose seat a phone holds
    phone_hands: Mapping[str, HandPips] = field(default_factory=lambda: MappingProxyType({}))
    #: The tiles of the phones' hands counted from a photo this round (by player): no other
    #: hand's photo may hold them.
    hand_tiles: Mapping[str, tuple[Tile, ...]] = field(default_factory=lambda: MappingProxyType({}))

    def taken(
        self,
        version: int,
        token: str | None,
        claimed: frozenset[str],
        phone_hands: Mapping[str, HandPips],
        hand_tiles: Mapping[str, tuple[Tile, ...]] | None = None,
    ) -> Snapshot:
        """The hub's view as the loop published it (its game, last entry, history and
        language), numbered and with the phones' part added, the state a private copy."""
        return replace(
            self,
            version=version,
            token=token,
            state=self.state.copy() if self.state is not None else None,
            claimed=claimed,
            phone_hands=MappingProxyType(dict(phone_hands)),
            hand_tiles=MappingProxyType(dict(hand_tiles or {})),
        )
