"""What the loop hands the web thread after each commit: an immutable snapshot.

The loop owns the game; the snapshot holds a private copy of its state that nothing changes
after it is made (``GameState.copy`` copies the table and the lists), so the web thread may
read it while the loop goes on. Taking one costs the loop a copy, nothing more: the page's
JSON and the map's SVG are made in the web thread, once per snapshot and language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine import Event, GameState, HandPips
from hubd.values.records import GameRecord


@dataclass(frozen=True)
class Snapshot:
    version: int = 0
    game_id: int | None = None
    token: str | None = None  # the game's secret in the page's address
    state: GameState | None = None  # a private copy: never changed after it is taken
    last_entry: Event | None = None
    history: tuple[GameRecord, ...] = ()  # newest first
    language: str = "en"  # the hub's language: the page's unless the phone chose another
    claimed: frozenset[str] = frozenset()  # players whose seat a phone holds
    phone_hands: Mapping[str, HandPips] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def take(
        cls,
        version: int,
        game_id: int | None,
        token: str | None,
        state: GameState | None,
        last_entry: Event | None,
        history: tuple[GameRecord, ...],
        language: str,
        claimed: frozenset[str],
        phone_hands: Mapping[str, HandPips],
    ) -> Snapshot:
        return cls(
            version,
            game_id,
            token,
            state.copy() if state is not None else None,
            last_entry,
            history,
            language,
            claimed,
            MappingProxyType(dict(phone_hands)),
        )
