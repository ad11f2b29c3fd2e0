"""The score sheet after round 1: each score stands in the middle of its column, under its
round's double or its player's total (a Portuguese family's double-6 sheet showed "10" 37 px
left of the "10" above it: the cell kept the right half for a running total round 1 has not)."""

from __future__ import annotations

import pytest
from screen_texts import LANGUAGES, SIZES, shown, widgets

from engine import EndRound, Game, HandPips, NewGame, StartRound

NAMES = ("Vovó Maria", "Ana", "João", "Dee", "Olek", "Tom", "Ben", "Aleksandra")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", range(2, 9))
def test_round_ones_scores_stand_in_the_middle_of_their_columns(
    players: int, size: tuple[int, int]
) -> None:
    names = NAMES[:players]
    hands = {name: HandPips(0 if seat == 0 else 7 * seat + 3) for seat, name in enumerate(names)}
    game = Game.from_events(
        [NewGame(names, {"set": 12, "mode": "scores"}), StartRound(names[0]), EndRound(hands)]
    )
    for language in LANGUAGES[:1] + LANGUAGES[-1:]:
        ui, ctx = shown("scores", game, size, language)
        laid = ui.layout(ctx, 0.0)
        shown_now = widgets(ui, ctx)
        # Round 1's heading over each group of rows (a big table's sheet has two).
        heads = [w.rect.centerx for w in laid if w.key == "round:1"]
        for name in names:
            score = shown_now[f"score:1:{name}"].rect.centerx
            total = shown_now[f"total:{name}"].rect.centerx
            off = min(abs(score - x) for x in [*heads, total])
            assert off <= 1, (name, score, heads, total)
