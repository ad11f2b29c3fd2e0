"""Words a family uses at the table: why a round is blocked, and which end a tile went on.

- A blocked round says why, from the engine's census (engine/blocks.py): "Every 1 is on the
  table, so the 1-1 can never get its toes". The engine's English reasons are the catalogs'
  messages; only the list of numbers ("2, 4 or 5") is joined here, in the language.
- When the end a tile was played on needed a number another open end also needed, a map label
  alone is easily misread, so the entry names the end the way players point at it: "arm C,
  after the 6-4" or "the 3-3's second toe" (toes are counted in play order).

A place has one wording, a noun phrase ("the 3-3's second toe"), in the choices, the last
entry line, the undo notice and what the hub says alike: a sentence puts it after its own "on"
("Dad played 4-4 on {line}", a template each language shapes for a noun phrase).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine import Block, Event, GameState, Placed, PlaceKind, Play, Table, Tile, Toe
from engine.blocks import join_numbers
from hubd.text.wording import arm_words, describe_event, entry_text, toe_words

Translate = Callable[[str], str]


def block_text(block: Block, tr: Translate, sentence: bool = True) -> str:
    """The reason a round is blocked in the language of ``tr``: a sentence, or (``sentence``
    false) a clause to follow a colon."""
    numbers = join_numbers(block.numbers, tr("{numbers} or {last}"))
    try:
        text = tr(block.template).format(**block.values(numbers))
    except (KeyError, IndexError, ValueError):  # a broken translation: the engine's English
        text = block.message
    return text[:1].upper() + text[1:] if sentence else text


def shares_number(play: Play, state: GameState) -> bool:
    """``play`` (the latest placement in ``state``) took an end whose number another end
    that was open at the time also needed."""
    table = state.table
    if table is None or play.tile not in table or play.on not in table:
        return False
    on = table.placed[play.on]
    if on.kind is not PlaceKind.CHAIN or table.placed[play.tile].parent != play.on:
        return False  # on the hub or a foot: the only place open at the time
    # Every place with room now had it before; ``on`` itself and the new tile are not others.
    return any(
        place.end == on.end and place.tile not in (play.tile, play.on)
        for place in table.open.values()
    )


def _line_start(table: Table, place: Placed) -> Placed:
    """The first tile of the line (an arm or a toe) that ``place`` belongs to."""
    while place.parent is not None and table.placed[place.parent].kind is PlaceKind.CHAIN:
        place = table.placed[place.parent]
    return place


def end_words(
    play: Play, table: Table, labels: Mapping[Tile, str], tr: Translate, after: bool = True
) -> str:
    """Where ``play`` went, as players say it: "arm C, after the 6-4", "the 3-3's second toe",
    "the 3-3's second toe, after the 3-5" (``after`` false: a toe without the
    tile it follows). The same words as the choice it was (choice_words)."""
    on = table.placed[play.on]
    if on.kind is PlaceKind.HUB:
        return tr("the hub {tile}").format(tile=on.tile)
    if on.kind is PlaceKind.FOOT:  # the tile is a toe itself
        toe = on.children.index(play.tile) if play.tile in on.children else len(on.children)
        return toe_words(on.tile, toe, tr)
    start = _line_start(table, on)
    parent = table.placed[start.parent] if start.parent is not None else None
    if parent is not None and parent.kind is PlaceKind.FOOT:
        where = toe_words(parent.tile, parent.children.index(start.tile), tr)
        if start is on or not after:
            return where
        return tr("{where}, after the {tile}").format(where=where, tile=on.shown)
    # An arm is told apart by the tile it follows: always.
    return arm_words(labels.get(start.tile, ""), on.shown, tr)


def choice_words(
    place: Placed,
    table: Table,
    labels: Mapping[Tile, str],
    tr: Translate,
    short: bool = False,
) -> str:
    """An open end a tile could go on, as a choice a family reads against the table:
    "arm C, after the 6-4", "the 3-3's second toe" (the toe itself), "the 3-3's second
    toe, after the 3-5", "the hub 9-9". A foot's toes are one choice (the next toe).
    ``short``: only what tells the line apart ("arm C", "the 3-3's second toe"), for
    many choices at once, each numbered like its ring on the map (a line has one open end);
    a toe is worded the same either way."""
    if place.kind is PlaceKind.HUB:
        return tr("the hub {tile}").format(tile=place.tile)
    if place.kind is PlaceKind.FOOT:
        return toe_words(place.tile, len(place.children), tr)
    start = _line_start(table, place)
    parent = table.placed[start.parent] if start.parent is not None else None
    if parent is not None and parent.kind is PlaceKind.FOOT:
        where = toe_words(parent.tile, parent.children.index(start.tile), tr)
        if start is place or short:  # the toe itself: its line says enough
            return where
        return tr("{where}, after the {tile}").format(where=where, tile=place.shown)
    arm = labels.get(start.tile, "")
    if short and arm:
        return tr("arm {arm}").format(arm=arm)
    return arm_words(arm, place.shown, tr)


def placed_words(
    play: Play,
    state: GameState,
    labels: Mapping[Tile, str],
    tr: Translate,
    player: str | None = None,
    after: bool = True,
) -> str | None:
    """ "Dad played 4-4 on arm C, after the 6-4" when the end it took needed a number
    another open end also needed; None when the map's label said enough. ``player``: the
    name as it is to be shown or said (the voice's spelling of it)."""
    if state.table is None or not shares_number(play, state):
        return None
    on = state.table.placed[play.on]
    return tr("{player} played {tile} on {line}").format(
        player=play.player if player is None else player,
        tile=play.tile.shown(on.end),
        line=end_words(play, state.table, labels, tr, after),
    )


def entry_choices(
    event: Event | None, state: GameState | None, labels: Mapping[Tile, str], tr: Translate
) -> list[str]:
    """The last entry line's words, fullest first: "Last: Dad played 4-4 on the 3-3's second
    toe, after the 3-5", then shorter ways to say it (no "Last:", no "after"), and last
    the usual words ("Last: Dad played 4-4 on the 3-3's second toe") and the briefest ("Dad:
    4-4, the 3-3's second toe"). The line shows the first that fits it; a toe is worded the
    same in every one of them."""
    if isinstance(event, Toe) and state is not None and state.toes_to_go is None:
        what = tr("the third toe: the foot is complete")  # as the voice says it, not "a toe"
        return [tr("Last: {what}").format(what=what), what]
    usual = entry_text(event, labels, tr)
    if not isinstance(event, Play) or state is None or state.table is None:
        return [usual]
    narrow = describe_event(event, tr, labels)  # where the line is narrow: without "Last:"
    brief = describe_event(event, tr, labels, brief=True)  # narrower still: "Dad: 4-4, arm C"
    usual_ones = list(dict.fromkeys((usual, narrow, brief)))
    arms = {tile: label for tile, label in labels.items() if label.isalpha()}
    full = placed_words(event, state, labels, tr)
    if full is None:
        return usual_ones
    shorter = [
        full,
        placed_words(event, state, arms, tr),
        placed_words(event, state, arms, tr, after=False),
    ]
    choices = [tr("Last: {what}").format(what=full)]
    for text in shorter:
        if text is not None and text not in choices:
            choices.append(text)
    return [*choices, *(text for text in usual_ones if text not in choices)]


def entry_words(
    event: Event | None, state: GameState | None, labels: Mapping[Tile, str], tr: Translate
) -> str:
    """The last entry line at its fullest: "Last: Dad played 4-4 on arm C, after the 6-4"
    when the end's number was shared, else the usual words ("Last: Dad played 4-4 on arm C")."""
    return entry_choices(event, state, labels, tr)[0]
