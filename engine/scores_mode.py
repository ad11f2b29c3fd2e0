"""Score-keeper mode: the events of a game that keeps the scores only (rule option mode).

The hub sees no tiles: a round has its double and its opener, a chicken foot is opened by
the hub button (``foot_opened``) and each toe laid on it is counted (``toe``); the round
ends when the table enters every hand's pips. Scoring, totals and tie-breaks are the same
code as in a game where every play is entered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import EndRound, FootOpened, HandPips, StartRound, Toe
from engine.phases import Phase, RoundEnd
from engine.refusals import (
    FootAlreadyOpen,
    FootNotNow,
    FootOnlyKeepingScores,
    NoFootOpen,
    NoSearchKeepingScores,
)
from engine.table import FOOT_TOES

if TYPE_CHECKING:
    from engine.state import GameState


def start_scores_round(state: GameState, event: StartRound, opener: int, double: int) -> None:
    """A round the hub keeps the score of: its double and opener, no tiles, no turns."""
    if event.search_draws is not None:
        raise NoSearchKeepingScores()
    state.round += 1
    state.doubles.append(double)
    state.table = None
    state.hands = [0] * len(state.players)
    state.yard = 0
    state.drew = False
    state.passes = 0
    state.round_end = None
    state.opener = opener
    state.current = None  # whose turn it is is not kept: the hub trusts the table
    state.toes_owed = None


def _require_foot_round(state: GameState, toe: bool) -> None:
    """Refuse a foot (or a ``toe``) outside a scores-only round being played."""
    if not state._rules().scores_only:
        raise FootOnlyKeepingScores(toe=toe)
    phase = state.phase
    if phase is not Phase.PLAY:
        raise FootNotNow(toe=toe, over=phase is Phase.GAME_OVER)


def foot_opened(state: GameState, event: FootOpened) -> None:
    _require_foot_round(state, toe=False)
    if state.toes_owed is not None:
        raise FootAlreadyOpen(n=state.toes_owed)
    state.toes_owed = FOOT_TOES


def toe(state: GameState, event: Toe) -> None:
    _require_foot_round(state, toe=True)
    if state.toes_owed is None:
        raise NoFootOpen()
    state.toes_owed = state.toes_owed - 1 or None


def scores_round_end(event: EndRound) -> RoundEnd:
    """How a scores-only round ended, as far as its scores tell: someone out, or blocked."""
    if event.agreed:
        return RoundEnd.AGREED
    went_out = any(
        isinstance(h, HandPips) and h.pips == 0 and not h.double_blank for h in event.hands.values()
    )
    return RoundEnd.OUT if went_out else RoundEnd.BLOCKED
