"""What the hub button means in a scores-only game (score-keeper mode).

A press with no chicken foot open says "a double is down" (``FootOpened``); each next press
is a toe (``Toe``). Every press counts at once, so it cackles or clicks without waiting. A
double press, two presses less than ``DOUBLE_PRESS_S`` apart, takes back a mistaken press:
the second of the two undoes the first and the press before it, when that was a foot or a
toe too. The decision is the loop's, from the injected clock's time of each press (the
button's own logic only reports presses, holds and releases).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Event, FootOpened, GameState, Toe, Undo

#: Two presses closer than this are a double press.
DOUBLE_PRESS_S = 0.5


class ScoresPresses:
    """The last press's time and entry, to tell a double press from two presses."""

    def __init__(self) -> None:
        self._last: tuple[float, Event] | None = None

    def events(self, state: GameState, effective: Sequence[Event], now: float) -> list[Event]:
        """The entries a press at ``now`` makes, in order (empty outside a round)."""
        last, self._last = self._last, None
        if (
            last is not None
            and now - last[0] < DOUBLE_PRESS_S
            and effective
            and effective[-1] is last[1]
        ):
            mistaken = len(effective) >= 2 and isinstance(effective[-2], FootOpened | Toe)
            return [Undo(), Undo()] if mistaken else [Undo()]
        if not state.in_round:
            return []
        return [Toe() if state.toes_to_go is not None else FootOpened()]

    def counted(self, event: Event, now: float) -> None:
        """The press at ``now`` entered ``event`` (the one a quick second press takes back)."""
        self._last = (now, event)
