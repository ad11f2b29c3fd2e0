"""The score sheet of a big table, read from a chair. Eight players in round 7 of a double-12
game: their names stood across the top in four staggered lines over 77 px columns and their
totals in three more, so a name was matched to its total by where the columns stood; and the
first page showed round 7 and the six rounds still to come, six empty rows, the scores a page
back. Now each player's name, total and scores share one row where the names cannot stand
whole over their columns, and the first page ends with the round being played, the rounds
just scored beside it."""

from __future__ import annotations

import itertools

import pytest
from layout_checks import problems as layout_problems
from screens_loop import shown

from engine import EndRound, Game, HandPips, NewGame, StartRound
from hubd.screens.kit.widgets import Widget
from hubd.text.i18n import available_languages

SIZES = [(800, 480), (720, 1280)]
NAMES = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom", "Olek", "Dee", "Chen", "Aleksandra")


def game_at_round_seven(players: int) -> Game:
    names = NAMES[:players]
    game = Game.from_events([NewGame(names, {"mode": "scores", "set": 12}),
                             StartRound(names[0])])  # fmt: skip
    for number in range(1, 7):  # six rounds scored, the seventh being played
        game.apply(EndRound({name: HandPips(0 if seat == number % players else
                                            (seat * 13 + number * 7) % 60 + 5)
                             for seat, name in enumerate(names)}))  # fmt: skip
        game.apply(StartRound(names[number % players]))
    return game


def same_row(a: Widget, b: Widget) -> bool:
    return (
        a.rect.top <= b.rect.centery <= a.rect.bottom
        and b.rect.top <= a.rect.centery <= b.rect.bottom
    )


@pytest.mark.parametrize("players", [2, 4, 6, 8])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_name_and_its_total_read_together_and_the_first_page_has_scores(
    size: tuple[int, int], players: int
) -> None:
    game = game_at_round_seven(players)
    big, name_px, least = {(800, 480): (43, 32, 25), (720, 1280): (67, 50, 39)}[size]
    problems: list[str] = []
    for language in available_languages():
        ui, ctx = shown(game, "scores", size, language)
        widgets = ui.layout(ctx, 0.0)
        by_key = {w.key: w for w in widgets if w.key}
        where = f"{language}, {players} players"
        for name in NAMES[:players]:
            label, total = by_key[f"name:{name}"], by_key[f"total:{name}"]
            others = [by_key[f"{kind}:{other}"] for other in NAMES[:players] if other != name
                      for kind in ("name", "total")]  # fmt: skip
            # Players across the top: a name over its total, in a column of their own.
            column = label.rect.left <= total.rect.centerx <= label.rect.right and not any(
                w.rect.left < label.rect.right and label.rect.left < w.rect.right for w in others
            )
            if not (same_row(label, total) or column):
                problems.append(f"{where}: {name!r} at {label.rect}, its total at {total.rect}")
            if label.truncated or label.size < name_px:
                problems.append(f"{where}: {name!r} cut or at {label.size} px")
            if total.size < big:
                problems.append(f"{where}: {name!r}'s total at {total.size} px")
        if not any(key.startswith("score:6:") for key in by_key):
            problems.append(f"{where}: the first page has no score of round 6")
        problems += [f"{where}: {w.key} at {w.size} px" for w in widgets if w.text
                     and w.size < least]  # fmt: skip
    assert problems == []


def game_of(players: int, rounds: int | None, scored: int) -> Game:
    """A score-keeper's game of ``rounds`` (None: one a double), ``scored`` of them scored."""
    names = NAMES[:players]
    rules: dict[str, object] = {"mode": "scores", "set": 12}
    if rounds is not None:
        rules["rounds"] = rounds
    game = Game.from_events([NewGame(names, rules), StartRound(names[0])])
    for number in range(1, scored + 1):
        game.apply(EndRound({name: HandPips(0 if seat == number % players else 20 + seat)
                             for seat, name in enumerate(names)}))  # fmt: skip
        game.apply(StartRound(names[number % players]))
    return game


@pytest.mark.parametrize("players", [4, 6, 8])
def test_a_short_games_names_stand_on_one_line_where_the_room_holds_them(players: int) -> None:
    """A game of two rounds in portrait: the names' column was sized for as many rounds as
    the width could hold (four or five), so "Grandma Rosa" and "Maria-Helena" stood on two
    lines beside two narrow rounds with room for one line."""
    game = game_of(players, 2, 1)
    for language in ("en", "pt", "he", "id"):
        ui, ctx = shown(game, "scores", (720, 1280), language)
        names = [w for w in ui.layout(ctx, 0.0) if w.key.startswith("name:")]
        assert len(names) == players
        assert [w.lines for w in names if len(w.lines) > 1] == [], language


@pytest.mark.parametrize("language", available_languages())
def test_four_players_in_portrait_see_the_rounds_the_height_holds(language: str) -> None:
    """Four players in round 7 of thirteen at 720x1280 saw two or three rounds a page, the
    lower half of the screen empty. Their rows take the rounds on two lines now: at least
    five rounds' scores, each in its player's row, the names whole."""
    game = game_at_round_seven(4)
    ui, ctx = shown(game, "scores", (720, 1280), language)
    widgets = ui.layout(ctx, 0.0)
    rows = {w.key.split(":", 1)[1]: w.rect for w in widgets if w.key.startswith("name:")}
    scores = [w for w in widgets if w.key.startswith("score:")]
    rounds = {w.key.split(":")[1] for w in scores}
    assert len(rounds) >= 5, sorted(rounds)
    for score in scores:
        row = rows[score.key.split(":", 2)[2]]
        assert row.top <= score.rect.top and score.rect.bottom <= row.bottom, score.key
    assert not any(w.truncated for w in widgets if w.key.startswith("name:"))
    assert not layout_problems(ui, widgets, True)


def drawn_span(ui: object, widget: Widget) -> tuple[float, float]:
    """Where a centred one-line label's ink runs across its box, drawn narrower or not."""
    from hubd.screens import Ui

    assert isinstance(ui, Ui) and len(widget.lines) == 1
    width = ui.measure.width(widget.lines[0], widget.size, widget.bold) * widget.squeeze
    middle = widget.rect.x + widget.rect.w / 2
    return middle - width / 2, middle + width / 2


@pytest.mark.parametrize("players", [2, 4, 5, 6, 8])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_rounds_headings_stand_apart(size: tuple[int, int], players: int) -> None:
    """Rounds of double-digit doubles side by side: "12-12", "11-11" and "10-10" were drawn
    narrower to fill their columns exactly and read "12-1211-1110-10" in portrait."""
    apart = 6  # px (both sizes draw at the scale of their 800 or 720 px width)
    found = []
    names = NAMES[:players]
    for scored in (2, 5, 9):  # hands of 30 to 93 pips: three-digit running totals
        game = Game.from_events([NewGame(names, {"mode": "scores", "set": 12}),
                                 StartRound(names[0])])  # fmt: skip
        for number in range(1, scored + 1):
            game.apply(EndRound({name: HandPips(0 if seat == number % players else
                                                30 + 9 * seat) for seat, name in
                                 enumerate(names)}))  # fmt: skip
            game.apply(StartRound(names[number % players]))
        ui, ctx = shown(game, "scores", size, "en")
        heads = sorted((w for w in ui.layout(ctx, 0.0) if w.key.startswith("round:")),
                       key=lambda w: (w.rect.y, w.rect.x))  # fmt: skip
        for a, b in itertools.pairwise(heads):
            if same_row(a, b):
                gap = drawn_span(ui, b)[0] - drawn_span(ui, a)[1]
                if gap < apart:
                    found.append(f"{scored} scored: {a.text} {b.text} {gap:.0f} px apart")
    assert found == []
