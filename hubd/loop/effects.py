"""Which sounds and light a change of state calls for: pure decisions the main loop carries out.

Effects come from the change of state, not from where an entry came from (the touchscreen, the
hub button, the demo), and an undo is quiet: the light simply follows the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Event, GameState, Phase, RoundEnd, Tile, Undo


@dataclass(frozen=True)
class EffectState:
    """What the effects compare: the state's outline before an event."""

    lock: Tile | None
    round_end: RoundEnd | None
    phase: Phase
    toes: int | None = None  # the open foot's toes still owed, in either mode

    @classmethod
    def of(cls, state: GameState | None) -> EffectState:
        if state is None:
            return cls(None, None, Phase.SETUP)
        lock = state.lock
        return cls(lock.tile if lock else None, state.round_end, state.phase, state.toes_to_go)


@dataclass(frozen=True)
class Effects:
    """The sounds to play, in order, and the toes to flash on the light (or None)."""

    sounds: tuple[str, ...] = ()
    flash: int | None = None


def effects(before: EffectState, after: EffectState, event: Event, scores_only: bool) -> Effects:
    """The sounds of going from ``before`` to ``after`` by ``event``."""
    if isinstance(event, Undo):
        return Effects()  # taking an entry back is quiet; the light follows the state
    sounds: list[str] = []
    flash = None
    if scores_only:
        toes = _toe_effects(before, after)
        sounds += toes.sounds
        flash = toes.flash
    elif after.lock is not None and after.lock != before.lock:
        sounds.append("cackle")
    elif before.lock is not None and after.lock is None and after.round_end is None:
        sounds.append("released")
    if after.phase is Phase.GAME_OVER and before.phase is not Phase.GAME_OVER:
        sounds.append("game_over")
    elif after.round_end is not before.round_end and before.round_end is None:
        if after.round_end is RoundEnd.OUT:
            sounds.append("out")
        elif after.round_end is RoundEnd.BLOCKED:
            sounds.append("blocked")
    return Effects(tuple(sounds), flash)


def _toe_effects(before: EffectState, after: EffectState) -> Effects:
    """Score-keeper mode: a foot cackles, a toe clicks and flashes the toes still owed, the
    third toe is the release."""
    if after.toes is not None and before.toes is None:
        return Effects(("cackle",))
    if before.toes is not None and after.toes is None and after.phase is Phase.PLAY:
        return Effects(("released",))
    if after.toes is not None and before.toes is not None and after.toes < before.toes:
        return Effects(("tap",), flash=after.toes)
    return Effects()


def light_pulses(state: GameState) -> bool:
    """The hub light pulses while a chicken foot waits for toes, in either mode."""
    return state.toes_to_go is not None
