"""Score-keeper mode: the entry after a foot's third toe says, as the voice does, that the foot
is complete, in every language (it said "Last: a toe", as after the first and second, where
the status line already waited for the next double)."""

from __future__ import annotations

import pytest
from screen_texts import LANGUAGES, SIZES, shown, tr

from engine import FootOpened, Game, NewGame, StartRound, Toe

NAMES = ("Ana", "Ben", "Cleo")


def last_entry(toes: int, language: str, size: tuple[int, int]) -> str:
    game = Game.from_events([NewGame(NAMES, {"mode": "scores"}), StartRound(NAMES[0]),
                             FootOpened(), *[Toe()] * toes])  # fmt: skip
    ui, ctx = shown("scores_mode", game, size, language)
    ctx.last_entry = game.last_effective
    return next(w.text for w in ui.layout(ctx, 0.0) if w.key == "last_entry")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_third_toe_says_the_foot_is_complete(language: str, size: tuple[int, int]) -> None:
    closed = last_entry(3, language, size)
    assert tr(language)("the third toe: the foot is complete") in closed
    assert tr(language)("a toe") not in closed
    assert tr(language)("a toe") in last_entry(2, language, size)  # still open: one more toe
