"""What the hub's camera read stays on the round-end screen until the player has dealt with
it: the family game by touch saw six questions in a red toast for 2.5 s ("Which tile is
this? Is this 1-5 or 0-5? Is this 5-6? ... Which tile i…"), then a tile page with nothing
picked and nothing said; a look that read nothing was said for the same 2.5 s."""

from __future__ import annotations

import pygame
import pytest
from screens_loop import SIZES

from engine import EndRound, Game, Tile
from engine.photo_hand import Question
from engine.simulate import Simulator
from hubd.screens import Ui, UiContext
from hubd.screens.kit.widgets import Widget
from hubd.screens.shots.screenshots import tap_widget
from hubd.values.camera import CameraReading, CameraView

NAMES = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom")


def round_over() -> Game:
    log = Simulator(4, {"preset": "classic", "set": 9, "rounds": 1}, 2, names=NAMES).play_game()
    return Game.from_events([e for e in log.effective if not isinstance(e, EndRound)])


class RoundEnd:
    def __init__(self, size: tuple[int, int]) -> None:
        pygame.display.init()
        self.game = round_over()
        self.ui = Ui(size)
        self.ctx = UiContext(state=self.game.state, camera=CameraView())
        self.ui.state_changed(self.ctx)
        self.ui.show_screen("round_end")
        self.widgets()

    def widgets(self) -> dict[str, Widget]:
        return {w.key: w for w in self.ui.layout(self.ctx, 1.0) if w.key}

    def read(self, reading: CameraReading) -> dict[str, Widget]:
        self.ctx.camera = CameraView(reading=reading)
        return self.widgets()

    def tap(self, key: str) -> None:
        tap_widget(self.ui, self.ctx, key)


def holder(game: Game) -> tuple[str, int]:
    state = game.state
    seat = max(range(len(state.players)), key=lambda s: state.hands[s])
    return state.players[seat], state.hands[seat]


def free_tiles(game: Game) -> list[Tile]:
    table = game.state.table
    assert table is not None
    return [Tile(a, b) for a in range(10) for b in range(a, 10) if Tile(a, b) not in table]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_questions_stay_on_the_tile_page_and_their_tiles_are_ringed(
    size: tuple[int, int],
) -> None:
    screen = RoundEnd(size)
    name, held = holder(screen.game)
    assert held >= 3
    free = free_tiles(screen.game)
    sure, first, second, third = free[0], free[1], free[2], free[3]
    asked = (Question(1, (first, second)), Question(2, ()))
    reading = CameraReading(1, name, screen.game.state.round, (sure, None, None), asked)
    shown = screen.read(reading)
    words = shown["camera:said"]
    assert "Is this" in words.text and "Which tile is this?" in words.text
    if held != 3:
        assert "Tiles in the photo: 3" in words.text
    assert {k for k in shown if k.startswith("likely:")} == {f"likely:{first}", f"likely:{second}"}
    for _ in range(2):  # it stays: frames later, nothing has gone
        assert screen.widgets()["camera:said"].text == words.text
    screen.tap(f"left:{first}")  # the answer to the first question
    shown = screen.widgets()
    assert not any(k.startswith("likely:") for k in shown)
    assert "Is this" not in shown["camera:said"].text
    for tile in (third, *free[4 : 4 + held - 3]):  # the hand's other tiles, all of them
        screen.tap(f"left:{tile}")
    screen.tap("left:ok")  # checked: the words go with the page
    assert "camera:said" not in screen.widgets()


def test_a_look_that_read_nothing_is_said_until_a_tap() -> None:
    screen = RoundEnd((800, 480))
    name, _held = holder(screen.game)
    screen.tap(f"hand:{name}")
    problem = (
        "No tiles found: lay the tiles face up on a darker table and fill the photo with them."
    )
    shown = screen.read(CameraReading(1, name, screen.game.state.round, problem=problem))
    said = shown["confirm:text"]
    assert said.text == problem and not said.truncated
    assert screen.widgets()["confirm:text"].text == problem  # it stays
    screen.tap("confirm:keep")  # Close (the camera's button under it looks again)
    assert "confirm:text" not in screen.widgets()
