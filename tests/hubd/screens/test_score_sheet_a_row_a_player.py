"""The score sheet of a big table, read from a chair. Eight players in round 7 of a double-12
game: their names stood across the top in four staggered lines over 77 px columns and their
totals in three more, so a name was matched to its total by where the columns stood; and the
first page showed round 7 and the six rounds still to come, six empty rows, the scores a page
back. Now each player's name, total and scores share one row where the names cannot stand
whole over their columns, and the first page ends with the round being played, the rounds
just scored beside it."""

from __future__ import annotations

import pytest
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
