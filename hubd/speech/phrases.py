"""What the hub says, decided from a change of state exactly as the sounds are.

Pure: a state before and after an event, or the state now, in; sentences out (translated, with
numbers the voice can say). The main loop calls these and hands the sentences to the speech
output; nothing here speaks, waits or touches a device.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import EndRound, Event, GameState, HandPips, Phase, Play, RoundEnd, Tile, Undo
from hubd.screens.refusals import translate_refusal
from hubd.speech.words import Words


@dataclass(frozen=True)
class Outline:
    """What the phrases compare: the state's outline before an event."""

    lock: Tile | None
    toes: int
    round_end: RoundEnd | None
    phase: Phase
    player: str | None
    scored: int
    foot: bool = False  # a chicken foot is open, in either mode (``toes`` it still needs)

    @classmethod
    def of(cls, state: GameState | None) -> Outline:
        if state is None:
            return cls(None, 0, None, Phase.SETUP, None, 0)
        lock = state.lock
        toes = state.toes_to_go
        return cls(
            lock.tile if lock is not None else None,
            toes or 0,
            state.round_end,
            state.phase,
            state.current_player,
            len(state.scores),
            toes is not None,
        )


def lock(words: Words, double: Tile, toes: int) -> str:
    """After the cackle: the foot and the toes it still needs."""
    return words.ntr(
        "Chicken foot on double {double}: {n} toe to go",
        "Chicken foot on double {double}: {n} toes to go",
        toes,
    ).format(double=words.number(double.lo), n=words.number(toes))


def foot(words: Words, toes: int) -> str:
    """Score-keeper mode, after the cackle or a toe's click: the toes the foot still needs
    (the hub knows no tiles, so no double is named)."""
    return words.ntr("Chicken foot: {n} toe to go", "Chicken foot: {n} toes to go", toes).format(
        n=words.number(toes)
    )


def _toes(before: Outline, after: Outline, words: Words) -> list[str]:
    """Score-keeper mode: a foot opened or a toe laid says the toes owed; the third toe
    completes the foot."""
    if after.foot and (not before.foot or after.toes < before.toes):
        return [foot(words, after.toes)]
    if before.foot and not after.foot and after.phase is Phase.PLAY:
        return [words.tr("The foot is complete")]
    return []


def turn(words: Words, player: str) -> str:
    return words.tr("{player}'s turn").format(player=player)


def round_over(words: Words, state: GameState, went_out: str | None) -> list[str]:
    """Who went out, or that the round is blocked (an agreed end says only the scores)."""
    n = words.number(state.round)
    if state.round_end is RoundEnd.BLOCKED:
        return [words.tr("Round {n} is blocked").format(n=n)]
    if state.round_end is RoundEnd.OUT:
        if went_out is None:
            went_out = next((p for p, h in zip(state.players, state.hands, strict=True) if h == 0),
                            None)  # fmt: skip
        if went_out is not None:
            return [words.tr("Round {n}: {player} went out").format(n=n, player=went_out)]
    return []


def scores(words: Words, state: GameState) -> list[str]:
    """The last scored round: each player's score and total, in seat order."""
    if not state.scores:
        return []
    said = [words.tr("Scores for round {round}").format(round=words.number(len(state.scores)))]
    for player, score, total in zip(state.players, state.scores[-1], state.totals, strict=True):
        said.append(
            words.tr("{player}: {score}, total {total}").format(
                player=player, score=words.number(score), total=words.number(total)
            )
        )
    return said


def winner(words: Words, state: GameState) -> list[str]:
    outcome = state.outcome
    if outcome is None:
        return []
    names = [state.players[seat] for seat in outcome.winners]
    if len(names) == 1:
        return [words.tr("{player} wins!").format(player=names[0])]
    return [words.tr("{names} share the win!").format(names=words.names(names))]


def _went_out(state: GameState, event: Event) -> str | None:
    """Who the event says went out: the player who played, or in score-keeper mode (where
    no hands are kept) the player the round's scores give 0 pips."""
    if isinstance(event, Play):
        return event.player
    if isinstance(event, EndRound):
        for name in state.players:
            hand = event.hands.get(name)
            if isinstance(hand, HandPips) and hand.pips == 0 and not hand.double_blank:
                return name
    return None


def after_event(
    before: Outline, state: GameState, event: Event, words: Words, *, turns: bool
) -> list[str]:
    """What to say once ``event`` has been applied: [] for nothing (an undo is quiet)."""
    if isinstance(event, Undo):
        return []
    after = Outline.of(state)
    said: list[str] = []
    if state.scores_only:
        said += _toes(before, after, words)
    elif after.lock is not None and after.lock != before.lock:
        said.append(lock(words, after.lock, after.toes))
    elif before.lock is not None and after.lock is None and after.round_end is None:
        said.append(words.tr("The foot is complete"))
    if before.round_end is None and after.round_end is not None:
        said += round_over(words, state, _went_out(state, event))
    if after.scored > before.scored:
        said += scores(words, state)
    if after.phase is Phase.GAME_OVER and before.phase is not Phase.GAME_OVER:
        said += winner(words, state)
    new_turn = after.player != before.player or before.phase not in (Phase.OPENING, Phase.PLAY)
    if turns and state.in_round and after.player is not None and new_turn:
        said.append(turn(words, after.player))
    return said


def status(state: GameState | None, words: Words) -> list[str]:
    """The game's status now, for a tap on the status line: "say it again"."""
    if state is None or state.rules is None:
        return []
    if state.in_round:
        open_foot, toes = state.lock, state.toes_to_go
        said = [lock(words, open_foot.tile, open_foot.room)] if open_foot is not None else []
        if state.scores_only and toes is not None:
            said = [foot(words, toes)]
        if state.current_player is not None:
            said.append(turn(words, state.current_player))
        return said
    if state.phase is Phase.ROUND_OVER:
        return round_over(words, state, None)
    if state.phase is Phase.GAME_OVER:
        return [*scores(words, state), *winner(words, state)]
    return scores(words, state)


def refusal(words: Words, message: str) -> list[str]:
    """A refused entry's reason, in the players' language."""
    return [words.spoken(translate_refusal(message, words.tr))]


def utterance(sentences: Sequence[str]) -> str:
    """Sentences as one text to say, each ending in a stop so the voice pauses."""
    return " ".join(s if s[-1:] in ".!?" else f"{s}." for s in (t.strip() for t in sentences) if s)
