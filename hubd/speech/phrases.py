"""What the hub says, decided from a change of state exactly as the sounds are.

Pure: a state before and after an event, or the state now, in; sentences out (translated, with
numbers the voice can say). The main loop calls these and hands the sentences to the speech
output; nothing here speaks, waits or touches a device.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from engine import (
    Block,
    EndRound,
    Event,
    GameState,
    HandPips,
    Phase,
    Play,
    RoundEnd,
    RuleError,
    Tile,
    Undo,
)
from hubd.speech.words import Words
from hubd.text.labels import line_labels
from hubd.text.plain_words import block_text, placed_words, shares_number
from hubd.text.refusals import translate_refusal


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


def news(outline: Outline) -> tuple[object, ...]:
    """What the phrases tell, bar whose turn it is: when it changes, a phrase about it is stale."""
    o = outline
    return (o.lock, o.toes, o.foot, o.round_end, o.phase, o.scored)


def lock(words: Words, double: Tile, toes: int) -> str:
    """The news first, after the cackle: the double and the toes it still needs."""
    return words.ntr("{double}: {n} toe to go", "{double}: {n} toes to go", toes).format(
        double=words.double(double.lo), n=words.count(toes)
    )


def sample(words: Words) -> str:
    """What the hub says when its voice, speed or volume changes: a phrase of the game."""
    return lock(words, Tile(6, 6), 3)


def foot(words: Words, toes: int) -> str:
    """Score-keeper mode, after the cackle or a toe's click: the toes the foot still needs
    (the hub knows no tiles, so no double is named)."""
    return words.ntr("Chicken foot: {n} toe to go", "Chicken foot: {n} toes to go", toes).format(
        n=words.count(toes)
    )


def _toes(before: Outline, after: Outline, words: Words) -> list[str]:
    """A foot opened or a toe laid says the toes owed; the third toe completes the foot."""
    if after.foot and (not before.foot or after.toes < before.toes):
        if after.lock is not None:
            return [lock(words, after.lock, after.toes)]
        return [foot(words, after.toes)]
    if before.foot and not after.foot and after.phase is Phase.PLAY:
        return [words.tr("The foot is complete")]
    return []


def turn(words: Words, player: str) -> str:
    return words.tr("{player}'s turn").format(player=words.name(player))


def round_over(words: Words, state: GameState, went_out: str | None) -> list[str]:
    """Who went out, or that the round is blocked (an agreed end says only the scores)."""
    n = words.round(state.round)
    if state.round_end is RoundEnd.BLOCKED:
        over = [words.tr("Blocked: round {n} is over").format(n=n)]
        block = state.block  # and why, from the census: "every 4 is on the table, ..."
        return over if block is None else [*over, reason(words, block)]
    if state.round_end is RoundEnd.OUT:
        if went_out is None:
            went_out = next((p for p, h in zip(state.players, state.hands, strict=True) if h == 0),
                            None)  # fmt: skip
        if went_out is not None:
            said = words.tr("{player} went out in round {n}")
            return [said.format(n=n, player=words.name(went_out))]
    return []


def reason(words: Words, block: Block) -> str:
    """Why a round is blocked, as the round end's screen says it."""
    return words.spoken(block_text(block, words.tr))


def scores(words: Words, state: GameState) -> list[str]:
    """The last scored round: each player's score and total, in seat order."""
    if not state.scores:
        return []
    said = [words.tr("Scores for round {round}").format(round=words.round(len(state.scores)))]
    for player, score, total in zip(state.players, state.scores[-1], state.totals, strict=True):
        said.append(
            words.tr("{player}: {score}, total {total}").format(
                player=words.name(player), score=words.number(score), total=words.number(total)
            )
        )
    return said


def winner(words: Words, state: GameState) -> list[str]:
    """The winner and their total first, then everyone else's total, lowest first."""
    outcome = state.outcome
    if outcome is None:
        return []
    won = list(outcome.winners)
    total = state.totals[won[0]]
    names = [words.name(state.players[seat]) for seat in won]
    if len(names) == 1:
        said = words.ntr("{player} wins with {total} point!", "{player} wins with {total} points!",
                         total).format(player=names[0], total=words.count(total))  # fmt: skip
    else:
        said = words.ntr(
            "{names} share the win with {total} point!",
            "{names} share the win with {total} points!",
            total,
        ).format(names=words.names(names), total=words.count(total))
    rest = sorted((t, seat) for seat, t in enumerate(state.totals) if seat not in won)
    return [said] + [
        words.ntr("{player}: {total} point", "{player}: {total} points", t).format(
            player=words.name(state.players[seat]), total=words.count(t)
        )
        for t, seat in rest
    ]


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
    before: Outline,
    state: GameState,
    event: Event,
    words: Words,
    *,
    turns: bool,
    labels: Mapping[Tile, str] = MappingProxyType({}),
) -> list[str]:
    """What to say once ``event`` has been applied, the news first: [] for nothing new (an
    undo is quiet, as its sounds are). ``labels``: the lines' labels as the hub's map shows
    them now (``placed``; none: no map shown)."""
    if isinstance(event, Undo):
        return []
    after = Outline.of(state)
    said: list[str] = []
    if after.lock is not None and after.lock != before.lock:
        said.append(lock(words, after.lock, after.toes))
    elif state.scores_only or after.lock is not None:
        said += _toes(before, after, words)
    elif before.lock is not None and after.lock is None and after.round_end is None:
        said.append(words.tr("The foot is complete"))
    if after.phase is Phase.GAME_OVER and before.phase is not Phase.GAME_OVER:
        return [*said, *winner(words, state)]  # the winner, then the table: not the round's
    if before.round_end is None and after.round_end is not None:
        said += round_over(words, state, _went_out(state, event))
    if after.scored > before.scored:
        said += scores(words, state)
    said += placed(words, state, event, labels)
    new_turn = after.player != before.player or before.phase not in (Phase.OPENING, Phase.PLAY)
    if turns and state.in_round and after.player is not None and new_turn:
        said.append(turn(words, after.player))
    return said


def placed(words: Words, state: GameState, event: Event, labels: Mapping[Tile, str]) -> list[str]:
    """A tile laid on an end whose number another open end also needed: where it went, as
    the last entry line says it ("Ben played 3 5 on arm A, after the 4 3"). The voice speaks
    to people looking at the hub's screen and the table (which has no letters): an arm is
    named by its letter only where the hub's map shows it now (``labels``, as the screen
    drew them: text.labels.named_on_the_map), else by the tile it follows ("on the arm after
    the 4 3"), as the last entry line under that map names it."""
    if not isinstance(event, Play) or state.table is None or not shares_number(event, state):
        return []
    # The letters the map shows of this table's arms (a label the screen kept from another
    # table is not this arm's); a toe is said by its foot and its place ("A2": "A two").
    lines = line_labels(state.table)
    arms = {tile: label for tile, label in labels.items()
            if label.isalpha() and lines.get(tile) == label}  # fmt: skip
    said = placed_words(event, state, arms, words.tr, player=words.name(event.player))
    return [] if said is None else [words.spoken(said)]


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
        return winner(words, state)
    return scores(words, state)


def refusal(words: Words, refused: RuleError) -> list[str]:
    """A refused entry's reason, in the players' language (names as they sound)."""
    text = translate_refusal(refused, words.translator)
    for player in sorted(words.sounds_like, key=len, reverse=True):
        spoken = words.name(player)
        name = rf"(?<!\w){re.escape(player)}(?!\w)"
        text = re.sub(name, spoken.replace("\\", r"\\"), text, flags=re.IGNORECASE)
    return [words.spoken(text)]


def utterance(sentences: Sequence[str]) -> str:
    """Sentences as one text to say, each capitalised and ending in a stop so the voice
    pauses."""
    cut = (t.strip() for t in sentences)
    return " ".join(_capital(s) + ("" if s[-1:] in ".!?" else ".") for s in cut if s)


def _capital(sentence: str) -> str:
    """A Latin, Greek or Cyrillic first letter in capitals (a letter of another script, which
    a voice may not know in capitals, is left as it was typed: Georgian ნ, not Ნ)."""
    return sentence[:1].upper() + sentence[1:] if sentence[:1] < "\u0530" else sentence
