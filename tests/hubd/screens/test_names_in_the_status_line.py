"""A player's name in the play screen's status line is drawn narrower (as far as a label may
be) before it is cut: the family game by touch read "Grandma…: 1-6 on which end?" in 20 of
62 frames at 800x480, "Grandma Rosa: ..." fitting once its letters were a little narrower."""

from __future__ import annotations

import pytest
from screens_loop import shown

from engine import Game
from engine.simulate import DoublesFirst
from hubd.screens.kit.widgets import MIN_SQUEEZE

NAMES = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom")


@pytest.mark.parametrize("language", ["en", "uk"])
def test_a_twelve_letter_name_is_never_cut_in_a_crowded_round(language: str) -> None:
    rules = {"preset": "classic", "set": 9, "rounds": 1}
    game, narrower = Game(), 0
    for event in DoublesFirst(4, rules, 2, check=False, names=NAMES).play_game().effective:
        game.apply(event)
        if not game.state.in_round:
            continue
        ui, ctx = shown(game, "play", (800, 480), language)
        status = next(w for w in ui.layout(ctx, 0.0) if w.key == "status")
        assert not status.truncated and "…" not in "".join(status.lines), status.lines
        assert status.squeeze >= MIN_SQUEEZE
        narrower += status.squeeze < 1
    assert narrower > 0
