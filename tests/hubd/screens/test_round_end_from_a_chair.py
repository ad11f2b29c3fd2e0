"""The round end read from a chair (issue 35, point 4: hand counts and totals at 6 mm).

A family at the round end reads each hand's total and types it on a keypad. Both were
drawn at a heading's size (34 / 39 px, the keypad's digits 32 / 39 px) while the play screen's
pad and counts are 43 / 67 px; the round's title, its status, at 30 / 39 px with room for more
on a tall screen.
"""

from __future__ import annotations

import pytest
from screens_loop import shown

from engine import Game, NewGame, StartRound
from hubd.screens.kit.widgets import Kind, Widget
from hubd.screens.shots.scripted_games import autoplay, blocked_game
from hubd.text.i18n import available_languages

NAMES = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom", "Olek", "Dee", "Chen", "Ana")
#: 6 mm from a chair; the portrait title at 4.5 mm at least where the keypad keeps its room.
CHAIR_PX = {(800, 480): 43, (720, 1280): 67}
TITLE_PX = {(800, 480): 25, (720, 1280): 50}


def round_over(players: int) -> Game:
    game = Game.from_events([NewGame(NAMES[:players], {"set": 12, "rounds": 2}),
                             StartRound(NAMES[0])])  # fmt: skip
    autoplay(game)
    return game


def title_of(widgets: list[Widget]) -> Widget:
    first_hand = min(w.rect.y for w in widgets if w.key.startswith("hand:"))
    (title,) = [w for w in widgets if w.kind is Kind.LABEL and w.text
                and w.rect.bottom <= first_hand and w.rect.x < 200]  # fmt: skip
    return title


@pytest.mark.parametrize("size", list(CHAIR_PX), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", available_languages())
def test_totals_and_the_keypad_read_from_a_chair(size: tuple[int, int], language: str) -> None:
    for game in [*(round_over(n) for n in (2, 4, 6, 8)), blocked_game()]:
        ui, ctx = shown(game, "round_end", size, language)
        widgets = ui.layout(ctx, 0.0)
        digits = [w for w in widgets if w.key in {f"pad:{n}" for n in range(10)}]
        assert len(digits) == 10 and {w.size for w in digits} == {CHAIR_PX[size]}
        names = {f"hand:{name}" for name in game.state.players}
        rows = [w.rect for w in widgets if w.key in names]
        totals = [w for w in widgets if (w.text == "–" or w.text.isdigit()) and w.kind is Kind.LABEL
                  and any(r.contains(w.rect) for r in rows)]  # fmt: skip
        assert len(totals) == len(rows) and {w.size for w in totals} == {CHAIR_PX[size]}
        if size == (720, 1280) and game.state.block is None:
            assert title_of(widgets).size >= TITLE_PX[size]
