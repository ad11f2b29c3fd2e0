"""A game: its log of events and the state that follows from it.

The log is append-only. ``undo`` is itself an event: it takes the latest event still in
effect out of effect. The state is rebuilt from the latest snapshot plus the events after it,
so undo is exact and never replays the whole game. A snapshot is taken at the start of the
game and of each round; an undo that replays a long stretch leaves one every
``SNAPSHOT_EVERY`` events along it, so the next undo replays at most that many (5,000
amendments undone one by one stay linear, and playing forward copies nothing more).

A log holds at most ``MAX_EVENTS`` events (engine/limits.py); the next one is refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.apply import apply_event
from engine.errors import RuleError
from engine.events import Event, NewGame, StartRound, Undo
from engine.limits import MAX_EVENTS
from engine.refusals import NothingToUndo
from engine.state import GameState

#: The most events in effect an undo replays from its snapshot.
SNAPSHOT_EVERY = 50


class Game:
    """The one owner of a game's log and state."""

    def __init__(self) -> None:
        self.log: list[Event] = []  # every accepted event, undos included
        self._effective: list[Event] = []  # the events still in effect
        self._snapshots: list[tuple[int, GameState]] = [(0, GameState())]
        self.state = GameState()

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> Game:
        game = cls()
        for event in events:
            game.apply(event)
        return game

    @property
    def effective(self) -> tuple[Event, ...]:
        return tuple(self._effective)

    @property
    def last_effective(self) -> Event | None:
        """The latest event still in effect (what an undo would take back), without copying
        the log."""
        return self._effective[-1] if self._effective else None

    def apply(self, event: Event) -> Event | None:
        """Apply ``event`` or raise RuleError, changing nothing. Undo returns what it undid."""
        if len(self.log) >= MAX_EVENTS:
            raise RuleError(
                f"a game's log holds at most {MAX_EVENTS:,} events; this game has reached it"
            )
        kind = type(event)
        if kind is Undo:
            undone = self._undo()
            self.log.append(event)
            return undone
        apply_event(self.state, event)
        self._effective.append(event)
        self.log.append(event)
        if kind is NewGame or kind is StartRound:
            self._snapshots.append((len(self._effective), self.state.copy()))
        return None

    def _undo(self) -> Event:
        if not self._effective:
            raise NothingToUndo(begun=False)
        if len(self._effective) == 1:
            raise NothingToUndo(begun=True)
        undone = self._effective.pop()
        count = len(self._effective)
        while self._snapshots[-1][0] > count:
            self._snapshots.pop()
        start, snapshot = self._snapshots[-1]
        state = snapshot.copy()
        for done in range(start + 1, count + 1):
            apply_event(state, self._effective[done - 1])
            if (done - start) % SNAPSHOT_EVERY == 0 and done < count:
                # A long replay leaves snapshots behind, so the next undo replays few events.
                self._snapshots.append((done, state.copy()))
        self.state = state
        return undone


def summary(state: GameState) -> dict[str, Any]:
    """The state as ``chickenfoot replay`` prints it (keep this stable)."""
    lock = state.lock
    toes = state.toes_to_go
    outcome = state.outcome
    winner: str | list[str] | None = None
    if outcome is not None:
        names = [state.players[s] for s in outcome.winners]
        winner = names[0] if len(names) == 1 else names
    return {
        "phase": state.phase.value,
        "round": state.round,
        "starting_double": state.starting_double,
        "current_player": state.current_player,
        # A scores-only game knows the toes owed but not the double (null).
        "lock": None
        if toes is None
        else {"double": None if lock is None else lock.end, "toes_needed": toes},
        "open_ends": [{"on": p.tile.to_json(), "needs": p.end} for p in state.open_places()],
        "yard": state.yard,
        "hands": dict(zip(state.players, state.hands, strict=True)),
        "round_end": None if state.round_end is None else state.round_end.value,
        "scores": [dict(zip(state.players, row, strict=True)) for row in state.scores],
        "totals": dict(zip(state.players, state.totals, strict=True)),
        "winner": winner,
        "error": None,
    }
