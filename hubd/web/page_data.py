"""A snapshot as the page shows it, in one language: plain data, ready for JSON.

Every text comes from the hub's own catalogs and the screens' own wording (the status line,
the last entry, the refusals), so the page and the hub say the same thing the same way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

from engine import GameState, HandPips, Phase, Table, Tile
from hubd.text import i18n
from hubd.text.labels import line_labels, named_on_the_map
from hubd.text.plain_words import entry_words
from hubd.text.rule_words import house_words
from hubd.text.wording import status_text
from hubd.values.records import GameRecord
from hubd.values.sheet import Sheet
from hubd.values.snapshot import Snapshot
from hubd.web.svg import map_svg, shown_letters

Words = Callable[[i18n.Translator], dict[str, str]]
#: A table's map with the ends open on it, and whether it is still to come (the one given is
#: the last one ready: hubd/web/phone_map.py).
MapOf = Callable[[Table, frozenset[Tile]], tuple[str | None, bool]]

#: A tile as the texts write it ("9-6"): kept whole, left to right, in any direction.
_TILE = re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})(?![\w-])")
#: The highest number of pips the page lets a phone send (a hand of double-15 holds fewer).
MAX_PIPS = 999
#: A count the page fills in itself takes, below this, the form its catalog gives it; above,
#: the form of 100 + its last two digits (every catalog's rule reads n, n % 10 and n % 100
#: alone: hubd/web/static/dom.js counted).
COUNTED_BELOW = 200


def whole_tiles(text: str) -> str:
    """``text`` with each tile isolated left to right (U+2066..U+2069) and joined by a
    non-breaking hyphen (U+2011): a line never breaks a tile and Hebrew never turns it."""
    return _TILE.sub("\u2066\\1\u2011\\2\u2069", text)


def words(t: i18n.Translator) -> dict[str, str]:
    """The page's fixed texts in ``t``'s language."""
    tr = t.gettext
    return {
        "title": tr("Chicken foot!"),
        "scores": tr("Scores"),
        "total": tr("Total"),
        "yard": tr("Yard"),
        "tiles": tr("Tiles"),
        "today": tr("Games today"),
        "lost": tr("The hub is out of reach: is this phone on the hub's Wi-Fi?"),
        "claim": tr("This is me"),
        "yours": tr("Your seat: {player}"),
        "enter": tr("Enter the pips left in your hand"),
        "pips_range": tr("Enter a whole number of pips, from 0 to {most}").format(most=MAX_PIPS),
        "hub_says": tr("The hub says: {problem}"),
        "busy": tr("Too many tries at once: wait a moment and send again"),
        "give_back": tr("Give back my seat"),
        "which": tr("Which seat is yours?"),
        "player": tr("Player"),
        "zoom": tr("Tap the map to see a part of it larger"),
        "zoom_out": tr("Tap again to see all of the map"),
        "send": tr("Send"),
        "double_blank": tr("0-0 in hand"),
        "entered": tr("Your hand is entered: {pips}"),
        "choose": tr("Choose your seat to enter your hand"),
        "no_game": tr("No game yet."),
        "language": tr("Language"),
        "gone": tr("This game has ended on the hub: scan the code on its screen again"),
        # Counting a hand from a photo (hubd/web/static/photo.js).
        "count": tr("Count my tiles"),
        "reading": tr("Reading the photo…"),
        "check_tiles": tr("Check each tile: tap one to correct it"),
        "first_half": tr("One end"),
        "second_half": tr("The other end"),
        "add_tile": tr("Add a tile"),
        "remove_tile": tr("Remove this tile"),
        "answer_first": tr("Answer the questions first"),
        "cancel": tr("Cancel"),
    }


@cache
def counted_words(code: str) -> dict[str, dict[str, Any]]:
    """The page's sentences with a count it fills in itself ("Confirm: 32 pips", as a photo's
    tiles are corrected), each in every plural form of language ``code``: "Confirm: 1 pips" in
    English and "32 очок" in Ukrainian were one form for every count."""
    t = i18n.load(code)
    return {
        "confirm": _counted(lambda n: t.ngettext("Confirm: {pips} pip", "Confirm: {pips} pips", n))
    }


def _counted(say: Callable[[int], str]) -> dict[str, Any]:
    """``forms``: a sentence's forms; ``of``: for each count below COUNTED_BELOW, its form's
    place among them, as one digit."""
    said = [say(n) for n in range(COUNTED_BELOW)]
    forms = list(dict.fromkeys(said))
    return {"forms": forms, "of": "".join(str(forms.index(text)) for text in said)}


def map_at_once(table: Table, open_ends: frozenset[Tile]) -> tuple[str | None, bool]:
    """The map laid out now, its table's prefixes first (no loop to keep going: the tests,
    the page's screenshots)."""
    return map_svg(table, open_ends), False


def page_data(
    snap: Snapshot, code: str, today: str, photos: bool = False, map_of: MapOf = map_at_once
) -> dict[str, Any]:
    """What the page shows of ``snap`` in language ``code`` (``today``: "YYYY-MM-DD";
    ``photos``: this hub counts a hand from a photo; ``map_of``: the table's map, the
    server's laid out off its loop)."""
    t = i18n.load(code)
    out: dict[str, Any] = {
        "version": snap.version,
        "lang": code,
        "dir": "rtl" if t.rtl else "ltr",
        "words": words(t),
        "counted": counted_words(code),
        "max_pips": MAX_PIPS,
        "photos": photos,
        "day": _day(snap, today, t),
        "languages": [
            {"code": c, "name": i18n.language_name(c)} for c in i18n.available_languages()
        ],
        "game": None,
    }
    state = snap.state
    if state is None or state.rules is None:
        return out
    out["game"] = _game(snap, state, t, map_of)
    return out


def _game(snap: Snapshot, state: GameState, t: i18n.Translator, map_of: MapOf) -> dict[str, Any]:
    rules = state.rules
    assert rules is not None
    table = state.table
    the_map = _map(state, map_of)
    # An arm is named by its letter only where the phone's own map shows it, else by its tile.
    letters = shown_letters(the_map["map"])
    labels = named_on_the_map(line_labels(table), letters) if table is not None else {}
    phase = state.phase
    sheet = Sheet.of_state(state)
    players = []
    for seat, name in enumerate(state.players):
        players.append(
            {
                "name": name,
                "seat": seat,
                "tiles": None if state.scores_only else state.hands[seat],
                "total": sheet.totals[seat],
                "turn": state.current == seat and state.in_round,
                "claimed": name in snap.claimed,
                "entered": name in snap.phone_hands,
                "entered_pips": _pips(snap.phone_hands.get(name)),
                "out": not state.scores_only
                and phase is Phase.ROUND_OVER
                and state.hands[seat] == 0,
            }
        )
    lock = state.lock
    return {
        "id": snap.game_id,
        "round": state.round,
        "rounds": rules.rounds,
        "round_words": _round_words(state, t),
        "phase": phase.value,
        "status": whole_tiles(_status(state, t)),
        "last": whole_tiles(entry_words(snap.last_entry, state, labels, t.gettext)),
        "yard": None if state.scores_only else state.yard,
        "lock": None if lock is None else {"tile": whole_tiles(str(lock.tile)), "toes": lock.room},
        "players": players,
        "hands_open": hands_open(state),
        "double_blank_50": rules.double_blank_50,
        **the_map,
        "sheet": {
            "doubles": [whole_tiles(f"{d}-{d}") for d in sheet.doubles],
            "scores": [list(row) for row in sheet.scores],
            "totals": list(sheet.totals),
            "leaders": sorted(sheet.leaders()),
            "playing": sheet.playing,
            "house": house_words(t.gettext, sheet.house) if sheet.house else None,
        },
    }


def _round_words(state: GameState, t: i18n.Translator) -> str | None:
    """The round under the status line, or None when the status names it already (between
    rounds it names the next one: the page says one round number, never two)."""
    rules = state.rules
    assert rules is not None
    phase = state.phase
    if phase in (Phase.SETUP, Phase.GAME_OVER) or (state.scores_only and state.toes_to_go is None):
        return None
    return t.gettext("Round {n} of {rounds}").format(n=state.round, rounds=rules.rounds)


def _pips(hand: HandPips | None) -> str | None:
    if hand is None:
        return None
    return f"{hand.pips} + 0-0" if hand.double_blank else str(hand.pips)


def hands_open(state: GameState) -> bool:
    """Whether a hand may be entered now: the round is over (or, keeping the scores only,
    being played: the hub cannot see its end)."""
    phase = state.phase
    return phase is Phase.ROUND_OVER or (state.scores_only and state.in_round)


def _status(state: GameState, t: i18n.Translator) -> str:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        outcome = state.outcome
        winners = [state.players[seat] for seat in outcome.winners] if outcome else []
        if len(winners) == 1:
            return t.gettext("{player} wins!").format(player=winners[0])
        if winners:
            return t.gettext("{names} share the win!").format(names=" & ".join(winners))
        return t.gettext("Game over")
    if phase is Phase.ROUND_OVER or (phase is Phase.SETUP and state.round):
        return (
            t.gettext("Round {n}: enter the scores").format(n=state.round)
            if (phase is Phase.ROUND_OVER)
            else t.gettext("Round {n} of {rounds}").format(
                n=state.round + 1, rounds=state.rules.rounds if state.rules else 0
            )
        )
    if phase is Phase.SETUP:
        return t.gettext("No round is being played.")
    if state.scores_only:
        toes = state.toes_to_go
        if toes is None:
            return t.gettext("Round {n} of {rounds}").format(
                n=state.round, rounds=state.rules.rounds if state.rules else 0
            )
        return t.ngettext(
            "Chicken foot: {n} toe to go", "Chicken foot: {n} toes to go", toes
        ).format(n=toes)
    return status_text(state, t.gettext, t.ngettext)


def _map(state: GameState, map_of: MapOf) -> dict[str, Any]:
    """The map's SVG (None: no table) and whether it waits for the table's own (the page
    then keeps the map it shows, hubd/web/phone_map.py)."""
    table = state.table
    if table is None:
        return {"map": None, "map_waits": False}
    svg, waits = map_of(table, open_ends(state))
    return {"map": svg, "map_waits": waits}


def open_ends(state: GameState) -> frozenset[Tile]:
    """The tiles whose end is open now: the map draws the others with a padlock."""
    return frozenset(place.tile for place in state.open_places())


def _day(snap: Snapshot, today: str, t: i18n.Translator) -> list[dict[str, Any]]:
    """The games started today, newest first, each with its players' totals and winners.
    The game being played shows its totals as its score sheet has them now (the stored
    history is read again only when a game starts or ends)."""
    games = []
    for record in _with_current(snap.history, snap):
        if not record.started.startswith(today):
            continue
        if record.in_progress:
            result = t.gettext("In progress")
        elif record.finished is None or not record.winners:
            result = t.gettext("Not finished")
        else:
            result = t.gettext("Won by {names}").format(names=" & ".join(record.winners))
        games.append(
            {
                "id": record.game_id,
                "time": record.started[11:16],
                "players": list(record.players),
                "totals": list(record.totals) or [0] * len(record.players),
                "result": result,
            }
        )
    return games


def _with_current(history: tuple[GameRecord, ...], snap: Snapshot) -> list[GameRecord]:
    state = snap.state
    if state is None or snap.game_id is None:
        return list(history)
    return [
        replace(record, totals=tuple(Sheet.of_state(state).totals))
        if record.game_id == snap.game_id and len(record.players) == len(state.players)
        else record
        for record in history
    ]
