"""Issue 35, point 4 at the round end, 800x480 and 720x1280: every hand's name whole at 4.5 mm
in its row with its count of tiles and its number at 6 mm, at every table from two to eight, in
every language, an ordinary round and a blocked one; the hands still entered in the digits, one
OK a hand and one tap to score.

At seven and eight players a row of hands was about 190 x 79 px under the save button:
"Grandma Rosa", "Maria-Helena" and "Bartholomew" were cut ("Gran…") beside their numbers, the
row too short to hold them across it over their counts and numbers. In portrait, from five
players (two columns of hands), a long name's row dropped its count ("Grandma Rosa –" beside
"Ben 2 peças") and, a number typed, cut the name ("Grand… 48"): rows of 100 px, where a name
over its count and number takes 135. A blocked round at seven and eight players in portrait,
its reason on two lines under a title on two (Portuguese, Ukrainian), left rows of 130 px and
cut a long name once a number was typed ("Grand… 48"): the name and the number now stack by
their letters where the rows are shorter than their lines.
"""

from __future__ import annotations

from functools import cache

import pygame
import pytest
from layout_checks import problems
from table_walk import NAMES

from engine import EndRound, Event, Game, HandPips, RoundEnd
from engine.simulate import Simulator
from hubd.screens import Ui, UiContext
from hubd.screens.shots.screenshots import tap_widget
from hubd.text.i18n import available_languages
from hubd.values.intents import Intent, Submit

#: Each size's least name and number (4.5 and 6 mm).
SIZES = {(800, 480): (32, 43), (720, 1280): (50, 67)}
SETS = {2: 9, 3: 9, 4: 9, 5: 12, 6: 12, 7: 15, 8: 15}
#: A deal whose first round is blocked, at a table of seven and of eight.
BLOCKED_SEED = 25
TABLES = [(n, False) for n in range(2, 9)] + [(7, True), (8, True)]


@cache
def round_over(players: int, blocked: bool) -> tuple[Event, ...]:
    """A first round played out, its hands not yet entered (a blocked one where asked)."""
    seed = BLOCKED_SEED if blocked else 4
    rules = {"preset": "classic", "set": SETS[players], "rounds": 1}
    events = Simulator(players, rules, seed, names=NAMES[:players]).play_game().effective
    over = next(i for i, event in enumerate(events) if isinstance(event, EndRound))
    events = events[:over]
    assert not blocked or Game.from_events(events).state.round_end is RoundEnd.BLOCKED
    return tuple(events)


def faults(ui: Ui, ctx: UiContext, typed: str, size: tuple[int, int]) -> list[str]:
    name_px, chair_px = SIZES[size]
    state = ctx.state
    assert state is not None
    widgets = ui.layout(ctx, 0.0)
    found = [f"{typed}: {problem}" for problem in problems(ui, widgets, True)]
    for seat, name in enumerate(state.players):
        row = next(w for w in widgets if w.key == f"hand:{name}").rect
        inside = [w for w in widgets if w.text and row.contains(w.rect)]
        shown = next(w for w in widgets if w.key == f"name:{name}")
        if shown.truncated or any("…" in line for line in shown.lines):
            found.append(f"{typed}: {name!r} drawn {shown.lines}")
        if shown.size < name_px or not row.contains(shown.rect):
            found.append(f"{typed}: {name!r} at {shown.size} px in {shown.rect}, row {row}")
        held = state.hands[seat]
        count = ui.ntr("{n} tile", "{n} tiles", held).format(n=held)
        if not any(w.text == count for w in inside):
            found.append(f"{typed}: {name}'s {count!r} not in its row")
        numbers = [w for w in inside if w.reading and (w.text.isdigit() or w.text == "–")]
        if len(numbers) != 1 or numbers[0].size < chair_px or numbers[0].truncated:
            found.append(f"{typed}: {name}'s number {[(w.text, w.size) for w in numbers]}")
    return found


def score(ui: Ui, ctx: UiContext, asked: int) -> list[Intent]:
    """Score the round, saying yes to each hand asked about (more than its tiles hold)."""
    intents = tap_widget(ui, ctx, "round_end:save")
    for _ in range(asked):
        if intents:
            break
        intents = tap_widget(ui, ctx, "round_end:over")
    return intents


def round_end(
    players: int, blocked: bool, size: tuple[int, int], language: str
) -> tuple[Game, Ui, UiContext]:
    """The round end of a table of ``players`` (its round blocked, or someone out)."""
    game = Game.from_events(round_over(players, blocked))
    ui = Ui(size)
    ui.set_language(language)
    ctx = UiContext(state=game.state, language=language)
    ui.state_changed(ctx)
    ui.show_screen("round_end")
    return game, ui, ctx


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", available_languages())
def test_every_name_stands_whole_with_its_count_and_number(
    language: str, size: tuple[int, int]
) -> None:
    pygame.display.init()
    found = []
    for players, blocked in TABLES:
        game, ui, ctx = round_end(players, blocked, size, language)
        table = f"{players} players{', blocked' if blocked else ''}"
        found += [f"{table}, {fault}" for fault in faults(ui, ctx, "nothing typed", size)]
        waiting = [name for seat, name in enumerate(game.state.players) if game.state.hands[seat]]
        taps = 0
        for _name in waiting:  # the first hand is chosen already, OK moves on to the next
            for key in ("pad:4", "pad:8", "pad:ok"):
                assert not tap_widget(ui, ctx, key)
                taps += 1
        found += [f"{table}, {fault}" for fault in faults(ui, ctx, "48 typed", size)]
        (intent,) = score(ui, ctx, len(waiting))
        assert isinstance(intent, Submit) and isinstance(intent.event, EndRound), table
        hands = intent.event.hands
        entered = {name: hand.pips for name, hand in hands.items() if isinstance(hand, HandPips)}
        assert entered == {n: 48 if n in waiting else 0 for n in game.state.players}, table
        assert taps == 3 * len(waiting), table  # and the one tap to score
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", available_languages())
def test_a_count_beside_a_three_digit_hand_is_whole_or_not_there(
    language: str, size: tuple[int, int]
) -> None:
    """Seven and eight players at 800x480 in Ukrainian, 123 typed: "1 кіс… 123". A count
    stands on one line, or on two ("1" over "кісточка"), or, where a row has no room for it
    even so (a blocked round's shorter rows), is left to the Tiles page; never cut."""
    pygame.display.init()
    found = []
    for players, blocked in TABLES:
        game, ui, ctx = round_end(players, blocked, size, language)
        for _hand in game.state.players:
            for key in ("pad:1", "pad:2", "pad:3", "pad:ok"):
                tap_widget(ui, ctx, key)
        widgets = ui.layout(ctx, 0.0)
        found += [f"{players} players: {problem}" for problem in problems(ui, widgets, True)]
        for name in game.state.players:
            row = next(w for w in widgets if w.key == f"hand:{name}").rect
            for widget in widgets:
                cut = widget.truncated or any("…" in line for line in widget.lines)
                if cut and row.contains(widget.rect):
                    found.append(f"{players} players: {widget.text!r} drawn {widget.lines}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", available_languages())
def test_a_short_name_keeps_its_count_where_a_long_names_row_shows_it(language: str) -> None:
    """800x480, seven players in Ukrainian, 123 typed: "Grandma Rosa" over "6" and
    "кісточок" beside her number, and Ben's row, as tall, without its count (it would not
    stand on one line under his name). Where one row of a round end shows its count, every
    row shows its own."""
    pygame.display.init()
    found = []
    for players, blocked in TABLES:
        game, ui, ctx = round_end(players, blocked, (800, 480), language)
        waiting = [name for seat, name in enumerate(game.state.players) if game.state.hands[seat]]
        for _name in waiting:
            for key in ("pad:1", "pad:2", "pad:3", "pad:ok"):
                tap_widget(ui, ctx, key)
        widgets = ui.layout(ctx, 0.0)
        shown = {}
        for seat, name in enumerate(game.state.players):
            count = ui.ntr("{n} tile", "{n} tiles", game.state.hands[seat])
            row = next(w for w in widgets if w.key == f"hand:{name}").rect
            written = count.format(n=game.state.hands[seat])
            shown[name] = any(w.text == written and row.contains(w.rect) for w in widgets)
        if any(shown.values()):
            found += [f"{players} players: {name}'s count left off"
                      for name in waiting if not shown[name]]  # fmt: skip
    assert not found, "\n".join(found)


def arrangements(ui: Ui, ctx: UiContext) -> dict[str, str]:
    """Each hand's count placed "under" its name or "beside" it (hands without a count shown
    left out)."""
    state = ctx.state
    assert state is not None
    widgets = ui.layout(ctx, 0.0)
    placed = {}
    for seat, name in enumerate(state.players):
        row = next(w for w in widgets if w.key == f"hand:{name}").rect
        shown = next(w for w in widgets if w.key == f"name:{name}").rect
        count = ui.ntr("{n} tile", "{n} tiles", state.hands[seat]).format(n=state.hands[seat])
        notes = [w.rect for w in widgets if w.text == count and row.contains(w.rect)]
        if notes:
            placed[name] = "under" if notes[0].centery > shown.bottom else "beside"
    return placed


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", available_languages())
def test_every_hand_shows_its_count_the_same_way(language: str, size: tuple[int, int]) -> None:
    """Eight players in portrait, Ukrainian: "Ana 2 кісточки" on one line, drawn narrower,
    beside "Chen" over "3 кісточки", the names bold in some rows and plain in others: a grid
    of hands that reads as a muddle. The rows of one round end place their counts alike,
    under the name wherever every row has the room."""
    pygame.display.init()
    found = []
    for players, blocked in TABLES:
        _game, ui, ctx = round_end(players, blocked, size, language)
        placed = arrangements(ui, ctx)
        if len(set(placed.values())) > 1:
            found.append(f"{players} players{', blocked' if blocked else ''}: {placed}")
    assert not found, "\n".join(found)
