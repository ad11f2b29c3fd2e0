"""What the screens say about the game: the status line, the last entry, refusals at a touch.

Every line of the table has a label ("A" for an arm; a toe by its double, see text.labels), and
the same label names it here, so the choices, the last entry and the undo notice agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from engine import (
    AmendRound,
    Draw,
    EndRound,
    Event,
    FootOpened,
    GameState,
    HandLimit,
    NewGame,
    Pass,
    Play,
    StartRound,
    Tile,
    Toe,
    Undo,
)
from hubd.text.labels import toe_of

Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]
#: Shortens a name so that it fits beside the rest of a line: (name, rest) -> name.
NameFitter = Callable[[str, str], str]


def line_words(label: str, tr: Translate) -> str:
    """A line of the table by its label: "arm B", or "the 3-3's second toe"."""
    toe = toe_of(label)
    if toe is None:
        return tr("arm {label}").format(label=label)
    return toe_words(toe[0], toe[1] - 1, tr)


def arm_words(arm: str, tile: str, tr: Translate) -> str:
    """An arm's end by its letter and the tile it follows: "arm C, after the 6-4"; by the
    tile alone where the map shows no letter for it (``arm`` ""): "the arm after the 6-4"."""
    if not arm:
        return tr("the arm after the {tile}").format(tile=tile)
    return tr("arm {arm}, after the {tile}").format(arm=arm, tile=tile)


def toe_words(double: object, toe: int, tr: Translate) -> str:
    """ "the 3-3's second toe": ``toe`` counts from 0 in play order. A toe's one
    wording, wherever it is named (the choices, the last entry, the undo notice, speech)."""
    ordinals = (tr("first toe"), tr("second toe"), tr("third toe"))
    return tr("the {double}'s {toe}").format(
        double=double, toe=ordinals[min(toe, len(ordinals) - 1)]
    )


def status_text(
    state: GameState, tr: Translate, ntr: TranslatePlural, fit: NameFitter | None = None
) -> str:
    """Whose turn it is and what the table waits for, e.g. "Dad: 2 toes on the 2-2"."""
    table = state.table
    player = state.current_player or ""
    lock = state.lock
    if table is None:
        return player
    if lock is not None:
        template = ntr("{player}: {n} toe on the {tile}", "{player}: {n} toes on the {tile}",
                       lock.room)  # fmt: skip
        values: dict[str, object] = {"n": lock.room, "tile": lock.tile}
    elif state.drew:
        template = tr("{player} drew: play it or pass")
        values = {}
    elif table.opening:
        hub = table.hub_place
        template = tr("{player}: start an arm ({done} of {arms})")
        values = {"done": len(hub.children) + 1, "arms": hub.capacity}
    elif state.can_draw:
        template = tr("{player}: play a tile or draw")
        values = {}
    else:
        template = tr("{player}: play a tile or pass")
        values = {}
    if fit is not None:
        player = fit(player, template.format(player="", **values))
    return template.format(player=player, **values)


def closed_reason(state: GameState, ntr: TranslatePlural, tr: Translate) -> str:
    """Why an end on the map takes nothing now (said beside the finger at the first touch)."""
    lock = state.lock
    if lock is not None:
        return ntr(
            "The foot on {tile} needs {n} more toe first",
            "The foot on {tile} needs {n} more toes first",
            lock.room,
        ).format(tile=lock.tile, n=lock.room)
    table = state.table
    if table is not None and table.opening:
        return tr("Start every hub arm first")
    return tr("Nothing can be played there now")


def describe_event(
    event: Event, tr: Translate, labels: Mapping[Tile, str] | None = None, *, brief: bool = False
) -> str:
    """``event`` in a few words for the players, e.g. "Ben played 4-2 on arm B"; ``brief``,
    a play in fewer ("Ben: 4-2, arm B") for a line too narrow for the words. ``labels``: each
    tile's line label, "" for an arm the map shows no letter for (text.labels.named_on_the_map)."""
    if isinstance(event, Play):
        label = (labels or {}).get(event.tile)
        if label is not None:
            words = (
                tr("{player}: {tile}, {line}") if brief else tr("{player} played {tile} on {line}")
            )
            return words.format(
                player=event.player,
                tile=_touching_first(event),
                line=_played_on(event, label, tr),
            )
        return tr("{player} played {tile} on {on}").format(
            player=event.player, tile=event.tile, on=event.on
        )
    if isinstance(event, Draw):
        return tr("{player} drew a tile").format(player=event.player)
    if isinstance(event, Pass):
        return tr("{player} passed").format(player=event.player)
    if isinstance(event, StartRound):
        return tr("{player} opened the round").format(player=event.opener)
    if isinstance(event, EndRound):
        return tr("the round's scores")
    if isinstance(event, AmendRound):
        return tr("the correction to round {n}").format(n=event.round)
    if isinstance(event, NewGame):
        return tr("the new game")
    if isinstance(event, Undo):
        return tr("an undo")
    if isinstance(event, FootOpened):
        return tr("a chicken foot opened")
    if isinstance(event, Toe):
        return tr("a toe")
    return str(event)  # pragma: no cover - the Event union is closed


def _played_on(play: Play, label: str, tr: Translate) -> str:
    """The line ``play`` went on, by its label; an arm without a letter on the map (label "")
    by the tile it follows, or by the hub where the tile started the arm (a double an arm's
    tile is laid on is the hub: any other double's are its toes)."""
    if label:
        return line_words(label, tr)
    if play.on.is_double:
        return tr("the hub {tile}").format(tile=play.on)
    joined = next((n for n in (play.on.lo, play.on.hi) if play.tile.carries(n)), play.on.lo)
    return arm_words("", play.on.shown(play.on.other(joined)), tr)  # as it lies: 9-4 on 9-9


def _touching_first(play: Play) -> str:
    """The tile as it lies: the half that touches the tile it was played on first."""
    for number in (play.on.lo, play.on.hi):
        if play.tile.carries(number):
            return play.tile.shown(number)
    return str(play.tile)


def describe_undo(event: Event, tr: Translate, labels: Mapping[Tile, str] | None = None) -> str:
    """The notice after an undo: "Undid: Ben played 4-2 on arm B"."""
    return tr("Undid: {what}").format(what=describe_event(event, tr, labels))


def describe_undone(
    events: list[Event],
    tr: Translate,
    ntr: TranslatePlural,
    labels: Mapping[Tile, str] | None = None,
) -> str:
    """The notice after undos in a row (a double press takes back two entries): each entry
    taken back, latest first, toes counted together ("Undid: 2 toes")."""
    if len(events) == 1:
        return describe_undo(events[0], tr, labels)
    parts: list[str] = []
    toes = 0
    for event in [*events, None]:
        if isinstance(event, Toe):
            toes += 1
            continue
        if toes:
            parts.append(ntr("{n} toe", "{n} toes", toes).format(n=toes) if toes > 1
                         else describe_event(Toe(), tr))  # fmt: skip
            toes = 0
        if event is not None:
            parts.append(describe_event(event, tr, labels))
    what = parts[0]
    if len(parts) > 1:
        what = tr("{names} and {last}").format(names=", ".join(parts[:-1]), last=parts[-1])
    return tr("Undid: {what}").format(what=what)


def entry_text(event: Event | None, labels: Mapping[Tile, str], tr: Translate) -> str:
    """The last entry line: what was entered last, so it can be checked and taken back."""
    if event is None:
        return tr("Nothing entered yet")
    return tr("Last: {what}").format(what=describe_event(event, tr, labels))


#: Between a name and its score: a line is never broken there ("(Vovó" over "10, João 0"
#: read as two things in the family game by touch).
NAME_TO_SCORE = "\u00a0"


def undo_question(event: Event, state: GameState | None, tr: Translate) -> str:
    """What an undo that asks first would take back, named: "Take back round 2's scores
    (Ana 12, Ben 0, Chen 7)?", the correction with its scores, or the entry in words."""
    if isinstance(event, EndRound) and state is not None and state.scores:
        row = state.scores[-1]
        scores = _scores_by_name(zip(state.players, row, strict=True))
        return tr("Take back round {n}'s scores ({scores})?").format(
            n=len(state.scores), scores=scores
        )
    if isinstance(event, AmendRound):
        scores = _scores_by_name(event.scores.items())
        return tr("Take back the correction to round {n} ({scores})?").format(
            n=event.round, scores=scores
        )
    return tr("Take back {what}?").format(what=describe_event(event, tr))


def _scores_by_name(scores: Iterable[tuple[str, int]]) -> str:
    """Each score held to its name where the line wraps: "Ana 12, Ben 0"."""
    return ", ".join(f"{name}{NAME_TO_SCORE}{score}" for name, score in scores)


def needs_confirmation(event: Event | None) -> bool:
    """Undoing these takes back a lot at once (a scored round, a round's start): ask first."""
    return isinstance(event, (EndRound, AmendRound, StartRound))


def limit_text(limit: HandLimit, tr: Translate, ntr: TranslatePlural) -> str:
    """The most a hand can hold, said: "Ana holds 3 tiles: at most 51 pips"."""
    if limit.tiles is None:  # score-keeper mode: the hub does not count the tiles
        return tr("{player}'s hand: at most {most} pips (the whole set less the hands entered)"
                  ).format(player=limit.player, most=limit.most)  # fmt: skip
    return ntr(
        "{player} holds {n} tile: at most {most} pips",
        "{player} holds {n} tiles: at most {most} pips",
        limit.tiles,
    ).format(player=limit.player, n=limit.tiles, most=limit.most)


def limit_question(limit: HandLimit, pips: int, tr: Translate, ntr: TranslatePlural) -> str:
    """The second question before a hand above its limit is taken: "Ana holds 3 tiles: at most
    51 pips. Is 500 right?" (the hub's round end and the phones' page alike)."""
    return tr("{limit}. Is {pips} right?").format(limit=limit_text(limit, tr, ntr), pips=pips)
