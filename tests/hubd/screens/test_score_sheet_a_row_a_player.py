"""The score sheet of a big table, read from a chair. Eight players in round 7 of a double-12
game: their names stood across the top in four staggered lines over 77 px columns and their
totals in three more, so a name was matched to its total by where the columns stood; and the
first page showed round 7 and the six rounds still to come, six empty rows, the scores a page
back. Now each player's name, total and scores share one row where the names cannot stand
whole over their columns, and the first page ends with the round being played, the rounds
just scored beside it."""

from __future__ import annotations

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
