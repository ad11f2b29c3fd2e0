"""The round end's status line stays at 6 mm on a hub with a camera: its "Show your tiles to
the hub" row took the room the status needed at 800x480, and the status fell to a line of its
own at 25 px under Undo ("Round 2: Tamar went out", 4.8 mm: every table of 2-8 players),
the bar taller and the keypad's keys shorter than with the status beside Undo."""

from __future__ import annotations

import pygame
import pytest
from screens_loop import SIZES

from engine import EndRound, Game, Phase
from engine.simulate import Simulator
from hubd.screens import Ui, UiContext
from hubd.screens.shots.log_layout import TABLE_NAMES
from hubd.text.i18n import available_languages
from hubd.values.camera import CameraView

#: The status's least size (6 mm) at each screen size.
CHAIR_PX = {(800, 480): 43, (720, 1280): 67}


def round_over(players: int) -> Game:
    """A first round of ``players`` over, its hands to count (a seed whose round was not
    ended by the players' agreement)."""
    rules = {"preset": "classic", "set": 9 if players <= 6 else 12, "rounds": 1}
    for seed in range(2, 40):
        log = list(
            Simulator(players, rules, seed, names=TABLE_NAMES[:players]).play_game().effective
        )
        game = Game.from_events(
            log[: next(n for n, e in enumerate(log) if isinstance(e, EndRound))]
        )
        if game.state.phase is Phase.ROUND_OVER:
            return game
    raise AssertionError(f"no round of {players} players over")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", available_languages())
def test_the_round_ends_status_keeps_its_size_beside_the_cameras_button(
    size: tuple[int, int], language: str
) -> None:
    pygame.display.init()
    small = []
    for players in range(2, 9):
        game = round_over(players)
        for camera in (None, CameraView()):
            ui = Ui(size)
            ui.set_language(language)
            ctx = UiContext(state=game.state, camera=camera)
            ui.state_changed(ctx)
            ui.show_screen("round_end")
            widgets = ui.layout(ctx, 1.0)
            [status] = [w for w in widgets if w.key == "status"]  # a round to score
            if status.size < CHAIR_PX[size] or status.truncated:
                small.append((players, camera is not None, status.text, status.size))
            cut = [w.text for w in widgets if w.truncated and w.text]
            assert not cut, (players, camera is not None, cut)
    assert small == []
