"""What a score sheet shows, from the game in progress or a record: the same for the hub's
screen and the phones' page."""

from __future__ import annotations

from dataclasses import dataclass

from engine import GameState, Phase
from hubd.values.records import GameRecord


@dataclass(frozen=True)
class Sheet:
    """What a score sheet shows."""

    players: tuple[str, ...]
    doubles: tuple[int, ...]  # each round's starting double, one per round of the game
    scores: tuple[tuple[int, ...], ...]  # the rounds scored so far, by seat
    totals: tuple[int, ...]  # by seat
    playing: int | None = None  # the round being played or scored now, if any
    house: tuple[tuple[str, int], ...] = ()  # the house rules in force (Rules.house_rules)

    @classmethod
    def of_state(cls, state: GameState) -> Sheet:
        rules = state.rules
        assert rules is not None
        doubles = state.sheet_doubles
        playing = state.round if state.in_round or state.phase is Phase.ROUND_OVER else None
        scores = tuple(map(tuple, state.scores))
        house = tuple(rules.house_rules.items())
        return cls(state.players, doubles, scores, tuple(state.totals), playing, house)

    @classmethod
    def of_record(cls, record: GameRecord) -> Sheet:
        return cls(record.players, record.doubles, record.scores, record.totals,
                   house=record.house)  # fmt: skip

    @property
    def scored(self) -> int:
        """How many rounds have scores to show."""
        return min(len(self.scores), len(self.doubles))

    def running(self, number: int, seat: int) -> int:
        """``seat``'s total after round ``number``."""
        return sum(row[seat] for row in self.scores[:number])

    def leaders(self) -> set[int]:
        """The seats with the lowest total (none before the first round is scored)."""
        totals = self.totals
        return {s for s, t in enumerate(totals) if self.scores and t == min(totals)}
